"""The Macarra engine: the deal, the forced turn, physical moves, the ledger, the punishment.

The state is kept as small-int card codes (see :mod:`naipes.macarra.codes`):
each stock is a list with its **top at the end** (so drawing is ``pop()``),
each face-up pile lists bottom to top, each foundation is remembered by its
top card. Every move the rules allow is computed once per state, with the
forced move of MK-03 first, and cached until the next move.

>>> game = Game(Rules(players=3), seed=7)
>>> game.to_act, game.forced_move()
((0,), Draw())
>>> game.play("draw"); game.view(1).held == game.view(0).held
True
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from typing_extensions import Self

from naipes.cards import Card
from naipes.errors import IllegalMoveError, InvalidStateError
from naipes.game import Game as BaseGame
from naipes.macarra import events as ev
from naipes.macarra.codes import CARDS, Phase, code, tables
from naipes.macarra.moves import (
    BIDS,
    DRAW,
    MAX_BID,
    PASS,
    Bid,
    Draw,
    Move,
    Pass,
    PlaceOnFoundation,
    PlaceOnPile,
    foundation_moves,
    pile_moves,
    start_foundation,
)
from naipes.macarra.position import check_position, load_state, read_cards, read_foundations, state_dict
from naipes.macarra.reasons import why_illegal
from naipes.macarra.rules import Rules
from naipes.macarra.scoring import MacarraResult, net_scores, punishment_value
from naipes.macarra.view import View, build_view

__all__ = ["Game", "Phase"]

_START = [start_foundation(c) if CARDS[c] is not None else None for c in range(64)]


class Game(BaseGame[Rules, Move, View]):
    """A game of Macarra (see the module docstring and ``docs/games/macarra.rst``).

    Args:
        rules: the rules (default :class:`Rules`: four players, one 40-card deck).
        seed: seed of the game's generator (``None``: fresh entropy).
        rng: the generator itself, instead of ``seed``.
        deck: the deck order, top first, instead of a shuffle: every card of
            the rules' decks exactly once per deck.
        dealer: the dealer (default the last seat); the seat after him plays first.

    Raises:
        InvalidStateError: for a deck that is not the rules' decks.

    .. versionadded:: 0.1
    """

    name = "macarra"
    rules_type = Rules
    move_type = Move

    __slots__ = ("_t", "_stocks", "_piles", "_ftop", "_want", "_held", "_turn", "_recycled",
                 "_ledger", "_infractions", "_turns", "_phase", "_loser", "_capped", "_pcard",
                 "_bids", "_deck", "_cache", "_others", "_onp", "_onf", "_penalize")

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
        r = self.rules
        n = self.num_players = r.players
        self._setup()
        full = list(self._t.full_deck) * r.num_decks
        if orders:
            cards = [code(c) for c in orders[0]]
            if sorted(cards) != sorted(full):
                raise InvalidStateError(f"deck= must hold the {len(full)} cards of "
                                        f"{r.num_decks} {r.deck}-card deck(s), each once per deck")
        else:
            cards = full
            self._rng.shuffle(cards)
        if dealer is None:
            dealer = n - 1
        if type(dealer) is not int or not 0 <= dealer < n:
            raise InvalidStateError(f"no seat {dealer!r} to deal in a {n}-player game")
        first = (dealer + 1) % n
        for k, c in enumerate(cards):  # each card goes on top of the stock (the list's end)
            self._stocks[(first + k) % n].append(c)
        self._turn = first
        self._acting = (first,)

    def _setup(self) -> None:
        """Tables and an empty table for ``self.rules`` (construction and loading)."""
        r = self.rules
        n = self.num_players
        self._t = tables(r.deck)
        self._others = [tuple((p + k) % n for k in range(1, n)) for p in range(n)]
        self._onp = pile_moves(n)
        self._onf = foundation_moves(4 * r.num_decks)
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
        self._phase = Phase.PLAY
        self._loser = -1
        self._capped = False
        self._pcard = 0
        self._bids = [-1] * n
        self._deck: tuple[int, ...] | None = None
        self._cache: tuple[tuple[Move, ...], Move] | None = None

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

        Cards not named anywhere are out of play.

        Raises:
            InvalidStateError: for an impossible position.

        >>> g = Game.from_position(Rules(players=2), stocks=["10c 3o", "4b"],
        ...                        piles=["7b", "12c"])
        >>> g.forced_move()
        Draw()
        """
        if rules is None:
            rules = Rules(players=len(stocks))
        game = object.__new__(cls)
        game._init_base(rules, seed=seed, rng=rng)
        n = game.num_players = game.rules.players
        game._setup()
        if len(stocks) != n or (piles is not None and len(piles) != n):
            raise InvalidStateError(f"a {n}-player position needs {n} stocks and {n} piles")
        game._stocks = [read_cards(s)[::-1] for s in stocks]
        game._piles = [read_cards(p) for p in (piles or [()] * n)]
        game._ftop = read_foundations(foundations, game._t)
        game._held = code(Card.parse(held) if isinstance(held, str) else held) if held else 0
        game._recycled = [s in set(recycled) for s in range(n)]
        if ledger is not None:
            game._ledger = [[int(x) for x in row] for row in ledger]
        game._turns = turns
        if punishment_card is not None:
            pc = Card.parse(punishment_card) if isinstance(punishment_card, str) else punishment_card
            game._pcard = code(pc)
        game._turn = turn
        game._finish_loading()
        game._mark_position()
        return game

    def _finish_loading(self) -> None:
        """Validate the position, rebuild the derived fields, set who acts."""
        t = self._t
        for top in self._ftop:
            nxt = t.next_code[top]
            if nxt:
                self._want[nxt] += 1
        self._deck = check_position(self)
        if self._phase == Phase.PLAY:
            self._acting = (self._turn,)
        self._cache = None

    # -- whose turn, what is legal ----------------------------------------------------------
    def _options(self) -> tuple[tuple[Move, ...], Move]:
        """The legal moves and the forced move, cached until the next move."""
        cache = self._cache
        if cache is None:
            moves, forced = self._fits()
            cache = self._cache = (tuple(moves) if self._penalize else (forced,)), forced
        return cache

    def _fits(self) -> tuple[list[Move], Move]:
        """Every move that physically fits now (MK-10) and the forced move (MK-03).

        The moves come in a fixed order that does not give the forced one away:
        ``draw`` (or ``pass``), a new foundation, foundations by index, piles by seat.
        """
        p = self._turn
        piles = self._piles
        pile = piles[p]
        held = self._held
        card = held or (pile[-1] if pile else 0)
        moves: list[Move] = []
        forced: Move | None = None
        if not held and (self._stocks[p] or len(pile) >= 2):
            moves.append(DRAW)
        onp = self._onp
        if card & 15 == 1:
            forced = _START[card]
            moves.append(forced)  # type: ignore[arg-type]
            if held:
                moves.append(onp[p][held])  # type: ignore[arg-type]
        elif card:
            if self._want[card]:
                nxt = self._t.next_code
                onf = self._onf
                for i, top in enumerate(self._ftop):
                    if nxt[top] == card:
                        m = onf[i][card]
                        moves.append(m)  # type: ignore[arg-type]
                        if forced is None:
                            forced = m
            rank = card & 15
            succ = self._t.succ_rank
            n = self.num_players
            nearest = n
            pile_forced: Move | None = None
            for j in range(n):
                if j == p:
                    if held:
                        moves.append(onp[p][held])  # type: ignore[arg-type]
                    continue
                pj = piles[j]
                if pj and succ[pj[-1]] == rank:
                    mp = onp[j][card]
                    moves.append(mp)  # type: ignore[arg-type]
                    if forced is None and (j - p) % n < nearest:
                        nearest = (j - p) % n
                        pile_forced = mp
            if forced is None and nearest < n:
                forced = pile_forced
        if forced is None:
            forced = onp[p][held] if held else (DRAW if moves else PASS)
            if not moves:
                moves.append(PASS)
        assert forced is not None
        return moves, forced

    def _legal(self, seat: int) -> tuple[Move, ...]:
        if self._phase == Phase.PUNISHMENT:
            return BIDS
        return self._options()[0]

    def legal_moves(self, seat: int | None = None) -> tuple[Move, ...]:
        """Every move that fits now for ``seat`` (default: the player to act), the forced
        move first (MK-10); under ``infractions="forbid"`` only the forced move.

        During the final punishment each bidder has ``bid 0`` to ``bid 10``.
        """
        if self._phase == Phase.PLAY and (seat is None or seat == self._turn):
            cache = self._cache
            return cache[0] if cache is not None else self._options()[0]
        return super().legal_moves(seat)

    def forced_move(self, seat: int | None = None) -> Move | None:
        """The move MK-03 prescribes to the player whose turn it is (``None`` otherwise).

        During the final punishment nothing is forced: bids are free.
        """
        if self._phase != Phase.PLAY or (seat is not None and seat != self._turn):
            return None
        return self._options()[1]

    def _check(self, move: Move, seat: int) -> None:
        if self._phase == Phase.PUNISHMENT:
            if type(move) is Bid and type(move.amount) is int and 0 <= move.amount <= MAX_BID:
                return
            raise IllegalMoveError(f"the final punishment is on: bid 0 to {MAX_BID} macarras "
                                   "(e.g. 'bid 7')", move=move, seat=seat)
        legal, forced = self._cache or self._options()
        if move in legal:
            return
        raise IllegalMoveError(why_illegal(self, move, forced), move=move, seat=seat)

    # -- applying moves -----------------------------------------------------------------------
    def _apply(self, move: Move, seat: int) -> None:
        forced = (self._cache or self._options())[1]
        if move is not forced and move != forced:
            self._infraction(seat, move, forced)
        self._cache = None
        kind = type(move)
        if kind is Draw:
            self._draw(seat)
        elif kind is Pass:
            if self._sink is not None:
                self._sink.append(ev.Passed(seat=seat))
            self._end_turn(seat)
        else:
            self._place(move, seat)

    def _infraction(self, seat: int, move: Move, forced: Move) -> None:
        self._infractions[seat] += 1
        ledger = self._ledger
        for j in self._others[seat]:
            ledger[j][seat] += 1
        sink = self._sink
        if sink is not None:
            sink.append(ev.InfractionCommitted(seat=seat, move=str(move), forced=str(forced),
                                               count=self._infractions[seat]))
            for j in self._others[seat]:
                sink.append(ev.MacarrasGiven(giver=j, receiver=seat, count=1, reason="infraction",
                                             total=ledger[j][seat]))

    def _draw(self, p: int) -> None:
        stock = self._stocks[p]
        sink = self._sink
        if not stock:
            pile = self._piles[p]
            top = pile.pop()
            pile.reverse()  # the oldest face-up card becomes the new top (the list's end)
            self._stocks[p] = stock = pile
            self._piles[p] = [top]
            self._recycled[p] = True
            if sink is not None:
                sink.append(ev.StockRecycled(seat=p, stock=tuple(CARDS[c] for c in reversed(stock)),  # type: ignore[misc]
                                             face_up=CARDS[top]))  # type: ignore[arg-type]
        c = stock.pop()
        self._held = c
        if sink is not None:
            sink.append(ev.CardDrawn(seat=p, card=CARDS[c], stock_size=len(stock)))  # type: ignore[arg-type]
        if c & 15 == 1 and self.rules.ace_macarra:
            row = self._ledger[p]
            others = self._others[p]
            for j in others:
                row[j] += 1
            if sink is not None:
                sink.append(ev.AceDrawn(seat=p, card=CARDS[c]))  # type: ignore[arg-type]
                sink.extend(ev.MacarrasGiven(giver=p, receiver=j, count=1, reason="ace", total=row[j])
                            for j in others)

    def _place(self, move: Move, p: int) -> None:
        held = self._held
        pile = self._piles[p]
        if held:
            c = held
            self._held = 0
        else:
            c = pile.pop()
        kind = type(move)
        if kind is PlaceOnPile:
            j = move.seat  # type: ignore[attr-defined]
            if j == p:
                fits = bool(pile) and self._t.succ_rank[pile[-1]] == c & 15
                pile.append(c)
                if self._sink is not None:
                    self._placed(p, c, bool(held), j, None, len(pile))
                if not fits:
                    self._end_turn(p)
                return
            target = self._piles[j]
            target.append(c)
            size = len(target)
            fi = None
        elif kind is PlaceOnFoundation:
            fi = move.foundation  # type: ignore[attr-defined]
            self._ftop[fi] = c
            self._want[c] -= 1
            nxt = self._t.next_code[c]
            if nxt:
                self._want[nxt] += 1
            j, size = None, len(self._t.run_to(c)) if self._sink is not None else 0
        else:
            fi = len(self._ftop)
            self._ftop.append(c)
            self._want[self._t.next_code[c]] += 1
            j, size = None, 1
        if self._sink is not None:
            self._placed(p, c, bool(held), j, fi, size)
        if not pile and not self._stocks[p]:
            if self._sink is not None:
                alive = tuple(s for s in range(self.num_players) if self._stocks[s] or self._piles[s])
                self._sink.append(ev.PlayerOut(seat=p, remaining=alive))
            self._end_turn(p)

    def _placed(self, p: int, c: int, drawn: bool, pile: int | None, fi: int | None, size: int) -> None:
        target = f"p{pile}" if pile is not None else ("new" if size == 1 else f"f{fi}")
        assert self._sink is not None
        self._sink.append(ev.CardPlaced(seat=p, card=CARDS[c], drawn=drawn, target=target,  # type: ignore[arg-type]
                                        foundation=fi, pile=pile, size=size))

    def _end_turn(self, p: int) -> None:
        self._turns += 1
        stocks, piles = self._stocks, self._piles
        alive = [s for s in range(self.num_players) if stocks[s] or piles[s]]
        nxt: int | None = None
        if len(alive) > 1 and self._turns < self.rules.max_turns:
            nxt = next(s for s in self._others[p] if stocks[s] or piles[s])
        if self._sink is not None:
            self._sink.append(ev.TurnEnded(seat=p, turns=self._turns, next_seat=nxt))
        if nxt is not None:
            self._turn = nxt
            self._acting = (nxt,)
        elif len(alive) <= 1:
            self._finish(alive[0] if alive else p, capped=False)
        else:
            counts = [len(stocks[s]) + len(piles[s]) for s in range(self.num_players)]
            self._finish(counts.index(max(counts)), capped=True)

    def _finish(self, loser: int, *, capped: bool) -> None:
        self._loser = loser
        self._capped = capped
        sink = self._sink
        others = tuple(s for s in range(self.num_players) if s != loser)
        if sink is not None:
            sink.append(ev.LoserDecided(loser=loser, capped=capped, cards_left=self.cards_left))
        if self.rules.final_punishment:
            if not self._pcard:
                deck = self._t.full_deck
                self._pcard = deck[self._rng.randrange(len(deck))]
            self._phase = Phase.PUNISHMENT
            self._acting = others
            self._simultaneous = True
            if sink is not None:
                sink.append(ev.PunishmentStarted(loser=loser, bidders=others))
        else:
            self._end()

    def _end(self) -> None:
        self._phase = Phase.OVER
        self._acting = ()
        self._simultaneous = False
        if self._sink is not None:
            ledger = tuple(map(tuple, self._ledger))
            self._sink.append(ev.GameEnded(loser=self._loser, ledger=ledger, scores=net_scores(ledger)))

    def _resolve(self, answers: tuple[tuple[int, Move], ...]) -> None:
        loser = self._loser
        card = CARDS[self._pcard]
        assert card is not None
        value = punishment_value(card, self.rules.deck)
        ledger = self._ledger
        sink = self._sink
        for seat, move in answers:
            amount = move.amount  # type: ignore[attr-defined]
            self._bids[seat] = amount
            ledger[seat][loser] += amount
            ledger[loser][seat] += max(0, amount - value)
        if sink is not None:
            sink.extend(ev.BidRevealed(seat=s, amount=self._bids[s]) for s, _ in answers)
            sink.append(ev.PunishmentCardRevealed(card=card, value=value))
            for seat, _ in answers:
                amount = self._bids[seat]
                if amount:
                    sink.append(ev.MacarrasGiven(giver=seat, receiver=loser, count=amount,
                                                 reason="punishment", total=ledger[seat][loser]))
                if amount > value:
                    sink.append(ev.MacarrasReturned(giver=loser, receiver=seat, count=amount - value,
                                                    total=ledger[loser][seat]))
        self._end()

    # -- reading the game ---------------------------------------------------------------------
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
        return self._turn if self._phase == Phase.PLAY else None

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
    def result(self) -> MacarraResult | None:
        """How the game ended, or ``None`` while it runs (bids still open included)."""
        if self._phase != Phase.OVER:
            return None
        scores = self.scores
        loser = self._loser
        others = tuple(s for s in range(self.num_players) if s != loser)
        return MacarraResult(winners=others, ranking=(others, (loser,)), scores=scores,
                      returns=tuple(float(x) for x in scores), loser=loser, capped=self._capped,
                      ledger=self.ledger, punishment_card=CARDS[self._pcard] if self._pcard else None,
                      bids=tuple(b if b >= 0 else None for b in self._bids), turns=self._turns)

    def zones(self) -> dict[str, tuple[Card, ...]]:
        """Every card in play: stocks (top first), face-up piles (bottom to top),
        foundations (ace up, creation order) and the held card."""
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
    def _clone_into(self, new: Game) -> None:
        new._t = self._t
        new._others = self._others
        new._onp = self._onp
        new._onf = self._onf
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
        new._stocks = [s.copy() for s in self._stocks]
        new._piles = [p.copy() for p in self._piles]
        new._ledger = [row.copy() for row in self._ledger]
        new._ftop = self._ftop.copy()
        new._want = self._want.copy()
        new._recycled = self._recycled.copy()
        new._infractions = self._infractions.copy()
        new._bids = self._bids.copy()

    def _state_dict(self) -> dict[str, Any]:
        return state_dict(self)

    def _load_state(self, state: Mapping[str, Any]) -> None:
        load_state(self, state)
