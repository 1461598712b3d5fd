"""Private: the options of the solver's program, and the tables its passes share.

For a suit step (a suit at a rank) and a suit state, the *options* are the
ways the step can go: how many of the cell's cards are used, how many go to
groups, how many jokers join the runs, and the new suit state. They are
memoized across calls, keyed by a *step id* (everything the options depend on
but the suit state) and the state; their suit- and value-free parts (the
*shapes*) are shared by every suit and rank value that agree on the rest.
Also the group demands each suit may still meet at a rank, by the cards
available (memoized by the suffix of suits they depend on).
"""

from __future__ import annotations

import itertools
import threading
from typing import TYPE_CHECKING

from naipes.machiavelli._solver_tables import (
    GK,
    GSTEP,
    JU,
    NRANKS,
    NSUITS,
    SCALE,
    SID_BITS,
    SW,
    GroupTable,
    Recipe,
    RunTable,
)

if TYPE_CHECKING:
    from naipes.machiavelli._solver_core import Problem

# An option for one suit at one rank, from one suit state:
# (state delta, objective delta, jokers b, extra delta, new sid, n naturals, g to groups, recipe,
#  jokers needed: b and those the next two ranks will need for lack of natural cards)
Option = tuple[int, int, int, int, int, int, int, Recipe, int]


def _allowed_demands(p: Problem, groups: GroupTable, avail: list[int]) -> list[dict[int, tuple[int, ...]]]:
    """Per suit, the group demands allowed after each partial demand key of a rank (``avail``: its cards)."""
    copies = p.copies
    caps = tuple([a if a < copies else copies for a in avail])  # a list, not a generator: 13 per prep
    cached = groups.allowed.get(caps)
    if cached is None:
        built = _compute_allowed(groups, caps)
        with _LOCK:
            cached = groups.allowed.setdefault(caps, built)
    return cached


def _compute_allowed(groups: GroupTable, caps: tuple[int, ...]) -> list[dict[int, tuple[int, ...]]]:
    """Suit by suit from the last: the demands allowed for suit ``i`` depend on ``caps[i:]`` only,
    so each suffix is computed once per group table (kept in ``groups.allowed`` too)."""
    allowed: list[dict[int, tuple[int, ...]]] = [{} for _ in range(NSUITS)]
    ok: set[int] | None = None
    for i in range(NSUITS - 1, -1, -1):
        suffix = (-1, *caps[i:])  # tagged apart from the full keys of 4 caps
        kept = groups.allowed.get(suffix)
        if kept is None:
            if ok is None:
                ok = set(groups.jokers_for)
            before: dict[int, list[int]] = {}
            for gk in ok:
                for g in range(caps[i] + 1):
                    if gk >= GSTEP[g]:
                        before.setdefault(gk - GSTEP[g], []).append(g)
            kept = [{gk: tuple(sorted(gs)) for gk, gs in before.items()}]
            with _LOCK:
                kept = groups.allowed.setdefault(suffix, kept)
        allowed[i] = kept[0]
        ok = set(allowed[i])
    return allowed


_OPTIONS: dict[int, tuple[tuple[Option, ...], ...]] = {}
_STEPS: dict[tuple[int, ...], int] = {}
_STEP_IDS = itertools.count(1)
#: Guards the writes of the memos (reads need none: an entry is stored whole, once computed).
_LOCK = threading.Lock()


def _step_ids(p: Problem, runs: RunTable, grid: list[list[int]]) -> list[int]:
    """For each suit step, an id for everything its options depend on, but the suit state
    (``grid``: the cards that may be used, by rank 0..15 and suit): ranks that agree on all of
    it share their options."""
    jokers, jv, xmode, values, mn, free = p.jokers, p.jv, p.xmode, p.values, runs.mn, runs.free
    ids: list[int] = []
    get = _STEPS.get
    suits = range(NSUITS)
    small = jokers + max(map(max, grid)) <= 9  # then no cap of 9 can bite
    below = [[0] * NSUITS]  # each suit's cards up to each rank (capn: those of the next ranks)
    for r in range(1, NRANKS + 1):
        below.append([a + b for a, b in zip(below[-1], grid[r])])
    for r in range(1, NRANKS + 1):
        trow, mrow, orow = p.table[r - 1], p.must[r - 1], p.opt[r - 1]
        los = [t + m for t, m in zip(trow, mrow)]
        his = [lo + o for lo, o in zip(los, orow)]
        if r < NRANKS:
            cap1 = [a + jokers for a in grid[r + 1]] if small else [min(a + jokers, 9) for a in grid[r + 1]]
            # without jokers: min(a, 9) for the next rank, which cap1 is; with them, the cards of
            # the ranks r + 1 .. r + 1 + jokers, at most 9
            capn = cap1 if not jokers else [
                min(b - a, 9) for a, b in zip(below[r], below[min(NRANKS, r + 1 + jokers)])]
        else:
            cap1 = capn = [0] * NSUITS
        if r < NRANKS - 1:
            cap2 = [a + jokers for a in grid[r + 2]] if small else [min(a + jokers, 9) for a in grid[r + 2]]
        else:
            cap2 = [0] * NSUITS
        v = values[r]
        # not the rank itself: the options depend on it only through its value, the caps (0 past
        # the king, so the next ranks' cards follow from them) and where free jokers may lead a run
        lead = r == NRANKS - 2
        keys = [(mn, free, i, lead, v, t, lo, hi, d, jokers, jv, xmode, c1, c2, cn)
                for i, t, lo, hi, d, c1, c2, cn in zip(suits, trow, los, his, p.decl[r - 1], cap1, cap2, capn)]
        for key in keys:
            step = get(key)
            if step is None:
                with _LOCK:
                    if len(_STEPS) > 50_000:
                        _STEPS.clear()
                        _OPTIONS.clear()
                        _PARAMS.clear()
                        _SHAPE_IDS.clear()
                    # never reused: problems keep their ids (see _prepared)
                    step = _STEPS.setdefault(key, next(_STEP_IDS))
            ids.append(step)
    return ids


def _options(p: Problem, runs: RunTable, sid: int, r: int, i: int, step: int) -> tuple[tuple[Option, ...], ...]:
    """The choices for suit ``i`` at rank ``r`` from suit state ``sid``, by cards given to groups.

    Each list is sorted by the natural cards' gain, best first, so that the
    bound can stop a scan early. Memoized across calls.
    """
    key = (step << SID_BITS) | sid
    out = _OPTIONS.get(key)
    if out is None:
        built = _compute_options(p, runs, sid, r, i, step)
        with _LOCK:
            if len(_OPTIONS) > 200_000:
                _OPTIONS.clear()
            out = _OPTIONS.setdefault(key, built)
    return out


def _compute_options(p: Problem, runs: RunTable, sid: int, r: int, i: int, step: int) -> tuple[tuple[Option, ...], ...]:
    params = _PARAMS.get(step)
    if params is None:  # computed once per step id: every suit state of the step shares it
        params = _PARAMS[step] = _step_params(p, runs, r, i)  # two threads would write the same value
    shape_key, shape_id, t, shift, hv, jv, x1 = params
    # what the options are made of does not depend on the suit or the rank's value: shared by them
    key = shape_id | sid
    base = _SHAPES.get(key)
    if base is None:
        _, free, lead, t, lo, hi, dw, jokers, cap1, cap2, capn, a1, a2 = shape_key
        built = _option_shapes(runs, sid, t, lo, hi, dw, jokers, free, lead, cap1, cap2, capn, a1, a2)
        with _LOCK:
            if len(_SHAPES) > 100_000:
                _SHAPES.clear()
            base = _SHAPES.setdefault(key, built)
    # list comprehensions, not generators: the concretized options are the cold memo's main cost
    # (a few options a call: the empty buckets, most of them, skip theirs)
    if x1:
        v = hv - SCALE
        return tuple([tuple([((d << shift) + rest, (n - t) * hv + b * jv, b, (n + b) * v, nsid, n, g, recipe, need)
                             for d, rest, b, nsid, n, recipe, need in bucket]) if bucket else ()
                      for g, bucket in enumerate(base)])
    return tuple([tuple([((d << shift) + rest, (n - t) * hv + b * jv, b, int(n > t), nsid, n, g, recipe, need)
                         for d, rest, b, nsid, n, recipe, need in bucket]) if bucket else ()
                  for g, bucket in enumerate(base)])


# The shapes' key but the suit state: (mn, free, lead, t, lo, hi, dw, jokers, cap1, cap2, capn, a1, a2)
_ShapeKey = tuple[int, bool, bool, int, int, int, int, int, int, int, int, int, int]
#: What :func:`_compute_options` needs of a suit step besides the suit state, by step id (the id stands
#: for everything the options depend on but the state, as the memo of options assumes): the shapes'
#: key and its id (above the suit state's bits: the key of :data:`_SHAPES` less the state), the table
#: cards, the suit's shift, a card's and a joker's worth, and the opening's counter.
_PARAMS: dict[int, tuple[_ShapeKey, int, int, int, int, int, bool]] = {}
#: An int for each shapes' key (never reused), so that :data:`_SHAPES` is keyed by an int.
_SHAPE_IDS: dict[_ShapeKey, int] = {}
_SHAPE_ID = itertools.count(1)


def _step_params(p: Problem, runs: RunTable, r: int, i: int) -> tuple[_ShapeKey, int, int, int, int, int, bool]:
    """The entry of :data:`_PARAMS` for suit ``i`` at rank ``r`` (measured: 1-3 % of ``solve`` on
    the joker families, where the cold memo of options is 14-21 % of it)."""
    t = p.table[r - 1][i]
    lo = t + p.must[r - 1][i]
    hi = lo + p.opt[r - 1][i]
    jokers = p.jokers
    a1, a2 = p.avail(r + 1, i), p.avail(r + 2, i)
    cap1 = min(a1 + jokers, 9) if r < NRANKS else 0
    cap2 = min(a2 + jokers, 9) if r < NRANKS - 1 else 0
    capn = sum(p.avail(q, i) for q in range(r + 1, min(NRANKS, r + 1 + jokers) + 1))
    free = p.free_jokers
    lead = not free or r == NRANKS - 2
    dw = 0 if free else p.decl[r - 1][i]  # swap matches only matter to the exact program (its jmin)
    shape_key = (runs.mn, free, lead, t, lo, hi, dw, jokers, cap1, cap2, capn, a1, a2)
    shape_id = _SHAPE_IDS.get(shape_key)
    if shape_id is None:
        with _LOCK:
            shape_id = _SHAPE_IDS.setdefault(shape_key, next(_SHAPE_ID))
    return shape_key, shape_id << SID_BITS, t, i * SID_BITS, SCALE + p.values[r], p.jv, p.xmode == 1


# (nsid - sid, the rest of the state delta, jokers b, new sid, n naturals, recipe, jokers needed)
_Shape = tuple[int, int, int, int, int, Recipe, int]
#: The options' suit- and value-free parts, by everything they depend on (see :func:`_compute_options`):
#: the id of their key in :data:`_SHAPE_IDS` above the suit state.
_SHAPES: dict[int, tuple[tuple[_Shape, ...], ...]] = {}


def _option_shapes(runs: RunTable, sid: int, t: int, lo: int, hi: int, dw: int, jokers: int, free: bool,
                   lead: bool, cap1: int, cap2: int, capn: int, a1: int, a2: int) -> tuple[tuple[_Shape, ...], ...]:
    """The options of one suit state, by cards given to groups, sorted by natural cards (most first).

    They are the suit state's :func:`_raw_shapes` that the next ranks' cards (``cap1``, ``cap2``,
    ``capn``, ``a1``, ``a2``) can continue, each new state and delta with its most natural cards
    (the first met: the raw shapes come with the most natural cards first).
    """
    raw_key = (runs.mn, free, lead, t, lo, hi, dw, jokers, sid)
    raw = _RAW.get(raw_key)
    if raw is None:
        built = _raw_shapes(runs, sid, t, lo, hi, dw, jokers, free, lead)
        with _LOCK:
            if len(_RAW) > 50_000:
                _RAW.clear()
            raw = _RAW.setdefault(raw_key, built)
    out: list[tuple[_Shape, ...]] = []
    for row in raw:
        bucket: dict[tuple[int, int], _Shape] = {}
        for nsid, rest, b, n, recipe, need1, need2, needn in row:
            if need1 > cap1 or need2 > cap2 or needn > capn:
                continue
            need = b + (need1 - a1 if need1 > a1 else 0) + (need2 - a2 if need2 > a2 else 0)
            if need > jokers or (nsid, rest) in bucket:
                continue
            bucket[(nsid, rest)] = (nsid - sid, rest, b, nsid, n, recipe, need)
        # tuples, not lists: the collector stops tracking them, so the memo costs no collection time
        out.append(tuple(sorted(bucket.values(), key=lambda o: -o[4])))
    return tuple(out)


# (new sid, the rest of the state delta, jokers b, n naturals, recipe, runs short of one card, of two
#  cards, of one natural card)
_Raw = tuple[int, int, int, int, Recipe, int, int, int]
#: The options of a suit state before the next ranks' cards filter them (see :func:`_raw_shapes`),
#: by everything they depend on: shared by the steps that differ in those cards alone.
_RAW: dict[tuple[int, ...], tuple[tuple[_Raw, ...], ...]] = {}


def _raw_shapes(runs: RunTable, sid: int, t: int, lo: int, hi: int, dw: int, jokers: int, free: bool,
                lead: bool) -> tuple[tuple[_Raw, ...], ...]:
    """Every way the cell's cards and jokers may go from suit state ``sid``, by cards given to
    groups, most natural cards first (the order :func:`_option_shapes` keeps the first of)."""
    short = runs.short
    out: list[list[_Raw]] = [[] for _ in range(4)]
    for n in range(hi, lo - 1, -1):
        for g in range(0, n + 1):
            row = out[g]
            for b in range(0, jokers + 1 if not free or n == hi else 1):
                # free jokers go only where every natural card of the cell is used: a joker
                # beside an unplayed copy is worse than that copy (the relaxation's optima keep this)
                rest = (b << JU) + (min(dw, n - t) << SW) + (GSTEP[g] << GK)
                for nsid, recipe in runs.transitions(sid, n - g, b, lead):
                    need1, need2, needn = short[nsid]
                    row.append((nsid, rest, b, n, recipe, need1, need2, needn))
    return tuple(tuple(row) for row in out)
