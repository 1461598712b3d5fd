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

from naipes._validate import bad, exact_bool, exact_int, seat_list
from naipes.cards import JOKER, Card
from naipes.errors import InvalidStateError, NotationError, UsageError
from naipes.machiavelli.melds import MAX_TABLE_TEXT, Meld, check_table, format_table, parse_table
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.scoring import hand_outcome, single_deal_scores

if TYPE_CHECKING:
    from naipes.machiavelli.state import Game
    from naipes.machiavelli.view import View

__all__ = ["MAX_HANDS", "MAX_ORDERS", "STATE_KEYS", "CardsArg", "check_loaded", "from_position", "load_state",
           "max_total", "sample_game", "state_dict"]

#: Cards given as values or as notation (``"7H 7D JS"``).
CardsArg = Sequence[Card] | str


def _cards(value: CardsArg, field: str, names: Mapping[str, Any]) -> list[Card]:
    cards: list[Any]
    if isinstance(value, str):
        if len(value) > MAX_TABLE_TEXT:
            raise bad(field, f"longer than {MAX_TABLE_TEXT} characters", "too_large")
        try:
            cards = list(Card.parse_many(value))
        except NotationError as exc:
            raise bad(field, str(exc), "not_a_card") from None
    elif isinstance(value, (list, tuple)):
        cards = [names.get(c, c) if isinstance(c, str) else c for c in value]  # notation too
    else:
        raise bad(field, f"must be cards or card notation, not {type(value).__name__}", "not_a_card")
    out: list[Card] = []
    for item in cards:
        if not isinstance(item, Card) or names.get(str(item)) is not item:
            raise bad(field, f"{item!r} is not a card of the decks", "not_a_card")
        out.append(names[str(item)])
    return out


def _per_seat(name: str, values: Sequence[Any] | None, default: Any, n: int) -> list[Any]:
    if values is not None and not isinstance(values, (list, tuple)):
        raise InvalidStateError(f"{name} needs one value per seat", code="wrong_length")
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
    if not isinstance(hands, (list, tuple)) or len(hands) != n:
        raise InvalidStateError(f"{len(hands)} hands for {n} players (rules.players)", code="wrong_hand_count")
    if type(to_act) is not int or (starter is not None and type(starter) is not int):
        raise InvalidStateError("to_act and starter must be seats (ints)", code="no_such_seat")
    if seed is not None and type(seed) is not int:
        raise UsageError(f"seed must be an int, not {seed!r}", code="bad_seed")
    game = cls._blank(rules, rng=rng if rng is not None else random.Random(seed), own_rng=rng is None)
    game._empty_zones()
    names = _card_names(rules)
    game._hands = [_cards(h, f"hands[{s}]", names) for s, h in enumerate(hands)]
    game._stock = _cards(stock, "stock", names)
    if isinstance(table, str):
        melds = parse_table(table)
    elif isinstance(table, (list, tuple)) and all(isinstance(m, Meld) for m in table):
        melds = tuple(table)
    else:
        raise InvalidStateError("table must be melds or table notation", code="invalid_table")
    check_table(melds, rules)
    game._table = tuple(m.normalized() for m in melds)
    top = max_total(rules)
    game._totals = [exact_int(t, "totals", 0, top) for t in _per_seat("totals", totals, 0, n)]
    game._opened_seats = [exact_bool(o, "opened")
                          for o in _per_seat("opened", opened, not rules.initial_meld_min, n)]
    game._known_jokers = [exact_int(k, "known_jokers", 0, rules.deck_size)
                          for k in _per_seat("known_jokers", known_jokers, 0, n)]
    game._starter = to_act if starter is None else starter
    game._hand_no = exact_int(hand_number, "hand_number", 1, MAX_HANDS)
    if rules.mode == "session" and max(game._totals) >= rules.threshold:
        raise InvalidStateError(f"a total of {rules.threshold} or more has ended the session",
                                code="bad_phase", rule="MV-09")
    check_position(game, to_act)
    game._set_to_act((to_act,))
    game._mark_position()
    return game


def check_position(game: Game, to_act: int) -> None:
    """Validate a position's seats, hands and card counts; set its cards out of play."""
    n = game.num_players
    if not (0 <= to_act < n and 0 <= game._starter < n):
        raise InvalidStateError(f"to_act and starter must be seats 0..{n - 1}", code="no_such_seat")
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
    game = cls._blank(view.rules, rng=rng, own_rng=True)  # the view made it for this sample
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


#: The keys of the ``state`` part of a Machiavelli state dict.
STATE_KEYS = frozenset({"hands", "stock", "table", "totals", "opened", "known_jokers", "starter", "hand_number",
                        "out_of_play", "orders", "last_winners", "last_points", "last_hands", "final_scores",
                        "cut"})
#: The largest ``hand_number`` a state may hold (a session of ``threshold`` 10,000 is far shorter).
MAX_HANDS = 1_000_000
#: The most deck orders a state may keep for later hands, and the most rounds of a cut.
MAX_ORDERS = 10_000


def max_total(rules: Rules) -> int:
    """A bound on any penalty total or hand score the rules can reach (the threshold plus a full hand).

    >>> max_total(Rules())
    2700
    """
    return rules.threshold + rules.deck_size * max(10, rules.joker_penalty)


def _card_names(rules: Rules) -> dict[str, Card]:
    from naipes.machiavelli.state import full_deck

    return {str(c): c for c in full_deck(rules)}


def _card_list(value: object, field: str, names: Mapping[str, Card], limit: int) -> list[Card]:
    if type(value) is not list:
        raise bad(field, f"must be a list of cards, not {type(value).__name__}")
    if len(value) > limit:
        raise bad(field, f"more than {limit} cards", "too_large")
    out = []
    for x in value:
        card = names.get(x) if type(x) is str else None
        if card is None:
            raise bad(field, f"{x!r} is not a card of the decks", "not_a_card")
        out.append(card)
    return out


def _seat_values(value: object, field: str, n: int) -> list[Any]:
    if type(value) is not list or len(value) != n:
        raise bad(field, f"must be a list of one value per seat ({n})", "wrong_length")
    return value


def _ints(value: object, field: str, n: int, hi: int) -> list[int]:
    return [exact_int(x, field, 0, hi) for x in _seat_values(value, field, n)]


def _table(value: object, rules: Rules) -> tuple[Meld, ...]:
    if type(value) is not str:
        raise bad("state.table", "must be table notation (a string)")
    try:
        melds = parse_table(value)
        check_table(melds, rules)
    except (NotationError, InvalidStateError) as exc:
        raise bad("state.table", str(exc), exc.code) from None
    return tuple(m.normalized() for m in melds)


def _cut(value: object, n: int, names: Mapping[str, Card]) -> tuple[tuple[tuple[int, Card], ...], ...]:
    """The cut's rounds: all seats first, then the seats tied on the highest rank, until one is left."""
    if type(value) is not list or len(value) > MAX_ORDERS:
        raise bad("state.cut", "must be a list of rounds")
    rounds = []
    contenders = list(range(n))
    for r in value:
        if not contenders:
            raise bad("state.cut", "a round after the cut was decided")
        if type(r) is not list or len(r) != len(contenders):
            raise bad("state.cut", f"a round must hold one [seat, card] per contender {contenders}")
        pairs = []
        for pair, seat in zip(r, contenders):
            if type(pair) is not list or len(pair) != 2 or pair[0] != seat or type(pair[0]) is not int:
                raise bad("state.cut", f"{pair!r} is not [seat {seat}, card]")
            pairs.append((seat, _card_list(pair[1:], "state.cut", names, 1)[0]))
        rounds.append(tuple(pairs))
        best = max(c.rank for _, c in pairs)
        contenders = [s for s, c in pairs if c.rank == best]
        if len(contenders) == 1:
            contenders = []
    if contenders and rounds:
        raise bad("state.cut", "the cut ends with a tie")
    return tuple(rounds)


def load_state(game: Game, state: Mapping[str, Any]) -> None:
    """Fill ``game`` (a blank instance) from the ``state`` part of a state dict, checking everything.

    Raises:
        InvalidStateError: naming the field, for anything the rules cannot reach (see
            the rules page, "Limits").
    """
    from naipes.machiavelli.state import full_deck

    rules = game.rules
    n = game.num_players
    if not isinstance(state, dict) or set(state) != STATE_KEYS:
        keys = sorted(state) if isinstance(state, dict) else state
        raise bad("state", f"must hold exactly the keys {sorted(STATE_KEYS)}, not {keys}")
    names = _card_names(rules)
    size = rules.deck_size
    game._empty_zones()
    game._hands = [_card_list(h, f"state.hands[{s}]", names, size)
                   for s, h in enumerate(_seat_values(state["hands"], "state.hands", n))]
    game._stock = _card_list(state["stock"], "state.stock", names, size)
    game._table = _table(state["table"], rules)
    top = max_total(rules)
    game._totals = _ints(state["totals"], "state.totals", n, top)
    game._opened_seats = [exact_bool(o, "state.opened") for o in _seat_values(state["opened"], "state.opened", n)]
    game._known_jokers = _ints(state["known_jokers"], "state.known_jokers", n, size)
    game._starter = exact_int(state["starter"], "state.starter", 0, n - 1)
    game._hand_no = exact_int(state["hand_number"], "state.hand_number", 1, MAX_HANDS)
    game._out = tuple(_card_list(state["out_of_play"], "state.out_of_play", names, size))
    orders = state["orders"]
    if type(orders) is not list or len(orders) > MAX_ORDERS:
        raise bad("state.orders", f"must be a list of at most {MAX_ORDERS} deck orders")
    deck = Counter(full_deck(rules))
    game._orders = []
    for order in orders:
        cards = _card_list(order, "state.orders", names, size)
        if Counter(cards) != deck:
            raise bad("state.orders", "a deck order must hold exactly the cards of the decks", "bad_deck")
        game._orders.append(tuple(cards))
    winners = seat_list(state["last_winners"], "state.last_winners", n)
    points, hands = state["last_points"], state["last_hands"]
    if type(points) is not list or type(hands) is not list:  # not only when non-empty (S, issue 21)
        raise bad("state.last_points", "last_points and last_hands must be lists")
    if winners or points or hands:
        game._last_points = tuple(_ints(points, "state.last_points", n, top))
        game._last_hands = tuple(tuple(_card_list(h, f"state.last_hands[{s}]", names, size))
                                 for s, h in enumerate(_seat_values(hands, "state.last_hands", n)))
    game._last_winners = winners
    final = state["final_scores"]
    game._final_scores = None if final is None else tuple(_ints(final, "state.final_scores", n, n * top))
    game._cut = _cut(state["cut"], n, names)
    check_loaded(game, deck)


def check_loaded(game: Game, deck: Counter[Card]) -> None:
    """The loaded fields fit together: cards conserved, phase, scores, the last hand."""
    rules = game.rules
    acting = game.to_act
    if game._window or len(acting) > 1:
        raise bad("acting", "one seat acts at a time in Machiavelli", "bad_phase")
    counts = Counter(c for h in game._hands for c in h)
    counts.update(game._stock)
    counts.update(c for m in game._table for c in m.physical)
    counts.update(game._out)
    if counts != deck:
        extra = sorted(map(str, (counts - deck).elements()))
        missing = sorted(map(str, (deck - counts).elements()))
        raise bad("state", f"the zones must hold the decks' cards once each (extra {extra}, missing {missing})",
                  "cards_not_conserved")
    origin = game._origin
    if game._out and not (origin is None or "position" in origin):
        raise bad("state.out_of_play", "cards out of play only in a game started from a position",
                  "cards_not_conserved")
    for s, k in enumerate(game._known_jokers):
        if game._hands[s].count(JOKER) < k:
            raise bad("state.known_jokers", f"seat {s} is known to hold {k} jokers but does not", "jokers_not_held")
    _check_last_hand(game)
    session = rules.mode == "session"
    if acting:
        if any(not h for h in game._hands):
            raise bad("state.hands", "an empty hand while the hand goes on", "empty_hand")
        if session and max(game._totals) >= rules.threshold:
            raise bad("state.totals", f"a total of {rules.threshold} or more ends the session", "bad_phase")
        if game._final_scores is not None:
            raise bad("state.final_scores", "final scores while the game goes on", "bad_phase")
        if not session and game._last_winners:
            raise bad("state.last_winners", "a single-deal game goes on after its hand", "bad_phase")
        return
    if not game._last_winners:
        raise bad("acting", "nobody to act, but no hand has ended", "bad_phase")
    if game._last_hands != tuple(map(tuple, game._hands)):
        raise bad("state.last_hands", "the game ended with other hands than its last hand", "bad_phase")
    if session:
        if not max(game._totals) >= rules.threshold:
            raise bad("acting", f"nobody to act, but no total reached {rules.threshold}", "bad_phase")
        if game._final_scores is not None:
            raise bad("state.final_scores", "final scores belong to single-deal games", "bad_phase")
    elif game._final_scores != single_deal_scores(game._last_winners, game._last_points):
        raise bad("state.final_scores", "must be the single-deal scores of the last hand", "bad_scores")


def _check_last_hand(game: Game) -> None:
    if not game._last_hands:
        if game._last_winners or game._last_points:
            raise bad("state.last_hands", "the last hand's winners and points need its hands", "bad_phase")
        return
    if not game._last_winners:
        raise bad("state.last_winners", "a hand that ended has winners", "bad_phase")
    hands = game._last_hands
    from naipes.machiavelli.state import full_deck

    if Counter(c for h in hands for c in h) - Counter(full_deck(game.rules)):
        raise bad("state.last_hands", "more copies of a card than the decks hold", "too_many_copies")
    empty = [s for s, h in enumerate(hands) if not h]
    if len(empty) > 1:
        raise bad("state.last_hands", "two players cannot both go out", "bad_phase")
    expected = hand_outcome(hands, game.rules, empty[0] if empty else None)
    if expected != (game._last_winners, game._last_points):
        raise bad("state.last_points", "the last hand's winners and points do not follow from its hands",
                  "bad_scores")
