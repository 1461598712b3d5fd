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
``pyspiel``. Its parameters (:func:`parameters`) are every ``Rules`` field and three of
the adapter's. OpenSpiel types a parameter by its default, so each field is a
parameter of the type its values have, in OpenSpiel's own game-string syntax
(``pyspiel.load_game("naipes_ranzo(rounds=1,teams=True)")``):

* a field whose default is an int, float, bool or string (``players``, ``scope``...)
  is a parameter of that type and default;
* a field ``int | None`` (``float | None``, ``str | None``) whose default is ``None``
  (Ranzo's ``rounds``, Machiavelli's ``decks``) is an int (float, string) parameter
  whose default ``-1`` (``-1.0``, ``""``) stands for ``None``: ``decks=2``;
* a field ``bool | None`` (Machuco's ``teams``) is a bool parameter whose default
  ``True`` stands for ``None`` (a bool has no third value; Machuco's ``None`` is
  "teams when four play", which ``True`` means wherever it is allowed): ``teams=False``;
* a field of several values (Ranzo's ``specials``) is a string parameter holding them
  joined by ``;`` (a game string cannot hold a comma; ``,`` is read too, in
  ``load_game``'s dict form), its default the default values: ``specials=real;mellizos``,
  ``specials=`` for none;
* any other field is a string parameter holding the value as JSON or text, ``""``
  (the default) keeping the rules' default; a text that reads as a number or bool is
  quoted (``'1'``; quotes are dropped when read).

:func:`load` writes the values for you (``load("ranzo", rounds=None,
specials=("real",))``). ``str(game)`` is a game string that loads the same game.
The adapter's own parameters:

* ``seed`` (int, 0): the seed of the deals;
* ``chance`` (``"sampled"``, the default, or ``"explicit"``): see below;
* ``normalize_returns`` (bool, false): returns and utilities divided by
  :meth:`~naipes.actions.ActionSpace.returns_scale`, so they lie in [-1, 1].

With ``chance="sampled"`` the games are *sampled stochastic*: the shuffles happen
inside naipes, each new initial state drawing its seed from the game's generator.
With ``chance="explicit"`` the deal is the first state, a chance node of
:data:`DEAL_OUTCOMES` equally likely outcomes (outcome ``o`` deals the game seeded
``seed * DEAL_OUTCOMES + o``), and a state is its history: OpenSpiel's
``serialize_game_and_state`` and ``random_sim_test(serialize=True)`` work
(OpenSpiel cannot serialize a sampled-stochastic game written in Python: its
``GetRNGState`` has no Python hook). In both modes
``resample_from_infostate`` deals a world from the player's view with
:meth:`~naipes.game.View.sample`, seeded by OpenSpiel's sampler. Information
state and observation tensors are the view's
:meth:`~naipes.actions.ActionSpace.encode` vector (the view is the information
set; it does not recall earlier own moves). Returns are ``Result.returns``.
A game is cut at its plugin's
:meth:`~naipes.plugin.GamePlugin.max_game_length` decisions for its rules
(default: the registry's ``max_decisions``; Ranzo's and Macarra's read the rules'
own bound, so one Ranzo round is cut at 140 decisions, eight at 1,120;
:data:`DEFAULT_CAP` when neither is known), where
the adapter ends it with returns of 0: this matters for the games without a hard
bound on their length (Machuco, Machiavelli).

.. versionadded:: 1.0
.. versionchanged:: 1.2
   Every ``Rules`` field is a parameter of its values' type (OpenSpiel's game strings
   take ``rounds=1``, ``decks=2``, ``teams=False``); the game length reads the rules.
.. deprecated:: 1.2
   ``CAPS`` (the caps by game name) warns with :class:`DeprecationWarning`; it is a
   read-only mapping computed from the plugins. Ask
   ``naipes.plugin.plugin(game).max_game_length(rules)`` instead.
"""

from __future__ import annotations

import functools
import json
import random
import warnings
from types import MappingProxyType
from typing import Any, Mapping

import numpy as np
import pyspiel

from naipes.adapters._common import first_to_act, has_action_space
from naipes.adapters._spiel_params import ADAPTER, params_of, safe_text
from naipes.errors import NaipesError, RulesError
from naipes.plugin import plugin
from naipes.registry import GameInfo, find_game, games

__all__ = ["DEAL_OUTCOMES", "DEFAULT_CAP", "NaipesSpielGame", "NaipesSpielState", "load", "max_game_length",
           "parameters", "space_of"]

#: The decisions after which a game is cut when neither its plugin nor the registry bounds it.
DEFAULT_CAP = 10_000
#: The outcomes of the deal's chance node with ``chance="explicit"``.
DEAL_OUTCOMES = 2**16


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
    (a game registered with naipes after this module was imported).

    A rule field's value is given as the value itself and written as its parameter's value
    (``rounds=None`` as ``-1``, ``specials=("real",)`` as ``"real"``; see the module docstring).

    Raises:
        RulesError: for a value of another type than its parameter's (``bad_rule_value``), or
            rules the game refuses.
    """
    info = find_game(name)
    if f"naipes_{info.name}" not in pyspiel.registered_names():
        _register(info)
    fields = params_of(plugin(info).Rules)
    given = {k: fields[k].given(v) if k in fields else v for k, v in params.items()}
    return pyspiel.load_game(f"naipes_{info.name}", given)


def parameters(name: str) -> dict[str, Any]:
    """The OpenSpiel parameters of game ``name`` and their defaults (see the module docstring).

    >>> p = parameters("ranzo")
    >>> p["rounds"], p["players"], p["chance"], p["specials"]
    (-1, 4, 'sampled', 'real;trio_de_ases;escaleron;mellizos')
    >>> parameters("machuco")["teams"], parameters("machiavelli")["decks"]
    (True, -1)
    """
    return {**ADAPTER, **_rule_params(plugin(find_game(name)).Rules)}


def space_of(game: Any) -> Any:
    """The :class:`~naipes.actions.ActionSpace` behind a loaded naipes game."""
    return game.space


def _rule_params(rules_type: Any) -> dict[str, Any]:
    """Every Rules field as a parameter and its OpenSpiel default (see the module docstring)."""
    return {name: param.default for name, param in params_of(rules_type).items()}


def _rules_of(game_plugin: Any, params: Mapping[str, Any]) -> Any:
    """The ``Rules`` the parameters give (a value standing for a field's default leaves it)."""
    fields = params_of(game_plugin.Rules)
    settings: dict[str, Any] = {}
    for key, value in params.items():
        if key in fields:
            given, setting = fields[key].setting(value)
            if given:
                settings[key] = setting
    return game_plugin.rules(settings=settings)


def _game_type(info: GameInfo, rules_type: Any, chance: str = "sampled") -> Any:
    utility = pyspiel.GameType.Utility
    params: dict[str, Any] = {**ADAPTER, **_rule_params(rules_type)}
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=f"naipes_{info.name}", long_name=f"naipes {info.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.EXPLICIT_STOCHASTIC if chance == "explicit" else mode.SAMPLED_STOCHASTIC,
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
        self.rules = _rules_of(game_plugin, params)
        self.module = self.info.load()
        self.plugin = game_plugin
        self.space = game_plugin.action_space(self.rules)
        self.players = game_plugin.new_game(self.rules, seed=0).num_players
        self.seed = int(params.get("seed", 0))
        self.rng = random.Random(self.seed)
        self.chance = str(params.get("chance", "sampled"))
        if self.chance not in ("sampled", "explicit"):
            raise RulesError(f"chance is 'sampled' or 'explicit', not {self.chance!r}", code="bad_chance")
        self.explicit = self.chance == "explicit"
        self.scale = self.space.returns_scale(self.info.returns_range) if params.get("normalize_returns") else 1.0
        self.cap = max_game_length(self.info, self.rules)
        low, high = self.space.bounds(self.info.returns_range)
        spiel_info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size, max_chance_outcomes=DEAL_OUTCOMES if self.explicit else 0,
            num_players=self.players, min_utility=float(low) / self.scale, max_utility=float(high) / self.scale,
            utility_sum=0.0 if self.info.zero_sum else None,
            max_game_length=self.cap + (1 if self.explicit else 0))
        kind = _game_type(self.info, game_plugin.Rules, self.chance) if self.explicit else self._type
        fields = params_of(game_plugin.Rules)
        safe = {k: safe_text(v) if k in fields and fields[k].kind in ("values", "text") else v
                for k, v in params.items()}  # they survive str(game)
        super().__init__(kind, spiel_info, safe)

    def new_initial_state(self) -> NaipesSpielState:
        """A new game, seeded from this game's generator (``chance="explicit"``: the deal's chance node)."""
        if self.explicit:
            return NaipesSpielState(self, None)
        return NaipesSpielState(self, self.plugin.new_game(self.rules, seed=self.rng.randrange(2**62)))

    def deal(self, outcome: int) -> Any:
        """The naipes game the deal's chance outcome ``outcome`` gives (``chance="explicit"``)."""
        return self.plugin.new_game(self.rules, seed=(self.seed * DEAL_OUTCOMES + outcome) % 2**62)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> NaipesObserver:
        """Observation and information-state tensors: the view's encoding."""
        return NaipesObserver(self.space)


class NaipesSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state holding a naipes game."""

    def __init__(self, game: NaipesSpielGame, naipes_game: Any) -> None:
        super().__init__(game)
        self.game = naipes_game  # the only attribute: OpenSpiel clones a state by copying them
        # (None: the deal's chance node, with chance="explicit")

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
        """The lowest seat to act (a window's seats one at a time), CHANCE at the deal, or TERMINAL."""
        if self.game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.game.is_over or self._cut():
            return int(pyspiel.PlayerId.TERMINAL)
        return first_to_act(self.game)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deal's outcomes, equally likely (``chance="explicit"``)."""
        return list(_uniform()) if self.game is None else []

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.space.legal_ids(self.game.view(player)))

    def _apply_action(self, action: int) -> None:
        if self.game is None:
            self.game = self.get_game().deal(int(action))
            return
        seat = first_to_act(self.game)
        self.game.play(self.space.move(action, self.game.view(seat)), seat)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        try:
            return str(self.space.move(int(action), self.game.view(player)))
        except NaipesError:
            return f"action {action}"

    def is_terminal(self) -> bool:
        """Over, or cut at the cap."""
        return self.game is not None and bool(self.game.is_over or self._cut())

    def returns(self) -> list[float]:
        """``Result.returns`` at the end (over the scale with ``normalize_returns``); 0 for everyone
        before it and at the cap."""
        if self.game is None:
            return [0.0] * self.get_game().players
        result = self.game.result
        scale = self.get_game().scale
        return [float(r) / scale for r in result.returns] if result is not None else [0.0] * self.game.num_players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> NaipesSpielState:
        """A world dealt from ``player_id``'s view, seeded by OpenSpiel's sampler."""
        world = self.game.view(player_id).sample(random.Random(probability_sampler()))
        return NaipesSpielState(self.get_game(), world)

    def __deepcopy__(self, memo: Any) -> NaipesSpielState:
        new = NaipesSpielState(self.get_game(), None if self.game is None else self.game.clone())
        return new

    def __str__(self) -> str:
        if self.game is None:
            return "deal"
        return json.dumps(self.game.to_dict()["state"], sort_keys=True)


class NaipesObserver:
    """OpenSpiel's PyObserver interface over :meth:`~naipes.actions.ActionSpace.encode`."""

    def __init__(self, space: Any) -> None:
        self.space = space
        self.tensor = np.zeros(space.observation_size, np.float32)
        self.dict = {name: self.tensor[start:start + length] for name, start, length in space.observation_spec}

    def set_from(self, state: NaipesSpielState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s encoded view (zeros before the deal)."""
        if state.game is None:
            self.tensor.fill(0.0)
        else:
            self.space.encode(state.game.view(player), out=self.tensor)

    def string_from(self, state: NaipesSpielState, player: int) -> str:
        """``player``'s view as JSON (``"deal"`` before the deal)."""
        if state.game is None:
            return "deal"
        return json.dumps(state.game.view(player).to_dict(), sort_keys=True)


@functools.lru_cache(maxsize=1)
def _uniform() -> tuple[tuple[int, float], ...]:
    """The deal's chance outcomes, built at the first explicit deal."""
    return tuple((o, 1.0 / DEAL_OUTCOMES) for o in range(DEAL_OUTCOMES))


def _register(info: GameInfo) -> None:
    if not has_action_space(info):
        return
    kind = _game_type(info, plugin(info).Rules)
    cls = type(f"Naipes{info.name.title()}Game", (NaipesSpielGame,), {"info": info, "_type": kind})
    pyspiel.register_game(kind, cls)


for _info in games():
    if f"naipes_{_info.name}" not in pyspiel.registered_names():
        _register(_info)
