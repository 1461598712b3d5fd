"""Private: the pieces of :mod:`naipes.machiavelli.candidates`, each a local change of the table.

Every piece is found from bit masks of the hand (:mod:`~naipes.machiavelli._fast_listing`'s
layout: ``suit * 16 + rank``, the joker above), and what a table meld offers
(its one-card extensions, its spare cards, its splits, its joker swaps) is
worked out once per meld value and remembered (bounded memo tables, written
under a lock or one whole entry at a time, as the listing's). A table's melds
that some hand card can touch are remembered per table, so a decision looks
only at them.

.. versionadded:: 1.2
"""

from __future__ import annotations

import threading
from typing import NamedTuple

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.machiavelli._fast_listing import _JOKER_BIT, _METAS, _RANKS, _meta, _new_melds, card_bit
from naipes.machiavelli.melds import Meld, meld_problem, meld_value
from naipes.machiavelli.rules import Rules

_LOCK = threading.Lock()


# A piece: (table melds it replaces, their replacements (None: gone), melds it adds,
# the hand cards it plays, jokers it takes back, its source)
class _Piece(NamedTuple):
    removed: tuple[int, ...]
    repl: tuple[Meld | None, ...]
    extra: tuple[Meld, ...]
    cards: tuple[Card, ...]
    taken: int
    source: str
    listed: bool
    value: int



def _hand_pieces(hand: tuple[Card, ...], mask: int, rules: Rules) -> list[_Piece]:
    """The listed new melds of three, then the hand melds of four or more (natural cards)."""
    jokers = 0
    if mask & _JOKER_BIT:
        if rules.jokers:
            jokers = min(sum(1 for c in hand if c is JOKER), 3)
        else:
            mask ^= _JOKER_BIT
    least = max(3 - jokers, rules.min_natural_per_combination)
    found = _new_melds(mask, least)
    out = [_Piece((), (), (m,), physical, 0, "new_meld", True, value) for m, physical, value in found or ()]
    runs = mask & mask >> 1 & mask >> 2 & mask >> 3 & _STARTS
    if runs:
        for s in range(4):
            bits = mask >> (16 * s) & _RANKS
            if not runs >> (16 * s) & _RANKS:
                continue
            rank = 1
            while rank <= 13:
                if not bits >> rank & 1:
                    rank += 1
                    continue
                end = rank
                while end < 13 and bits >> (end + 1) & 1:
                    end += 1
                if end - rank >= 3:
                    meld = _hand_run(s, rank, end)
                    out.append(_Piece((), (), (meld,), meld.cards, 0, "hand_meld", False, meld_value(meld)))
                rank = end + 1
    groups = mask & mask >> 16 & mask >> 32 & mask >> 48 & _RANKS
    while groups:
        rank = (groups & -groups).bit_length() - 1
        groups &= groups - 1
        meld = _hand_group(rank)
        out.append(_Piece((), (), (meld,), meld.cards, 0, "hand_meld", False, meld_value(meld)))
    return out


#: ``_ROWS[suit index][rank]``: the interned cards (index 0: the joker, a placeholder).
_ROWS = tuple((JOKER,) + tuple(Card(r, s) for r in range(1, 14)) for s in FRENCH_SUITS)
_STARTS = sum(_RANKS << (16 * s) for s in range(4))
_MELDS: dict[tuple[int, ...], Meld] = {}


def _hand_run(suit: int, low: int, high: int) -> Meld:
    key = (suit, low, high)
    meld = _MELDS.get(key)
    if meld is None:
        meld = _MELDS.setdefault(key, Meld(_ROWS[suit][low:high + 1]))
    return meld


def _hand_group(rank: int) -> Meld:
    key = (rank,)
    meld = _MELDS.get(key)
    if meld is None:
        meld = _MELDS.setdefault(key, Meld(tuple(row[rank] for row in _ROWS)))
    return meld


def _table_pieces(out: list[_Piece], table: tuple[Meld, ...], mask: int, jokers: bool) -> None:
    """Each table meld's listed extensions, steals, splits and swaps that the hand can make."""
    if not jokers:
        mask &= ~_JOKER_BIT
    natural = mask & ~_JOKER_BIT
    found = _TABLES.get(id(table))
    if found is None or found[0] is not table:
        found = _table_entry(table)
    if not (found[2] & mask or found[3] & natural):
        return
    for i, entry in found[1]:
        _, extensions, want, spares, others, trigger = entry
        if want & mask:
            for bit, new, one, value in extensions:
                if bit & mask:
                    out.append(_Piece((i,), (new,), (), one, 0, "extension", True, value))
        if trigger & natural:
            for card, rest, partners in spares:
                got = partners & natural
                if got & (got - 1):  # two cards or more
                    for new, cards, value in _steals(card, got):
                        out.append(_Piece((i,), (rest,), (new,), cards, 0, "steal", False, value))
            for bit, repl, extra, one, taken, source, value in others:
                if bit & natural:
                    out.append(_Piece((i,), repl, extra, one, taken, source, False, value))


# id(table) -> (the table, its melds that some hand card touches, with their entries, the OR
# of their extension masks, the OR of their other masks); the entry keeps the table alive
_TableEntry = tuple[tuple[Meld, ...], tuple[tuple[int, "_Entry"], ...], int, int]
_TABLES: dict[int, _TableEntry] = {}


def _table_entry(table: tuple[Meld, ...]) -> _TableEntry:
    entries = _ENTRIES
    touched = []
    want = trigger = 0
    for i, meld in enumerate(table):
        entry = entries.get(id(meld))
        if entry is None or entry[0] is not meld:
            entry = _entry(meld)
        if entry[2] or entry[5]:
            touched.append((i, entry))
            want |= entry[2]
            trigger |= entry[5]
    found = (table, tuple(touched), want, trigger)
    if len(_TABLES) > 4_096:  # one store or clear at a time: atomic
        _TABLES.clear()
    _TABLES[id(table)] = found
    return found


#: ``id(card) -> its points`` (A 1, 2-10, J/Q/K 10; the joker 0 here: its points are the rules').
_VALUE: dict[int, int] = {id(c): min(c.rank, 10) for row in _ROWS for c in row[1:]}
_VALUE[id(JOKER)] = 0

# id(meld) -> (meld, its extensions (bit, extended meld, (hand card,), points), the mask they
# want, its spares (card, what is left, the mask of hand cards that can meld with the card), its
# splits and swaps (bit, replacements, new melds, (hand card,), jokers taken, source, points), the
# mask of the hand cards that make a spare's meld, a split or a swap); the entry keeps the meld alive
_Other = tuple[int, tuple[Meld], tuple[Meld, ...], tuple[Card], int, str, int]
_Entry = tuple[Meld, tuple[tuple[int, Meld, tuple[Card], int], ...], int, tuple[tuple[Card, Meld, int], ...],
               tuple[_Other, ...], int]
_ENTRIES: dict[int, _Entry] = {}
_BY_VALUE: dict[Meld, _Entry] = {}  # a meld's value -> the entry of the first meld seen of that value
_STEALS: dict[tuple[int, int], tuple[tuple[Meld, tuple[Card, ...], int], ...]] = {}


def _entry(meld: Meld) -> _Entry:
    same = _BY_VALUE.get(meld)  # a meld equal to one seen: the same pieces
    if same is not None:
        entry: _Entry = (meld, *same[1:])
    else:
        meta = _METAS.get(id(meld))
        if meta is None or meta[0] is not meld:
            meta = _meta(meld)
        extensions = tuple((bit, new, (card,), _VALUE[id(card)]) for new, card, bit in meta[1])
        spares = tuple((card, rest, _partners(card)) for card, rest in _spares(meld))
        others: list[_Other] = [(card_bit(card), (left,), (right,), (card,), 0, "split", _VALUE[id(card)])
                                for card, left, right in _splits(meld)]
        others += [(card_bit(card), (new,), (), (card,), 1, "swap", _VALUE[id(card)]) for card, new in _swaps(meld)]
        trigger = 0
        for _, _, partners in spares:
            trigger |= partners
        for other in others:
            trigger |= other[0]
        entry = (meld, extensions, meta[2], spares, tuple(others), trigger)
    with _LOCK:
        if len(_ENTRIES) > 20_000:
            _ENTRIES.clear()
        _ENTRIES[id(meld)] = entry
        if same is None:
            if len(_BY_VALUE) > 20_000:
                _BY_VALUE.clear()
            _BY_VALUE[meld] = entry
    return entry


def _partners(card: Card) -> int:
    """The bits of the natural cards that can share a meld of three with ``card``."""
    rank, suit = card.rank, FRENCH_SUITS.index(card.suit)
    bits = 0
    for s in range(4):
        if s != suit:
            bits |= 1 << (16 * s + rank)
    for r in (rank - 2, rank - 1, rank + 1, rank + 2):
        if 1 <= r <= 13:
            bits |= 1 << (16 * suit + r)
    return bits


def _steals(card: Card, got: int) -> tuple[tuple[Meld, tuple[Card, ...], int], ...]:
    """New melds of ``card`` (from the table) with the natural hand cards ``got`` (bits among its
    partners): the group of every other suit, and the longest run through it; memoized."""
    key = (id(card), got)
    found = _STEALS.get(key)
    if found is not None:
        return found
    out = []
    rank, suit = card.rank, FRENCH_SUITS.index(card.suit)
    others = tuple(_ROWS[s][rank] for s in range(4) if s != suit and got >> (16 * s + rank) & 1)
    if len(others) >= 2:
        new = Meld((card,) + others).normalized()
        out.append((new, others, meld_value(new) - _VALUE[id(card)]))
    low = high = rank
    row = 16 * suit
    while low > 1 and got >> (row + low - 1) & 1:
        low -= 1
    while high < 13 and got >> (row + high + 1) & 1:
        high += 1
    if high - low >= 2:
        cards = _ROWS[suit][low:high + 1]
        new = Meld(cards)
        out.append((new, tuple(c for c in cards if c is not card), meld_value(new) - _VALUE[id(card)]))
    found = tuple(out)
    with _LOCK:
        if len(_STEALS) > 20_000:
            _STEALS.clear()
        _STEALS[key] = found
    return found


_LENIENT = Rules(jokers=4, min_natural_per_combination=1)


def _valid(meld: Meld, naturals: int) -> bool:
    """Valid as a meld (the engine's check decides the variant's joker rules)."""
    return len(meld.cards) - len(meld.jokers) >= naturals and meld_problem(meld, _LENIENT) is None


def _spares(meld: Meld) -> list[tuple[Card, Meld]]:
    """The natural cards a meld can give up and stay valid: an end of a run of four or more,
    any card of a group of four."""
    cards, jokers = meld.cards, meld.jokers
    n = len(cards)
    if n < 4:
        return []
    run = cards[0].suit is cards[1].suit and cards[0].rank != cards[1].rank
    places = (0, n - 1) if run else range(n)
    out = []
    for p in places:
        if p in jokers:
            continue
        rest = Meld(cards[:p] + cards[p + 1:], tuple(j - (j > p) for j in jokers))
        if _valid(rest, 2):
            out.append((cards[p], rest))
    return out


def _splits(meld: Meld) -> list[tuple[Card, Meld, Meld]]:
    """The splits of a run by a second copy of one of its middle cards (both halves of three or more)."""
    cards, jokers = meld.cards, meld.jokers
    n = len(cards)
    if n < 5 or cards[0].suit is not cards[1].suit or cards[0].rank == cards[1].rank:
        return []
    out = []
    for p in range(2, n - 2):
        left = Meld(cards[:p + 1], tuple(j for j in jokers if j <= p))
        right = Meld(cards[p:], tuple(j - p for j in jokers if j > p))
        if _valid(left, 2) and _valid(right, 2):
            out.append((cards[p], left, right))
    return out


def _swaps(meld: Meld) -> list[tuple[Card, Meld]]:
    """The swaps of a meld's jokers (MV-12): the card each stands for, and the meld with it."""
    return [(meld.cards[p], Meld(meld.cards, tuple(j for j in meld.jokers if j != p))) for p in meld.jokers]
