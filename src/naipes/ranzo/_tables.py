"""Precomputed juego tables per deck (internal; built once with :mod:`naipes.combos`).

Each card of the deck gets a bit; a set of cards is an int mask. A juego
(RZ-04) is a mask of three bits. ``can_split`` tells whether a mask splits into
juegos, choosing a juego for the lowest card first (a few µs for 6 or 9 cards).
"""

from __future__ import annotations

from functools import cache, reduce
from operator import or_
from typing import Iterable

from naipes.cards import SPANISH_40, SPANISH_48, Card, RankOrder
from naipes.combos import groups, runs, sort_cards
from naipes.decks import spanish_deck
from naipes.ranzo.moves import Envido, envido

#: Masks whose split :meth:`Tables.can_split` remembers.
SPLITS_KEPT = 1 << 16


class Tables:
    """The juego tables of one deck size."""

    __slots__ = ("size", "order", "deck", "bit", "bit_id", "juegos", "with_bit", "thirds", "pairs", "envidos",
                 "key", "others", "near", "scores", "_splits", "_cards")

    def __init__(self, size: int) -> None:
        self.size = size
        self.order: RankOrder = SPANISH_48 if size == 48 else SPANISH_40
        self.deck: tuple[Card, ...] = spanish_deck(48 if size == 48 else 40)
        self.bit: dict[Card, int] = {card: 1 << i for i, card in enumerate(self.deck)}
        #: by ``id(card)`` of the interned cards: no Python-level hash or eq in hot loops
        self.bit_id: dict[int, int] = {id(card): b for card, b in self.bit.items()}
        juegos = [tuple(g) for g in groups(self.deck, min_size=3, max_size=3)]
        juegos += [tuple(r) for r in runs(self.deck, self.order, min_length=3, max_length=3)]
        self.juegos: dict[int, tuple[Card, ...]] = {
            self.mask(j): sort_cards(j, self.order) for j in juegos}
        self.with_bit: dict[int, tuple[int, ...]] = {
            b: tuple(m for m in self.juegos if m & b) for b in self.bit.values()}
        #: for two cards (a mask), the cards that make a juego with them
        self.thirds: dict[int, int] = {}
        for j in self.juegos:
            for card in (b for b in self.bit.values() if j & b):
                self.thirds[j ^ card] = self.thirds.get(j ^ card, 0) | card
        #: for a card (a bit), the other two cards (bits, ascending) of each juego with it, as ``with_bit``
        self.others: dict[int, tuple[tuple[int, ...], ...]] = {
            b: tuple(tuple(o for o in sorted(self.bit.values()) if j & ~b & o) for j in js)
            for b, js in self.with_bit.items()}
        #: for a card (a bit), every card that shares a juego with it (its own bit included)
        self.near: dict[int, int] = {b: reduce(or_, js, 0) for b, js in self.with_bit.items()}
        self._splits: dict[int, bool] = {}
        #: RanzoBot's hand scores by hand and live cards (see :mod:`naipes.ranzo.bots`)
        self.scores: dict[int, float] = {}
        self._cards: tuple[tuple[Card, ...], int] = ((), 0)
        self.pairs: dict[Card, tuple[tuple[Card, Card], ...]] = {
            card: tuple(self._pair(j, card) for j in self.juegos.values() if card in j)
            for card in self.deck}
        self.envidos: dict[int, tuple[tuple[int, int, Envido], ...]] = {
            id(card): tuple((id(a), id(b), envido(a, b)) for a, b in pairs)
            for card, pairs in self.pairs.items()}
        index = {card: i for i, card in enumerate(sort_cards(self.deck, self.order))}
        self.key = index.__getitem__

    def _pair(self, juego: tuple[Card, ...], card: Card) -> tuple[Card, Card]:
        a, b = (c for c in juego if c != card)
        return (a, b)

    def mask(self, cards: Iterable[Card]) -> int:
        """The mask of some cards of this deck."""
        bit = self.bit_id
        m = 0
        for c in cards:
            m |= bit[id(c)]
        return m

    def deck_mask(self, cards: tuple[Card, ...]) -> int:
        """:meth:`mask` of the cards in play, remembered for the last tuple asked (a game's own)."""
        last, mask = self._cards
        if cards is not last:
            mask = self.mask(cards)
            self._cards = (cards, mask)
        return mask

    def can_split(self, mask: int) -> bool:
        """True when the cards of ``mask`` split into juegos (the count must be a multiple of 3).

        Memoized (at most :data:`SPLITS_KEPT` masks; the memo starts over past that).
        """
        found = self._splits.get(mask)
        if found is None:
            found = self._split(mask)
            if len(self._splits) >= SPLITS_KEPT:
                self._splits = {}
            self._splits[mask] = found
        return found

    def _split(self, mask: int) -> bool:
        if not mask:
            return True
        if mask in self.juegos:
            return True
        low = mask & -mask
        for j in self.with_bit[low]:
            if mask & j == j and self.can_split(mask ^ j):
                return True
        return False

    def is_juego(self, cards: Iterable[Card]) -> bool:
        """True when the cards are exactly one juego of this deck."""
        cards = tuple(cards)
        if len(cards) != 3 or len(set(cards)) != 3:
            return False
        if any(c not in self.bit for c in cards):
            return False
        return self.mask(cards) in self.juegos


@cache
def tables(size: int) -> Tables:
    """The tables of the 48- or 40-card deck (built once)."""
    return Tables(size)
