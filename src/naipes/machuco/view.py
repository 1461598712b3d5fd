"""What one Machuco seat may know: :class:`View`, its sampling and its drawing.

A view holds the seat's own hand (in the order received), the table in table
order, every score, the size of each hand and of the stock, the piles (every
captured card was shown when it was taken), the cantes of the current deal as
MC-06 makes them public, and the public record of the hand (its plays). It
never holds another hand, the stock order or the RNG state.

.. versionadded:: 0.1
.. versionchanged:: 1.0
   The module was ``views``; ``View.phase`` is a :class:`~naipes.machuco.Phase`.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import TYPE_CHECKING

import attrs

from naipes.cards import Card
from naipes.game import View as BaseView
from naipes.machuco._tables import Phase
from naipes.machuco.moves import Move
from naipes.machuco.rules import Rules
from naipes.machuco.scoring import _FIGURES, Cante, Contest, PendingCante, reading

if TYPE_CHECKING:
    from naipes.machuco.state import Game

__all__ = ["View", "build_view"]

@attrs.frozen(kw_only=True)
class View(BaseView[Move]):
    """A Machuco seat's information set (see the module docstring).

    Attributes:
        rules: the rules of the game.
        sides: the seats of each side.
        phase: the :class:`~naipes.machuco.Phase` of the game.
        dealer: the dealer of the hand; ``mano`` the seat after him.
        hand_number: hands begun so far (1-based).
        deal_number: the current deal of the hand (1-based).
        plays_done: plays made in this hand (36 in all).
        turnup: the four table cards as turned up (before replacements).
        known: (inherited) the repeated turn-up cards sent to the bottom of the
            stock, in order: everyone knows where they are until they are dealt.
        table: the table, in table order.
        hand_sizes: cards in each seat's hand.
        stock_size: cards left in the stock.
        piles: the cards each side has won this hand.
        aside: leftovers nobody won (MC-19).
        cantes: the figures sung in the current deal (holder, category, value).
        cantes_known: ``False`` only for positions set up without their cantes.
        contest: the contested cante waiting for a decision, if any.
        pending: contested cantes waiting for their resolution point.
        plays: the plays of this hand as ``(seat, card)``.
        deal_starts: the index in ``plays`` where each deal began.
        last_throw: the number of a card thrown by the previous play (0: none).
        chain: ``(number, level, side, stack size)`` of an open majo chain, else ``None``.
        last_capturer: the side that captured last in this hand, else ``None``.
        chicos: chicos won per side in the current partido.
        partidos: partidos won per side.
        readings: each score read as malas/buenas (MC-22).
        winner: the side that won the game, once it is over and was won (not drawn on points).
        dealer_draw: the public high-card draw for the first dealer, each round's
            ``(seat, card)`` (``()`` when the dealer was given; MC-03).
        in_play: every card in play when a position uses a partial deck, else ``None``.

    .. versionadded:: 0.1
    """

    rules: Rules
    sides: tuple[tuple[int, ...], ...]
    phase: Phase
    dealer: int
    mano: int
    hand_number: int
    deal_number: int
    plays_done: int
    turnup: tuple[Card, ...]
    table: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    piles: tuple[tuple[Card, ...], ...]
    aside: tuple[Card, ...]
    cantes: tuple[Cante, ...]
    cantes_known: bool
    contest: Contest | None
    pending: tuple[PendingCante, ...]
    plays: tuple[tuple[int, Card], ...]
    deal_starts: tuple[int, ...]
    last_throw: int
    chain: tuple[int, int, int, int] | None
    last_capturer: int | None
    chicos: tuple[int, ...]
    partidos: tuple[int, ...]
    readings: tuple[str, ...]
    winner: int | None = None
    in_play: tuple[Card, ...] | None = None
    dealer_draw: tuple[tuple[tuple[int, Card], ...], ...] = ()

    @property
    def side(self) -> int:
        """The side this seat plays for."""
        return next(i for i, seats in enumerate(self.sides) if self.seat in seats)

    def deal_plays(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` played in the current deal."""
        start = self.deal_starts[-1] if self.deal_starts else 0
        return tuple(c for s, c in self.plays[start:] if s == seat)

    def unseen(self) -> tuple[Card, ...]:
        """The cards in play that this seat has not seen (other hands and the stock)."""
        from naipes.machuco._tables import DECK40

        seen = set(self.hand) | set(self.table) | set(self.aside) | {c for p in self.piles for c in p}
        return tuple(c for c in (self.in_play or DECK40) if c not in seen)

    def sample(self, rng: random.Random) -> Game:
        """A full game consistent with this view (MC-06: hands fit the cantes sung).

        The unseen cards go at random to the other hands and the stock; each
        other seat's hand, with the cards it played in this deal, makes the
        figure it sang (or none if it sang none). Seats are drawn one after
        the other (rejection, then enumeration), which is consistent but not
        the exact posterior.
        """
        return self._sample_prepared(rng, *self._prepare_sample())

    def samples(self, rng: random.Random, count: int) -> list[Game]:
        """``count`` games consistent with this view: the games of ``count`` calls of :meth:`sample`
        with ``rng``, what they share worked out once.

        .. versionadded:: 1.2
        """
        prepared = self._prepare_sample()
        return [self._sample_prepared(rng, *prepared) for _ in range(count)]

    def _prepare_sample(self) -> tuple[dict[int, list[Card]], list[Card], list[Card], list[int]]:
        """What every sample of this view shares: the placed bottom cards, the pool, the seats' order."""
        fixed, tail = self._placed_bottom()
        pool = [c for c in self.unseen() if c not in tail and not any(c in f for f in fixed.values())]
        singers = {c.seat for c in self.cantes}
        order = sorted((s for s in range(len(self.hand_sizes)) if s != self.seat),
                       key=lambda s: (s not in singers, not self._constraint(s, self.hand_sizes[s])[0], s))
        return fixed, tail, pool, order

    def _sample_prepared(self, rng: random.Random, fixed: dict[int, list[Card]], tail: list[Card],
                         base: list[Card], order: list[int]) -> Game:
        from naipes.machuco.position import game_from_view

        pool = list(base)
        for _ in range(200):
            rng.shuffle(pool)
            left = list(pool)
            hands: dict[int, list[Card]] = {}
            for seat in order:
                cards = self._draw_hand(seat, self.hand_sizes[seat], fixed.get(seat, []), left, rng)
                if cards is None:
                    break
                hands[seat] = cards
                for c in cards:
                    if c in left:
                        left.remove(c)
            else:
                rng.shuffle(left)
                return game_from_view(self, hands, left + tail, rng)
        raise AssertionError("no deal fits this view")  # pragma: no cover - the true deal always fits

    def _placed_bottom(self) -> tuple[dict[int, list[Card]], list[Card]]:
        """Where the unseen cards sent to the bottom at the turn-up are: a hand, or the stock's tail."""
        unseen = set(self.unseen())
        n = len(self.hand_sizes)
        per_deal = 3 * n
        base = 36 - len(self.known)
        fixed: dict[int, list[Card]] = {}
        tail: list[Card] = []
        for j, card in enumerate(self.known):
            if card not in unseen:
                continue
            index = base + j
            if index // per_deal + 1 > self.deal_number:
                tail.append(card)
            else:
                fixed.setdefault((self.mano + index % per_deal) % n, []).append(card)
        return fixed, tail

    def _constraint(self, seat: int, size: int) -> tuple[bool, tuple[Card, ...], Cante | None]:
        played = self.deal_plays(seat)
        if not self.cantes_known or len(played) + size != 3 or self.phase is Phase.OVER:
            return False, played, None
        return True, played, next((c for c in self.cantes if c.seat == seat), None)

    def _draw_hand(self, seat: int, size: int, fixed: list[Card], pool: list[Card],
                   rng: random.Random) -> list[Card] | None:
        constrained, played, cante = self._constraint(seat, size)
        size -= len(fixed)
        if not constrained:
            return fixed + pool[:size]
        known = played + tuple(fixed)

        def fits(cards: tuple[Card, ...]) -> bool:
            a, b, c = known + cards
            fig = _FIGURES[(a.rank, b.rank, c.rank)]
            if cante is None:
                return fig is None
            return fig is not None and fig.category == cante.category and fig.value == cante.value

        for _ in range(60):
            cards = tuple(rng.sample(pool, size))
            if fits(cards):
                return fixed + list(cards)
        options = [combo for combo in combinations(pool, size) if fits(combo)]
        return fixed + list(rng.choice(options)) if options else None

    def render(self) -> str:
        """The table drawn as plain text for a terminal (:func:`naipes.machuco.describe.render`)."""
        from naipes.machuco.describe import render

        return render(self)


def build_view(game: Game, seat: int) -> View:
    """The view of ``seat`` (used by ``Game.view``)."""
    g = game
    to_act = g.to_act
    legal = g._legal(seat) if seat in to_act else ()
    return View(
        seat=seat, hand=tuple(m.card for m in g._hands[seat]), scores=tuple(g._scores), to_act=to_act,
        legal_moves=legal, rules=g.rules, sides=g.sides, phase=g._phase, dealer=g._dealer,
        mano=g._mano, hand_number=g._hand_no, deal_number=g._deal_no, plays_done=g._plays_done,
        known=g._bottom, turnup=g._turnup, table=tuple(g._table), hand_sizes=tuple(len(h) for h in g._hands),
        stock_size=len(g._stock), piles=tuple(tuple(p) for p in g._piles), aside=tuple(g._aside),
        cantes=tuple(Cante(seat=s, category=f.category, value=f.value) for s, f in g._cantes or ()),
        cantes_known=g._cantes is not None, contest=g._contest,
        pending=tuple(g._pending), plays=tuple(g._plays), deal_starts=tuple(g._deal_starts),
        last_throw=g._last_throw,
        chain=(g._ch_rank, g._ch_level, g._ch_side, g._ch_len) if g._ch_level else None,
        last_capturer=g._last_capturer if g._last_capturer >= 0 else None,
        chicos=tuple(g._chicos), partidos=tuple(g._partidos),
        readings=tuple(reading(s, g.rules.malas) for s in g._scores),
        winner=g._winner if g._winner >= 0 else None,
        in_play=None if g._full else tuple(sorted((c for z in g.zones().values() for c in z), key=str)),
        dealer_draw=g._draw,
    )

