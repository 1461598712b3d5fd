"""Machiavelli positions: :func:`from_position`, the state dict, samples, and their validation.

:meth:`Game.from_position <naipes.machiavelli.state.Game.from_position>`,
``Game.to_dict`` / ``Game.from_dict`` (the ``state`` part) and
:meth:`View.sample <naipes.machiavelli.view.View.sample>` are written here.
Every impossible position raises :class:`~naipes.errors.InvalidStateError`
with a code of :data:`naipes.machiavelli.legality.CODES`.

>>> from naipes.machiavelli import Game, Rules
>>> Game.from_position(Rules(players=2), hands=["7H", ""], stock="KH")
Traceback (most recent call last):
...
naipes.errors.InvalidStateError: an empty hand: that hand is already over

.. versionadded:: 1.0
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from naipes.cards import JOKER, Card
from naipes.errors import InvalidStateError, UsageError
from naipes.machiavelli.melds import Meld, check_table, format_table, parse_table
from naipes.machiavelli.rules import Rules

if TYPE_CHECKING:
    from naipes.machiavelli.state import Game
    from naipes.machiavelli.view import View

__all__ = ["CardsArg", "from_position", "load_state", "sample_game", "state_dict"]

#: Cards given as values or as notation (``"7H 7D JS"``).
CardsArg = Sequence[Card] | str


def _cards(value: CardsArg) -> list[Card]:
    return list(Card.parse_many(value)) if isinstance(value, str) else list(value)


def _per_seat(name: str, values: Sequence[Any] | None, default: Any, n: int) -> list[Any]:
    out = list(values) if values is not None else [default] * n
    if len(out) != n:
        raise InvalidStateError(f"{name} needs one value per seat", code="wrong_length")
    return out


def from_position(cls: type[Game], rules: Rules | None = None, *, hands: Sequence[CardsArg],
                  table: Sequence[Meld] | str = (), stock: CardsArg = (), to_act: int = 0,
                  starter: int | None = None, totals: Sequence[int] | None = None,
                  opened: Sequence[bool] | None = None, known_jokers: Sequence[int] | None = None,
                  hand_number: int = 1, seed: int | None = None, rng: random.Random | None = None) -> Game:
    """The body of :meth:`Game.from_position <naipes.machiavelli.state.Game.from_position>`."""
    rules = rules or Rules(players=len(hands))
    if not isinstance(rules, Rules):
        raise UsageError(f"rules must be Rules, not {type(rules).__name__}", code="wrong_rules")
    if rng is not None and seed is not None:
        raise UsageError("give seed= or rng=, not both", code="seed_and_rng")
    n = rules.players
    if len(hands) != n:
        raise InvalidStateError(f"{len(hands)} hands for {n} players (rules.players)", code="wrong_hand_count")
    game = cls._blank(rules, rng=rng if rng is not None else random.Random(seed))
    game._empty_zones()
    game._hands = [_cards(h) for h in hands]
    game._stock = _cards(stock)
    melds = parse_table(table) if isinstance(table, str) else tuple(table)
    check_table(melds, rules)
    game._table = tuple(m.normalized() for m in melds)
    game._totals = [int(t) for t in _per_seat("totals", totals, 0, n)]
    game._opened_seats = [bool(o) for o in _per_seat("opened", opened, not rules.initial_meld_min, n)]
    game._known_jokers = [int(k) for k in _per_seat("known_jokers", known_jokers, 0, n)]
    game._starter = to_act if starter is None else starter
    game._hand_no = hand_number
    check_position(game, to_act)
    game._set_to_act((to_act,))
    game._mark_position()
    return game


def check_position(game: Game, to_act: int) -> None:
    """Validate a position's seats, hands and card counts; set its cards out of play."""
    n = game.num_players
    if not (0 <= to_act < n and 0 <= game._starter < n):
        raise InvalidStateError(f"to_act and starter must be seats 0..{n - 1}", code="bad_seat")
    if any(not h for h in game._hands):
        raise InvalidStateError("an empty hand: that hand is already over", code="empty_hand", rule="MV-07")
    for s, k in enumerate(game._known_jokers):
        if k < 0 or game._hands[s].count(JOKER) < k:
            raise InvalidStateError(f"seat {s} is known to hold {k} jokers but does not",
                                    code="jokers_not_held", rule="MV-12")
    game._out = tuple(_left_over(game).elements())


def _left_over(game: Game) -> Counter[Card]:
    from naipes.machiavelli.state import full_deck

    counts: Counter[Card] = Counter()
    for cards in game.zones().values():
        counts.update(cards)
    left = Counter(full_deck(game.rules))
    left.subtract(counts)
    too_many = sorted(str(c) for c, k in left.items() if k < 0)
    if too_many:
        raise InvalidStateError(f"more copies than the decks hold: {' '.join(too_many)}",
                                code="too_many_copies", rule="MV-01")
    return +left


def sample_game(cls: type[Game], view: View, hands: list[list[Card]], stock: list[Card],
                rng: random.Random) -> Game:
    """A game showing ``view`` to its seat, with the hidden cards given (``View.sample``)."""
    game = cls._blank(view.rules, rng=rng)
    game._empty_zones()
    game._hands = hands
    game._stock = stock
    game._table = view.table
    game._totals = list(view.totals)
    game._opened_seats = list(view.opened)
    game._known_jokers = list(view.known_jokers)
    game._starter = view.starter
    game._hand_no = view.hand_number
    game._out = view.out_of_play
    game._last_winners = view.last_winners
    game._last_points = view.last_points
    game._last_hands = view.last_hands
    game._cut = view.cut
    game._set_to_act(view.to_act)
    if not view.to_act and view.rules.mode == "single_deal":
        game._final_scores = view.scores
    game._mark_position()
    return game


def _cs(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def state_dict(game: Game) -> dict[str, Any]:
    """The ``state`` part of ``game.to_dict()`` (JSON-compatible)."""
    return {
        "hands": [_cs(h) for h in game._hands], "stock": _cs(game._stock), "table": format_table(game._table),
        "totals": list(game._totals), "opened": list(game._opened_seats),
        "known_jokers": list(game._known_jokers), "starter": game._starter, "hand_number": game._hand_no,
        "out_of_play": _cs(game._out), "orders": [_cs(o) for o in game._orders],
        "last_winners": list(game._last_winners), "last_points": list(game._last_points),
        "last_hands": [_cs(h) for h in game._last_hands],
        "final_scores": None if game._final_scores is None else list(game._final_scores),
        "cut": [[[s, str(c)] for s, c in r] for r in game._cut],
    }


def _cl(xs: Sequence[str]) -> list[Card]:
    return [Card.parse(x) for x in xs]


def _ints(name: str, xs: Sequence[Any], n: int) -> tuple[int, ...]:
    out = tuple(int(x) for x in xs)
    if len(out) != n:
        raise InvalidStateError(f"{name} needs one value per seat", code="wrong_length")
    return out


def load_state(game: Game, state: Mapping[str, Any]) -> None:
    """Fill ``game`` (a blank instance) from the ``state`` part of a state dict."""
    n = game.num_players
    game._empty_zones()
    game._hands = [_cl(h) for h in state["hands"]]
    if len(game._hands) != n:
        raise InvalidStateError(f"{len(game._hands)} hands for {n} players", code="wrong_hand_count")
    game._stock = _cl(state["stock"])
    game._table = parse_table(state["table"])
    game._totals = list(_ints("totals", state["totals"], n))
    game._opened_seats = [bool(o) for o in state["opened"]]
    game._known_jokers = list(_ints("known_jokers", state["known_jokers"], n))
    if len(game._opened_seats) != n:
        raise InvalidStateError("opened needs one value per seat", code="wrong_length")
    game._starter = int(state["starter"])
    game._hand_no = int(state["hand_number"])
    game._out = tuple(_cl(state["out_of_play"]))
    game._orders = [tuple(_cl(o)) for o in state["orders"]]
    game._last_winners = tuple(int(s) for s in state["last_winners"])
    game._last_points = tuple(int(p) for p in state["last_points"])
    game._last_hands = tuple(tuple(_cl(h)) for h in state["last_hands"])
    final = state["final_scores"]
    game._final_scores = None if final is None else tuple(int(x) for x in final)
    game._cut = tuple(tuple((int(s), Card.parse(c)) for s, c in r) for r in state["cut"])
