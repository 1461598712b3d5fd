"""Helpers of ``bench_solver.py`` for issue 43: joker positions checked against rummikub-solver
(``--jokers N``) and the tightness of the λ-priced joker bound (``--tightness N``).

``--jokers N``: N seeded positions holding 2 to 4 jokers (table and hand together), of five
shapes (two decks with two or four jokers, "2+2", swap-rich, three decks), under rules where
Machiavelli and Rummikub agree on the most cards a hand can lay (one natural card per meld:
Rummikub allows a meld of one tile and two jokers). Each is solved by ``solve`` and
``can_go_out`` and by rummikub-solver (its integer program, mode ``TILE_COUNT``); the counts
must agree. A swap that keeps a joker (MV-12) never raises the count, so it cannot differ.

``--tightness N``: N positions per joker size of the suite; for each, the optimum of the
free-joker relaxation (the program's own) and the λ-priced bound over
``_solver_lagrange.PRICES``, both in cards: the share where they agree and the gap
distribution (the bound is found by refuting "opt + 1", "opt + 2", ... cards with passes
pruned by each target). The columns "sfx" give the same for the bound on the ranks still to
come (``_solver_suffix.ceiling``, computed once per problem, no pass): tight, and one, two,
three or more cards above the optimum.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from typing import Any, Callable, Iterator

from naipes.cards import JOKER
from naipes.machiavelli import _solver_core as core
from naipes.machiavelli import _solver_lagrange as lagrange
from naipes.machiavelli import _solver_suffix as suffix
from naipes.machiavelli._solver_mirror import copied
from naipes.machiavelli._solver_quick import _fill, _jokers
from naipes.machiavelli._solver_tables import SCALE
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.solver import _Position, can_go_out, solve

#: (label, table cards, hand cards, copies, jokers in the decks, kind of bench_solver.random_position)
SHAPES: list[tuple[str, Any, Any, int, int, str]] = [
    ("2 decks 4J", (0, 60), (5, 20), 2, 4, ""),
    ("2 decks 2J", (10, 50), (8, 20), 2, 2, ""),
    ("2+2 jokers", (20, 50), (10, 20), 2, 4, "2+2"),
    ("swap-rich", (20, 50), (8, 16), 2, 4, "swap"),
    ("3 decks 4J", (30, 90), (10, 20), 3, 4, ""),
]


def joker_positions(random_position: Callable[..., Any], seed: int, count: int,
                    offset: int = 0) -> Iterator[tuple[str, Any, Rules]]:
    """``count`` seeded positions with 2 to 4 jokers present, the shapes in turn, after skipping
    the first ``offset`` (so a long run can be split into chunks: offsets 0, 300, 600, ...)."""
    rng = random.Random(f"{seed}:jokers")
    made = 0
    while made < offset + count:
        label, table, hand, copies, jokers, kind = SHAPES[made % len(SHAPES)]
        position = random_position(rng, table, hand, copies, jokers, kind)
        present = sum(len(m.jokers) for m in position[0]) + position[1].count(JOKER)
        if not 2 <= present <= 4:
            continue
        rules = Rules(players=6 if copies == 3 else 4, decks=copies, jokers=jokers, min_natural_per_combination=1)
        made += 1
        if made > offset:
            yield label, position, rules


def check_jokers(random_position: Callable[..., Any], rummikub: Callable[..., int],
                 reference: Callable[..., Any] | None, seed: int, count: int,
                 progress: Callable[[dict[str, Any]], None] | None = None, offset: int = 0) -> int:
    """Print the agreement with rummikub-solver on ``count`` joker positions; return the disagreements.

    rummikub-solver's set list leaves out a joker at the end of a run longer than three and in a
    group of four, so it may lay fewer cards: such a difference is counted apart ("rk fewer"), and
    checked against ``reference`` (the integer program of the Machiavelli rules) when given.
    A disagreement is any other difference, or one the reference does not confirm.
    ``progress`` (if given) gets the counts so far every 10 positions and at the end, so a
    long run can be cut and still leave its partial counts.
    """
    ours: dict[str, list[float]] = {}
    theirs: dict[str, list[float]] = {}
    wrong: Counter[str] = Counter()
    fewer: Counter[str] = Counter()
    for k, (label, position, rules) in enumerate(joker_positions(random_position, seed, count, offset), offset):
        t0 = time.process_time()
        answer = solve(*position, rules)
        out = can_go_out(*position, rules)
        ours.setdefault(label, []).append(time.process_time() - t0)
        t0 = time.process_time()
        tiles = rummikub(position, rules.num_decks, rules.jokers)
        theirs.setdefault(label, []).append(time.process_time() - t0)
        got = (0, 0) if answer is None else (answer.count, answer.value)
        ok = out == (got[0] == len(position[1]))
        if got[0] > tiles and reference is not None:
            ok = ok and (reference(position, rules) or (0, 0)) == got
            fewer[label] += ok
        elif got[0] != tiles:
            ok = False
        if not ok:
            wrong[label] += 1
            print(f"  disagreement #{k} ({label}): solve {got}, can_go_out {out}, rummikub-solver {tiles}", flush=True)
        if progress is not None and (k + 1 - offset) % 10 == 0:
            progress(_counts(ours, theirs, wrong, fewer, complete=False))
    print(f"{'shape':14} {'n':>5} {'wrong':>6} {'rk fewer':>9} {'ours med':>9} {'rk med':>9}")
    for label in ours:
        print(f"{label:14} {len(ours[label]):>5} {wrong[label]:>6} {fewer[label]:>9}"
              f" {statistics.median(ours[label]) * 1000:>7.2f}ms {statistics.median(theirs[label]) * 1000:>7.2f}ms")
    if progress is not None:
        progress(_counts(ours, theirs, wrong, fewer, complete=True))
    total = sum(len(v) for v in ours.values())
    print(f"joker positions (2-4 jokers) against rummikub-solver: {total - sum(wrong.values())}/{total} agree"
          f" ({sum(fewer.values())} where it lays fewer, confirmed by the reference)")
    return sum(wrong.values())


def _counts(ours: dict[str, list[float]], theirs: dict[str, list[float]], wrong: Counter[str],
            fewer: Counter[str], complete: bool) -> dict[str, Any]:
    """The counts of ``check_jokers`` so far, as JSON."""
    shapes = {label: {"positions": len(ours[label]), "disagreements": wrong[label], "rk_fewer": fewer[label],
                      "ours_median_ms": statistics.median(ours[label]) * 1000,
                      "rummikub_median_ms": statistics.median(theirs[label]) * 1000,
                      "ours_max_ms": max(ours[label]) * 1000} for label in ours}
    return {"complete": complete, "positions": sum(len(v) for v in ours.values()),
            "disagreements": sum(wrong.values()), "rk_fewer": sum(fewer.values()), "shapes": shapes}


def free_problem(position: Any, rules: Rules) -> core.Problem:
    """The free-joker relaxation of a position, as ``solve``'s search poses it."""
    pos = _Position(*position, rules)
    p = pos.problem(opening=False)
    _fill(p.opt, [c for c in pos.hand if c is not JOKER])
    p.jokers += _jokers(pos.hand)
    p.free_jokers = True
    core.drop_unplayable(p)
    return p


#: States a pass of the measure may make (the largest tables: tens of seconds a position past it).
CAP = 300_000


def bound_gap(p: core.Problem, opt: int, most: int = 4) -> int | None:
    """Cards between the λ-priced bound (best of ``PRICES``, at most the hand) and ``opt`` cards,
    at most ``most``; ``None`` when no price refuted a count and a pass went over :data:`CAP` states."""
    q = copied(p, False)
    hand = sum(map(sum, q.opt))
    for gap in range(most):
        n = opt + gap + 1
        if n > hand:
            return gap
        capped = False
        for price in lagrange.PRICES:
            try:
                if lagrange.priced(q, price, n * SCALE - price * q.jokers, CAP) is None:
                    return gap
            except lagrange._Capped:
                capped = True  # this price proves nothing; the others may
        if capped:
            return None
    return most


def tightness(sizes: list[Any], random_position: Callable[..., Any], seed: int, count: int) -> list[dict[str, Any]]:
    """Print, per joker size, how often the λ-priced bound equals the relaxation's optimum."""
    rows = []
    print("positions where the relaxation's optimum leaves cards in the hand (n); 'all' played every card")
    print(f"{'size':22} {'all':>4} {'n':>4} {'tight':>6} {'gap 1':>6} {'gap 2':>6} {'gap 3+':>7} {'bound med':>10} {'bound max':>10}"
          f" {'sfx tight/1/2/3+':>17}")
    for label, table, hand, copies, jokers, _, _, kind in sizes:
        if not jokers:
            continue
        rng = random.Random(f"{seed}:{label}")
        rules = Rules(players=6 if copies == 3 else 4, decks=copies, jokers=jokers)
        gaps: Counter[int] = Counter()
        sfx: Counter[int] = Counter()
        times = []
        whole = 0
        for _ in range(count):
            p = free_problem(random_position(rng, table, hand, copies, jokers, kind), rules)
            if not p.jokers:
                continue
            answer = core.best(copied(p, False))
            opt = 0 if answer is None else answer.obj // SCALE
            if opt == sum(map(sum, p.opt)):
                whole += 1  # every card: no bound can be above it
                continue
            sfx[min(3, max(0, suffix.ceiling(copied(p, False)) // SCALE - opt))] += 1
            t0 = time.process_time()
            gap = bound_gap(p, opt)
            times.append(time.process_time() - t0)
            gaps[-1 if gap is None else min(gap, 3)] += 1
        capped = gaps.pop(-1, 0)
        n = sum(gaps.values())
        row = {"size": label, "positions": n, "whole_hand": whole, "over_cap": capped, "gaps": {str(g): gaps[g] for g in range(4)},
               "tight_share": gaps[0] / n if n else None,
               "bound_median_ms": statistics.median(times) * 1000 if times else None,
               "bound_max_ms": max(times) * 1000 if times else None,
               "suffix_gaps": {str(g): sfx[g] for g in range(4)}}
        rows.append(row)
        share = f"{gaps[0] / n:>6.0%}" if n else f"{'-':>6}"
        spent = f" {row['bound_median_ms']:>8.1f}ms {row['bound_max_ms']:>8.1f}ms" if times else f" {'-':>10} {'-':>10}"
        print(f"{label:22} {whole:>4} {n:>4} {share} {gaps[1]:>6} {gaps[2]:>6} {gaps[3]:>7}{spent}"
              f" {'/'.join(str(sfx[g]) for g in range(4)):>17}"
              + (f"  ({capped} over the cap)" if capped else ""), flush=True)
    return rows
