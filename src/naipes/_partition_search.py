"""The search behind :func:`naipes.combos.partitions` (internal).

Cards are handled by index into their canonical order, with a count per
distinct card, so duplicates from several decks are handled exactly.
"""

from __future__ import annotations

from itertools import combinations
from typing import Collection, Iterator, Sequence

from naipes.cards import Card, RankOrder


def meld_candidates(
    distinct: Sequence[Card],
    order: RankOrder,
    min_run: int,
    min_group: int,
    max_group: int,
    sizes: Collection[int] | None,
) -> list[list[tuple[int, ...]]]:
    """For each distinct card (by index), the melds whose lowest card it is, sorted."""
    where = {(c.rank, c.suit): i for i, c in enumerate(distinct) if c.suit is not None}
    out: list[list[tuple[int, ...]]] = []
    for i, card in enumerate(distinct):
        melds: set[tuple[int, ...]] = set()
        if card.suit is not None:
            higher = [j for j in range(i + 1, len(distinct)) if distinct[j].rank == card.rank]
            for size in range(min_group, max_group + 1):
                melds.update((i, *rest) for rest in combinations(higher, size - 1))
            chain: list[int] = []
            current: int | None = card.rank if card.rank in order else None
            while current is not None and (current, card.suit) in where:
                chain.append(where[current, card.suit])
                current = order.successor(current)
            melds.update(tuple(chain[:n]) for n in range(min_run, len(chain) + 1))
        out.append(sorted(m for m in melds if sizes is None or len(m) in sizes))
    return out


class PartitionSearch:
    """Depth-first search for :func:`partitions` over card counts (by index in canonical order).

    Canonical form: the lowest remaining card i is placed in a meld whose lowest
    card is i, or (with leftovers) left over. When several copies of i are
    placed in turn, their melds must not decrease, and once a copy is left over
    the remaining copies are left over too; so each multiset of melds comes once.
    Without leftovers, states known to have no solution are remembered.
    """

    def __init__(
        self, counts: list[int], candidates: list[list[tuple[int, ...]]], allow_leftover: bool
    ) -> None:
        self.counts = counts
        self.candidates = candidates
        self.allow_leftover = allow_leftover
        self.melds: list[tuple[int, ...]] = []
        self.left: list[int] = []
        self.dead: set[tuple[int, tuple[int, ...], tuple[int, ...] | None]] = set()

    def coverable(self) -> bool:
        """Whether every card is in at least one candidate meld."""
        covered = {j for melds in self.candidates for meld in melds for j in meld}
        return all(i in covered for i, n in enumerate(self.counts) if n)

    def results(self) -> Iterator[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]:
        """Each partition as (melds, leftovers) of card indices."""
        for _ in self._search(0, None, False):
            yield tuple(self.melds), tuple(self.left)

    def _search(self, i: int, bound: tuple[int, ...] | None, only_left: bool) -> Iterator[None]:
        counts = self.counts
        start = i
        while i < len(counts) and counts[i] == 0:
            i += 1
        if i == len(counts):
            yield None
            return
        if i != start:
            bound, only_left = None, False
        state = (i, tuple(counts[i:]), bound)
        if state in self.dead:
            return
        found = False
        if not only_left:
            for meld in self.candidates[i]:
                if bound is not None and meld < bound:
                    continue
                if all(counts[j] for j in meld):
                    for _ in self._place(meld):
                        found = True
                        yield None
        if self.allow_leftover:
            counts[i] -= 1
            self.left.append(i)
            yield from self._search(i, None, True)
            self.left.pop()
            counts[i] += 1
        elif not found:
            self.dead.add(state)

    def _place(self, meld: tuple[int, ...]) -> Iterator[None]:
        for j in meld:
            self.counts[j] -= 1
        self.melds.append(meld)
        yield from self._search(meld[0], meld, False)
        self.melds.pop()
        for j in meld:
            self.counts[j] += 1
