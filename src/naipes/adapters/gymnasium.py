"""A Gymnasium environment: one seat of a naipes game learning against bots
(``pip install naipes-games[gymnasium]``).

>>> from naipes.adapters.gymnasium import env
>>> e = env("macarra", players=2)
>>> obs, info = e.reset(seed=3)
>>> info["action_mask"].dtype.name, obs.shape == e.observation_space.shape
('int8', True)

The observation is the seat's :meth:`~naipes.actions.ActionSpace.encode`
vector (``float32``, kept up to date by the seat's :class:`~naipes.actions.Tracker`), in a ``Box`` bounded by the game's
:meth:`~naipes.actions.ActionSpace.observation_bounds`; ``info["action_mask"]``
is the ``int8`` mask of legal ids and :meth:`NaipesEnv.action_masks` the same
as booleans (the method sb3-contrib's ``MaskablePPO`` calls). The other seats
are played by ``opponents`` (default: seeded :class:`~naipes.RandomBot`\\ s).
The reward is ``Result.returns[seat]`` at the end (divided by
:meth:`~naipes.actions.ActionSpace.returns_scale` with ``normalize_returns=True``,
so it lies in [-1, 1]); an illegal id ends the episode with reward
``returns_range[0]`` (scaled alike) and ``info["illegal_action"] = True``.
``reset(seed=...)`` seeds naipes (and the default opponents) from ``self.np_random``.

Importing this module registers every game with Gymnasium as
``naipes/<Game>-v1`` (:func:`env_id`; :func:`register_envs` registers games
added later); ``gymnasium.make`` can import it itself:

>>> import gymnasium
>>> e = gymnasium.make("naipes.adapters.gymnasium:naipes/Machuco-v1", players=2)
>>> e.unwrapped.action_masks().dtype.name
'bool'

.. versionadded:: 1.0
.. versionchanged:: 1.2
   ``action_masks()``, bounded observation spaces, ``normalize_returns`` and the
   ``naipes/<Game>-v1`` registrations.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

import gymnasium as gym
import numpy as np

from naipes.adapters._common import advance, has_action_space, resolve
from naipes.bots import Bot, RandomBot
from naipes.errors import IllegalMoveError, UsageError
from naipes.plugin import plugin
from naipes.registry import find_game, games

__all__ = ["NaipesEnv", "env", "env_id", "register_envs"]


def env(game: str, *, opponents: Sequence[Bot[Any, Any]] | None = None, seat: int = 0,
        render_mode: str | None = None, normalize_returns: bool = False, rules: Any = None,
        **fields: Any) -> NaipesEnv:
    """One ``seat`` of ``game`` against ``opponents`` (one bot per other seat, in seat order)."""
    return NaipesEnv(game, opponents=opponents, seat=seat, render_mode=render_mode,
                     normalize_returns=normalize_returns, rules=rules, **fields)


def env_id(game: str) -> str:
    """The Gymnasium id of ``game``: ``naipes/<Game>-v1``, the name's words capitalised.

    >>> env_id("machuco")
    'naipes/Machuco-v1'
    """
    name = find_game(game).name
    return "naipes/" + "".join(w[:1].upper() + w[1:] for w in re.split(r"[^0-9A-Za-z]+", name) if w) + "-v1"


def register_envs() -> list[str]:
    """Register ``naipes/<Game>-v1`` with Gymnasium for every game with an action space that
    is not registered yet (done when this module is imported); returns the new ids."""
    added = []
    for info in games():
        eid = env_id(info.name)
        if eid in gym.registry or not has_action_space(info):
            continue
        gym.register(eid, entry_point=_make, kwargs={"game": info.name}, disable_env_checker=True)
        added.append(eid)
    return added


def _make(**kwargs: Any) -> NaipesEnv:
    """What ``gymnasium.make`` calls for a ``naipes/<Game>-v1`` id."""
    return NaipesEnv(**kwargs)


class NaipesEnv(gym.Env[Any, Any]):
    """One seat of a naipes game as a Gymnasium environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, *, opponents: Sequence[Bot[Any, Any]] | None = None, seat: int = 0,
                 render_mode: str | None = None, normalize_returns: bool = False, rules: Any = None,
                 **fields: Any) -> None:
        if render_mode not in (None, "ansi"):
            raise UsageError(f"render_mode must be None or 'ansi', not {render_mode!r}", code="bad_render_mode")
        self.info, self.rules, self.space = resolve(game, rules, **fields)
        self.module = self.info.load()
        self.plugin = plugin(self.info)
        self.players = self.plugin.new_game(self.rules, seed=0).num_players
        if type(seat) is not int or not 0 <= seat < self.players:
            raise UsageError(f"no seat {seat!r} in a {self.players}-player game", code="no_such_seat")
        if opponents is not None and len(opponents) != self.players - 1:
            raise UsageError(f"{self.players - 1} opponents needed, not {len(opponents)}", code="wrong_bot_count")
        self.seat, self.render_mode = seat, render_mode
        self._given = list(opponents) if opponents is not None else None
        low, high = self.space.observation_bounds()
        self.observation_space = gym.spaces.Box(np.array(low, np.float32), np.array(high, np.float32),
                                                dtype=np.float32)
        self.action_space = gym.spaces.Discrete(self.space.size)
        self.scale = self.space.returns_scale(self.info.returns_range) if normalize_returns else 1.0
        self._mask = np.zeros(self.space.size, bool)
        #: the array the seat's tracker writes its observation into (the vector env gives a row)
        self._obs_row: np.ndarray[Any, Any] = np.zeros(self.space.observation_size, np.float32)
        self._tracker: Any = None
        self.game: Any = None
        self.opponents: list[Any] = []

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        """A new game seeded from ``self.np_random``; the opponents play up to the seat's turn."""
        super().reset(seed=seed)
        self._start()
        mask = np.zeros(self.space.size, np.int8)
        self._write(mask)
        return self._obs_row.copy(), {"action_mask": mask, "illegal_action": False}

    def step(self, action: Any) -> tuple[np.ndarray[Any, Any], float, bool, bool, dict[str, Any]]:
        """Play id ``action`` for the seat, then the opponents up to its next turn or the end."""
        reward, terminated, illegal = self._act(action)
        mask = np.zeros(self.space.size, np.int8)
        self._write(mask)
        return self._obs_row.copy(), reward, terminated, False, {"action_mask": mask, "illegal_action": illegal}

    # -- the steps the vector environment shares (naipes.adapters.vector) ---------------------
    def _start(self) -> None:
        """A new game and its opponents from ``self.np_random``, played up to the seat's turn."""
        draw = self.np_random.integers
        self.game = game = self.plugin.new_game(self.rules, seed=int(draw(2**62)))
        tracker = self._tracker  # the last game's, when it can follow this one (same row)
        if tracker is None or tracker.obs is not self._obs_row or not tracker._follow(game):
            self._tracker = self.space.tracker(game, self.seat, self._obs_row)
        self.opponents = self._given or [RandomBot(int(draw(2**62))) for _ in range(self.players - 1)]
        advance(game, self.seat, self.opponents)

    def _act(self, action: Any) -> tuple[float, bool, bool]:
        """Play ``action`` and the opponents: (reward, terminated, illegal)."""
        game, me = self.game, self.seat
        try:
            game.play(self._tracker.move(action), me)
        except (IllegalMoveError, UsageError):
            return float(self.space.bounds(self.info.returns_range)[0]) / self.scale, True, True
        advance(game, me, self.opponents)
        if game.is_over:
            return float(game.result.returns[me]) / self.scale, True, False
        return 0.0, False, False

    def _write(self, mask: np.ndarray[Any, Any]) -> None:
        """Bring the seat's observation (``_obs_row``, through its tracker) up to date and write its
        legal ids into ``mask``."""
        tracker = self._tracker
        tracker.encode()
        tracker.mask(mask)
        self._mask = mask

    def action_masks(self) -> np.ndarray[Any, Any]:
        """The seat's legal ids as booleans (all False once the game is over)."""
        if self.game is None or self.game.is_over:
            return np.zeros(self.space.size, bool)
        mask: np.ndarray[Any, Any] = self._mask.astype(bool)
        return mask

    def render(self) -> str | None:
        """The table as the seat sees it (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        return str(self.game.view(self.seat).render())


register_envs()
