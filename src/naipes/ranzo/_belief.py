"""Private: what one seat infers about the other concealed hands, for :class:`~naipes.ranzo.search.StrongBot`.

A view says nothing about a concealed card beyond what is public, so
:meth:`View.sample <naipes.ranzo.View.sample>` deals the unseen cards at random.
But every turn discard is a choice: the discarder held the card and five
others, could not call Ranzo with them (RanzoBot, like any sensible player,
calls whenever it can) and let go of the card worth least to him. A
:class:`Belief` remembers, for each other seat, its last turn discard and
what was public then (read from the claim window the observing seat answers
on it); while that seat's concealed hand is unchanged since, a sampled world
is reshaped seat by seat: among ``CANDIDATES`` draws of that seat's hidden
cards (from its own and the stock's, the other hands kept), one is kept with
probability proportional to the likelihood of the discard under RanzoBot's
discard values (:class:`naipes.ranzo.bots._Context`) with a softmax of
temperature ``TAU``; a hand that could have called Ranzo gets ``EPS``.
This is sampling-importance-resampling of each hand given the others, so the
worlds lean to the hands that explain the discards, without ruling any out.

>>> from naipes import ranzo
>>> import random
>>> game = ranzo.Game(ranzo.Rules(rounds=1), seed=3)
>>> belief = Belief()
>>> for _ in range(6):  # seat 0 discards, seat 1 watches the window
...     seat = game.to_act[0]
...     game.play(ranzo.RanzoBot(0).choose(game.view(seat)), seat)
...     if 1 in game.to_act:
...         belief.observe(game.view(1))
>>> hands, stock = belief.deal(game.view(1), random.Random(0))
>>> sorted(map(len, hands)), len(stock) == game.view(1).stock_size
([5, 5, 5, 5], True)
"""

from __future__ import annotations

import math
import random
from typing import Callable, Mapping, NamedTuple, TypeVar

from naipes.cards import Card
from naipes.ranzo._phase import STEAL, WINDOW
from naipes.ranzo._tables import Tables, tables
from naipes.ranzo.bots import CERTAIN, DANGER, _bits, _Context
from naipes.ranzo.view import View, _deal_unseen

__all__ = ["Belief", "CANDIDATES", "EPS", "TAU", "likelihood"]

#: Draws of one seat's hidden cards weighed per sampled world.
CANDIDATES = 8
#: Softmax temperature over RanzoBot's discard values (its units: a juego held is 30).
TAU = 2.0
#: The likelihood of a hand that could have called Ranzo instead of discarding.
EPS = 1e-3


class Record(NamedTuple):
    """One seat's last turn discard, and what it could see then."""

    #: The seat's public state then: its known cards, open juegos, concealed count.
    signature: tuple[object, ...]
    discard: int
    known: int
    public: int
    opens: int
    #: RanzoBot's view of the others from that seat: ``(known, p_hidden, ready, last_pair)``.
    opponents: list[tuple[int, float, float, bool]]
    #: per card (bit), RanzoBot's danger terms ``(pair, risk)``: filled as asked (:func:`danger`).
    dangers: dict[int, list[tuple[int, float]]]


class Belief:
    """The last turn discard of each other seat, and the dealing of worlds that explains them."""

    __slots__ = ("_key", "_records", "_stock")

    def __init__(self) -> None:
        self._key: tuple[int, int, int] | None = None
        self._records: dict[int, Record] = {}
        self._stock = 0

    def observe(self, view: View) -> None:
        """Remember what ``view`` shows: in a claim window, the discarder's choice (call it with
        every view the seat gets)."""
        key = (view.hand_number, view.dealer, view.players)
        if key != self._key or view.stock_size > self._stock:  # a new hand (or game)
            self._key, self._records = key, {}
        self._stock = view.stock_size
        if view.phase is WINDOW and view.turn != view.seat and view.claim_card is not None:
            self._records[view.turn] = _record(view, view.turn)
        self._records = {s: r for s, r in self._records.items() if r.signature == _signature(view, s)}

    def deal(self, view: View, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
        """Every seat's concealed hand and the stock for one world, the hands leaning to the
        discards remembered (:meth:`observe` ``view`` first)."""
        return deal_leaning(view, rng, self._records, _reshape)


Evidence = TypeVar("Evidence")
Reshape = Callable[[Tables, View, int, Evidence, list[Card], list[Card], random.Random],
                   tuple[list[Card], list[Card]]]


def deal_leaning(view: View, rng: random.Random, evidence: Mapping[int, Evidence],
                 reshape: Reshape[Evidence]) -> tuple[list[list[Card]], list[Card]]:
    """The unseen cards dealt at random (every seat's concealed hand and the stock), then each
    other seat's hand that ``evidence`` speaks of and that may be re-dealt (:func:`_free`)
    reshaped by ``reshape`` (which takes cards from the stock and gives back the rest)."""
    hands, stock = _deal_unseen(view, rng)
    t = tables(view.rules.deck)
    for seat in range(view.players):
        found = evidence.get(seat)
        if not found or seat == view.seat or not _free(view, seat):
            continue
        hands[seat], stock = reshape(t, view, seat, found, hands[seat], stock, rng)
    return hands, stock


def _signature(view: View, seat: int) -> tuple[object, ...]:
    return (view.known_by_seat[seat], view.open_juegos[seat], view.hand_sizes[seat])


def _free(view: View, seat: int) -> bool:
    """Whether ``seat``'s hidden cards may be re-dealt: not a stealer holding its steal, nor a
    window answer already drawn for it."""
    if view.phase is STEAL and seat == view.stealer:
        return False
    return not (view.phase is WINDOW and seat in view.answered)


def _record(view: View, seat: int) -> Record:
    """``seat``'s choice of the window's card, with what was public when it made it."""
    t = tables(view.rules.deck)
    assert view.claim_card is not None
    public = t.mask(view.discards[:-1])
    for opens in view.open_juegos:
        for j in opens:
            public |= t.mask(j)
    for s, known in enumerate(view.known_by_seat):
        if s != seat:
            public |= t.mask(known)
    held = view.hand_sizes[seat] + 1
    unseen = (t.deck_mask(view.cards) & ~public).bit_count() - held or 1
    opponents = [(t.mask(view.known_by_seat[s]),
                  min(1.0, (view.hand_sizes[s] - len(view.known_by_seat[s])) / unseen),
                  1.0 if view.open_juegos[s] else 0.25, bool(view.open_juegos[s]) and view.hand_sizes[s] == 2)
                 for s in range(view.players) if s != seat]
    return Record(_signature(view, seat), t.bit[view.claim_card], t.mask(view.known_by_seat[seat]), public,
                  len(view.open_juegos[seat]), opponents, {})


def _reshape(t: Tables, view: View, seat: int, record: Record, hand: list[Card], stock: list[Card],
             rng: random.Random) -> tuple[list[Card], list[Card]]:
    """``seat``'s hand re-drawn from its hidden cards and the stock by the likelihood of its discard."""
    public = set(view.known_by_seat[seat])
    known = [c for c in hand if c in public]
    hidden = [c for c in hand if c not in public]
    if not hidden:
        return hand, stock
    pool = hidden + stock
    candidates = [hidden] + [rng.sample(pool, len(hidden)) for _ in range(CANDIDATES - 1)]
    deck, fixed = t.deck_mask(view.cards), t.mask(known)
    weights = [likelihood(t, view, record, fixed | t.mask(cards), deck) for cards in candidates]
    chosen = candidates[rng.choices(range(len(candidates)), weights)[0]]
    if chosen is hidden:
        return hand, stock
    taken = set(map(id, chosen))
    rest = [c for c in pool if id(c) not in taken]
    rng.shuffle(rest)
    return known + chosen, rest


def likelihood(t: Tables, view: View, record: Record, kept: int, deck: int) -> float:
    """The chance that a seat holding ``kept`` (its concealed cards after the discard) let
    the record's card go: ``EPS`` when the six cards made Ranzo, else a softmax of RanzoBot's
    discard values."""
    held = kept | record.discard
    if t.can_split(held):
        return EPS
    ctx = _seat_context(t, view, record, held, deck)
    values = {b: ctx.score(held & ~b, record.opens) - danger(t, record, b, held, deck) for b in _bits(held)}
    top = max(values.values())
    total = sum(math.exp((v - top) / TAU) for v in values.values())
    return math.exp((values[record.discard] - top) / TAU) / total


def danger(t: Tables, record: Record, bit: int, held: int, deck: int) -> float:
    """RanzoBot's :meth:`~naipes.ranzo.bots._Context.danger_of` of ``bit`` for the recorded seat
    holding ``held``, bit for bit: a juego's other two cards count only when neither is held
    (a held card is not live), so each card's terms are reckoned once per record."""
    terms = record.dangers.get(bit)
    if terms is None:
        terms = record.dangers[bit] = _danger_terms(t, record, bit, deck & ~record.public)
    risk = 0.0
    for pair, term in terms:
        if not pair & held:
            risk += term
    return risk


def _danger_terms(t: Tables, record: Record, bit: int, live: int) -> list[tuple[int, float]]:
    """The terms of RanzoBot's danger sum for ``bit`` in its order, with nothing held."""
    terms = []
    for known, p_hidden, ready, last_pair in record.opponents:
        for pair in t.others[bit]:
            p = 1.0
            for other in pair:
                if other & known:
                    continue
                p *= p_hidden if other & live else 0.0
            terms.append((pair[0] | pair[1], CERTAIN if p == 1.0 and last_pair else ready * p * DANGER))
    return terms


def _seat_context(t: Tables, view: View, record: Record, held: int, deck: int) -> _Context:
    """RanzoBot's reckoning for the recorded seat holding ``held`` when it discarded."""
    ctx = object.__new__(_Context)
    ctx.t, ctx.need, ctx.hand, ctx.memo = t, view.rules.juegos_to_win, held, t.scores
    ctx.live = deck & ~record.public & ~held
    ctx.unseen = ctx.live.bit_count() or 1
    ctx._opponents = record.opponents
    return ctx
