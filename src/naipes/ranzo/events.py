"""Ranzo events, named in the past tense; each carries the totals it changed.

Draws and deals are private to the seat that received the cards
(``private_to``); everything else is public. Window answers stay hidden until
the window resolves: :class:`ClaimsRevealed` then tells them all at once.

.. versionadded:: 0.1
"""

from __future__ import annotations

import attrs

from naipes.cards import Card
from naipes.events import Event

__all__ = [
    "CardDiscarded",
    "CardDrawn",
    "CardsDealt",
    "ClaimResolved",
    "ClaimsRevealed",
    "GameEnded",
    "JuegoLaid",
    "PointsPaid",
    "RanzoCalled",
    "RoundEnded",
    "RoundStarted",
    "TurnStarted",
]


@attrs.frozen(kw_only=True)
class RoundStarted(Event):
    """A round was dealt (public).

    .. versionadded:: 0.1
    """

    round: int
    dealer: int
    stock_size: int
    balances: tuple[int, ...]


@attrs.frozen(kw_only=True)
class CardsDealt(Event):
    """The cards one seat was dealt (private to that seat).

    .. versionadded:: 0.1
    """

    seat: int
    cards: tuple[Card, ...]


@attrs.frozen(kw_only=True)
class TurnStarted(Event):
    """A seat drew from the stock (public: who, and the stock left).

    .. versionadded:: 0.1
    """

    seat: int
    stock_size: int


@attrs.frozen(kw_only=True)
class CardDrawn(Event):
    """The card a seat drew (private to the drawer).

    .. versionadded:: 0.1
    """

    seat: int
    card: Card


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
        answers: ``(seat, notation)`` for every seat that answered.

    .. versionadded:: 0.1
    """

    discarder: int
    card: Card
    answers: tuple[tuple[int, str], ...]


@attrs.frozen(kw_only=True)
class ClaimResolved(Event):
    """How a claim window ended (RZ-09).

    Attributes:
        winner: the seat that takes the discard, or ``None`` when all passed.
        claim: the winning claim's notation, or ``None``.
        card: the discard.
        shown: the truco cards shown, ``(seat, card)``; the losers' stay public.

    .. versionadded:: 0.1
    """

    winner: int | None
    claim: str | None
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
    """A seat closed the round (RZ-05) with the best split of its cards (§3.C).

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
class PointsPaid(Event):
    """The culprits paid the winner (RZ-13).

    Attributes:
        winner: who received.
        payments: ``(culprit, owed, paid)`` per culprit, in turn order from the winner.
        balances: every balance afterwards.

    .. versionadded:: 0.1
    """

    winner: int
    payments: tuple[tuple[int, int, int], ...]
    balances: tuple[int, ...]


@attrs.frozen(kw_only=True)
class RoundEnded(Event):
    """A round ended, with a Ranzo winner or with none (RZ-11).

    .. versionadded:: 0.1
    """

    round: int
    winner: int | None
    value: int
    balances: tuple[int, ...]


@attrs.frozen(kw_only=True)
class GameEnded(Event):
    """The last round ended (RZ-14).

    .. versionadded:: 0.1
    """

    balances: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    team_totals: tuple[int, ...] | None
