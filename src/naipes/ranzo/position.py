"""Ranzo state dicts and explicit positions (see :meth:`Game.from_position`).

The bodies of ``to_dict``/``from_dict`` (:func:`state_dict`, :func:`load_state`)
and of ``from_position`` (:func:`build_position`), with their validation; every
error is an :class:`~naipes.errors.InvalidStateError` with a code of
:data:`naipes.ranzo.legality.CODES`.

.. versionadded:: 0.1
.. versionchanged:: 1.0
   State dicts name the hand counter ``hand_number`` and its log ``hand_log``.
"""

from __future__ import annotations

import random
import secrets
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from naipes._jsonable import JSON
from naipes._state import _rng_state, check_start, rules_to_dict
from naipes.cards import Card
from naipes.decks import spanish_deck
from naipes.errors import InvalidStateError, NaipesError, UsageError
from naipes.ranzo import _check
from naipes.ranzo._known import check_known
from naipes.ranzo._phase import TURN, WINDOW, Phase
from naipes.ranzo._tables import tables
from naipes.ranzo.moves import Envido, Move, Truco
from naipes.ranzo.rules import Rules

if TYPE_CHECKING:
    from naipes.ranzo.state import Game

__all__ = ["build_position", "check_loaded", "check_replay", "clone_into", "load_state", "state_dict"]


def _cs(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


#: The Spanish cards by their canonical text (a loaded state writes them so).
_NAMED = {str(c): c for c in spanish_deck(48)}


def _read(texts: list[str]) -> list[Card]:
    """The cards of a state dict's checked list of card texts."""
    named = _NAMED.get
    return [named(t) or Card.parse(t) for t in texts]


def _cards(value: Sequence[Card | str] | str) -> list[Card]:
    if isinstance(value, str):
        return list(Card.parse_many(value))
    return [c if isinstance(c, Card) else Card.parse(c) for c in value]


def state_dict(game: Game) -> dict[str, JSON]:
    """The game's own state as JSON-compatible data."""
    return {
        "cards": _cs(game._cards),
        "hands": [_cs(h) for h in game._hands],
        "opens": [[_cs(j) for j in o] for o in game._opens],
        "known": [_cs(k) for k in game._known],
        "stock": _cs(game._stock),
        "discards": _cs(game._discards),
        "balances": list(game._balances),
        "phase": game._phase.value,
        "turn": game._turn,
        "dealer": game._dealer,
        "hand_number": game._hand_no,
        "claim": None if game._claim is None else str(game._claim),
        "stealer": game._stealer,
        "orders": [_cs(o) for o in game._orders],
        "last_window": [[s, str(m)] for s, m in game._last_window],
        "hand_log": [[w, v, list(sp), [_cs(j) for j in split]] for w, v, sp, split in game._hand_log],
    }


def clone_into(game: Game, new: Game) -> None:
    """Copy the game's own state into ``new`` (``Game.clone`` set the base's fields)."""
    new._t = game._t
    new._cards = game._cards
    new._hands = [h.copy() for h in game._hands]
    new._opens = [o.copy() for o in game._opens]
    new._known = [k.copy() for k in game._known]
    new._known_bits = game._known_bits.copy()
    new._pops, new._laid = game._pops, game._laid
    new._stock = game._stock.copy()
    new._discards = game._discards.copy()
    new._balances = game._balances.copy()
    new._phase = game._phase
    new._turn = game._turn
    new._dealer = game._dealer
    new._hand_no = game._hand_no
    new._claim = game._claim
    new._stealer = game._stealer
    new._orders = [o.copy() for o in game._orders]
    new._last_window = game._last_window
    new._hand_log = game._hand_log.copy()
    new._can_ranzo = game._can_ranzo
    new._cache = {}


def load_state(game: Game, state: Mapping[str, Any]) -> None:
    """Set the game's own state from :func:`state_dict` output, checked (:mod:`._check`)."""
    n = game.num_players
    _check.state_shape(state, n, game.rules.num_rounds)
    game._t = tables(game.rules.deck)
    game._cards = tuple(_read(state["cards"]))
    game._hands = [_read(h) for h in state["hands"]]
    game._opens = [[tuple(_read(j)) for j in o] for o in state["opens"]]
    game._set_known([_read(k) for k in state["known"]])
    game._pops = game._laid = 0
    game._stock = _read(state["stock"])
    game._discards = _read(state["discards"])
    game._balances = list(state["balances"])
    try:
        game._phase = Phase(state["phase"])
    except ValueError:
        raise InvalidStateError(f"not a phase: {state['phase']!r}", code="bad_phase") from None
    game._turn = state["turn"]
    game._dealer = state["dealer"]
    game._hand_no = state["hand_number"]
    claim = None if state["claim"] is None else Move.parse(state["claim"])
    if claim is not None and not isinstance(claim, (Envido, Truco)):
        raise InvalidStateError(f"not a claim: {claim}", code="bad_claim")
    game._claim = claim
    game._stealer = state["stealer"]
    game._orders = [_read(o) for o in state["orders"]]
    game._last_window = tuple((s, Move.parse(m)) for s, m in state["last_window"])
    game._hand_log = [(w, v, tuple(sp), tuple(tuple(_read(j)) for j in split))
                      for w, v, sp, split in state["hand_log"]]
    _check.consistent(game)


def check_loaded(game: Game, start: Game | None) -> None:
    """The loaded ``game`` against the game its ``start`` names (``Game._check_loaded``).

    Its known cards, discard pile, last window and phase are those its history implies
    (:func:`~naipes.ranzo._known.check_known`, code ``bad_known``), and its whole state is
    the one the start reaches by playing the history (:func:`check_replay`, ``bad_history``).
    The replay implies the walk's findings, so the walk runs only when the replay refuses
    (to name the known cards when they are what is wrong) or cannot run: a loaded state costs
    one replay.

    Raises:
        InvalidStateError: code ``bad_known`` or ``bad_history``.
    """
    if start is None:
        return
    if isinstance(start._rng, random.SystemRandom):
        check_known(game, start)
        return
    try:
        check_replay(game, start)
    except InvalidStateError:
        again = check_start(type(game), game.rules, game._origin, json_checked=True)
        check_known(game, again)  # bad_known, where the history shows the known cards wrong
        raise


def check_replay(game: Game, start: Game) -> None:
    """The loaded ``game``'s own state and generator are the ones its ``start`` game reaches by its history.

    ``start`` is played on (it is the game :func:`~naipes._state.check_start` built). A history
    entry in another accepted spelling (``"1o"`` for ``"discard 1o"``) is the same move and is
    written canonically; sealed answers of an open window are not in the history (``_check``
    checks them). A start on a generator whose state cannot be written (``"rng": null``, a
    :class:`random.SystemRandom`) deals its later hands unpredictably, so it is not replayed.

    Raises:
        InvalidStateError: code ``bad_history``, for a history move the game refuses, or a
            state that is not the one its history leads to.
    """
    if isinstance(start._rng, random.SystemRandom):
        return
    history = game.history
    i = start._replay(history)
    if i is not None:
        seat, move = history[i]
        try:
            start.play(move, seat)  # the refusal, in words
        except NaipesError as exc:
            raise InvalidStateError(f"history[{i}]: {move} does not replay: {exc}", code="bad_history") from None
        raise InvalidStateError(f"history[{i}]: {move} does not replay (the history ends in a claim "
                                "window whose answers it does not all hold)", code="bad_history")
    replayed, loaded = state_dict(start), state_dict(game)
    same_rules = start.rules is game.rules or rules_to_dict(start.rules) == rules_to_dict(game.rules)
    if replayed == loaded and same_rules and _same_generator(start._rng, game._rng):
        return
    # the generator too: it deals the later hands, which a record replays from the start
    replayed["rng"], loaded["rng"] = _rng_state(start._rng), _rng_state(game._rng)
    # and the rules: a position start has its own
    replayed["rules"], loaded["rules"] = rules_to_dict(start.rules), rules_to_dict(game.rules)
    if replayed != loaded:
        wrong = sorted(k for k in loaded if loaded[k] != replayed[k])
        raise InvalidStateError(f"the history from the start does not lead to this state "
                                f"({', '.join(wrong)} differ)", code="bad_history")


def _same_generator(a: random.Random, b: random.Random) -> bool:
    """Whether two generators are in the same state (compared as Python holds them)."""
    if isinstance(a, random.SystemRandom) or isinstance(b, random.SystemRandom):
        return False
    return a.getstate() == b.getstate()


def _blank_game(cls: type[Game], rules: Rules | None, seed: int | None, rng: random.Random | None) -> Game:
    """A bare game with its generator, as the constructor would make it."""
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise UsageError(f"rules must be Rules, not {type(rules).__name__}", code="wrong_rules")
    if rng is not None and seed is not None:
        raise UsageError("give seed= or rng=, not both", code="seed_and_rng")
    if rng is not None:
        return cls._blank(rules, num_players=rules.players, rng=rng)
    own = random.Random(secrets.randbits(63) if seed is None else seed)
    return cls._blank(rules, num_players=rules.players, rng=own, own_rng=True)


def build_position(cls: type[Game], rules: Rules | None, *, hands: Sequence[Sequence[Card | str] | str],
                   stock: Sequence[Card | str] | str, discards: Sequence[Card | str] | str,
                   open_juegos: Sequence[Sequence[Sequence[Card | str] | str]] | None,
                   known: Sequence[Sequence[Card | str] | str] | None, balances: Sequence[int] | None,
                   dealer: int | None, hand_no: int, turn: int | None, window: bool,
                   seed: int | None, rng: random.Random | None) -> Game:
    """Build and check a position (see :meth:`naipes.ranzo.Game.from_position`)."""
    game = _blank_game(cls, rules, seed, rng)
    rules = game.rules
    n = game.num_players
    game._t = tables(rules.deck)
    dealer, turn = _check_seats(rules, len(hands), dealer, turn, hand_no)
    game._reset(dealer=dealer, hand_no=hand_no)
    game._orders = []
    game._hand_log = []
    game._balances = [rules.starting_points] * n if balances is None else [int(b) for b in balances]
    if len(game._balances) != n or min(game._balances) < 0:
        raise InvalidStateError("balances: one non-negative int per seat", code="bad_balances", rule="RZ-13")
    game._hands = [_cards(h) for h in hands]
    game._stock = _cards(stock)
    game._discards = _cards(discards)
    game._opens = _open_juegos(game, open_juegos)
    _check_cards(game)
    game._set_known([[] for _ in range(n)] if known is None else [_cards(k) for k in known])
    if len(game._known) != n or any(c not in game._hands[s] for s, k in enumerate(game._known) for c in k):
        raise InvalidStateError("known cards must be in that seat's concealed hand", code="bad_known")
    _check_counts(game, turn, window)
    _begin(game, turn, window)
    game._mark_position()
    return game


def _check_seats(rules: Rules, hands: int, dealer: int | None, turn: int | None,
                 hand_no: int) -> tuple[int, int]:
    n = rules.players
    if hands != n:
        raise InvalidStateError(f"{n} players need {n} hands, not {hands}", code="bad_seats")
    dealer = n - 1 if dealer is None else dealer
    if type(dealer) is not int or not 0 <= dealer < n:
        raise InvalidStateError(f"dealer must be a seat 0..{n - 1}, not {dealer!r}", code="bad_dealer",
                                rule="RZ-02")
    turn = (dealer + 1) % n if turn is None else turn
    if type(turn) is not int or not 0 <= turn < n:
        raise InvalidStateError(f"turn must be a seat 0..{n - 1}, not {turn!r}", code="bad_turn")
    if type(hand_no) is not int or not 1 <= hand_no <= rules.num_rounds:
        raise InvalidStateError(f"hand_number must be 1..{rules.num_rounds}, not {hand_no!r}",
                                code="bad_hand_number", rule="RZ-14")
    return dealer, turn


def _open_juegos(game: Game, open_juegos: Sequence[Sequence[Sequence[Card | str] | str]] | None,
                 ) -> list[list[tuple[Card, ...]]]:
    n, t = game.num_players, game._t
    opens = open_juegos if open_juegos is not None else [[] for _ in range(n)]
    if len(opens) != n:
        raise InvalidStateError(f"open_juegos needs one list per seat ({n})", code="bad_seats")
    out = [[tuple(sorted(_cards(j), key=t.key)) for j in o] for o in opens]
    for o in out:
        for j in o:
            if not t.is_juego(j):
                raise InvalidStateError(f"not a juego: {' '.join(map(str, j))}", code="bad_juego",
                                        rule="RZ-04")
    return out


def _begin(game: Game, turn: int, window: bool) -> None:
    """Set who acts: the claim window, the turn after its draw, or the draw itself."""
    n = game.num_players
    game._turn = turn
    if window:
        if not game._discards:
            raise InvalidStateError("a claim window needs the claimed card on the discard pile",
                                    code="no_claimed_card", rule="RZ-06")
        game._phase = WINDOW
        game._set_to_act(tuple(s for s in range(n) if s != turn), simultaneous=True)
        game._refresh()
    elif len(game._hands[turn]) + 3 * len(game._opens[turn]) == game.rules.hand_size:
        game._start_turn(turn)
    else:
        game._phase = TURN
        game._set_to_act((turn,))
        game._refresh()


def _check_cards(game: Game) -> None:
    t = game._t
    every = [c for h in game._hands for c in h] + game._stock + game._discards
    every += [c for o in game._opens for j in o for c in j]
    stray = sorted({str(c) for c in every if c not in t.bit})
    if stray:
        raise InvalidStateError(f"cards not in the {game.rules.deck}-card deck: {stray}", code="stray_cards",
                                rule="RZ-01")
    if len(set(every)) != len(every):
        raise InvalidStateError("a card is in two places (the deck has one of each)", code="duplicate_card",
                                rule="RZ-01")
    game._cards = tuple(sorted(every, key=t.key))
    rules = game.rules
    if game._hand_no < rules.num_rounds and len(every) < game.num_players * rules.hand_size:
        raise InvalidStateError(f"{len(every)} cards in play cannot deal the later hands",
                                code="too_few_cards", rule="RZ-02")


def _check_counts(game: Game, turn: int, window: bool) -> None:
    size = game.rules.hand_size
    for s in range(game.num_players):
        held = len(game._hands[s]) + 3 * len(game._opens[s])
        allowed = (size, size + 1) if (s == turn and not window) else (size,)
        if held not in allowed:
            raise InvalidStateError(f"seat {s} holds {held} cards (open juegos included); "
                                    f"expected {' or '.join(map(str, allowed))}", code="bad_hand_size",
                                    rule="RZ-02")
        if len(game._opens[s]) >= game.rules.juegos_to_win:
            raise InvalidStateError(f"seat {s} has too many open juegos", code="too_many_juegos",
                                    rule="RZ-05")
