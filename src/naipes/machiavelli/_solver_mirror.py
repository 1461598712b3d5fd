"""Private: solving a problem with its ranks read from the king down.

The rules are symmetric in the ranks (a run is a run read either way, groups
are one rank), so a problem and its *mirror* (rank ``r`` becomes ``14 - r``,
each rank keeping its own value) have the same optimum. The program is not
equally fast both ways: its bound ("every card still to come") is loose at the
start and tight at the end, so the ranks that hold most cards are best
processed last. :func:`mirror_first` predicts which way is faster by a linear
rule fitted offline on the states each way makes alone.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Callable

from naipes.machiavelli._solver_budget import Meter, OutOfBudget
from naipes.machiavelli._solver_tables import MIRRORED_VALUES, NRANKS, VALUES

if TYPE_CHECKING:
    from naipes.machiavelli._solver_core import Answer, Problem

#: The middle rank: cards above it count for reading ace to king, below it for the mirror.
_MIDDLE = (NRANKS + 1) // 2


#: The direction chooser's weights: the table's cards of each rank below the seven less those of
#: its mirror rank (ace less king, two less queen, ..., six less eight), the same for the suits
#: held at the rank (table and hand), then a constant. Fitted offline by
#: ``python benchmarks/bench_solver.py --direction-fit`` (``benchmarks/_bench_direction.py``) on
#: the states each way makes alone: seed 4301 (400 positions of each size of ``DATA_SIZES``) and
#: 4303 (800 of each of its seven joker and three-deck sizes), the benchmark's seed 2024 held out.
DIRECTION_WEIGHTS: tuple[float, ...] = (
    -0.144, -0.1283, -0.2067, -0.0868, -0.0641, -0.0521, -0.3577, -0.4128, -0.3548, -0.3829, -0.2928, -0.0885, -0.1062,
)


#: Scores of :data:`DIRECTION_WEIGHTS` closer to zero than this leave the choice to the moment
#: rule (:func:`moment_first`): the fitted rule gains nothing there on its data, and lost most
#: there in the timings (the machiavelli-solver guide, the sixth round).
MARGIN = 0.1


def mirror_first(p: Problem) -> bool:
    """True when the chooser (:data:`DIRECTION_WEIGHTS` on :func:`features`) predicts that the
    mirror, reading the king first, is faster: roughly, when the low ranks hold more cards and
    more suits than the high ones, so that read from the king they come last."""
    weights = DIRECTION_WEIGHTS
    score = weights[-1]
    for k, x in enumerate(features(p)):
        score += weights[k] * x
    return score < 0 if abs(score) >= MARGIN else moment_first(p)


def moment_first(p: Problem) -> bool:
    """True when most of the problem's cards (weighted by their distance from the middle rank)
    lie below the seven."""
    moment = 0
    for r in range(1, NRANKS + 1):
        moment += (r - _MIDDLE) * (sum(p.table[r - 1]) + sum(p.must[r - 1]) + sum(p.opt[r - 1]))
    return moment < 0


def features(p: Problem) -> list[int]:
    """What the chooser reads: for each rank below the seven, the table's cards there less those
    of the mirror rank, then the suits held there (table and hand cards) less the mirror rank's."""
    table = [sum(row) for row in p.table]
    suits = [sum(1 for t, m, o in zip(*rows) if t + m + o) for rows in zip(p.table, p.must, p.opt)]
    low = range(_MIDDLE - 1)
    return [table[r] - table[NRANKS - 1 - r] for r in low] + [suits[r] - suits[NRANKS - 1 - r] for r in low]


#: Problems without jokers on tables of fewer natural cards are read ace to king only: there the
#: two ways cost the same, and the copies and the race cost a few per cent (measured side by side).
RACE_FROM = 60

#: States the first direction may make before the other gets its turn; each round doubles it.
FIRST_CAP = 100_000


def race(p: Problem, run: Callable[[Problem], Answer | None]) -> Answer | None:
    """``run(p)``, read both ways in turn under doubling node caps, the way of :func:`mirror_first` first.

    Either way gives the optimum; the first to finish within its cap answers
    (small problems without jokers: see :data:`RACE_FROM`).
    A way rarely fails where the other is quick, but then by orders of
    magnitude, so neither runs unbounded. The two ways share the answers of
    the passes finished (``Problem.passes``, by bound and joker count), so a
    turn starts at the first pass not yet done: the race costs at most about
    twice the quicker way, plus the passes stopped half-way. Deterministic (caps count states, not time);
    ``p.meter`` (a budget) is charged for both and stops the race.
    """
    if not p.jokers and sum(map(sum, p.table)) < RACE_FROM:
        return run(p)
    first = mirror_first(p)
    outer = p.meter
    cap = FIRST_CAP
    ways: dict[bool, Problem] = {}
    passes: dict[tuple[object, ...], tuple[tuple[int, ...], Answer | None]] = {}
    while True:
        for flip in (first, not first):
            q = ways.get(flip)
            if q is None:
                q = ways[flip] = copied(p, flip)
                q.passes = passes  # either way skips the passes finished
            q.meter = sub = Meter(cap, None, coarse=True) if outer is None else outer.sub(cap)
            try:
                answer = run(q)
            except OutOfBudget:
                answer, done = None, False
            else:
                done = True
            if outer is not None:
                outer.spent += sub.spent
            if done:
                return unmirrored(answer) if flip and answer is not None else answer
            if outer is not None:
                if outer.nodes is not None and outer.spent >= outer.nodes:
                    raise OutOfBudget
                outer.check()
        cap *= 2


def copied(p: Problem, flip: bool) -> Problem:
    """A copy of ``p`` to solve (its bound, floor and meter shared), its ranks reversed if ``flip``."""
    q = copy.copy(p)
    rows = reversed if flip else list
    q.table = [row[:] for row in rows(p.table)]
    q.must = [row[:] for row in rows(p.must)]
    q.opt = [row[:] for row in rows(p.opt)]
    q.decl = [row[:] for row in rows(p.decl)]
    if flip:
        q.values = MIRRORED_VALUES if p.values is VALUES else VALUES
    q.prep = None
    return q


def unmirrored(answer: Answer) -> Answer:
    """The answer of a mirrored problem read in the original ranks (runs kept in ascending order)."""
    melds = []
    for meld in answer.melds:
        flipped = [(NRANKS + 1 - r, s, joker) for r, s, joker in meld]
        melds.append(flipped if meld[0][0] == meld[-1][0] else flipped[::-1])  # a group, or a run
    return type(answer)(answer.obj, [row[:] for row in reversed(answer.played)], answer.jokers, melds)
