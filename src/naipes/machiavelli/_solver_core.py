"""Private: the rank-by-rank dynamic program behind :mod:`naipes.machiavelli.solver`.

The method is the one of van Rijn, Takes and Vis ("The Complexity of Rummikub
Problems", arXiv 1604.07553). Ranks are processed from the ace to the king;
for each suit the state keeps the multiset of *open runs*, each known only by
its length (1, 2, or 3 and more) and, with jokers, by its natural cards
(capped at the minimum a meld needs). At each rank the copies of each card are
split between runs (continuing an open run or starting a new one) and groups
of that rank; table cards must all be used, hand cards are optional.

A state is packed into one int: four suit-state ids, jokers on the table so
far, swap matches, the multiset of group demands of the rank in progress and an
extra counter. A layer is a dict from state to the best objective reached
(``cards * SCALE + value``); a rank is processed suit by suit so that suits
multiply only through the small group-demand summary. Hopeless states are cut
three ways: runs that the next ranks cannot continue, group demands the rank
cannot satisfy, and an objective that cannot reach a lower bound (tried from
"every card" downwards, see :func:`best`). In the free-joker relaxation a
joker goes into a run only where every natural copy of its card is used
(an unplayed copy would do better), and swap matches are not counted.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from naipes.machiavelli._solver_budget import Meter, metered
from naipes.machiavelli._solver_build import build
from naipes.machiavelli._solver_dominance import undominated
from naipes.machiavelli._solver_mirror import race, unmirrored
from naipes.machiavelli._solver_options import _OPTIONS, Option, _allowed_demands, _options, _step_ids
from naipes.machiavelli._solver_prune import drop_unplayable
from naipes.machiavelli._solver_suffix import bounds
from naipes.machiavelli._solver_tables import (
    GK,
    GK_MASK,
    JU,
    NRANKS,
    NSUITS,
    SCALE,
    SID_BITS,
    SID_MASK,
    SW,
    VALUES,
    XS,
    GroupTable,
    RunTable,
    group_table,
    run_table,
)

Trail = list[dict[int, tuple[int, object]]]
_NEG = -(1 << 62)
_CLEAR_GK = ~(GK_MASK << GK)
# What every pass over a problem shares: tables, bounds, allowed demands per rank, step ids.
_Prep = tuple[
    RunTable, GroupTable, list[int], list[list[dict[int, tuple[int, ...]]]], list[int], list[tuple[int, ...] | None] | None
]


class Problem:
    """One question for the program (all counts indexed ``[rank - 1][suit]``).

    Attributes:
        copies: copies of each natural card in the decks.
        mn: natural cards every meld needs.
        table: natural cards on the table (must all stay).
        must: hand cards that must be played.
        opt: hand cards that may be played.
        decl: table jokers declared as this card (an equal hand card may take one back).
        jt: jokers on the table; jokers: jokers that may end on the table.
        jmin: jokers that must end on the table, less the swaps when ``allow_keep``.
        allow_keep: a joker taken back by a swap may stay in the hand.
        joker_penalty: value of a joker in hand.
        xmode: 0; 1 for the opening (``xcap`` = its minimum value); 2 to
            demand one natural hand card played.
        lb: prune states that cannot reach this objective (``None``: no bound).
    """

    def __init__(self, copies: int, mn: int) -> None:
        self.copies = copies
        self.mn = mn
        self.table = [[0] * NSUITS for _ in range(NRANKS)]
        self.must = [[0] * NSUITS for _ in range(NRANKS)]
        self.opt = [[0] * NSUITS for _ in range(NRANKS)]
        self.decl = [[0] * NSUITS for _ in range(NRANKS)]
        self.jt = 0
        self.jokers = 0
        self.jmin = 0
        self.allow_keep = True
        self.joker_penalty = 25
        self.xmode = 0
        self.xcap = 0
        self.lb: int | None = None
        self.free_jokers = False
        self._prep: tuple[tuple[int, ...], _Prep] | None = None
        self._preps: dict[tuple[int, ...], _Prep] = {}  # every prep since the cards last changed
        # a known legal play (objective without the table jokers): the last pass needs no looser bound
        self.floor: int | None = None
        self.floor_naturals: int | None = None  # its natural cards only (the free-joker relaxation)
        # 1: the quick layouts of every card failed, so the passes start at "every card but one"
        # (a pass bounded by it finds a layout of every card too, when one exists)
        self.skip_whole = 0
        self.meter: Meter | None = None
        self.values = VALUES  # value of each rank (MIRRORED_VALUES in a mirrored problem)
        self.passes: dict[tuple[object, ...], tuple[tuple[int, ...], Answer | None]] | None = None  # passes run

    @property
    def prep(self) -> tuple[tuple[int, ...], _Prep] | None:
        """The last (key, prep) of :func:`_prepared`; ``None`` once the cards change.

        Setting it records the prep under its key (the passes of the free-joker search go
        through the joker counts in turn, each with its own prep); setting ``None`` forgets
        them all (:func:`drop_unplayable`, a copy of the problem read the other way).
        """
        return self._prep

    @prep.setter
    def prep(self, value: tuple[tuple[int, ...], _Prep] | None) -> None:
        self._prep = value
        if value is None:
            self._preps = {}
        else:
            self._preps[value[0]] = value[1]

    @property
    def jv(self) -> int:
        """What a joker on the final table adds to the objective.

        With ``free_jokers`` (a relaxation) jokers are wildcards the program
        may use where melds need them, and every joker not used is assumed to
        be added to some meld afterwards: they cost and earn nothing here,
        and fewer jokers used is simply better.
        """
        return 0 if self.free_jokers else SCALE + self.joker_penalty

    def avail(self, r: int, i: int) -> int:
        """Natural cards of rank ``r`` (1-based; 0 outside 1..13) and suit ``i`` that may be used."""
        if not 1 <= r <= NRANKS:
            return 0
        return self.table[r - 1][i] + self.must[r - 1][i] + self.opt[r - 1][i]


class Answer:
    """What the program found: the objective, per-card plays and the melds."""

    def __init__(self, obj: int, played: list[list[int]], jokers: int, melds: list[list[tuple[int, int, bool]]]) -> None:
        self.obj = obj
        self.played = played  # natural hand cards played, [rank - 1][suit]
        self.jokers = jokers  # jokers on the final table
        self.melds = melds  # each meld: (rank, suit, is_joker), in order


def best(p: Problem) -> Answer | None:
    """The optimum, found with ever looser lower bounds (tight bounds prune most states).

    A pass with bound ``lb`` that finds an answer worth at least ``lb`` is
    exact: no state on an optimal path is pruned by a bound below the optimum.
    Bounds are tried from "every card" down, the allowed shortfall doubling.
    With ``free_jokers`` the passes allow 0, 1, 2, ... jokers, each pass
    only looking for answers better than the best so far. The ranks are
    read from the ace up and from the king down in turn (see
    :func:`._solver_mirror.race`).
    """
    return race(p, _best)


def _best(p: Problem) -> Answer | None:
    drop_unplayable(p)
    if p.xmode:
        p.lb = None
        return solve(p)
    if not p.free_jokers:
        return _loosening(p)
    return _free_search(p)


def _free_search(p: Problem) -> Answer | None:
    """The optimum of the free-joker relaxation: targets from "every card" down, few jokers first.

    For each target (see :func:`_slacks`; every shortfall up to three cards on
    the larger tables of two decks, :data:`FREE_CLOSE`) passes allow 0, 1, ... jokers; the
    first pass that reaches the target gives an answer that no pass with
    fewer jokers beats, and one more pass with every joker looks for a better
    one (it cannot reach the previous, failed target).
    """
    jokers = p.jokers
    total = sum(map(sum, p.opt))
    steps = range(0, jokers + 1)
    big = sum(map(sum, p.table)) > SMALL_TABLE
    if not big:
        steps = range(jokers, jokers + 1)  # small tables: the pass with every joker is cheap, the others waste
    close = FREE_CLOSE and big and p.copies < CLOSE_COPIES
    try:
        for floor in _bounds(total, 0, p.floor_naturals, close):
            for p.jokers in steps:
                p.lb = floor
                answer = solve(p)
                if answer is not None and (floor is None or answer.obj >= floor):
                    if p.jokers < jokers:
                        p.jokers, p.lb = jokers, answer.obj + 1
                        better = solve(p)
                        if better is not None and better.obj > answer.obj:
                            return better
                    return answer
        return None
    finally:
        p.jokers = jokers


#: Decks from which the passes without free jokers try every shortfall up to three cards (with three
#: decks nearly every hand goes out or misses by one or two cards: measured on the benchmark, a pass
#: bounded at the optimum's own shortfall there costs far less than the looser one of the doubling).
CLOSE_COPIES = 3

#: Two decks, tables of more than :data:`SMALL_TABLE` natural cards: the free-joker passes try every
#: shortfall up to three cards before doubling too (measured side by side, each way in its own
#: process, issue 43's fourth round: 2+2 jokers 40/13 and swap-rich 40/13 2-3 % less time, their
#: slowest 95 -> 87 and 106 -> 85 ms; with three decks level, so left as it was there).
FREE_CLOSE = True

#: Tables of at most this many natural cards run one free-joker pass per bound, not one per joker count.
SMALL_TABLE = 24


def _bounds(total: int, raw: int, known: int | None, close: bool = False, start: int = 0) -> Iterator[int | None]:
    """Lower bounds for the passes: "every card but ``slack``" (see :func:`_slacks`), never below ``known``.

    ``known`` (raw units: ``raw`` added) is the objective of a legal play: a
    pass bounded by it finds the optimum, so the looser bounds are only
    tried if it fails (it should not). ``close``: the optimum is expected
    within a few cards of every card (three decks), so the shortfalls go
    0, 1, 2, 3 before doubling.
    """
    for slack in _slacks(total, close, start):
        lb = None if slack >= total else (total - slack) * SCALE - SCALE // 2
        if known is not None and (lb is None or lb <= known + raw):
            yield known + raw
            yield None
            return
        yield lb


def _slacks(total: int, close: bool = False, start: int = 0) -> Iterator[int]:
    """Allowed shortfalls to try: 0, 1, 3, 7, 15, ..., and finally ``total`` (no bound); with
    ``close``, 0, 1, 2, 3, 7, 15, ... (a pass at the optimum's own shortfall prunes most);
    the ones below ``start`` left out."""
    slack = start
    while slack < total:
        yield slack
        slack = slack + 1 if close and slack < 3 else 2 * slack + 1
    yield total


def _loosening(p: Problem) -> Answer | None:
    raw = p.jt * p.jv
    total = sum(map(sum, p.opt)) + (0 if p.free_jokers else p.jokers)  # what the table may gain
    close = p.copies >= CLOSE_COPIES
    for p.lb in _bounds(total, raw, p.floor, close, p.skip_whole):  # noqa: B020 - the problem carries its bound
        answer = solve(p)
        if answer is not None and (p.lb is None or answer.obj + raw >= p.lb):
            return answer
    return None


def solve(p: Problem) -> Answer | None:
    """Run the program once; ``None`` when no layout satisfies the constraints (and the bound).

    With ``p.passes`` (a dict shared by the problem's two ways, see
    :func:`._solver_mirror.race`) each pass's answer is kept there, so a
    search stopped by a node cap and run again, either way, skips the passes
    already done. An answer below the bound is the same as none to every
    caller, and one at or above it is an optimum: either way's will do.
    """
    if p.passes is None:
        return _pass(p)
    key = (p.lb, p.jokers, p.free_jokers, p.xmode, p.xcap, p.jmin, p.allow_keep)
    kept = p.passes.get(key)
    if kept is None:
        answer = _pass(p)
        p.passes[key] = (p.values, answer)
        return answer
    values, answer = kept
    return unmirrored(answer) if answer is not None and values is not p.values else answer


def _pass(p: Problem) -> Answer | None:
    runs, groups, rem, allowed_by_rank, steps, rem_left = _prepared(p)
    layer: dict[int, int] = {0: 0}
    trail: Trail = []
    meter = p.meter
    if meter is not None:
        meter.live = 0  # the previous pass's trail is freed
    fold = not p.jokers and not p.xmode  # the rank's end only clears the group key: done by the last suit
    simple = (not p.jokers or p.free_jokers) and not p.xmode
    lb, cut = p.lb, p.jokers * p.jv  # a state's floor: the bound less what is still to come
    free = p.free_jokers
    for r in range(1, NRANKS + 1):
        allowed = allowed_by_rank[r - 1]
        base = (r - 1) * NSUITS
        for i in range(NSUITS):
            idx = base + i
            if simple:
                floor = _NEG if lb is None else lb - rem[idx] - cut
                lift = None if lb is None or rem_left is None else rem_left[idx]
                floors = None if lift is None else [floor + d for d in lift]
                clear = _CLEAR_GK if fold and i == NSUITS - 1 else -1
                layer = _simple_loop(layer, allowed[i], p, runs, r, i, steps[idx], floor, trail, clear, floors)
            else:
                layer = _suit_step(p, runs, layer, trail, r, i, allowed[i], rem[idx], steps[idx])
            if meter is not None:
                meter.charge(len(layer) + 1)
        if fold:
            trail.append({})  # no jokers in groups: the state is unchanged
        else:
            layer = _rank_end(p, groups, layer, trail, r)
            if meter is not None:
                meter.live += len(layer)
        if not layer:
            return None
        if len(layer) > 1:
            if meter is not None:
                meter.check()
            layer = undominated(runs, layer, free, meter)
    best_key, best_obj = -1, _NEG
    for key, obj in metered(layer, p.meter):
        if obj > best_obj and _final_ok(p, runs, key):
            best_key, best_obj = key, obj
    if best_key < 0:
        return None
    path = []
    key = best_key
    for back in reversed(trail):
        if back:
            key, choice = back[key]
        else:
            choice = 0
        path.append(choice)
    path.reverse()
    played, jokers, melds = build(p.table, runs, groups, path)
    return Answer(best_obj - p.jt * p.jv, played, jokers, melds)


def _prepared(p: Problem) -> _Prep:
    """What every pass over ``p`` shares (the bound aside): tables, bounds, demands and step ids.

    Cached on the problem, keyed by the fields the passes may change;
    :func:`drop_unplayable` clears it.
    """
    key = (p.jokers, int(p.free_jokers), p.xmode, p.jv)
    if p.prep is not None and p.prep[0] == key:
        return p.prep[1]
    kept = p._preps.get(key)  # the problem's own cache (see Problem.prep)
    if kept is not None:
        return kept
    runs = run_table(p.mn, p.free_jokers)
    groups = group_table(p.copies, p.jokers, p.mn, p.free_jokers)
    zero = [0] * NSUITS
    grid = [zero] + [[a + b + c for a, b, c in zip(*rows)] for rows in zip(p.table, p.must, p.opt)] + [zero, zero]
    allowed = [_allowed_demands(p, groups, grid[r]) for r in range(1, NRANKS + 1)]
    steps = _step_ids(p, runs, grid)
    start, rem_left = bounds(p, bool(p.jokers and p.free_jokers))
    prep = (runs, groups, start[1:], allowed, steps, rem_left)
    p.prep = (key, prep)
    return prep


def _final_ok(p: Problem, runs: RunTable, key: int) -> bool:
    closable = runs.closable
    for i in range(NSUITS):
        if not closable[(key >> (i * SID_BITS)) & SID_MASK]:
            return False
    ju = (key >> JU) & 15
    sw = (key >> SW) & 15 if p.allow_keep else 0
    if ju + sw < p.jmin and not p.free_jokers:
        return False
    return p.xmode == 0 or (key >> XS) >= p.xcap


def _suit_step(
    p: Problem,
    runs: RunTable,
    layer: dict[int, int],
    trail: Trail,
    r: int,
    i: int,
    allowed: dict[int, tuple[int, ...]],
    rem: int,
    step: int,
) -> dict[int, int]:
    """The suit step with exact jokers (a joker counter) or an extra counter."""
    shift = i * SID_BITS
    cache: dict[int, tuple[tuple[Option, ...], ...]] = {}
    nxt: dict[int, int] = {}
    back: dict[int, tuple[int, object]] = {}
    get = nxt.get
    jokers = p.jokers
    jv = p.jv
    floor = _NEG if p.lb is None else p.lb - rem - jokers * jv
    xcap = p.xcap
    work = 0  # options looked at: with exact jokers or a counter, many per state
    for key, obj in metered(layer, p.meter, nxt):
        demands = allowed.get((key >> GK) & GK_MASK)
        if demands is None:
            continue
        sid = (key >> shift) & SID_MASK
        opts = cache.get(sid)
        if opts is None:
            opts = cache[sid] = _options(p, runs, sid, r, i, step)
            if p.meter is not None:  # charged per use, memo or not: the same count every call
                p.meter.spent += OPTION_NODES
        jleft = jokers - ((key >> JU) & 15)
        for g in demands:
            row = opts[g]
            work += len(row)
            for opt in row:
                o = obj + opt[1]
                b = opt[2]
                if o - (jokers - jleft + b) * jv < floor:
                    break
                if opt[8] > jleft:
                    continue
                nk = key + opt[0]
                x = nk >> XS
                if x < xcap:
                    nk += min(opt[3], xcap - x) << XS
                if o > get(nk, _NEG):
                    nxt[nk] = o
                    back[nk] = (key, opt)
    if p.meter is not None:
        p.meter.spent += work // OPTION_WORK
    trail.append(back)
    return nxt


def _simple_loop(
    layer: dict[int, int],
    allowed: dict[int, tuple[int, ...]],
    p: Problem,
    runs: RunTable,
    r: int,
    i: int,
    step: int,
    floor: int,
    trail: Trail,
    clear: int,
    floors: list[int] | None = None,
) -> dict[int, int]:
    """The suit step without an extra counter, and jokers (if any) free: the hot path.

    ``floor``: states below it cannot reach the bound; ``clear``: a mask applied to
    the new states (it ends the rank when no joker exists); ``floors``: the floor of a state
    by its jokers left (see :func:`._solver_suffix.by_jokers`). Appends the step's back
    pointers to ``trail`` and returns the new layer.
    """
    shift = i * SID_BITS
    cache: dict[int, tuple[tuple[Option, ...], ...]] = {}
    nxt: dict[int, int] = {}
    back: dict[int, tuple[int, object]] = {}
    trail.append(back)
    get = nxt.get
    jokers = p.jokers
    meter = p.meter
    memo, base = _OPTIONS.get, step << SID_BITS
    items = layer.items() if meter is None else metered(layer, meter, nxt)
    for key, obj in items:
        demands = allowed.get((key >> GK) & GK_MASK)
        if demands is None:
            continue
        sid = (key >> shift) & SID_MASK
        opts = cache.get(sid)
        if opts is None:
            opts = memo(base | sid) or _options(p, runs, sid, r, i, step)  # the memo read inline
            cache[sid] = opts
            if meter is not None:  # charged per use, memo or not: the same count every call
                meter.spent += OPTION_NODES
        if jokers:
            jleft = jokers - ((key >> JU) & 15)
            least = floor if floors is None else floors[jleft]
            for g in demands:
                for opt in opts[g]:
                    o = obj + opt[1]
                    if o < least:
                        break
                    if opt[8] > jleft:
                        continue
                    nk = key + opt[0]
                    if o > get(nk, _NEG):
                        nxt[nk] = o
                        back[nk] = (key, opt)
        else:
            for g in demands:
                for opt in opts[g]:
                    o = obj + opt[1]
                    if o < floor:
                        break
                    nk = (key + opt[0]) & clear
                    if o > get(nk, _NEG):
                        nxt[nk] = o
                        back[nk] = (key, opt)
    return nxt


def _rank_end(p: Problem, groups: GroupTable, layer: dict[int, int], trail: Trail, r: int) -> dict[int, int]:
    nxt: dict[int, int] = {}
    back: dict[int, tuple[int, object]] = {}
    jokers_for = groups.jokers_for
    jv = p.jv
    v = p.values[r]
    xcap = p.xcap if p.xmode == 1 else 0
    if not jv and not xcap:
        _free_rank_end(p.jokers, jokers_for, metered(layer, p.meter, nxt), nxt, back)
        trail.append(back)
        return nxt
    for key, obj in metered(layer, p.meter, nxt):
        gk = (key >> GK) & GK_MASK
        js = jokers_for.get(gk)
        if js is None:
            continue
        base = key - (gk << GK)
        jleft = p.jokers - ((key >> JU) & 15)
        for jg in js:
            if jg > jleft:
                break
            nk = base + (jg << JU)
            if jg and xcap:
                nk += min(jg * v, max(0, xcap - (nk >> XS))) << XS
            o = obj + jg * jv
            if o > nxt.get(nk, _NEG):
                nxt[nk] = o
                back[nk] = (key, jg)
    trail.append(back)
    return nxt


def _free_rank_end(jokers: int, jokers_for: dict[int, tuple[int, ...]], items: Iterable[tuple[int, int]],
                   nxt: dict[int, int], back: dict[int, tuple[int, object]]) -> None:
    """:func:`_rank_end` when a joker adds nothing to the objective (free jokers) and no opening
    counter runs: the same states, in the same order, without the arithmetic that adds nothing."""
    get = nxt.get
    for key, obj in items:
        gk = (key >> GK) & GK_MASK
        js = jokers_for.get(gk)
        if js is None:
            continue
        base = key - (gk << GK)
        jleft = jokers - ((key >> JU) & 15)
        for jg in js:
            if jg > jleft:
                break
            nk = base + (jg << JU)
            if obj > get(nk, _NEG):
                nxt[nk] = obj
                back[nk] = (key, jg)


#: Options looked at (at most) by the step with exact jokers or a counter that weigh one state for
#: the meter: that step looks at tens per state, so a node budget bounds its time too.
OPTION_WORK = 4

#: What a suit state's options cost the meter at each step that uses them (their computation
#: weighs as much as expanding this many states).
OPTION_NODES = 40

