"""The Machuco engine: :class:`Game` plays hands, deals, cantes, captures and scores.

Every automatic effect (turn-up, dealing, cantes, captures, majos, limpias,
leftovers, the card count, chico/partido/match bookkeeping, the next hand) is
applied inside :meth:`Game.play` up to the next decision (MC-24).

>>> from naipes.machuco import Game, Rules
>>> game = Game(Rules(players=2, scope="hand"), seed=3, dealer=1)
>>> game.current_player, len(game.view(0).hand), len(game.view(0).table)
(0, 3, 4)

.. versionadded:: 0.1
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Sequence

import attrs

from naipes.cards import Card
from naipes.errors import IllegalMoveError, InvalidStateError
from naipes.events import Event
from naipes.game import Game as BaseGame
from naipes.game import Result
from naipes.machuco import _persist, flow
from naipes.machuco import events as ev
from naipes.machuco._tables import _BIT, _CAPTURE, _REASONS, DECK40, Phase
from naipes.machuco.flow import ChicoOver
from naipes.machuco.moves import MAYOR, NO_QUIERO, QUIERO, Envio, Mayor, Move, NoQuiero, PlayCard, Quiero
from naipes.machuco.records import Contest, PendingCante
from naipes.machuco.rules import Rules
from naipes.machuco.scoring import Figure, envio_amounts

if TYPE_CHECKING:
    from naipes.machuco.views import View

__all__ = ["Game", "MachucoResult", "Phase"]

def _take(hand: list[PlayCard], move: PlayCard) -> None:
    """Remove ``move`` from a hand (by identity first: moves are interned, equality is slower)."""
    for i, held in enumerate(hand):
        if held is move:
            del hand[i]
            return
    hand.remove(move)


def _holds(hand: list[PlayCard], move: object) -> bool:
    """True when ``move`` is the very (interned) object in ``hand``."""
    for held in hand:
        if held is move:
            return True
    return False


@attrs.frozen(kw_only=True)
class MachucoResult(Result):
    """How a Machuco game ended, with the chicos and partidos of each side.

    .. versionadded:: 0.1
    """

    chicos: tuple[int, ...]
    partidos: tuple[int, ...]


class Game(BaseGame[Rules, Move, "View"]):
    """A game of Machuco from its first hand to the end of ``rules.scope``.

    Args:
        rules: the rules (default :class:`Rules`).
        seed: seed of the game's generator (``None``: fresh entropy).
        rng: the generator itself (instead of ``seed``).
        deck: the 40-card order (top first) of the first hand, or a sequence
            of orders for the first hands; later hands are shuffled.
        dealer: the first dealer; ``None`` draws for it (MC-03).

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "machuco"
    rules_type: ClassVar[type[Any]] = Rules
    move_type: ClassVar[type[Move]] = Move

    _orders: tuple[tuple[Card, ...], ...]
    _opening: tuple[Event, ...]

    __slots__ = (
        "_n", "_nsides", "_side_of", "_next_act", "_deal_len", "_target", "_immediate", "_cumulative",
        "_compulsory", "_dealer", "_mano", "_hand_no", "_deal_no", "_plays_done", "_hands", "_stock",
        "_table", "_mask", "_piles", "_aside", "_scores", "_chicos", "_partidos", "_last_throw",
        "_ch_rank", "_ch_level", "_ch_side", "_ch_len", "_last_capturer", "_phase", "_contest",
        "_pending", "_cantes", "_plays", "_deal_starts", "_turnup", "_bottom", "_orders", "_full", "_winner",
        "_hand_closed", "_draw", "_limpia_last", "_opening",
    )

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None,
                 rng: random.Random | None = None,
                 deck: Sequence[Card] | Sequence[Sequence[Card]] | None = None,
                 dealer: int | None = None) -> None:
        orders = self._deck_orders(deck)
        for order in orders:
            if sorted(map(str, order)) != sorted(map(str, DECK40)):
                raise InvalidStateError("deck= must be an order of the 40-card Spanish deck")
        start: dict[str, Any] = {}
        if orders:
            start["deck"] = [[str(c) for c in o] for o in orders]
        if dealer is not None:
            start["dealer"] = dealer
        self._init_base(rules, seed=seed, rng=rng, start=start)
        self._setup(self.rules)
        self._orders = orders
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < self._n):
            raise InvalidStateError(f"dealer must be a seat 0..{self._n - 1}, not {dealer!r}")
        sink: list[Event] = []
        self._sink = sink
        if dealer is None:
            dealer = flow.draw_dealer(self)
            sink.append(ev.DealerDrawn(rounds=self._draw, dealer=dealer))
        self._dealer = dealer
        self._mano = (dealer + 1) % self._n
        try:
            flow.start_hand(self)
        except ChicoOver:
            flow.after_chico(self)
        self._sink = None
        self._opening = tuple(sink)

    def _setup(self, rules: Rules) -> None:
        """Fixed fields derived from the rules, and an empty table."""
        n = self.num_players = rules.players
        self._n = n
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
        self._draw: tuple[tuple[tuple[int, Card], ...], ...] = ()
        self._opening = ()
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
        self._phase = Phase.PLAY
        self._contest: Contest | None = None
        self._pending: list[PendingCante] = []
        self._cantes: tuple[tuple[int, Figure], ...] | None = ()
        self._plays: list[tuple[int, Card]] = []
        self._deal_starts: list[int] = []
        self._turnup: tuple[Card, ...] = ()
        self._bottom: tuple[Card, ...] = ()
        self._hand_closed = False

    # -- public properties --------------------------------------------------------------
    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: ``((0, 2), (1, 3))`` in partnerships."""
        ns = self._nsides
        return tuple(tuple(s for s in range(self._n) if s % ns == side) for side in range(ns))

    @property
    def scores(self) -> tuple[int, ...]:
        """The running chico score of each side."""
        return tuple(self._scores)

    @property
    def chicos(self) -> tuple[int, ...]:
        """Chicos won by each side in the current partido."""
        return tuple(self._chicos)

    @property
    def partidos(self) -> tuple[int, ...]:
        """Partidos won by each side."""
        return tuple(self._partidos)

    @property
    def phase(self) -> str:
        """``play``, ``decide`` (mayor or envío), ``respond`` (quiero or not) or ``over``."""
        return Phase.NAMES[self._phase]

    @property
    def dealer(self) -> int:
        """The dealer of the current hand."""
        return self._dealer

    @property
    def mano(self) -> int:
        """The mano of the current hand: the seat after the dealer."""
        return self._mano

    @property
    def dealer_draw(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        """The high-card draw for the first dealer: each round's ``(seat, card)`` (``()`` if given)."""
        return self._draw

    @property
    def opening_events(self) -> tuple[Event, ...]:
        """The events of the constructor, which ran before anyone could subscribe.

        The dealer draw, then the first hand's start, turn-up, coincidences,
        bien dada, replacements, deal (``CardsDealt`` is private to its seat)
        and cantes. A front end subscribes, then shows these first. Games
        rebuilt by ``from_dict`` or ``from_position`` have none.
        """
        return self._opening

    @property
    def hand_number(self) -> int:
        """Hands begun so far (1-based)."""
        return self._hand_no

    def side_of(self, seat: int) -> int:
        """The side a seat plays for."""
        return self._side_of[seat]

    @property
    def result(self) -> MachucoResult | None:
        """How the game ended, or ``None`` while it runs."""
        if self._phase != Phase.OVER:
            return None
        sides = self.sides
        scores = tuple(self._scores)
        if self._winner >= 0:
            rest = sorted({scores[s] for s in range(self._nsides) if s != self._winner}, reverse=True)
            groups = [sides[self._winner]] + [
                tuple(x for s in range(self._nsides) if s != self._winner and scores[s] == v for x in sides[s])
                for v in rest]
        else:
            values = sorted(set(scores), reverse=True)
            groups = [tuple(x for s in range(self._nsides) if scores[s] == v for x in sides[s]) for v in values]
        winners = tuple(sorted(groups[0]))
        return MachucoResult(winners=winners, ranking=tuple(tuple(sorted(g)) for g in groups), scores=scores,
                             returns=tuple(1.0 if s in winners else 0.0 for s in range(self._n)),
                             chicos=tuple(self._chicos), partidos=tuple(self._partidos))

    # -- fast paths (same behaviour as the base, for the common case) ----------------------
    def legal_moves(self, seat: int | None = None) -> tuple[Move, ...]:
        """The legal moves of ``seat`` (default: the current player), in canonical order.

        A seat that is not to act has none. In the play phase these are the
        cards of the hand in the order received (only capturing cards under
        ``compulsory_capture`` when there are any).
        """
        return super().legal_moves(seat)

    # -- hooks: legal moves and checks ----------------------------------------------------
    def _legal(self, seat: int) -> tuple[Move, ...]:
        phase = self._phase
        if phase == Phase.PLAY:
            hand = self._hands[seat]
            if self._compulsory:
                taking = tuple(m for m in hand if self._captures(m.card.rank))
                if taking:
                    return taking
            return tuple(hand)
        if phase == Phase.DECIDE:
            assert self._contest is not None
            amounts = envio_amounts(self._contest.category, self.rules.envio_limit, self.rules.envio_enabled)
            return (MAYOR, *(Envio(a) for a in amounts))
        if phase == Phase.RESPOND:
            return (QUIERO, NO_QUIERO)
        return ()

    def _captures(self, rank: int) -> bool:
        """True when a card of ``rank`` would capture now (a chain step counts)."""
        return bool(self._mask & _BIT[rank]) or (self._ch_level > 0 and rank == self._ch_rank)

    def _check(self, move: Move, seat: int) -> None:
        phase = self._phase
        if phase == Phase.PLAY and not self._compulsory and _holds(self._hands[seat], move):
            return  # the common case: an interned card of the hand
        if phase == Phase.PLAY:
            if not isinstance(move, PlayCard):
                raise IllegalMoveError("play a card: no cante decision is open", move=move, seat=seat)
            hand = self._hands[seat]
            if move not in hand:
                raise IllegalMoveError(f"{move} is not in seat {seat}'s hand", move=move, seat=seat)
            if self._compulsory and not self._captures(move.card.rank) and any(
                    self._captures(m.card.rank) for m in hand):
                raise IllegalMoveError("capture is compulsory: play a card that captures", move=move, seat=seat)
        elif phase == Phase.DECIDE:
            if isinstance(move, Mayor):
                return
            if not isinstance(move, Envio):
                raise IllegalMoveError("the decider says 'mayor' or 'envio N'", move=move, seat=seat)
            assert self._contest is not None
            amounts = envio_amounts(self._contest.category, self.rules.envio_limit, self.rules.envio_enabled)
            if move.amount not in amounts:
                raise IllegalMoveError(f"the envío must be one of {amounts}" if amounts
                                       else "no envío is possible here: say 'mayor'", move=move, seat=seat)
        elif phase == Phase.RESPOND:
            if not isinstance(move, (Quiero, NoQuiero)):
                raise IllegalMoveError("answer the envío: 'quiero' or 'no quiero'", move=move, seat=seat)
        else:
            raise IllegalMoveError("the game is over", move=move, seat=seat)

    # -- hooks: applying moves ------------------------------------------------------------
    def _apply(self, move: Move, seat: int) -> None:
        try:
            phase = self._phase
            if phase == Phase.PLAY:
                self._play(move, seat)  # type: ignore[arg-type]
            elif phase == Phase.DECIDE:
                self._decide(move, seat)
            else:
                self._respond(move, seat)
        except ChicoOver:
            flow.after_chico(self)

    def _award(self, side: int, points: int, reason: ev.Reason) -> None:
        scores = self._scores
        scores[side] += points
        if self._sink is not None:
            self._sink.append(ev.PointsAwarded(side=side, points=points, reason=reason, totals=tuple(scores)))
        if self._immediate and scores[side] >= self._target:
            flow.win_chico(self, side)

    def _play(self, move: PlayCard, seat: int) -> None:
        card = move.card
        rank = card.rank
        level = self._ch_level
        if level:
            if rank == self._ch_rank:
                self._chain_step(move, seat, level + 1)
                return
            self._ch_level = 0
            if not self._cumulative:
                self._award(self._ch_side, level, _REASONS[level - 1])
        _take(self._hands[seat], move)
        self._plays_done += 1
        self._plays.append((seat, card))
        bit = _BIT[rank]
        mask = self._mask
        sink = self._sink
        if mask & bit:
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
            if sink is not None:
                sink.append(ev.Captured(seat=seat, side=side, card=card, taken=tuple(taken), table=tuple(table),
                                        pile_size=len(pile)))
            if majo:
                self._ch_rank, self._ch_level, self._ch_side, self._ch_len = rank, 1, side, len(taken) + 1
                if sink is not None:
                    sink.append(ev.MajoMade(seat=seat, side=side, level=1, rank=rank))
                if self._cumulative:
                    self._award(side, 1, ev.Reason.MAJO)
            if not table and (self._plays_done % self._deal_len or self._stock or self._limpia_last):
                if sink is not None:
                    sink.append(ev.TableCleared(seat=seat, side=side))
                self._award(side, 1, ev.Reason.LIMPIA)
        else:
            self._table.append(card)
            self._mask = mask | bit
            self._last_throw = rank
            if sink is not None:
                sink.append(ev.CardThrown(seat=seat, card=card, table=tuple(self._table)))
        if self._plays_done % self._deal_len:
            self._acting = self._next_act[seat]
        else:
            flow.end_deal(self)

    def _chain_step(self, move: PlayCard, seat: int, level: int) -> None:
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
        if self._sink is not None:
            self._sink.append(ev.Captured(seat=seat, side=side, card=card, taken=tuple(stack),
                                          table=tuple(self._table), pile_size=len(pile)))
            self._sink.append(ev.MajoMade(seat=seat, side=side, level=level, rank=card.rank))
        if self._cumulative or level == 3:
            self._award(side, level, _REASONS[level - 1])
        if self._plays_done % self._deal_len:
            self._acting = self._next_act[seat]
        else:
            flow.end_deal(self)

    def _decide(self, move: Move, seat: int) -> None:
        contest = self._contest
        assert contest is not None
        if isinstance(move, Envio):
            self._contest = attrs.evolve(contest, amount=move.amount)
            self._phase = Phase.RESPOND
            self._acting = (contest.responder,)
            if self._sink is not None:
                self._sink.append(ev.EnvioSent(seat=seat, amount=move.amount))
            return
        self._contest = None
        self._pending.append(PendingCante(deal=contest.deal, category=contest.category, stake=0,
                                          contenders=contest.contenders, totals=contest.totals))
        self._phase = Phase.PLAY
        self._acting = (self._mano,)
        if self._sink is not None:
            self._sink.append(ev.MayorChosen(seat=seat))

    def _respond(self, move: Move, seat: int) -> None:
        contest = self._contest
        assert contest is not None
        self._contest = None
        self._phase = Phase.PLAY
        self._acting = (self._mano,)
        accepted = isinstance(move, Quiero)
        if self._sink is not None:
            self._sink.append(ev.EnvioAnswered(seat=seat, accepted=accepted, amount=contest.amount))
        if accepted:
            self._pending.append(PendingCante(deal=contest.deal, category=contest.category, stake=contest.amount,
                                              contenders=contest.contenders, totals=contest.totals))
        else:
            side = self._side_of[contest.decider]
            self._award(side, contest.totals[side], ev.Reason.ENVIO_REFUSED)

    # -- automatic steps ---------------------------------------------------------------------
    def dealt_hand(self, seat: int, deal: int) -> tuple[Card, ...]:
        """The cards ``seat`` was dealt in ``deal`` (1-based) of this hand, as far as played or held.

        Cards still held count only for the current deal.
        """
        start = self._deal_starts[deal - 1]
        end = self._deal_starts[deal] if deal < len(self._deal_starts) else len(self._plays)
        played = tuple(c for s, c in self._plays[start:end] if s == seat)
        if deal == self._deal_no:
            played += tuple(m.card for m in self._hands[seat])
        return played

    # -- views, zones, copies, state dicts ---------------------------------------------------
    def _view(self, seat: int) -> View:
        from naipes.machuco.views import build_view

        return build_view(self, seat)

    def zones(self) -> dict[str, tuple[Card, ...]]:
        """Every card in play by zone: ``hand<seat>``, ``pile<side>``, ``table``, ``stock``, ``aside``."""
        z = {f"hand{s}": tuple(m.card for m in h) for s, h in enumerate(self._hands)}
        z.update({f"pile{s}": tuple(p) for s, p in enumerate(self._piles)})
        z["table"] = tuple(self._table)
        z["stock"] = tuple(m.card for m in self._stock)
        z["aside"] = tuple(self._aside)
        return z

    def _clone_into(self, new: Game) -> None:
        _persist.clone_into(self, new)

    def _state_dict(self) -> dict[str, Any]:
        return _persist.state_dict(self)

    def _load_state(self, state: Mapping[str, Any]) -> None:
        _persist.load_state(self, state)

    @classmethod
    def from_position(cls, rules: Rules | None = None, **zones: Any) -> Game:
        """A game at an explicit position in the play of a deal (see :func:`naipes.machuco.position`).

        Keyword-only zones: ``hands`` (per seat, in the order received),
        ``table`` (in table order), ``stock`` (top first), ``piles`` (per
        side), ``dealer`` (default 1 with 2 players, else 3), ``scores``,
        ``chicos``, ``partidos``, ``deal`` (1-based; default from the stock),
        ``last_throw`` (the number just thrown, 0 for none), ``chain``
        (``(rank, level, seat[, stack size])`` of an open majo chain made by
        ``seat``; the stack ends that side's pile), ``last_capturer``
        (a side), ``seed``. Cards named nowhere are out of play.

        Raises:
            InvalidStateError: for an impossible position.
        """
        from naipes.machuco.position import build_position

        return build_position(cls, rules, zones)
