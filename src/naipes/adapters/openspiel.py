"""Every naipes game as an OpenSpiel Python game (``pip install naipes-games[openspiel]``).

>>> import pyspiel
>>> from naipes.adapters import openspiel
>>> game = openspiel.load("ranzo", seed=5)
>>> game.num_players(), game.num_distinct_actions() == openspiel.space_of(game).size
(4, True)
>>> state = game.new_initial_state()
>>> state.current_player() in range(4) and len(state.legal_actions()) > 0
True

Importing the module registers ``naipes_<game>`` for every registered game with
``pyspiel``; its parameters are ``seed`` and every ``Rules`` field whose default
is an int, float, bool or string (``players``, ``scope``...).
The games are *sampled stochastic*: the shuffles happen inside naipes, each new
initial state drawing its seed from the game's generator, and
``resample_from_infostate`` deals a world from the player's view with
:meth:`~naipes.game.View.sample`, seeded by OpenSpiel's sampler. Information
state and observation tensors are the view's
:meth:`~naipes.actions.ActionSpace.encode` vector (the view is the information
set; it does not recall earlier own moves). Returns are ``Result.returns``.
A game is cut at its plugin's
:meth:`~naipes.plugin.GamePlugin.max_game_length` decisions (default: the
registry's ``max_decisions``; :data:`DEFAULT_CAP` when neither is known), where
the adapter ends it with returns of 0: this matters for the games without a hard
bound on their length (Machuco, Machiavelli).

.. versionadded:: 1.0
.. deprecated:: 1.2
   ``CAPS`` (the caps by game name) warns with :class:`DeprecationWarning`; it is a
   read-only mapping computed from the plugins. Ask
   ``naipes.plugin.plugin(game).max_game_length(rules)`` instead.
"""

from __future__ import annotations

import json
import random
import warnings
from types import MappingProxyType
from typing import Any, Mapping

import attrs
import numpy as np
import pyspiel

from naipes.adapters._common import first_to_act, has_action_space
from naipes.errors import NaipesError, RulesError
from naipes.plugin import plugin
from naipes.registry import GameInfo, find_game, games

__all__ = ["DEFAULT_CAP", "NaipesSpielGame", "NaipesSpielState", "load", "max_game_length", "space_of"]

#: The decisions after which a game is cut when neither its plugin nor the registry bounds it.
DEFAULT_CAP = 10_000


def __getattr__(name: str) -> Any:
    """The deprecated ``CAPS``: the caps of the games with no hard bound, from their plugins."""
    if name == "CAPS":
        warnings.warn("naipes.adapters.openspiel.CAPS is deprecated since 1.2: use "
                      "naipes.plugin.plugin(game).max_game_length(rules)", DeprecationWarning, stacklevel=2)
        return _caps()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _caps() -> Mapping[str, int]:
    """What ``CAPS`` was: game name -> cap, for the registered games without ``max_decisions``."""
    caps = {info.name: plugin(info).max_game_length(None) for info in games() if info.max_decisions is None}
    return MappingProxyType({name: cap for name, cap in caps.items() if cap is not None})


def max_game_length(info: GameInfo, rules: Any) -> int:
    """The decisions after which the adapter cuts a game of ``info`` with ``rules``.

    Raises:
        RulesError: for a plugin whose bound is not a positive int (code ``bad_max_game_length``).
    """
    cap = plugin(info).max_game_length(rules)
    if cap is None:
        return DEFAULT_CAP
    if type(cap) is not int or cap < 1:
        raise RulesError(f"{info.name}: its plugin's max_game_length gave {cap!r}, not a positive int",
                         code="bad_max_game_length")
    return cap


def load(name: str, **params: Any) -> Any:
    """``pyspiel.load_game("naipes_<name>", params)``, registering the game first if it is new
    (a game registered with naipes after this module was imported)."""
    info = find_game(name)
    if f"naipes_{info.name}" not in pyspiel.registered_names():
        _register(info)
    return pyspiel.load_game(f"naipes_{info.name}", params)


def space_of(game: Any) -> Any:
    """The :class:`~naipes.actions.ActionSpace` behind a loaded naipes game."""
    return game.space


def _rule_params(rules_type: Any) -> dict[str, Any]:
    """The Rules fields OpenSpiel can carry as parameters: those with an int, float, bool or str default."""
    defaults = rules_type()
    return {f.name: getattr(defaults, f.name) for f in attrs.fields(rules_type)
            if type(getattr(defaults, f.name)) in (int, float, bool, str)}


def _game_type(info: GameInfo, rules_type: Any) -> Any:
    utility = pyspiel.GameType.Utility
    params: dict[str, Any] = {"seed": 0, **_rule_params(rules_type)}
    return pyspiel.GameType(
        short_name=f"naipes_{info.name}", long_name=f"naipes {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if info.zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players, min_num_players=info.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=params)


class NaipesSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A naipes game seen by OpenSpiel (one class per registered name, made by :func:`_register`)."""

    info: GameInfo

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_plugin = plugin(self.info)
        fields = {k: v for k, v in params.items() if k != "seed"}
        self.rules = game_plugin.Rules(**fields)
        self.module = self.info.load()
        self.plugin = game_plugin
        self.space = game_plugin.action_space(self.rules)
        self.players = game_plugin.new_game(self.rules, seed=0).num_players
        self.rng = random.Random(params.get("seed", 0))
        self.cap = max_game_length(self.info, self.rules)
        low, high = self.space.bounds(self.info.returns_range)
        spiel_info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size, max_chance_outcomes=0, num_players=self.players,
            min_utility=float(low), max_utility=float(high),
            utility_sum=0.0 if self.info.zero_sum else None, max_game_length=self.cap)
        super().__init__(self._type, spiel_info, params)

    def new_initial_state(self) -> NaipesSpielState:
        """A new game, seeded from this game's generator."""
        return NaipesSpielState(self, self.plugin.new_game(self.rules, seed=self.rng.randrange(2**62)))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> NaipesObserver:
        """Observation and information-state tensors: the view's encoding."""
        return NaipesObserver(self.space)


class NaipesSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state holding a naipes game."""

    def __init__(self, game: NaipesSpielGame, naipes_game: Any) -> None:
        super().__init__(game)
        self.game = naipes_game  # the only attribute: OpenSpiel clones a state by copying them

    @property
    def space(self) -> Any:
        """The game's action space."""
        return self.get_game().space

    @property
    def cap(self) -> int:
        """The decisions at which the adapter cuts the game."""
        return int(self.get_game().cap)

    def _cut(self) -> bool:
        return len(self.game.history) >= self.cap

    def current_player(self) -> int:
        """The lowest seat to act (a window's seats one at a time), or TERMINAL."""
        if self.game.is_over or self._cut():
            return int(pyspiel.PlayerId.TERMINAL)
        return first_to_act(self.game)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.space.legal_ids(self.game.view(player)))

    def _apply_action(self, action: int) -> None:
        seat = first_to_act(self.game)
        self.game.play(self.space.move(action, self.game.view(seat)), seat)

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return str(self.space.move(int(action), self.game.view(player)))
        except NaipesError:
            return f"action {action}"

    def is_terminal(self) -> bool:
        """Over, or cut at the cap."""
        return bool(self.game.is_over or self._cut())

    def returns(self) -> list[float]:
        """``Result.returns`` at the end; 0 for everyone before it and at the cap."""
        result = self.game.result
        return [float(r) for r in result.returns] if result is not None else [0.0] * self.game.num_players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> NaipesSpielState:
        """A world dealt from ``player_id``'s view, seeded by OpenSpiel's sampler."""
        world = self.game.view(player_id).sample(random.Random(probability_sampler()))
        return NaipesSpielState(self.get_game(), world)

    def __deepcopy__(self, memo: Any) -> NaipesSpielState:
        new = NaipesSpielState(self.get_game(), self.game.clone())
        return new

    def __str__(self) -> str:
        return json.dumps(self.game.to_dict()["state"], sort_keys=True)


class NaipesObserver:
    """OpenSpiel's PyObserver interface over :meth:`~naipes.actions.ActionSpace.encode`."""

    def __init__(self, space: Any) -> None:
        self.space = space
        self.tensor = np.zeros(space.observation_size, np.float32)
        self.dict = {name: self.tensor[start:start + length] for name, start, length in space.observation_spec}

    def set_from(self, state: NaipesSpielState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s encoded view."""
        self.tensor[:] = self.space.encode(state.game.view(player))

    def string_from(self, state: NaipesSpielState, player: int) -> str:
        """``player``'s view as JSON."""
        return json.dumps(state.game.view(player).to_dict(), sort_keys=True)


def _register(info: GameInfo) -> None:
    if not has_action_space(info):
        return
    kind = _game_type(info, plugin(info).Rules)
    cls = type(f"Naipes{info.name.title()}Game", (NaipesSpielGame,), {"info": info, "_type": kind})
    pyspiel.register_game(kind, cls)


for _info in games():
    if f"naipes_{_info.name}" not in pyspiel.registered_names():
        _register(_info)
