"""The Machiavelli game: hands, turns, the atomic play check, scoring.

>>> from naipes.machiavelli import Game, Rules
>>> game = Game(Rules(players=3), seed=7, first_player=0)
>>> game.to_act, len(game.view(0).hand), game.view(0).stock_size
((0,), 13, 65)
>>> game.play("draw"); game.to_act
(1,)

Positions, state dicts and their validation live in
:mod:`naipes.machiavelli.position`.

.. versionadded:: 0.1
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Mapping, Sequence

from naipes.cards import JOKER, Card
from naipes.decks import french_deck
from naipes.errors import IllegalMoveError, InvalidStateError
from naipes.game import FORMAT_VERSION, RECORD_VERSIONS
from naipes.game import Game as BaseGame
from naipes.machiavelli import _records
from naipes.machiavelli import events as ev
from naipes.machiavelli import position as _position
from naipes.machiavelli._fast_listing import card_bit, hand_mask, list_into
from naipes.machiavelli.legality import Problem, _check_draw, _check_play, play_problems
from naipes.machiavelli.melds import Meld
from naipes.machiavelli.moves import DRAW, FORFEIT, Draw, Forfeit, Move, Play, short_forms
from naipes.machiavelli.phase import Phase
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.scoring import (
    Result,
    game_result,
    hand_outcome,
    next_starter,
    session_over,
    single_deal_scores,
)
from naipes.machiavelli.view import View

__all__ = ["Game", "full_deck"]


def full_deck(rules: Rules) -> tuple[Card, ...]:
    """Every card of a hand under ``rules``, in canonical order (MV-01, MV-12, MV-13).

    >>> len(full_deck(Rules())), len(full_deck(Rules(players=6, jokers=4)))
    (104, 160)

    .. versionadded:: 0.1
    """
    return french_deck(jokers=rules.jokers, copies=rules.num_decks)


class Game(BaseGame[Rules, Move, View]):
    """A game of Machiavelli: one hand or a session of hands (MV-09).

    Args:
        rules: the variant rules (default :class:`Rules`, four players).
        seed: seed of the game's generator (shuffles and the cut).
        rng: the generator itself, instead of ``seed``.
        deck: one deck order (top first) for the first hand, or a sequence of
            orders for the first hands; each must hold exactly the cards of
            :func:`full_deck`. Later hands are shuffled.
        first_player: the first player of hand 1; ``None`` cuts for it (MV-02).

    Raises:
        InvalidStateError: for a ``deck`` that is not the decks' cards (code
            ``bad_deck``) or a ``first_player`` that is not a seat (``bad_first_player``).

    The public state is read-only: :attr:`hands`, :attr:`stock`,
    :attr:`totals`... are tuples built on each access.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Read-only state; ``deal`` → :attr:`hand_number`, ``out`` → :attr:`out_of_play`;
       the first hand's events are :attr:`opening_events`.
    .. versionchanged:: 1.1
       :meth:`to_dict` and :meth:`record` write version 3: each play of the
       history is written as a delta against the play before it (its size is the
       cards it moved, not the table); :meth:`from_dict` reads versions 2 and 3,
       :meth:`from_record` replays versions 1 to 3.
    .. versionchanged:: 1.2
       The version label must match the layout: deltas only in version 3 (code
       ``bad_version`` otherwise).
    """

    name = "machiavelli"
    rules_type = Rules
    move_type = Move
    _listed_by_identity = True  # a play's == compares whole tables: find listed moves by identity

    __slots__ = ("_hands", "_stock", "_table", "_totals", "_opened_seats", "_known_jokers", "_starter",
                 "_hand_no", "_out", "_orders", "_last_winners", "_last_points", "_last_hands",
                 "_final_scores", "_cut", "_cache", "_vetted", "_masks", "_encoded")

    _hands: list[list[Card]]
    _stock: list[Card]
    _table: tuple[Meld, ...]
    _totals: list[int]
    _opened_seats: list[bool]
    _known_jokers: list[int]
    _starter: int
    _hand_no: int
    _out: tuple[Card, ...]
    _orders: list[tuple[Card, ...]]
    _last_winners: tuple[int, ...]
    _last_points: tuple[int, ...]
    _last_hands: tuple[tuple[Card, ...], ...]
    _final_scores: tuple[int, ...] | None
    _cut: tuple[tuple[tuple[int, Card], ...], ...]
    _cache: tuple[Move, ...] | None
    _vetted: Move | None  # the last move that _check checked in full (not found in the listing)
    # Per seat: (the hand list, its hand_mask), kept up to date by _draw and _apply_play; a seat
    # whose hand list is another object (dealt, loaded, cloned) gets its mask recomputed.
    _masks: list[tuple[list[Card] | None, int]]
    _encoded: _records.Encoded | None  # the history as written by to_dict so far

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None,
                 rng: random.Random | None = None,
                 deck: Sequence[Card] | Sequence[Sequence[Card]] | None = None,
                 first_player: int | None = None) -> None:
        orders = self._deck_orders(deck)
        start: dict[str, Any] = {"first_player": first_player}
        if orders:
            start["deck"] = [[str(c) for c in order] for order in orders]
        self._init_base(rules, seed=seed, rng=rng, start=start)
        n = self.num_players
        reference = Counter(full_deck(self.rules))
        for order in orders:
            if Counter(order) != reference:
                raise InvalidStateError(f"deck= must hold exactly the {len(reference)} cards of the decks",
                                        code="bad_deck", rule="MV-01")
        if first_player is not None and (type(first_player) is not int or not 0 <= first_player < n):
            raise InvalidStateError(f"first_player must be a seat 0..{n - 1}, not {first_player!r}",
                                    code="bad_first_player", rule="MV-02")
        self._empty_zones()
        self._orders = list(orders)
        if first_player is None:
            self._cut, first_player = self._cut_for_first()
            if self._listening and self._wants(ev.DeckCut):
                self._emit(ev.DeckCut(rounds=self._cut, first_player=first_player))
        self._deal(first_player)

    def _empty_zones(self) -> None:
        n = self.num_players
        self._hands = [[] for _ in range(n)]
        self._stock = []
        self._table = ()
        self._totals = [0] * n
        self._opened_seats = [False] * n
        self._known_jokers = [0] * n
        self._starter = 0
        self._hand_no = 0
        self._out = ()
        self._orders = []
        self._last_winners = ()
        self._last_points = ()
        self._last_hands = ()
        self._final_scores = None
        self._cut = ()
        self._cache = None
        self._vetted = None
        self._masks = [(None, 0)] * n
        self._encoded = None

    # -- read-only state ----------------------------------------------------------------
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards, in the order received (a fresh tuple of tuples)."""
        return tuple(map(tuple, self._hands))

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top first."""
        return tuple(self._stock)

    @property
    def table(self) -> tuple[Meld, ...]:
        """The melds on the table (frozen values)."""
        return self._table

    @property
    def totals(self) -> tuple[int, ...]:
        """Cumulative penalty totals per seat (MV-09)."""
        return tuple(self._totals)

    @property
    def opened(self) -> tuple[bool, ...]:
        """Who has made his opening play (MV-11)."""
        return tuple(self._opened_seats)

    @property
    def known_jokers(self) -> tuple[int, ...]:
        """Jokers publicly known to be in each hand (taken back by a swap, MV-12)."""
        return tuple(self._known_jokers)

    @property
    def phase(self) -> Phase:
        """``Phase.PLAY`` while a seat is on turn, ``Phase.OVER`` at the end (``game.phase == "play"``).

        .. versionadded:: 1.2
        """
        return Phase.of(self)

    @property
    def starter(self) -> int:
        """The first player of the current hand."""
        return self._starter

    @property
    def hand_number(self) -> int:
        """The current hand's number, from 1 (0.1: ``deal``)."""
        return self._hand_no

    @property
    def out_of_play(self) -> tuple[Card, ...]:
        """Cards of the decks in no zone (only in positions built with ``from_position``)."""
        return self._out

    @property
    def last_winners(self) -> tuple[int, ...]:
        """The winners of the last hand that ended (``()`` before)."""
        return self._last_winners

    @property
    def last_points(self) -> tuple[int, ...]:
        """What each seat scored in the last hand that ended."""
        return self._last_points

    @property
    def last_hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's cards at the end of the last hand that ended (shown to all)."""
        return self._last_hands

    @property
    def cut(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        """The cut for the first player of hand 1 (MV-02), per round ``(seat, card)``."""
        return self._cut

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
        if self._orders:
            cards = list(self._orders.pop(0))
        else:
            cards = list(full_deck(self.rules))
            self._rng.shuffle(cards)
        self._out = ()  # a new hand deals every card, those a position left out included
        n, k = self.num_players, self.rules.cards_per_player
        self._hands = [[] for _ in range(n)]
        for i in range(n * k):
            self._hands[(first + i) % n].append(cards[i])
        self._stock = cards[n * k:]
        self._table = ()
        self._opened_seats = [False] * n
        self._known_jokers = [0] * n
        self._starter = first
        self._hand_no += 1
        self._set_to_act((first,))
        self._cache = self._vetted = None
        if self._listening:
            self._emit_deal()

    def _emit_deal(self) -> None:
        if self._wants(ev.HandStarted):
            self._emit(ev.HandStarted(hand=self._hand_no, dealer=None, first=self._starter,
                                      hand_sizes=tuple(map(len, self._hands)), stock_size=len(self._stock)))
        if self._wants(ev.CardsDealt):
            for seat, hand in enumerate(self._hands):
                self._emit(ev.CardsDealt(seat=seat, cards=tuple(hand), count=len(hand), private_to=seat))

    # -- scores -------------------------------------------------------------------------
    @property
    def scores(self) -> tuple[int, ...]:
        """Penalty totals per seat (single-deal mode: the winners' scores once over, MV-09)."""
        if self._final_scores is not None:
            return self._final_scores
        if self.rules.mode == "single_deal":
            return (0,) * self.num_players
        return tuple(self._totals)

    @property
    def result(self) -> Result | None:
        """Winners (lowest total; single deal: the hand winners), ranking, scores, returns."""
        if not self.is_over:
            return None
        return game_result(self._totals, self.scores, self.rules, self._hand_no, self._last_winners,
                           self._last_points)

    # -- moves --------------------------------------------------------------------------
    def _listing(self, seat: int) -> tuple[Move, ...]:
        """The listing already made, if any: listing all plays costs far more than checking one."""
        return self._cache or ()

    def _legal(self, seat: int) -> tuple[Move, ...]:
        cached = self._cache
        if cached is None:
            moves: list[Move] = [DRAW, FORFEIT] if self._stock else [FORFEIT]
            hand = self._hands[seat]
            known, mask = self._masks[seat]
            if known is not hand:
                mask = hand_mask(hand)
                self._masks[seat] = (hand, mask)
            list_into(moves, self._table, hand, mask, self.rules, self._opened_seats[seat])
            cached = self._cache = tuple(moves)
        return cached

    def _check(self, move: Move, seat: int) -> None:
        cached = self._cache
        if cached is not None and id(move) in map(id, cached):  # a listed move: legal by construction
            return
        self._vetted = move  # checked in full: _apply puts a play of it in canonical form
        if isinstance(move, Play):
            _check_play(self.play_problems(move, seat), move, move.table, seat)
        elif isinstance(move, Draw):
            _check_draw(len(self._stock), move, seat)
        elif not isinstance(move, Forfeit):
            raise IllegalMoveError(f"not a Machiavelli move: {move!r}", move=move, seat=seat, code="wrong_game")

    def play_problems(self, move: Play, seat: int | None = None) -> tuple[Problem, ...]:
        """Everything wrong with ``move`` for ``seat`` now (see :func:`~naipes.machiavelli.legality.play_problems`).

        Melds are indexed from 0 in ``move.table``; ``-1`` is the play as a whole.
        Each problem is a :class:`~naipes.machiavelli.legality.Problem` (with a ``code``).
        """
        if seat is None:
            seat = self._seat(move, None)
        return play_problems(self._table, self._hands[seat], move.table, move.cards, self.rules,
                             opened=self._opened_seats[seat])

    def _short_forms(self, text: str, seat: int) -> tuple[Move, ...]:
        return short_forms(text, self._legal(seat), self._table, self._hands[seat], self.rules,
                           opened=self._opened_seats[seat])

    # Moves never run inside the constructor, so once ``_listening`` holds, the
    # bus's own ``events.wants`` is what ``_wants`` would answer (one call less per event).
    def _apply(self, move: Move, seat: int) -> None:
        cached, vetted = self._cache, self._vetted
        self._cache = self._vetted = None
        if move is DRAW:
            self._draw(seat, 1, False)
            self._end_turn(seat)
        elif isinstance(move, Play):
            # play() applies a move it found in the listing, or one _check vetted in full
            listed = cached is not None and move is not vetted
            self._apply_play(move, seat, listed)
        elif isinstance(move, Draw):
            self._draw(seat, 1, False)
            self._end_turn(seat)
        else:
            assert isinstance(move, Forfeit)
            count = min(self.rules.penalty_cards, len(self._stock))
            if self._listening and self.events.wants(ev.TurnFailed):
                self._emit(ev.TurnFailed(seat=seat, reason=move.reason, penalty_cards=count))
            self._draw(seat, count, True)
            self._end_turn(seat)

    def _apply_play(self, move: Play, seat: int, canonical: bool = False) -> None:
        hand = self._hands[seat]
        known, mask = self._masks[seat]
        ids = list(map(id, hand))
        for card in move.cards:  # cards are interned: find each by identity (no __eq__ calls)
            at = ids.index(id(card))
            del hand[at], ids[at]
            if id(card) not in ids:  # its last copy
                mask &= ~card_bit(card)
        played_jokers = move.cards.count(JOKER) if self.rules.jokers else 0
        if canonical:  # a listed play adds cards to the table and takes no joker back
            taken = 0
        else:
            before = sum(len(m.jokers) for m in self._table)
            after = sum(len(m.jokers) for m in move.table)
            taken = before + played_jokers - after
        if taken:
            hand.extend([JOKER] * taken)
            mask |= card_bit(JOKER)
        if known is hand:
            self._masks[seat] = (hand, mask)
        if played_jokers or taken:
            self._known_jokers[seat] = max(0, self._known_jokers[seat] - played_jokers) + taken
        if canonical:  # a listed play: its melds are canonical already
            self._table = move.table
        else:
            old = {id(m) for m in self._table}
            self._table = tuple(m if id(m) in old else m.normalized() for m in move.table)
        self._opened_seats[seat] = True
        if self._listening and self.events.wants(ev.PlayMade):
            self._emit(ev.PlayMade(seat=seat, cards=move.cards, table=self._table, jokers_taken=taken,
                                   hand_size=len(hand)))
        if not hand:
            self._end_hand(went_out=seat)
        else:
            self._set_to_act(((seat + 1) % self.num_players,))

    def _draw(self, seat: int, count: int, penalty: bool) -> None:
        stock = self._stock
        got = stock[:count]
        del stock[:count]
        hand = self._hands[seat]
        hand.extend(got)
        known, mask = self._masks[seat]
        if known is hand:
            for card in got:
                mask |= card_bit(card)
            self._masks[seat] = (hand, mask)
        if self._listening:
            wants = self.events.wants
            if wants(ev.DrawMade):
                self._emit(ev.DrawMade(seat=seat, count=len(got), penalty=penalty,
                                       hand_size=len(self._hands[seat]), stock_size=len(stock)))
            if got and wants(ev.CardDrawn):
                for card in got:
                    self._emit(ev.CardDrawn(seat=seat, card=card, private_to=seat))

    def _end_turn(self, seat: int) -> None:
        if not self._stock:
            self._end_hand(went_out=None)
        else:
            self._set_to_act(((seat + 1) % self.num_players,))

    # -- end of a hand ------------------------------------------------------------------
    def _end_hand(self, went_out: int | None) -> None:
        winners, points = hand_outcome(self._hands, self.rules, went_out)
        self._last_winners, self._last_points = winners, points
        self._last_hands = tuple(map(tuple, self._hands))
        if self.rules.mode == "single_deal":
            self._final_scores = single_deal_scores(winners, points)
            self._announce_hand(went_out)
            self._finish()
            return
        self._totals = [t + p for t, p in zip(self._totals, points)]
        self._announce_hand(went_out)
        if session_over(self._totals, self.rules):
            self._finish()
        else:
            self._deal(next_starter(self._starter, winners, self.num_players, self.rules))

    def _announce_hand(self, went_out: int | None) -> None:
        if not self._listening:
            return
        scores = self.scores
        if self._wants(ev.PointsScored):
            self._emit(ev.PointsScored(points=self._last_points, totals=scores))
        if self._wants(ev.HandEnded):
            self._emit(ev.HandEnded(hand=self._hand_no, scores=scores, winners=self._last_winners,
                                    went_out=went_out is not None, hands=self._last_hands,
                                    points=self._last_points))

    def _finish(self) -> None:
        self._set_to_act(())
        if self._listening and self._wants(ev.GameEnded):
            result = self.result
            assert result is not None
            self._emit(ev.GameEnded(result=result))

    # -- zones, views, clones -----------------------------------------------------------
    def zones(self) -> dict[str, tuple[Card, ...]]:
        """Every card in play: each hand, the stock and the table (jokers as ``JK``); a fresh dict."""
        z = {f"hand{s}": tuple(h) for s, h in enumerate(self._hands)}
        z["stock"] = tuple(self._stock)
        z["table"] = tuple(c for m in self._table for c in m.physical)
        return z

    def _view(self, seat: int) -> View:
        return View(seat=seat, hand=tuple(self._hands[seat]), scores=self.scores, to_act=self.to_act,
                    legal_moves=self.legal_moves(seat), rules=self.rules, table=self._table,
                    hand_sizes=tuple(map(len, self._hands)), stock_size=len(self._stock),
                    totals=tuple(self._totals), opened=tuple(self._opened_seats),
                    known_jokers=tuple(self._known_jokers), starter=self._starter,
                    hand_number=self._hand_no, out_of_play=self._out, last_winners=self._last_winners,
                    last_points=self._last_points, last_hands=self._last_hands, cut=self._cut,
                    known=(JOKER,) * sum(self._known_jokers))

    def _clone_into(self, new: Game) -> None:
        new._hands = [h.copy() for h in self._hands]
        new._masks = [(h, m) if known is old else (None, 0)
                      for h, old, (known, m) in zip(new._hands, self._hands, self._masks)]
        new._stock = self._stock.copy()
        new._table = self._table
        new._totals = self._totals.copy()
        new._opened_seats = self._opened_seats.copy()
        new._known_jokers = self._known_jokers.copy()
        new._starter = self._starter
        new._hand_no = self._hand_no
        new._out = self._out
        new._orders = self._orders.copy()
        new._last_winners = self._last_winners
        new._last_points = self._last_points
        new._last_hands = self._last_hands
        new._final_scores = self._final_scores
        new._cut = self._cut
        new._cache = self._cache
        new._vetted = self._vetted
        new._encoded = None

    def _state_dict(self) -> dict[str, Any]:
        return _position.state_dict(self)

    # -- records: plays as deltas (format version 3, see naipes.machiavelli._records) -----
    # The base writes and reads the envelopes; these hooks write the history's plays as deltas.
    _format_version = _records.DELTA_VERSION
    _state_versions = (FORMAT_VERSION, _records.DELTA_VERSION)
    _record_versions = (*RECORD_VERSIONS, _records.DELTA_VERSION)

    def _encode_history(self) -> list[list[Any]]:
        known = self._encoded = _records.encode_history(self._history, self._encoded)
        return [[s, t] for s, t in known[1]]  # fresh pairs; the encoding is remembered

    @classmethod
    def _decode_history(cls, pairs: Sequence[tuple[int, str]], version: int, field: str) -> list[tuple[int, Move]]:
        if version != _records.DELTA_VERSION:
            return super()._decode_history(pairs, version, field)
        return _records.decode_history(pairs, field)

    @classmethod
    def _check_history(cls, pairs: object, version: int, field: str, what: str) -> None:
        _records.check_layout(pairs, version, field, what)

    def _coerce(self, move: object) -> Move:
        if isinstance(move, str) and _records.is_delta(move):  # a recorded play: against the last play
            return _records.decode_play(move, _records.last_play_table(self._history))
        return super()._coerce(move)

    def _load_state(self, state: Mapping[str, Any]) -> None:
        _position.load_state(self, state)

    # -- positions ----------------------------------------------------------------------
    @classmethod
    def from_position(cls, rules: Rules | None = None, *, hands: Sequence[_position.CardsArg],
                      table: Sequence[Meld] | str = (), stock: _position.CardsArg = (), to_act: int = 0,
                      starter: int | None = None, totals: Sequence[int] | None = None,
                      opened: Sequence[bool] | None = None, known_jokers: Sequence[int] | None = None,
                      hand_number: int = 1, seed: int | None = None,
                      rng: random.Random | None = None) -> Game:
        """A game at an explicit position (cards in no zone are out of play).

        Args:
            rules: the variant rules; ``players`` must match ``len(hands)``.
            hands: each seat's hand (cards or notation), in the order received.
            table: the melds on the table (notation like ``"[4S 5S 6S] [8H 8D 8C]"``).
            stock: the stock, top first (may be empty: then only plays and
                forfeits remain, and the hand ends at the next forfeit).
            to_act: the seat to play now.
            starter: the first player of this hand (default ``to_act``).
            totals: penalty totals so far (default zeros).
            opened: who has made his opening play (default: everybody when
                ``rules.initial_meld_min`` is 0, else nobody).
            known_jokers: jokers publicly known to be in each hand (swapped back, MV-12).
            hand_number: the number of this hand (0.1: ``deal``).
            seed: seed of the generator for later hands.
            rng: the generator itself.

        Raises:
            InvalidStateError: for an impossible position (an invalid table,
                more copies of a card than the decks have, an empty hand...);
                its ``code`` says which (see the rules page, "Error codes").

        >>> g = Game.from_position(Rules(players=2), hands=["7H 7D JS 2C", "KD"],
        ...                        table="[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]", stock="KH")
        >>> g.play("play 7H 7D JS: [4S 5S 6S] [8S 9S 10S] [7S 7H 7D] [JH JD JC JS]")
        >>> g.view(0).hand, g.to_act
        ((Card.parse('2C'),), (1,))

        .. versionchanged:: 1.0
           ``deal=`` → ``hand_number=``.
        """
        return _position.from_position(cls, rules, hands=hands, table=table, stock=stock, to_act=to_act,
                                       starter=starter, totals=totals, opened=opened,
                                       known_jokers=known_jokers, hand_number=hand_number, seed=seed,
                                       rng=rng)
