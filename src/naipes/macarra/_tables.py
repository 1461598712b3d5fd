"""Small-int card codes, the successor tables the engine runs on, and the game's phases (internal).

A card is coded ``suit_index * 16 + rank`` (oros 0, copas 1, espadas 2,
bastos 3), so codes are 1–60 and index plain lists.

>>> t = tables(40)
>>> CARDS[t.next_code[code(Card.parse("7o"))]], t.succ_rank[code(Card.parse("12b"))]
(Card.parse('10o'), 0)
"""

from __future__ import annotations

from typing import Iterable

from naipes.cards import SPANISH_40, SPANISH_48, SPANISH_SUITS, Card
from naipes.errors import InvalidStateError
from naipes.macarra.phase import Phase

__all__ = ["CARDS", "Phase", "Tables", "code", "codes", "tables"]

#: The card of each code (``None`` where no card has that code).
CARDS: list[Card | None] = [None] * 64
_CODE: dict[Card, int] = {}
for _si, _suit in enumerate(SPANISH_SUITS):
    for _rank in range(1, 13):
        _c = Card(_rank, _suit)
        CARDS[_si * 16 + _rank] = _c
        _CODE[_c] = _si * 16 + _rank


def code(card: Card) -> int:
    """The code of a Spanish card.

    Raises:
        InvalidStateError: for a card that is not a Spanish card.
    """
    try:
        return _CODE[card]
    except (KeyError, TypeError):
        raise InvalidStateError(f"{card!r} is not a Spanish card", code="not_a_card", rule="MK-01") from None


def codes(cards: Iterable[Card]) -> list[int]:
    """The codes of several cards."""
    return [code(c) for c in cards]


class Tables:
    """Rank successors for one deck size, indexed by card code."""

    __slots__ = ("deck", "ranks", "succ_rank", "next_code", "valid", "full_deck")

    def __init__(self, deck: int) -> None:
        order = SPANISH_40 if deck == 40 else SPANISH_48
        self.deck = deck
        self.ranks = order.ranks
        #: successor rank (any suit) of the card's rank, 0 at the top
        self.succ_rank = [0] * 64
        #: the same-suit successor card's code, 0 at the top
        self.next_code = [0] * 64
        #: True for the codes of this deck
        self.valid = [False] * 64
        for si in range(4):
            for rank in order.ranks:
                c = si * 16 + rank
                nxt = order.successor(rank) or 0
                self.succ_rank[c] = nxt
                self.next_code[c] = si * 16 + nxt if nxt else 0
                self.valid[c] = True
        #: one deck's codes in canonical order
        self.full_deck = tuple(si * 16 + r for si in range(4) for r in order.ranks)

    def run_to(self, top: int) -> list[int]:
        """The codes of a foundation whose top is ``top``: its ace up to ``top``."""
        base = top & ~15
        out = []
        for rank in self.ranks:
            out.append(base + rank)
            if base + rank == top:
                return out
        raise InvalidStateError(f"{CARDS[top]} is not in this deck", code="not_in_deck")


_TABLES = {40: Tables(40), 48: Tables(48)}


def tables(deck: int) -> Tables:
    """The shared tables of the 40- or 48-card deck."""
    return _TABLES[deck]


