"""Why a Ranzo move is illegal, and every error code the Ranzo package raises.

:data:`CODES` is the one table of codes: ``{code: (ruling id or None,
explanation)}``; the docs page lists the same table. :func:`check` is the one legality shape; ``_refuse`` is only
called on the slow path, after a move was found missing from the legal moves,
and raises :class:`~naipes.errors.IllegalMoveError` with the code and ruling
that apply.

>>> from naipes.ranzo import Game
>>> game = Game(seed=7)
>>> try:
...     game.play("pass")
... except Exception as exc:
...     print(exc.code, exc.rule)
window_only RZ-06

.. versionadded:: 1.0
   Replaces 0.1's private ``_why`` module.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping, NoReturn

from naipes._deprecated import alias
from naipes._legality import check_in
from naipes.errors import IllegalMoveError, extend_codes
from naipes.ranzo.moves import CallRanzo, Discard, Envido, Move, Pass, Truco

if TYPE_CHECKING:
    from naipes.ranzo.state import Game

__all__ = ["CODES", "OWN_CODES", "check", "reason", "refuse"]

_CODES: dict[str, tuple[str | None, str]] = {
    # illegal moves (IllegalMoveError)
    "window_only": ("RZ-06", "pass, envido and truco answer a claim window, and none is open"),
    "window_open": ("RZ-06", "a claim window is open: its seats answer pass, envido or truco"),
    "no_ranzo": ("RZ-05", "the cards do not split into the juegos a Ranzo needs"),
    "in_open_juego": ("RZ-03", "a card of an open juego can never be discarded"),
    "not_in_hand": (None, "the card is not in this seat's concealed hand"),
    "must_discard_shown": ("RZ-08", "after winning with a truco the shown card is the one to discard"),
    "juego_card": ("RZ-07", "after winning with an envido the juego's cards stay; discard another"),
    "truco_not_held": ("RZ-08", "the truco card is not a concealed card of this seat"),
    "truco_too_low": ("RZ-08", "the truco card's number must be higher than the discard's"),
    "envido_not_held": ("RZ-07", "an envido card is not a concealed card of this seat"),
    "not_a_juego": ("RZ-07", "the two envido cards and the discard are not a juego"),
    "not_legal": (None, "any other move that is not legal now"),
    "bad_field": (None, "a move or state field of the wrong type (e.g. a card that is not a Spanish Card)"),
    # short forms (NotationError from Game.parse_move)
    "ambiguous": (None, "a short form that names several legal moves"),
    # notation (NotationError from Move.parse)
    "not_text": (None, "a move must be a string"),
    "empty_move": (None, "an empty move"),
    "too_long": (None, "move text longer than MAX_MOVE_TEXT characters"),
    "not_a_move": (None, "text that is no Ranzo move (1.2: was bad_move)"),
    "not_a_card": (None, "a card that is not a Spanish card (1.2: was not_spanish_card)"),
    # rules (RulesError)
    "bad_players": ("RZ-15", "players must be 4 or 3"),
    "bad_deck_size": ("RZ-01", "deck must be 48 or 40"),
    "bad_rule_value": (None, "a Rules field of the wrong type or out of range"),
    "bad_specials": (None, "specials must be a tuple of distinct names (strings)"),
    "unknown_special": (None, "a special that is neither built in nor a trio:/escalera: pattern"),
    "teams_need_four": ("RZ-16", "the team variant needs 4 players"),
    # games, positions, state dicts and samples (InvalidStateError)
    "bad_deck": ("RZ-01", "a deck= order that cannot be dealt"),
    "bad_dealer": ("RZ-02", "a dealer that is not a seat"),
    "bad_turn": (None, "a position's turn that is not a seat"),
    "bad_hand_number": ("RZ-14", "a position's hand number outside 1..Rules.num_rounds"),
    "bad_seats": (None, "a position or state without one entry per seat"),
    "bad_balances": ("RZ-13", "balances: one non-negative int per seat"),
    "bad_juego": ("RZ-04", "an open juego that is not a juego"),
    "stray_cards": ("RZ-01", "cards that are not in the rules' deck"),
    "duplicate_card": ("RZ-01", "a card in two places, or an envido naming one card twice "
                                "(1.2: was card_twice and same_card_twice)"),
    "too_few_cards": ("RZ-02", "too few cards in play to deal the later hands"),
    "bad_known": (None, "known cards that are not in that seat's concealed hand, or not those its history shows"),
    "bad_history": (None, "a state that is not the one its start and history replay to"),
    "no_claimed_card": ("RZ-06", "a claim window with no discard to claim"),
    "bad_hand_size": ("RZ-02", "a seat holding the wrong number of cards"),
    "too_many_juegos": ("RZ-05", "a seat with as many open juegos as a Ranzo needs"),
    "bad_claim": (None, "a state whose claim is not an envido or truco"),
    "bad_phase": (None, "a state whose phase is not a Phase value"),
    "view_mismatch": (None, "a view whose counts do not fit (sample)"),
    "bad_to_act": (None, "a state whose seats to act or sealed answers do not fit its phase"),
    "out_of_range": (None, "a state's number out of its range"),
    "too_large": (None, "a state list longer than the game allows"),
    # calls (UsageError from Game.from_position, as from the constructor)
    "wrong_rules": (None, "rules that are not naipes.ranzo.Rules, or a view of other rules (ActionSpace)"),
    "seed_and_rng": (None, "both seed= and rng= given"),
}
#: Every code the Ranzo package raises: ``{code: (ruling or None, meaning)}`` (read-only), the shared
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
    from naipes.ranzo.state import Game

    check_in(Game, "ranzo", game, move, seat)


def _refuse(game: Game, move: Move, seat: int) -> NoReturn:
    """Raise the :class:`IllegalMoveError` that says why ``move`` is not legal for ``seat``."""
    code, text = _reason(game, move, seat)
    raise IllegalMoveError(text, move=move, seat=seat, code=code, rule=CODES[code][0])


def _reason(game: Game, move: Move, seat: int) -> tuple[str, str]:
    """``(code, sentence)`` saying why ``move`` is not legal for ``seat`` now."""
    from naipes.ranzo.state import Phase

    if game._phase is Phase.WINDOW:
        return _claim_reason(game, move, seat)
    if isinstance(move, (Pass, Envido, Truco)):
        return "window_only", "pass, envido and truco are answers to a claim window, and no window is open"
    if isinstance(move, CallRanzo):
        need = game.rules.juegos_to_win
        return "no_ranzo", f"RZ-05: these cards do not split into {need} juegos (open juegos stay as they are)"
    if isinstance(move, Discard):
        return _discard_reason(game, move, seat)
    return "not_legal", f"{move} is not a legal move now"


def _discard_reason(game: Game, move: Discard, seat: int) -> tuple[str, str]:
    card = move.card
    if card not in game._hands[seat]:
        if any(card in j for j in game._opens[seat]):
            return "in_open_juego", f"RZ-03: {card} is in an open juego, which can never be discarded"
        return "not_in_hand", f"{card} is not in this seat's concealed hand"
    claim = game._claim
    if isinstance(claim, Truco):
        return "must_discard_shown", f"RZ-08: after a truco the shown card {claim.card} is the one to discard"
    if isinstance(claim, Envido):
        return "juego_card", f"RZ-07: {card} belongs to the juego the envido completed; discard another card"
    return "not_legal", f"{move} is not a legal move now"


def _claim_reason(game: Game, move: Move, seat: int) -> tuple[str, str]:
    d = game._discards[-1]
    hand = game._hands[seat]
    if isinstance(move, (Discard, CallRanzo)):
        return "window_open", "a claim window is open: answer pass, envido <a> <b> or truco <card>"
    if isinstance(move, Truco):
        if move.card not in hand:
            return "truco_not_held", f"RZ-08: {move.card} is not a concealed card of this seat"
        return "truco_too_low", f"RZ-08: the truco card's number must be higher than {d.rank} (the number of {d})"
    if isinstance(move, Envido):
        missing = [str(c) for c in (move.a, move.b) if c not in hand]
        if missing:
            return "envido_not_held", f"RZ-07: {' '.join(missing)} not among this seat's concealed cards"
        return "not_a_juego", f"RZ-07: {move.a} {move.b} and {d} are not a juego (escalera or trío of three)"
    return "not_legal", f"{move} is not a legal claim"


# Deprecated 1.0 names (deprecation policy of 1.2): they warn, then work as before.
_CHECK = "naipes.ranzo.legality.check(game, move, seat)"
refuse = alias(_refuse, "naipes.ranzo.legality.refuse", _CHECK)
reason = alias(_reason, "naipes.ranzo.legality.reason", _CHECK + " (the error's code and reason)")
