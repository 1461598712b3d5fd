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
ends. ``render_mode="ansi"`` returns the table as the selected seat sees it.

.. versionadded:: 1.0
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from naipes.adapters._common import first_to_act, int8_mask, resolve
from naipes.errors import IllegalMoveError, UsageError
from naipes.plugin import plugin

__all__ = ["NaipesAEC", "env"]


def env(game: str, *, render_mode: str | None = None, rules: Any = None, **fields: Any) -> NaipesAEC:
    """An AEC environment of ``game`` (a name or alias) with ``rules`` or these rule fields."""
    return NaipesAEC(game, render_mode=render_mode, rules=rules, **fields)


class NaipesAEC(AECEnv):  # type: ignore[misc]
    """One naipes game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "naipes_v1", "is_parallelizable": False}

    def __init__(self, game: str, *, render_mode: str | None = None, rules: Any = None, **fields: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise UsageError(f"render_mode must be None or 'ansi', not {render_mode!r}", code="bad_render_mode")
        self.info, self.rules, self.space = resolve(game, rules, **fields)
        self.module = self.info.load()
        self.plugin = plugin(self.info)
        self.render_mode = render_mode
        self.metadata = {**NaipesAEC.metadata, "name": f"naipes_{self.info.name}_v1"}
        players = self.plugin.new_game(self.rules, seed=0).num_players
        self.possible_agents = [f"seat_{s}" for s in range(players)]
        low, high = self.space.bounds(self.info.returns_range)
        obs = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.space.observation_size,), np.float32),
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

    def observe(self, agent: str) -> dict[str, Any]:
        """The encoded view of ``agent`` and its int8 mask."""
        view = self.game.view(self.possible_agents.index(agent))
        vector = self.space.encode(view, out=np.zeros(self.space.observation_size, np.float32))
        return {"observation": vector, "action_mask": int8_mask(self.space, view)}

    def step(self, action: Any) -> None:
        """Play action id ``action`` for the selected seat (``None`` for a finished seat)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        view = self.game.view(seat)
        try:
            move = self.space.move(action, view)
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
        self.rewards = {a: float(returns[i]) for i, a in enumerate(self.possible_agents)}
        self.terminations = {a: True for a in self.agents}

    def render(self) -> str | None:
        """The table as the selected seat sees it (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        return str(self.game.view(self.possible_agents.index(self.agent_selection)).render())

    def close(self) -> None:
        """Nothing to release."""
