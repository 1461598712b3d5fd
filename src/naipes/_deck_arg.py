"""The ``deck=`` argument of every game's constructor, normalized (:meth:`naipes.game.Game._deck_orders`)."""

from __future__ import annotations

from typing import Sequence

from naipes.cards import Card
from naipes.errors import InvalidStateError

__all__ = ["deck_orders"]


def deck_orders(deck: Sequence[Card] | Sequence[Sequence[Card]] | None) -> tuple[tuple[Card, ...], ...]:
    """Normalize ``deck=``: one order, or a sequence of orders, top first."""
    if deck is None:
        return ()
    items = list(deck)
    if not items:
        raise InvalidStateError("deck= is empty", code="bad_deck")
    if all(isinstance(c, str) for c in items):
        return (tuple(Card.parse(c) for c in items),)  # type: ignore[arg-type]
    if isinstance(items[0], Card):
        if not all(isinstance(c, Card) for c in items):
            raise InvalidStateError("deck= mixes cards and other things", code="bad_deck")
        return (tuple(items),)  # type: ignore[arg-type]
    orders = []
    for order in items:
        if isinstance(order, (str, bytes)) or not isinstance(order, Sequence):
            raise InvalidStateError("deck= must hold cards or orders of cards", code="bad_deck")
        order = tuple(Card.parse(c) if isinstance(c, str) else c for c in order)
        if not all(isinstance(c, Card) for c in order):
            raise InvalidStateError("deck= must hold cards", code="bad_deck")
        orders.append(order)
    return tuple(orders)
