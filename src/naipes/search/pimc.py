"""Perfect-information Monte Carlo (determinized) search.

Deal a world from the view, play each of the observer's legal moves in a
copy of it and roll every copy out; over many worlds, answer the move of
highest mean return for the observer. In a simultaneous window the other
seats' sealed answers are drawn by the rollout policy from their own views,
as in :class:`~naipes.search.ISMCTSBot`; the root candidates of the game's
plugin (for games whose ``legal_moves`` is not complete) are scored with the
listed ones.

.. versionadded:: 1.1
"""

from __future__ import annotations

from typing import Sequence, TypeVar

from naipes.game import Move, View
from naipes.search._common import AnyGame, Clock, Context, Evaluate, SearchBase, describe, legal_moves_of, others_answer
from naipes.search.rollout import Rollout

__all__ = ["PIMCBot"]

M = TypeVar("M", bound=Move)


class PIMCBot(SearchBase):
    """A determinizing bot: the best mean over sampled worlds of each move's rollouts.

    Args:
        iterations: rollouts per decision (each world rolls every move out
            once, moves in listed order); ``None`` for a time budget only.
        seconds: time per decision; with both, whichever runs out first.
            Only an iteration budget alone is reproducible from the seed.
        seed: seed of the bot's generator (``None``: fresh entropy).
        rollout: the rollout policy (:mod:`naipes.search.rollout`; default per game).
        candidate: as for :class:`~naipes.search.ISMCTSBot`.
        max_rollout: decisions after which a rollout stops and is valued by ``evaluate``.
        evaluate: the value per seat of a capped rollout's world (default: the
            game plugin's evaluation, else a draw).

    Attributes:
        last_iterations: the rollouts the last decision that searched ran.

    Raises:
        UsageError: for a budget that is not positive (code ``bad_budget``), or
            a rollout or candidate that names no bot; while choosing, for an
            evaluation without one value per seat (code ``bad_evaluation``).

    .. versionadded:: 1.1
    """

    __slots__ = ()

    def __init__(self, iterations: int | None = 400, seconds: float | None = None, *,
                 seed: int | None = None, rollout: Rollout = None, candidate: Rollout | bool = True,
                 max_rollout: int = 300, evaluate: Evaluate | None = None) -> None:
        super().__init__(iterations=iterations, seconds=seconds, seed=seed, rollout=rollout,
                         candidate=candidate, max_rollout=max_rollout, evaluate=evaluate)

    def __repr__(self) -> str:
        return describe(self, iterations=self.iterations, seconds=self.seconds)

    def choose(self, view: View[M]) -> M:
        """The move of best mean return over the sampled worlds (the first listed of equals).

        Raises:
            IllegalMoveError: when the view lists no legal move (code ``no_legal_move``).
        """
        moves: Sequence[M] = legal_moves_of(view)
        if len(moves) == 1:
            return moves[0]
        clock = Clock(self.iterations, self.seconds)
        first = view.sample(self._rng)
        ctx = self._context(first)
        listed = self._root_moves(view, first, ctx)
        totals = [0.0] * len(listed)
        counts = [0] * len(listed)
        done = 0
        world: AnyGame | None = first
        while clock.more(done):
            world = world if world is not None else view.sample(self._rng)
            for i, move in enumerate(listed):
                totals[i] += self._score(world.clone(), view.seat, move, ctx)
                counts[i] += 1
                done += 1
                if not clock.more(done):
                    break
            world = None
        self.last_iterations = done
        return listed[_best(totals, counts)]

    def _score(self, world: AnyGame, seat: int, move: Move, ctx: Context) -> float:
        """The observer's return of one rollout after ``move``."""
        if len(world.to_act) > 1:
            others_answer(world, seat, ctx.policy, self._rng)
        world.play(move, seat)
        returns = world.result.returns if world.result is not None else self._play_out(world, ctx, seat)
        return returns[seat]


def _best(totals: Sequence[float], counts: Sequence[int]) -> int:
    """The index of the best mean among the moves rolled out (the first of equals)."""
    means = [t / n if n else float("-inf") for t, n in zip(totals, counts)]
    return max(range(len(means)), key=lambda i: (means[i], -i))
