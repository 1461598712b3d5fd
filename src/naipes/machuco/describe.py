"""Machuco's events told in words, for the ``naipes`` command (``naipes play``, ``naipes demo``).

>>> from naipes.machuco.events import MajoMade
>>> describe_event(MajoMade(seat=1, side=1, level=2, rank=7))
'seat 1: contramajo on the 7s'

.. versionadded:: 0.1
"""

from __future__ import annotations

from typing import Callable

from naipes.events import Event
from naipes.machuco import events as ev

__all__ = ["describe_event"]

_SIDES = "ABCD"


def _cards(cards: tuple[object, ...]) -> str:
    return " ".join(map(str, cards))


_TELL: dict[type, Callable[..., str | None]] = {
    ev.DealerDrawn: lambda e: f"draw for dealer: seat {e.dealer} deals",
    ev.HandStarted: lambda e: f"hand {e.hand}: seat {e.dealer} deals, seat {e.mano} is mano",
    ev.TableTurnedUp: lambda e: f"uno, dos, tres y cuatro: {_cards(e.cards)}",
    ev.CoincidenceFound: lambda e: f"coincidence: {e.card} at position {e.position}",
    ev.TurnupBienDada: lambda e: "bien dada: four different numbers",
    ev.CardReplaced: lambda e: f"{e.removed} repeats a number: to the bottom, {e.added} in its place",
    ev.CardsDealt: lambda e: f"seat {e.seat} is dealt {_cards(e.cards)}",
    ev.CanteSung: lambda e: f"seat {e.seat} sings {e.category.label} ({e.value})",
    ev.CanteContested: lambda e: (f"contested {e.category.label}: seat {e.decider} decides"
                                  if e.decider is not None else f"contested {e.category.label}: a la mayor"),
    ev.MayorChosen: lambda e: f"seat {e.seat}: a la mayor",
    ev.EnvioSent: lambda e: f"seat {e.seat}: envío {e.amount}",
    ev.EnvioAnswered: lambda e: f"seat {e.seat}: {'quiero' if e.accepted else 'no quiero'}",
    ev.CanteResolved: lambda e: f"{e.category.label} of deal {e.deal} goes to side {_SIDES[e.winner]}",
    ev.CardThrown: lambda e: f"seat {e.seat} throws {e.card}",
    ev.Captured: lambda e: f"seat {e.seat} takes {_cards(e.taken)} with {e.card}",
    ev.MajoMade: lambda e: f"seat {e.seat}: {e.kind} on the {e.rank}s",
    ev.TableCleared: lambda e: f"seat {e.seat}: limpia!",
    ev.PointsAwarded: lambda e: (f"side {_SIDES[e.side]} +{e.points} ({e.reason.value}); scores "
                                 + " ".join(map(str, e.totals))),
    ev.DealEnded: lambda e: None,
    ev.LeftoversTaken: lambda e: (f"leftovers {_cards(e.cards)} to side {_SIDES[e.side]}" if e.side is not None
                                  else f"leftovers {_cards(e.cards)} set aside"),
    ev.CardsCounted: lambda e: "cards won: " + " ".join(map(str, e.cards_won)) + f" (threshold {e.threshold})",
    ev.HandEnded: lambda e: f"hand {e.hand} ends" + (" (abandoned)" if e.abandoned else ""),
    ev.ChicoEnded: lambda e: f"side {_SIDES[e.winner]} wins the chico",
    ev.PartidoEnded: lambda e: f"side {_SIDES[e.winner]} wins the partido",
    ev.MatchEnded: lambda e: f"side {_SIDES[e.winner]} wins the match",
    ev.GameEnded: lambda e: "game over: seats " + " ".join(map(str, e.winners)) + " win",
}


def describe_event(event: Event) -> str | None:
    """One line telling ``event`` (``None`` for events not worth a line)."""
    tell = _TELL.get(type(event))
    return tell(event) if tell is not None else type(event).__name__
