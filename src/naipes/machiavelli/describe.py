"""Machiavelli's events told in words, for the ``naipes`` command (``naipes play``, ``naipes demo``).

>>> from naipes.machiavelli.events import DrawMade
>>> describe_event(DrawMade(seat=1, count=1, penalty=False, hand_size=12, stock_size=40))
'seat 1 draws (12 cards in hand, 40 in the stock)'

.. versionadded:: 0.1
"""

from __future__ import annotations

from typing import Callable, Sequence

from naipes.cards import Card
from naipes.events import Event
from naipes.machiavelli import events as ev

__all__ = ["describe_event"]


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol() for c in cards)


def _points(points: Sequence[int]) -> str:
    return ", ".join(f"seat {s} {p}" for s, p in enumerate(points))


def _play(e: ev.PlayMade) -> str:
    joker = f", takes back {e.jokers_taken} joker(s)" if e.jokers_taken else ""
    left = "goes out!" if not e.hand_size else f"{e.hand_size} cards left"
    melds = "1 meld" if len(e.table) == 1 else f"{len(e.table)} melds"
    return f"seat {e.seat} plays {_cards(e.cards)}{joker} ({left}); {melds} on the table"


def _cut(e: ev.DeckCut) -> str:
    rounds = "; then ".join(", ".join(f"seat {s} {c.symbol()}" for s, c in r) for r in e.rounds)
    return f"cut for the first player: {rounds}: seat {e.first_player} starts"


def _won(e: ev.DealWon) -> str:
    how = "went out" if e.went_out else "the stock ran out"
    who = " and ".join(f"seat {s}" for s in e.winners)
    return f"deal {e.deal} won by {who} ({how}); points: {_points(e.points)}"


_TELL: dict[type, Callable[..., str | None]] = {
    ev.DeckCut: _cut,
    ev.DealStarted: lambda e: (f"deal {e.deal}: {e.hand_sizes[0]} cards each, {e.stock_size} in the stock; "
                               f"seat {e.first_player} starts"),
    ev.CardsDealt: lambda e: f"seat {e.seat} is dealt {_cards(e.cards)}",
    ev.PlayMade: _play,
    ev.DrawMade: lambda e: (f"seat {e.seat} draws {e.count} penalty card(s)" if e.penalty else f"seat {e.seat} draws")
    + f" ({e.hand_size} cards in hand, {e.stock_size} in the stock)",
    ev.CardDrawn: lambda e: f"seat {e.seat} drew {e.card.symbol()}",
    ev.TurnFailed: lambda e: f"seat {e.seat} fails the turn ({e.reason.replace('_', ' ')}): the table is restored",
    ev.DealWon: _won,
    ev.ScoresUpdated: lambda e: f"totals: {_points(e.totals)}",
    ev.SessionEnded: lambda e: ("game over: " + " and ".join(f"seat {s}" for s in e.winners) + " win; scores: "
                                + _points(e.scores)),
}


def describe_event(event: Event) -> str | None:
    """One line telling ``event`` (its class name for events of other games).

    .. versionadded:: 0.1
    """
    tell = _TELL.get(type(event))
    return tell(event) if tell is not None else type(event).__name__
