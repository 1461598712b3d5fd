"""A Gymnasium environment: one seat of a naipes game learning against bots
(``pip install naipes-games[gymnasium]``).

>>> from naipes.adapters.gymnasium import env
>>> e = env("macarra", players=2)
>>> obs, info = e.reset(seed=3)
>>> info["action_mask"].dtype.name, obs.shape == e.observation_space.shape
('int8', True)

The observation is the seat's :meth:`~naipes.actions.ActionSpace.encode`
vector (``float32``); ``info["action_mask"]`` is the ``int8`` mask of legal
ids. The other seats are played by ``opponents`` (default: seeded
:class:`~naipes.RandomBot`\\ s). The reward is ``Result.returns[seat]`` at the
end; an illegal id ends the episode with reward ``returns_range[0]`` and
``info["illegal_action"] = True``. ``reset(seed=...)`` seeds naipes (and the
default opponents) from ``self.np_random``.

.. versionadded:: 1.0
"""

from __future__ import annotations

from typing import Any, Sequence

import gymnasium as gym
import numpy as np

from naipes.adapters._common import first_to_act, int8_mask, resolve
from naipes.bots import Bot, RandomBot
from naipes.errors import IllegalMoveError, UsageError
from naipes.plugin import plugin

__all__ = ["NaipesEnv", "env"]


def env(game: str, *, opponents: Sequence[Bot[Any, Any]] | None = None, seat: int = 0,
        render_mode: str | None = None, rules: Any = None, **fields: Any) -> NaipesEnv:
    """One ``seat`` of ``game`` against ``opponents`` (one bot per other seat, in seat order)."""
    return NaipesEnv(game, opponents=opponents, seat=seat, render_mode=render_mode, rules=rules, **fields)


class NaipesEnv(gym.Env[Any, Any]):
    """One seat of a naipes game as a Gymnasium environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str, *, opponents: Sequence[Bot[Any, Any]] | None = None, seat: int = 0,
                 render_mode: str | None = None, rules: Any = None, **fields: Any) -> None:
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
        self.observation_space = gym.spaces.Box(-np.inf, np.inf, (self.space.observation_size,), np.float32)
        self.action_space = gym.spaces.Discrete(self.space.size)
        self.game: Any = None
        self.opponents: list[Any] = []

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        """A new game seeded from ``self.np_random``; the opponents play up to the seat's turn."""
        super().reset(seed=seed)
        draw = self.np_random.integers
        self.game = self.plugin.new_game(self.rules, seed=int(draw(2**62)))
        self.opponents = self._given or [RandomBot(int(draw(2**62))) for _ in range(self.players - 1)]
        self._advance()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray[Any, Any], float, bool, bool, dict[str, Any]]:
        """Play id ``action`` for the seat, then the opponents up to its next turn or the end."""
        view = self.game.view(self.seat)
        try:
            self.game.play(self.space.move(action, view), self.seat)
        except (IllegalMoveError, UsageError):
            info = {**self._info(), "illegal_action": True}
            return self._observe(), float(self.space.bounds(self.info.returns_range)[0]), True, False, info
        self._advance()
        over = self.game.is_over
        reward = float(self.game.result.returns[self.seat]) if over else 0.0
        return self._observe(), reward, over, False, self._info()

    def _advance(self) -> None:
        game = self.game
        while not game.is_over and self.seat not in game.to_act:
            seat = first_to_act(game)
            bot = self.opponents[seat if seat < self.seat else seat - 1]
            game.play(bot.choose(game.view(seat)), seat)

    def _observe(self) -> np.ndarray[Any, Any]:
        out = np.zeros(self.space.observation_size, np.float32)
        return self.space.encode(self.game.view(self.seat), out=out)  # type: ignore[no-any-return]

    def _info(self) -> dict[str, Any]:
        return {"action_mask": int8_mask(self.space, self.game.view(self.seat)), "illegal_action": False}

    def render(self) -> str | None:
        """The table as the seat sees it (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        return str(self.game.view(self.seat).render())
