"""Machuco's one observation writer: the slices of ``ActionSpace.encode`` from one record (internal).

Both ways to the observation go through this module, so they cannot disagree:

- :meth:`ActionSpace.encode(view) <naipes.machuco.ActionSpace.encode>` fills a :class:`Sight`
  from the view (:func:`sight_of_view`: the :class:`Public` part included, under the engine's
  names) and runs a fresh :class:`Writer` on it once (``write(sight, sight)``);
- the tracker (:mod:`naipes.machuco._tracker`) keeps one :class:`Writer` per seat and at each
  position refills its :class:`Sight` from the engine (:func:`look`: a few stores, the engine's
  lists shared) and runs the same writer with the engine itself as the :class:`Public` part
  (``write(sight, game)``). The writer keeps what it wrote last (the places of each card zone,
  the values of the small slices) and rewrites only the places whose inputs changed: the card
  zones only when a card moved (a play, a deal, a new hand), the zones that only grow within a
  hand or a deal (the piles, the deal's plays, the cards aside) only for their new cards.

A :class:`Sight` holds what only the seat sees, with the view's meanings (its own hand, as the
interned play moves of its cards; the known cards; the hand sizes and the stock's size; the
cards in play when some are out of play). The public zones, counts and scores are the
:class:`Public` part, the same for every seat.

This module is plain Python that mypyc can compile (``NAIPES_MYPYC=1``, see
:doc:`/guides/performance`): classes without ``__slots__`` or base class. Compiled or not, it
writes the same places.

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from naipes.actions import _zeros_like
from naipes.machuco._public import Public
from naipes.machuco._tables import DECK40, Phase

if TYPE_CHECKING:
    from naipes.cards import Card
    from naipes.machuco.moves import PlayCard
    from naipes.machuco.scoring import Contest, PendingCante
    from naipes.machuco.state import Game
    from naipes.machuco.view import View

__all__ = ["Layout", "Public", "Sight", "Writer", "look", "sight_of_view"]

#: Each card's index in the 40-card order, by the card's cached hash.
_INDEX: dict[int, int] = {c._hash: i for i, c in enumerate(DECK40)}
_RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
_RANK_INDEX = {r: i for i, r in enumerate(_RANKS)}
_PHASE_INDEX = {p: i for i, p in enumerate((Phase.PLAY, Phase.DECIDE, Phase.RESPOND, Phase.OVER))}
#: A majo chain's stack size is divided by this (the deck).
STACK_SCALE = 40.0
#: The values written, as objects (compiled code then passes them as they are, making none).
_ONE: Any = 1.0
_ZERO: Any = 0.0
#: Each zone's card places (card hash -> place), per layout: made once, shared by the writers.
_PLACES: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def _zone_places(base: int) -> dict[int, Any]:
    """Each card's place in a 40-card slice at ``base``, by the card's cached hash."""
    return {h: base + i for h, i in _INDEX.items()}


def _places(at: tuple[int, ...], rside: tuple[int, ...], offsets: tuple[int, ...]) -> tuple[Any, ...]:
    """The hand's, the table's, each side's pile's, each seat's deal-plays' and the known
    cards' place tables (at most 64 layouts kept)."""
    key = (at, rside, offsets)
    found = _PLACES.get(key)
    if found is None:
        if len(_PLACES) >= 64:
            _PLACES.clear()
        found = _PLACES[key] = (_zone_places(at[0]), _zone_places(at[1]),
                                [_zone_places(at[2] + 40 * r) for r in rside],
                                [_zone_places(at[4] + o) for o in offsets], _zone_places(at[5]))
    return found


#: The slices this writer reads offsets of, in the order of ``Writer._at``.
_SLICES = ("hand", "table", "piles", "aside", "deal_plays", "known", "hand_sizes", "stock_size", "plays_done",
           "deal", "phase", "to_act", "last_throw", "chain_number", "scores", "last_capturer", "cantes",
           "cantes_known", "dealer", "out_of_play")


class Sight:
    """What one seat sees of a Machuco position that only it sees, or that is read from the
    engine's fields, with the view's meanings (see the module docstring); from a view (:func:`sight_of_view`) it also
    carries the :class:`Public` part under the engine's names.

    The zones are the engine's own lists (from :func:`look`) or the view's tuples (from
    :func:`sight_of_view`): read at once, never kept or changed.
    """

    seat: int
    hand: Sequence[PlayCard]  # the seat's cards as their (interned) play moves
    deal_start: int  # where this deal's plays begin in ``_plays``
    known: Sequence[Card]  # a tuple, new at each hand
    in_play: Sequence[Card] | None  # the cards in play, when some are out of play
    sizes: Sequence[int]
    stock: int
    #: the public part (a view's sight only)
    _table: Sequence[Card]
    _piles: Sequence[Sequence[Card]]
    _aside: Sequence[Card]
    _plays: Sequence[tuple[int, Card]]
    _plays_done: int
    _hand_no: int
    _deal_no: int
    _phase: Phase
    to_act: tuple[int, ...]
    _dealer: int
    _scores: Sequence[int]
    _last_throw: int
    _last_capturer: int
    _ch_rank: int
    _ch_level: int
    _ch_side: int
    _ch_len: int
    _cantes: Sequence[tuple[int, Any]] | None  # (seat, figure) per cante sung; None: not known yet
    _contest: Contest | None
    _pending: Sequence[PendingCante]
    _chicos: Sequence[int]
    _partidos: Sequence[int]
    _winner: int


def look(g: Game, seat: int, s: Sight) -> Sight:
    """Fill ``s`` (a sight of ``seat``, or a new one) with what only ``seat`` sees of ``g`` now
    (the contents of ``g.view(seat)`` beside the :class:`Public` part, which the writer reads
    from ``g`` itself): a few stores, the engine's lists shared, nothing copied."""
    hands = g._hands
    starts = g._deal_starts
    s.seat, s.hand, s.known = seat, hands[seat], g._bottom
    s.deal_start = starts[-1] if starts else 0
    s.in_play = None if g._full else tuple(sorted((c for z in g.zones().values() for c in z), key=str))
    s.sizes = tuple(map(len, hands))
    s.stock = len(g._stock)
    return s


def sight_of_view(view: View, moves: Sequence[Any]) -> Sight:
    """What ``view`` shows, as the writer reads it, its :class:`Public` part included (``moves``:
    the play moves in card order)."""
    s = Sight()
    s.seat = view.seat
    s.hand = [moves[_INDEX[c._hash]] for c in view.hand]
    s._table, s._piles, s._aside = list(view.table), view.piles, view.aside
    starts = view.deal_starts
    s._plays, s.deal_start, s.known = view.plays, starts[-1] if starts else 0, view.known
    s.in_play = view.in_play
    s.sizes = view.hand_sizes
    s.stock = view.stock_size
    s._plays_done, s._hand_no, s._deal_no = view.plays_done, view.hand_number, view.deal_number
    s._phase = view.phase
    s.to_act, s._dealer, s._scores = view.to_act, view.dealer, list(view.scores)
    s._last_throw = view.last_throw
    s._last_capturer = -1 if view.last_capturer is None else view.last_capturer
    chain = view.chain
    s._ch_rank, s._ch_level, s._ch_side, s._ch_len = chain if chain is not None else (0, 0, 0, 0)
    s._cantes = [(c.seat, c) for c in view.cantes] if view.cantes_known else None
    s._contest, s._pending = view.contest, list(view.pending)  # lists, as the engine's
    s._chicos, s._partidos = list(view.chicos), list(view.partidos)
    s._winner = -1 if view.winner is None else view.winner
    return s


class Layout:
    """One seat's places in the observation of an ``ActionSpace`` (made once per space and seat)."""

    def __init__(self, space: Any, seat: int) -> None:
        self.seat = seat
        self.at: tuple[int, ...] = tuple(space._at[name] for name in _SLICES)
        self.named: dict[str, int] = space._at
        self.rel: tuple[int, ...] = space._rel_seat[seat]
        self.rside: tuple[int, ...] = space._rel_side[seat]
        self.n: int = space._n
        self.s: int = space._s
        self.d: int = space._d
        self.limit: float = space._limit
        self.pending_width: int = space._pending_width
        self.score_scale: tuple[float, float, float] = space._score_scale
        from naipes.machuco import actions  # the scales (it imports this module)

        self.hand_scale: float = actions.HAND_SCALE
        self.plays_scale: float = actions.PLAYS_SCALE
        self.cante_scale: float = actions.CANTE_SCALE
        self.total_scale: float = actions.TOTAL_SCALE
        self.score_cap: float = actions.SCORE_CAP
        offsets = tuple(40 * r for r in self.rel)  # each seat's block in the deal's plays
        places = _places(self.at, self.rside, offsets)
        self.hand_at: dict[int, Any] = places[0]
        self.table_at: dict[int, Any] = places[1]
        self.piles_at: list[dict[int, Any]] = places[2]
        self.plays_at: list[dict[int, Any]] = places[3]
        self.known_at: dict[int, Any] = places[4]
        #: the zeros a writer into a list clears its card zones, cantes and deal plays with
        self.blanks: tuple[Any, Any, Any] = _blanks([], self.n)
        #: the same as memoryviews, per item format (made at a writer's first use of one)
        self.view_blanks: dict[str, tuple[Any, Any, Any]] = {}


class Writer:
    """One seat's Machuco observation, written slice by slice from a :class:`Sight`.

    Args:
        layout: the seat's :class:`Layout`.
        out: what to write the observation's places through (a zeroed list, or the
            memoryview of a zeroed array): a new writer assumes it zeroed.

    Each :meth:`write` rewrites the places whose inputs changed since the last one (the first:
    every non-zero place).
    """

    _card_key: tuple[Any, ...]
    _zeros: Any
    _blank_cantes: Any
    _rare_hot: list[dict[int, float]]
    _hand: list[Any]
    _table: list[Any]
    _score_seen: Sequence[int]
    _sizes: list[int]
    _blank_plays: Any
    _target: float
    _score_cap: float
    _grown: list[list[Any]]
    _plays: list[Any]
    _known: Any
    _in_play: Any
    _seen: list[Any]
    _hot: list[int]
    _seats_to_act: tuple[int, ...]

    def __init__(self, layout: Layout, out: Any) -> None:
        self._layout = layout
        self.seat, self._out = layout.seat, out
        self._at = layout.at
        self._rel = layout.rel
        self._rside = layout.rside
        self._hand_at = layout.hand_at
        self._table_at = layout.table_at
        self._piles_at = layout.piles_at
        self._plays_at = layout.plays_at
        self._known_at = layout.known_at
        self._hand_scale = layout.hand_scale
        self._plays_scale = layout.plays_scale
        self._start()

    def write(self, s: Sight, p: Public) -> None:
        """Bring the places up to ``s`` and the public part ``p`` (see :class:`Public`).

        One method on purpose: it runs at every step of a learning loop, and each helper
        call or attribute chain it avoids is measurable (``benchmarks/bench_envs.py``).
        """
        out, at, rside = self._out, self._at, self._rside
        hand_no = p._hand_no
        key = self._card_key
        if key[0] != p._plays_done or key[1] != p._deal_no or key[2] != hand_no or key[3] is not p._phase:
            self._card_key = (p._plays_done, p._deal_no, hand_no, p._phase)
            self._cards(s, p, out, at, hand_no)  # the counts too
            if s.in_play != self._in_play:
                self._out_of_play(s.in_play, at[19])
        scores = p._scores
        if scores != self._score_seen:
            target, cap, base, side = self._target, self._score_cap, at[14], 0
            for v in scores:
                out[base + rside[side]] = min(v / target, cap)
                side += 1
            self._score_seen = list(scores)
        seen, hot = self._seen, self._hot  # the engine's values last written; the places set
        if p._last_throw != seen[2]:
            seen[2] = k = p._last_throw
            k = _RANK_INDEX[k] if k else -1
            if hot[2] >= 0:
                out[at[12] + hot[2]] = 0.0
            if k >= 0:
                out[at[12] + k] = 1.0
            hot[2] = k
        if p._last_capturer != seen[3]:
            seen[3] = k = p._last_capturer
            k = rside[k] if k >= 0 else -1
            if hot[3] >= 0:
                out[at[15] + hot[3]] = 0.0
            if k >= 0:
                out[at[15] + k] = 1.0
            hot[3] = k
        if p._phase is not seen[1]:
            seen[1] = p._phase
            self._one_hot(1, at[10], _PHASE_INDEX[p._phase])
        if p._deal_no != seen[0] or p._dealer != seen[4]:
            self._one_hots(p, seen)
        acting = p.to_act
        if acting is not self._seats_to_act:
            self._to_act(acting, at[11])
        chain = seen[5]
        if p._ch_level != chain[1] or p._ch_level and (p._ch_len != chain[3] or p._ch_rank != chain[0]
                                                       or p._ch_side != chain[2]):
            self._chain_slices(p, at[13])
        if p._cantes is not seen[6]:
            self._cante_slices(p)
        if p._contest is not seen[7]:
            seen[7] = p._contest
            self._rare(0, p)
        if p._pending != seen[8]:
            seen[8] = list(p._pending)
            self._rare(1, p)
        if p._chicos != seen[9] or p._partidos != seen[10] or p._winner != seen[11]:
            seen[9:12] = [list(p._chicos), list(p._partidos), p._winner]
            self._rare(2, p)

    def _start(self) -> None:
        """What was written: the all-zero observation."""
        space = self._layout
        self._card_key = (-1, -1, -1, None)
        out = self._out
        if type(out) is list:
            blanks = space.blanks
        else:
            key = out.format if isinstance(out, memoryview) else type(out).__name__
            found = space.view_blanks.get(key)
            if found is None:
                found = space.view_blanks[key] = _blanks(out, space.n)
            blanks = found
        self._zeros, self._blank_cantes, self._blank_plays = blanks
        #: per rare group (contest, pending, chicos/partidos/winner/seat): the places it set
        self._rare_hot = [{}, {}, {}]
        self._hand, self._table = [], []
        self._score_seen = [0] * space.s
        self._sizes = [0] * space.n
        self._target = float(space.score_scale[0])
        self._score_cap = space.score_cap
        #: per growing zone (each side's pile, then the cards aside): [hand, length, slice width,
        #: the last card written (piles only)]
        self._grown = [[-1, 0, 40, None] for _ in range(space.s + 1)]
        self._plays = [(-1, -1), 0, 40 * space.n]
        self._known = None
        self._in_play = None
        #: deal, phase, last throw, last capturer, dealer, chain, cantes, contest, pending,
        #: chicos, partidos, winner, as last written (the zeroed slices' values to start)
        self._seen = [0, None, 0, -1, None, (0, 0, 0, 0), None, None, [], [0] * space.s,
                      [0] * space.s, -2]
        #: the place set in the deal, phase, throw, capturer, dealer, chain number, level, side slices
        self._hot = [-1] * 8
        self._seats_to_act = ()

    def _cards(self, s: Sight, p: Public, out: Any, at: tuple[int, ...], hand_no: int) -> None:
        """The card slices: hand, table, piles, aside, the deal's plays, known (each card's place
        read from its zone's table: no arithmetic, and no number made, per write); then the
        counts (hand sizes, stock, plays done), which change only when cards move."""
        blank, one, zero = self._zeros, _ONE, _ZERO
        hand = s.hand
        if hand != self._hand:  # a card played or a deal: clear the old cards, set the new
            place = self._hand_at
            for m in self._hand:
                out[place[m.card._hash]] = zero
            for m in hand:
                out[place[m.card._hash]] = one
            self._hand = list(hand)
        table, old = p._table, self._table
        if table != old:
            place, lo = self._table_at, len(old)
            if len(table) > lo and table[:lo] == old:  # thrown cards: set them
                for c in table[lo:]:
                    out[place[c._hash]] = one
            else:  # a capture, a new hand or turn-up: clear the old cards, set the new
                for c in old:
                    out[place[c._hash]] = zero
                for c in table:
                    out[place[c._hash]] = one
            self._table = list(table)
        grown, zeros, piles_at = self._grown, self._zeros, self._piles_at
        side = 0
        for pile in p._piles:  # each side's pile grows within a hand: write its new cards ...
            record, size = grown[side], len(pile)
            side += 1
            written = record[1]
            # ... but a majo chain takes its stack off the top of another side's pile, which may
            # grow back to the length written before this seat looks again: the card last written
            # must still be in its place (a stack moves whole and in order, so when that card is
            # back in its place, the cards under it are too)
            if written == size and record[0] == hand_no and (not size or pile[size - 1] is record[3]):
                continue  # as written (the usual case: asked first)
            place = piles_at[side - 1]
            if record[0] != hand_no or written > size or (written > 0 and pile[written - 1] is not record[3]):
                if record[0] >= 0:  # stale (a new writer has written nothing here)
                    base = at[2] + 40 * self._rside[side - 1]
                    out[base:base + 40] = zeros
                record[0], record[1] = hand_no, 0
            for i in range(record[1], size):
                out[place[pile[i]._hash]] = one
            record[1] = size
            record[3] = pile[size - 1] if size else None
        record = grown[-1]
        if record[1] != len(p._aside) or record[0] != hand_no:
            self._grow(record, hand_no, p._aside, at[3], 0)
        plays, start = p._plays, s.deal_start
        size = len(plays)
        record = self._plays  # the deal's plays, per seat: they only grow within the deal
        if record[1] != size or record[0][1] != start or record[0][0] != hand_no:
            if record[0][1] != start or record[0][0] != hand_no or record[1] > size:
                if record[0][0] >= 0:
                    base = at[4]
                    out[base:base + record[2]] = self._blank_plays
                record[0], record[1] = (hand_no, start), start
            plays_at = self._plays_at
            for i in range(record[1], size):
                t, c = plays[i]
                out[plays_at[t][c._hash]] = one
            record[1] = size
        if s.known is not self._known:  # a tuple, new at each hand
            base = at[5]
            if self._known is not None:
                out[base:base + 40] = blank
            place = self._known_at
            for c in s.known:
                out[place[c._hash]] = one
            self._known = s.known
        sizes, rel, base, t = self._sizes, self._rel, at[6], 0
        scale = self._hand_scale
        for k in s.sizes:
            if k != sizes[t]:
                sizes[t] = k
                out[base + rel[t]] = k / scale
            t += 1
        scale = self._plays_scale
        out[at[7]] = s.stock / scale
        out[at[8]] = p._plays_done / scale

    def _grow(self, record: list[Any], epoch: Any, cards: Any, base: int, start: int) -> None:
        """A zone that only grows within ``epoch``: write its new cards (a new epoch: clear the
        slice, then write all from ``start``). The deal's plays (a slice of 40 per seat) are
        ``(seat, card)`` pairs."""
        out, index, width = self._out, _INDEX, record[2]
        if record[0] != epoch or record[1] > len(cards):
            out[base:base + width] = self._zeros if width == 40 else _zeros_like(self._out, width, 0.0)
            record[0], record[1] = epoch, start
        if width == 40:
            for i in range(record[1], len(cards)):
                out[base + index[cards[i]._hash]] = 1.0
        else:
            rel = self._rel
            for i in range(record[1], len(cards)):
                s, c = cards[i]
                out[base + 40 * rel[s] + index[c._hash]] = 1.0
        record[1] = len(cards)

    def _one_hots(self, p: Public, seen: list[Any]) -> None:
        """The deal, phase and dealer slices (each one place or none)."""
        seen[0:2], seen[4] = [p._deal_no, p._phase], p._dealer
        at, deal = self._at, p._deal_no
        self._one_hot(0, at[9], deal - 1 if 1 <= deal <= self._layout.d else -1)
        self._one_hot(1, at[10], _PHASE_INDEX[p._phase])
        self._one_hot(4, at[18], self._rel[p._dealer])

    def _one_hot(self, k: int, base: int, index: int) -> None:
        """One-hot slice ``k`` at ``base`` set to ``index`` (-1: none)."""
        hot, out = self._hot, self._out
        if hot[k] == index:
            return
        if hot[k] >= 0:
            out[base + hot[k]] = 0.0
        if index >= 0:
            out[base + index] = 1.0
        hot[k] = index

    def _to_act(self, acting: tuple[int, ...], base: int) -> None:
        out, rel = self._out, self._rel
        for t in self._seats_to_act:
            if t not in acting:
                out[base + rel[t]] = 0.0
        for t in acting:
            out[base + rel[t]] = 1.0
        self._seats_to_act = acting

    def _chain_slices(self, p: Public, base: int) -> None:
        """The majo chain's number, level, side and stack (all zero without a chain)."""
        level = p._ch_level
        self._seen[5] = (p._ch_rank, level, p._ch_side, p._ch_len)
        sides = self._layout.s
        self._one_hot(5, base, _RANK_INDEX[p._ch_rank] if level else -1)
        self._one_hot(6, base + 10, level - 1 if 1 <= level <= 2 else -1)
        self._one_hot(7, base + 12, self._rside[p._ch_side] if level else -1)
        self._out[base + 12 + sides] = p._ch_len / STACK_SCALE if level else 0.0

    def _cante_slices(self, p: Public) -> None:
        """The cantes sung in this deal (category, value per seat) and whether they are known."""
        out, rel = self._out, self._rel
        base, n = self._at[16], self._layout.n
        out[base:base + 4 * n] = self._blank_cantes
        for t, fig in p._cantes or ():
            b = base + 4 * rel[t]
            out[b + fig.category.value - 1] = 1.0
            out[b + 3] = fig.value / self._layout.cante_scale
        out[base + 4 * n] = 0.0 if p._cantes is None else 1.0
        self._seen[6] = p._cantes

    def _rare(self, group: int, p: Public) -> None:
        """Rewrite one group of the rare slices (0: the contest, 1: the pending cantes, 2:
        chicos, partidos, seat and winner), a few times a hand: its new values are collected
        by place, the places it set before and not now are cleared."""
        values: Any = {}
        self._fill_rare(group, p, values)
        out, old = self._out, self._rare_hot[group]
        for j in old:
            if j not in values:
                out[j] = 0.0
        for j, v in values.items():
            out[j] = v
        self._rare_hot[group] = values

    def _fill_rare(self, group: int, p: Public, out: Any) -> None:
        """One rare group's values into ``out`` (by place)."""
        layout = self._layout
        at, rel, rside = layout.named, self._rel, self._rside
        if group == 0:
            if p._contest is not None:
                write_contest(layout, out, p._contest, rel, rside)
        elif group == 1:
            if p._pending:
                write_pending(layout, out, p._pending, rside)
        else:
            _, chicos, partidos = layout.score_scale
            for side in range(layout.s):
                out[at["chicos"] + rside[side]] = p._chicos[side] / chicos
                out[at["partidos"] + rside[side]] = p._partidos[side] / partidos
            out[at["seat"] + self.seat] = 1.0
            if p._winner >= 0:
                out[at["winner"] + rside[p._winner]] = 1.0

    def _out_of_play(self, in_play: Sequence[Card] | None, base: int) -> None:
        """The cards out of play (none when ``in_play`` is ``None``: every card is in play)."""
        out = self._out
        if in_play is None:
            out[base:base + 40] = self._zeros
        else:
            out[base:base + 40] = _ones_like(out)
            for c in in_play:
                out[base + _INDEX[c._hash]] = 0.0
        self._in_play = in_play


def write_contest(layout: Layout, out: Any, contest: Contest, rel: tuple[int, ...],
                  rside: tuple[int, ...]) -> None:
    """The ``contest``, ``contest_sides`` and ``contest_seats`` slices' values into ``out``."""
    at = layout.named
    n, s = layout.n, layout.s
    base = at["contest"]
    out[base] = 1.0
    out[base + contest.category.value] = 1.0
    out[base + 4] = contest.amount / layout.limit
    base = at["contest_sides"]
    for side in contest.contenders:
        out[base + rside[side]] = 1.0
    for side, total in enumerate(contest.totals):
        out[base + s + rside[side]] = total / layout.total_scale
    base = at["contest_seats"]
    if 0 <= contest.decider < n:
        out[base + rel[contest.decider]] = 1.0
    if 0 <= contest.responder < n:
        out[base + n + rel[contest.responder]] = 1.0


def write_pending(layout: Layout, out: Any, pending: Sequence[PendingCante], rside: tuple[int, ...]) -> None:
    """The ``pending`` slice's values (the cantes of earlier deals still to score) into ``out``."""
    s = layout.s
    width = layout.pending_width
    start = layout.named["pending"]
    for p in pending:
        if not 1 <= p.deal <= layout.d:
            continue
        b = start + width * (p.deal - 1)
        out[b] = 1.0
        out[b + p.category.value] = 1.0
        out[b + 4] = p.stake / layout.limit
        for side in p.contenders:
            out[b + 5 + rside[side]] = 1.0
        for side, total in enumerate(p.totals):
            out[b + 5 + s + rside[side]] = total / layout.total_scale


def _blanks(out: Any, n: int) -> tuple[Any, Any, Any]:
    """Zeros to slice-assign into ``out``: 40 (a card zone), 4N (the cantes), 40N (the deal's plays)."""
    return _zeros_like(out, 40, 0.0), _zeros_like(out, 4 * n, 0.0), _zeros_like(out, 40 * n, 0.0)


def _ones_like(target: Any) -> Any:
    """40 ones that slice-assign into ``target`` (a memoryview of its format, or a list)."""
    ones = _zeros_like(target, 40, 1.0)
    for i in range(40):
        ones[i] = 1.0
    return ones
