"""Private: the λ-priced joker bound of the solver's free-joker relaxation (issue 43).

The free-joker relaxation of :mod:`._solver_core` keeps in each state the
jokers used so far (at most ``p.jokers``): the dimension that makes its
passes slow near the optimum. A *Lagrangian relaxation* of that one
constraint drops it: every joker a meld takes costs ``price`` (objective
units), and the program maximizes ``naturals - price * jokers`` with no joker
counter at all (each step still takes at most ``p.jokers``, as every real
layout does). For every ``price >= 0`` and every joker count ``k``, a layout
with at most ``k`` jokers is worth at most ``phi(price) + price * k``, where
``phi`` is that priced optimum; the least of these over a few prices is an
upper bound on the relaxation's optimum with ``k`` jokers, at least as tight
as the integer program's LP relaxation once the best price is among them
(Geoffrion 1974: the Lagrangian dual of a constraint equals the LP bound of
the convex hull of the rest, which contains the LP relaxation).

:func:`bound` gives those bounds for ``k = 0 .. p.jokers`` (a measure of
their tightness: ``benchmarks/bench_solver.py --tightness``).
:func:`fewest_jokers` is the same pass with an overwhelming price: the
fewest jokers any layout with the required cards needs. It refutes the
feasibility pass of ``can_go_out`` / ``can_play`` before it runs (with no
optional card the target prunes every state past ``p.jokers`` jokers, so the
pass costs less than the one with a joker counter it replaces).

Measured (issue 43): as a bound on the targets of :func:`._solver_core.best`
the priced pass does not pay. Without the counter a joker may go wherever a
step allows one, so a pass pruned by a target makes 2 to 40 times the states
of the counted pass at the same target (40-card tables: thousands per step);
refuting the targets above the optimum cost more than the passes it saved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from naipes.machiavelli import _solver_options as options
from naipes.machiavelli._solver_budget import metered
from naipes.machiavelli._solver_dominance import undominated
from naipes.machiavelli._solver_mirror import copied, mirror_first
from naipes.machiavelli._solver_tables import GK, GK_MASK, JU, NRANKS, NSUITS, SCALE, SID_BITS, SID_MASK

if TYPE_CHECKING:
    from naipes.machiavelli._solver_core import Problem

#: Room for the joker count below the priced objective in a packed value (ties: fewer jokers).
_PACK = 1 << 10
_NEG = -(1 << 80)
_CLEAR_JU = ~(15 << JU)


class _Capped(Exception):
    """A priced pass made more states than its cap: it proves nothing."""


def priced(p: Problem, price: int, target: int | None = None, cap: int | None = None) -> tuple[int, int] | None:
    """The most ``naturals - price * jokers`` any layout of the relaxation reaches, and its jokers.

    ``p`` must be a free-joker problem without an extra counter. ``target``:
    prune the states that cannot reach it (then ``None`` means "below
    ``target``"). ``cap``: raise :class:`_Capped` past this many states.
    Charges ``p.meter`` as the program's passes do.
    """
    from naipes.machiavelli import _solver_core as core  # a cycle: the core imports this module

    runs, groups, _, allowed_by_rank, steps, _ = core._prepared(p)
    rem = _remaining(p)
    jokers, cost = p.jokers, price * _PACK + 1
    jokers_for = groups.jokers_for
    layer: dict[int, int] = {0: 0}
    made = 0
    for r in range(1, NRANKS + 1):
        allowed = allowed_by_rank[r - 1]
        for i in range(NSUITS):
            idx = (r - 1) * NSUITS + i
            floor = _NEG if target is None else (target - rem[idx]) * _PACK - (_PACK - 1)
            layer = _step(p, runs, layer, allowed[i], r, i, steps[idx], floor, cost)
            made += len(layer)
            if cap is not None and made > cap:
                raise _Capped
            if p.meter is not None:
                p.meter.charge(len(layer) + 1)
        nxt: dict[int, int] = {}
        for key, obj in metered(layer, p.meter, nxt):
            gk = (key >> GK) & GK_MASK
            js = jokers_for.get(gk)
            if js is None or js[0] > jokers:
                continue
            nk = key - (gk << GK)  # every joker count leads here: the fewest is best
            o = obj - js[0] * cost
            if o > nxt.get(nk, _NEG):
                nxt[nk] = o
        if not nxt:
            return None
        layer = undominated(runs, nxt, True, p.meter) if len(nxt) > 1 else nxt
    best = max((obj for key, obj in layer.items() if core._final_ok(p, runs, key)), default=None)
    if best is None:
        return None
    used = (-best) % _PACK
    return (best + used) // _PACK, used


def _remaining(p: Problem) -> list[int]:
    """For each suit step, the most the naturals can still gain after it (required cards too)."""
    rem = [0] * (NRANKS * NSUITS)
    acc = 0
    for idx in range(NRANKS * NSUITS - 1, -1, -1):
        rem[idx] = acc
        r, i = divmod(idx, NSUITS)
        acc += (p.opt[r][i] + p.must[r][i]) * (SCALE + p.values[r + 1])
    return rem


def _step(p: Problem, runs: object, layer: dict[int, int], allowed: dict[int, tuple[int, ...]], r: int, i: int,
          step: int, floor: int, cost: int) -> dict[int, int]:
    """One suit step of :func:`priced` (the joker counter cleared from every state)."""
    shift = i * SID_BITS
    jokers = p.jokers
    cache: dict[int, tuple[tuple[options.Option, ...], ...]] = {}
    nxt: dict[int, int] = {}
    get = nxt.get
    for key, obj in metered(layer, p.meter, nxt):
        demands = allowed.get((key >> GK) & GK_MASK)
        if demands is None:
            continue
        sid = (key >> shift) & SID_MASK
        opts = cache.get(sid)
        if opts is None:
            opts = cache[sid] = options._options(p, runs, sid, r, i, step)  # type: ignore[arg-type]
        for g in demands:
            for opt in opts[g]:
                top = obj + opt[1] * _PACK
                if top < floor:
                    break  # sorted by natural cards: the rest gain less
                if opt[8] > jokers:
                    continue
                o = top - opt[2] * cost
                if o - (opt[8] - opt[2]) * cost < floor:
                    continue  # with the jokers the next two ranks will need (each costs the price too)
                nk = (key + opt[0]) & _CLEAR_JU
                if o > get(nk, _NEG):
                    nxt[nk] = o
    return nxt


def _oriented(p: Problem) -> Problem:
    """The problem read the way its passes prune best (see :func:`._solver_mirror.mirror_first`)."""
    return copied(p, True) if mirror_first(p) else p


#: The prices of :func:`bound`, in card units (``SCALE``): one and a half cards is the best single
#: price measured on the benchmark's joker families; the others catch the rest, and 0 (jokers free)
#: the positions where the jokers are not what limits the play.
PRICES = tuple(SCALE * k // 4 for k in (6, 4, 5, 8, 3, 12, 2, 0))


def bound(p: Problem, prices: tuple[int, ...] = PRICES) -> list[int] | None:
    """Upper bounds on the relaxation's objective with at most ``k`` jokers, ``k = 0 .. p.jokers``:
    the least ``phi(price) + price * k`` over ``prices`` (unpruned passes: a measure, not a
    shortcut). ``None`` when no layout exists at all."""
    q = _oriented(p)
    ceil: list[int] | None = None
    for price in prices:
        found = priced(q, price)
        if found is None:
            return None
        row = [found[0] + price * k for k in range(q.jokers + 1)]
        ceil = row if ceil is None else [min(a, b) for a, b in zip(ceil, row)]
    return ceil


def fewest_jokers(p: Problem, cap: int | None = None) -> int | None:
    """The fewest jokers a layout of the relaxation needs (every required card placed); ``None``
    when none exists. With no optional cards the pass is pruned as the exact one is (a state
    that used more than ``p.jokers`` jokers cannot reach the target). ``cap``: past this many
    states, return ``p.jokers`` (proves nothing)."""
    q = _oriented(p)
    price = (sum(map(sum, q.opt)) + sum(map(sum, q.must)) + 1) * (SCALE + 10) + 1  # beyond every card
    must = sum(n * (SCALE + q.values[r + 1]) for r, row in enumerate(q.must) for n in row)
    try:
        found = priced(q, price, must - price * q.jokers if not any(map(any, q.opt)) else None, cap)
    except _Capped:
        return p.jokers
    return None if found is None else found[1]
