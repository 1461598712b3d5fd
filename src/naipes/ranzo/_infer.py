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
([5, 5, 5, 6], True)
"""

from __future__ import annotations

import math
import random
from typing import Iterator, NamedTuple

from naipes.cards import Card
from naipes.ranzo._belief import EPS, TAU, Record, _seat_context, deal_leaning
from naipes.ranzo._belief import likelihood as discard_likelihood
from naipes.ranzo._phase import TURN, WINDOW
from naipes.ranzo._tables import Tables, tables
from naipes.ranzo.bots import _bits
from naipes.ranzo.moves import Envido, Move, Truco
from naipes.ranzo.view import View

__all__ = ["ANSWER", "CANDIDATES", "DISCARD", "History", "Item", "PASS_BONUS", "SWAP", "answer_likelihood",
           "likelihood_of", "taken_before", "undraw"]

#: Draws of one seat's hidden cards weighed per sampled world.
CANDIDATES = 12
#: RanzoBot's bonus for passing (a concealed hand), in its units.
PASS_BONUS = 2.0
#: The most recent decisions of a seat weighed (older ones say less of its hand now).
KEPT = 30


#: :attr:`Item.kind`: a turn discard, an answer in a claim window, a truco won (no decision: the
#: hand took the card and gave the shown one).
DISCARD, ANSWER, SWAP = 0, 1, 2
#: :attr:`Item.chosen` kinds of an answer.
PASSED, TRUCO, ENVIDO = 0, 1, 2


class Item(NamedTuple):
    """One thing another seat did: a turn discard, an answer in a window, or a truco it won."""

    kind: int
    record: Record
    #: the number on the card (claims by truco need a higher one)
    rank: int
    #: likelihood by the seat's concealed cards then (a mask)
    memo: dict[int, float]
    #: an answer: ``(PASSED, 0)``, ``(TRUCO, shown bit)`` or ``(ENVIDO, pair mask)``; a swap:
    #: ``(card taken, card given)`` as bits
    chosen: tuple[int, int] = (PASSED, 0)
    #: the observing seat's view the item was read from (a discard: the window after it)
    seen: View | None = None


class History:
    """Every other seat's decisions since its hand last changed in public, and the dealing of
    worlds that explains them."""

    __slots__ = ("_key", "_items", "_stock", "_prev", "_pending", "candidates")

    def __init__(self, candidates: int = CANDIDATES) -> None:
        self.candidates = candidates
        self._key: tuple[int, int, int] | None = None
        self._items: dict[int, list[Item]] = {}
        self._stock = 0
        #: the last view's phase, position key, discarder and the seat's own hand
        self._prev: tuple[object, tuple[int, int], int, tuple[Card, ...]] | None = None
        #: per seat, its record of the window open at the last view
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
        if prev is not None and (prev[0] is WINDOW or (prev[0] is TURN and prev[2] == view.seat)):
            own = set(prev[3]) - set(view.hand) if prev[0] is TURN else set()
            self._resolved(view, prev[2], next(iter(own)) if len(own) == 1 else None)
        self._pending = {}
        if view.phase is WINDOW and view.turn != view.seat and view.claim_card is not None:
            self._add(view.turn, _item(view, view.turn, DISCARD))
            self._pending = {s: _item(view, s, ANSWER) for s in range(view.players)
                             if s not in (view.seat, view.turn)}
        self._prev = (view.phase, here, view.turn, view.hand)
        self._items = {s: items for s, items in self._items.items()
                       if items and items[-1].record.signature == _signature(view, s)}

    def _resolved(self, view: View, discarder: int, own: Card | None) -> None:
        """The window open at the last view (or opened by the seat's own discard ``own``) was
        answered: ``view.last_window``. Each answer is a decision weighed; a truco won swapped
        two known cards; any other claim won changed the hand beyond that (start over)."""
        answers = view.last_window
        t = tables(view.rules.deck)
        winner = _winner(answers, discarder, view.players, view.rules.envido_beats_truco)
        for s, move in answers:
            if s == view.seat:
                continue
            pending = self._pending.get(s)
            if pending is not None:
                self._add(s, pending._replace(chosen=_chosen(t, move)))
            if s != winner:
                continue
            card = pending.record.discard if pending is not None else t.bit[own] if own is not None else 0
            if isinstance(move, Truco) and card:
                record = _blank(_signature(view, s), t.mask(view.known_by_seat[s]))
                self._add(s, Item(SWAP, record, 0, {}, (card, t.bit[move.card])))
            else:
                self._items.pop(s, None)

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
        return deal_leaning(view, rng, self._items, self._reshape)

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


def _winner(answers: tuple[tuple[int, Move], ...], discarder: int, players: int, beats: bool) -> int | None:
    """The seat that won a window's claims (RZ-09), or ``None`` when all passed."""
    best: tuple[tuple[int, ...], int] | None = None
    for s, m in answers:
        dist = (s - discarder) % players
        if isinstance(m, Envido):
            key: tuple[int, ...] = (0, dist) if beats else (dist,)
        elif isinstance(m, Truco):
            key = (1, -m.card.rank, dist) if beats else (dist,)
        else:
            continue
        if best is None or key < best[0]:
            best = (key, s)
    return None if best is None else best[1]


def _signature(view: View, seat: int) -> tuple[object, ...]:
    """What changes when ``seat``'s concealed hand changes other than by a turn: its open juegos
    and its count (a claim lost only shows cards, it changes nothing held)."""
    return (view.open_juegos[seat], view.hand_sizes[seat])


def likelihood_of(t: Tables, view: View, items: list[Item] | tuple[Item, ...], hand: int, fixed: int, deck: int,
                  rng: random.Random) -> float:
    """The likelihood of a seat's ``items`` if its concealed cards now are ``hand`` (a mask,
    ``fixed`` the known ones, not read: each decision knows what was shown then): its hands
    then rebuilt backwards, each hidden draw drawn among the cards it could have been (see
    the module docstring)."""
    weight = 1.0
    for item, then in hands_back(items, hand, rng):
        memo = item.memo
        p = memo.get(then)
        if p is None:
            if item.kind == ANSWER:
                p = answer_likelihood(t, view, item, then, deck)
            else:
                p = discard_likelihood(t, view, item.record, then, deck)
            memo[then] = p
        weight *= p
    return weight


def hands_back(items: list[Item] | tuple[Item, ...], hand: int,
               rng: random.Random) -> Iterator[tuple[Item, int]]:
    """A seat's decisions in ``items``, newest first, each with the seat's concealed cards (a mask)
    when it made it, rebuilt backwards from ``hand`` (now): a truco won is undone, each turn's
    hidden draw drawn among the cards it could have been (:func:`undraw`)."""
    stolen = taken_before(items)
    for k in range(len(items) - 1, -1, -1):
        item = items[k]
        if item.kind == SWAP:
            taken, given = item.chosen
            hand = hand & ~taken | given
            continue
        yield item, hand
        if item.kind == DISCARD:
            hand = undraw(hand, item, stolen[k], rng)


def taken_before(items: list[Item] | tuple[Item, ...]) -> list[int]:
    """Per item, the cards the seat took by a truco before it (they were not drawn)."""
    out, mask = [], 0
    for item in items:
        out.append(mask)
        if item.kind == SWAP:
            mask |= item.chosen[0]
    return out


def undraw(hand: int, item: Item, stolen: int, rng: random.Random) -> int:
    """The seat's concealed cards before the draw of the turn of discard ``item``, from those after
    it (``hand``): the drawn card is one of the six, not one shown by then nor ``stolen`` before."""
    six = hand | item.record.discard
    choices = _bits(six & ~item.record.known & ~stolen)
    return six & ~choices[rng.randrange(len(choices))] if choices else hand


def answer_likelihood(t: Tables, view: View, item: Item, hand: int, deck: int) -> float:
    """The chance that a seat holding ``hand`` answered the window as the item says: when the
    card made it a Ranzo, any claim (alike) and a pass ``EPS``; else a softmax of RanzoBot's
    values of passing and of each claim."""
    record = item.record
    card = record.discard
    kind, chosen = item.chosen
    stolen = hand | card
    ranks = _ranks(t)
    if kind == TRUCO and not (hand & chosen and ranks[chosen] > item.rank):
        return EPS  # the world does not hold the shown card
    if kind == ENVIDO and hand & chosen != chosen:
        return EPS
    if t.can_split(stolen):
        return EPS if kind == PASSED else 1.0 / max(1, len(_claims(t, hand, card, item.rank)))
    ctx = _seat_context(t, view, record, hand, deck)
    opens = record.opens
    values: dict[tuple[int, int], float] = {(PASSED, 0): ctx.score(hand, opens) + PASS_BONUS}
    for claim in _claims(t, hand, card, item.rank):
        kind_of, mask = claim
        if kind_of == TRUCO:
            values[claim] = ctx.score(stolen & ~mask, opens)
        else:
            rest = stolen & ~mask & ~card
            values[claim] = max((ctx.score(rest & ~b, opens + 1) for b in _bits(rest)), default=math.inf)
    if len(values) == 1:
        return 1.0 if kind == PASSED else EPS
    top = max(values.values())
    if top == math.inf:
        return 1.0 if values.get(item.chosen) == math.inf else EPS
    total = sum(math.exp((v - top) / TAU) for v in values.values())
    return max(EPS, math.exp((values.get(item.chosen, -math.inf) - top) / TAU) / total)


def _claims(t: Tables, hand: int, card: int, rank: int) -> list[tuple[int, int]]:
    """The claims a seat holding ``hand`` could make on ``card`` (of number ``rank``)."""
    ranks = _ranks(t)
    found = [(TRUCO, x) for x in _bits(hand) if ranks[x] > rank]
    for pair in t.others[card]:
        both = pair[0] | pair[1]
        if hand & both == both:
            found.append((ENVIDO, both))
    return found


def _chosen(t: Tables, move: Move) -> tuple[int, int]:
    """An answer as :attr:`Item.chosen`."""
    if isinstance(move, Truco):
        return (TRUCO, t.bit[move.card])
    if isinstance(move, Envido):
        return (ENVIDO, t.bit[move.a] | t.bit[move.b])
    return (PASSED, 0)


def _blank(signature: tuple[object, ...], known: int) -> Record:
    return Record(signature, 0, known, 0, 0, [], {})


_RANKS: dict[int, dict[int, int]] = {}


def _ranks(t: Tables) -> dict[int, int]:
    found = _RANKS.get(t.size)
    if found is None:
        found = _RANKS[t.size] = {b: card.rank for card, b in t.bit.items()}
    return found


def _item(view: View, seat: int, kind: int) -> Item:
    """``seat``'s decision on the window's card, with what was public when it made it: its own
    discard (:data:`DISCARD`), or its answer to another's (:data:`ANSWER`, answer to be filled)."""
    passed = kind == ANSWER
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
    return Item(kind, record, view.claim_card.rank, {}, (PASSED, 0), view)
