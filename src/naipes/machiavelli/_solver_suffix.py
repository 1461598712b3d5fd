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
its site: a site's *weight* is the value of one copy of each. With at most
``j`` jokers the needy copies laid are worth at most the ``j`` largest
weights (and at most all of them). The bound per suit step is the value of
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
    return _from(p)[1:]


def ceiling(p: Problem) -> int:
    """An upper bound on what the optional hand cards add to the objective (jokers aside)."""
    return _from(p)[0]


def _from(p: Problem) -> list[int]:
    """For each suit step, the bound on the steps from it on (one more entry: 0, past the last)."""
    n = NRANKS * NSUITS
    one = [SCALE + p.values[idx // NSUITS + 1] for idx in range(n)]
    needy = _needy(p) if ENABLED else {}
    sites = _sites(p, needy) if needy else []
    bound = [0] * (n + 1)
    acc, served = 0, 0  # the value of the copies not needy from the step on; the bound on the needy ones
    later: dict[int, int] = {}
    for idx in range(n - 1, -1, -1):
        r, i = divmod(idx, NSUITS)
        lack = needy.get(idx, 0)
        acc += (p.opt[r][i] - lack) * one[idx]
        if lack:
            later[idx] = lack
            served = _served(later, one, sites, p.jokers)
        bound[idx] = acc + served
    return bound


def _needy(p: Problem) -> dict[int, int]:
    """Optional copies past what the melds without a joker can hold, by step (``(rank - 1) * NSUITS + suit``)."""
    grid = [[p.avail(r, s) for s in range(NSUITS)] for r in range(-1, NRANKS + 3)]  # ranks -1..15
    needy = {}
    for r in range(1, NRANKS + 1):
        for s in range(NSUITS):
            opt = p.opt[r - 1][s]
            if opt:
                fixed = p.table[r - 1][s] + p.must[r - 1][s]
                lack = min(opt, fixed + opt - _natural_melds(grid, r, s))
                if lack > 0:
                    needy[(r - 1) * NSUITS + s] = lack
    return needy


def _natural_melds(grid: list[list[int]], r: int, s: int) -> int:
    """At most how many disjoint melds of natural cards (``grid``: copies usable, ranks from -1) hold ``(r, s)``."""
    here = grid[r + 1]
    others = [here[t] for t in range(NSUITS) if t != s]
    pairs = min(sum(others) // 2, sum(others) - max(others))  # a group takes two other suits at least
    b2, b1, a1, a2 = (grid[q + 1][s] for q in (r - 2, r - 1, r + 1, r + 2))
    runs = 0  # runs through r: (r-1, r+1), (r+1, r+2) or (r-2, r-1)
    for both in range(min(b1, a1) + 1):
        runs = max(runs, both + min(a2, a1 - both) + min(b2, b1 - both))
    return pairs + runs


def _sites(p: Problem, needy: dict[int, int]) -> list[tuple[int, ...]]:
    """The needy steps each site (a group of one rank, or a joker at one rank of a run) may serve."""
    usable = [[p.avail(r, s) > 0 for s in range(NSUITS)] for r in range(NRANKS + 2)]
    sites: list[tuple[int, ...]] = []
    for r in range(1, NRANKS + 1):
        group = tuple(idx for idx in needy if idx // NSUITS == r - 1)
        if group:
            sites.append(group)
        for s in range(NSUITS):
            served = []
            for step in (-1, 1):
                q = r + step
                while 1 <= q <= NRANKS and usable[q][s]:
                    idx = (q - 1) * NSUITS + s
                    if idx in needy:
                        served.append(idx)
                    q += step
            if served:
                sites.append(tuple(served))
    return sites


def _served(later: dict[int, int], one: list[int], sites: list[tuple[int, ...]], jokers: int) -> int:
    """At most what ``jokers`` jokers can make of the needy copies ``later`` (copies by step)."""
    total = sum(one[idx] * lack for idx, lack in later.items())
    weights = sorted((sum(one[idx] for idx in site if idx in later) for site in sites), reverse=True)
    return min(total, sum(weights[:jokers]))
