"""The Macarra engine: the deal, the forced turn, physical moves, the ledger, the punishment.

The state is kept as small-int card codes (``naipes.macarra._tables``):
each stock is a list with its **top at the end** (so drawing is ``pop()``),
each face-up pile lists bottom to top, each foundation is remembered by its
top card. Every move the rules allow is computed once per state, with the
forced move of MK-03 (``naipes.macarra.legality._fits``), and cached until
the next move. Events are built only when a subscription wants them.

>>> game = Game(Rules(players=3), seed=7)
>>> game.to_act, game.forced_move()
((0,), Draw())
>>> game.play("draw"); game.view(1).held == game.view(0).held
True
"""

from __future__ import annotations

import functools
import random
from typing import Any, Callable, Mapping, Sequence

from typing_extensions import Self

from naipes.cards import Card
from naipes.errors import InvalidStateError, UsageError
from naipes.events import Event
from naipes.game import Game as BaseGame
from naipes.macarra import events as ev
from naipes.macarra import position
from naipes.macarra._tables import CARDS, Phase, Tables, tables
from naipes.macarra.events import Reason, TargetKind, target
from naipes.macarra.legality import _check_bid, _check_move, _fits
from naipes.macarra.moves import (
    BIDS,
    DRAW,
    MAX_BID,
    MAX_MOVE_TEXT,
    Draw,
    Move,
    Pass,
    PlaceOnFoundation,
    PlaceOnPile,
    foundation_moves,
    is_number,
    pile_moves,
)
from naipes.macarra.rules import Rules
from naipes.macarra.scoring import Result, net_scores, punishment_value
from naipes.macarra.view import View, build_view

__all__ = ["Game", "Phase"]

_PLAY, _PUNISHMENT, _OVER = Phase.PLAY, Phase.WINDOW, Phase.OVER
_NEW, _FOUNDATION, _PILE = TargetKind.NEW, TargetKind.FOUNDATION, TargetKind.PILE
_Wants = Callable[[type[Event]], bool]


@functools.cache
def _shared_tables(deck: int, players: int, num_decks: int) -> tuple[
        Tables, list[tuple[int, ...]], list[tuple[int]], list[list[PlaceOnPile | None]],
        list[list[PlaceOnFoundation | None]]]:
    """The tables every game of one rules variant reads (built once, never copied or pickled)."""
    others = [tuple((p + k) % players for k in range(1, players)) for p in range(players)]
    solo = [(p,) for p in range(players)]
    return tables(deck), others, solo, pile_moves(players), foundation_moves(4 * num_decks)


class Game(BaseGame[Rules, Move, View]):
    """A game of Macarra (see the module docstring and the :doc:`rules page </games/macarra>`).

    The constructor's deal is announced by :attr:`opening_events`: a
    :class:`~naipes.macarra.HandStarted` and one
    :class:`~naipes.macarra.CardsDealt` per seat.

    Args:
        rules: the rules (default :class:`Rules`: four players, one 40-card deck).
        seed: seed of the game's generator (``None``: fresh entropy).
        rng: the generator itself, instead of ``seed``.
        deck: the deck order, top first, instead of a shuffle: every card of
            the rules' decks exactly once per deck.
        dealer: the dealer (default the last seat); the seat after him plays first.

    Raises:
        InvalidStateError: for a deck that is not the rules' decks (code
            ``bad_deck_order``) or a dealer that is not a seat (``bad_dealer``).

    .. versionadded:: 0.1
    """

    name = "macarra"
    rules_type = Rules
    move_type = Move

    _shared = ("_t", "_others", "_solo", "_onp", "_onf")
    __slots__ = ("_t", "_stocks", "_piles", "_ftop", "_want", "_held", "_turn", "_recycled",
                 "_ledger", "_infractions", "_turns", "_phase", "_loser", "_capped", "_pcard",
                 "_bids", "_deck", "_cache", "_others", "_solo", "_onp", "_onf", "_penalize", "_net")

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None,
                 rng: random.Random | None = None,
                 deck: Sequence[Card] | Sequence[Sequence[Card]] | None = None,
                 dealer: int | None = None) -> None:
        orders = self._deck_orders(deck)
        start: dict[str, Any] = {}
        if orders:
            start["deck"] = [str(c) for c in orders[0]]
        if dealer is not None:
            start["dealer"] = dealer
        self._init_base(rules, seed=seed, rng=rng, start=start)
        n = self.num_players
        self._setup()
        cards = position.deal_order(self, orders)
        if dealer is None:
            dealer = n - 1
        if type(dealer) is not int or not 0 <= dealer < n:
            raise InvalidStateError(f"no seat {dealer!r} to deal in a {n}-player game",
                                    code="bad_dealer", rule="MK-02")
        first = (dealer + 1) % n
        for k, c in enumerate(cards):  # each card goes on top of the stock (the list's end)
            self._stocks[(first + k) % n].append(c)
        self._turn = first
        self._set_to_act((first,))
        if self._listening:
            self._announce_deal(dealer, first)

    def _announce_deal(self, dealer: int, first: int) -> None:
        if self._wants(ev.HandStarted):
            self._emit(ev.HandStarted(hand=1, dealer=dealer, first=first))
        if self._wants(ev.CardsDealt):
            for s, stock in enumerate(self._stocks):
                self._emit(ev.CardsDealt(seat=s, cards=tuple(CARDS[c] for c in reversed(stock)),  # type: ignore[misc]
                                         count=len(stock), private_to=s))

    def _setup(self) -> None:
        """Tables and an empty table for ``self.rules`` (construction and loading)."""
        r = self.rules
        n = self.num_players
        self._share_tables()
        self._penalize = r.infractions == "penalize"
        self._stocks: list[list[int]] = [[] for _ in range(n)]
        self._piles: list[list[int]] = [[] for _ in range(n)]
        self._ftop: list[int] = []
        self._want = [0] * 64
        self._held = 0
        self._turn = 0
        self._recycled = [False] * n
        self._ledger = [[0] * n for _ in range(n)]
        self._infractions = [0] * n
        self._turns = 0
        self._phase = _PLAY
        self._loser = -1
        self._capped = False
        self._pcard = 0
        self._bids = [-1] * n
        self._deck: tuple[int, ...] | None = None
        self._cache: tuple[tuple[Move, ...], Move] | None = None
        self._net: list[int] | None = None  # game.scores while someone listens (else None)

    def _share_tables(self) -> None:
        """Point the move and card tables at the module's, shared by every game of these rules."""
        self._t, self._others, self._solo, self._onp, self._onf = _shared_tables(
            self.rules.deck, self.num_players, self.rules.num_decks)

    # -- positions ------------------------------------------------------------------------
    @classmethod
    def from_position(cls, rules: Rules | None = None, *, stocks: Sequence[Any],
                      piles: Sequence[Any] | None = None, foundations: Sequence[Any] = (),
                      turn: int = 0, held: Card | str | None = None,
                      recycled: Sequence[int] = (), ledger: Sequence[Sequence[int]] | None = None,
                      turns: int = 0, punishment_card: Card | str | None = None,
                      seed: int | None = None, rng: random.Random | None = None) -> Self:
        """A game from an explicit position (MK-02).

        Args:
            rules: the rules; ``None`` gives default rules for ``len(stocks)`` players.
            stocks: each seat's face-down stock, **top first** (cards or a string
                like ``"7e 5o"``).
            piles: each seat's face-up pile, **bottom to top** (default all empty).
            foundations: in creation order; each its top card (``"2c"``) or its
                cards from the ace up.
            turn: whose turn it is.
            held: the card ``turn`` has just drawn and holds (default none).
            recycled: seats whose stock was turned over from the face-up pile
                (its order is public, MK-06).
            ledger: ``ledger[giver][receiver]`` so far (default zeros).
            turns: turns already played (the cap of MK-11 counts them).
            punishment_card: the card the loser will draw (default: drawn at
                random when the game ends).
            seed: seed of the game's generator.
            rng: the generator itself.

        Cards not named anywhere are out of play. The game has no opening events.

        Raises:
            InvalidStateError: for an impossible position (the codes are on the rules page).
            UsageError: for rules of another game, or both ``seed`` and ``rng``.

        >>> g = Game.from_position(Rules(players=2), stocks=["10c 3o", "4b"],
        ...                        piles=["7b", "12c"])
        >>> g.forced_move()
        Draw()
        """
        return position.from_position(cls, rules, stocks=stocks, piles=piles, foundations=foundations,
                                      turn=turn, held=held, recycled=recycled, ledger=ledger, turns=turns,
                                      punishment_card=punishment_card, seed=seed, rng=rng)

    def _finish_loading(self) -> None:
        """Validate the position and rebuild the derived fields (who acts is set by the caller)."""
        t = self._t
        for top in self._ftop:
            nxt = t.next_code[top]
            if nxt:
                self._want[nxt] += 1
        self._deck = position.check_position(self)
        self._cache = None

    # -- whose turn, what is legal ----------------------------------------------------------
    def _options(self) -> tuple[tuple[Move, ...], Move]:
        """The legal moves and the forced move, cached until the next move."""
        cache = self._cache
        if cache is None:
            moves, forced = _fits(self)
            cache = self._cache = (tuple(moves) if self._penalize else (forced,)), forced
        return cache

    def _legal(self, seat: int) -> tuple[Move, ...]:
        """Every move that fits now (MK-10); under ``infractions="forbid"`` only the forced move.

        The order is fixed and does not give the forced move away: ``draw`` (when
        there is something to draw and no card is held), an ace's new foundation,
        the foundations by index, then the face-up piles by seat (the player's own
        pile, for a card he drew, at his own seat's place); ``pass`` alone when
        nothing else fits. During the final punishment each bidder has ``bid 0``
        to ``bid 10``. (The cache is only ever set in the play phase.)
        """
        cache = self._cache
        if cache is not None:
            return cache[0]
        if self._phase is _PUNISHMENT:
            return BIDS
        return self._options()[0]

    def forced_move(self, seat: int | None = None) -> Move | None:
        """The move MK-03 prescribes to the player whose turn it is (``None`` for other seats).

        During the final punishment nothing is forced: bids are free.

        Raises:
            UsageError: for a seat that does not exist (code ``no_such_seat``).
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.num_players):
            raise UsageError(f"no seat {seat!r} in a {self.num_players}-player game", code="no_such_seat")
        if self._phase is not _PLAY or (seat is not None and seat != self._turn):
            return None
        return self._options()[1]

    def _check(self, move: Move, seat: int) -> None:
        if self._phase is _PUNISHMENT:
            _check_bid(move, seat)
            return
        legal, forced = self._cache or self._options()
        if move not in legal:
            _check_move(self, move, seat, legal, forced)

    def _short_forms(self, text: str, seat: int) -> tuple[Move, ...]:
        """Short forms (see the rules page): ``d``, a bare card, a bare target, a bare bid."""
        if len(text) > MAX_MOVE_TEXT:
            return ()
        word = text.lower()
        if self._phase is _PUNISHMENT:
            return (BIDS[int(word)],) if is_number(word) and int(word) <= MAX_BID else ()
        legal = self._options()[0]
        if word == "d":
            return tuple(m for m in legal if m is DRAW)
        if word == "new" or (len(word) > 1 and word[0] in "fp" and is_number(word[1:])):
            return tuple(m for m in legal if str(m).rsplit(" ", 1)[-1] == word)
        try:
            card = Card.parse(text)
        except ValueError:
            return ()
        return tuple(m for m in legal if getattr(m, "card", None) == card)

    # -- applying moves -----------------------------------------------------------------------
    # ``wants`` is ``None`` when nobody listens, else the bus's ``wants``: while a move is
    # applied (never during construction) it answers what ``_wants`` answers, one call cheaper.
    def _apply(self, move: Move, seat: int) -> None:
        wants = self.events.wants if self._listening else None
        forced = (self._cache or self._options())[1]
        if move is not forced and move != forced:
            self._infraction(seat, move, forced, wants)
        self._cache = None
        kind = type(move)
        if kind is Draw:
            self._draw(seat, wants)
        elif kind is Pass:
            if wants is not None and wants(ev.Passed):
                self._emit(ev.Passed(seat=seat))
            self._end_turn(seat, wants)
        else:
            self._place(move, seat, wants)

    def _infraction(self, seat: int, move: Move, forced: Move, wants: _Wants | None) -> None:
        self._infractions[seat] += 1
        if wants is not None:
            if wants(ev.InfractionCommitted):
                self._emit(ev.InfractionCommitted(seat=seat, move=move, forced=forced,
                                                  count=self._infractions[seat]))
            if wants(ev.MacarrasGiven):
                totals = self._running_scores()
                for j in self._others[seat]:
                    self._pay(j, seat, 1, Reason.INFRACTION, totals)
                return
        self._net = None
        ledger = self._ledger
        for j in self._others[seat]:
            ledger[j][seat] += 1

    def _running_scores(self) -> list[int]:
        """``game.scores`` as a list kept up to date by :meth:`_pay` while someone listens."""
        net = self._net
        if net is None:
            net = self._net = list(net_scores(self._ledger))
        return net

    def _pay(self, giver: int, receiver: int, count: int, reason: Reason | None, totals: list[int],
             announce: bool = True) -> None:
        """``ledger[giver][receiver] += count`` and the running ``totals`` with it, announced
        unless ``announce`` is false (``reason=None``: macarras returned; 0 is not announced)."""
        row = self._ledger[giver]
        row[receiver] += count
        totals[giver] += count
        totals[receiver] -= count
        if not count or not announce:
            return
        if reason is None:
            self._emit(ev.MacarrasReturned(giver=giver, receiver=receiver, count=count,
                                           total=row[receiver], totals=tuple(totals)))
        else:
            self._emit(ev.MacarrasGiven(giver=giver, receiver=receiver, count=count, reason=reason,
                                        total=row[receiver], totals=tuple(totals)))

    def _draw(self, p: int, wants: _Wants | None) -> None:
        stock = self._stocks[p]
        if not stock:
            stock = self._recycle(p, wants)
        c = stock.pop()
        self._held = c
        if wants is not None and wants(ev.CardDrawn):
            self._emit(ev.CardDrawn(seat=p, card=CARDS[c], stock_size=len(stock)))  # type: ignore[arg-type]
        if c & 15 == 1 and self.rules.ace_macarra:
            if wants is not None:
                if wants(ev.AceDrawn):
                    self._emit(ev.AceDrawn(seat=p, card=CARDS[c]))  # type: ignore[arg-type]
                if wants(ev.MacarrasGiven):
                    totals = self._running_scores()
                    for j in self._others[p]:
                        self._pay(p, j, 1, Reason.ACE, totals)
                    return
            self._net = None
            row = self._ledger[p]
            for j in self._others[p]:
                row[j] += 1

    def _recycle(self, p: int, wants: _Wants | None) -> list[int]:
        """Turn the face-up pile over as the new stock, its top left face up (MK-06)."""
        pile = self._piles[p]
        top = pile.pop()
        pile.reverse()  # the oldest face-up card becomes the new top (the list's end)
        self._stocks[p] = pile
        self._piles[p] = [top]
        self._recycled[p] = True
        if wants is not None and wants(ev.StockRecycled):
            self._emit(ev.StockRecycled(seat=p, stock=tuple(CARDS[c] for c in reversed(pile)),  # type: ignore[misc]
                                        face_up=CARDS[top]))  # type: ignore[arg-type]
        return pile

    def _place(self, move: Move, p: int, wants: _Wants | None) -> None:
        held = self._held
        pile = self._piles[p]
        if held:
            c = held
            self._held = 0
        else:
            c = pile.pop()
        kind = type(move)
        loud = wants is not None and wants(ev.CardPlaced)
        if kind is PlaceOnPile:
            j = move.seat  # type: ignore[attr-defined]
            if j == p:
                fits = bool(pile) and self._t.succ_rank[pile[-1]] == c & 15
                pile.append(c)
                if loud:
                    self._placed(p, c, bool(held), _PILE, j, len(pile))
                if not fits:
                    self._end_turn(p, wants)
                return
            dest = self._piles[j]
            dest.append(c)
            if loud:
                self._placed(p, c, bool(held), _PILE, j, len(dest))
        elif kind is PlaceOnFoundation:
            fi = move.foundation  # type: ignore[attr-defined]
            self._ftop[fi] = c
            self._want[c] -= 1
            nxt = self._t.next_code[c]
            if nxt:
                self._want[nxt] += 1
            if loud:
                self._placed(p, c, bool(held), _FOUNDATION, fi, len(self._t.run_to(c)))
        else:
            self._ftop.append(c)
            self._want[self._t.next_code[c]] += 1
            if loud:
                self._placed(p, c, bool(held), _NEW, len(self._ftop) - 1, 1)
        if not pile and not self._stocks[p]:
            if wants is not None and wants(ev.PlayerOut):
                alive = tuple(s for s in range(self.num_players) if self._stocks[s] or self._piles[s])
                self._emit(ev.PlayerOut(seat=p, remaining=alive))
            self._end_turn(p, wants)

    def _placed(self, p: int, c: int, drawn: bool, kind: TargetKind, index: int, size: int) -> None:
        self._emit(ev.CardPlaced(seat=p, card=CARDS[c], drawn=drawn, target=target(kind, index),  # type: ignore[arg-type]
                                 size=size))

    def _end_turn(self, p: int, wants: _Wants | None) -> None:
        self._turns += 1
        stocks, piles = self._stocks, self._piles
        alive = [s for s in range(self.num_players) if stocks[s] or piles[s]]
        nxt: int | None = None
        if len(alive) > 1 and self._turns < self.rules.max_turns:
            nxt = next(s for s in self._others[p] if stocks[s] or piles[s])
        if wants is not None and wants(ev.TurnEnded):
            self._emit(ev.TurnEnded(seat=p, turns=self._turns, next_seat=nxt))
        if nxt is not None:
            self._turn = nxt
            self._set_to_act(self._solo[nxt])
        elif len(alive) <= 1:
            self._finish(alive[0] if alive else p, capped=False, wants=wants)
        else:
            counts = [len(stocks[s]) + len(piles[s]) for s in range(self.num_players)]
            self._finish(counts.index(max(counts)), capped=True, wants=wants)

    def _finish(self, loser: int, *, capped: bool, wants: _Wants | None) -> None:
        self._loser = loser
        self._capped = capped
        others = tuple(s for s in range(self.num_players) if s != loser)
        if wants is not None and wants(ev.LoserDecided):
            self._emit(ev.LoserDecided(loser=loser, capped=capped, cards_left=self.cards_left))
        if not self.rules.final_punishment:
            self._end(wants)
            return
        if not self._pcard:
            deck = self._t.full_deck
            self._pcard = deck[self._rng.randrange(len(deck))]
        self._phase = _PUNISHMENT
        self._set_to_act(others, simultaneous=True)
        if wants is not None and wants(ev.PunishmentStarted):
            self._emit(ev.PunishmentStarted(loser=loser, bidders=others))

    def _end(self, wants: _Wants | None) -> None:
        self._phase = _OVER
        self._set_to_act(())
        if wants is None:
            return
        if wants(ev.HandEnded):
            self._emit(ev.HandEnded(hand=1, scores=self.scores))
        if wants(ev.GameEnded):
            result = self.result
            assert result is not None
            self._emit(ev.GameEnded(result=result))

    def _resolve(self, answers: tuple[tuple[int, Move], ...]) -> None:
        loser = self._loser
        card = CARDS[self._pcard]
        assert card is not None
        value = punishment_value(card, self.rules.deck)
        wants = self.events.wants if self._listening else None
        for seat, move in answers:
            self._bids[seat] = move.amount  # type: ignore[attr-defined]
        given = returned = False
        if wants is not None:
            if wants(ev.BidRevealed):
                for s, _ in answers:
                    self._emit(ev.BidRevealed(seat=s, amount=self._bids[s]))
            if wants(ev.PunishmentCardRevealed):
                self._emit(ev.PunishmentCardRevealed(card=card, value=value))
            given, returned = wants(ev.MacarrasGiven), wants(ev.MacarrasReturned)
        totals = self._running_scores()
        for seat, _ in answers:
            amount = self._bids[seat]
            self._pay(seat, loser, amount, Reason.PUNISHMENT, totals, given)
            self._pay(loser, seat, max(0, amount - value), None, totals, returned)
        self._end(wants)

    # -- reading the game ---------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """The phase: the play, the final punishment (bids open) or over."""
        return self._phase

    @property
    def cards_left(self) -> tuple[int, ...]:
        """Stock plus face-up cards of each seat (plus the card the player to act holds)."""
        held = self._turn if self._held else -1
        return tuple(len(s) + len(p) + (s_i == held) for s_i, (s, p) in
                     enumerate(zip(self._stocks, self._piles)))

    @property
    def ledger(self) -> tuple[tuple[int, ...], ...]:
        """``ledger[giver][receiver]``: two-finger macarras given so far (MK-09)."""
        return tuple(map(tuple, self._ledger))

    @property
    def scores(self) -> tuple[int, ...]:
        """Macarras each seat gave minus those it received."""
        return net_scores(self._ledger)

    @property
    def turn(self) -> int | None:
        """Whose turn it is, or ``None`` once the play is over."""
        return self._turn if self._phase is _PLAY else None

    @property
    def loser(self) -> int | None:
        """The loser, once decided."""
        return self._loser if self._loser >= 0 else None

    @property
    def turns(self) -> int:
        """Turns played so far."""
        return self._turns

    @property
    def infractions(self) -> tuple[int, ...]:
        """Infractions committed by each seat (MK-10)."""
        return tuple(self._infractions)

    @property
    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it runs (bids still open included)."""
        if self._phase is not _OVER:
            return None
        scores = self.scores
        loser = self._loser
        others = tuple(s for s in range(self.num_players) if s != loser)
        return Result(winners=others, ranking=(others, (loser,)), scores=scores,
                      returns=tuple(float(x) for x in scores), loser=loser, capped=self._capped,
                      ledger=self.ledger, punishment_card=CARDS[self._pcard] if self._pcard else None,
                      bids=tuple(b if b >= 0 else None for b in self._bids), turns=self._turns)

    def zones(self) -> dict[str, tuple[Card, ...]]:
        """Every card in play: stocks (top first), face-up piles (bottom to top),
        foundations (ace up, creation order) and the held card (a fresh dict)."""
        z: dict[str, tuple[Card, ...]] = {}
        for s in range(self.num_players):
            z[f"stock{s}"] = tuple(CARDS[c] for c in reversed(self._stocks[s]))  # type: ignore[misc]
            z[f"pile{s}"] = tuple(CARDS[c] for c in self._piles[s])  # type: ignore[misc]
        for i, top in enumerate(self._ftop):
            z[f"foundation{i}"] = tuple(CARDS[c] for c in self._t.run_to(top))  # type: ignore[misc]
        z["held"] = (CARDS[self._held],) if self._held else ()  # type: ignore[assignment]
        return z

    def _view(self, seat: int) -> View:
        return build_view(self, seat)

    # -- copies and state dicts ----------------------------------------------------------------
    def _clone_into(self, new: Self) -> None:  # the base shared the tables of _shared
        new._penalize = self._penalize
        new._held = self._held
        new._turn = self._turn
        new._turns = self._turns
        new._phase = self._phase
        new._loser = self._loser
        new._capped = self._capped
        new._pcard = self._pcard
        new._deck = self._deck
        new._cache = self._cache
        new._net = None
        new._stocks = [s.copy() for s in self._stocks]
        new._piles = [p.copy() for p in self._piles]
        new._ledger = [row.copy() for row in self._ledger]
        new._ftop = self._ftop.copy()
        new._want = self._want.copy()
        new._recycled = self._recycled.copy()
        new._infractions = self._infractions.copy()
        new._bids = self._bids.copy()

    def _state_dict(self) -> dict[str, Any]:
        return position.state_dict(self)

    def _load_state(self, state: Mapping[str, Any]) -> None:
        position.load_state(self, state)
