"""The Machiavelli game: deals, turns, the atomic play check, scoring and state.

>>> from naipes.machiavelli import Game, Rules
>>> game = Game(Rules(players=3), seed=7, first_player=0)
>>> game.to_act, len(game.view(0).hand), game.view(0).stock_size
((0,), 13, 65)
>>> game.play("draw"); game.to_act
(1,)

.. versionadded:: 0.1
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Mapping, Sequence

from naipes.cards import JOKER, Card
from naipes.decks import french_deck
from naipes.errors import IllegalMoveError, InvalidStateError
from naipes.game import Game as BaseGame
from naipes.game import Result
from naipes.machiavelli import events as ev
from naipes.machiavelli.legality import describe_problems, play_problems
from naipes.machiavelli.listing import listed_plays
from naipes.machiavelli.melds import Meld, check_table, format_table, parse_table
from naipes.machiavelli.moves import DRAW, FORFEIT, Draw, Forfeit, Move, Play
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.scoring import (
    deal_outcome,
    next_starter,
    session_over,
    session_winners,
    single_deal_scores,
)
from naipes.machiavelli.view import View

__all__ = ["Game", "full_deck"]

CardsArg = Sequence[Card] | str


def full_deck(rules: Rules) -> tuple[Card, ...]:
    """Every card of a deal under ``rules``, in canonical order (MV-01, MV-12, MV-13).

    >>> len(full_deck(Rules())), len(full_deck(Rules(players=6, jokers=4)))
    (104, 160)

    .. versionadded:: 0.1
    """
    return french_deck(jokers=rules.jokers, copies=rules.num_decks)


def _cards(value: CardsArg) -> list[Card]:
    return list(Card.parse_many(value)) if isinstance(value, str) else list(value)


def _normal(table: Sequence[Meld]) -> tuple[Meld, ...]:
    return tuple(m.normalized() for m in table)


class Game(BaseGame[Rules, Move, View]):
    """A game of Machiavelli: one deal or a session of deals (MV-09).

    Args:
        rules: the variant rules (default :class:`Rules`, four players).
        seed: seed of the game's generator (shuffles and the cut).
        rng: the generator itself, instead of ``seed``.
        deck: one deck order (top first) for the first deal, or a sequence of
            orders for the first deals; each must hold exactly the cards of
            :func:`full_deck`. Later deals are shuffled.
        first_player: the first player of deal 1; ``None`` cuts for it (MV-02).

    Raises:
        InvalidStateError: for a ``deck`` that is not the decks' cards.

    .. versionadded:: 0.1
    """

    name = "machiavelli"
    rules_type = Rules
    move_type = Move

    __slots__ = ("hands", "stock", "table", "totals", "opened", "known_jokers", "starter", "deal",
                 "out", "orders", "last_winners", "last_points", "final_scores", "cut", "announced",
                 "_cache")

    hands: list[list[Card]]
    stock: list[Card]
    table: tuple[Meld, ...]
    totals: list[int]
    opened: list[bool]
    known_jokers: list[int]
    starter: int
    deal: int
    out: tuple[Card, ...]
    orders: list[tuple[Card, ...]]
    last_winners: tuple[int, ...]
    last_points: tuple[int, ...]
    final_scores: tuple[int, ...] | None
    cut: tuple[tuple[tuple[int, Card], ...], ...]
    announced: bool
    _cache: tuple[Move, ...] | None

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None,
                 rng: random.Random | None = None,
                 deck: Sequence[Card] | Sequence[Sequence[Card]] | None = None,
                 first_player: int | None = None) -> None:
        orders = self._deck_orders(deck)
        start: dict[str, Any] = {"first_player": first_player}
        if orders:
            start["deck"] = [[str(c) for c in order] for order in orders]
        self._init_base(rules, seed=seed, rng=rng, start=start)
        n = self.num_players = self.rules.players
        reference = Counter(full_deck(self.rules))
        for order in orders:
            if Counter(order) != reference:
                raise InvalidStateError(f"deck= must hold exactly the {len(reference)} cards of the decks")
        if first_player is not None and (type(first_player) is not int or not 0 <= first_player < n):
            raise InvalidStateError(f"first_player must be a seat 0..{n - 1}, not {first_player!r}")
        self._empty_zones()
        self.orders = list(orders)
        if first_player is None:
            self.cut, first_player = self._cut_for_first()
        self._deal(first_player)
        self.announced = False

    def _empty_zones(self) -> None:
        n = self.num_players
        self.hands = [[] for _ in range(n)]
        self.stock = []
        self.table = ()
        self.totals = [0] * n
        self.opened = [False] * n
        self.known_jokers = [0] * n
        self.starter = 0
        self.deal = 0
        self.out = ()
        self.orders = []
        self.last_winners = ()
        self.last_points = ()
        self.final_scores = None
        self.cut = ()
        self.announced = True
        self._cache = None

    # -- dealing ------------------------------------------------------------------------
    def _cut_for_first(self) -> tuple[tuple[tuple[tuple[int, Card], ...], ...], int]:
        """MV-02: each contender cuts a card; K high, A low (a joker lowest); ties recut."""
        deck = full_deck(self.rules)
        contenders = list(range(self.num_players))
        rounds = []
        while True:
            cards = self._rng.sample(deck, len(contenders))
            rounds.append(tuple(zip(contenders, cards)))
            best = max(c.rank for c in cards)
            contenders = [s for s, c in zip(contenders, cards) if c.rank == best]
            if len(contenders) == 1:
                return tuple(rounds), contenders[0]

    def _deal(self, first: int) -> None:
        if self.orders:
            cards = list(self.orders.pop(0))
        else:
            cards = list(full_deck(self.rules))
            self._rng.shuffle(cards)
        n, k = self.num_players, self.rules.cards_per_player
        self.hands = [[] for _ in range(n)]
        for i in range(n * k):
            self.hands[(first + i) % n].append(cards[i])
        self.stock = cards[n * k:]
        self.table = ()
        self.opened = [False] * n
        self.known_jokers = [0] * n
        self.starter = first
        self.deal += 1
        self._acting = (first,)
        self._cache = None
        if self._sink is not None:
            self._emit_deal()

    def _emit_deal(self) -> None:
        sink = self._sink
        assert sink is not None
        sink.append(ev.DealStarted(deal=self.deal, first_player=self.starter,
                                   hand_sizes=tuple(map(len, self.hands)), stock_size=len(self.stock)))
        for seat, hand in enumerate(self.hands):
            sink.append(ev.CardsDealt(seat=seat, cards=tuple(hand), private_to=seat))

    # -- scores -------------------------------------------------------------------------
    @property
    def scores(self) -> tuple[int, ...]:
        """Penalty totals per seat (single-deal mode: the winners' scores once over, MV-09)."""
        if self.final_scores is not None:
            return self.final_scores
        if self.rules.mode == "single_deal":
            return (0,) * self.num_players
        return tuple(self.totals)

    @property
    def result(self) -> Result | None:
        """Winners (lowest total; single deal: the deal winners), ranking, scores, returns."""
        if self._acting:
            return None
        n = self.num_players
        if self.rules.mode == "single_deal":
            winners = self.last_winners
            key = [(0 if s in winners else 1, self.last_points[s] if self.last_points else 0) for s in range(n)]
        else:
            winners = session_winners(self.totals)
            key = [(t, 0) for t in self.totals]
        ranks = sorted(set(key))
        ranking = tuple(tuple(s for s in range(n) if key[s] == r) for r in ranks)
        return Result(winners=winners, ranking=ranking, scores=self.scores,
                      returns=tuple(1.0 if s in winners else 0.0 for s in range(n)))

    # -- moves --------------------------------------------------------------------------
    def _legal(self, seat: int) -> tuple[Move, ...]:
        cached = self._cache
        if cached is None:
            moves: list[Move] = [DRAW] if self.stock else []
            moves.append(FORFEIT)
            moves.extend(listed_plays(self.table, self.hands[seat], self.rules, opened=self.opened[seat]))
            cached = self._cache = tuple(moves)
        return cached

    def _check(self, move: Move, seat: int) -> None:
        cached = self._cache
        if cached is not None and any(move is m for m in cached):
            return
        if isinstance(move, Play):
            problems = self.play_problems(move, seat)
            if problems:
                text = describe_problems(problems, move.table, base=1).replace("\n", "; ")
                raise IllegalMoveError(text, move=move, seat=seat)
        elif isinstance(move, Draw):
            if not self.stock:
                raise IllegalMoveError("the stock is empty: play or forfeit", move=move, seat=seat)
        elif not isinstance(move, Forfeit):
            raise IllegalMoveError(f"not a Machiavelli move: {move!r}", move=move, seat=seat)

    def play_problems(self, move: Play, seat: int | None = None) -> tuple[tuple[int, str], ...]:
        """Everything wrong with ``move`` for ``seat`` now (see :func:`~naipes.machiavelli.legality.play_problems`).

        Melds are indexed from 0 in ``move.table``; ``-1`` is the play as a whole.
        """
        if seat is None:
            seat = self._seat(move, None)
        return play_problems(self.table, self.hands[seat], move.table, move.cards, self.rules,
                             opened=self.opened[seat])

    def _apply(self, move: Move, seat: int) -> None:
        cached = self._cache
        listed = cached is not None and any(move is m for m in cached)
        self._cache = None
        if not self.announced:
            self.announced = True
            if self._sink is not None:
                if self.cut:
                    self._emit(ev.DeckCut(rounds=self.cut, first_player=self.starter))
                self._emit_deal()
        if isinstance(move, Play):
            self._apply_play(move, seat, canonical=listed)
        elif isinstance(move, Draw):
            self._draw(seat, 1, penalty=False)
            self._end_turn(seat)
        else:
            assert isinstance(move, Forfeit)
            count = min(self.rules.penalty_cards, len(self.stock))
            if self._sink is not None:
                self._emit(ev.TurnFailed(seat=seat, reason=move.reason.value, penalty_cards=count))
            self._draw(seat, count, penalty=True)
            self._end_turn(seat)

    def _apply_play(self, move: Play, seat: int, *, canonical: bool = False) -> None:
        hand = self.hands[seat]
        for card in move.cards:
            hand.remove(card)
        before = sum(len(m.jokers) for m in self.table)
        after = sum(len(m.jokers) for m in move.table)
        played_jokers = move.cards.count(JOKER)
        taken = before + played_jokers - after
        if taken:
            hand.extend([JOKER] * taken)
        self.known_jokers[seat] = max(0, self.known_jokers[seat] - played_jokers) + taken
        if canonical:  # a listed play: its melds are canonical already
            self.table = move.table
        else:
            old = {id(m) for m in self.table}
            self.table = tuple(m if id(m) in old else m.normalized() for m in move.table)
        self.opened[seat] = True
        if self._sink is not None:
            self._emit(ev.PlayMade(seat=seat, cards=move.cards, table=self.table, jokers_taken=taken,
                                   hand_size=len(hand)))
        if not hand:
            self._end_deal(went_out=seat)
        else:
            self._acting = ((seat + 1) % self.num_players,)

    def _draw(self, seat: int, count: int, *, penalty: bool) -> None:
        stock = self.stock
        got = stock[:count]
        del stock[:count]
        self.hands[seat].extend(got)
        if self._sink is not None:
            self._emit(ev.DrawMade(seat=seat, count=len(got), penalty=penalty, hand_size=len(self.hands[seat]),
                                   stock_size=len(stock)))
            for card in got:
                self._emit(ev.CardDrawn(seat=seat, card=card, private_to=seat))

    def _end_turn(self, seat: int) -> None:
        if not self.stock:
            self._end_deal(went_out=None)
        else:
            self._acting = ((seat + 1) % self.num_players,)

    # -- end of a deal ------------------------------------------------------------------
    def _end_deal(self, went_out: int | None) -> None:
        winners, points = deal_outcome(self.hands, self.rules, went_out)
        self.last_winners, self.last_points = winners, points
        sink = self._sink
        if sink is not None:
            sink.append(ev.DealWon(deal=self.deal, winners=winners, went_out=went_out is not None,
                                   hands=tuple(tuple(h) for h in self.hands), points=points))
        if self.rules.mode == "single_deal":
            self.final_scores = single_deal_scores(winners, points)
            self._finish(winners)
            return
        self.totals = [t + p for t, p in zip(self.totals, points)]
        if sink is not None:
            sink.append(ev.ScoresUpdated(points=points, totals=tuple(self.totals)))
        if session_over(self.totals, self.rules):
            self._finish(session_winners(self.totals))
        else:
            self._deal(next_starter(self.starter, winners, self.num_players, self.rules))

    def _finish(self, winners: tuple[int, ...]) -> None:
        self._acting = ()
        if self._sink is not None:
            if self.final_scores is not None:
                self._emit(ev.ScoresUpdated(points=self.last_points, totals=self.final_scores))
            self._emit(ev.SessionEnded(winners=winners, scores=self.scores))

    # -- zones, views, clones -----------------------------------------------------------
    def zones(self) -> dict[str, tuple[Card, ...]]:
        """Every card in play: each hand, the stock and the table (jokers as ``JK``)."""
        z = {f"hand{s}": tuple(h) for s, h in enumerate(self.hands)}
        z["stock"] = tuple(self.stock)
        z["table"] = tuple(c for m in self.table for c in m.physical)
        return z

    def _view(self, seat: int) -> View:
        return View(seat=seat, hand=tuple(self.hands[seat]), scores=self.scores, to_act=self.to_act,
                    legal_moves=self.legal_moves(seat), rules=self.rules, table=self.table,
                    hand_sizes=tuple(map(len, self.hands)), stock_size=len(self.stock),
                    totals=tuple(self.totals), opened=tuple(self.opened),
                    known_jokers=tuple(self.known_jokers), starter=self.starter, deal=self.deal,
                    out_of_play=self.out, last_winners=self.last_winners, last_points=self.last_points,
                    cut=self.cut, known=(JOKER,) * sum(self.known_jokers))

    def _clone_into(self, new: Game) -> None:
        new.hands = [h.copy() for h in self.hands]
        new.stock = self.stock.copy()
        new.table = self.table
        new.totals = self.totals.copy()
        new.opened = self.opened.copy()
        new.known_jokers = self.known_jokers.copy()
        new.starter = self.starter
        new.deal = self.deal
        new.out = self.out
        new.orders = self.orders.copy()
        new.last_winners = self.last_winners
        new.last_points = self.last_points
        new.final_scores = self.final_scores
        new.cut = self.cut
        new.announced = self.announced
        new._cache = self._cache

    def _state_dict(self) -> dict[str, Any]:
        def cs(cards: Sequence[Card]) -> list[str]:
            return [str(c) for c in cards]
        return {
            "hands": [cs(h) for h in self.hands], "stock": cs(self.stock), "table": format_table(self.table),
            "totals": list(self.totals), "opened": list(self.opened), "known_jokers": list(self.known_jokers),
            "starter": self.starter, "deal": self.deal, "out": cs(self.out),
            "orders": [cs(o) for o in self.orders], "last_winners": list(self.last_winners),
            "last_points": list(self.last_points),
            "final_scores": None if self.final_scores is None else list(self.final_scores),
            "cut": [[[s, str(c)] for s, c in r] for r in self.cut],
            "announced": self.announced,
        }

    def _load_state(self, state: Mapping[str, Any]) -> None:
        def cl(xs: Sequence[str]) -> list[Card]:
            return [Card.parse(x) for x in xs]
        n = self.num_players
        self.hands = [cl(h) for h in state["hands"]]
        if len(self.hands) != n:
            raise InvalidStateError(f"{len(self.hands)} hands for {n} players")
        self.stock = cl(state["stock"])
        self.table = parse_table(state["table"])
        self.totals = [int(t) for t in state["totals"]]
        self.opened = [bool(o) for o in state["opened"]]
        self.known_jokers = [int(k) for k in state["known_jokers"]]
        self.starter = int(state["starter"])
        self.deal = int(state["deal"])
        self.out = tuple(cl(state["out"]))
        self.orders = [tuple(cl(o)) for o in state["orders"]]
        self.last_winners = tuple(int(s) for s in state["last_winners"])
        self.last_points = tuple(int(p) for p in state["last_points"])
        final = state["final_scores"]
        self.final_scores = None if final is None else tuple(int(x) for x in final)
        self.cut = tuple(tuple((int(s), Card.parse(c)) for s, c in r) for r in state["cut"])
        self.announced = bool(state.get("announced", True))
        self._cache = None

    # -- positions ----------------------------------------------------------------------
    @classmethod
    def from_position(cls, rules: Rules | None = None, *, hands: Sequence[CardsArg],
                      table: Sequence[Meld] | str = (), stock: CardsArg = (), to_act: int = 0,
                      starter: int | None = None, totals: Sequence[int] | None = None,
                      opened: Sequence[bool] | None = None, known_jokers: Sequence[int] | None = None,
                      deal: int = 1, seed: int | None = None, rng: random.Random | None = None) -> Game:
        """A game at an explicit position (cards in no zone are out of play).

        Args:
            rules: the variant rules; ``players`` must match ``len(hands)``.
            hands: each seat's hand (cards or notation), in the order received.
            table: the melds on the table (notation like ``"[4S 5S 6S] [8H 8D 8C]"``).
            stock: the stock, top first (may be empty: then only plays and
                forfeits remain, and the deal ends at the next forfeit).
            to_act: the seat to play now.
            starter: the first player of this deal (default ``to_act``).
            totals: penalty totals so far (default zeros).
            opened: who has made his opening play (default: everybody when
                ``rules.initial_meld_min`` is 0, else nobody).
            known_jokers: jokers publicly known to be in each hand (swapped back, MV-12).
            deal: the number of this deal.
            seed: seed of the generator for later deals.
            rng: the generator itself.

        Raises:
            InvalidStateError: for an impossible position (an invalid table,
                more copies of a card than the decks have, an empty hand...).

        >>> g = Game.from_position(Rules(players=2), hands=["7H 7D JS 2C", "KD"],
        ...                        table="[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]", stock="KH")
        >>> g.play("play 7H 7D JS: [4S 5S 6S] [8S 9S 10S] [7S 7H 7D] [JH JD JC JS]")
        >>> g.view(0).hand, g.to_act
        ((Card.parse('2C'),), (1,))
        """
        rules = rules or Rules(players=len(hands))
        game = object.__new__(cls)
        game._init_base(rules, seed=seed, rng=rng, start={})
        n = game.num_players = rules.players
        if len(hands) != n:
            raise InvalidStateError(f"{len(hands)} hands for {n} players (rules.players)")
        game._empty_zones()
        game.hands = [_cards(h) for h in hands]
        game.stock = _cards(stock)
        melds = parse_table(table) if isinstance(table, str) else tuple(table)
        check_table(melds, rules)
        game.table = _normal(melds)
        game.totals = list(totals) if totals is not None else [0] * n
        game.opened = list(opened) if opened is not None else [not rules.initial_meld_min] * n
        game.known_jokers = list(known_jokers) if known_jokers is not None else [0] * n
        game.starter = to_act if starter is None else starter
        game.deal = deal
        game._check_position(to_act)
        game._acting = (to_act,)
        game._mark_position()
        return game

    @classmethod
    def _assemble(cls, view: View, hands: list[list[Card]], stock: list[Card], rng: random.Random) -> Game:
        """A game showing ``view`` to its seat, with the hidden cards given (``View.sample``)."""
        game = object.__new__(cls)
        game._init_base(view.rules, seed=None, rng=rng, start={})
        game.num_players = view.rules.players
        game._empty_zones()
        game.hands = hands
        game.stock = stock
        game.table = view.table
        game.totals = list(view.totals)
        game.opened = list(view.opened)
        game.known_jokers = list(view.known_jokers)
        game.starter = view.starter
        game.deal = view.deal
        game.out = view.out_of_play
        game.last_winners = view.last_winners
        game.last_points = view.last_points
        game.cut = view.cut
        game._acting = view.to_act
        if not view.to_act and view.rules.mode == "single_deal":
            game.final_scores = view.scores
        game._mark_position()
        return game

    def _check_position(self, to_act: int) -> None:
        n = self.num_players
        for name, seq in (("totals", self.totals), ("opened", self.opened), ("known_jokers", self.known_jokers)):
            if len(seq) != n:
                raise InvalidStateError(f"{name} needs one value per seat")
        if not (0 <= to_act < n and 0 <= self.starter < n):
            raise InvalidStateError(f"to_act and starter must be seats 0..{n - 1}")
        if any(not h for h in self.hands):
            raise InvalidStateError("an empty hand: that deal is already over")
        for s, k in enumerate(self.known_jokers):
            if k < 0 or self.hands[s].count(JOKER) < k:
                raise InvalidStateError(f"seat {s} is known to hold {k} jokers but does not")
        counts: Counter[Card] = Counter()
        for cards in self.zones().values():
            counts.update(cards)
        left = Counter(full_deck(self.rules))
        left.subtract(counts)
        too_many = sorted(str(c) for c, k in left.items() if k < 0)
        if too_many:
            raise InvalidStateError(f"more copies than the decks hold: {' '.join(too_many)}")
        self.out = tuple(left.elements())
