"""The events of Macarra (all public: every card in Macarra is seen when it moves).

Each event carries the totals it changed, so a handler never reads the game
mid-flight. Subscribe to :class:`naipes.events.Event` to receive them all.

.. versionadded:: 0.1
"""

from __future__ import annotations

import attrs

from naipes.cards import Card
from naipes.events import Event

__all__ = [
    "AceDrawn",
    "BidRevealed",
    "CardDrawn",
    "CardPlaced",
    "GameEnded",
    "InfractionCommitted",
    "LoserDecided",
    "MacarrasGiven",
    "MacarrasReturned",
    "Passed",
    "PlayerOut",
    "PunishmentCardRevealed",
    "PunishmentStarted",
    "StockRecycled",
    "TurnEnded",
]


@attrs.frozen(kw_only=True)
class CardDrawn(Event):
    """A player drew the top card of his stock; he now holds it face up.

    Attributes:
        seat: who drew.
        card: the card drawn.
        stock_size: cards left in his stock.

    .. versionadded:: 0.1
    """

    seat: int
    card: Card
    stock_size: int


@attrs.frozen(kw_only=True)
class CardPlaced(Event):
    """A card was put on a foundation or a face-up pile.

    Attributes:
        seat: who moved it.
        card: the card.
        drawn: True for the card just drawn, False for the player's face-up top.
        target: the notation of the place: ``new``, ``f<i>`` or ``p<seat>``.
        foundation: the foundation's index, or ``None`` for a pile.
        pile: the seat whose pile received it, or ``None`` for a foundation.
        size: cards in the receiving foundation or pile afterwards.

    .. versionadded:: 0.1
    """

    seat: int
    card: Card
    drawn: bool
    target: str
    foundation: int | None
    pile: int | None
    size: int


@attrs.frozen(kw_only=True)
class StockRecycled(Event):
    """A face-up pile was turned over as the new stock (MK-06); its order is public.

    Attributes:
        seat: whose pile.
        stock: the new stock, top first.
        face_up: the card left face up.

    .. versionadded:: 0.1
    """

    seat: int
    stock: tuple[Card, ...]
    face_up: Card


@attrs.frozen(kw_only=True)
class Passed(Event):
    """A player had nothing to move or draw and passed (MK-06).

    .. versionadded:: 0.1
    """

    seat: int


@attrs.frozen(kw_only=True)
class AceDrawn(Event):
    """An ace came off a face-down stock: its drawer gives a macarra to everyone else (MK-09a).

    .. versionadded:: 0.1
    """

    seat: int
    card: Card


@attrs.frozen(kw_only=True)
class InfractionCommitted(Event):
    """A move other than the forced one was played; it stands and is punished (MK-10).

    Attributes:
        seat: the offender.
        move: the move played (notation).
        forced: the move the rules prescribed (notation).
        count: the offender's infractions so far.

    .. versionadded:: 0.1
    """

    seat: int
    move: str
    forced: str
    count: int


@attrs.frozen(kw_only=True)
class MacarrasGiven(Event):
    """A ledger entry: ``giver`` gives ``count`` two-finger macarras to ``receiver``.

    Attributes:
        reason: ``"ace"``, ``"infraction"`` or ``"punishment"``.
        total: ``ledger[giver][receiver]`` afterwards.

    .. versionadded:: 0.1
    """

    giver: int
    receiver: int
    count: int
    reason: str
    total: int


@attrs.frozen(kw_only=True)
class MacarrasReturned(Event):
    """The loser returns the macarras bid above the card's value (MK-09c).

    Attributes:
        giver: the loser, who returns them.
        receiver: the bidder who overbid.
        count: macarras returned.
        total: ``ledger[giver][receiver]`` afterwards.

    .. versionadded:: 0.1
    """

    giver: int
    receiver: int
    count: int
    total: int


@attrs.frozen(kw_only=True)
class TurnEnded(Event):
    """A turn ended (by a card laid that fits nowhere, a pass, or going out).

    Attributes:
        seat: whose turn it was.
        turns: turns played so far.
        next_seat: whose turn it is now, or ``None`` when the game ended.

    .. versionadded:: 0.1
    """

    seat: int
    turns: int
    next_seat: int | None


@attrs.frozen(kw_only=True)
class PlayerOut(Event):
    """A player's stock and face-up pile are both empty: he is out (MK-08).

    Attributes:
        seat: who went out.
        remaining: the seats that still have cards.

    .. versionadded:: 0.1
    """

    seat: int
    remaining: tuple[int, ...]


@attrs.frozen(kw_only=True)
class LoserDecided(Event):
    """The game is decided: ``loser`` is the last player with cards (MK-08) or,
    at the turn cap, the one holding most cards (MK-11).

    Attributes:
        loser: the loser.
        capped: True when the turn cap ended the game.
        cards_left: stock plus face-up cards of each seat.

    .. versionadded:: 0.1
    """

    loser: int
    capped: bool
    cards_left: tuple[int, ...]


@attrs.frozen(kw_only=True)
class PunishmentStarted(Event):
    """The loser drew a hidden card; the other players now bid 0–10 at once (MK-09c).

    .. versionadded:: 0.1
    """

    loser: int
    bidders: tuple[int, ...]


@attrs.frozen(kw_only=True)
class BidRevealed(Event):
    """One bid of the final punishment, revealed once every bid is in.

    .. versionadded:: 0.1
    """

    seat: int
    amount: int


@attrs.frozen(kw_only=True)
class PunishmentCardRevealed(Event):
    """The loser shows his card; its value caps the macarras that stand (MK-09c).

    .. versionadded:: 0.1
    """

    card: Card
    value: int


@attrs.frozen(kw_only=True)
class GameEnded(Event):
    """The game is over.

    Attributes:
        loser: the loser.
        ledger: ``ledger[giver][receiver]`` in two-finger macarras.
        scores: macarras given minus received, per seat.

    .. versionadded:: 0.1
    """

    loser: int
    ledger: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
