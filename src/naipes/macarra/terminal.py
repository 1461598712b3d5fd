"""Hooks for ``naipes play macarra``: a terminal turn and plain-words events.

The command line finds :func:`terminal_turn` and :func:`describe_event` on the
game module. The turn lists every move that fits, infractions included, in a
fixed order, and never says which one the rules prescribe: a person plays
Macarra as at a table, and a mistake stands and costs a macarra from every
other player (MK-10).

.. versionadded:: 0.1
"""

from __future__ import annotations

from typing import Any, Callable, cast

from naipes.errors import NotationError
from naipes.events import Event
from naipes.macarra import events as ev
from naipes.macarra.moves import BIDS, MAX_BID, Move
from naipes.macarra.state import Game

__all__ = ["describe_event", "terminal_turn"]

HELP = """\
Macarra moves: 'draw', 'pass', '<card> new' (an ace to a new foundation),
'<card> f<i>' (onto foundation i), '<card> p<seat>' (onto a face-up pile; your own
seat lays the card you drew). Your face-up card must move before you draw if it fits
anywhere; a drawn card goes by priority: ace, foundation, the first player to your
right, your own pile. Any move that fits is accepted, but a wrong one costs you a
macarra from every other player. Type a number, a move, 't' for the table."""


def terminal_turn(game: Game, seat: int, ask: Callable[[str], str], say: Callable[[str], None]) -> Move:
    """Ask a person at a terminal for one move of ``seat`` (or a bid in the punishment).

    Raises:
        NotationError: for an answer that is not a listed number or a move (the
            command line says so and asks again).

    .. versionadded:: 0.1
    """
    view = game.view(seat)
    if view.phase == "punishment":
        say(f"Seat {view.loser} lost and drew a hidden card worth 1 to 10. Bid 0-{MAX_BID} macarras: "
            "what the card is worth stands, the rest comes back to you.")
        text = ask(f"Seat {seat}, your bid (0-{MAX_BID}): ").strip()
        if text.isdigit() and int(text) <= MAX_BID:
            return BIDS[int(text)]
        return Move.parse(text)
    moves = view.legal_moves
    say("Moves that fit: " + "   ".join(f"{i}. {m}" for i, m in enumerate(moves, 1)))
    while True:
        text = ask(f"Seat {seat}, your move (1-{len(moves)}, a move, ? for help): ").strip()
        low = text.lower()
        if low in ("?", "h", "help"):
            say(HELP)
        elif low in ("t", "table"):
            say(game.view(seat).render())
        elif text.isdigit():
            if 1 <= int(text) <= len(moves):
                return cast(Move, moves[int(text) - 1])
            raise NotationError(text, f"choose a number from 1 to {len(moves)}")
        elif text:
            return Move.parse(text)


def describe_event(event: Event) -> str | None:
    """One event in a few plain words (``None`` for events not worth a line).

    .. versionadded:: 0.1
    """
    text = _DESCRIBE.get(type(event))
    return text(event) if text is not None else None


def _placed(e: ev.CardPlaced) -> str:
    src = "the card drawn" if e.drawn else "the face-up card"
    where = (f"a new foundation f{e.foundation}" if e.target == "new" or (e.foundation is not None and e.size == 1)
             else f"foundation f{e.foundation}" if e.foundation is not None
             else "his own pile" if e.pile == e.seat else f"seat {e.pile}'s pile")
    return f"seat {e.seat} puts {e.card} ({src}) on {where}"


def _given(e: ev.MacarrasGiven) -> str | None:
    if e.reason == "punishment":
        return f"seat {e.giver} gives seat {e.receiver} {e.count} macarra(s) (total {e.total})"
    return None  # aces and infractions are told once, by their own event


_DESCRIBE: dict[type[Event], Callable[[Any], str | None]] = {
    ev.CardDrawn: lambda e: f"seat {e.seat} draws {e.card} ({e.stock_size} left in the stock)",
    ev.CardPlaced: _placed,
    ev.StockRecycled: lambda e: (f"seat {e.seat} turns the face-up pile over: the stock is now "
                                 f"{' '.join(map(str, e.stock))}, {e.face_up} stays face up"),
    ev.Passed: lambda e: f"seat {e.seat} has nothing to move or draw and passes",
    ev.AceDrawn: lambda e: f"ACE! seat {e.seat} drew {e.card}: one macarra to every other player",
    ev.InfractionCommitted: lambda e: (f"INFRACTION by seat {e.seat}: played '{e.move}', the rules "
                                       f"prescribed '{e.forced}'. It stands, and every other player "
                                       f"gives seat {e.seat} a macarra ({e.count} so far)"),
    ev.MacarrasGiven: _given,
    ev.MacarrasReturned: lambda e: f"seat {e.giver} returns {e.count} macarra(s) to seat {e.receiver}",
    ev.TurnEnded: lambda e: None,
    ev.PlayerOut: lambda e: f"seat {e.seat} is out (still playing: {', '.join(map(str, e.remaining))})",
    ev.LoserDecided: lambda e: (f"seat {e.loser} loses" + (" at the turn cap, holding the most cards"
                                                          if e.capped else ", the last with cards")),
    ev.PunishmentStarted: lambda e: (f"seat {e.loser} draws a hidden card; seats "
                                     f"{', '.join(map(str, e.bidders))} bid 0-10 macarras"),
    ev.BidRevealed: lambda e: f"seat {e.seat} bid {e.amount}",
    ev.PunishmentCardRevealed: lambda e: f"the card was {e.card}, worth {e.value}",
    ev.GameEnded: lambda e: "net macarras: " + ", ".join(f"seat {s} {x:+d}" for s, x in enumerate(e.scores)),
}
