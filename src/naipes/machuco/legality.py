"""Why a Machuco move is illegal, and every error code the game raises.

:data:`CODES` is the one table of codes: ``{code: (ruling id or None,
explanation)}``. The functions below raise :class:`~naipes.errors.IllegalMoveError`
with the code and ruling of the first reason that applies; the game calls them
from ``check_move`` / ``play``. The codes of the shared base (``not_your_turn``,
``game_over``...) are listed too, since a Machuco game raises them as well.

>>> from naipes.machuco import Game, Rules
>>> game = Game.from_position(Rules(players=2, scope="hand"), hands=[["5c", "11b"], ["1c", "2c"]],
...                           table=["5o", "12b"])
>>> try:
...     game.play("quiero")
... except Exception as exc:
...     exc.code, exc.rule
('play_a_card', 'MC-24')

.. versionadded:: 1.0
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping, Sequence

from naipes._deprecated import alias
from naipes._legality import check_in
from naipes.errors import IllegalMoveError, extend_codes
from naipes.machuco.moves import Envio, Mayor, Move, NoQuiero, PlayCard, Quiero

if TYPE_CHECKING:
    from naipes.machuco.state import Game

__all__ = ["CODES", "OWN_CODES", "check", "check_decision", "check_play", "check_response", "explain"]

_CODES: dict[str, tuple[str | None, str]] = {
    # illegal moves (IllegalMoveError)
    "play_a_card": ("MC-24", "no cante decision is open: the seat on turn plays a card"),
    "not_in_hand": (None, "the card is not in the seat's hand"),
    "capture_compulsory": ("MC-13", "under compulsory_capture a seat holding a capturing card must capture"),
    "mayor_or_envio": ("MC-08", "the decider of a contested cante says 'mayor' or 'envio N'"),
    "envio_not_allowed": ("MC-09", "the envío is not one of the amounts allowed for this category"),
    "answer_the_envio": ("MC-09", "the responder answers the envío: 'quiero' or 'no quiero'"),
    # from the shared base (IllegalMoveError, UsageError)
    "game_over": (None, "the game is over: nobody is to act"),
    "not_your_turn": (None, "the seat is not to act now"),
    "say_which_seat": (None, "several seats would act: say which seat plays (never in Machuco)"),
    "already_answered": (None, "the seat already answered a simultaneous window (never in Machuco)"),
    "wrong_game": (None, "the move is not a Machuco move"),
    "not_legal": (None, "not a legal move now"),
    "reentrant": (None, "play() was called from an event handler"),
    "no_such_seat": (None, "a seat that does not exist (view, legal_moves, side_of, dealer=)"),
    "no_such_deal": (None, "dealt_hand was asked for a deal this hand has not dealt"),
    # notation (NotationError)
    "not_text": (None, "a move is written as text"),
    "bad_envio_amount": ("MC-09", "'envio' needs a whole number, e.g. 'envio 3'"),
    "not_a_move": (None, "not a card, 'mayor', 'envio N', 'quiero' or 'no quiero'"),
    "ambiguous": (None, "a short form that names several legal moves (parse_move)"),
    "too_long": (None, "a move text longer than MAX_MOVE_TEXT (1000) characters"),
    "wrong_rules": (None, "rules of another game, or a view of other rules (ActionSpace)"),
    # malformed moves (IllegalMoveError, raised when the move is built)
    "bad_field": (None, "a move field of the wrong type (Envio(2.0), PlayCard('3o')); in a state dict or "
                        "position: a field of the wrong type or shape"),
    # states, positions and decks (InvalidStateError)
    "bad_deck": ("MC-01", "deck= is not an order of the 40-card Spanish deck"),
    "unknown_zone": (None, "from_position was given a zone it does not know"),
    "bad_card": ("MC-01", "a zone names something that is not a card of the 40-card deck"),
    "duplicate_card": ("MC-01", "a card is named twice in a position"),
    "wrong_size": (None, "a zone has the wrong number of entries (hands, piles, scores...)"),
    "bad_dealer": ("MC-03", "the position's dealer is not a seat"),
    "bad_hand_sizes": ("MC-04", "the hand sizes do not fit a deal played from the mano"),
    "bad_stock": ("MC-04", "the stock does not hold whole deals"),
    "bad_deal": ("MC-04", "the deal number is impossible"),
    "table_repeats_number": ("MC-14", "the table never holds two cards of one number"),
    "bad_chain": ("MC-16", "the open majo chain does not fit the piles"),
    "state_mismatch": (None, "a state dict that does not fit the number of players"),
    "out_of_range": (None, "a number in a state dict or position outside what the rules can reach"),
    "wrong_cards": ("MC-01", "the cards in play are not the 40-card deck (or the cards of the starting position)"),
    "bad_phase": (None, "the phase does not fit the seat to act, the contest or the winner"),
    "bad_plays": (None, "the plays of the hand do not fit the turn order, the cards, the table or the piles"),
    "bad_cantes": (None, "the cantes, the contest or the pending cantes are not those of the hands dealt"),
    # rules (RulesError)
    "bad_players": ("MC-02", "Machuco is played by 2 or 4 players"),
    "teams_need_four": ("MC-02", "partnerships need 4 players"),
    "not_a_bool": (None, "a True/False rule got something else"),
    "bad_choice": (None, "a rule got a value outside its choices"),
    "not_an_int": (None, "a numeric rule got something that is not an int"),
    "too_small": (None, "a numeric rule is below its minimum"),
    "too_large": (None, "a numeric rule is above its maximum (Rules.BOUNDS)"),
}
#: Every code a Machuco game raises: ``{code: (ruling or None, meaning)}`` (read-only), the shared
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
    from naipes.machuco.state import Game

    check_in(Game, "machuco", game, move, seat)


def _illegal(code: str, reason: str, move: Move, seat: int) -> IllegalMoveError:
    return IllegalMoveError(reason, code=code, rule=CODES[code][0], move=move, seat=seat)


def _explain(code: str) -> str:
    """The explanation of ``code``, with its ruling.

    >>> _explain("capture_compulsory")
    'MC-13: under compulsory_capture a seat holding a capturing card must capture'
    """
    rule, text = CODES[code]
    return f"{rule}: {text}" if rule else text


def _check_play(move: Move, seat: int, hand: Sequence[PlayCard], capturing: Sequence[PlayCard]) -> None:
    """Raise unless ``move`` plays a card of ``hand``; ``capturing``: the cards that must be played (MC-13).

    ``capturing`` is empty unless capture is compulsory and the hand holds a
    capturing card.
    """
    if not isinstance(move, PlayCard):
        raise _illegal("play_a_card", "play a card: no cante decision is open", move, seat)
    if move not in hand:
        raise _illegal("not_in_hand", f"{move} is not in seat {seat}'s hand", move, seat)
    if capturing and move not in capturing:
        raise _illegal("capture_compulsory", "capture is compulsory: play a card that captures", move, seat)


def _check_decision(move: Move, seat: int, amounts: Sequence[int]) -> None:
    """Raise unless ``move`` is ``mayor`` or an envío of one of ``amounts`` (MC-08, MC-09)."""
    if isinstance(move, Mayor):
        return
    if not isinstance(move, Envio):
        raise _illegal("mayor_or_envio", "the decider says 'mayor' or 'envio N'", move, seat)
    if move.amount not in amounts:
        raise _illegal("envio_not_allowed", f"the envío must be one of {tuple(amounts)}" if amounts
                       else "no envío is possible here: say 'mayor'", move, seat)


def _check_response(move: Move, seat: int) -> None:
    """Raise unless ``move`` answers an envío (MC-09)."""
    if not isinstance(move, (Quiero, NoQuiero)):
        raise _illegal("answer_the_envio", "answer the envío: 'quiero' or 'no quiero'", move, seat)


# Deprecated 1.0 names (deprecation policy of 1.2): they warn, then work as before.
_CHECK = "naipes.machuco.legality.check(game, move, seat)"
check_play = alias(_check_play, "naipes.machuco.legality.check_play", _CHECK)
check_decision = alias(_check_decision, "naipes.machuco.legality.check_decision", _CHECK)
check_response = alias(_check_response, "naipes.machuco.legality.check_response", _CHECK)
explain = alias(_explain, "naipes.machuco.legality.explain", 'naipes.machuco.legality.CODES[code]')
