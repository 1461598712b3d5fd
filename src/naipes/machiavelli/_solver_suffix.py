"""Private: a bound on what the ranks still to come can add (the passes' "every card" made tighter).

A pass cuts a state whose objective plus the most the later suit steps can
add cannot reach its target. "Every optional hand card still to come" is that
most when every card can be laid; this module lowers it by the hand cards
that need a joker when the jokers are too few for all of them.

*Natural melds.* A copy of card ``(r, s)`` lies in one meld, and at most
:func:`_natural_melds` disjoint melds without a joker can hold a copy of it
(groups: pairs of other suits of rank ``r``; runs: the neighbours of suit
``s``). So of the copies laid (the table's and the hand's that must be
played, then the optional ones), all but that many lie in melds with a
joker: the optional copies past it are *needy*.

*Sites.* A meld holding a needy copy holds a joker. Take the joker of that
meld nearest to the card: either the meld is a group of the card's rank (a
group site), or a run of its suit whose cards between the card and the joker
are all natural, so the card lies in the stretch of usable cards that ends
next to the joker's rank (a run site: suit and rank). A meld holds at most
one copy of a card, so a joker serves at most one copy of each needy card of
its site: a site's *weight* is the value of one copy of each (a second
joker at the same site, in another meld, weighs the cards with two needy
copies). With at most ``j`` jokers the needy copies laid are worth at most
the ``j`` largest weights (and at most all of them); the table's needy
copies must be served too, so they take jokers at their sites first. The bound per suit step is the value of
the copies still to come that are not needy plus that sum over the needy
ones still to come (a joker before the step may serve them too: the jokers
are counted over the whole layout, ``j`` is every joker of the pass).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from naipes.machiavelli._solver_tables import NRANKS, NSUITS, SCALE

if TYPE_CHECKING:
    from naipes.machiavelli._solver_core import Problem

#: Use the bound (False: "every card still to come", for A/B measurements and the tests).
ENABLED = True


def remaining(p: Problem) -> list[int]:
    """For each suit step, an upper bound on what the objective can still gain after it (jokers aside)."""
    return bounds(p, False)[0][1:]


def ceiling(p: Problem) -> int:
    """An upper bound on what the optional hand cards add to the objective (jokers aside)."""
    return bounds(p, False)[0][0]


def bounds(p: Problem, by_jokers: bool) -> tuple[list[int], list[tuple[int, ...] | None] | None]:
    """The bound on the steps from each step on (one more entry: 0, past the last), and with
    ``by_jokers`` how much lower the bound after each step is for a state with ``j`` jokers left
    (entry ``j`` of the step's tuple; ``None`` for a step where no row is lower, and instead of the
    list when none is: no joker, or no needy copy).

    Computed at the last step of each rank; a step before it within the rank
    adds the cards between in full. A joker already laid counts against the
    jokers left, so the needy copies it may serve (those whose stretch
    reaches down to a step already taken: :func:`_reachable`) count in full
    in the rows by jokers left.
    """
    every = _every(p)
    jokers = p.jokers
    if not ENABLED or not (jokers or p.free_jokers):
        return every, None  # without jokers the needy copies are rare: not worth their analysis
    hand, table, sites, plan, served = _analysis(p)
    if not hand:
        return every, None
    if not jokers:  # no needy copy can be laid: each step's bound drops them all
        return _without(every, hand, p), None
    start, after = every[:], every[1:] + [0]  # "every card" from each step on, and after it
    rows = [every[1:] for _ in range(jokers + 1)] if by_jokers else None
    memo = served.setdefault((p.values, jokers), {})
    for end, whole, rest in plan:  # the last step of each rank, and -1 before the first
        _lower(start, every, range(max(0, end - NSUITS + 2), end + 2), _cut(memo, whole, p, sites, jokers)[jokers])
        if rows is not None and end >= 0:
            cuts = _cut(memo, rest, p, sites, jokers)
            for j, row in enumerate(rows):
                _lower(row, after, range(end - NSUITS + 1, end + 1), cuts[j])
    if rows is None:
        return start, None
    lifts: list[tuple[int, ...] | None] = []
    for idx, top in enumerate(start[1:]):
        lift = tuple(top - min(row[idx], top) for row in rows)
        lifts.append(lift if any(lift) else None)
    return start, lifts


_Needy = tuple[dict[int, int], dict[int, int], frozenset[tuple[int, int]], frozenset[tuple[int, int]]]


def _cut(memo: _Memo, needy: _Needy, p: Problem,
         sites: list[tuple[int, ...]], jokers: int) -> list[int]:
    """What :func:`_served` makes of the needy copies less their value in full, by jokers (memoized)."""
    later, fixed, key_later, key_fixed = needy
    key = (key_later, key_fixed)
    got = memo.get(key)
    if got is None:
        full = _value(later, p)
        got = memo[key] = [served - full for served in _served(later, fixed, p.values, sites, jokers)]
    return got


def _without(every: list[int], hand: dict[int, int], p: Problem) -> list[int]:
    """``every`` less the needy copies from each step on."""
    out = every[:]
    cut = 0
    for idx in range(NRANKS * NSUITS - 1, -1, -1):
        lack = hand.get(idx)
        if lack:
            cut += (SCALE + p.values[idx // NSUITS + 1]) * lack
        out[idx] -= cut
    return out


def _every(p: Problem) -> list[int]:
    """Every card: the value of the optional copies from each step on (one more entry, 0)."""
    every = [0] * (NRANKS * NSUITS + 1)
    acc = 0
    idx = NRANKS * NSUITS
    for r in range(NRANKS - 1, -1, -1):
        row, one = p.opt[r], SCALE + p.values[r + 1]
        for i in range(NSUITS - 1, -1, -1):
            idx -= 1
            acc += row[i] * one
            every[idx] = acc
    return every


def _value(copies: dict[int, int], p: Problem) -> int:
    """The value of ``copies`` (count by step)."""
    return sum((SCALE + p.values[c // NSUITS + 1]) * lack for c, lack in copies.items())


def _lower(bound: list[int], full: list[int], at: range, cut: int) -> None:
    """Lower ``bound[k]`` for ``k`` in ``at`` to ``full[k] + cut`` (``full``: every card; ``cut``:
    what the needy copies may make less what every card counts for them)."""
    for k in at:
        if full[k] + cut < bound[k]:
            bound[k] = full[k] + cut


_Plan = list[tuple[int, _Needy, _Needy]]
#: What :func:`_served` made of the needy copies, by their keys (see :func:`_cut`).
_Memo = dict[tuple[frozenset[tuple[int, int]], ...], list[int]]
#: The needy copies, the sites, the plan, and the memos of :func:`_cut` by values and jokers
#: (kept with the analysis, so they go when it goes).
_Analysis = tuple[dict[int, int], dict[int, int], list[tuple[int, ...]], _Plan, dict[tuple[tuple[int, ...], int], _Memo]]
_ANALYSES: dict[tuple[tuple[int, ...], ...], _Analysis] = {}


def _analysis(p: Problem) -> _Analysis:
    """The needy copies (optional, then fixed), the sites and the needy copies after the last step
    of each rank (all of them, and those no joker already laid may serve) of ``p``: they do not
    depend on the jokers, so the passes of a problem (and its copies) share them (memoized)."""
    key = (*map(tuple, p.opt), *map(tuple, p.table), *map(tuple, p.must), (p.mn,))
    got = _ANALYSES.get(key)
    if got is None:
        if len(_ANALYSES) >= ANALYSES_CAP:
            _ANALYSES.clear()
        hand, table = _needy(p)
        usable = [[p.avail(r, s) > 0 for s in range(NSUITS)] for r in range(NRANKS + 2)]
        sites = _sites(usable, hand, table, p.mn) if hand else []
        got = _ANALYSES[key] = (hand, table, sites, _plan(hand, table, usable), {})
    return got


def _plan(hand: dict[int, int], table: dict[int, int], usable: list[list[bool]]) -> _Plan:
    """For the last step of each rank (and -1, before the first) with needy optional copies after
    it: those copies and the table's, and the ones a joker already laid cannot serve."""
    plan = []
    for end in range(-1, NRANKS * NSUITS - 1, NSUITS):
        later = {c: lack for c, lack in hand.items() if c > end}
        if not later:
            break
        fixed = {c: lack for c, lack in table.items() if c > end}
        rest = {c: lack for c, lack in later.items() if not _reachable(usable, c, end)}
        alone = {c: lack for c, lack in fixed.items() if not _reachable(usable, c, end)}
        plan.append((end, _needy_key(later, fixed), _needy_key(rest, alone)))
    return plan


def _needy_key(later: dict[int, int], fixed: dict[int, int]) -> _Needy:
    """The needy copies with their keys for the memo of :func:`_cut`."""
    return later, fixed, frozenset(later.items()), frozenset(fixed.items())


#: Problems whose analysis :func:`_analysis` keeps.
ANALYSES_CAP = 256


def _needy(p: Problem) -> tuple[dict[int, int], dict[int, int]]:
    """Copies past what the melds without a joker can hold, by step (``(rank - 1) * NSUITS + suit``):
    the optional ones, and the table's and the hand's that must be played."""
    zero = [0] * NSUITS
    grid = [zero, zero] + [[a + b + c for a, b, c in zip(*rows)] for rows in zip(p.table, p.must, p.opt)] + [zero, zero]
    hand, table = {}, {}
    for r0 in range(NRANKS):
        opts, tables, musts = p.opt[r0], p.table[r0], p.must[r0]
        for s in range(NSUITS):
            opt, fixed = opts[s], tables[s] + musts[s]
            if not opt and not fixed:
                continue
            if opt + fixed == 1:  # one copy: room for it when some meld of natural cards holds it
                room = int(_some_meld(grid, r0 + 1, s))
            else:
                room = _natural_melds(grid, r0 + 1, s)
            if fixed > room:
                table[r0 * NSUITS + s] = fixed - room
            lack = min(opt, fixed + opt - room)
            if lack > 0:
                hand[r0 * NSUITS + s] = lack
    return hand, table


def _some_meld(grid: list[list[int]], r: int, s: int) -> bool:
    """True if some meld of natural cards (``grid`` as in :func:`_natural_melds`) holds ``(r, s)``."""
    here = grid[r + 1]
    if (here[0] > 0) + (here[1] > 0) + (here[2] > 0) + (here[3] > 0) >= 3 and here[s]:
        return True
    col = [grid[q + 1][s] > 0 for q in (r - 2, r - 1, r + 1, r + 2)]
    return (col[1] and col[2]) or (col[2] and col[3]) or (col[0] and col[1])


def _natural_melds(grid: list[list[int]], r: int, s: int) -> int:
    """At most how many disjoint melds of natural cards (``grid``: copies usable, ranks from -1) hold ``(r, s)``."""
    here = grid[r + 1]
    total = here[0] + here[1] + here[2] + here[3] - here[s]
    top = max(here[(s + 1) % NSUITS], here[(s + 2) % NSUITS], here[(s + 3) % NSUITS])
    pairs = min(total // 2, total - top)  # a group takes two other suits at least
    b1, a1 = grid[r][s], grid[r + 2][s]
    if not b1 and not a1:
        return pairs
    b2, a2 = grid[r - 1][s], grid[r + 3][s]
    runs = 0  # runs through r: (r-1, r+1), (r+1, r+2) or (r-2, r-1)
    for both in range(min(b1, a1) + 1):
        runs = max(runs, both + min(a2, a1 - both) + min(b2, b1 - both))
    return pairs + runs


def _sites(usable: list[list[bool]], hand: dict[int, int], table: dict[int, int], mn: int) -> list[tuple[int, ...]]:
    """The needy steps each site (a group of one rank, or a joker at one rank of a run) may serve
    (a group holds ``mn`` natural cards: a card alone at its rank has no group site when ``mn > 1``)."""
    sites: list[tuple[int, ...]] = []
    for r in range(1, NRANKS + 1):
        suits = sum(usable[r])
        group = tuple(
            idx for idx in range((r - 1) * NSUITS, r * NSUITS) if (idx in hand or idx in table) and suits >= mn
        )
        if group:
            sites.append(group)
        for s in range(NSUITS):
            served = []
            for step in (-1, 1):
                q = r + step
                while 1 <= q <= NRANKS and usable[q][s]:
                    idx = (q - 1) * NSUITS + s
                    if idx in hand or idx in table:
                        served.append(idx)
                    q += step
            if served:
                sites.append(tuple(served))
    return sites


def _served(later: dict[int, int], fixed: dict[int, int], values: tuple[int, ...], sites: list[tuple[int, ...]],
            jokers: int) -> list[int]:
    """At most what ``j`` jokers can make of the needy optional copies ``later`` (copies by step)
    when the needy copies ``fixed`` (the table's) must be served too, for ``j`` from 0 to ``jokers``.

    Each joker lies at a site and serves at most one copy of each card of it,
    so the ``k``-th joker at a site weighs the cards with ``k`` needy copies or
    more; a table card with ``m`` needy copies takes ``m`` jokers at sites
    that serve it.
    """
    one = {idx: SCALE + values[idx // NSUITS + 1] for idx in later}
    total = sum(one[idx] * lack for idx, lack in later.items())
    need = max(fixed.values()) if fixed else 0
    most = max(later.values()) if later else 0
    plain: list[int] = []
    serving: list[int] = []
    for site in sites:
        uses = _uses(site, later, one, most)
        if need and any(idx in fixed for idx in site):
            serving += uses + [0] * (need - len(uses))
        else:
            plain += uses
    serving.sort(reverse=True)
    rest = sorted(plain + serving[need:], reverse=True)
    out = [0] * (jokers + 1)  # below ``need`` jokers no layout lays the table: 0
    got = sum(serving[:need])
    for j in range(need, jokers + 1):
        out[j] = min(total, got)
        if j - need < len(rest):
            got += rest[j - need]
    return out


def _uses(site: tuple[int, ...], later: dict[int, int], one: dict[int, int], most: int) -> list[int]:
    """The weights of the first, second, ... joker at ``site``: one copy of each needy card with
    that many needy copies or more."""
    uses = []
    weight = 0
    for idx in site:
        if idx in one:
            weight += one[idx]
    if weight:
        uses.append(weight)
        for k in range(2, most + 1):
            weight = sum(one[idx] for idx in site if later.get(idx, 0) >= k)
            if not weight:
                break
            uses.append(weight)
    return uses


def _reachable(usable: list[list[bool]], c: int, idx: int) -> bool:
    """True if a joker at a step up to ``idx`` could be the nearest joker of a run holding needy ``c``."""
    r, s = divmod(c, NSUITS)
    q = r  # ranks are 1-based: c lies at rank r + 1, walk down from rank r
    while q >= 1:
        if (q - 1) * NSUITS + s <= idx:
            return True
        if not usable[q][s]:
            return False
        q -= 1
    return False
