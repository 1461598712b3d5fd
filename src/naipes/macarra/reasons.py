"""Why a Macarra move is refused: the sentence an ``IllegalMoveError`` carries (internal)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from naipes.macarra.codes import CARDS
from naipes.macarra.moves import Bid, Draw, Move, Pass, PlaceOnFoundation, PlaceOnPile

if TYPE_CHECKING:
    import naipes.macarra.state

__all__ = ["why_illegal"]


def why_illegal(game: naipes.macarra.state.Game, move: Move, forced: Move) -> str:
    """The reason ``move`` is not legal now (the game is in play and ``move`` is not listed)."""
    p = game._turn
    pile = game._piles[p]
    held = CARDS[game._held] if game._held else None
    top = CARDS[pile[-1]] if pile else None
    if isinstance(move, Bid):
        return "bids come only in the final punishment"
    if not game._penalize and move in game._fits()[0]:
        return f"infractions='forbid': the only legal move is {forced}"
    if isinstance(move, Draw):
        if held is not None:
            return f"you hold {held}: put it somewhere first"
        return "nothing to draw: your stock is empty and your face-up pile has fewer than 2 cards"
    if isinstance(move, Pass):
        return "you cannot pass while you can move your face-up card or draw"
    card = getattr(move, "card", None)
    mine = held if held is not None else top
    if card != mine:
        what = f"the card you hold is {held}" if held is not None else (
            f"your face-up top is {top}" if top is not None else "you have no face-up card")
        return f"{card} is not yours to move: {what}"
    if isinstance(move, PlaceOnPile) and move.seat == p:
        return "only a card you drew can be laid on your own pile"
    return f"{card} does not fit there ({_describe_target(game, move)})"


def _describe_target(game: naipes.macarra.state.Game, move: Move) -> str:
    if isinstance(move, PlaceOnFoundation):
        if not 0 <= move.foundation < len(game._ftop):
            return f"there are {len(game._ftop)} foundations"
        return f"foundation {move.foundation} has {CARDS[game._ftop[move.foundation]]} on top"
    if isinstance(move, PlaceOnPile):
        if not 0 <= move.seat < game.num_players:
            return f"there is no seat {move.seat}"
        pj = game._piles[move.seat]
        return (f"seat {move.seat}'s face-up top is {CARDS[pj[-1]]}" if pj
                else f"seat {move.seat} has no face-up card")
    return "only an ace starts a foundation"
