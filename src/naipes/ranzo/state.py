"""The Ranzo engine: :class:`Game` (hands, turns, claim windows, steals, Ranzo, payments).

A hand (a "round" of the rules): the dealer deals (RZ-02); in turn each player
draws from the stock (automatic) and then calls ``ranzo`` or discards (RZ-03,
RZ-05). After every turn discard the other seats answer one simultaneous claim
window (RZ-06); the winning claim (RZ-09) takes the card and its claimant calls
``ranzo`` or discards (RZ-07, RZ-08) with no window after that discard; the
rotation goes on per RZ-10. The hand ends with a Ranzo (RZ-13 payments) or when
a player must draw from an empty stock (RZ-11).

>>> game = Game(seed=7)
>>> game.to_act, len(game.legal_moves()), game.phase
((0,), 6, <Phase.PLAY: 'play'>)
>>> game.play(game.legal_moves()[-1])
>>> game.to_act, game.phase
((1, 2, 3), <Phase.WINDOW: 'window'>)
>>> for seat in (1, 2, 3):
...     game.play("pass", seat)
>>> game.to_act, game.stock_size
((1,), 26)

.. versionadded:: 0.1
.. versionchanged:: 1.0
   Read-only public state, :class:`Phase`, ``hand_number`` and ``hand_log``
   (0.1's ``round`` and ``round_log``), the opening deal in ``opening_events``.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from naipes._jsonable import JSON
from naipes.cards import Card
from naipes.errors import InvalidStateError
from naipes.game import Game as BaseGame
from naipes.ranzo import _replay, legality, position
from naipes.ranzo import events as ev
from naipes.ranzo._phase import OVER, STEAL, TURN, WINDOW, Phase
from naipes.ranzo._tables import tables
from naipes.ranzo._window import announce_window, claims, winner
from naipes.ranzo.moves import (
    _PARSED,
    DISCARD_BY_ID,
    RANZO,
    Discard,
    Envido,
    Move,
    Pass,
    Truco,
    discard,
    short_forms,
)
from naipes.ranzo.rules import Rules
from naipes.ranzo.scoring import Result, make_result, pay, value_hand
from naipes.ranzo.view import HandRecord, View, build_view

__all__ = ["Game", "Phase"]

Juego = tuple[Card, ...]


class Game(BaseGame[Rules, Move, View]):
    """A game of Ranzo: ``Rules.num_rounds`` hands, balances carried over.

    ``legal_moves`` lists, on a turn or after a steal: ``ranzo`` (when the
    cards split) then ``discard`` of each allowed card in hand order; in a
    claim window: ``pass``, the envidos, then the trucos.

    Every public attribute is read-only and holds tuples.

    Args:
        rules: the rules (default: the house rules).
        seed: seed of the game's generator (``None``: fresh entropy).
        rng: the generator itself instead of a seed.
        deck: one deck order (top first) for the first hand, or several for
            the first hands; later hands are shuffled by the generator. Every
            order holds the same distinct cards of the rules' deck.
        dealer: the first hand's dealer (default: seat N-1, RZ-02).

    Raises:
        InvalidStateError: for a deck order that cannot be dealt (code
            ``bad_deck``) or a dealer that is not a seat (``bad_dealer``).

    .. versionadded:: 0.1
    """

    name = "ranzo"
    rules_type = Rules
    move_type = Move

    _shared = ("_t",)  # the juego tables of the deck: module-level, never pickled
    _lazy_opening = True  # seeded games build their opening events when read (a fifth of a new game)
    __slots__ = ("_t", "_cards", "_hands", "_opens", "_stock", "_discards", "_balances", "_known",
                 "_phase", "_turn", "_dealer", "_hand_no", "_claim", "_stealer", "_orders",
                 "_last_window", "_hand_log", "_can_ranzo", "_cache", "_known_bits", "_pops", "_laid")

    _cards: tuple[Card, ...]
    _can_ranzo: bool | None
    _balances: list[int]
    _orders: list[list[Card]]
    _hand_log: list[HandRecord]

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
        self._cards = self._check_orders(orders) if orders else self._t.deck
        if dealer is None:
            dealer = n - 1
        elif type(dealer) is not int or not 0 <= dealer < n:
            raise InvalidStateError(f"dealer must be a seat 0..{n - 1}, not {dealer!r}", code="bad_dealer",
                                    rule="RZ-02")
        self._reset(dealer=dealer, hand_no=1)
        self._balances = [self.rules.starting_points] * n
        self._orders = [list(o) for o in orders]
        self._hand_log = []
        self._deal_hand()

    def _check_orders(self, orders: tuple[tuple[Card, ...], ...]) -> tuple[Card, ...]:
        first = set(orders[0])
        for order in orders:
            if len(set(order)) != len(order):
                raise InvalidStateError("a deck order repeats a card", code="bad_deck", rule="RZ-01")
            if set(order) != first:
                raise InvalidStateError("every deck order must hold the same cards", code="bad_deck",
                                        rule="RZ-01")
            stray = [str(c) for c in order if c not in self._t.bit]
            if stray:
                raise InvalidStateError(f"cards not in the {self.rules.deck}-card deck: {stray}",
                                        code="bad_deck", rule="RZ-01")
        if len(first) < self.num_players * self.rules.hand_size:
            raise InvalidStateError(f"{len(first)} cards cannot deal {self.num_players} hands",
                                    code="bad_deck", rule="RZ-01")
        return tuple(sorted(first, key=self._t.key))

    def _reset(self, *, dealer: int, hand_no: int) -> None:
        """Empty the table for hand ``hand_no`` (balances, orders and the log stay)."""
        n = self.num_players
        self._hands: list[list[Card]] = [[] for _ in range(n)]
        self._opens: list[list[Juego]] = [[] for _ in range(n)]
        self._known: list[list[Card]] = [[] for _ in range(n)]
        #: each seat's known cards as a mask of ``_t.bit_id`` bits, kept with ``_known``
        self._known_bits: list[int] = [0] * n
        self._stock: list[Card] = []
        self._discards: list[Card] = []
        #: discards taken back (steals) from this ``_discards`` list: it changes only by append
        #: and by these pops, so an observer that saw it at ``k`` pops and length ``L`` knows its
        #: first ``L - (pops - k)`` cards are unchanged (the trackers read it)
        self._pops = 0
        #: juegos laid into this ``_opens`` list of lists (they only grow by these appends)
        self._laid = 0
        self._phase = TURN
        self._turn = (dealer + 1) % n
        self._dealer = dealer
        self._hand_no = hand_no
        self._claim: Envido | Truco | None = None
        self._stealer: int | None = None
        self._last_window: tuple[tuple[int, Move], ...] = ()
        #: whether the seat to move (on a turn or a steal) can call Ranzo; ``None``: not
        #: worked out yet (:meth:`_ranzo_ok` does, when a listing or a steal needs it)
        self._can_ranzo: bool | None = False
        self._cache: dict[int, tuple[Move, ...]] = {}

    # -- public state (read-only) ----------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """What the game waits for (:class:`Phase`)."""
        return self._phase

    @property
    def scores(self) -> tuple[int, ...]:
        """The running score of every side of :attr:`sides` (RZ-13, RZ-14, RZ-16).

        Each seat's balance, or with ``Rules.teams`` the two team totals (seats
        0+2, then 1+3), as in ``Result.scores``.

        .. versionchanged:: 1.2
           Per side in the team variant too (1.1 gave the four balances there:
           they are :attr:`balances`).
        """
        if self.rules.teams:
            b = self._balances
            return (b[0] + b[2], b[1] + b[3])
        return tuple(self._balances)

    @property
    def balances(self) -> tuple[int, ...]:
        """The balance of every seat (without teams, the same as :attr:`scores`)."""
        return tuple(self._balances)

    @property
    def team_totals(self) -> tuple[int, ...] | None:
        """With ``Rules.teams``: the total of seats 0+2 and of 1+3 (RZ-16); else ``None``."""
        if not self.rules.teams:
            return None
        b = self._balances
        return (b[0] + b[2], b[1] + b[3])

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Seats 0+2 and 1+3 in the team variant, else each seat alone."""
        if self.rules.teams:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.num_players))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in play (the whole deck in a normal game), canonical order."""
        return self._cards

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's concealed cards, in the order received."""
        return tuple([tuple(h) for h in self._hands])

    @property
    def opens(self) -> tuple[tuple[Juego, ...], ...]:
        """Every seat's open juegos, in the order laid."""
        return tuple([tuple(o) for o in self._opens])

    @property
    def known(self) -> tuple[tuple[Card, ...], ...]:
        """Per seat, its concealed cards that everybody knows (shown, named, stolen)."""
        return tuple([tuple(k) for k in self._known])

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top first."""
        return tuple(self._stock)

    @property
    def stock_size(self) -> int:
        """Cards left in the stock."""
        return len(self._stock)

    @property
    def discards(self) -> tuple[Card, ...]:
        """The discard pile, oldest first (in a window the last card is under claim)."""
        return tuple(self._discards)

    @property
    def orders(self) -> tuple[tuple[Card, ...], ...]:
        """The ``deck=`` orders not dealt yet."""
        return tuple([tuple(o) for o in self._orders])

    @property
    def turn(self) -> int:
        """The seat whose turn it is (in a window or steal: the discarder)."""
        return self._turn

    @property
    def dealer(self) -> int:
        """This hand's dealer."""
        return self._dealer

    @property
    def hand_number(self) -> int:
        """This hand's number, from 1 to ``Rules.num_rounds``."""
        return self._hand_no

    @property
    def claim(self) -> Envido | Truco | None:
        """The winning claim while its winner plays (steal phase), else ``None``."""
        return self._claim

    @property
    def stealer(self) -> int | None:
        """Who won the claim, in the steal phase, else ``None``."""
        return self._stealer

    @property
    def last_window(self) -> tuple[tuple[int, Move], ...]:
        """The answers of the last resolved window of this hand, ``(seat, move)``."""
        return self._last_window

    @property
    def hand_log(self) -> tuple[HandRecord, ...]:
        """``(winner or None, value, specials, split)`` of each finished hand.

        ``split`` is the winning split the Ranzo showed (``()`` without a winner).
        """
        return tuple(self._hand_log)

    @property
    def result(self) -> Result | None:
        """The final balances and ranking, or ``None`` while the game runs."""
        if self._phase is not OVER:
            return None
        return make_result(self.rules, tuple(self._balances))

    def zones(self) -> dict[str, tuple[Card, ...]]:
        """Every card in play: hands, open juegos, discards, stock (a fresh dict)."""
        z = {f"hand{s}": tuple(h) for s, h in enumerate(self._hands)}
        z.update({f"open{s}": tuple(c for j in o for c in j) for s, o in enumerate(self._opens)})
        z["discards"] = tuple(self._discards)
        z["stock"] = tuple(self._stock)
        return z

    # -- the hand's automatic steps -------------------------------------------------------
    def _deal_hand(self) -> None:
        n, size = self.num_players, self.rules.hand_size
        if self._orders:
            order = self._orders.pop(0)
        else:
            order = list(self._cards)
            self._rng.shuffle(order)
        first = (self._dealer + 1) % n
        hands = self._hands
        for k in range(n * size):
            hands[(first + k) % n].append(order[k])
        self._stock = order[n * size:]
        if self._listening:
            self._announce_deal(first)
        self._start_turn(first)

    def _announce_deal(self, first: int) -> None:
        if self._wants(ev.HandStarted):
            self._emit(ev.HandStarted(hand=self._hand_no, dealer=self._dealer, first=first,
                                      stock_size=len(self._stock)))
        if self._wants(ev.CardsDealt):
            for s, hand in enumerate(self._hands):
                self._emit(ev.CardsDealt(seat=s, cards=tuple(hand), count=len(hand), private_to=s))

    def _start_turn(self, seat: int) -> None:
        """Draw for ``seat`` (RZ-03), or end the hand when the stock is empty (RZ-11)."""
        if not self._stock:
            self._end_hand(None, 0, (), ())
            return
        card = self._stock.pop(0)
        hand = self._hands[seat]
        hand.append(card)
        self._phase = TURN
        self._turn = seat
        self._claim = None
        self._stealer = None
        self._set_to_act((seat,))
        self._cache = {}
        self._can_ranzo = None
        if self._listening and self._wants(ev.CardDrawn):
            self._emit(ev.CardDrawn(seat=seat, card=card, stock_size=len(self._stock), private_to=seat))

    def _take_from_hand(self, seat: int, card: Card) -> None:
        _drop(self._hands[seat], card)
        if self._known[seat]:
            bit = self._t.bit_id[id(card)]
            if self._known_bits[seat] & bit:
                _drop(self._known[seat], card)
                self._known_bits[seat] &= ~bit

    def _ranzo(self, seat: int, from_claim: bool) -> None:
        hv = value_hand(self.rules, self._opens[seat], self._hands[seat])
        assert hv is not None, "a Ranzo that cannot be split"
        n = self.num_players
        culprits = (self._turn,) if from_claim else tuple((seat + i) % n for i in range(1, n))
        balances = self._balances
        payments = pay(hv.value, winner=seat, culprits=culprits, balances=balances)
        for culprit, _, paid in payments:
            balances[culprit] -= paid
            balances[seat] += paid
        if self._listening:
            if self._wants(ev.RanzoCalled):
                self._emit(ev.RanzoCalled(seat=seat, split=hv.split, value=hv.value,
                                          specials=hv.specials, from_claim=from_claim))
            if self._wants(ev.PointsPaid):
                self._emit(ev.PointsPaid(winner=seat, payments=payments, totals=self.scores))
        self._end_hand(seat, hv.value, hv.specials, hv.split)

    def _end_hand(self, winner: int | None, value: int, specials: tuple[str, ...],
                  split: tuple[Juego, ...]) -> None:
        self._hand_log.append((winner, value, specials, split))
        if self._listening and self._wants(ev.HandEnded):
            self._emit(ev.HandEnded(hand=self._hand_no, scores=self.scores, winner=winner,
                                    value=value, specials=specials))
        self._cache = {}
        self._claim = None
        self._stealer = None
        if self._hand_no >= self.rules.num_rounds:
            self._phase = OVER
            self._set_to_act(())
            if self._listening and self._wants(ev.GameEnded):
                self._emit(ev.GameEnded(result=make_result(self.rules, tuple(self._balances))))
            return
        self._reset(dealer=(self._dealer + 1) % self.num_players, hand_no=self._hand_no + 1)
        self._deal_hand()

    # -- moves --------------------------------------------------------------------------
    def _legal(self, seat: int) -> tuple[Move, ...]:
        moves = self._cache.get(seat)
        if moves is not None:
            return moves
        phase = self._phase
        if phase is WINDOW:
            moves = claims(self, seat)
        elif phase is TURN:
            by_id = DISCARD_BY_ID
            moves = tuple([by_id[id(c)] for c in self._hands[seat]])
            if self._ranzo_ok():
                moves = (RANZO, *moves)
        elif phase is STEAL:
            moves = self._steal_moves(seat)
        else:
            moves = ()
        self._cache[seat] = moves
        return moves

    def _steal_moves(self, seat: int) -> tuple[Move, ...]:
        claim = self._claim
        if isinstance(claim, Truco):
            moves: tuple[Move, ...] = (discard(claim.card),)
        else:
            assert claim is not None
            skip = {id(claim.a), id(claim.b), id(self._hands[seat][-1])}
            moves = tuple([DISCARD_BY_ID[id(c)] for c in self._hands[seat] if id(c) not in skip])
        return (RANZO, *moves) if self._ranzo_ok() else moves

    def _check(self, move: Move, seat: int) -> None:
        legal = self._legal(seat)
        for m in legal:
            if m is move:
                return
        if move in legal:
            return
        legality._refuse(self, move, seat)

    def _short_forms(self, text: str, seat: int) -> tuple[Move, ...]:
        """The short forms of :func:`naipes.ranzo.moves.short_forms` (a bare card in a window...)."""
        return short_forms(text, self._legal(seat), window=self._phase is WINDOW)

    def _apply(self, move: Move, seat: int) -> None:
        if type(move) is Discard:
            if self._phase is TURN:
                self._turn_discard(seat, move.card)
            else:
                self._steal_discard(seat, move.card)
        else:
            self._ranzo(seat, from_claim=self._phase is STEAL)

    def _turn_discard(self, seat: int, card: Card) -> None:
        self._take_from_hand(seat, card)
        self._discards.append(card)
        self._phase = WINDOW
        self._set_to_act(_OTHERS[self.num_players][seat], simultaneous=True)
        self._cache = {}
        if self._listening and self._wants(ev.CardDiscarded):
            self._emit(ev.CardDiscarded(seat=seat, card=card, claimable=True, discards=len(self._discards)))

    def _steal_discard(self, seat: int, card: Card) -> None:
        claim = self._claim
        if isinstance(claim, Envido):
            juego = self._lay(seat, claim)
            if self._listening and self._wants(ev.JuegoLaid):
                self._emit(ev.JuegoLaid(seat=seat, juego=juego, open_juegos=tuple(self._opens[seat])))
        self._take_from_hand(seat, card)
        self._discards.append(card)
        if self._listening and self._wants(ev.CardDiscarded):
            self._emit(ev.CardDiscarded(seat=seat, card=card, claimable=False, discards=len(self._discards)))
        after = self._turn if self.rules.after_steal_next == "after_discarder" else seat
        self._start_turn((after + 1) % self.num_players)

    def _lay(self, seat: int, claim: Envido) -> Juego:
        stolen = self._hands[seat][-1]
        juego = tuple(sorted((claim.a, claim.b, stolen), key=self._t.key))
        for c in juego:
            self._take_from_hand(seat, c)
        self._opens[seat].append(juego)
        self._laid += 1
        return juego

    # -- the claim window ---------------------------------------------------------------
    def _resolve(self, answers: tuple[tuple[int, Move], ...]) -> None:
        card = self._discards[-1]
        self._last_window = answers
        found = None
        for _, m in answers:
            if type(m) is not Pass:
                found = winner(self, answers)
                break
        if self._listening:
            announce_window(self, card, answers, found)
        if found is None:
            self._start_turn((self._turn + 1) % self.num_players)
            return
        self._steal(*found)

    def _make_known(self, seat: int, cards: Sequence[Card]) -> None:
        bits, bit_id = self._known_bits, self._t.bit_id
        for c in cards:
            b = bit_id[id(c)]
            if not bits[seat] & b:  # the mask holds exactly the known cards
                self._known[seat].append(c)
                bits[seat] |= b

    def _set_known(self, known: list[list[Card]]) -> None:
        """Replace every seat's known cards (and their masks)."""
        self._known = known
        bit = self._t.bit_id.get  # a stray card counts 0 here: the position's checks refuse it
        self._known_bits = [sum({bit(id(c), 0) for c in k}) for k in known]

    def _steal(self, seat: int, claim: Envido | Truco) -> None:
        card = self._discards.pop()
        self._pops += 1
        hand = self._hands[seat]
        hand.append(card)
        bit = self._t.bit_id[id(card)]
        if not self._known_bits[seat] & bit:  # _make_known(seat, (card,)), inlined
            self._known[seat].append(card)
            self._known_bits[seat] |= bit
        self._phase = STEAL
        self._claim = claim
        self._stealer = seat
        self._set_to_act((seat,))
        self._cache = {}
        self._can_ranzo = None
        if type(claim) is Envido and len(hand) == 3:
            self._ranzo(seat, from_claim=True)  # RZ-07: the Ranzo is called with the claim
        elif type(claim) is Truco and not self._ranzo_ok():
            self._steal_discard(seat, claim.card)  # RZ-08: the shown card, nothing else

    def _replay(self, moves: Sequence[tuple[int, Move]]) -> int | None:
        """Play a loaded history on this game (the base's hook; :func:`naipes.ranzo._replay.replay`)."""
        return _replay.replay(self, moves)

    def _ranzo_ok(self) -> bool:
        """Whether the seat to move on this turn or steal can call Ranzo (its cards split)."""
        ok = self._can_ranzo
        if ok is None:
            t = self._t
            actor = self._turn if self._phase is TURN else self._stealer
            assert actor is not None
            ok = self._can_ranzo = t.can_split(t.mask(self._hands[actor]))
        return ok

    def _refresh(self) -> None:
        """Recompute the caches after the fields were set from outside (positions, dicts, samples)."""
        self._cache = {}
        actor = self._turn if self._phase is TURN else self._stealer if self._phase is STEAL else None
        t = self._t
        self._can_ranzo = actor is not None and t.can_split(t.mask(self._hands[actor]))

    # -- views, clones, dicts -------------------------------------------------------------
    def _view(self, seat: int) -> View:
        return build_view(self, seat)

    def _share_tables(self) -> None:
        self._t = tables(self.rules.deck)

    def _clone_into(self, new: Game) -> None:
        position.clone_into(self, new)

    def _state_dict(self) -> dict[str, JSON]:
        return position.state_dict(self)

    def _load_state(self, state: Mapping[str, Any]) -> None:
        position.load_state(self, state)

    @classmethod
    def _decode_history(cls, pairs: Sequence[tuple[int, str]], version: int, field: str) -> list[tuple[int, Move]]:
        known = _PARSED.get  # the moves of canonical texts, as Move.parse returns them
        return [(s, known(text) or cls._parse_field(text, field)) for s, text in pairs]

    def _check_loaded(self, start: Game | None) -> None:
        position.check_loaded(self, start)

    @classmethod
    def from_position(cls, rules: Rules | None = None, *,
                      hands: Sequence[Sequence[Card | str] | str],
                      stock: Sequence[Card | str] | str = (),
                      discards: Sequence[Card | str] | str = (),
                      open_juegos: Sequence[Sequence[Sequence[Card | str] | str]] | None = None,
                      known: Sequence[Sequence[Card | str] | str] | None = None,
                      balances: Sequence[int] | None = None,
                      dealer: int | None = None, hand_number: int = 1, turn: int | None = None,
                      window: bool = False, seed: int | None = None,
                      rng: random.Random | None = None) -> Game:
        """A game from an explicit position (tests, puzzles, analysis).

        Cards not named in any zone are out of play; later hands shuffle the
        cards in play. The game has no ``opening_events``.

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
            dealer: this hand's dealer (default N-1).
            hand_number: this hand's number, 1 to ``Rules.num_rounds``.
            turn: the seat whose turn it is (default: the dealer's right). If
                it holds the hand size it draws now; with one card more it has
                drawn and decides.
            window: the last discard was just discarded by ``turn`` and the
                other seats answer the claim window now.
            seed: seed for later hands' shuffles.
            rng: the generator itself instead of a seed.

        Raises:
            InvalidStateError: for an impossible position (the codes of
                :data:`naipes.ranzo.legality.CODES`).

        .. versionchanged:: 1.0
           ``round=`` became ``hand_number=``.
        """
        return position.build_position(cls, rules, hands=hands, stock=stock, discards=discards,
                              open_juegos=open_juegos, known=known, balances=balances,
                              dealer=dealer, hand_no=hand_number, turn=turn, window=window,
                              seed=seed, rng=rng)


#: Per player count, per seat: the other seats (who answer that seat's claim window).
_OTHERS = {n: tuple(tuple(s for s in range(n) if s != d) for d in range(n)) for n in (3, 4)}


def _drop(cards: list[Card], card: Card) -> None:
    """Remove the very object ``card`` from ``cards`` (identity, not equality: a few cards, no list built)."""
    for i, c in enumerate(cards):
        if c is card:
            del cards[i]
            return
    raise ValueError(f"{card} is not in the list")  # as list.index would: the caller checked it is there
