"""Ranzo for terminals: :func:`describe_event` (one line per event) and :func:`render` (a view).

>>> from naipes.ranzo import Game
>>> game = Game(seed=7)
>>> [describe_event(e.visible_to(1)) for e in game.opening_events][:2]   # as seat 1 sees them
['hand 1 dealt by P3, P0 plays first (28 cards in the stock)', 'P0 was dealt 5 cards']

.. versionadded:: 1.0
   Replaces 0.1's private ``render`` module; :func:`describe_event` is new.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from naipes.cards import Card
from naipes.events import Event
from naipes.ranzo import events as ev
from naipes.ranzo._phase import STEAL, TURN, WINDOW

if TYPE_CHECKING:
    from naipes.ranzo.view import View

__all__ = ["describe_event", "render"]


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol() for c in cards) or "-"


def _juegos(juegos: Sequence[Sequence[Card]]) -> str:
    return "  ".join(f"[{_cards(j)}]" for j in juegos) or "-"


def _dealt(e: ev.CardsDealt) -> str:
    if e.cards:
        return f"P{e.seat} was dealt {_cards(e.cards)}"
    return f"P{e.seat} was dealt {e.count} cards"


def _resolved(e: ev.ClaimResolved) -> str:
    if e.winner is None:
        return f"nobody claims {e.card.symbol()}"
    return f"P{e.winner} takes {e.card.symbol()} with {e.claim}"


def _hand_ended(e: ev.HandEnded) -> str:
    if e.winner is None:
        return f"hand {e.hand} ends with no winner"
    return f"hand {e.hand} won by P{e.winner} for {e.value}" + (f" ({', '.join(e.specials)})" if e.specials else "")


def _totals(totals: Sequence[int]) -> str:
    return ", ".join(f"P{s} {b}" for s, b in enumerate(totals))


_TELL: dict[type[Event], Callable[[Any], str]] = {
    ev.HandStarted: lambda e: (f"hand {e.hand} dealt by P{e.dealer}, P{e.first} plays first "
                               f"({e.stock_size} cards in the stock)"),
    ev.CardsDealt: _dealt,
    ev.CardDrawn: lambda e: (f"P{e.seat} draws" + (f" {e.card.symbol()}" if e.card is not None else "")
                             + f" ({e.stock_size} left)"),
    ev.CardDiscarded: lambda e: f"P{e.seat} discards {e.card.symbol()}" + (": claims?" if e.claimable else ""),
    ev.ClaimsRevealed: lambda e: "claims: " + ", ".join(f"P{s} {m}" for s, m in e.answers),
    ev.ClaimResolved: _resolved,
    ev.JuegoLaid: lambda e: f"P{e.seat} lays [{_cards(e.juego)}]",
    ev.RanzoCalled: lambda e: f"P{e.seat} calls ranzo: {_juegos(e.split)} worth {e.value}",
    ev.PointsPaid: lambda e: f"balances: {_totals(e.totals)}",
    ev.HandEnded: _hand_ended,
    ev.GameEnded: lambda e: "game over: " + " and ".join(f"P{s}" for s in e.result.winners) + " win",
}


def describe_event(event: Event) -> str | None:
    """One line telling ``event`` (its class name for events of other games).

    .. versionadded:: 1.0
    """
    tell = _TELL.get(type(event))
    return tell(event) if tell is not None else type(event).__name__


def _headline(v: View) -> str:
    head = f"Ranzo: hand {v.hand_number}/{v.num_hands}, dealer P{v.dealer}, stock {v.stock_size}"
    if v.phase is TURN:
        return f"{head}; P{v.turn} to discard or call ranzo"
    if v.phase is WINDOW:
        return f"{head}; P{v.turn} discarded {v.claim_card}: claim window (pass / envido a b / truco x)"
    if v.phase is STEAL:
        return f"{head}; P{v.stealer} won the claim {v.claim} and plays"
    return f"{head}; the game is over"


def render(v: View) -> str:
    """The table seen by ``v.seat``, one line per item (what :meth:`View.render` returns)."""
    lines = [_headline(v)]
    balances = "  ".join(f"P{s} {b}" for s, b in enumerate(v.scores))
    if v.team_totals is not None:
        balances += f"   teams: P0+P2 {v.team_totals[0]}, P1+P3 {v.team_totals[1]}"
    lines.append(f"balances: {balances}")
    for s in range(v.players):
        lines.append(_seat_line(v, s))
    lines.append(f"discards: {_cards(v.discards[-12:])}" + (" ..." if len(v.discards) > 12 else ""))
    if v.last_window:
        lines.append("last claims: " + ", ".join(f"P{s} {m}" for s, m in v.last_window))
    if v.my_answer is not None:
        lines.append(f"your answer: {v.my_answer} (hidden until everyone answers)")
    if v.hand_log:
        last = v.hand_log[-1]
        ended = f"P{last[0]} called ranzo for {last[1]}" if last[0] is not None else "no winner"
        lines.append(f"last hand: {ended}" + (f" ({', '.join(last[2])})" if last[2] else ""))
    if v.legal_moves:
        lines.append("your moves: " + ", ".join(map(str, v.legal_moves)))
    return "\n".join(lines)


def _seat_line(v: View, s: int) -> str:
    mark = "*" if s in v.to_act else " "
    if s == v.seat:
        who = f"{mark}P{s} (you): {_cards(v.hand)}"
    else:
        shown = f", known {_cards(v.known_by_seat[s])}" if v.known_by_seat[s] else ""
        who = f"{mark}P{s}: {v.hand_sizes[s]} concealed{shown}"
    return f"{who}   open: {_juegos(v.open_juegos[s])}"
