"""The shared part of the games' fast rollout policies (internal): a seeded generator and the
chance of a uniform move instead of the greedy one."""

from __future__ import annotations

import random

__all__ = ["EpsilonGreedy"]


class EpsilonGreedy:
    """Base of an epsilon-greedy policy: subclasses define ``choose(view)``.

    Args:
        seed: seed of its generator.
        epsilon: the chance of a uniform move instead of the greedy one.

    >>> EpsilonGreedy(seed=1, epsilon=0.25)
    EpsilonGreedy(epsilon=0.25)
    """

    __slots__ = ("rng", "epsilon")

    def __init__(self, seed: int | None = None, epsilon: float = 0.1) -> None:
        self.rng = random.Random(seed)
        self.epsilon = epsilon

    def __repr__(self) -> str:
        return f"{type(self).__name__}(epsilon={self.epsilon})"
