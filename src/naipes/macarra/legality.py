"""What fits now in Macarra, and why a move, position or option is refused: every error
code with its ruling.

:func:`check` raises the error of a move that is not legal now; ``_fits`` lists every
move that physically fits and the forced one.
:data:`CODES` maps each ``code`` that :mod:`naipes.macarra` raises to the ruling
it applies (``None`` where no ruling does) and a line of explanation; the rules
page lists the same table. The game's own checks give the
:class:`~naipes.errors.IllegalMoveError` of a move that does not fit now.

>>> CODES["does_not_fit"]
('MK-10', 'the card does not fit on that foundation or pile')

.. versionadded:: 1.0
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping

from naipes._deprecated import alias
from naipes._legality import check_in
from naipes.errors import IllegalMoveError, extend_codes
from naipes.macarra._tables import CARDS
from naipes.macarra.moves import (
    DRAW,
    MAX_BID,
    PASS,
    Bid,
    Draw,
    Move,
    Pass,
    PlaceOnFoundation,
    PlaceOnPile,
    start_foundation,
)

if TYPE_CHECKING:
    from naipes.macarra.state import Game

__all__ = ["CODES", "OWN_CODES", "check", "check_bid", "check_move", "fits"]

_START = [start_foundation(c) if CARDS[c] is not None else None for c in range(64)]

_CODES: dict[str, tuple[str | None, str]] = {
    # IllegalMoveError: a move that does not fit now
    "bid_in_play": ("MK-09", "bids come only in the final punishment"),
    "forced_only": ("MK-10", "under infractions='forbid' only the forced move is legal"),
    "holding_a_card": ("MK-03", "you hold the card you drew: put it somewhere before drawing again"),
    "nothing_to_draw": ("MK-06", "your stock is empty and your face-up pile has fewer than 2 cards"),
    "cannot_pass": ("MK-06", "you may pass only when you can neither move your face-up card nor draw"),
    "not_your_card": ("MK-10", "the card moved must be the one you hold, or else your face-up top"),
    "own_pile_drawn_only": ("MK-10", "only a card you drew can be laid on your own face-up pile"),
    "no_such_foundation": ("MK-04", "there is no foundation with that index"),
    "no_such_pile": ("MK-05", "there is no seat with that number"),
    "does_not_fit": ("MK-10", "the card does not fit on that foundation or pile"),
    "bid_expected": ("MK-09", "the final punishment is on: the move must be a bid"),
    "bid_out_of_range": ("MK-09", "a bid is 0 to 10 macarras"),
    "no_legal_move": (None, "a bot was asked to choose in a view with no legal move"),
    # IllegalMoveError when a move is built, InvalidStateError in a state dict
    "bad_field": (None, "a field of the wrong type: a move's card, index, seat or amount, or a state dict's value"),
    # NotationError: text that is not a move
    "not_text": (None, "a move is read from a string"),
    "not_a_move": (None, "the text is not 'draw', 'pass', '<card> <target>' or 'bid <n>' (1.2: was bad_move)"),
    "bad_target": (None, "the target is not 'new', 'f<i>' or 'p<seat>'"),
    "bad_bid": (None, "a bid is written 'bid <n>'"),
    "ambiguous": (None, "a short form names several legal moves (parse_move)"),
    "too_long": (None, "move text longer than MAX_MOVE_TEXT (1,000) characters"),
    # RulesError: impossible rules
    "bad_players": ("MK-01", "players must be an int of at least 2"),
    "too_many_players": ("MK-01", "at most 32 players"),
    "too_few_cards": ("MK-02", "the decks must give every seat a card: players at most deck * decks"),
    "bad_deck_size": ("MK-01", "deck must be 40 or 48"),
    "bad_decks": ("MK-01", "decks must be None or an int from 1 to 4"),
    "bad_infractions": ("MK-10", "infractions must be 'penalize' or 'forbid'"),
    "bad_ace_macarra": ("MK-09", "ace_macarra must be True or False"),
    "bad_final_punishment": ("MK-09", "final_punishment must be True or False"),
    "bad_max_turns": ("MK-11", "max_turns must be an int from 1 to what keeps max_decisions within 5,000,000"),
    # UsageError: calls that are wrong without a move
    "no_such_seat": (None, "a seat that does not exist (forced_move(99)), or a position's seat number out of "
                           "range (1.2: was bad_seat there)"),
    "wrong_rules": (None, "from_position was given rules of another game"),
    "seed_and_rng": (None, "from_position was given both seed= and rng="),
    # InvalidStateError: impossible positions, decks and state dicts
    "not_a_card": ("MK-01", "a card that is not a Spanish card, in notation or a position (1.2: was not_spanish "
                            "in notation)"),
    "not_in_deck": ("MK-01", "a card that the rules' deck does not have (an 8 or 9 with 40 cards)"),
    "bad_cards": (None, "a zone that is not a list of cards"),
    "bad_foundation": ("MK-04", "a foundation must run in suit from the ace"),
    "too_many_copies": ("MK-01", "a card appears more often than the rules' decks hold it"),
    "wrong_seat_count": (None, "a position needs one stock and one face-up pile per seat"),
    "bad_ledger": ("MK-09", "the ledger must be players x players ints, zero on the diagonal, each "
                            "infraction received from every other seat"),
    "bad_turns": ("MK-11", "turns must be an int from 0 to max_turns (below it during play)"),
    "no_cards": ("MK-08", "the player to act has no cards"),
    "already_decided": ("MK-08", "fewer than two players have cards: the game would be over"),
    "bad_deck_order": ("MK-02", "deck= must hold every card of the rules' decks, once per deck"),
    "bad_dealer": ("MK-02", "the dealer must be a seat"),
    "bad_state": (None, "a state dict with other keys, or per-seat lists that do not match the players"),
    "out_of_range": (None, "a state dict's int out of its range (a seat, turns, a bid, a count)"),
    "too_large": (None, "a state dict's zone or history longer than the rules allow"),
    "cards_mismatch": ("MK-01", "the zones do not hold the rules' full decks, or the cards in play the state lists"),
    "bad_phase": ("MK-08", "the phase disagrees with who acts, the loser, the bids or the held card"),
    "bad_infraction_count": ("MK-10", "infractions='forbid' admits no infraction"),
}
#: Every code of :mod:`naipes.macarra`: ``{code: (ruling or None, meaning)}`` (read-only), the shared
#: :data:`naipes.errors.BASE_CODES` included.
CODES: Mapping[str, tuple[str | None, str]] = extend_codes(_CODES)
#: The game's own codes and its wording of shared ones (what the rules page lists; read-only).
OWN_CODES: Mapping[str, tuple[str | None, str]] = MappingProxyType(_CODES)


def check(game: Game, move: Move | str, seat: int | None = None) -> None:
    """Raise unless ``move`` is legal for ``seat`` now: the one legality shape of every game.

    ``move`` may be notation; ``seat`` defaults to the seat to act. The error is an
    :class:`~naipes.errors.IllegalMoveError` (a :class:`~naipes.errors.NotationError`
    for text that is no move) whose ``code`` is a key of :data:`CODES`. Nothing changes.

    .. versionadded:: 1.2
    """
    from naipes.macarra.state import Game

    check_in(Game, "macarra", game, move, seat)


def _fits(game: Game) -> tuple[list[Move], Move]:
    """Every move that physically fits now (MK-10) and the forced move (MK-03) (``Game`` caches them).

    The moves come in a fixed order that does not give the forced one away:
    ``draw``, an ace's new foundation, foundations by index, piles by seat
    (the player's own pile, for a card he drew, at his seat's place); ``pass``
    alone when nothing else fits.
    """
    p = game._turn
    piles = game._piles
    pile = piles[p]
    held = game._held
    card = held or (pile[-1] if pile else 0)
    moves: list[Move] = []
    forced: Move | None = None
    if not held and (game._stocks[p] or len(pile) >= 2):
        moves.append(DRAW)
    onp = game._onp
    if card & 15 == 1:
        forced = _START[card]
        moves.append(forced)  # type: ignore[arg-type]
        if held:
            moves.append(onp[p][held])  # type: ignore[arg-type]
    elif card:
        if game._want[card]:
            nxt = game._t.next_code
            onf = game._onf
            for i, top in enumerate(game._ftop):
                if nxt[top] == card:
                    m = onf[i][card]
                    moves.append(m)  # type: ignore[arg-type]
                    if forced is None:
                        forced = m
        rank = card & 15
        succ = game._t.succ_rank
        n = game.num_players
        nearest = n
        pile_forced: Move | None = None
        for j in range(n):
            if j == p:
                if held:
                    moves.append(onp[p][held])  # type: ignore[arg-type]
                continue
            pj = piles[j]
            if pj and succ[pj[-1]] == rank:
                mp = onp[j][card]
                moves.append(mp)  # type: ignore[arg-type]
                if forced is None and (j - p) % n < nearest:
                    nearest = (j - p) % n
                    pile_forced = mp
        if forced is None and nearest < n:
            forced = pile_forced
    if forced is None:
        forced = onp[p][held] if held else (DRAW if moves else PASS)
        if not moves:
            moves.append(PASS)
    assert forced is not None
    return moves, forced


def _check_bid(move: Move, seat: int) -> None:
    """Raise unless ``move`` is a bid of 0 to 10 (the final punishment, MK-09c)."""
    if type(move) is not Bid:
        raise IllegalMoveError(f"the final punishment is on: bid 0 to {MAX_BID} macarras (e.g. 'bid 7')",
                               code="bid_expected", rule="MK-09", move=move, seat=seat)
    if type(move.amount) is not int or not 0 <= move.amount <= MAX_BID:
        raise IllegalMoveError(f"bid 0 to {MAX_BID} macarras, not {move.amount!r}",
                               code="bid_out_of_range", rule="MK-09", move=move, seat=seat)


def _check_move(game: Game, move: Move, seat: int, legal: tuple[Move, ...], forced: Move) -> None:
    """Raise the :class:`~naipes.errors.IllegalMoveError` of a move not in ``legal`` (the play phase).

    ``legal`` and ``forced`` are the game's current legal moves and forced move.
    """
    if move in legal:
        return
    if isinstance(move, Bid):
        raise IllegalMoveError("bids come only in the final punishment",
                               code="bid_in_play", rule="MK-09", move=move, seat=seat)
    if move in _fits(game)[0]:
        raise IllegalMoveError(f"infractions='forbid': the only legal move is {forced}",
                               code="forced_only", rule="MK-10", move=move, seat=seat)
    if isinstance(move, Draw):
        _refuse_draw(game, move, seat)
    if isinstance(move, Pass):
        raise IllegalMoveError("you cannot pass while you can move your face-up card or draw",
                               code="cannot_pass", rule="MK-06", move=move, seat=seat)
    _refuse_placement(game, move, seat)


def _refuse_draw(game: Game, move: Move, seat: int) -> None:
    if game._held:
        raise IllegalMoveError(f"you hold {CARDS[game._held]}: put it somewhere first",
                               code="holding_a_card", rule="MK-03", move=move, seat=seat)
    raise IllegalMoveError("nothing to draw: your stock is empty and your face-up pile has fewer than 2 cards",
                           code="nothing_to_draw", rule="MK-06", move=move, seat=seat)


def _refuse_placement(game: Game, move: Move, seat: int) -> None:
    pile = game._piles[seat]
    held = CARDS[game._held] if game._held else None
    top = CARDS[pile[-1]] if pile else None
    card = getattr(move, "card", None)
    if card != (held if held is not None else top):
        what = f"the card you hold is {held}" if held is not None else (
            f"your face-up top is {top}" if top is not None else "you have no face-up card")
        raise IllegalMoveError(f"{card} is not yours to move: {what}",
                               code="not_your_card", rule="MK-10", move=move, seat=seat)
    if isinstance(move, PlaceOnPile):
        _refuse_pile(game, move, seat)
    if isinstance(move, PlaceOnFoundation):
        if not 0 <= move.foundation < len(game._ftop):
            raise IllegalMoveError(f"there are {len(game._ftop)} foundations",
                                   code="no_such_foundation", rule="MK-04", move=move, seat=seat)
        where = f"foundation {move.foundation} has {CARDS[game._ftop[move.foundation]]} on top"
    else:
        where = "only an ace starts a foundation"
    raise IllegalMoveError(f"{card} does not fit there ({where})",
                           code="does_not_fit", rule="MK-10", move=move, seat=seat)


def _refuse_pile(game: Game, move: PlaceOnPile, seat: int) -> None:
    if move.seat == seat:
        raise IllegalMoveError("only a card you drew can be laid on your own pile",
                               code="own_pile_drawn_only", rule="MK-10", move=move, seat=seat)
    if not 0 <= move.seat < game.num_players:
        raise IllegalMoveError(f"there is no seat {move.seat}",
                               code="no_such_pile", rule="MK-05", move=move, seat=seat)
    pj = game._piles[move.seat]
    where = f"seat {move.seat}'s face-up top is {CARDS[pj[-1]]}" if pj else f"seat {move.seat} has no face-up card"
    raise IllegalMoveError(f"{move.card} does not fit there ({where})",
                           code="does_not_fit", rule="MK-10", move=move, seat=seat)


# Deprecated 1.0 names (deprecation policy of 1.2): they warn, then work as before.
_CHECK = "naipes.macarra.legality.check(game, move, seat)"
fits = alias(_fits, "naipes.macarra.legality.fits", 'naipes.macarra.Game.legal_moves() and forced_move()')
check_move = alias(_check_move, "naipes.macarra.legality.check_move", _CHECK)
check_bid = alias(_check_bid, "naipes.macarra.legality.check_bid", _CHECK)
