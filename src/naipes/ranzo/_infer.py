"""Private: inference from the other seats' play, for :class:`~naipes.ranzo.search.StrongBot`.

:class:`naipes.ranzo._belief.Belief` reads each other seat's *last* turn
discard. :class:`History` reads all that a seat did since its concealed hand
last changed in public (a steal, a claim shown, a juego laid):

- every turn discard (the six cards then could not call Ranzo, and the card
  is RanzoBot's discard from them, a softmax of its values);
- every claim window it let pass (the card did not make it a Ranzo, and
  RanzoBot would not have claimed it: a softmax over passing and each claim).

A seat's hand at a past decision is its hand now with the later discards put
back and the later draws taken out; the draws are hidden, so they are drawn
too, backwards: the card drawn before a discard is one of the six cards then
(not one known to have been held before), each alike, as under a uniform
deal. :meth:`History.deal` deals a world at random (as :meth:`View.sample
<naipes.ranzo.View.sample>`) and then, seat by seat, re-draws the seat's
hidden cards among :data:`CANDIDATES` draws from its own and the stock's,
keeping one with probability proportional to the likelihood of everything
the seat did under that model (sampling-importance-resampling of each hand
given the others). No world is ruled out: a hand that could have called
Ranzo and did not gets :data:`EPS`.

The likelihood of one seat's decisions given a world is also what the generic
inference hook weighs (:func:`likelihood_of`).

>>> from naipes import ranzo
>>> import random
>>> game = ranzo.Game(ranzo.Rules(rounds=1), seed=3)
>>> history = History()
>>> for _ in range(12):  # seat 1 watches every view it gets
...     seat = min(game.to_act)
...     if 1 in game.to_act:
...         history.observe(game.view(1))
...     game.play(ranzo.RanzoBot(0).choose(game.view(seat)), seat)
>>> hands, stock = history.deal(game.view(1), random.Random(0))
>>> sorted(map(len, hands)), len(stock) == game.view(1).stock_size
([5, 5, 5, 5], True)
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from naipes.cards import Card
from naipes.ranzo._belief import EPS, TAU, Record, _free, _seat_context, _signature
from naipes.ranzo._belief import likelihood as discard_likelihood
from naipes.ranzo._phase import TURN, WINDOW
from naipes.ranzo._tables import Tables, tables
from naipes.ranzo.bots import _bits
from naipes.ranzo.moves import Pass
from naipes.ranzo.view import View, _deal_unseen

__all__ = ["CANDIDATES", "History", "Item", "PASS_BONUS", "likelihood_of"]

#: Draws of one seat's hidden cards weighed per sampled world.
CANDIDATES = 12
#: RanzoBot's bonus for passing (a concealed hand), in its units.
PASS_BONUS = 2.0
#: The most recent decisions of a seat weighed (older ones say less of its hand now).
KEPT = 12


class Item(NamedTuple):
    """One decision of another seat: a turn discard (``passed`` false) or a window let pass."""

    passed: bool
    record: Record
    #: the number on the card (claims by truco need a higher one)
    rank: int
    #: likelihood by the seat's concealed cards then (a mask)
    memo: dict[int, float]


class History:
    """Every other seat's decisions since its hand last changed in public, and the dealing of
    worlds that explains them."""

    __slots__ = ("_key", "_items", "_stock", "_prev", "_pending", "candidates")

    def __init__(self, candidates: int = CANDIDATES) -> None:
        self.candidates = candidates
        self._key: tuple[int, int, int] | None = None
        self._items: dict[int, list[Item]] = {}
        self._stock = 0
        #: the last view's phase and position key, and the items of its open window
        self._prev: tuple[object, tuple[int, int]] | None = None
        self._pending: dict[int, Item] = {}

    def observe(self, view: View) -> None:
        """Read ``view`` (call it with every view the seat gets, oldest first)."""
        key = (view.hand_number, view.dealer, view.players)
        if key != self._key or view.stock_size > self._stock:  # a new hand (or game)
            self._key, self._items, self._prev, self._pending = key, {}, None, {}
        self._stock = view.stock_size
        here = (len(view.discards), view.stock_size)
        prev = self._prev
        if prev is not None and prev[1] == here and prev[0] is view.phase:
            return  # the same position seen again
        if prev is not None and (prev[0] is WINDOW or prev[0] is TURN):
            self._resolved(view)
        self._pending = {}
        if view.phase is WINDOW and view.turn != view.seat and view.claim_card is not None:
            self._add(view.turn, _item(view, view.turn, passed=False))
            self._pending = {s: _item(view, s, passed=True) for s in range(view.players)
                             if s not in (view.seat, view.turn)}
        self._prev = (view.phase, here)
        self._items = {s: items for s, items in self._items.items()
                       if items and items[-1].record.signature == _signature(view, s)}

    def _resolved(self, view: View) -> None:
        """The window open at the last view (or opened by the seat's own discard) was answered:
        ``view.last_window``."""
        for s, move in view.last_window:
            if s == view.seat:
                continue
            if type(move) is not Pass:
                self._items.pop(s, None)  # a claim shows or moves cards: start over
            elif s in self._pending:
                self._add(s, self._pending[s])

    def _add(self, seat: int, item: Item) -> None:
        items = self._items.setdefault(seat, [])
        if items and items[-1].record.signature != item.record.signature:
            items.clear()
        items.append(item)
        del items[:-KEPT]

    def items(self, seat: int) -> tuple[Item, ...]:
        """The decisions of ``seat`` remembered, oldest first."""
        return tuple(self._items.get(seat, ()))

    def deal(self, view: View, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
        """Every seat's concealed hand and the stock for one world, the hands leaning to what the
        seats did (:meth:`observe` ``view`` first)."""
        hands, stock = _deal_unseen(view, rng)
        t = tables(view.rules.deck)
        for seat in range(view.players):
            items = self._items.get(seat)
            if not items or seat == view.seat or not _free(view, seat):
                continue
            hands[seat], stock = self._reshape(t, view, seat, items, hands[seat], stock, rng)
        return hands, stock

    def _reshape(self, t: Tables, view: View, seat: int, items: list[Item], hand: list[Card],
                 stock: list[Card], rng: random.Random) -> tuple[list[Card], list[Card]]:
        public = set(view.known_by_seat[seat])
        known = [c for c in hand if c in public]
        hidden = [c for c in hand if c not in public]
        if not hidden:
            return hand, stock
        pool = hidden + stock
        candidates = [hidden] + [rng.sample(pool, len(hidden)) for _ in range(self.candidates - 1)]
        fixed = t.mask(known)
        deck = t.deck_mask(view.cards)
        weights = [likelihood_of(t, view, items, fixed | t.mask(cards), fixed, deck, rng) for cards in candidates]
        chosen = candidates[rng.choices(range(len(candidates)), weights)[0]]
        if chosen is hidden:
            return hand, stock
        taken = set(map(id, chosen))
        rest = [c for c in pool if id(c) not in taken]
        rng.shuffle(rest)
        return known + chosen, rest


def likelihood_of(t: Tables, view: View, items: list[Item] | tuple[Item, ...], hand: int, fixed: int, deck: int,
                  rng: random.Random) -> float:
    """The likelihood of a seat's ``items`` if its concealed cards now are ``hand`` (a mask,
    ``fixed`` the known ones): its hands then rebuilt backwards, each hidden draw drawn
    among the cards it could have been (see the module docstring)."""
    weight = 1.0
    for item in reversed(items):
        memo = item.memo
        p = memo.get(hand)
        if p is None:
            if item.passed:
                p = pass_likelihood(t, view, item, hand, deck)
            else:
                p = discard_likelihood(t, view, item.record, hand, deck)
            memo[hand] = p
        weight *= p
        if not item.passed:
            six = hand | item.record.discard
            choices = _bits(six & ~fixed)
            hand = six & ~choices[rng.randrange(len(choices))] if choices else hand
    return weight


def pass_likelihood(t: Tables, view: View, item: Item, hand: int, deck: int) -> float:
    """The chance that a seat holding ``hand`` let the item's card pass: ``EPS`` when the card
    made it a Ranzo, else a softmax of RanzoBot's values of passing and of each claim."""
    record = item.record
    card = record.discard
    stolen = hand | card
    if t.can_split(stolen):
        return EPS
    ctx = _seat_context(t, view, record, hand, deck)
    opens = record.opens
    keep = ctx.score(hand, opens) + PASS_BONUS
    values = []
    ranks = _ranks(t)
    for x in _bits(hand):
        if ranks[x] > item.rank:
            values.append(ctx.score(stolen & ~x, opens))
    for pair in t.others[card]:
        both = pair[0] | pair[1]
        if hand & both == both:
            rest = stolen & ~both & ~card
            if rest:
                values.append(max(ctx.score(rest & ~b, opens + 1) for b in _bits(rest)))
    if not values:
        return 1.0
    top = max(keep, *values)
    total = math.exp((keep - top) / TAU) + sum(math.exp((v - top) / TAU) for v in values)
    return math.exp((keep - top) / TAU) / total


_RANKS: dict[int, dict[int, int]] = {}


def _ranks(t: Tables) -> dict[int, int]:
    found = _RANKS.get(t.size)
    if found is None:
        found = _RANKS[t.size] = {b: card.rank for card, b in t.bit.items()}
    return found


def _item(view: View, seat: int, passed: bool) -> Item:
    """``seat``'s decision on the window's card, with what was public when it made it: its own
    discard (``passed`` false), or its answer to another's."""
    t = tables(view.rules.deck)
    assert view.claim_card is not None
    public = t.mask(view.discards if passed else view.discards[:-1])
    for opens in view.open_juegos:
        for j in opens:
            public |= t.mask(j)
    for s, known in enumerate(view.known_by_seat):
        if s != seat:
            public |= t.mask(known)
    held = view.hand_sizes[seat] + (0 if passed else 1)
    unseen = (t.deck_mask(view.cards) & ~public).bit_count() - held or 1
    opponents = [(t.mask(view.known_by_seat[s]),
                  min(1.0, (view.hand_sizes[s] - len(view.known_by_seat[s])) / unseen),
                  1.0 if view.open_juegos[s] else 0.25, bool(view.open_juegos[s]) and view.hand_sizes[s] == 2)
                 for s in range(view.players) if s != seat]
    record = Record(_signature(view, seat), t.bit[view.claim_card], t.mask(view.known_by_seat[seat]), public,
                    len(view.open_juegos[seat]), opponents, {})
    return Item(passed, record, view.claim_card.rank, {})
