"""The MV-16 listing as the game computes it at every turn: bit masks and memo tables.

:func:`naipes.machiavelli.listing.listed_plays` lists the family from scratch.
:func:`fast_listed_plays` gives the same plays in the same order (the tests
compare them at every step of random games) at a fraction of the cost:

- the hand becomes one integer, a bit per card (``suit * 16 + rank``, the
  joker above them), in one pass over the hand without hashing cards;
- each table meld gets, once, its one-card extensions with their cards' bits
  and the mask of those cards (melds of equal value share them, so the melds
  laid on the table are few objects, found by id); each table (a tuple, alive
  as long as the game holds it) gets the OR of its melds' masks, so a turn
  tests one ``and`` before it looks at a single meld; a meld equal to one
  before it gets no extensions there (the same plays, listed once: MV-05);
- the new melds come from the masks: bitwise majorities pick the ranks that
  can make a group, shifted ``and`` s the starts of runs, and the memo tables of
  :mod:`~naipes.machiavelli.listing` give the melds themselves, here with their
  physical cards and value.

The game keeps each seat's mask up to date as cards come and go
(:class:`~naipes.machiavelli.state.Game`), so a turn does not even read the hand.
The memo tables are bounded (cleared when full) and read without a lock; each
write stores one whole entry (or clears the table), so threads share them safely.
"""

from __future__ import annotations

import threading
from typing import Any, Sequence

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.machiavelli.listing import _extensions, _new_groups, _new_runs
from naipes.machiavelli.melds import Meld, meld_value
from naipes.machiavelli.moves import Play, _trusted_play
from naipes.machiavelli.rules import Rules

__all__ = ["card_bit", "fast_listed_plays", "hand_mask", "list_into"]

#: The bit of the joker in a hand mask (above the four suits' 16 bits each).
_JOKER_BIT = 1 << 64
#: ``id(card) -> bit`` for every card of the French decks and the joker (cards are interned).
_BIT: dict[int, int] = {id(JOKER): _JOKER_BIT}
for _s, _suit in enumerate(FRENCH_SUITS):
    for _r in range(1, 14):
        _BIT[id(Card(_r, _suit))] = 1 << (_s * 16 + _r)
_RANKS = 0x3FFE  # bits 1..13 of one suit

_LOCK = threading.Lock()
_Extension = tuple[Meld, Card, int]  # the extended meld, the hand card, its bit
# A table meld's extensions with their bits, and the mask of the cards they need.
_Meta = tuple[Meld, tuple[_Extension, ...], int]
_METAS: dict[int, _Meta] = {}  # id(meld) -> its meta (the entry keeps the meld alive)
_BY_VALUE: dict[Meld, _Meta] = {}  # a meld's value -> the meta of the first meld seen of that value
# id(table) -> (table, the metas of its melds, the mask of every card that extends one)
_TableEntry = tuple[tuple[Meld, ...], tuple[_Meta, ...], int]
_TABLES: dict[int, _TableEntry] = {}
# a new meld with what its play needs: (meld, physical cards, value)
_New = tuple[Meld, tuple[Card, ...], int]
_GROUPS: dict[tuple[int, int, int], tuple[_New, ...]] = {}
_RUNS: dict[tuple[int, int, int, int], tuple[_New, ...]] = {}


def hand_mask(hand: Sequence[Card]) -> int:
    """The hand as bits: ``1 << (suit * 16 + rank)`` per natural card, ``1 << 64`` for a joker."""
    bits = _BIT
    mask = 0
    for card in hand:
        bit = bits.get(id(card))
        mask |= bit if bit is not None else _slow_bit(card)
    return mask


def card_bit(card: Card) -> int:
    """The bit of one card in a hand mask."""
    bit = _BIT.get(id(card))
    return bit if bit is not None else _slow_bit(card)


def _slow_bit(card: Card) -> int:
    """The bit of a card that is not the interned instance (never made by the engine)."""
    if card.suit is None:
        return _JOKER_BIT
    return 1 << (FRENCH_SUITS.index(card.suit) * 16 + card.rank)


def fast_listed_plays(table: tuple[Meld, ...], hand: Sequence[Card], rules: Rules, *,
                      opened: bool = True) -> list[Play]:
    """What :func:`~naipes.machiavelli.listing.listed_plays` returns, computed from masks."""
    plays: list[Play] = []
    list_into(plays, table, hand, hand_mask(hand), rules, opened)
    return plays


def list_into(plays: list[Any], table: tuple[Meld, ...], hand: Sequence[Card], mask: int, rules: Rules,
              opened: bool) -> None:
    """Append the listed plays to ``plays``; ``mask`` is :func:`hand_mask` of ``hand``."""
    jokers = 0
    if mask & _JOKER_BIT:
        if rules.jokers:
            jokers = min(sum(1 for c in hand if c is JOKER or c.suit is None), 3)
        else:
            mask ^= _JOKER_BIT
    make = _trusted_play
    minimum = 0 if opened else rules.initial_meld_min
    if not minimum:
        entry = _TABLES.get(id(table))
        if entry is None or entry[0] is not table:
            entry = _table_entry(table)
        if entry[2] & mask:
            for i, (_, extensions, want) in enumerate(entry[1]):
                if want & mask:
                    for new, card, bit in extensions:
                        if bit & mask:
                            plays.append(make(table[:i] + (new,) + table[i + 1:], (card,)))
    least = 3 - jokers
    if least < rules.min_natural_per_combination:
        least = rules.min_natural_per_combination
    found = _new_melds(mask, least)
    if found:
        for meld, physical, value in found:
            if value >= minimum:
                plays.append(make(table + (meld,), physical))


def _table_entry(table: tuple[Meld, ...]) -> _TableEntry:
    # An entry keeps its meld alive, so an id found in _METAS is that meld (ids are not reused).
    metas_of = _METAS
    metas = []
    want = 0
    # melds by the mask of the cards that extend them: equal melds have equal masks, so a
    # meld is compared (identity first) only with the few earlier melds of its mask, never hashed
    seen: dict[int, list[Meld]] = {}
    for meld in table:
        meta = metas_of.get(id(meld))
        if meta is None:
            meta = _meta(meld)
        bits = meta[2]
        if bits:  # a meld nothing extends lists no play: nothing to merge
            alike = seen.get(bits)
            if alike is None:
                seen[bits] = [meld]
            elif meld in alike:  # an equal meld before it: its plays are listed there (MV-05)
                meta = (meld, (), 0)
                bits = 0
            else:
                alike.append(meld)
        metas.append(meta)
        want |= bits
    entry = (table, tuple(metas), want)
    if len(_TABLES) > 4_096:  # one store or clear at a time: atomic, no lock needed
        _TABLES.clear()
    _TABLES[id(table)] = entry
    return entry


def _meta(meld: Meld) -> _Meta:
    """The meta of a table meld; melds of equal value share the extension melds (then the ones
    laid on the table are the same few objects, and their own metas are found by id)."""
    same = _BY_VALUE.get(meld)
    if same is None:
        extensions = tuple((new, card, _BIT.get(id(card)) or _slow_bit(card)) for new, card in _extensions(meld))
        want = 0
        for _, _, bit in extensions:
            want |= bit
        same = (meld, extensions, want)
        if len(_BY_VALUE) > 20_000:
            _BY_VALUE.clear()
        _BY_VALUE[meld] = same
    meta = (meld, same[1], same[2])
    if len(_METAS) > 20_000:
        _METAS.clear()
    _METAS[id(meld)] = meta
    return meta


def _new_melds(mask: int, least: int) -> list[_New] | None:
    """The melds of :func:`~naipes.machiavelli.listing.new_melds_from`, in its order.

    A suit's ranks take 16 bits and ranks 0, 14 and 15 are always clear, so a
    shift moves no rank into another suit's starts (bits 1..11 of each suit).
    """
    s0, s1, s2, s3 = mask & _RANKS, mask >> 16 & _RANKS, mask >> 32 & _RANKS, mask >> 48 & _RANKS
    if least >= 3:
        ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
        starts = mask & mask >> 1 & mask >> 2 & _STARTS
        if not (ranks or starts):
            return None
    else:
        if least == 2:
            ranks = (s0 & (s1 | s2 | s3)) | (s1 & (s2 | s3)) | (s2 & s3)
        else:
            ranks = s0 | s1 | s2 | s3
        starts = (mask | mask >> 1 | mask >> 2) & _STARTS
    out: list[_New] = []
    while ranks:
        rank = (ranks & -ranks).bit_length() - 1
        ranks &= ranks - 1
        suits = (s0 >> rank & 1) | (s1 >> rank & 1) << 1 | (s2 >> rank & 1) << 2 | (s3 >> rank & 1) << 3
        out.extend(_groups(rank, suits, least))
    while starts:  # suit by suit, lowest start first, as new_melds_from
        at = (starts & -starts).bit_length() - 1
        starts &= starts - 1
        window = (mask >> at) & 7
        if least == 3 or _POP[window] >= least:
            out.extend(_runs(at >> 4, at & 15, window, least))
    return out


_STARTS = sum(0xFFE << (16 * s) for s in range(4))
_POP = tuple(bin(i).count("1") for i in range(16))


def _with_play_parts(melds: tuple[Meld, ...]) -> tuple[_New, ...]:
    return tuple((m, m.physical, meld_value(m)) for m in melds)


def _groups(rank: int, suits: int, least: int) -> tuple[_New, ...]:
    key = (rank, suits, least)
    found = _GROUPS.get(key)
    if found is None:
        found = _with_play_parts(_new_groups(rank, suits, least))
        with _LOCK:
            found = _GROUPS.setdefault(key, found)
    return found


def _runs(suit: int, low: int, window: int, least: int) -> tuple[_New, ...]:
    key = (suit, low, window, least)
    found = _RUNS.get(key)
    if found is None:
        found = _with_play_parts(_new_runs(FRENCH_SUITS[suit], low, window, least))
        with _LOCK:
            found = _RUNS.setdefault(key, found)
    return found
