"""The events of Macarra.

Every card in Macarra is seen when it moves, so every event is public but the
deal: :class:`CardsDealt` tells each seat only how many cards its face-down
stock holds (nobody has seen a dealt stock, its owner included, MK-02).

The events subclass the shared classes of :mod:`naipes.events` where they play
their role: :class:`HandStarted`, :class:`CardsDealt`, :class:`HandEnded` and
:class:`GameEnded` (a whole game of Macarra is one hand), and every change of
``game.scores`` is a :class:`~naipes.events.ScoresChanged`
(:class:`MacarrasGiven`, :class:`MacarrasReturned`) carrying ``totals``. Each
event carries the totals it changed, so a handler never reads the game
mid-flight.

.. versionadded:: 0.1
.. versionchanged:: 1.0
   Subclasses of the shared events; typed fields (:class:`Target`, :class:`Reason`,
   moves, :class:`~naipes.macarra.Result`).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

import attrs

from naipes import events as shared
from naipes.cards import Card
from naipes.events import Event

if TYPE_CHECKING:
    from naipes.macarra.moves import Move
    from naipes.macarra.scoring import Result

__all__ = [
    "AceDrawn",
    "BidRevealed",
    "CardDrawn",
    "CardPlaced",
    "CardsDealt",
    "GameEnded",
    "HandEnded",
    "HandStarted",
    "InfractionCommitted",
    "LoserDecided",
    "MacarrasGiven",
    "MacarrasReturned",
    "Passed",
    "PlayerOut",
    "PunishmentCardRevealed",
    "PunishmentStarted",
    "Reason",
    "StockRecycled",
    "Target",
    "TargetKind",
    "TurnEnded",
]


class Reason(enum.Enum):
    """Why macarras were given (:class:`MacarrasGiven`, MK-09).

    .. versionadded:: 1.0
    """

    #: an ace drawn from a face-down stock (MK-09a)
    ACE = "ace"
    #: an infraction (MK-09b, MK-10)
    INFRACTION = "infraction"
    #: a bid of the final punishment (MK-09c)
    PUNISHMENT = "punishment"


class TargetKind(enum.Enum):
    """Where a placed card went (:class:`Target`).

    .. versionadded:: 1.0
    """

    #: an ace started a new foundation
    NEW = "new"
    #: onto a foundation
    FOUNDATION = "foundation"
    #: onto a face-up pile
    PILE = "pile"


@attrs.frozen
class Target:
    """The place a card went to: ``str(target)`` is its notation (``new``, ``f0``, ``p2``).

    Attributes:
        kind: a new foundation, a foundation or a pile.
        index: the foundation's index (for ``NEW``, the index of the foundation
            the ace started), or the seat whose face-up pile received the card.

    >>> str(Target(TargetKind.FOUNDATION, 0)), str(Target(TargetKind.NEW, 3)), str(Target(TargetKind.PILE, 2))
    ('f0', 'new', 'p2')

    .. versionadded:: 1.0
    """

    kind: TargetKind
    index: int

    def __str__(self) -> str:
        if self.kind is TargetKind.NEW:
            return "new"
        return f"{'f' if self.kind is TargetKind.FOUNDATION else 'p'}{self.index}"


_TARGETS: dict[tuple[TargetKind, int], Target] = {}


def target(kind: TargetKind, index: int) -> Target:
    """The shared :class:`Target` value of ``kind`` and ``index`` (built once each; internal)."""
    key = (kind, index)
    t = _TARGETS.get(key)
    if t is None:
        t = _TARGETS[key] = Target(kind, index)
    return t


@attrs.frozen(kw_only=True)
class HandStarted(shared.HandStarted):
    """The game began: a Macarra game is one hand (``hand`` is 1).

    Attributes:
        hand: always 1.
        dealer: the dealer (MK-02).
        first: the seat that plays first, right of the dealer.

    .. versionadded:: 1.0
    """


@attrs.frozen(kw_only=True)
class CardsDealt(shared.CardsDealt):
    """The deal of one seat's face-down stock (MK-02), ``cards`` top first.

    Nobody looks at his stock, so every seat, the owner included, sees only
    ``count``; the omniscient stream (``seat=None``) sees the cards.

    .. versionadded:: 1.0
    """

    def visible_to(self, seat: int | None) -> Event | None:
        """The event itself for the omniscient observer; for every seat, without the cards."""
        if seat is None:
            return self
        return attrs.evolve(self, cards=())


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
        target: where it went (``str(target)`` is the notation: ``new``, ``f<i>``, ``p<seat>``).
        size: cards in the receiving foundation or pile afterwards.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       ``target`` is a :class:`Target` (0.1: a string); ``foundation`` and
       ``pile`` are gone (``target.kind`` and ``target.index``).
    """

    seat: int
    card: Card
    drawn: bool
    target: Target
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
        move: the move played.
        forced: the move the rules prescribed.
        count: the offender's infractions so far.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       ``move`` and ``forced`` are moves (0.1: their notation).
    """

    seat: int
    move: Move
    forced: Move
    count: int


@attrs.frozen(kw_only=True)
class MacarrasGiven(shared.ScoresChanged):
    """A ledger entry: ``giver`` gives ``count`` two-finger macarras to ``receiver``.

    Attributes:
        giver: who gives them.
        receiver: who receives them.
        count: how many.
        reason: why (an ace, an infraction, a bid).
        total: ``ledger[giver][receiver]`` afterwards.
        totals: ``game.scores`` afterwards.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       A :class:`~naipes.events.ScoresChanged` with ``totals``; ``reason`` is a :class:`Reason`.
    """

    giver: int
    receiver: int
    count: int
    reason: Reason
    total: int


@attrs.frozen(kw_only=True)
class MacarrasReturned(shared.ScoresChanged):
    """The loser returns the macarras bid above the card's value (MK-09c).

    Attributes:
        giver: the loser, who returns them.
        receiver: the bidder who overbid.
        count: macarras returned.
        total: ``ledger[giver][receiver]`` afterwards.
        totals: ``game.scores`` afterwards.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       A :class:`~naipes.events.ScoresChanged` with ``totals``.
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
        next_seat: whose turn it is now, or ``None`` when the play is over.

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
class HandEnded(shared.HandEnded):
    """The game's one hand is over (``hand`` is 1); ``scores`` are the final net macarras.

    Emitted just before :class:`GameEnded`.

    .. versionadded:: 1.0
    """


@attrs.frozen(kw_only=True)
class GameEnded(shared.GameEnded):
    """The game is over; ``result`` (a :class:`~naipes.macarra.Result`) holds the
    loser, the ledger and the scores.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       A :class:`naipes.events.GameEnded` carrying ``result``; 0.1's ``loser``,
       ``ledger`` and ``scores`` are ``result.loser``, ``result.ledger`` and
       ``result.scores``.
    """

    result: Result
