"""Ranzo state dicts and explicit positions (internal; see :meth:`Game.from_position`)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from naipes._jsonable import JSON
from naipes.cards import Card
from naipes.errors import InvalidStateError
from naipes.ranzo._tables import tables
from naipes.ranzo.moves import Envido, Move, Truco
from naipes.ranzo.rules import Rules

if TYPE_CHECKING:
    from naipes.ranzo.state import Game

_PHASES = ("turn", "window", "steal", "over")


def _cs(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _cards(value: Sequence[Card | str] | str) -> list[Card]:
    if isinstance(value, str):
        return list(Card.parse_many(value))
    return [c if isinstance(c, Card) else Card.parse(c) for c in value]


def state_dict(game: Game) -> dict[str, JSON]:
    """The game's own state as JSON-compatible data."""
    return {
        "cards": _cs(game.cards),
        "hands": [_cs(h) for h in game.hands],
        "opens": [[_cs(j) for j in o] for o in game.opens],
        "known": [_cs(k) for k in game.known],
        "stock": _cs(game.stock),
        "discards": _cs(game.discards),
        "balances": list(game.balances),
        "phase": game.phase,
        "turn": game.turn,
        "dealer": game.dealer,
        "round": game.round,
        "claim": None if game.claim is None else str(game.claim),
        "stealer": game.stealer,
        "orders": [_cs(o) for o in game.orders],
        "last_window": [[s, str(m)] for s, m in game.last_window],
        "round_log": [[w, v, list(sp)] for w, v, sp in game.round_log],
    }


def load_state(game: Game, state: Mapping[str, Any]) -> None:
    """Set the game's own state from :func:`state_dict` output."""
    t = game._t = tables(game.rules.deck)
    game.cards = tuple(_cards(state["cards"]))
    game.hands = [_cards(h) for h in state["hands"]]
    game.opens = [[tuple(_cards(j)) for j in o] for o in state["opens"]]
    game.known = [_cards(k) for k in state["known"]]
    game.stock = _cards(state["stock"])
    game.discards = _cards(state["discards"])
    game.balances = [int(b) for b in state["balances"]]
    game._phase = _PHASES.index(state["phase"])
    game.turn = int(state["turn"])
    game.dealer = int(state["dealer"])
    game.round = int(state["round"])
    claim = None if state["claim"] is None else Move.parse(state["claim"])
    if claim is not None and not isinstance(claim, (Envido, Truco)):
        raise InvalidStateError(f"not a claim: {claim}")
    game.claim = claim
    game.stealer = None if state["stealer"] is None else int(state["stealer"])
    game.orders = [_cards(o) for o in state["orders"]]
    game.last_window = tuple((int(s), Move.parse(m)) for s, m in state["last_window"])
    game.round_log = [(None if w is None else int(w), int(v), tuple(sp)) for w, v, sp in state["round_log"]]
    game._cache = {}
    n = game.num_players
    if not (len(game.hands) == len(game.opens) == len(game.known) == len(game.balances) == n):
        raise InvalidStateError("every seat needs a hand, open juegos, known cards and a balance")
    game._can_ranzo = bool(game._acting) and game._phase in (0, 2) and t.can_split(
        t.mask(game.hands[game._acting[0]]))


def build_position(cls: type[Game], rules: Rules | None, *, hands: Sequence[Sequence[Card | str] | str],
                   stock: Sequence[Card | str] | str, discards: Sequence[Card | str] | str,
                   open_juegos: Sequence[Sequence[Sequence[Card | str] | str]] | None,
                   known: Sequence[Sequence[Card | str] | str] | None, balances: Sequence[int] | None,
                   dealer: int | None, round_no: int, turn: int | None, window: bool,
                   seed: int | None, rng: random.Random | None) -> Game:
    """Build and check a position (see :meth:`naipes.ranzo.Game.from_position`)."""
    game: Game = object.__new__(cls)
    game._init_base(rules, seed=seed, rng=rng)
    rules = game.rules
    n = game.num_players = rules.players
    t = game._t = tables(rules.deck)
    if len(hands) != n:
        raise InvalidStateError(f"{n} players need {n} hands, not {len(hands)}")
    dealer = n - 1 if dealer is None else dealer
    if type(dealer) is not int or not 0 <= dealer < n:
        raise InvalidStateError(f"dealer must be a seat 0..{n - 1}, not {dealer!r}")
    turn = (dealer + 1) % n if turn is None else turn
    if type(turn) is not int or not 0 <= turn < n:
        raise InvalidStateError(f"turn must be a seat 0..{n - 1}, not {turn!r}")
    if type(round_no) is not int or not 1 <= round_no <= rules.num_rounds:
        raise InvalidStateError(f"round must be 1..{rules.num_rounds}, not {round_no!r}")
    game._reset(dealer=dealer, round_no=round_no)
    game.orders = []
    game.balances = [rules.starting_points] * n if balances is None else [int(b) for b in balances]
    if len(game.balances) != n or min(game.balances) < 0:
        raise InvalidStateError("balances: one non-negative int per seat")
    game.hands = [_cards(h) for h in hands]
    game.stock = _cards(stock)
    game.discards = _cards(discards)
    opens = open_juegos if open_juegos is not None else [[] for _ in range(n)]
    if len(opens) != n:
        raise InvalidStateError(f"open_juegos needs one list per seat ({n})")
    game.opens = [[tuple(sorted(_cards(j), key=t.key)) for j in o] for o in opens]
    for o in game.opens:
        for j in o:
            if not t.is_juego(j):
                raise InvalidStateError(f"not a juego: {' '.join(map(str, j))}")
    _check_cards(game)
    game.known = [[] for _ in range(n)] if known is None else [_cards(k) for k in known]
    if len(game.known) != n or any(c not in game.hands[s] for s, k in enumerate(game.known) for c in k):
        raise InvalidStateError("known cards must be in that seat's concealed hand")
    _check_counts(game, turn, window)
    game.turn = turn
    if window:
        if not game.discards:
            raise InvalidStateError("a claim window needs the claimed card on the discard pile")
        game._phase = 1
        game._acting = tuple(s for s in range(n) if s != turn)
        game._simultaneous = True
    elif len(game.hands[turn]) + 3 * len(game.opens[turn]) == rules.hand_size:
        game._start_turn(turn)
    else:
        game._phase = 0
        game._acting = (turn,)
        game._can_ranzo = t.can_split(t.mask(game.hands[turn]))
    game._mark_position()
    return game


def _check_cards(game: Game) -> None:
    t = game._t
    every = [c for h in game.hands for c in h] + game.stock + game.discards
    every += [c for o in game.opens for j in o for c in j]
    stray = sorted({str(c) for c in every if c not in t.bit})
    if stray:
        raise InvalidStateError(f"cards not in the {game.rules.deck}-card deck: {stray}")
    if len(set(every)) != len(every):
        raise InvalidStateError("a card is in two places (the deck has one of each)")
    game.cards = tuple(sorted(every, key=t.key))
    rules = game.rules
    if game.round < rules.num_rounds and len(every) < game.num_players * rules.hand_size:
        raise InvalidStateError(f"{len(every)} cards in play cannot deal the later rounds")


def _check_counts(game: Game, turn: int, window: bool) -> None:
    size = game.rules.hand_size
    for s in range(game.num_players):
        held = len(game.hands[s]) + 3 * len(game.opens[s])
        allowed = (size, size + 1) if (s == turn and not window) else (size,)
        if held not in allowed:
            raise InvalidStateError(f"seat {s} holds {held} cards (open juegos included); "
                                    f"expected {' or '.join(map(str, allowed))}")
        if len(game.opens[s]) >= game.rules.juegos_to_win:
            raise InvalidStateError(f"seat {s} has too many open juegos")
