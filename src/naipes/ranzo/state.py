"""The Ranzo engine: :class:`Game` (rounds, turns, claim windows, steals, Ranzo, payments).

A round: the dealer deals (RZ-02); in turn each player draws from the stock
(automatic) and then calls ``ranzo`` or discards (RZ-03, RZ-05). After every
turn discard the other seats answer one simultaneous claim window (RZ-06); the
winning claim (RZ-09) takes the card and its claimant calls ``ranzo`` or
discards (RZ-07, RZ-08) with no window after that discard; the rotation goes on
per RZ-10. The round ends with a Ranzo (RZ-13 payments) or when a player must
draw from an empty stock (RZ-11).

>>> game = Game(seed=7)
>>> game.to_act, len(game.legal_moves()), game.phase
((0,), 6, 'turn')
>>> game.play(game.legal_moves()[-1])
>>> game.to_act, game.phase
((1, 2, 3), 'window')
>>> for seat in (1, 2, 3):
...     game.play("pass", seat)
>>> game.to_act, game.stock_size
((1,), 26)

.. versionadded:: 0.1
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from naipes._jsonable import JSON
from naipes.cards import Card
from naipes.errors import IllegalMoveError, InvalidStateError
from naipes.game import Game as BaseGame
from naipes.ranzo import _why
from naipes.ranzo._tables import tables
from naipes.ranzo.events import (
    CardDiscarded,
    CardDrawn,
    CardsDealt,
    ClaimResolved,
    ClaimsRevealed,
    GameEnded,
    JuegoLaid,
    PointsPaid,
    RanzoCalled,
    RoundEnded,
    RoundStarted,
    TurnStarted,
)
from naipes.ranzo.moves import DISCARD_BY_ID, PASS, RANZO, TRUCO_BY_ID, Discard, Envido, Move, Pass, Truco, discard
from naipes.ranzo.result import RanzoResult, make_result
from naipes.ranzo.rules import Rules
from naipes.ranzo.scoring import pay, value_hand
from naipes.ranzo.view import View, build_view

__all__ = ["Game", "PHASES"]

TURN, WINDOW, STEAL, OVER = 0, 1, 2, 3
#: Phase names by phase number: what :attr:`Game.phase` returns.
PHASES = ("turn", "window", "steal", "over")

Juego = tuple[Card, ...]


class Game(BaseGame[Rules, Move, View]):
    """A game of Ranzo: ``Rules.num_rounds`` rounds, balances carried over.

    ``legal_moves`` lists, on a turn or after a steal: ``ranzo`` (when the
    cards split) then ``discard`` of each allowed card in hand order; in a
    claim window: ``pass``, the envidos, then the trucos.

    Args:
        rules: the rules (default: the house rules).
        seed: seed of the game's generator (``None``: fresh entropy).
        rng: the generator itself instead of a seed.
        deck: one deck order (top first) for the first round, or several for
            the first rounds; later rounds are shuffled by the generator. Every
            order holds the same distinct cards of the rules' deck.
        dealer: the first round's dealer (default: seat N-1, RZ-02).

    Raises:
        InvalidStateError: for a deck order that cannot be dealt.

    .. versionadded:: 0.1
    """

    name = "ranzo"
    rules_type = Rules
    move_type = Move

    __slots__ = ("_t", "cards", "hands", "opens", "stock", "discards", "balances", "known",
                 "_phase", "turn", "dealer", "round", "claim", "stealer", "orders", "last_window",
                 "round_log", "_can_ranzo", "_cache")

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None,
                 rng: random.Random | None = None,
                 deck: Sequence[Card] | Sequence[Sequence[Card]] | None = None,
                 dealer: int | None = None) -> None:
        start: dict[str, JSON] = {}
        orders = self._deck_orders(deck)
        if orders:
            start["deck"] = [[str(c) for c in order] for order in orders]
        if dealer is not None:
            start["dealer"] = dealer
        self._init_base(rules, seed=seed, rng=rng, start=start)
        n = self.num_players = self.rules.players
        self._t = tables(self.rules.deck)
        self.cards = self._check_orders(orders) if orders else self._t.deck
        if dealer is None:
            dealer = n - 1
        elif type(dealer) is not int or not 0 <= dealer < n:
            raise InvalidStateError(f"dealer must be a seat 0..{n - 1}, not {dealer!r}")
        self._reset(dealer=dealer, round_no=1)
        self.balances = [self.rules.starting_points] * n
        self.orders = [list(o) for o in orders]
        self._deal_round()

    def _check_orders(self, orders: tuple[tuple[Card, ...], ...]) -> tuple[Card, ...]:
        first = set(orders[0])
        for order in orders:
            if len(set(order)) != len(order):
                raise InvalidStateError("a deck order repeats a card")
            if set(order) != first:
                raise InvalidStateError("every deck order must hold the same cards")
            stray = [str(c) for c in order if c not in self._t.bit]
            if stray:
                raise InvalidStateError(f"cards not in the {self.rules.deck}-card deck: {stray}")
        if len(first) < self.num_players * self.rules.hand_size:
            raise InvalidStateError(f"{len(first)} cards cannot deal {self.num_players} hands")
        return tuple(sorted(first, key=self._t.key))

    def _reset(self, *, dealer: int, round_no: int) -> None:
        n = self.num_players
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.opens: list[list[Juego]] = [[] for _ in range(n)]
        self.known: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []
        self.discards: list[Card] = []
        self._phase = TURN
        self.turn = (dealer + 1) % n
        self.dealer = dealer
        self.round = round_no
        self.claim: Envido | Truco | None = None
        self.stealer: int | None = None
        self.last_window: tuple[tuple[int, Move], ...] = ()
        self.round_log: list[tuple[int | None, int, tuple[str, ...]]] = []
        self._can_ranzo = False
        self._cache: dict[int, tuple[Move, ...]] = {}

    # -- public state ----------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``"turn"``, ``"window"`` (claims being answered), ``"steal"`` or ``"over"``."""
        return PHASES[self._phase]

    @property
    def scores(self) -> tuple[int, ...]:
        """The balance of every seat (RZ-13, RZ-14)."""
        return tuple(self.balances)

    @property
    def team_totals(self) -> tuple[int, ...] | None:
        """With ``Rules.teams``: the total of seats 0+2 and of 1+3 (RZ-16); else ``None``."""
        if not self.rules.teams:
            return None
        b = self.balances
        return (b[0] + b[2], b[1] + b[3])

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Seats 0+2 and 1+3 in the team variant, else each seat alone."""
        if self.rules.teams:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.num_players))

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self.stock)

    @property
    def result(self) -> RanzoResult | None:
        """The final balances and ranking, or ``None`` while the game runs."""
        if self._acting:
            return None
        return make_result(self.rules, tuple(self.balances))

    def zones(self) -> dict[str, tuple[Card, ...]]:
        """Every card in play: hands, open juegos, discards, stock."""
        z = {f"hand{s}": tuple(h) for s, h in enumerate(self.hands)}
        z.update({f"open{s}": tuple(c for j in o for c in j) for s, o in enumerate(self.opens)})
        z["discards"] = tuple(self.discards)
        z["stock"] = tuple(self.stock)
        return z

    # -- the round's automatic steps ----------------------------------------------------
    def _deal_round(self) -> None:
        n, size = self.num_players, self.rules.hand_size
        if self.orders:
            order = self.orders.pop(0)
        else:
            order = list(self.cards)
            self._rng.shuffle(order)
        first = (self.dealer + 1) % n
        hands = self.hands
        for k in range(n * size):
            hands[(first + k) % n].append(order[k])
        self.stock = order[n * size:]
        if self._sink is not None:
            self._sink.append(RoundStarted(round=self.round, dealer=self.dealer,
                                           stock_size=len(self.stock), balances=tuple(self.balances)))
            for s in range(n):
                self._sink.append(CardsDealt(seat=s, cards=tuple(hands[s]), private_to=s))
        self._start_turn(first)

    def _start_turn(self, seat: int) -> None:
        """Draw for ``seat`` (RZ-03), or end the round when the stock is empty (RZ-11)."""
        if not self.stock:
            self._end_round(None, 0, ())
            return
        card = self.stock.pop(0)
        hand = self.hands[seat]
        hand.append(card)
        self._phase = TURN
        self.turn = seat
        self.claim = None
        self.stealer = None
        self._acting = (seat,)
        self._simultaneous = False
        self._cache = {}
        self._can_ranzo = self._t.can_split(self._t.mask(hand))
        if self._sink is not None:
            self._sink.append(TurnStarted(seat=seat, stock_size=len(self.stock)))
            self._sink.append(CardDrawn(seat=seat, card=card, private_to=seat))

    def _take_from_hand(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        del hand[list(map(id, hand)).index(id(card))]
        known = self.known[seat]
        if known:
            ids = list(map(id, known))
            if id(card) in ids:
                del known[ids.index(id(card))]

    def _ranzo(self, seat: int, from_claim: bool) -> None:
        rules = self.rules
        hv = value_hand(rules, self.opens[seat], self.hands[seat])
        assert hv is not None, "a Ranzo that cannot be split"
        n = self.num_players
        culprits = (self.turn,) if from_claim else tuple((seat + i) % n for i in range(1, n))
        payments = pay(hv.value, winner=seat, culprits=culprits, balances=self.balances)
        for culprit, _, paid in payments:
            self.balances[culprit] -= paid
            self.balances[seat] += paid
        if self._sink is not None:
            self._sink.append(RanzoCalled(seat=seat, split=hv.split, value=hv.value,
                                          specials=hv.specials, from_claim=from_claim))
            self._sink.append(PointsPaid(winner=seat, payments=payments, balances=tuple(self.balances)))
        self._end_round(seat, hv.value, hv.specials)

    def _end_round(self, winner: int | None, value: int, specials: tuple[str, ...]) -> None:
        self.round_log.append((winner, value, specials))
        if self._sink is not None:
            self._sink.append(RoundEnded(round=self.round, winner=winner, value=value,
                                         balances=tuple(self.balances)))
        self._cache = {}
        self.claim = None
        self.stealer = None
        if self.round >= self.rules.num_rounds:
            self._phase = OVER
            self._acting = ()
            self._simultaneous = False
            if self._sink is not None:
                res = make_result(self.rules, tuple(self.balances))
                self._sink.append(GameEnded(balances=res.balances, ranking=res.ranking,
                                            team_totals=res.team_totals))
            return
        n = self.num_players
        log, balances = self.round_log, self.balances
        self._reset(dealer=(self.dealer + 1) % n, round_no=self.round + 1)
        self.round_log, self.balances = log, balances
        self._deal_round()

    # -- moves --------------------------------------------------------------------------
    def _legal(self, seat: int) -> tuple[Move, ...]:
        moves = self._cache.get(seat)
        if moves is not None:
            return moves
        phase = self._phase
        if phase == WINDOW:
            moves = self._claims(seat)
        elif phase == TURN:
            by_id = DISCARD_BY_ID
            moves = tuple([by_id[id(c)] for c in self.hands[seat]])
            if self._can_ranzo:
                moves = (RANZO, *moves)
        elif phase == STEAL:
            moves = self._steal_moves(seat)
        else:
            moves = ()
        self._cache[seat] = moves
        return moves

    def _claims(self, seat: int) -> tuple[Move, ...]:
        d = self.discards[-1]
        hand = self.hands[seat]
        ids = set(map(id, hand))
        moves: list[Move] = [PASS]
        for ia, ib, move in self._t.envidos[id(d)]:
            if ia in ids and ib in ids:
                moves.append(move)
        r = d.rank
        by_id = TRUCO_BY_ID
        moves.extend([by_id[id(c)] for c in hand if c.rank > r])
        return tuple(moves)

    def _steal_moves(self, seat: int) -> tuple[Move, ...]:
        claim = self.claim
        if isinstance(claim, Truco):
            moves: tuple[Move, ...] = (discard(claim.card),)
        else:
            assert claim is not None
            skip = {id(claim.a), id(claim.b), id(self.hands[seat][-1])}
            moves = tuple([DISCARD_BY_ID[id(c)] for c in self.hands[seat] if id(c) not in skip])
        return (RANZO, *moves) if self._can_ranzo else moves

    def _check(self, move: Move, seat: int) -> None:
        legal = self._legal(seat)
        for m in legal:
            if m is move:
                return
        if move in legal:
            return
        raise IllegalMoveError(_why.reason(self, move, seat), move=move, seat=seat)

    def _apply(self, move: Move, seat: int) -> None:
        if type(move) is Discard:
            if self._phase == TURN:
                self._turn_discard(seat, move.card)
            else:
                self._steal_discard(seat, move.card)
        else:
            self._ranzo(seat, from_claim=self._phase == STEAL)

    def _turn_discard(self, seat: int, card: Card) -> None:
        self._take_from_hand(seat, card)
        self.discards.append(card)
        self._phase = WINDOW
        n = self.num_players
        self._acting = tuple(s for s in range(n) if s != seat)
        self._simultaneous = True
        self._cache = {}
        if self._sink is not None:
            self._sink.append(CardDiscarded(seat=seat, card=card, claimable=True,
                                            discards=len(self.discards)))

    def _steal_discard(self, seat: int, card: Card) -> None:
        claim = self.claim
        if isinstance(claim, Envido):
            juego = self._lay(seat, claim)
            if self._sink is not None:
                self._sink.append(JuegoLaid(seat=seat, juego=juego, open_juegos=tuple(self.opens[seat])))
        self._take_from_hand(seat, card)
        self.discards.append(card)
        if self._sink is not None:
            self._sink.append(CardDiscarded(seat=seat, card=card, claimable=False,
                                            discards=len(self.discards)))
        n = self.num_players
        after = self.turn if self.rules.after_steal_next == "after_discarder" else seat
        self._start_turn((after + 1) % n)

    def _lay(self, seat: int, claim: Envido) -> Juego:
        stolen = self.hands[seat][-1]
        juego = tuple(sorted((claim.a, claim.b, stolen), key=self._t.key))
        for c in juego:
            self._take_from_hand(seat, c)
        self.opens[seat].append(juego)
        return juego

    # -- the claim window ---------------------------------------------------------------
    def _resolve(self, answers: tuple[tuple[int, Move], ...]) -> None:
        card = self.discards[-1]
        self.last_window = answers
        found = None
        for _, m in answers:
            if type(m) is not Pass:
                found = self._winner(answers)
                break
        if self._sink is not None:
            shown = tuple((s, m.card) for s, m in answers if type(m) is Truco)
            self._sink.append(ClaimsRevealed(discarder=self.turn, card=card,
                                             answers=tuple((s, str(m)) for s, m in answers)))
            self._sink.append(ClaimResolved(winner=found[0] if found else None,
                                            claim=str(found[1]) if found else None,
                                            card=card, shown=shown))
        if found is None:
            self._start_turn((self.turn + 1) % self.num_players)
            return
        self._steal(*found)

    def _make_known(self, seat: int, cards: Sequence[Card]) -> None:
        known = self.known[seat]
        for c in cards:
            if id(c) not in map(id, known):
                known.append(c)

    def _winner(self, answers: tuple[tuple[int, Move], ...]) -> tuple[int, Envido | Truco] | None:
        """RZ-09: envido before truco, the nearest envido, the highest truco, ties to the nearest.

        Every claim is revealed: its named cards become known cards of the claimant.
        """
        d, n = self.turn, self.num_players
        best: tuple[tuple[int, ...], int, Envido | Truco] | None = None
        beats = self.rules.envido_beats_truco
        key: tuple[int, ...]
        for s, m in answers:
            dist = (s - d) % n
            if type(m) is Envido:
                self._make_known(s, (m.a, m.b))
                key = (0, dist) if beats else (dist,)
            elif type(m) is Truco:
                self._make_known(s, (m.card,))
                key = (1, -m.card.rank, dist) if beats else (dist,)
            else:
                continue
            if best is None or key < best[0]:
                best = (key, s, m)
        return None if best is None else (best[1], best[2])

    def _steal(self, seat: int, claim: Envido | Truco) -> None:
        card = self.discards.pop()
        self.hands[seat].append(card)
        self._make_known(seat, (card,))
        self._phase = STEAL
        self.claim = claim
        self.stealer = seat
        self._acting = (seat,)
        self._simultaneous = False
        self._cache = {}
        self._can_ranzo = self._t.can_split(self._t.mask(self.hands[seat]))
        if type(claim) is Envido and len(self.hands[seat]) == 3:
            self._ranzo(seat, from_claim=True)  # RZ-07: the Ranzo is called with the claim
        elif type(claim) is Truco and not self._can_ranzo:
            self._steal_discard(seat, claim.card)  # RZ-08: the shown card, nothing else

    # -- views, clones, dicts -------------------------------------------------------------
    def _view(self, seat: int) -> View:
        return build_view(self, seat)

    def _clone_into(self, new: Game) -> None:
        new._t = self._t
        new.cards = self.cards
        new.hands = [h.copy() for h in self.hands]
        new.opens = [o.copy() for o in self.opens]
        new.known = [k.copy() for k in self.known]
        new.stock = self.stock.copy()
        new.discards = self.discards.copy()
        new.balances = self.balances.copy()
        new._phase = self._phase
        new.turn = self.turn
        new.dealer = self.dealer
        new.round = self.round
        new.claim = self.claim
        new.stealer = self.stealer
        new.orders = [o.copy() for o in self.orders]
        new.last_window = self.last_window
        new.round_log = self.round_log.copy()
        new._can_ranzo = self._can_ranzo
        new._cache = {}

    def _state_dict(self) -> dict[str, JSON]:
        from naipes.ranzo.position import state_dict
        return state_dict(self)

    def _load_state(self, state: Mapping[str, Any]) -> None:
        from naipes.ranzo.position import load_state
        load_state(self, state)

    @classmethod
    def from_position(cls, rules: Rules | None = None, *,
                      hands: Sequence[Sequence[Card | str] | str],
                      stock: Sequence[Card | str] | str = (),
                      discards: Sequence[Card | str] | str = (),
                      open_juegos: Sequence[Sequence[Sequence[Card | str] | str]] | None = None,
                      known: Sequence[Sequence[Card | str] | str] | None = None,
                      balances: Sequence[int] | None = None,
                      dealer: int | None = None, round: int = 1, turn: int | None = None,
                      window: bool = False, seed: int | None = None,
                      rng: random.Random | None = None) -> Game:
        """A game from an explicit position (tests, puzzles, analysis).

        Cards not named in any zone are out of play; later rounds shuffle the
        cards in play.

        Args:
            rules: the rules.
            hands: every seat's concealed cards, in the order received (a
                string of cards or a sequence).
            stock: the stock, top first.
            discards: the dead discard pile, oldest first.
            open_juegos: every seat's open juegos (default: none).
            known: per seat, concealed cards the other seats know of (shown
                truco cards, stolen discards).
            balances: per seat (default: ``Rules.starting_points``).
            dealer: this round's dealer (default N-1).
            round: this round's number, 1 to ``Rules.num_rounds``.
            turn: the seat whose turn it is (default: the dealer's right). If
                it holds the hand size it draws now; with one card more it has
                drawn and decides.
            window: the last discard was just discarded by ``turn`` and the
                other seats answer the claim window now.
            seed: seed for later rounds' shuffles.
            rng: the generator itself instead of a seed.

        Raises:
            InvalidStateError: for an impossible position.
        """
        from naipes.ranzo.position import build_position
        return build_position(cls, rules, hands=hands, stock=stock, discards=discards,
                              open_juegos=open_juegos, known=known, balances=balances,
                              dealer=dealer, round_no=round, turn=turn, window=window,
                              seed=seed, rng=rng)
