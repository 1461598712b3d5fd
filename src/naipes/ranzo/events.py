"""Ranzo events, named in the past tense; the shared roles subclass :mod:`naipes.events`.

Deals and draws are private to the seat that received the cards
(``private_to``): other seats see a :class:`CardsDealt` without its cards and a
:class:`CardDrawn` without its card (who drew, and the stock left). Window answers stay hidden until the window resolves:
:class:`ClaimsRevealed` then tells them all at once.

================  ==========================================  =====================
event             when                                        shared base
================  ==========================================  =====================
HandStarted       a hand (round) was dealt                    ``HandStarted``
CardsDealt        one seat's dealt cards                      ``CardsDealt``
CardDrawn         a turn's draw (the card: private)           --
CardDiscarded     a card went to the discard pile             --
ClaimsRevealed    a claim window's answers                    --
ClaimResolved     who took the discard                        --
JuegoLaid         an envido winner laid his juego             --
RanzoCalled       a seat called Ranzo                         --
PointsPaid        the culprits paid the winner                ``ScoresChanged``
HandEnded         a hand ended                                ``HandEnded``
GameEnded         the last hand ended                         ``GameEnded``
================  ==========================================  =====================

.. versionadded:: 0.1
.. versionchanged:: 1.0
   ``RoundStarted``/``RoundEnded`` became :class:`HandStarted`/:class:`HandEnded`;
   :class:`PointsPaid` is a ``ScoresChanged`` with ``totals``; :class:`GameEnded`
   carries the :class:`~naipes.ranzo.Result`; claims are moves, not strings;
   :class:`CardDrawn` also tells the stock left (0.1's ``TurnStarted``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from naipes import events as shared
from naipes.cards import Card
from naipes.events import Event
from naipes.ranzo.moves import Envido, Move, Truco

if TYPE_CHECKING:
    from naipes.ranzo.scoring import Result

__all__ = [
    "CardDiscarded",
    "CardDrawn",
    "CardsDealt",
    "ClaimResolved",
    "ClaimsRevealed",
    "GameEnded",
    "HandEnded",
    "HandStarted",
    "JuegoLaid",
    "PointsPaid",
    "RanzoCalled",
]


@attrs.frozen(kw_only=True)
class HandStarted(shared.HandStarted):
    """A hand (a round of the rules) was dealt (public).

    Attributes:
        hand: its number, from 1.
        dealer: the dealer.
        first: the seat that plays first (the dealer's right, RZ-02).
        stock_size: the stock after the deal.

    .. versionadded:: 1.0
       Replaces 0.1's ``RoundStarted``.
    """

    dealer: int
    stock_size: int


@attrs.frozen(kw_only=True)
class CardsDealt(shared.CardsDealt):
    """The cards one seat was dealt (private to that seat; others see the count).

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Subclasses the shared ``CardsDealt``; gained ``count``.
    """


@attrs.frozen(kw_only=True)
class CardDrawn(Event):
    """A seat's turn began with the draw of the top stock card (RZ-03).

    The event is public; the card is private to the drawer: other seats see it
    with ``card=None``.

    Attributes:
        seat: who drew.
        card: the card (``None`` in another seat's copy).
        stock_size: the cards left in the stock.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Public with the card redacted, and ``stock_size``: it replaces 0.1's
       ``TurnStarted`` too.
    """

    seat: int
    card: Card | None
    stock_size: int

    def visible_to(self, seat: int | None) -> Event | None:
        """The event itself for the drawer and the omniscient observer; else without the card."""
        if seat is None or self.private_to is None or self.private_to == seat:
            return self
        global _redacted
        last = _redacted  # the other seats' streams get one shared copy
        if last[0] is self:
            return last[1]
        copy = CardDrawn(seat=self.seat, card=None, stock_size=self.stock_size, private_to=self.private_to)
        _redacted = (self, copy)
        return copy


#: The last :class:`CardDrawn` redacted and its copy (a bus delivers one event to every seat in turn).
_redacted: tuple[Event | None, Event | None] = (None, None)


@attrs.frozen(kw_only=True)
class CardDiscarded(Event):
    """A card went to the discard pile; ``claimable`` when a claim window opens on it.

    .. versionadded:: 0.1
    """

    seat: int
    card: Card
    claimable: bool
    discards: int


@attrs.frozen(kw_only=True)
class ClaimsRevealed(Event):
    """The answers of a claim window, revealed together, in seat order.

    Attributes:
        discarder: whose discard was claimed.
        card: the discard.
        answers: ``(seat, move)`` for every seat that answered.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       ``answers`` holds the moves, not their notation.
    """

    discarder: int
    card: Card
    answers: tuple[tuple[int, Move], ...]


@attrs.frozen(kw_only=True)
class ClaimResolved(Event):
    """How a claim window ended (RZ-09).

    Attributes:
        winner: the seat that takes the discard, or ``None`` when all passed.
        claim: the winning claim, or ``None``.
        card: the discard.
        shown: the truco cards shown, ``(seat, card)``; the losers' stay public.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       ``claim`` is the move, not its notation.
    """

    winner: int | None
    claim: Envido | Truco | None
    card: Card
    shown: tuple[tuple[int, Card], ...]


@attrs.frozen(kw_only=True)
class JuegoLaid(Event):
    """An envido winner laid his completed juego face up (RZ-07).

    .. versionadded:: 0.1
    """

    seat: int
    juego: tuple[Card, ...]
    open_juegos: tuple[tuple[Card, ...], ...]


@attrs.frozen(kw_only=True)
class RanzoCalled(Event):
    """A seat closed the hand (RZ-05) with the best split of its cards (§3.C).

    Attributes:
        from_claim: whether the winning card came from a claim (then only the
            discarder pays).

    .. versionadded:: 0.1
    """

    seat: int
    split: tuple[tuple[Card, ...], ...]
    value: int
    specials: tuple[str, ...]
    from_claim: bool


@attrs.frozen(kw_only=True)
class PointsPaid(shared.ScoresChanged):
    """The culprits paid the winner (RZ-13): every change of ``game.scores``.

    Attributes:
        winner: who received.
        payments: ``(culprit, owed, paid)`` per culprit, in turn order from the winner.
        totals: ``game.scores`` afterwards (every balance; the team totals with teams).

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Subclasses ``ScoresChanged``; ``balances`` became ``totals``.
    """

    winner: int
    payments: tuple[tuple[int, int, int], ...]


@attrs.frozen(kw_only=True)
class HandEnded(shared.HandEnded):
    """A hand ended, with a Ranzo winner or with none (RZ-11).

    Attributes:
        hand: its number, from 1.
        scores: ``game.scores`` at its end (every balance; the team totals with teams).
        winner: who called Ranzo, or ``None``.
        value: what the Ranzo was worth (0 without one).
        specials: the named specials of the winning split.

    .. versionadded:: 1.0
       Replaces 0.1's ``RoundEnded``.
    """

    winner: int | None
    value: int
    specials: tuple[str, ...] = ()


@attrs.frozen(kw_only=True)
class GameEnded(shared.GameEnded):
    """The last hand ended (RZ-14); ``result`` holds balances, ranking and team totals.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Subclasses the shared ``GameEnded``: the 0.1 fields are in ``result``.
    """

    result: Result
