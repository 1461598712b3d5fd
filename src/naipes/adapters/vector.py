"""N games in one process as a Gymnasium vector environment (``pip install naipes-games[gymnasium]``).

>>> import numpy as np
>>> from naipes.adapters.vector import NaipesVectorEnv
>>> envs = NaipesVectorEnv("machuco", 4, players=2)
>>> obs, info = envs.reset(seed=1)
>>> obs.shape == (4, envs.single_observation_space.shape[0]), info["action_mask"].shape == (4, envs.space.size)
(True, True)
>>> actions = np.array([np.flatnonzero(row)[0] for row in envs.action_masks()])
>>> obs, rewards, terminated, truncated, info = envs.step(actions)
>>> rewards.dtype.name, terminated.shape
('float32', (4,))

:class:`NaipesVectorEnv` is a :class:`gymnasium.vector.VectorEnv`: sub-environment
``i`` is a :class:`~naipes.adapters.gymnasium.NaipesEnv` (one seat against
bots, same arguments), stepped in turn, each seat's
:class:`~naipes.actions.Tracker` writing its observation (only the places the
moves changed) and its ``int8`` mask straight into row ``i`` of two preallocated arrays, ``(N,
observation_size)`` float32 and ``(N, size)`` int8; no per-step dicts,
copies or concatenations. With the same seeds it gives exactly what
``gymnasium.vector.SyncVectorEnv`` of those environments gives.

* ``info["action_mask"]`` is the mask array and :meth:`NaipesVectorEnv.action_masks`
  the same as booleans; ``info["illegal_action"]`` flags the sub-environments
  whose id was illegal (their episode ended, reward ``returns_range[0]``).
* Autoreset (``autoreset_mode``): ``"NextStep"`` (Gymnasium's default: the step
  after an episode's end resets that sub-environment, its action ignored, reward
  0), ``"SameStep"`` (reset at once; the last observation in
  ``info["final_obs"]``, flagged by ``info["_final_obs"]``) or ``"Disabled"``
  (reset with ``options={"reset_mask": ...}``).
* ``copy=False`` returns the preallocated arrays themselves (overwritten by the
  next step) instead of copies.

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import Any, Sequence

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from naipes.adapters.gymnasium import NaipesEnv
from naipes.errors import UsageError

__all__ = ["NaipesVectorEnv", "vector_env"]

Array = np.ndarray[Any, Any]


def vector_env(game: str, num_envs: int, **kwargs: Any) -> NaipesVectorEnv:
    """:class:`NaipesVectorEnv` of ``num_envs`` copies of ``game`` (``kwargs``: its other arguments)."""
    return NaipesVectorEnv(game, num_envs, **kwargs)


class NaipesVectorEnv(gym.vector.VectorEnv[Array, Array, Array]):
    """``num_envs`` games of ``game``, one seat each against bots (see the module docstring).

    Args:
        game: the game's name.
        num_envs: the number of sub-environments (at least 1).
        autoreset_mode: ``"NextStep"``, ``"SameStep"`` or ``"Disabled"`` (or the enum).
        copy: whether :meth:`step` and :meth:`reset` return copies of the batch arrays.
        kwargs: the :class:`~naipes.adapters.gymnasium.NaipesEnv` arguments (``seat``,
            ``normalize_returns``, ``opponents``, ``rules`` or rule fields); ``opponents``
            given as bots are shared by every sub-environment.

    Raises:
        UsageError: for a ``num_envs`` below 1 (code ``bad_num_envs``) or an unknown
            autoreset mode (code ``bad_autoreset_mode``).
    """

    def __init__(self, game: str, num_envs: int, *, autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
                 copy: bool = True, **kwargs: Any) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise UsageError(f"num_envs is a positive int, not {num_envs!r}", code="bad_num_envs")
        try:
            self.autoreset_mode = AutoresetMode(autoreset_mode)
        except ValueError:
            raise UsageError(f"no autoreset mode {autoreset_mode!r}", code="bad_autoreset_mode") from None
        self.envs = [NaipesEnv(game, **kwargs) for _ in range(num_envs)]
        first = self.envs[0]
        self.space = first.space
        self.num_envs, self.copy = num_envs, copy
        self.metadata = {**first.metadata, "autoreset_mode": self.autoreset_mode}
        self.render_mode = first.render_mode
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._obs = np.zeros((num_envs, self.space.observation_size), np.float32)
        for i, env in enumerate(self.envs):  # each seat's tracker writes straight into its row
            env._obs_row = self._obs[i]
        self._masks = np.zeros((num_envs, self.space.size), np.int8)
        #: the mask rows, made once: a tracker keeps what it needs to write a mask per array
        #: object, so handing it the same row object at every step keeps that cache warm
        self._mask_rows = list(self._masks)
        self._rewards = np.zeros(num_envs, np.float32)
        self._terminated = np.zeros(num_envs, bool)
        self._truncated = np.zeros(num_envs, bool)
        self._illegal = np.zeros(num_envs, bool)
        self._autoreset = np.zeros(num_envs, bool)
        self._every = np.ones(num_envs, bool)
        #: the step's values gathered in lists and written into the arrays once per step
        self._step_rewards = [0.0] * num_envs
        self._step_done = [False] * num_envs
        self._step_illegal = [False] * num_envs

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Array, dict[str, Any]]:
        """New games: ``seed`` an int (sub-environment ``i`` gets ``seed + i``), a list, or None.

        ``options={"reset_mask": mask}`` resets only the sub-environments flagged in ``mask``.
        """
        seeds = self._seeds(seed)
        mask = np.ones(self.num_envs, bool)
        if options is not None and "reset_mask" in options:
            mask = np.asarray(options["reset_mask"], bool)
            if mask.shape != (self.num_envs,):
                raise UsageError(f"reset_mask has shape {mask.shape}, not ({self.num_envs},)", code="bad_reset_mask")
        for i in np.flatnonzero(mask):
            self._reset_one(int(i), seeds[i])
        self._terminated[mask] = self._truncated[mask] = self._autoreset[mask] = False
        self._illegal[:] = False
        return self._out(self._obs), self._infos()

    def step(self, actions: Any) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """One id per sub-environment; see the module docstring for autoreset."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise UsageError(f"actions has shape {actions.shape}, not ({self.num_envs},)", code="bad_actions")
        final: dict[int, Array] = {}
        rewards, dones, illegals = self._step_rewards, self._step_done, self._step_illegal
        waiting = self._autoreset.tolist() if self.autoreset_mode is AutoresetMode.NEXT_STEP else None
        same_step = self.autoreset_mode is AutoresetMode.SAME_STEP
        rows, i = self._mask_rows, -1
        for env, action in zip(self.envs, actions.tolist()):  # Python ints: the trackers' fast path
            i += 1
            if waiting is not None and waiting[i]:
                self._reset_one(i, None)
                rewards[i], dones[i], illegals[i] = 0.0, False, False
                continue
            reward, done, illegal = env._act(action)
            rewards[i], dones[i], illegals[i] = reward, done, illegal
            env._write(rows[i])
            if done and same_step:
                final[i] = self._obs[i].copy()
                self._reset_one(i, None)
        self._rewards[:] = rewards
        self._terminated[:] = dones
        self._illegal[:] = illegals
        self._autoreset[:] = self._terminated
        infos = self._infos()
        if final:
            flags = np.zeros(self.num_envs, bool)
            flags[list(final)] = True
            obs = np.zeros_like(self._obs)
            for i, row in final.items():
                obs[i] = row
            infos["final_obs"], infos["_final_obs"] = obs, flags
        return (self._out(self._obs), self._out(self._rewards), self._out(self._terminated),
                self._out(self._truncated), infos)

    def action_masks(self) -> Array:
        """The legal ids of every sub-environment as booleans, ``(num_envs, size)``."""
        return self._masks.astype(bool)

    def render(self) -> tuple[Any, ...] | None:
        """Each sub-environment's table (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return tuple(env.render() for env in self.envs)

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""

    # -- internals ----------------------------------------------------------------------------
    def _seeds(self, seed: int | Sequence[int | None] | None) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, int):
            return [seed + i for i in range(self.num_envs)]
        seeds = list(seed)
        if len(seeds) != self.num_envs:
            raise UsageError(f"{self.num_envs} seeds needed, not {len(seeds)}", code="bad_seeds")
        return seeds

    def _reset_one(self, i: int, seed: int | None) -> None:
        env = self.envs[i]
        gym.Env.reset(env, seed=seed)
        env._start()
        self._write(i)

    def _write(self, i: int) -> None:
        self.envs[i]._write(self._mask_rows[i])

    def _infos(self) -> dict[str, Any]:
        every = self._out(self._every)
        return {"action_mask": self._out(self._masks), "_action_mask": every,
                "illegal_action": self._illegal.copy(), "_illegal_action": every}

    def _out(self, array: Array) -> Array:
        return array.copy() if self.copy else array
