"""Machiavelli events, emitted while a move is applied and delivered after it.

Each event carries the totals it changed, so a handler never reads the game
mid-flight. Private events (``private_to``) tell one seat the cards it got.
The first deal happens inside the constructor, before anyone can subscribe,
so its events (:class:`DeckCut`, :class:`DealStarted`, :class:`CardsDealt`)
are delivered with the events of the first move, ahead of them.

.. versionadded:: 0.1
"""

from __future__ import annotations

import attrs

from naipes.cards import Card
from naipes.events import Event
from naipes.machiavelli.melds import Meld

__all__ = [
    "CardDrawn",
    "CardsDealt",
    "DealStarted",
    "DealWon",
    "DeckCut",
    "DrawMade",
    "PlayMade",
    "ScoresUpdated",
    "SessionEnded",
    "TurnFailed",
]


@attrs.frozen(kw_only=True)
class DeckCut(Event):
    """The cut for the first player (MV-02): each round's cards, by seat.

    Attributes:
        rounds: per round, ``(seat, card)`` for each player who cut (only tied players recut).
        first_player: the seat with the highest card (K high, A low).

    .. versionadded:: 0.1
    """

    rounds: tuple[tuple[tuple[int, Card], ...], ...]
    first_player: int


@attrs.frozen(kw_only=True)
class DealStarted(Event):
    """A deal began (public).

    Attributes:
        deal: the deal's number, from 1.
        first_player: the seat that plays first.
        hand_sizes: cards dealt to each seat.
        stock_size: cards left in the stock.

    .. versionadded:: 0.1
    """

    deal: int
    first_player: int
    hand_sizes: tuple[int, ...]
    stock_size: int


@attrs.frozen(kw_only=True)
class CardsDealt(Event):
    """The cards one seat was dealt (private to that seat).

    .. versionadded:: 0.1
    """

    seat: int
    cards: tuple[Card, ...]


@attrs.frozen(kw_only=True)
class PlayMade(Event):
    """A valid play (MV-05): the hand cards it used and the new table.

    Attributes:
        seat: who played.
        cards: the cards taken from the hand.
        table: the whole new table.
        jokers_taken: jokers swapped back into the hand (MV-12; public).
        hand_size: the player's cards after the play.

    .. versionadded:: 0.1
    """

    seat: int
    cards: tuple[Card, ...]
    table: tuple[Meld, ...]
    jokers_taken: int
    hand_size: int


@attrs.frozen(kw_only=True)
class DrawMade(Event):
    """A seat took cards from the stock (public: how many, not which).

    Attributes:
        seat: who drew.
        count: cards taken.
        penalty: True for the penalty cards of a failed turn.
        hand_size: the seat's cards after drawing.
        stock_size: cards left in the stock.

    .. versionadded:: 0.1
    """

    seat: int
    count: int
    penalty: bool
    hand_size: int
    stock_size: int


@attrs.frozen(kw_only=True)
class CardDrawn(Event):
    """The card a seat drew (private to that seat).

    .. versionadded:: 0.1
    """

    seat: int
    card: Card


@attrs.frozen(kw_only=True)
class TurnFailed(Event):
    """A failed turn (MV-06): table and hand restored, penalty cards follow.

    Attributes:
        seat: whose turn failed.
        reason: ``"gave_up"`` or ``"timeout"``.
        penalty_cards: how many cards the seat draws (fewer if the stock is short).

    .. versionadded:: 0.1
    """

    seat: int
    reason: str
    penalty_cards: int


@attrs.frozen(kw_only=True)
class DealWon(Event):
    """A deal ended (MV-07, MV-08): who won it and every hand, now shown.

    Attributes:
        deal: the deal's number.
        winners: the deal winners.
        went_out: True when a player emptied his hand, False on stock exhaustion.
        hands: every seat's remaining hand.
        points: penalty points of each seat in this deal.

    .. versionadded:: 0.1
    """

    deal: int
    winners: tuple[int, ...]
    went_out: bool
    hands: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]


@attrs.frozen(kw_only=True)
class ScoresUpdated(Event):
    """The running totals after a deal (MV-09).

    Attributes:
        points: what each seat scored in the deal.
        totals: the cumulative penalty totals (single-deal mode: the final scores).

    .. versionadded:: 0.1
    """

    points: tuple[int, ...]
    totals: tuple[int, ...]


@attrs.frozen(kw_only=True)
class SessionEnded(Event):
    """The game is over (MV-09): the overall winners and the final scores.

    .. versionadded:: 0.1
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
