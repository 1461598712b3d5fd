"""PettingZoo AEC environments for every naipes game (``pip install naipes-games[pettingzoo]``).

>>> from naipes.adapters.pettingzoo import env
>>> e = env("ranzo")
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["action_mask"].dtype.name, len(obs["observation"]) == e.observation_space(e.agent_selection)["observation"].shape[0]
('int8', True)

Agents are ``"seat_0"``, ``"seat_1"``...; the observation is a dict with the
game's :meth:`~naipes.actions.ActionSpace.encode` vector (``float32``) and an
``int8`` ``action_mask``. In a simultaneous window (Ranzo's claims, Macarra's
bids) the seats are selected one at a time in ascending order; answers stay
sealed as in the game. Rewards are ``Result.returns``, given when the game
ends (divided by :meth:`~naipes.actions.ActionSpace.returns_scale` with
``normalize_returns=True``, so they lie in [-1, 1]). The observation ``Box``
holds the game's :meth:`~naipes.actions.ActionSpace.observation_bounds`.
``render_mode="ansi"`` returns the table as the selected seat sees it.

Every game is also a module in PettingZoo's style, named ``<game>_v<N>``, with
``env()`` (wrapped in PettingZoo's ``AssertOutOfBoundsWrapper`` and
``OrderEnforcingWrapper``, as its classic games are) and ``raw_env()``. ``N`` is
the game's :attr:`~naipes.actions.ActionSpace.observation_version` (1 for most
games; ``machiavelli_v2`` since its candidate slots), so an agent trained on one
observation layout is not handed another under the same name. It imports as
PettingZoo's own do (``from pettingzoo.classic import chess_v6``):

>>> from naipes.adapters.pettingzoo import machuco_v1
>>> e = machuco_v1.env(players=2)
>>> e.reset(seed=3)
>>> e.agent_selection in e.possible_agents, machuco_v1.raw_env().metadata["name"]
(True, 'naipes_machuco_v1')
>>> import naipes.adapters.pettingzoo.ranzo_v1
>>> naipes.adapters.pettingzoo.ranzo_v1.raw_env(rounds=1).rules.rounds
1

The modules are made by an import hook this package installs (it names no game:
every registered game with an action space has its module, a third-party game's
too); :func:`game_module` gives the same module.

.. versionadded:: 1.0
.. versionchanged:: 1.2
   ``normalize_returns``, bounded observation spaces and the ``<game>_v1`` modules
   (``import naipes.adapters.pettingzoo.<game>_v1`` too: this module became a package).
   The version in a module's name is the game's observation version (``machiavelli_v2``).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
from typing import Any, Callable, Sequence

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from naipes.adapters._common import first_to_act, has_action_space, resolve
from naipes.errors import IllegalMoveError, NaipesError, UsageError
from naipes.plugin import plugin
from naipes.registry import find_game

__all__ = ["NaipesAEC", "env", "game_module", "version"]

#: The version in the ``<game>_v1`` module names and in ``metadata["name"]`` of a game whose
#: observation is at version 1; a game at a later :attr:`~naipes.actions.ActionSpace.observation_version`
#: is named with that version (:func:`version`).
VERSION = 1


def version(game: str) -> int:
    """The version in ``game``'s module name and ``metadata["name"]``: its observation version.

    >>> version("machuco"), version("machiavelli")
    (1, 2)
    """
    _, _, space = resolve(game, None)
    return max(VERSION, int(getattr(space, "observation_version", VERSION)))


def env(game: str, *, render_mode: str | None = None, normalize_returns: bool = False, rules: Any = None,
        **fields: Any) -> NaipesAEC:
    """An AEC environment of ``game`` (a name or alias) with ``rules`` or these rule fields."""
    return NaipesAEC(game, render_mode=render_mode, normalize_returns=normalize_returns, rules=rules, **fields)


def game_module(game: str) -> types.ModuleType:
    """``game`` as a PettingZoo-style module ``<game>_v1`` with ``env(**kw)`` and ``raw_env(**kw)``:
    ``naipes.adapters.pettingzoo.<game>_v1``, imported (the module
    ``import naipes.adapters.pettingzoo.<game>_v1`` and
    ``from naipes.adapters.pettingzoo import <game>_v1`` give).

    Raises:
        UsageError: for a game that has no action space (code ``no_action_space``).
    """
    info = find_game(game)
    if not has_action_space(info):
        raise UsageError(f"{info.name} has no ActionSpace", code="no_action_space")
    return importlib.import_module(f"{__name__}.{info.name}_v{version(info.name)}")


def _game_functions(game: str, module: str) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """``(env, raw_env)`` of the ``<game>_v1`` module named ``module``.

    Raises:
        UsageError: for a game that has no action space (code ``no_action_space``).
    """
    info = find_game(game)
    if not has_action_space(info):
        raise UsageError(f"{info.name} has no ActionSpace", code="no_action_space")

    def raw_env(**kwargs: Any) -> NaipesAEC:
        return NaipesAEC(info.name, **kwargs)

    def wrapped_env(**kwargs: Any) -> Any:
        return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw_env(**kwargs)))

    raw_env.__doc__ = (f"The unwrapped {info.name} environment: a :class:`~naipes.adapters.pettingzoo.NaipesAEC` "
                       "(its arguments but the game).")
    wrapped_env.__doc__ = (f"The {info.name} environment in PettingZoo's out-of-bounds and order-enforcing "
                           "wrappers (the :class:`~naipes.adapters.pettingzoo.NaipesAEC` arguments but the game).")
    wrapped_env.__name__ = wrapped_env.__qualname__ = "env"
    raw_env.__qualname__ = "raw_env"
    for function in (raw_env, wrapped_env):
        function.__module__ = module
    return wrapped_env, raw_env


def _game_of(name: str) -> str | None:
    """The game a module name ``<game>_v<N>`` names (a registered game with an action space whose
    :func:`version` is ``N``), else ``None``."""
    game, sep, number = name.rpartition("_v")
    if not (sep and game and number.isdigit()):
        return None
    try:
        info = find_game(game)
        if not has_action_space(info) or version(info.name) != int(number):
            return None
    except NaipesError:
        return None
    return info.name


class _GameModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """The import hook that makes ``naipes.adapters.pettingzoo.<game>_v1`` of every registered game
    with an action space (on ``sys.meta_path`` after the path finders; it answers only for this package)."""

    package = __name__

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        """A spec for ``<this package>.<game>_v1`` of a registered game, else ``None``."""
        head, _, name = fullname.rpartition(".")
        if head != self.package or _game_of(name) is None:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        """The default module."""
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        """Fill ``module`` with the game's ``env`` and ``raw_env``."""
        game = _game_of(module.__name__.rpartition(".")[2])
        assert game is not None  # find_spec checked it
        module.__doc__ = f"{game} as a PettingZoo AEC environment (``env()``, ``raw_env()``)."
        module.env, module.raw_env = _game_functions(game, module.__name__)  # type: ignore[attr-defined]
        module.__all__ = ["env", "raw_env"]  # type: ignore[attr-defined]


if not any(getattr(finder, "package", None) == __name__ for finder in sys.meta_path):
    sys.meta_path.append(_GameModules())


def __getattr__(name: str) -> Any:
    """``<game>_v<N>``: the module ``naipes.adapters.pettingzoo.<game>_v<N>`` (:func:`game_module`)."""
    if _game_of(name) is not None:
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ImportError:
            pass
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class NaipesAEC(AECEnv):  # type: ignore[misc]
    """One naipes game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "naipes_v1", "is_parallelizable": False}

    def __init__(self, game: str, *, render_mode: str | None = None, normalize_returns: bool = False,
                 rules: Any = None, **fields: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise UsageError(f"render_mode must be None or 'ansi', not {render_mode!r}", code="bad_render_mode")
        self.info, self.rules, self.space = resolve(game, rules, **fields)
        self.module = self.info.load()
        self.plugin = plugin(self.info)
        self.render_mode = render_mode
        number = max(VERSION, int(getattr(self.space, "observation_version", VERSION)))
        self.metadata = {**NaipesAEC.metadata, "name": f"naipes_{self.info.name}_v{number}"}
        players = self.plugin.new_game(self.rules, seed=0).num_players
        self.possible_agents = [f"seat_{s}" for s in range(players)]
        self.scale = self.space.returns_scale(self.info.returns_range) if normalize_returns else 1.0
        low, high = self.space.observation_bounds()
        obs = spaces.Dict({
            "observation": spaces.Box(np.array(low, np.float32), np.array(high, np.float32), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8)})
        self._obs_spaces = {a: obs for a in self.possible_agents}
        self._act_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self._np_seed = np.random.default_rng()
        self.game: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every seat)."""
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(ActionSpace.size)``."""
        return self._act_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, seeded from ``seed`` (else from this environment's generator)."""
        if seed is not None:
            self._np_seed = np.random.default_rng(seed)
        self.game = self.plugin.new_game(self.rules, seed=int(self._np_seed.integers(2**62)))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[first_to_act(self.game)]
        size = self.space.observation_size
        self._trackers = [self.space.tracker(self.game, s, np.zeros(size, np.float32))
                          for s in range(len(self.possible_agents))]
        self._masks = np.zeros((len(self.possible_agents), self.space.size), np.int8)

    def observe(self, agent: str) -> dict[str, Any]:
        """The encoded view of ``agent`` (kept up to date by its seat's tracker) and its int8 mask."""
        seat = self.possible_agents.index(agent)
        tracker = self._trackers[seat]
        return {"observation": tracker.encode().copy(), "action_mask": tracker.mask(self._masks[seat]).copy()}

    def step(self, action: Any) -> None:
        """Play action id ``action`` for the selected seat (``None`` for a finished seat)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        try:
            move = self._trackers[seat].move(action)
            self.game.play(move, seat)
        except (IllegalMoveError, UsageError) as exc:
            raise IllegalMoveError(f"{agent}: action {action!r} is not legal now: {exc.reason}",
                                   seat=seat, code="illegal_action") from exc
        self._cumulative_rewards[agent] = 0.0
        if self.game.is_over:
            self._finish()
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = self.possible_agents[first_to_act(self.game)]
        self._accumulate_rewards()

    def _finish(self) -> None:
        returns = self.game.result.returns
        self.rewards = {a: float(returns[i]) / self.scale for i, a in enumerate(self.possible_agents)}
        self.terminations = {a: True for a in self.agents}

    def render(self) -> str | None:
        """The table as the selected seat sees it (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        return str(self.game.view(self.possible_agents.index(self.agent_selection)).render())

    def close(self) -> None:
        """Nothing to release."""
