"""Private: what both search bots share: the budget, the per-game context, window answers."""

from __future__ import annotations

import random
import time
from typing import Any, Callable, Sequence, TypeVar

from naipes.errors import IllegalMoveError, UsageError
from naipes.game import Game, Move, View
from naipes.search._candidates import Proposer, extra_moves, make_candidate
from naipes.search.rollout import Policy, Rollout, Valuation, make_policy, play_out

AnyGame = Game[Any, Any, Any]
M = TypeVar("M", bound=Move)
#: ``evaluate=``: the value per seat of a world whose rollout was capped.
Evaluate = Callable[[AnyGame], Sequence[float]]


def check_budget(iterations: int | None, seconds: float | None) -> None:
    """Raise for a budget that is not a positive int of iterations and/or positive seconds.

    Raises:
        UsageError: code ``bad_budget``.
    """
    if iterations is None and seconds is None:
        raise UsageError("give iterations= or seconds= (or both)", code="bad_budget")
    if iterations is not None and (type(iterations) is not int or iterations < 1):
        raise UsageError(f"iterations must be a positive int, not {iterations!r}", code="bad_budget")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not seconds > 0):
        raise UsageError(f"seconds must be a positive number, not {seconds!r}", code="bad_budget")


class Clock:
    """One decision's budget: ``more(done)`` while iterations and time are left."""

    __slots__ = ("iterations", "deadline")

    def __init__(self, iterations: int | None, seconds: float | None) -> None:
        self.iterations = iterations
        self.deadline = None if seconds is None else time.perf_counter() + seconds

    def more(self, done: int) -> bool:
        """True while the budget allows another iteration after ``done`` (at least one always runs)."""
        if done == 0:
            return True
        if self.iterations is not None and done >= self.iterations:
            return False
        return self.deadline is None or time.perf_counter() < self.deadline


class Context:
    """What a bot resolved for one game: the rollout policy, the candidates, the fallback value."""

    __slots__ = ("policy", "candidate", "evaluate")

    def __init__(self, policy: Policy, candidate: Proposer | None, evaluate: Valuation) -> None:
        self.policy = policy
        self.candidate = candidate
        self.evaluate = evaluate


class SearchBase:
    """The options and the state shared by :class:`ISMCTSBot` and :class:`PIMCBot`."""

    __slots__ = ("iterations", "seconds", "max_rollout", "last_iterations", "_rng", "_rollout",
                 "_candidate", "_evaluate", "_contexts")

    def __init__(self, *, iterations: int | None, seconds: float | None, seed: int | None,
                 rollout: Rollout, candidate: Rollout | bool, max_rollout: int,
                 evaluate: Evaluate | None) -> None:
        check_budget(iterations, seconds)
        if type(max_rollout) is not int or max_rollout < 1:
            raise UsageError(f"max_rollout must be a positive int, not {max_rollout!r}", code="bad_budget")
        self.iterations = iterations
        self.seconds = seconds
        self.max_rollout = max_rollout
        #: Iterations (ISMCTS) or rollouts (PIMC) run by the last decision that searched.
        self.last_iterations = 0
        self._rng = random.Random(seed)
        self._rollout = rollout
        self._candidate = candidate
        self._evaluate = evaluate
        self._contexts: dict[str, Context] = {}

    def _context(self, world: AnyGame) -> Context:
        """The context of ``world``'s game, built on first use (policy seeds from the bot's generator)."""
        ctx = self._contexts.get(world.name)
        if ctx is None:
            policy = make_policy(self._rollout, world.name, self._rng.randrange(2**63))
            candidate = make_candidate(self._candidate, world.name)
            ctx = self._contexts[world.name] = Context(policy, candidate, Valuation(self._evaluate, world.name))
        return ctx

    def _play_out(self, world: AnyGame, ctx: Context, observer: int) -> tuple[float, ...]:
        """``world`` rolled out by the policy; a capped rollout valued for the searching ``observer``."""
        evaluate = ctx.evaluate
        return play_out(world, ctx.policy, self._rng, self.max_rollout, lambda w: evaluate(w, observer))

    def _root_moves(self, view: View[M], world: AnyGame, ctx: Context) -> tuple[M, ...]:
        """The observer's listed moves, after the candidates that are legal and not listed (in order)."""
        moves = view.legal_moves
        if ctx.candidate is None:
            return moves
        extra: tuple[Any, ...] = extra_moves(ctx.candidate.propose(view), moves,
                                             lambda m: world.is_legal(m, view.seat))
        return (*extra, *moves) if extra else moves


def others_answer(world: AnyGame, observer: int, policy: Policy, rng: random.Random) -> tuple[tuple[int, Move], ...]:
    """Every seat of an open window but ``observer`` answers by the policy (sealed: order is moot)."""
    answers = tuple((s, policy.move(world, s, rng)) for s in sorted(world.to_act) if s != observer)
    for seat, move in answers:
        world.play(move, seat)
    return answers


def describe(obj: object, **fields: object) -> str:
    """``Name(a=1, b=2)`` for a repr."""
    inner = ", ".join(f"{k}={v!r}" for k, v in fields.items())
    return f"{type(obj).__name__}({inner})"


def legal_moves_of(view: View[Any]) -> tuple[Any, ...]:
    """The view's legal moves, refused with ``no_legal_move`` when there is none."""
    moves = tuple(view.legal_moves)
    if not moves:
        raise IllegalMoveError("the view has no legal move to choose from", seat=view.seat,
                               code="no_legal_move")
    return moves
