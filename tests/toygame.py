"""A tiny test-only game that exercises the shared base: hidden hands, a stock,
captures, and a final simultaneous window. Nothing here ships in src/."""

from __future__ import annotations

import random
from typing import Any, Mapping

import attrs

from naipes import Card, IllegalMoveError, InvalidStateError, NotationError, Result
from naipes.cards import FRENCH_SUITS
from naipes.events import Event
from naipes.game import Game, Move as BaseMove, View as BaseView

DECK = tuple(Card(r, s) for s in FRENCH_SUITS for r in range(1, 5))


@attrs.frozen(kw_only=True)
class Rules:
    players: int = 2


class Move(BaseMove):
    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Move:
        if not isinstance(text, str):
            raise NotationError(repr(text), "not a string")
        if text.startswith("bid "):
            try:
                return Bid(int(text[4:]))
            except ValueError:
                raise NotationError(text, "bad bid") from None
        return PlayCard(Card.parse(text))


@attrs.frozen
class PlayCard(Move):
    card: Card

    def __str__(self) -> str:
        return str(self.card)


@attrs.frozen
class Bid(Move):
    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@attrs.frozen(kw_only=True)
class Captured(Event):
    seat: int
    cards: tuple[Card, ...]


@attrs.frozen(kw_only=True)
class Dealt(Event):
    cards: tuple[Card, ...]


@attrs.frozen(kw_only=True)
class ToyView(BaseView):
    table: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    piles: tuple[tuple[Card, ...], ...]
    bids: tuple[int, ...]
    answered: tuple[int, ...]
    my_bid: int | None
    history: tuple[tuple[int, str], ...]
    players: int

    def sample(self, rng: random.Random) -> ToyGame:
        seen = list(self.hand) + list(self.table) + [c for p in self.piles for c in p]
        unseen = list(DECK)
        for c in seen:
            unseen.remove(c)
        rng.shuffle(unseen)
        game = ToyGame(Rules(players=self.players), seed=rng.randrange(2**31))
        game.hands = [list(self.hand) if s == self.seat else [unseen.pop() for _ in range(n)]
                      for s, n in enumerate(self.hand_sizes)]
        game.stock = [unseen.pop() for _ in range(self.stock_size)]
        game.table = list(self.table)
        game.piles = [list(p) for p in self.piles]
        game.bids = list(self.bids)
        game._history = [(s, Move.parse(m)) for s, m in self.history]
        game._acting = tuple(sorted(set(self.to_act) | set(self.answered)))
        game._simultaneous = len(game._acting) > 1 or bool(self.answered)
        game._answers = {s: (Bid(self.my_bid) if s == self.seat and self.my_bid is not None
                             else Bid(rng.randrange(2))) for s in self.answered}
        return game


class ToyGame(Game[Rules, Move, ToyView]):
    name = "toy"
    rules_type = Rules
    move_type = Move
    __slots__ = ("hands", "stock", "table", "piles", "bids", "won")

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None,
                 rng: random.Random | None = None, deck: Any = None) -> None:
        self._init_base(rules, seed=seed, rng=rng)
        self.num_players = self.rules.players
        orders = self._deck_orders(deck)
        cards = list(orders[0]) if orders else list(DECK)
        if not orders:
            self._rng.shuffle(cards)
        n = self.num_players
        self.hands = [cards[3 * s: 3 * s + 3] for s in range(n)]
        self.stock = cards[3 * n:]
        self.table: list[Card] = []
        self.piles = [[] for _ in range(n)]  # type: list[list[Card]]
        self.bids: list[int] = [0] * n
        self.won: list[Card] = []
        self._acting = (0,)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(len(p) + b for p, b in zip(self.piles, self.bids))

    @property
    def result(self) -> Result | None:
        if not self.is_over:
            return None
        sc = self.scores
        best = max(sc)
        winners = tuple(s for s in range(self.num_players) if sc[s] == best)
        ranks = sorted(set(sc), reverse=True)
        return Result(winners=winners, ranking=tuple(tuple(s for s in range(self.num_players) if sc[s] == r) for r in ranks),
                      scores=sc, returns=tuple(1.0 if s in winners else 0.0 for s in range(self.num_players)))

    def _legal(self, seat: int) -> tuple[Move, ...]:
        if self._simultaneous:
            return (Bid(0), Bid(1))
        return tuple(PlayCard(c) for c in self.hands[seat])

    def _check(self, move: Move, seat: int) -> None:
        if self._simultaneous:
            if not (isinstance(move, Bid) and move.amount in (0, 1)):
                raise IllegalMoveError("bid 0 or 1", move=move, seat=seat)
        elif not (isinstance(move, PlayCard) and move.card in self.hands[seat]):
            raise IllegalMoveError("play a card from your hand", move=move, seat=seat)

    def _apply(self, move: Move, seat: int) -> None:
        assert isinstance(move, PlayCard)
        self.hands[seat].remove(move.card)
        if self.table and self.table[-1].rank == move.card.rank:
            taken = tuple(self.table) + (move.card,)
            self.piles[seat].extend(taken)
            self.table.clear()
            if self._sink is not None:
                self._emit(Captured(seat=seat, cards=taken))
        else:
            self.table.append(move.card)
        if self.stock:
            card = self.stock.pop(0)
            self.hands[seat].append(card)
            if self._sink is not None:
                self._emit(Dealt(cards=(card,), private_to=seat))
        nxt = (seat + 1) % self.num_players
        if any(self.hands):
            while not self.hands[nxt]:
                nxt = (nxt + 1) % self.num_players
            self._acting = (nxt,)
        else:
            self._acting = tuple(range(self.num_players))
            self._simultaneous = True

    def _resolve(self, answers: tuple[tuple[int, Move], ...]) -> None:
        for seat, move in answers:
            assert isinstance(move, Bid)
            self.bids[seat] = move.amount
        self._acting = ()
        self._simultaneous = False

    def zones(self) -> dict[str, tuple[Card, ...]]:
        z = {f"hand{s}": tuple(h) for s, h in enumerate(self.hands)}
        z.update({f"pile{s}": tuple(p) for s, p in enumerate(self.piles)})
        z["stock"] = tuple(self.stock)
        z["table"] = tuple(self.table)
        return z

    def _view(self, seat: int) -> ToyView:
        return ToyView(seat=seat, hand=tuple(self.hands[seat]), scores=self.scores, to_act=self.to_act,
                       legal_moves=self.legal_moves(seat), table=tuple(self.table),
                       hand_sizes=tuple(map(len, self.hands)), stock_size=len(self.stock),
                       piles=tuple(map(tuple, self.piles)), bids=tuple(self.bids),
                       answered=tuple(sorted(self._answers)),
                       my_bid=(self._answers[seat].amount if seat in self._answers else None),  # type: ignore[attr-defined]
                       history=tuple((s, str(m)) for s, m in self._history), players=self.num_players)

    def _clone_into(self, new: ToyGame) -> None:
        new.hands = [h.copy() for h in self.hands]
        new.stock = self.stock.copy()
        new.table = self.table.copy()
        new.piles = [p.copy() for p in self.piles]
        new.bids = self.bids.copy()
        new.won = self.won.copy()

    def _state_dict(self) -> dict[str, Any]:
        cs = lambda cards: [str(c) for c in cards]  # noqa: E731
        return {"hands": [cs(h) for h in self.hands], "stock": cs(self.stock), "table": cs(self.table),
                "piles": [cs(p) for p in self.piles], "bids": list(self.bids)}

    def _load_state(self, state: Mapping[str, Any]) -> None:
        cl = lambda xs: [Card.parse(x) for x in xs]  # noqa: E731
        self.hands = [cl(h) for h in state["hands"]]
        self.stock = cl(state["stock"])
        self.table = cl(state["table"])
        self.piles = [cl(p) for p in state["piles"]]
        self.bids = list(state["bids"])
        self.won = []
        if len(self.hands) != self.num_players:
            raise InvalidStateError("wrong number of hands")


