"""Machuco told in words for terminals: :func:`describe_event` and :func:`render` (``naipes play``, ``demo``).

>>> from naipes.machuco.events import MajoMade
>>> describe_event(MajoMade(seat=1, side=1, level=2, rank=7))
'seat 1: contramajo on the 7s'

.. versionadded:: 0.1
.. versionchanged:: 1.0
   :func:`render` (0.1's ``View.render`` body; ``View.render`` delegates here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from naipes.events import Event, MovePlayed
from naipes.machuco import events as ev

if TYPE_CHECKING:
    from naipes.machuco.view import View

__all__ = ["describe_event", "render"]

_SIDES = "ABCD"


def _cards(cards: tuple[object, ...]) -> str:
    return " ".join(map(str, cards))


_TELL: dict[type, Callable[..., str | None]] = {
    ev.DealerDrawn: lambda e: f"draw for dealer: seat {e.dealer} deals",
    ev.HandStarted: lambda e: f"hand {e.hand}: seat {e.dealer} deals, seat {e.first} is mano",
    ev.TableTurnedUp: lambda e: f"uno, dos, tres y cuatro: {_cards(e.cards)}",
    ev.CoincidenceFound: lambda e: f"coincidence: {e.card} at position {e.position}",
    ev.TurnupBienDada: lambda e: "bien dada: four different numbers",
    ev.CardReplaced: lambda e: f"{e.removed} repeats a number: to the bottom, {e.added} in its place",
    ev.CardsDealt: lambda e: (f"seat {e.seat} is dealt {_cards(e.cards)}" if e.cards
                              else f"seat {e.seat} is dealt {e.count} cards"),
    ev.CanteSung: lambda e: f"seat {e.seat} sings {e.category.label} ({e.value})",
    ev.CanteContested: lambda e: (f"contested {e.category.label}: seat {e.decider} decides"
                                  if e.decider is not None else f"contested {e.category.label}: a la mayor"),
    ev.MayorChosen: lambda e: f"seat {e.seat}: a la mayor",
    ev.EnvioSent: lambda e: f"seat {e.seat}: envío {e.amount}",
    ev.EnvioAnswered: lambda e: f"seat {e.seat}: {'quiero' if e.accepted else 'no quiero'}",
    ev.CanteResolved: lambda e: f"{e.category.label} of deal {e.deal} goes to side {_SIDES[e.winner]}",
    ev.CardThrown: lambda e: f"seat {e.seat} throws {e.card}",
    ev.Captured: lambda e: f"seat {e.seat} takes {_cards(e.taken)} with {e.card}",
    ev.MajoMade: lambda e: f"seat {e.seat}: {e.label} on the {e.rank}s",
    ev.TableCleared: lambda e: f"seat {e.seat}: limpia!",
    ev.PointsAwarded: lambda e: (f"side {_SIDES[e.side]} +{e.points} ({e.reason.value}); scores "
                                 + " ".join(map(str, e.totals))),
    ev.ScoresReset: lambda e: "a new chico: scores " + " ".join(map(str, e.totals)),
    ev.DealEnded: lambda e: None,
    ev.LeftoversTaken: lambda e: (f"leftovers {_cards(e.cards)} to side {_SIDES[e.side]}" if e.side is not None
                                  else f"leftovers {_cards(e.cards)} set aside"),
    ev.CardsCounted: lambda e: "cards won: " + " ".join(map(str, e.cards_won)) + f" (threshold {e.threshold})",
    ev.HandEnded: lambda e: f"hand {e.hand} ends" + (" (abandoned)" if e.abandoned else ""),
    ev.ChicoEnded: lambda e: f"side {_SIDES[e.winner]} wins the chico",
    ev.PartidoEnded: lambda e: f"side {_SIDES[e.winner]} wins the partido",
    ev.MatchEnded: lambda e: f"side {_SIDES[e.winner]} wins the match",
    ev.GameEnded: lambda e: "game over: seats " + " ".join(map(str, e.result.winners)) + " win",
}


def describe_event(event: Event) -> str | None:
    """One line telling ``event`` (``None`` for events not worth a line).

    The shared ``MovePlayed`` gets ``None`` (a front end shows the move
    itself); other events of no Machuco class get their class name.
    """
    tell = _TELL.get(type(event))
    if tell is not None:
        return tell(event)
    return None if isinstance(event, MovePlayed) else type(event).__name__


def _real(value: int, category: int) -> bool:
    return value in (2, 6) or (value == 4 and category == 2)


def render(view: View) -> str:
    """The table as ``view`` shows it, drawn as plain text for a terminal (``View.render``)."""
    names = "ABCD"
    lines = [f"Machuco · hand {view.hand_number}, deal {view.deal_number}/{view.rules.deals_per_hand}"
             f" · play {view.plays_done}/36 · dealer {view.dealer}, mano {view.mano}"]
    lines.append("Scores:  " + "   ".join(
        f"{names[i]} {'+'.join(map(str, seats))}: {view.scores[i]} ({view.readings[i]})"
        for i, seats in enumerate(view.sides)))
    lines.append("Chicos:  " + " ".join(f"{names[i]} {c}" for i, c in enumerate(view.chicos))
                 + "   Partidos: " + " ".join(f"{names[i]} {p}" for i, p in enumerate(view.partidos)))
    if view.cantes:
        lines.append("Cantes:  " + ", ".join(
            f"seat {c.seat} {c.category.label}{' real' if _real(c.value, c.category) else ''} ({c.value})"
            for c in view.cantes))
    if view.pending:
        lines.append("Pending: " + ", ".join(
            f"{p.category.label} of deal {p.deal} ({'envío ' + str(p.stake) if p.stake else 'a la mayor'})"
            for p in view.pending))
    if view.contest is not None:
        c = view.contest
        lines.append(f"Contested {c.category.label}: seat {c.decider} decides"
                     + (f", envío {c.amount} to seat {c.responder}" if c.amount else ""))
    lines.append("Table:   " + (" ".join(c.symbol() for c in view.table) or "(empty)"))
    if view.chain is not None:
        lines.append(f"Majo chain open on {view.chain[0]} (level {view.chain[1]})")
    lines.append("Hands:   " + "  ".join(f"seat {s}: {'▮' * n}" for s, n in enumerate(view.hand_sizes))
                 + f"   stock {view.stock_size}")
    lines.append("Piles:   " + "  ".join(f"{names[i]} {len(p)}" for i, p in enumerate(view.piles)))
    lines.append(f"You (seat {view.seat}, side {names[view.side]}): " + " ".join(c.symbol() for c in view.hand))
    if view.legal_moves:
        lines.append("Your move: " + "  ".join(str(m) for m in view.legal_moves))
    elif view.to_act:
        lines.append(f"Waiting for seat {view.to_act[0]}")
    else:
        lines.append("The game is over.")
    return "\n".join(lines)

