"""The finite family of plays that ``legal_moves()`` lists (MV-16).

A Machiavelli player may submit any valid layout, far too many to list, so the
engine lists a documented family:

- every play that adds **one** hand card to one end of a table run, or
  completes a table group of three with its fourth suit (nothing else changes);
- every play that lays **one** new meld of three cards made entirely from the
  hand (nothing else changes).

Extending either of two equal table melds makes the same final table (MV-05
reads a layout, not the place of its melds), so only the first of equal melds
is extended: each play is listed once.

A joker in the hand appears in both, once for each card it can stand for.
Before his opening (MV-11) a player is listed only new melds worth at least
``initial_meld_min``. ``Draw`` and ``Forfeit`` are added by the game.

>>> from naipes.machiavelli.melds import parse_table
>>> table = parse_table("[4S 5S 6S] [8H 8D 8C]")
>>> [str(p) for p in listed_plays(table, Card.parse_many("7S 8S 3S 2C"), Rules())]
['play 3S: [3S 4S 5S 6S] [8H 8D 8C]', 'play 7S: [4S 5S 6S 7S] [8H 8D 8C]', 'play 8S: [4S 5S 6S] [8S 8H 8D 8C]']

.. versionadded:: 0.1
"""

from __future__ import annotations

import threading
from itertools import combinations
from typing import Iterator, Sequence

from naipes.cards import FRENCH_SUITS, JOKER, Card, Suit
from naipes.machiavelli.melds import Meld, meld_value
from naipes.machiavelli.moves import Play
from naipes.machiavelli.rules import Rules

__all__ = ["listed_plays", "new_melds_from"]

#: ``_CARD[suit][rank]``: the interned cards, to skip ``Card()`` lookups in loops.
_CARD: dict[Suit, tuple[Card, ...]] = {s: (JOKER,) + tuple(Card(r, s) for r in range(1, 14)) for s in FRENCH_SUITS}


def listed_plays(table: tuple[Meld, ...], hand: Sequence[Card], rules: Rules, *,
                 opened: bool = True) -> list[Play]:
    """The plays of the MV-16 family for ``hand`` on ``table``, in a fixed order.

    Args:
        table: the melds on the table (in canonical order, see :meth:`Meld.normalized`).
        hand: the player's hand.
        rules: the variant rules.
        opened: whether the player has made his opening play (MV-11).

    .. versionadded:: 0.1
    """
    have = {id(c) for c in hand}
    jokers = id(JOKER) in have and rules.jokers > 0
    plays: list[Play] = []
    make = Play._trusted
    if opened or not rules.initial_meld_min:
        for i, meld in enumerate(table):
            if meld in table[:i]:  # an equal meld before it: the same plays (MV-05), listed there
                continue
            for new, card in _extensions(meld):
                if id(card) in have and (jokers or card is not JOKER):
                    plays.append(make(table[:i] + (new,) + table[i + 1:], (card,)))
    minimum = 0 if opened else rules.initial_meld_min
    for meld in new_melds_from(hand, rules):
        if minimum and meld_value(meld) < minimum:
            continue
        plays.append(make(table + (meld,), meld.physical))
    return plays


# id(meld) -> (meld, its extensions); the meld is kept alive by the entry, so its id is not reused.
# The memo tables of this module are read without a lock (an entry is stored whole, once
# computed) and written under _LOCK, so threads share them safely.
_EXTENSIONS: dict[int, tuple[Meld, tuple[tuple[Meld, Card], ...]]] = {}
_LOCK = threading.Lock()


def _extensions(meld: Meld) -> tuple[tuple[Meld, Card], ...]:
    """Every one-card extension of a (valid, canonical) table meld, with the hand card it needs."""
    entry = _EXTENSIONS.get(id(meld))
    if entry is not None and entry[0] is meld:
        return entry[1]
    found = tuple(_compute_extensions(meld))
    with _LOCK:
        if len(_EXTENSIONS) > 20_000:
            _EXTENSIONS.clear()
        _EXTENSIONS[id(meld)] = (meld, found)
    return found


def _compute_extensions(meld: Meld) -> Iterator[tuple[Meld, Card]]:
    cards = meld.cards
    suit = cards[0].suit
    assert suit is not None
    if suit is cards[1].suit:  # a run, sorted by rank
        row = _CARD[suit]
        lo, hi = cards[0].rank, cards[-1].rank
        if lo > 1:
            low = row[lo - 1]
            shifted = tuple(j + 1 for j in meld.jokers)
            yield Meld((low,) + cards, shifted), low
            yield Meld((low,) + cards, (0,) + shifted), JOKER
        if hi < 13:
            high = row[hi + 1]
            yield Meld(cards + (high,), meld.jokers), high
            yield Meld(cards + (high,), meld.jokers + (len(cards),)), JOKER
    elif len(cards) == 3:
        present = {c.suit for c in cards}
        rank = cards[0].rank
        for suit in FRENCH_SUITS:
            if suit not in present:
                fourth = _CARD[suit][rank]
                yield Meld(cards + (fourth,), meld.jokers).normalized(), fourth
                yield Meld(cards + (fourth,), meld.jokers + (3,)).normalized(), JOKER


_POP = tuple(bin(i).count("1") for i in range(16))


def new_melds_from(hand: Sequence[Card], rules: Rules) -> list[Meld]:
    """Every distinct meld of three cards that ``hand`` can lay by itself.

    Jokers (when ``rules.jokers``) fill the missing cards, keeping at least
    ``rules.min_natural_per_combination`` natural cards.

    >>> [str(m) for m in new_melds_from(Card.parse_many("7H 7D 7C 8H 9H 2S"), Rules())]
    ['[7H 7D 7C]', '[7H 8H 9H]']

    .. versionadded:: 0.1
    """
    jokers = min(hand.count(JOKER), 3) if rules.jokers else 0
    least = max(rules.min_natural_per_combination, 3 - jokers)
    runs = [0, 0, 0, 0]
    groups = [0] * 14
    for card in hand:
        where = _WHERE.get(card)
        if where is not None:
            suit, rank = where
            runs[suit] |= 1 << rank
            groups[rank] |= 1 << suit
    out: list[Meld] = []
    for rank in range(1, 14):
        mask = groups[rank]
        if mask and _POP[mask] >= least:
            out.extend(_new_groups(rank, mask, least))
    for suit, mask in enumerate(runs):
        if least == 3:
            starts = mask & (mask >> 1) & (mask >> 2)  # bit r: r, r+1, r+2 all present
        else:
            starts = (mask | mask >> 1 | mask >> 2) & 0xFFE  # any of the window present, lows 1..11
        while starts:
            low = (starts & -starts).bit_length() - 1
            starts &= starts - 1
            window = (mask >> low) & 7
            if low <= 11 and _POP[window] >= least:
                out.extend(_new_runs(FRENCH_SUITS[suit], low, window, least))
    return out


_WHERE = {_CARD[s][r]: (i, r) for i, s in enumerate(FRENCH_SUITS) for r in range(1, 14)}
_GROUPS: dict[tuple[int, int, int], tuple[Meld, ...]] = {}
_RUNS: dict[tuple[Suit, int, int, int], tuple[Meld, ...]] = {}


def _new_groups(rank: int, mask: int, least: int) -> tuple[Meld, ...]:
    key = (rank, mask, least)
    found = _GROUPS.get(key)
    if found is None:
        suits = [s for i, s in enumerate(FRENCH_SUITS) if mask >> i & 1]
        out = []
        for k in range(min(3, len(suits)), least - 1, -1):
            for chosen in combinations(suits, k):
                others = [s for s in FRENCH_SUITS if s not in chosen]
                for declared in combinations(others, 3 - k):
                    out.append(_group(rank, chosen, declared))
        with _LOCK:
            found = _GROUPS.setdefault(key, tuple(out))
    return found


def _group(rank: int, chosen: tuple[Suit, ...], declared: tuple[Suit, ...]) -> Meld:
    suits = sorted(chosen + declared, key=FRENCH_SUITS.index)
    return Meld(tuple(_CARD[s][rank] for s in suits), tuple(i for i, s in enumerate(suits) if s in declared))


def _new_runs(suit: Suit, low: int, window: int, least: int) -> tuple[Meld, ...]:
    key = (suit, low, window, least)
    found = _RUNS.get(key)
    if found is None:
        row = _CARD[suit]
        cards = (row[low], row[low + 1], row[low + 2])
        here = [i for i in range(3) if window >> i & 1]
        out = []
        for k in range(len(here), least - 1, -1):
            for chosen in combinations(here, k):
                out.append(Meld(cards, tuple(i for i in range(3) if i not in chosen)))
        with _LOCK:
            found = _RUNS.setdefault(key, tuple(out))
    return found
