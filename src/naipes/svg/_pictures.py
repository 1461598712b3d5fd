"""Pictures of single cards, backs and whole decks (see :mod:`naipes.svg`)."""

from __future__ import annotations

from typing import Iterable, Literal

from naipes.cards import Card
from naipes.errors import UsageError
from naipes.svg import _french as french
from naipes.svg import _spanish as spanish
from naipes.svg._backs import DECK_COLOURS, draw_back
from naipes.svg._doc import Node, check_width, group, svg_root
from naipes.svg._frame import CARD_H, CARD_W

__all__ = ["back", "card", "card_name", "deck_sheet", "draw"]

DeckName = Literal["spanish", "french"]


def _check_card(card: object) -> Card:
    if not isinstance(card, Card):
        raise UsageError(f"expected a Card, not {card!r:.40}", code="not_a_card")
    return card


def card_name(card: Card) -> str:
    """The card's name: Spanish for the Spanish deck (``sota de oros``), English for the French.

    >>> from naipes import Card
    >>> from naipes.svg import card_name
    >>> card_name(Card.parse("12c")), card_name(Card.parse("QD"))
    ('rey de copas', 'queen of diamonds')

    .. versionadded:: 1.1
    """
    card = _check_card(card)
    if card.suit is not None and card.suit.is_spanish:
        return spanish.card_name(card)
    return french.card_name(card)


def draw(card: Card) -> Node:
    """The ``<g>`` element of one card face in 100 x 150 units (to place in a bigger picture)."""
    card = _check_card(card)
    if card.suit is not None and card.suit.is_spanish:
        return spanish.draw_card(card)
    return french.draw_card(card)


def card(card: Card, *, width: float = 60) -> str:
    """One card face as a standalone SVG document, ``width`` pixels wide (height 1.5 x).

    The root ``<svg>`` has the card's name as its ``<title>``; the corner index
    shows the rank as printed on the card, and the card's ``<g>`` carries its
    notation in ``data-card``.

    Args:
        card: the card (a Spanish or a French card, or the joker).
        width: the picture's width in pixels, from 1 to 10000.

    Raises:
        UsageError: for something that is not a card (``not_a_card``) or a bad
            width (``bad_width``).

    >>> from naipes import Card
    >>> from naipes.svg import card
    >>> card(Card.parse("Co"))[:40]
    '<svg xmlns="http://www.w3.org/2000/svg" '
    >>> 'caballo de oros (11o)' in card(Card.parse("Co")), 'width="90"' in card(Card.parse("7H"), width=90)
    (True, True)

    .. versionadded:: 1.1
    """
    body = draw(card)
    w = check_width(width)
    return svg_root([body], view_width=CARD_W, view_height=CARD_H, width=w, title=card_name(card))


def back(*, width: float = 60, deck: DeckName = "spanish") -> str:
    """The back of a card as a standalone SVG document.

    Args:
        width: the picture's width in pixels.
        deck: ``"spanish"`` (red) or ``"french"`` (blue).

    Raises:
        UsageError: for another deck (``no_such_deck``) or a bad width.

    >>> from naipes.svg import back
    >>> 'card back' in back(deck="french")
    True

    .. versionadded:: 1.1
    """
    w = check_width(width)
    if deck not in DECK_COLOURS:
        raise UsageError(f"a card back is 'spanish' or 'french', not {deck!r:.40}", code="no_such_deck")
    return svg_root([draw_back(deck)], view_width=CARD_W, view_height=CARD_H, width=w, title="card back")


def _columns(cards: tuple[Card, ...]) -> int:
    if any(c.suit is not None and c.suit.is_spanish and c.rank in (8, 9) for c in cards):
        return 12
    if any(c.suit is not None and not c.suit.is_spanish for c in cards):
        return 13
    return 10


def deck_sheet(deck: Iterable[Card], *, width: float = 60, columns: int | None = None) -> str:
    """Every card of ``deck`` in rows, in the order given: a sheet for the docs.

    Args:
        deck: the cards, e.g. :func:`naipes.spanish_deck` or :func:`naipes.french_deck`.
        width: the width of one card in pixels.
        columns: cards per row; by default 10 for the Spanish 40-card deck
            (one suit a row), 12 for the 48-card deck and 13 for the French deck.

    Raises:
        UsageError: for an empty deck or a non-card (``not_a_card``), a bad
            width, or fewer than one column (``bad_columns``).

    >>> from naipes import spanish_deck
    >>> from naipes.svg import deck_sheet
    >>> sheet = deck_sheet(spanish_deck())
    >>> sheet.count('class="card"'), 'width="666"' in sheet
    (40, True)

    .. versionadded:: 1.1
    """
    cards = tuple(_check_card(c) for c in deck)
    w = check_width(width)
    if not cards:
        raise UsageError("a deck sheet needs at least one card", code="not_a_card")
    cols = _columns(cards) if columns is None else columns
    if isinstance(cols, bool) or not isinstance(cols, int) or not 1 <= cols <= 1000:
        raise UsageError(f"columns is an int from 1 to 1000, not {cols!r:.40}", code="bad_columns")
    gap = 10.0
    rows = -(-len(cards) // cols)
    items = [group(draw(c), transform=f"translate({gap + (CARD_W + gap) * (i % cols):g} "
                                         f"{gap + (CARD_H + gap) * (i // cols):g})")
             for i, c in enumerate(cards)]
    vw, vh = gap + (CARD_W + gap) * min(cols, len(cards)), gap + (CARD_H + gap) * rows
    return svg_root(items, view_width=vw, view_height=vh, width=w * vw / CARD_W,
                    title=f"{len(cards)} cards")
