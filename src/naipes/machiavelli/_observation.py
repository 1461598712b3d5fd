"""Machiavelli's one observation writer: the slices of ``ActionSpace.encode`` from one record (internal).

Both ways to the observation go through this module, so they cannot disagree:

- :meth:`ActionSpace.encode(view) <naipes.machiavelli.ActionSpace.encode>` fills a
  :class:`Sight` from the view (:func:`sight_of_view`) and runs a fresh :class:`Writer` on it
  once;
- the tracker (:mod:`naipes.machiavelli._tracker`) keeps one :class:`Writer` and at each
  position refills its :class:`Sight` from the engine (:func:`look`) and runs the same writer
  with the engine itself as the :class:`Public` part; the writer keeps what it wrote last and
  rewrites only the places whose inputs changed.

Each card zone (the hand, the table's cards, the cards out of play) is kept as a *count
vector*, one int whose bytes are the counts of the 53 kinds: a meld's cards are one such int,
so the table's changes by one subtraction and one addition per meld a play replaced, and only
the kinds whose byte differs get their thermometer places rewritten. The table's melds are
compared place by place by identity (the melds a play left in place are the same objects) and
a replaced meld's block gets the features that differ. The small slices are compared with
what was written and written when they changed (the hand sizes and the stock every time).

A :class:`Sight` holds what only the seat sees, or what the view gives another shape than the
engine: its hand, the hand sizes, the stock's size, the seats to act, the listed plays without
a shape id (the ``slots``) and the candidate plays. The rest is the :class:`Public` part, read
under the engine's names.

.. versionadded:: 1.2
"""

from __future__ import annotations

from itertools import compress, count
from operator import is_not
from typing import TYPE_CHECKING, Any, Protocol, Sequence

from naipes.machiavelli.actions import _KIND, CANDIDATE_WIDTH, MELD_WIDTH, SLOT_WIDTH, SLOTS, _meld_features

if TYPE_CHECKING:
    from naipes.cards import Card
    from naipes.machiavelli.actions import ActionSpace
    from naipes.machiavelli.candidates import Candidate
    from naipes.machiavelli.melds import Meld
    from naipes.machiavelli.moves import Play
    from naipes.machiavelli.state import Game
    from naipes.machiavelli.view import View

__all__ = ["Layout", "Public", "Sight", "Writer", "count_vector", "look", "sight_of_view"]

#: The width of a kind's count in a count vector (an int whose bytes, little-endian, are the
#: counts of the kinds in :func:`~naipes.machiavelli.actions.card_kind` order).
_W = 8
#: ``_BELOW[q]``: the bits of the kinds below ``q`` in a count vector.
_BELOW = tuple((1 << (_W * q)) - 1 for q in range(53))
#: ``id(card) -> kind`` of the interned cards (every card is interned: see :class:`~naipes.cards.Card`).
_KIND_BY_ID: dict[int, int] = {id(c): q for c, q in _KIND.items()}
#: ``id(card) -> its unit in a count vector``.
_UNIT: dict[int, int] = {i: 1 << (_W * q) for i, q in _KIND_BY_ID.items()}
#: ``id(meld) -> (meld, its features as bits of its MELD_WIDTH block, their places, the count
#: vector of its cards)``; the entry keeps the meld alive, so its id is not reused; bounded.
_MELDS: dict[int, tuple[Meld, int, tuple[int, ...], int]] = {}
#: The slices the writer writes, in the order of ``Layout.at``.
_SLICES = ("hand", "table_cards", "table_melds", "out_of_play", "hand_sizes", "stock_size", "opened",
           "known_jokers", "totals", "scores", "last_points", "last_winners", "to_act", "starter", "seat",
           "phase", "slots", "candidates")


def _meld(meld: Meld) -> tuple[Meld, int, tuple[int, ...], int]:
    """The meld's entry of :data:`_MELDS` (made on first sight)."""
    places = _meld_features(meld)
    bits = 0
    for f in places:
        bits |= 1 << f
    entry = (meld, bits, places, count_vector(meld.physical))
    if len(_MELDS) > 20_000:
        _MELDS.clear()
    _MELDS[id(meld)] = entry
    return entry


def count_vector(cards: Sequence[Card]) -> int:
    """The cards as a count vector: ``count(kind q) << 8 q`` summed."""
    try:
        return sum(map(_UNIT.__getitem__, map(id, cards)))
    except KeyError:  # a card that is not the interned instance (none is made so)
        return sum(1 << (_W * _KIND[c]) for c in cards)


class Public(Protocol):
    """The public part of a Machiavelli position that the observation reads, under the engine's
    names: the same for every seat, so the tracker reads it from the engine itself
    (:class:`~naipes.machiavelli.Game` has these fields) and a view's :class:`Sight` carries it."""

    @property
    def _table(self) -> tuple[Meld, ...]: ...
    @property
    def _out(self) -> Sequence[Card]: ...
    @property
    def _opened_seats(self) -> Sequence[bool]: ...
    @property
    def _known_jokers(self) -> Sequence[int]: ...
    @property
    def _totals(self) -> Sequence[int]: ...
    @property
    def scores(self) -> Sequence[int]: ...
    @property
    def _final_scores(self) -> object: ...
    @property
    def _last_points(self) -> Sequence[int] | None: ...
    @property
    def _last_winners(self) -> Sequence[int]: ...
    @property
    def _starter(self) -> int: ...


class Sight:
    """What one seat sees of a Machiavelli position that only it sees, or that the view shapes
    otherwise than the engine (see the module docstring); from a view (:func:`sight_of_view`)
    it also carries the :class:`Public` part under the engine's names."""

    hand: Sequence[Card]
    sizes: Sequence[int]
    stock: int
    acting: tuple[int, ...]
    shapeless: tuple[Play, ...]  # the listed plays without a shape id (at most SLOTS)
    cands: tuple[Candidate, ...]  # the candidate plays shown
    #: the public part (a view's sight only)
    _table: tuple[Meld, ...]
    _out: Sequence[Card]
    _opened_seats: Sequence[bool]
    _known_jokers: Sequence[int]
    _totals: Sequence[int]
    scores: Sequence[int]
    _final_scores: object
    _last_points: Sequence[int] | None
    _last_winners: Sequence[int]
    _starter: int


def look(g: Game, seat: int, s: Sight, shapeless: tuple[Play, ...], cands: tuple[Candidate, ...]) -> Sight:
    """Fill ``s`` with what only ``seat`` sees of ``g`` now (beside the :class:`Public` part,
    which the writer reads from ``g`` itself); ``shapeless`` and ``cands``: the tracker's
    listing's plays without a shape id and its candidate plays."""
    hands = g._hands
    s.hand = hands[seat]
    s.sizes = tuple(map(len, hands))
    s.stock = len(g._stock)
    s.acting = g.to_act if g._answers else g._acting
    s.shapeless, s.cands = shapeless, cands
    return s


def sight_of_view(view: View, space: ActionSpace) -> Sight:
    """What ``view`` shows, as the writer reads it, its :class:`Public` part included."""
    s = Sight()
    s.hand, s.sizes, s.stock, s.acting = view.hand, view.hand_sizes, view.stock_size, view.to_act
    s.shapeless = space._shapeless(view) if view.legal_moves else ()
    s.cands = space._candidates(view)
    s._table, s._out, s._opened_seats, s._known_jokers = view.table, view.out_of_play, view.opened, view.known_jokers
    s._totals, s.scores, s._final_scores = view.totals, view.scores, None
    s._last_points, s._last_winners, s._starter = view.last_points, view.last_winners, view.starter
    return s


class Layout:
    """One seat's places in the observation of an ``ActionSpace`` (made once per space and seat)."""

    def __init__(self, space: ActionSpace, seat: int) -> None:
        self.space = space
        self.seat = seat
        self.at: tuple[int, ...] = tuple(space._at[name] for name in _SLICES)
        n = space.rules.players
        self.n = n
        self.rel: tuple[int, ...] = tuple((s - seat) % n for s in range(n))  # seat -> its per-seat place
        self.sizes: tuple[int, ...] = tuple(self.at[4] + r for r in self.rel)  # each seat's hand size place
        self.base: list[int] = space._base
        self.deck: float = space._deck
        self.max_melds: int = space.max_melds


class Writer:
    """One seat's Machiavelli observation, written slice by slice from a :class:`Sight` and the
    :class:`Public` part.

    Args:
        layout: the seat's :class:`Layout`.
        out: what to write the observation's places through (a zeroed list, or the memoryview
            of a zeroed array): a new writer assumes it zeroed, and sets the seat's place.

    Each :meth:`write` rewrites the places whose inputs changed since the last one (the first:
    every non-zero place).
    """

    def __init__(self, layout: Layout, out: Any) -> None:
        self._layout = layout
        self._out = out
        self._at = layout.at
        n = layout.n
        self._hand_count = 0
        self._out_seen: object = ()
        self._out_count = 0
        self._table: tuple[Meld, ...] = ()
        self._table_count = 0
        #: opened, known jokers, totals, final scores, last points, last winners, starter as written
        self._small: list[Any] = [[False] * n, [0] * n, None, None, None, None, -1]
        self._acting: tuple[int, ...] | None = None
        self._slots_seen: tuple[tuple[Meld, ...], tuple[Play, ...]] = ((), ())  # the table and plays shown
        self._cands_seen: tuple[Candidate, ...] = ()
        out[self._at[14] + layout.seat] = 1.0

    def write(self, s: Sight, p: Public) -> None:
        """Bring the places up to ``s`` and the public part ``p``.

        One method for the usual step on purpose: it runs at every step of a learning loop
        (``benchmarks/bench_envs.py``); the rarer changes call helpers.
        """
        out, at = self._out, self._at
        hand = s.hand  # its order is not encoded: its count vector says it all
        try:
            count = sum(map(_UNIT.__getitem__, map(id, hand)))
        except KeyError:
            count = count_vector(hand)
        old = self._hand_count
        if old != count:
            self._counts(old, count, at[0])
            self._hand_count = count
        if p._table is not self._table:
            self._write_table(p._table)
        if p._out is not self._out_seen:
            count = count_vector(p._out)
            self._counts(self._out_count, count, at[3])
            self._out_seen, self._out_count = p._out, count
        deck = self._layout.deck  # the hand sizes and the stock: written every time
        for k, size in zip(self._layout.sizes, s.sizes):
            out[k] = size / deck
        out[at[5]] = s.stock / deck
        small = self._small
        if p._opened_seats != small[0] or p._known_jokers != small[1]:
            self._write_public(p)
        if p._totals != small[2] or p._final_scores is not small[3] or p._last_points is not small[4] \
                or p._last_winners is not small[5] or p._starter != small[6]:
            self._write_scores(p)
        if s.acting != self._acting:
            self._write_acting(s.acting)
        if s.shapeless or self._slots_seen[1]:
            self._write_slots(s.shapeless, p._table)
        if s.cands is not self._cands_seen:
            self._write_candidates(s.cands)

    def _counts(self, old: int, new: int, start: int) -> None:
        """A card slice (thermometers from ``start``) from count vector ``old`` to ``new``: the
        places of the kinds whose count changed are rewritten (a zone never holds more copies
        of a kind than the decks, so no count passes its thermometer)."""
        out, base, below = self._out, self._layout.base, _BELOW
        was, now = old.to_bytes(53, "little"), new.to_bytes(53, "little")
        d = old ^ new
        while d:
            q = (d.bit_length() - 1) >> 3
            d &= below[q]
            a, b = was[q], now[q]
            k = start + base[q]
            if a < b:
                for j in range(a, b):
                    out[k + j] = 1.0
            else:
                for j in range(b, a):
                    out[k + j] = 0.0

    def _write_table(self, table: tuple[Meld, ...]) -> None:
        """The table's melds and cards: each meld not in its place last time is rewritten, the
        cards' count vector loses the melds that left and gains those that came."""
        old, out, melds = self._table, self._out, _MELDS
        n_old, n_new = len(old), len(table)
        most, start = self._layout.max_melds, self._at[2]
        total = was = self._table_count
        for k in compress(count(), map(is_not, old, table)):  # a meld in place of another
            entry = melds.get(id(old[k]))
            if entry is None or entry[0] is not old[k]:
                entry = _meld(old[k])
            total -= entry[3]
            features = entry[1]
            entry = melds.get(id(table[k]))
            if entry is None or entry[0] is not table[k]:
                entry = _meld(table[k])
            total += entry[3]
            if k < most:
                d, now, base = features ^ entry[1], entry[1], start + MELD_WIDTH * k
                while d:
                    low = d & -d
                    out[base + low.bit_length() - 1] = 1.0 if now & low else 0.0
                    d ^= low
        for k in range(n_new, n_old):  # melds gone (a layout of fewer melds, a new hand)
            entry = melds.get(id(old[k]))
            if entry is None or entry[0] is not old[k]:
                entry = _meld(old[k])
            total -= entry[3]
            if k < most:
                base = start + MELD_WIDTH * k
                for f in entry[2]:
                    out[base + f] = 0.0
        for k in range(n_old, n_new):  # melds added after the others (their blocks held zeros)
            entry = melds.get(id(table[k]))
            if entry is None or entry[0] is not table[k]:
                entry = _meld(table[k])
            total += entry[3]
            if k < most:
                base = start + MELD_WIDTH * k
                for f in entry[2]:
                    out[base + f] = 1.0
        self._counts(was, total, self._at[1])
        self._table, self._table_count = table, total

    def _write_public(self, p: Public) -> None:
        """The ``opened`` and ``known_jokers`` slices."""
        out, at, rel, scale = self._out, self._at, self._layout.rel, self._layout.space._joker_scale
        for s, (opened, jokers) in enumerate(zip(p._opened_seats, p._known_jokers)):
            out[at[6] + rel[s]] = 1.0 if opened else 0.0
            out[at[7] + rel[s]] = jokers / scale
        self._small[0:2] = [list(p._opened_seats), list(p._known_jokers)]

    def _write_scores(self, p: Public) -> None:
        """Totals, scores, last points, last winners and the starter (they change with a hand)."""
        out, at, rel, scale = self._out, self._at, self._layout.rel, self._layout.space._score_scale
        scores, points, winners = p.scores, p._last_points, p._last_winners
        for s, total in enumerate(p._totals):
            r = rel[s]
            out[at[8] + r] = total / scale
            out[at[9] + r] = scores[s] / scale
            out[at[10] + r] = points[s] / scale if points else 0.0
            out[at[11] + r] = 1.0 if s in winners else 0.0
            out[at[13] + r] = 1.0 if s == p._starter else 0.0
        self._small[2:7] = [list(p._totals), p._final_scores, points, winners, p._starter]

    def _write_acting(self, acting: tuple[int, ...]) -> None:
        """The ``to_act`` and ``phase`` slices."""
        out, at, rel = self._out, self._at, self._layout.rel
        for s in range(len(rel)):
            out[at[12] + rel[s]] = 1.0 if s in acting else 0.0
        out[at[15]] = 1.0 if acting else 0.0
        out[at[15] + 1] = 0.0 if acting else 1.0
        self._acting = acting

    def _write_slots(self, plays: tuple[Play, ...], table: tuple[Meld, ...]) -> None:
        """The ``slots`` slice: the features of the listed plays that have no shape id."""
        if plays is self._slots_seen[1] and table is self._slots_seen[0]:
            return
        width = SLOTS * SLOT_WIDTH
        values = [0.0] * width
        self._layout.space._encode_plays(table, plays, values, 0)
        base, out = self._at[16], self._out
        for j in range(width):
            out[base + j] = values[j]
        self._slots_seen = (table, plays)

    def _write_candidates(self, cands: tuple[Candidate, ...]) -> None:
        """The ``candidates`` slice: the features of the position's candidate plays."""
        width = len(self._cands_seen) * CANDIDATE_WIDTH
        base, out = self._at[17], self._out
        for j in range(width):  # the slots shown before, cleared
            out[base + j] = 0.0
        self._layout.space._encode_candidates(cands, out, base)
        self._cands_seen = cands
