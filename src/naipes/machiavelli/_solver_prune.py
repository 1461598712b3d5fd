"""Private: forgetting the hand cards that no meld could hold (a cheap pruning before the program).

A card is kept when some group of its rank or some run through it could be
made of the cards that may be used (table and hand) and the jokers; the test
repeats until nothing more is dropped, since a dropped card may have been the
only neighbour of another.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from naipes.machiavelli._solver_tables import NRANKS, NSUITS

if TYPE_CHECKING:
    from naipes.machiavelli._solver_core import Problem


def drop_unplayable(p: Problem) -> None:
    """Forget optional hand cards that no meld could hold, whatever else is played."""
    p.prep = None
    # the cards that may be used, by rank 0..15 (ranks 0, 14 and 15 empty: grid[-1] is empty too)
    zero = [0] * NSUITS
    grid = [zero] + [[a + b + c for a, b, c in zip(*rows)] for rows in zip(p.table, p.must, p.opt)] + [zero, zero]
    jokers, mn = p.jokers, p.mn
    cells = [(r, s) for r in range(1, NRANKS + 1) for s in range(NSUITS) if p.opt[r - 1][s]]
    changed = True
    while changed and cells:
        changed = False
        kept = []
        for r, s in cells:
            if _fits(grid, jokers, mn, r, s):
                kept.append((r, s))
            else:
                row = p.opt[r - 1]
                grid[r][s] -= row[s]
                row[s] = 0
                changed = True
        cells = kept


def _fits(grid: list[list[int]], jokers: int, mn: int, r: int, s: int) -> bool:
    """:func:`_placeable` on a grid of ranks 0..15 (the ranks outside 1..13 empty, so that
    ``grid[r - 2]`` and ``grid[r + 2]`` need no test) holding the card."""
    here = grid[r]
    others = (here[0] > 0) + (here[1] > 0) + (here[2] > 0) + (here[3] > 0) - 1
    if 1 + others >= mn and 1 + others + jokers >= 3:
        return True
    below, above = grid[r - 1][s] > 0, grid[r + 1][s] > 0
    if (below and above) or (above and grid[r + 2][s] > 0) or (below and grid[r - 2][s] > 0):
        return True  # three natural cards in a row
    if not jokers:
        return False  # a run of naturals only holds three in a row
    return _run_with_jokers(grid, jokers, mn, r, s)


def _placeable(grid: list[list[int]], jokers: int, mn: int, r: int, s: int) -> bool:
    """True if some meld could hold card ``(r, s)`` (``grid``: the cards that may be used)."""
    here = grid[r]
    others = sum(1 for t in range(NSUITS) if t != s and here[t])
    if 1 + others >= mn and 1 + others + jokers >= 3:
        return True
    near = [1 <= q <= NRANKS and grid[q][s] > 0 for q in range(r - 2, r + 3)]
    if (near[1] and near[3]) or (near[3] and near[4]) or (near[0] and near[1]):
        return True  # three natural cards in a row
    return _run_with_jokers(grid, jokers, mn, r, s)


def _run_with_jokers(grid: list[list[int]], jokers: int, mn: int, r: int, s: int) -> bool:
    """True if a run of suit ``s`` through rank ``r`` holds ``mn`` natural cards of ``grid``
    and needs at most ``jokers`` jokers."""
    for lo in range(max(1, r - 2 - jokers), r + 1):
        for hi in range(max(r, lo + 2), min(NRANKS, lo + 2 + jokers + 3) + 1):
            nat = sum(1 for q in range(lo, hi + 1) if grid[q][s])
            if nat >= mn and hi - lo + 1 - nat <= jokers:
                return True
    return False
