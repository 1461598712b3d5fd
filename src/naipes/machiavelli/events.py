"""Machiavelli events, emitted while a move is applied and delivered after it.

The events that play a shared role subclass the classes of
:mod:`naipes.events`: :class:`HandStarted`, :class:`CardsDealt`,
:class:`HandEnded`, :class:`PointsScored` (a :class:`~naipes.events.ScoresChanged`)
and :class:`GameEnded`; the base adds :class:`~naipes.events.MovePlayed` before
each move's own events. Private events (``private_to``) tell one seat the cards
it got; other seats see a dealt hand's count only. The first hand is dealt by
the constructor: its events (:class:`DeckCut`, :class:`HandStarted`,
:class:`CardsDealt`) are the game's ``opening_events``.

.. versionadded:: 0.1
.. versionchanged:: 1.0
   ``DealStarted`` / ``DealWon`` / ``ScoresUpdated`` / ``SessionEnded`` became
   :class:`HandStarted` / :class:`HandEnded` / :class:`PointsScored` /
   :class:`GameEnded`, subclasses of the shared events; ``TurnFailed.reason``
   is a :class:`~naipes.machiavelli.moves.ForfeitReason`.
"""

from __future__ import annotations

import attrs

from naipes import events as shared
from naipes.cards import Card
from naipes.events import Event
from naipes.machiavelli.melds import Meld
from naipes.machiavelli.moves import ForfeitReason

__all__ = [
    "CardDrawn",
    "CardsDealt",
    "DeckCut",
    "DrawMade",
    "GameEnded",
    "HandEnded",
    "HandStarted",
    "PlayMade",
    "PointsScored",
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
class HandStarted(shared.HandStarted):
    """A hand (one shuffle played out, MV-01) began (public); Machiavelli has no dealer.

    Attributes:
        hand: the hand's number, from 1.
        dealer: always ``None``.
        first: the seat that plays first (MV-02).
        hand_sizes: cards dealt to each seat.
        stock_size: cards left in the stock.

    .. versionadded:: 1.0
       Replaces 0.1's ``DealStarted`` (``deal`` → ``hand``, ``first_player`` → ``first``).
    """

    hand_sizes: tuple[int, ...]
    stock_size: int


@attrs.frozen(kw_only=True)
class CardsDealt(shared.CardsDealt):
    """The cards one seat was dealt (private to it; other seats see ``count`` only).

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       A :class:`naipes.events.CardsDealt`, with ``count``.
    """


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
        reason: :attr:`ForfeitReason.GAVE_UP` or :attr:`ForfeitReason.TIMEOUT`.
        penalty_cards: how many cards the seat draws (fewer if the stock is short).

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       ``reason`` is a :class:`~naipes.machiavelli.moves.ForfeitReason`, not its string.
    """

    seat: int
    reason: ForfeitReason
    penalty_cards: int


@attrs.frozen(kw_only=True)
class HandEnded(shared.HandEnded):
    """A hand ended (MV-07, MV-08): who won it and every hand, now shown.

    Attributes:
        hand: the hand's number.
        scores: ``game.scores`` at its end (announced by :class:`PointsScored` just before).
        winners: the hand's winners.
        went_out: True when a player emptied his hand, False on stock exhaustion.
        hands: every seat's remaining cards.
        points: penalty points of each seat in this hand.

    .. versionadded:: 1.0
       Replaces 0.1's ``DealWon`` (``deal`` → ``hand``, with ``scores``).
    """

    winners: tuple[int, ...]
    went_out: bool
    hands: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]


@attrs.frozen(kw_only=True)
class PointsScored(shared.ScoresChanged):
    """``game.scores`` changed at the end of a hand (MV-09).

    Attributes:
        points: what each seat scored in the hand.
        totals: ``game.scores`` after it: the penalty totals (single-deal mode:
            the final scores, MV-09).

    .. versionadded:: 1.0
       Replaces 0.1's ``ScoresUpdated``.
    """

    points: tuple[int, ...]


@attrs.frozen(kw_only=True)
class GameEnded(shared.GameEnded):
    """The game is over (MV-09); ``result`` is a :class:`~naipes.machiavelli.scoring.Result`.

    .. versionadded:: 1.0
       Replaces 0.1's ``SessionEnded`` (``winners`` / ``scores`` are ``result.winners`` /
       ``result.scores``).
    """
