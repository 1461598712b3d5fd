"""Machuco's events: everything a front end animates or announces.

Each event carries the totals it changed. Events are built only when a
subscription wants them (``game.events.subscribe(Event, handler)``) and are
delivered after the move that caused them was applied.

The shared roles are subclasses of :mod:`naipes.events`: :class:`HandStarted`,
:class:`CardsDealt` (private to its seat; other seats see the count only),
:class:`HandEnded`, :class:`GameEnded`, and two :class:`~naipes.events.ScoresChanged`:
:class:`PointsAwarded` (a side scored) and :class:`ScoresReset` (a new chico
starts at 0–0). Every change of ``game.scores`` is one of these two.

.. versionadded:: 0.1
.. versionchanged:: 1.0
   Subclasses of the shared events; ``ScoresReset``; ``HandStarted.first``
   (was ``mano``), ``CardsDealt.count``, ``GameEnded.result`` (was
   ``winners``/``scores``), ``MajoMade.label`` (was ``kind``).
"""

from __future__ import annotations

import enum

import attrs

from naipes import events as shared
from naipes.cards import Card
from naipes.events import Event
from naipes.machuco.scoring import Category, Result

__all__ = [
    "CanteContested",
    "CanteResolved",
    "CanteSung",
    "Captured",
    "CardReplaced",
    "CardThrown",
    "CardsCounted",
    "CardsDealt",
    "ChicoEnded",
    "CoincidenceFound",
    "DealEnded",
    "DealerDrawn",
    "EnvioAnswered",
    "EnvioSent",
    "GameEnded",
    "HandEnded",
    "HandStarted",
    "LeftoversTaken",
    "MajoMade",
    "MatchEnded",
    "MayorChosen",
    "PartidoEnded",
    "PointsAwarded",
    "Reason",
    "ScoresReset",
    "TableCleared",
    "TableTurnedUp",
    "TurnupBienDada",
]


class Reason(enum.Enum):
    """Why points were awarded (:class:`PointsAwarded`).

    .. versionadded:: 0.1
    """

    COINCIDENCE = "coincidence"
    BIEN_DADA = "bien dada"
    CANTE = "cante"
    ENVIO_REFUSED = "envio refused"
    ENVIO = "envio"
    MAJO = "majo"
    CONTRAMAJO = "contramajo"
    RECONTRAMAJO = "recontramajo"
    LIMPIA = "limpia"
    CARD_COUNT = "card count"


@attrs.frozen(kw_only=True)
class DealerDrawn(Event):
    """The first dealer was chosen by a high-card draw (MC-03).

    Attributes:
        rounds: each round of the draw as ``(seat, card)`` pairs (tied seats redraw).
        dealer: the seat that deals.

    .. versionadded:: 0.1
    """

    rounds: tuple[tuple[tuple[int, Card], ...], ...]
    dealer: int


@attrs.frozen(kw_only=True)
class HandStarted(shared.HandStarted):
    """A hand begins (MC-03, MC-04): ``first`` is its mano, the seat after the dealer.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Subclasses the shared ``HandStarted``; ``mano`` is now ``first``.
    """

    dealer: int


@attrs.frozen(kw_only=True)
class TableTurnedUp(Event):
    """The dealer turned up four cards, "uno, dos, tres y cuatro" (MC-05 a).

    .. versionadded:: 0.1
    """

    cards: tuple[Card, ...]


@attrs.frozen(kw_only=True)
class CoincidenceFound(Event):
    """A turned-up card matched its position (1-based) (MC-05 b).

    .. versionadded:: 0.1
    """

    position: int
    card: Card
    side: int


@attrs.frozen(kw_only=True)
class TurnupBienDada(Event):
    """The four turned-up cards have four distinct numbers (MC-05 c).

    .. versionadded:: 0.1
    """

    side: int


@attrs.frozen(kw_only=True)
class CardReplaced(Event):
    """A repeated turned-up card went to the bottom of the stock (MC-05 d).

    .. versionadded:: 0.1
    """

    position: int
    removed: Card
    added: Card


@attrs.frozen(kw_only=True)
class CardsDealt(shared.CardsDealt):
    """Three cards dealt to a seat in deal ``deal`` (1-based) of the hand.

    Private to ``seat``: other seats receive it with ``cards=()`` and ``count=3``.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Subclasses the shared ``CardsDealt`` (``count`` added).
    """

    deal: int


@attrs.frozen(kw_only=True)
class CanteSung(Event):
    """A seat's figure was sung (automatically; MC-06).

    .. versionadded:: 0.1
    """

    seat: int
    side: int
    category: Category
    value: int


@attrs.frozen(kw_only=True)
class CanteContested(Event):
    """Two sides hold the best category: the decider chooses (MC-08 step 4, MC-10).

    Attributes:
        decider: who chooses ``mayor`` or ``envio N`` (``None``: no decision, MC-10).
        responder: who answers an envío (``None`` without decision).

    .. versionadded:: 0.1
    """

    category: Category
    contenders: tuple[int, ...]
    decider: int | None
    responder: int | None


@attrs.frozen(kw_only=True)
class MayorChosen(Event):
    """The decider chose ``mayor`` (MC-08).

    .. versionadded:: 0.1
    """

    seat: int


@attrs.frozen(kw_only=True)
class EnvioSent(Event):
    """The decider sent an envío of ``amount`` (MC-09).

    .. versionadded:: 0.1
    """

    seat: int
    amount: int


@attrs.frozen(kw_only=True)
class EnvioAnswered(Event):
    """The responder answered the envío (MC-09).

    .. versionadded:: 0.1
    """

    seat: int
    accepted: bool
    amount: int


@attrs.frozen(kw_only=True)
class CanteResolved(Event):
    """A contested cante was paid at its resolution point (MC-11).

    Attributes:
        keys: ``(seat, key)`` of the contenders' figures of the category, now public.

    .. versionadded:: 0.1
    """

    deal: int
    category: Category
    winner: int
    points: int
    keys: tuple[tuple[int, int], ...]


@attrs.frozen(kw_only=True)
class CardThrown(Event):
    """A card captured nothing and stayed on the table (MC-13).

    .. versionadded:: 0.1
    """

    seat: int
    card: Card
    table: tuple[Card, ...]


@attrs.frozen(kw_only=True)
class Captured(Event):
    """A card captured (MC-12) or a majo chain moved a stack (MC-16).

    Attributes:
        taken: the cards taken (from the table, or the stack of a chain).
        pile_size: the capturing side's pile size after it.

    .. versionadded:: 0.1
    """

    seat: int
    side: int
    card: Card
    taken: tuple[Card, ...]
    table: tuple[Card, ...]
    pile_size: int


@attrs.frozen(kw_only=True)
class MajoMade(Event):
    """A majo (level 1), contramajo (2) or recontramajo (3) (MC-15, MC-16).

    .. versionadded:: 0.1
    """

    seat: int
    side: int
    level: int
    rank: int

    @property
    def label(self) -> str:
        """``majo``, ``contramajo`` or ``recontramajo`` (0.1's ``kind``)."""
        return ("majo", "contramajo", "recontramajo")[self.level - 1]


@attrs.frozen(kw_only=True)
class TableCleared(Event):
    """A limpia: a capture left the table empty (MC-17, MC-18).

    .. versionadded:: 0.1
    """

    seat: int
    side: int


@attrs.frozen(kw_only=True)
class PointsAwarded(shared.ScoresChanged):
    """A side scored; ``totals`` are the running scores after it (MC-21).

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Subclasses the shared ``ScoresChanged``.
    """

    side: int
    points: int
    reason: Reason


@attrs.frozen(kw_only=True)
class ScoresReset(shared.ScoresChanged):
    """A new chico starts: the scores go back to 0 (``totals`` all 0; MC-21, MC-23).

    .. versionadded:: 1.0
    """


@attrs.frozen(kw_only=True)
class DealEnded(Event):
    """The last play of a deal was made.

    .. versionadded:: 0.1
    """

    hand: int
    deal: int


@attrs.frozen(kw_only=True)
class LeftoversTaken(Event):
    """The table's leftovers went to the last capturer (``side=None``: set aside; MC-19).

    .. versionadded:: 0.1
    """

    side: int | None
    cards: tuple[Card, ...]


@attrs.frozen(kw_only=True)
class CardsCounted(Event):
    """The card count of a hand (MC-20): cards won and points per side.

    .. versionadded:: 0.1
    """

    cards_won: tuple[int, ...]
    points: tuple[int, ...]
    threshold: int


@attrs.frozen(kw_only=True)
class HandEnded(shared.HandEnded):
    """A hand ended (after its card count, or ``abandoned`` when a chico ended in it).

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Subclasses the shared ``HandEnded``.
    """

    abandoned: bool


@attrs.frozen(kw_only=True)
class ChicoEnded(Event):
    """A side won a chico (MC-21, MC-23); ``chicos`` per side after it.

    .. versionadded:: 0.1
    """

    winner: int
    scores: tuple[int, ...]
    chicos: tuple[int, ...]


@attrs.frozen(kw_only=True)
class PartidoEnded(Event):
    """A side won a partido (MC-23); ``partidos`` per side after it.

    .. versionadded:: 0.1
    """

    winner: int
    partidos: tuple[int, ...]


@attrs.frozen(kw_only=True)
class MatchEnded(Event):
    """A side won the match (MC-23).

    .. versionadded:: 0.1
    """

    winner: int
    partidos: tuple[int, ...]


@attrs.frozen(kw_only=True)
class GameEnded(shared.GameEnded):
    """The game reached the end of its scope; ``result`` is ``game.result``.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Subclasses the shared ``GameEnded``: ``result`` replaces ``winners``
       and ``scores`` (``result.winners``, ``result.scores``).
    """

    result: Result
