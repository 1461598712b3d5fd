"""The steps of a Machuco hand (internal): the engine under :class:`naipes.machuco.Game`.

:class:`Engine` holds the game's fields and runs a hand as a linear sequence
of steps: start the hand (shuffle, turn-up, its points), deal (and sing), the
plays, the end of each deal (contested cantes paid, the next deal), the end of
the hand (chain, pending cantes, leftovers, the card count), then the next
hand. Each step returns the step that follows, or ``None`` when a seat must
decide; a side reaching the target under ``win_check="immediate"`` makes the
step return :meth:`Engine._end_chico` (the rest of the hand is abandoned). No
exception is used for control flow, and nothing here imports
:mod:`naipes.machuco.state`, which subclasses :class:`Engine` with the public API.

.. versionadded:: 1.0
   Replaces 0.1's ``flow`` module and its ``ChicoOver`` exception.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional

import attrs

from naipes.cards import Card
from naipes.game import Game as BaseGame
from naipes.machuco import _hand
from naipes.machuco import events as ev
from naipes.machuco._tables import _BIT, _CAPTURE, _PLAY, _REASONS, Phase, _shuffled
from naipes.machuco.moves import Envio, Move, PlayCard, Quiero
from naipes.machuco.rules import Rules
from naipes.machuco.scoring import (
    _FIGURES,
    CanteOutcome,
    Contest,
    Figure,
    PendingCante,
    Result,
    envio_amounts,
    game_result,
    resolve_cantes,
    turnup_points,
)

if TYPE_CHECKING:
    from naipes.machuco.view import View  # noqa: F401 - named in a string base class

__all__ = ["Engine", "Step"]

#: A step of the hand: it returns the next step, or ``None`` when a seat must decide.
Step = Callable[[], Optional["Step"]]

_PLAYING, _DECIDING, _RESPONDING, _OVER = Phase.PLAY, Phase.DECIDE, Phase.RESPOND, Phase.OVER


def _take(hand: list[PlayCard], move: PlayCard) -> None:
    """Remove ``move`` from a hand (by identity first: moves are interned, equality is slower)."""
    i = 0
    for held in hand:
        if held is move:
            del hand[i]
            return
        i += 1
    hand.remove(move)


def _holds(hand: list[PlayCard], move: object) -> bool:
    """True when ``move`` is the very (interned) object in ``hand``."""
    for held in hand:
        if held is move:
            return True
    return False


class Engine(BaseGame[Rules, Move, "View"]):
    """The fields of a Machuco game and the steps of its hands (see the module docstring)."""

    _orders: tuple[tuple[Card, ...], ...]

    __slots__ = (
        "_n", "_nsides", "_side_of", "_next_act", "_deal_len", "_target", "_immediate", "_cumulative",
        "_compulsory", "_dealer", "_mano", "_hand_no", "_deal_no", "_plays_done", "_hands", "_stock",
        "_table", "_mask", "_piles", "_aside", "_scores", "_chicos", "_partidos", "_last_throw",
        "_ch_rank", "_ch_level", "_ch_side", "_ch_len", "_last_capturer", "_phase", "_contest",
        "_pending", "_cantes", "_plays", "_deal_starts", "_turnup", "_bottom", "_orders", "_full", "_winner",
        "_hand_closed", "_draw", "_limpia_last", "_won",
    )

    def _setup(self, rules: Rules) -> None:
        """Fixed fields derived from the rules, and an empty table."""
        n = self._n = rules.players
        self._nsides = rules.num_sides
        self._side_of = tuple(s % self._nsides for s in range(n))
        self._next_act = tuple(((s + 1) % n,) for s in range(n))
        self._deal_len = 3 * n
        self._target = rules.target
        self._immediate = rules.win_check == "immediate"
        self._cumulative = rules.majo_chain_scoring == "cumulative"
        self._compulsory = rules.compulsory_capture
        self._limpia_last = rules.limpia_on_last_play
        self._dealer = 0
        self._mano = 1 % n
        self._hand_no = 0
        self._scores = [0] * self._nsides
        self._chicos = [0] * self._nsides
        self._partidos = [0] * self._nsides
        self._orders = ()
        self._full = True
        self._winner = -1
        self._won = -1
        self._draw: tuple[tuple[tuple[int, Card], ...], ...] = ()
        self._clear_hand()

    def _clear_hand(self) -> None:
        n = self._n
        self._deal_no = 0
        self._plays_done = 0
        self._hands: list[list[PlayCard]] = [[] for _ in range(n)]
        self._stock: list[PlayCard] = []
        self._table: list[Card] = []
        self._mask = 0
        self._piles: list[list[Card]] = [[] for _ in range(self._nsides)]
        self._aside: list[Card] = []
        self._last_throw = 0
        self._ch_rank = self._ch_level = self._ch_side = self._ch_len = 0
        self._last_capturer = -1
        self._phase = _PLAYING
        self._contest: Contest | None = None
        self._pending: list[PendingCante] = []
        self._cantes: tuple[tuple[int, Figure], ...] | None = ()
        self._plays: list[tuple[int, Card]] = []
        self._deal_starts: list[int] = []
        self._turnup: tuple[Card, ...] = ()
        self._bottom: tuple[Card, ...] = ()
        self._hand_closed = False

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: ``((0, 2), (1, 3))`` in partnerships."""
        ns = self._nsides
        return tuple(tuple(s for s in range(self._n) if s % ns == side) for side in range(ns))

    def _result(self) -> Result:
        return game_result(self.sides, self._scores, self._winner if self._winner >= 0 else None,
                           self._chicos, self._partidos)

    def _dealt(self, seat: int, deal: int) -> tuple[Card, ...]:
        start = self._deal_starts[deal - 1]
        end = self._deal_starts[deal] if deal < len(self._deal_starts) else len(self._plays)
        played = tuple(c for s, c in self._plays[start:end] if s == seat)
        if deal == self._deal_no:
            played += tuple(m.card for m in self._hands[seat])
        return played

    def _captures(self, rank: int) -> bool:
        """True when a card of ``rank`` would capture now (a chain step counts)."""
        return bool(self._mask & _BIT[rank]) or (self._ch_level > 0 and rank == self._ch_rank)

    @staticmethod
    def _run(step: Step | None) -> None:
        """Run the automatic steps, each returning the next, until a seat must decide."""
        while step is not None:
            step = step()

    def _award(self, side: int, points: int, reason: ev.Reason) -> bool:
        """Score ``points`` for ``side``; True when that ends the chico at once (MC-21)."""
        scores = self._scores
        scores[side] += points
        if self._listening and self._wants(ev.PointsAwarded):
            self._emit(ev.PointsAwarded(side=side, points=points, reason=reason, totals=tuple(scores)))
        if self._immediate and scores[side] >= self._target:
            self._won = side
            return True
        return False

    def _play(self, move: PlayCard, seat: int) -> bool:
        """A card from the hand: a chain step, a capture or a throw (MC-12..MC-18); True: chico won."""
        card = move.card
        rank = card.rank
        level = self._ch_level
        if level:
            if rank == self._ch_rank:
                return self._chain_step(move, seat, level + 1)
            self._ch_level = 0
            if not self._cumulative and self._award(self._ch_side, level, _REASONS[level - 1]):
                return True
        hand, i = self._hands[seat], 0
        for held in hand:  # _take, inlined
            if held is move:
                del hand[i]
                break
            i += 1
        else:
            hand.remove(move)
        self._plays_done += 1
        self._plays.append((seat, card))
        bit = _BIT[rank]
        mask = self._mask
        if mask & bit:
            return self._capture(seat, card, mask)
        self._table.append(card)
        self._mask = mask | bit
        self._last_throw = rank
        if self._listening and self._wants(ev.CardThrown):
            self._emit(ev.CardThrown(seat=seat, card=card, table=tuple(self._table)))
        return False

    def _capture(self, seat: int, card: Card, mask: int) -> bool:
        """``card`` takes its pair and the run above it; maybe a majo, maybe a limpia."""
        rank = card.rank
        side = self._side_of[seat]
        cap = _CAPTURE[rank][mask]
        table = self._table
        taken = [c for c in table if _BIT[c.rank] & cap]
        self._table = table = [c for c in table if not _BIT[c.rank] & cap] if len(taken) < len(table) else []
        self._mask = mask ^ cap
        pile = self._piles[side]
        pile += taken
        pile.append(card)
        self._last_capturer = side
        majo = self._last_throw == rank
        self._last_throw = 0
        listening = self._listening
        if listening and self._wants(ev.Captured):
            self._emit(ev.Captured(seat=seat, side=side, card=card, taken=tuple(taken), table=tuple(table),
                                   pile_size=len(pile)))
        if majo:
            self._ch_rank, self._ch_level, self._ch_side, self._ch_len = rank, 1, side, len(taken) + 1
            if listening and self._wants(ev.MajoMade):
                self._emit(ev.MajoMade(seat=seat, side=side, level=1, rank=rank))
            if self._cumulative and self._award(side, 1, ev.Reason.MAJO):
                return True
        if not table and (self._plays_done % self._deal_len or self._stock or self._limpia_last):
            if listening and self._wants(ev.TableCleared):
                self._emit(ev.TableCleared(seat=seat, side=side))
            return self._award(side, 1, ev.Reason.LIMPIA)
        return False

    def _chain_step(self, move: PlayCard, seat: int, level: int) -> bool:
        """A contramajo (level 2) or recontramajo (level 3) takes the whole stack (MC-16)."""
        card = move.card
        _take(self._hands[seat], move)
        self._plays_done += 1
        self._plays.append((seat, card))
        side = self._side_of[seat]
        src = self._piles[self._ch_side]
        k = self._ch_len
        stack = src[-k:]
        del src[-k:]
        pile = self._piles[side]
        pile += stack
        pile.append(card)
        self._last_capturer = side
        self._last_throw = 0
        self._ch_side = side
        self._ch_len = k + 1
        self._ch_level = 0 if level == 3 else level
        if self._listening:
            if self._wants(ev.Captured):
                self._emit(ev.Captured(seat=seat, side=side, card=card, taken=tuple(stack),
                                       table=tuple(self._table), pile_size=len(pile)))
            if self._wants(ev.MajoMade):
                self._emit(ev.MajoMade(seat=seat, side=side, level=level, rank=card.rank))
        return (self._cumulative or level == 3) and self._award(side, level, _REASONS[level - 1])

    def _decide(self, move: Move, seat: int) -> None:
        contest = self._contest
        assert contest is not None
        if isinstance(move, Envio):
            self._contest = attrs.evolve(contest, amount=move.amount)
            self._phase = _RESPONDING
            self._set_to_act((contest.responder,))
            if self._listening and self._wants(ev.EnvioSent):
                self._emit(ev.EnvioSent(seat=seat, amount=move.amount))
            return
        self._contest = None
        self._pending.append(PendingCante(deal=contest.deal, category=contest.category, stake=0,
                                          contenders=contest.contenders, totals=contest.totals))
        self._phase = _PLAYING
        self._set_to_act((self._mano,))
        if self._listening and self._wants(ev.MayorChosen):
            self._emit(ev.MayorChosen(seat=seat))

    def _respond(self, move: Move, seat: int) -> bool:
        """The answer to an envío; True when a refusal's points end the chico (MC-09)."""
        contest = self._contest
        assert contest is not None
        self._contest = None
        self._phase = _PLAYING
        self._set_to_act((self._mano,))
        accepted = isinstance(move, Quiero)
        if self._listening and self._wants(ev.EnvioAnswered):
            self._emit(ev.EnvioAnswered(seat=seat, accepted=accepted, amount=contest.amount))
        if accepted:
            self._pending.append(PendingCante(deal=contest.deal, category=contest.category, stake=contest.amount,
                                              contenders=contest.contenders, totals=contest.totals))
            return False
        side = self._side_of[contest.decider]
        return self._award(side, contest.totals[side], ev.Reason.ENVIO_REFUSED)

    # -- the steps of a hand ------------------------------------------------------------------
    def _start_hand(self) -> Step | None:
        """Shuffle (or take the given order), turn up four cards and score them (MC-04, MC-05)."""
        if not self._full:  # a partial-deck position cannot deal another hand
            return self._finish
        self._clear_hand()
        self._hand_no += 1
        self._mano = (self._dealer + 1) % self._n
        if self._hand_no <= len(self._orders):
            deck = [_PLAY[c] for c in self._orders[self._hand_no - 1]]
        else:
            deck = _shuffled(self._rng)
        listening = self._listening
        if listening and self._wants(ev.HandStarted):
            self._emit(ev.HandStarted(hand=self._hand_no, dealer=self._dealer, first=self._mano))
        turned, table, self._stock, replaced = _hand.turn_up(deck)
        self._turnup, self._table = turned, table
        self._bottom = tuple(old for _, old, _ in replaced)
        self._mask = sum(_BIT[c.rank] for c in table)
        if listening and self._wants(ev.TableTurnedUp):
            self._emit(ev.TableTurnedUp(cards=turned))
        if self._score_turnup(turned):
            return self._end_chico
        if listening and self._wants(ev.CardReplaced):
            for pos, old, new in replaced:
                self._emit(ev.CardReplaced(position=pos, removed=old, added=new))
        return self._deal

    def _score_turnup(self, turned: tuple[Card, ...]) -> bool:
        """The coincidences and the bien dada, for the dealer's side (MC-05 b, c); True: chico won."""
        side = self._side_of[self._dealer]
        per, bien = turnup_points([c.rank for c in turned], self.rules.turnup_match_points)
        for pos, points in enumerate(per, 1):
            if points:
                if self._listening and self._wants(ev.CoincidenceFound):
                    self._emit(ev.CoincidenceFound(position=pos, card=turned[pos - 1], side=side))
                if self._award(side, points, ev.Reason.COINCIDENCE):
                    return True
        if bien:
            if self._listening and self._wants(ev.TurnupBienDada):
                self._emit(ev.TurnupBienDada(side=side))
            return self._award(side, 1, ev.Reason.BIEN_DADA)
        return False

    def _deal(self) -> Step | None:
        """Three cards to each seat, one at a time from the mano; then the cantes (MC-04, MC-06)."""
        n = self._n
        stock = self._stock
        cards = stock[:self._deal_len]
        del stock[:self._deal_len]
        self._deal_no += 1
        self._deal_starts.append(len(self._plays))
        mano = self._mano
        hands = self._hands
        figs: list[tuple[int, Figure]] = []
        tell = self._listening and self._wants(ev.CardsDealt)
        for k in range(n):
            s = (mano + k) % n
            a, b, c = cards[k], cards[n + k], cards[2 * n + k]
            hands[s] = [a, b, c]
            fig = _FIGURES[(a.card.rank, b.card.rank, c.card.rank)]
            if fig is not None:
                figs.append((s, fig))
            if tell:
                self._emit(ev.CardsDealt(seat=s, cards=(a.card, b.card, c.card), count=3, deal=self._deal_no,
                                         private_to=s))
        self._phase = _PLAYING
        self._set_to_act((mano,))
        self._cantes = ()
        if figs and self._sing(figs):
            return self._end_chico
        return None

    def _sing(self, figs: list[tuple[int, Figure]]) -> bool:
        """Sing every figure and settle what can be settled now (MC-08, MC-09, MC-10); True: chico won."""
        self._cantes = tuple(figs)
        tell = self._listening and self._wants(ev.CanteSung)
        if len(figs) == 1 and not tell:
            s, f = figs[0]
            return self._award(self._side_of[s], f.value, ev.Reason.CANTE)
        per_side: list[list[Figure]] = [[] for _ in range(self._nsides)]
        for s, f in figs:
            per_side[self._side_of[s]].append(f)
            if tell:
                self._emit(ev.CanteSung(seat=s, side=self._side_of[s], category=f.category, value=f.value))
        out = resolve_cantes(per_side)
        if out.winner is not None:
            return self._award(out.winner, out.points, ev.Reason.CANTE)
        self._contest_cante(figs, out)
        return False

    def _contest_cante(self, figs: list[tuple[int, Figure]], out: CanteOutcome) -> None:
        """Two sides tie at the best category: the decider chooses, or it waits a la mayor (MC-08, MC-10)."""
        assert out.category is not None
        cat = out.category
        contested = self._listening and self._wants(ev.CanteContested)
        if self._nsides == 2 and envio_amounts(cat, self.rules.envio_limit, self.rules.envio_enabled):
            holders = [s for s, f in figs if f.category == cat]
            decider = holders[0]
            responder = next(s for s in holders if self._side_of[s] != self._side_of[decider])
            self._contest = Contest(deal=self._deal_no, category=cat, contenders=out.contenders,
                                    totals=out.totals, decider=decider, responder=responder)
            self._phase = _DECIDING
            self._set_to_act((decider,))
            if contested:
                self._emit(ev.CanteContested(category=cat, contenders=out.contenders, decider=decider,
                                             responder=responder))
            return
        if contested:
            self._emit(ev.CanteContested(category=cat, contenders=out.contenders, decider=None, responder=None))
        self._pending.append(PendingCante(deal=self._deal_no, category=cat, stake=0, contenders=out.contenders,
                                          totals=out.totals))

    def _pay_pending(self) -> bool:
        """Pay the contested cantes waiting for their resolution point (MC-08, MC-11); True: chico won."""
        n = self._n
        while self._pending:
            p = self._pending.pop(0)
            seats = [(self._mano + k) % n for k in range(n)]
            found = _hand.pending_winner(p, [(s, self._side_of[s], self._dealt(s, p.deal)) for s in seats])
            if found is None:
                continue
            winner, keys = found
            points = p.stake or p.totals[winner]
            if self._listening and self._wants(ev.CanteResolved):
                self._emit(ev.CanteResolved(deal=p.deal, category=p.category, winner=winner, points=points,
                                            keys=keys))
            if self._award(winner, points, ev.Reason.ENVIO if p.stake else ev.Reason.CANTE):
                return True
        return False

    def _end_deal(self) -> Step | None:
        """After the last play of a deal: pay contested cantes (MC-11), deal again or end the hand.

        At the end of the hand, the chain and every pending cante are paid by
        :meth:`_end_hand`, chain first (MC-16, MC-11).
        """
        if self._listening and self._wants(ev.DealEnded):
            self._emit(ev.DealEnded(hand=self._hand_no, deal=self._deal_no))
        if len(self._stock) < self._deal_len:
            return self._end_hand
        if self._pending and self.rules.contested_cante_resolution == "end_of_deal" and self._pay_pending():
            return self._end_chico
        return self._deal

    def _end_hand(self) -> Step | None:
        """Close the chain, pay what waits, sweep the leftovers, count the cards (MC-16, MC-19, MC-20)."""
        level = self._ch_level
        if level:
            self._ch_level = 0
            if not self._cumulative and self._award(self._ch_side, level, _REASONS[level - 1]):
                return self._end_chico
        if self._pay_pending():
            return self._end_chico
        self._take_leftovers()
        if self._count_cards():
            return self._end_chico
        self._hand_closed = True
        if self._listening and self._wants(ev.HandEnded):
            self._emit(ev.HandEnded(hand=self._hand_no, scores=tuple(self._scores), abandoned=False))
        if not self._immediate:
            top = max(self._scores)
            leaders = [s for s, v in enumerate(self._scores) if v == top]
            if top >= self._target and len(leaders) == 1:
                self._won = leaders[0]
                return self._end_chico
        if self.rules.scope == "hand":
            return self._finish
        self._dealer = self._mano
        return self._start_hand

    def _take_leftovers(self) -> None:
        """The table goes to the side that captured last, else aside (MC-19)."""
        if not self._table:
            return
        left = tuple(self._table)
        if self._last_capturer >= 0:
            self._piles[self._last_capturer] += left
        else:
            self._aside += left
        self._table = []
        self._mask = 0
        if self._listening and self._wants(ev.LeftoversTaken):
            self._emit(ev.LeftoversTaken(side=self._last_capturer if self._last_capturer >= 0 else None,
                                         cards=left))

    def _count_cards(self) -> bool:
        """Cards won beyond the threshold score, side by side from the mano (MC-20); True: chico won."""
        threshold = self.rules.threshold
        won = tuple(len(p) for p in self._piles)
        if self._listening and self._wants(ev.CardsCounted):
            self._emit(ev.CardsCounted(cards_won=won, points=tuple(max(0, w - threshold) for w in won),
                                       threshold=threshold))
        for side in _hand.sides_from(self._mano, self._side_of):
            if won[side] > threshold and self._award(side, won[side] - threshold, ev.Reason.CARD_COUNT):
                return True
        return False

    def _end_chico(self) -> Step | None:
        """Book the chico of ``_won`` (and maybe a partido and the match); abandon the hand (MC-21, MC-23)."""
        side, self._won = self._won, -1
        self._book_chico(side)
        if not self._hand_closed:
            self._hand_closed = True
            if self._listening and self._wants(ev.HandEnded):
                self._emit(ev.HandEnded(hand=self._hand_no, scores=tuple(self._scores), abandoned=True))
        if self._winner >= 0:
            return self._finish
        self._scores = [0] * self._nsides
        if self._listening and self._wants(ev.ScoresReset):
            self._emit(ev.ScoresReset(totals=tuple(self._scores)))
        self._dealer = self._mano
        return self._start_hand

    def _book_chico(self, side: int) -> None:
        rules = self.rules
        listening = self._listening
        self._chicos[side] += 1
        done = rules.scope in ("hand", "chico")
        if listening and self._wants(ev.ChicoEnded):
            self._emit(ev.ChicoEnded(winner=side, scores=tuple(self._scores), chicos=tuple(self._chicos)))
        if self._chicos[side] >= rules.chicos_per_partido:
            self._partidos[side] += 1
            self._chicos = [0] * self._nsides
            done = done or rules.scope == "partido"
            if listening and self._wants(ev.PartidoEnded):
                self._emit(ev.PartidoEnded(winner=side, partidos=tuple(self._partidos)))
            if self._partidos[side] >= rules.partidos_to_win:
                done = True
                if listening and self._wants(ev.MatchEnded):
                    self._emit(ev.MatchEnded(winner=side, partidos=tuple(self._partidos)))
        if done or not self._full:  # a partial-deck position cannot deal another hand
            self._winner = side

    def _finish(self) -> Step | None:
        self._phase = _OVER
        self._set_to_act(())
        self._contest = None
        self._cantes = ()
        if self._listening and self._wants(ev.GameEnded):
            self._emit(ev.GameEnded(result=self._result()))
        return None
