"""Why a Ranzo move is illegal: the reasons :class:`IllegalMoveError` carries (internal).

Only called on the slow path, after a move was found missing from the legal moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from naipes.ranzo.moves import CallRanzo, Discard, Envido, Move, Pass, Truco

if TYPE_CHECKING:
    from naipes.ranzo.state import Game

WINDOW_ONLY = "pass, envido and truco are answers to a claim window, and no window is open"


def reason(game: Game, move: Move, seat: int) -> str:
    """A sentence saying why ``move`` is not legal for ``seat`` now."""
    phase = game.phase
    if phase == "window":
        return _claim_reason(game, move, seat)
    if isinstance(move, (Pass, Envido, Truco)):
        return WINDOW_ONLY
    hand = game.hands[seat]
    if isinstance(move, CallRanzo):
        need = game.rules.juegos_to_win
        return f"RZ-05: these cards do not split into {need} juegos (open juegos stay as they are)"
    if isinstance(move, Discard):
        if move.card not in hand:
            if any(move.card in j for j in game.opens[seat]):
                return f"RZ-03: {move.card} is in an open juego, which can never be discarded"
            return f"{move.card} is not in this seat's concealed hand"
        claim = game.claim
        if isinstance(claim, Truco):
            return f"RZ-08: after a truco the shown card {claim.card} is the one to discard"
        if isinstance(claim, Envido):
            return f"RZ-07: {move.card} belongs to the juego the envido completed; discard another card"
    return f"{move} is not a legal move now"


def _claim_reason(game: Game, move: Move, seat: int) -> str:
    d = game.discards[-1]
    hand = game.hands[seat]
    if isinstance(move, (Discard, CallRanzo)):
        return "a claim window is open: answer pass, envido <a> <b> or truco <card>"
    if isinstance(move, Truco):
        if move.card not in hand:
            return f"RZ-08: {move.card} is not a concealed card of this seat"
        return f"RZ-08: the truco card's number must be higher than {d.rank} (the number of {d})"
    if isinstance(move, Envido):
        missing = [str(c) for c in (move.a, move.b) if c not in hand]
        if missing:
            return f"RZ-07: {' '.join(missing)} not among this seat's concealed cards"
        return f"RZ-07: {move.a} {move.b} and {d} are not a juego (escalera or trío of three)"
    return f"{move} is not a legal claim"
