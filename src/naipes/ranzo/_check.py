"""Validation of a loaded Ranzo state (internal; :func:`naipes.ranzo.position.load_state` calls it).

A state dict from outside is checked for shape and exact types before the game
is filled in (:func:`state_shape`), and the filled-in game for consistency
(:func:`consistent`): the cards of the deck each in one place, the hand sizes
of the phase, open juegos that are juegos, known cards in their hands, a claim
that fits the steal, and the seats to act that the phase implies. Errors are
:class:`~naipes.errors.InvalidStateError` with the codes of
:data:`naipes.ranzo.legality.CODES`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from naipes import _validate as v
from naipes.errors import InvalidStateError
from naipes.ranzo._phase import OVER, STEAL, TURN, WINDOW
from naipes.ranzo._window import claims
from naipes.ranzo.moves import Envido, Pass, Truco

if TYPE_CHECKING:
    from naipes.ranzo.state import Game

__all__ = ["consistent", "state_shape"]

KEYS = frozenset({"cards", "hands", "opens", "known", "stock", "discards", "balances", "phase", "turn",
                  "dealer", "hand_number", "claim", "stealer", "orders", "last_window", "hand_log"})


def _strings(value: object, field: str, limit: int = 48) -> None:
    if not isinstance(value, list) or len(value) > limit or not all(type(c) is str for c in value):
        raise v.bad(field, f"must be a list of at most {limit} card strings")


def _per_seat(value: object, field: str, n: int) -> list[Any]:
    if not isinstance(value, list) or len(value) != n:
        raise v.bad(field, f"must hold one entry per seat ({n})", "bad_seats")
    return value


def state_shape(state: Mapping[str, Any], n: int, num_rounds: int) -> None:
    """The shape and exact types of a Ranzo state dict (before anything is built)."""
    if not isinstance(state, Mapping) or set(state) != KEYS:
        raise v.bad("state", f"must hold exactly the keys {sorted(KEYS)}")
    for key in ("cards", "stock", "discards"):
        _strings(state[key], key)
    for key in ("hands", "known"):
        for cards in _per_seat(state[key], key, n):
            _strings(cards, key)
    for juegos in _per_seat(state["opens"], "opens", n):
        if not isinstance(juegos, list):
            raise v.bad("opens", "must hold a list of juegos per seat")
        for j in juegos:
            _strings(j, "opens", 3)
    for b in _per_seat(state["balances"], "balances", n):
        v.exact_int(b, "balances", 0, v.MAX_INT - 1)
    for key in ("turn", "dealer"):
        v.exact_int(state[key], key, 0, n - 1)
    v.exact_int(state["hand_number"], "hand_number", 1, num_rounds)
    if state["stealer"] is not None:
        v.exact_int(state["stealer"], "stealer", 0, n - 1)
    if state["claim"] is not None and type(state["claim"]) is not str:
        raise v.bad("claim", "must be null or a move string")
    if not isinstance(state["orders"], list) or len(state["orders"]) > num_rounds:
        raise v.bad("orders", f"must be a list of at most {num_rounds} deck orders")
    for order in state["orders"]:
        _strings(order, "orders")
    v.seat_moves(state["last_window"], "last_window", n, n)
    _hand_log(state["hand_log"], n, num_rounds)


def _hand_log(value: object, n: int, num_rounds: int) -> None:
    if not isinstance(value, list) or len(value) > num_rounds:
        raise v.bad("hand_log", f"must be a list of at most {num_rounds} hands")
    for entry in value:
        if not isinstance(entry, list) or len(entry) != 4:
            raise v.bad("hand_log", "each hand is [winner, value, specials, split]")
        if entry[0] is not None:
            v.exact_int(entry[0], "hand_log", 0, n - 1)
        v.exact_int(entry[1], "hand_log", 0, v.MAX_INT - 1)
        if not isinstance(entry[2], list) or not all(type(s) is str for s in entry[2]):
            raise v.bad("hand_log", "specials must be a list of names")
        if not isinstance(entry[3], list) or len(entry[3]) > 3:
            raise v.bad("hand_log", "the split must be a list of juegos")
        for j in entry[3]:
            _strings(j, "hand_log", 3)


def consistent(game: Game) -> None:
    """The filled-in game is a position Ranzo can reach, with exactly the seats to act (and the
    ``simultaneous`` flag) that its phase implies."""
    _cards(game)
    _hands(game)
    _claim(game)
    _who_acts(game)


def _bad(what: str, code: str, rule: str | None = None) -> InvalidStateError:
    return InvalidStateError(what, code=code, rule=rule)


def _cards(game: Game) -> None:
    t = game._t
    cards = game._cards
    if any(c not in t.bit for c in cards):
        raise _bad(f"cards not in the {game.rules.deck}-card deck", "stray_cards", "RZ-01")
    if len(set(cards)) != len(cards) or len(cards) < game.num_players * game.rules.hand_size:
        raise _bad("the cards in play repeat a card or cannot deal a hand", "duplicate_card", "RZ-01")
    placed = [c for h in game._hands for c in h] + game._stock + game._discards
    placed += [c for o in game._opens for j in o for c in j]
    every = set(cards)
    if len(placed) != len(cards) or set(placed) != every:
        raise _bad("the zones do not hold each card in play exactly once", "duplicate_card", "RZ-01")
    for order in game._orders:
        if len(order) != len(cards) or set(order) != every:
            raise _bad("a deck order that is not the cards in play", "bad_deck", "RZ-01")
    for o in game._opens:
        if len(o) >= game.rules.juegos_to_win:
            raise _bad("a seat with too many open juegos", "too_many_juegos", "RZ-05")
        if not all(t.is_juego(j) for j in o):
            raise _bad("an open juego that is not a juego", "bad_juego", "RZ-04")
    for s, known in enumerate(game._known):
        if len(set(known)) != len(known) or any(c not in game._hands[s] for c in known):
            raise _bad("known cards must be in that seat's concealed hand", "bad_known")


def _hands(game: Game) -> None:
    phase, size = game._phase, game.rules.hand_size
    if phase is OVER:
        return
    actor = game._turn if phase is TURN else game._stealer if phase is STEAL else None
    for s in range(game.num_players):
        held = len(game._hands[s]) + 3 * len(game._opens[s])
        if held != (size + 1 if s == actor else size):
            raise _bad(f"seat {s} holds {held} cards in the {phase.value} phase", "bad_hand_size", "RZ-02")
    if phase is WINDOW and not game._discards:
        raise _bad("a claim window needs the claimed card on the discard pile", "no_claimed_card", "RZ-06")


def _claim(game: Game) -> None:
    claim, stealer = game._claim, game._stealer
    if game._phase is not STEAL:
        if claim is not None or stealer is not None:
            raise _bad("a claim or stealer outside the steal phase", "bad_claim")
        return
    if stealer is None or stealer == game._turn or not isinstance(claim, (Envido, Truco)):
        raise _bad("the steal phase needs a stealer other than the discarder and its claim", "bad_claim")
    hand = game._hands[stealer]
    named = (claim.card,) if isinstance(claim, Truco) else (claim.a, claim.b)
    if any(c not in hand[:-1] for c in named):
        raise _bad("the winning claim names cards the stealer does not hold", "bad_claim")
    if isinstance(claim, Envido) and not game._t.is_juego((claim.a, claim.b, hand[-1])):
        raise _bad("the envido and the stolen card are not a juego", "bad_claim", "RZ-07")
    if isinstance(claim, Envido) and len(hand) <= 3:
        raise _bad("that envido would have called its Ranzo already", "bad_claim", "RZ-07")
    if any(type(m) not in (Pass, Envido, Truco) for _, m in game._last_window):
        raise _bad("the last window's answers must be claims", "bad_claim")


def _who_acts(game: Game) -> None:
    phase, n = game._phase, game.num_players
    seats: tuple[int, ...]
    if phase is TURN:
        seats = (game._turn,)
    elif phase is STEAL:
        assert game._stealer is not None
        seats = (game._stealer,)
    elif phase is WINDOW:
        seats = tuple(s for s in range(n) if s != game._turn)
    else:
        seats = ()
    answers = dict(game._pending_answers)
    if not set(answers) <= set(seats) or game.to_act != tuple(s for s in seats if s not in answers):
        raise _bad(f"the seats to act {list(game.to_act)} do not fit the {phase.value} phase "
                   f"(it has {list(seats)} to act, in seat order)", "bad_to_act")
    if game._window != (phase is WINDOW):
        raise _bad(f"simultaneous is {str(game._window).lower()} in the {phase.value} phase: the seats "
                   "answer together exactly in a claim window", "bad_to_act", "RZ-06")
    for s, m in answers.items():
        if m not in claims(game, s):
            raise _bad(f"seat {s}'s sealed answer {m} is not one of its claims", "bad_to_act")
    game._set_to_act(seats, simultaneous=phase is WINDOW, answers=answers)  # the answered seats in seat order
    game._refresh()
