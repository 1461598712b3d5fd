"""The reference of ``bench_solver.py``: an integer program of the Machiavelli rules (SciPy's
HiGHS), independent of the solver, that every answer of the benchmark is checked against."""

from __future__ import annotations

import itertools
from typing import Any, Callable, Sequence

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.machiavelli.melds import Meld
from naipes.machiavelli.rules import Rules

Position = tuple[list[Meld], list[Card]]


def make_reference() -> Callable[[Position, Rules], tuple[int, int] | None] | None:
    """An integer program of the Machiavelli rules (SciPy's HiGHS), independent of the solver."""
    try:
        import numpy as np
        from scipy.optimize import Bounds, LinearConstraint, milp
    except ImportError:
        return None
    weight = 4096
    cards = [(s, r) for s in range(4) for r in range(1, 14)]
    index = {c: i for i, c in enumerate(cards)}

    def templates(jokers: int, mn: int) -> list[tuple[tuple[int, ...], int, int]]:
        """Melds as (card indices, jokers, opening value); long runs only if they cannot split."""
        out = []
        for rank in range(1, 14):
            for k in range(1, 5):
                for suits in itertools.combinations(range(4), k):
                    for j in range(0, jokers + 1):
                        if k >= mn and 3 <= k + j <= 4:
                            out.append((tuple(index[(s, rank)] for s in suits), j, (k + j) * min(rank, 10)))
        for suit in range(4):
            for lo in range(1, 12):
                for hi in range(lo + 2, 14):
                    span = list(range(lo, hi + 1))
                    for j in range(0, min(jokers, len(span)) + 1):
                        for at in itertools.combinations(span, j):
                            nat = [r for r in span if r not in at]
                            if len(nat) < mn or _splits(span, set(at), mn):
                                continue
                            value = sum(min(r, 10) for r in span)
                            out.append((tuple(index[(suit, r)] for r in nat), j, value))
        return out

    cache: dict[tuple[int, int, int], Any] = {}

    def matrix(copies: int, jokers: int, mn: int) -> Any:
        key = (copies, jokers, mn)
        if key not in cache:
            temps = templates(jokers, mn)
            a = np.zeros((52, len(temps)))
            for m, (idx, _, _) in enumerate(temps):
                for i in idx:
                    a[i, m] += 1
            cache[key] = (temps, a, np.array([t[1] for t in temps]), np.array([t[2] for t in temps]))
        return cache[key]

    def solve_ilp(position: Position, rules: Rules, opening: bool, need_card: bool) -> tuple[int, int] | None:
        melds, hand = position
        copies, mn = rules.num_decks, rules.min_natural_per_combination
        table = np.zeros(52)
        declared = np.zeros(52)
        jt = 0
        if not opening:
            for m in melds:
                for c in m.naturals:
                    table[index[(FRENCH_SUITS.index(c.suit), c.rank)]] += 1  # type: ignore[arg-type]
                for c in m.declared:
                    declared[index[(FRENCH_SUITS.index(c.suit), c.rank)]] += 1  # type: ignore[arg-type]
                jt += len(m.jokers)
        held = np.zeros(52)
        for c in hand:
            if c != JOKER:
                held[index[(FRENCH_SUITS.index(c.suit), c.rank)]] += 1  # type: ignore[arg-type]
        jh = hand.count(JOKER)
        temps, a, jcol, vcol = matrix(copies, rules.jokers, mn)
        nt = len(temps)
        # variables: x (templates), p (played, 52), w (swap matches, 52), u (jokers on the table)
        n = nt + 52 + 52 + 1
        value = np.array([min(r, 10) for _, r in cards], dtype=float)
        c = np.zeros(n)
        c[nt : nt + 52] = -(weight + value)
        c[-1] = -(weight + rules.joker_penalty)
        rows, lo, hi = [], [], []
        eq = np.zeros((52, n))
        eq[:, :nt] = a
        eq[:, nt : nt + 52] = -np.eye(52)
        rows.append(eq)
        lo.append(table)
        hi.append(table)
        jrow = np.zeros((1, n))
        jrow[0, :nt] = jcol
        jrow[0, -1] = -1
        rows.append(jrow)
        lo.append(np.zeros(1))
        hi.append(np.zeros(1))
        swap = np.zeros((1, n))
        swap[0, nt + 52 : nt + 104] = 1
        swap[0, -1] = 1
        rows.append(swap)
        lo.append(np.array([jt]))
        hi.append(np.array([np.inf]))
        link = np.zeros((52, n))
        link[:, nt + 52 : nt + 104] = np.eye(52)
        link[:, nt : nt + 52] = -np.eye(52)
        rows.append(link)
        lo.append(np.full(52, -np.inf))
        hi.append(np.zeros(52))
        if opening:
            vrow = np.zeros((1, n))
            vrow[0, :nt] = vcol
            rows.append(vrow)
            lo.append(np.array([rules.initial_meld_min]))
            hi.append(np.array([np.inf]))
        if need_card:
            crow = np.zeros((1, n))
            crow[0, nt : nt + 52] = 1
            rows.append(crow)
            lo.append(np.array([1]))
            hi.append(np.array([np.inf]))
        upper = np.concatenate([np.full(nt, copies), held, np.minimum(declared, held), [jt + jh]])
        res = milp(
            c,
            constraints=LinearConstraint(np.vstack(rows), np.concatenate(lo), np.concatenate(hi)),
            integrality=np.ones(n),
            bounds=Bounds(np.zeros(n), upper),
            options={"mip_rel_gap": 0.0},  # the default gap (1e-4) may stop a point of value short
        )
        if res.x is None:
            return None
        p = np.rint(res.x[nt : nt + 52])
        u = int(round(res.x[-1]))
        count = int(p.sum()) + u - jt
        return count, int((p * value).sum()) + (u - jt) * rules.joker_penalty

    def reference(position: Position, rules: Rules) -> tuple[int, int] | None:
        best = solve_ilp(position, rules, False, False)
        if best is None:
            raise AssertionError("the reference found the table invalid")
        if best[0] > 0:
            return best
        return solve_ilp(position, rules, False, True)  # only a swap that keeps the joker

    return reference


def _splits(span: Sequence[int], jokers: set[int], mn: int) -> bool:
    """True if a run can be cut into two valid runs (then the template is redundant)."""
    for k in range(3, len(span) - 2):
        left = sum(1 for r in span[:k] if r not in jokers)
        right = sum(1 for r in span[k:] if r not in jokers)
        if left >= mn and right >= mn:
            return True
    return False
