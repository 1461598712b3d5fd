"""Machuco's observation encoder: the diffing part of the tracker (internal).

:class:`naipes.machuco._tracker.Tracker` owns one :class:`Encoder` per seat. It reads the
engine's fields instead of building a :class:`~naipes.machuco.View`, keeps what it wrote
last (the places of each card zone, the values of the small slices) and rewrites only the
places the moves since changed: the card zones are looked at only when a card moved (a play,
a deal, a new hand), the zones that only grow within a hand or a deal (the piles, the deal's
plays, the cards aside) only for their new cards.

This module is plain Python that mypyc can compile (``NAIPES_MYPYC=1``, see
:doc:`/guides/performance`): one class without ``__slots__`` or base class, the engine's
fields typed as the engine declares them. Compiled or not, it writes the same places.

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from naipes.actions import _fill_zero, _zeros_like
from naipes.machuco._tables import DECK40, Phase

if TYPE_CHECKING:
    from naipes.machuco.state import Game

__all__ = ["Encoder"]

#: Each card's index in the 40-card order, by the card's cached hash.
_INDEX: dict[int, int] = {c._hash: i for i, c in enumerate(DECK40)}
_RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
_RANK_INDEX = {r: i for i, r in enumerate(_RANKS)}
_PHASE_INDEX = {p: i for i, p in enumerate((Phase.PLAY, Phase.DECIDE, Phase.RESPOND, Phase.OVER))}
#: The values written, as objects (compiled code then passes them as they are, making none).
_ONE: Any = 1.0
_ZERO: Any = 0.0
#: Each zone's card places (card hash -> place), per layout: made once, shared by the encoders.
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
#: The slices this encoder reads offsets of, in the order of ``Encoder._at``.
_SLICES = ("hand", "table", "piles", "aside", "deal_plays", "known", "hand_sizes", "stock_size", "plays_done",
           "deal", "phase", "to_act", "last_throw", "chain_number", "scores", "last_capturer", "cantes",
           "cantes_known", "dealer")


class Encoder:
    """One seat's Machuco observation, rewritten place by place from the engine's fields.

    Args:
        space: the :class:`~naipes.machuco.ActionSpace` (its layout and scales).
        seat: the observing seat.
        obs: the observation array (zeroed by the first :meth:`encode`).
        out: what to write ``obs``'s places through (``obs`` or a memoryview of it).
    """

    _card_key: tuple[Any, ...]
    _zeros: Any
    _blank_cantes: Any
    _rare_hot: list[dict[int, float]]
    _hand: list[Any]
    _table: list[Any]
    _score_seen: list[int]
    _sizes: list[int]
    _blank_plays: Any
    _target: float
    _grown: list[list[Any]]
    _plays: list[Any]
    _known: Any
    _seen: list[Any]
    _hot: list[int]
    _seats_to_act: tuple[int, ...]

    def __init__(self, space: Any, seat: int, obs: Any, out: Any) -> None:
        self._space = space
        self.seat, self._obs, self._out = seat, obs, out
        self._at: tuple[int, ...] = tuple(space._at[name] for name in _SLICES)
        self._rel: tuple[int, ...] = space._rel_seat[seat]
        self._rside: tuple[int, ...] = space._rel_side[seat]
        self._offsets = tuple(40 * r for r in self._rel)  # each seat's block in the deal's plays
        self._written = False
        places = _places(self._at, self._rside, self._offsets)
        self._hand_at: dict[int, Any] = places[0]
        self._table_at: dict[int, Any] = places[1]
        self._piles_at: list[dict[int, Any]] = places[2]
        self._plays_at: list[dict[int, Any]] = places[3]
        self._known_at: dict[int, Any] = places[4]

    def encode(self, g: Game) -> bool:
        """Bring the places of ``obs`` up to the position of ``g``; ``False`` (nothing written)
        for a position with cards out of play, which the tracker encodes the view's way.

        One method on purpose: it runs at every step of a learning loop, and each helper
        call or attribute chain it avoids is measurable (``benchmarks/bench_envs.py``).
        """
        if not g._full:  # all rewritten next time
            self._written = False
            return False
        if not self._written:
            self._start()
        out, at, rside = self._out, self._at, self._rside
        hand_no = g._hand_no
        key = self._card_key
        if key[0] != g._plays_done or key[1] != g._deal_no or key[2] != hand_no or key[3] is not g._phase:
            self._card_key = (g._plays_done, g._deal_no, hand_no, g._phase)
            self._cards(g, out, at, hand_no)
            self._counts(g, out, at)
        scores = g._scores
        if scores != self._score_seen:
            target, base, side = self._target, at[14], 0
            for v in scores:
                out[base + rside[side]] = min(v / target, 2.0)
                side += 1
            self._score_seen = scores.copy()
        seen, hot = self._seen, self._hot  # the engine's values last written; the places set
        if g._last_throw != seen[2]:
            seen[2] = k = g._last_throw
            k = _RANK_INDEX[k] if k else -1
            if hot[2] >= 0:
                out[at[12] + hot[2]] = 0.0
            if k >= 0:
                out[at[12] + k] = 1.0
            hot[2] = k
        if g._last_capturer != seen[3]:
            seen[3] = k = g._last_capturer
            k = rside[k] if k >= 0 else -1
            if hot[3] >= 0:
                out[at[15] + hot[3]] = 0.0
            if k >= 0:
                out[at[15] + k] = 1.0
            hot[3] = k
        if g._phase is not seen[1]:
            seen[1] = g._phase
            self._one_hot(1, at[10], _PHASE_INDEX[g._phase])
        if g._deal_no != seen[0] or g._dealer != seen[4]:
            self._one_hots(g, seen)
        acting = g.to_act
        if acting is not self._seats_to_act:
            self._to_act(acting, at[11])
        chain = seen[5]
        if g._ch_level != chain[1] or g._ch_level and (g._ch_len != chain[3] or g._ch_rank != chain[0]
                                                       or g._ch_side != chain[2]):
            self._chain_slices(g, at[13])
        if g._cantes is not seen[6]:
            self._cante_slices(g)
        if g._contest is not seen[7]:
            seen[7] = g._contest
            self._rare(0, g)
        if g._pending != seen[8]:
            seen[8] = list(g._pending)
            self._rare(1, g)
        if g._chicos != seen[9] or g._partidos != seen[10] or g._winner != seen[11]:
            seen[9:12] = [list(g._chicos), list(g._partidos), g._winner]
            self._rare(2, g)
        return True

    def _start(self) -> None:
        """Zero every place: what was written is the all-zero observation."""
        space = self._space
        _fill_zero(self._obs)
        self._written = True
        self._card_key = (-1, -1, -1, None)
        self._zeros = _zeros_like(self._out, 40)
        self._blank_cantes = _zeros_like(self._out, 4 * space._n)
        #: per rare group (contest, pending, chicos/partidos/winner/seat): the places it set
        self._rare_hot = [{}, {}, {}]
        self._hand, self._table = [], []
        self._score_seen = [0] * space._s
        self._sizes = [0] * space._n
        self._blank_plays = _zeros_like(self._out, 40 * space._n)
        self._target = float(space._score_scale[0])
        #: per growing zone (each side's pile, then the cards aside): [hand, length, slice width,
        #: the last card written (piles only)]
        self._grown = [[-1, 0, 40, None] for _ in range(space._s + 1)]
        self._plays = [(-1, -1), 0, 40 * space._n]
        self._known = None
        #: deal, phase, last throw, last capturer, dealer, chain, cantes, contest, pending,
        #: chicos, partidos, winner, as last written (the zeroed slices' values to start)
        self._seen = [0, None, 0, -1, None, (0, 0, 0, 0), None, None, [], [0] * space._s,
                                 [0] * space._s, -2]
        #: the place set in the deal, phase, throw, capturer, dealer, chain number, level, side slices
        self._hot = [-1] * 8
        self._seats_to_act = ()

    def _cards(self, g: Game, out: Any, at: tuple[int, ...], hand_no: int) -> None:
        """The card slices: hand, table, piles, aside, the deal's plays, known (each card's place
        read from its zone's table: no arithmetic, and no number made, per write)."""
        blank, one, zero = self._zeros, _ONE, _ZERO
        hand = g._hands[self.seat]
        if hand != self._hand:  # a card played or a deal: clear the old cards, set the new
            place = self._hand_at
            for m in self._hand:
                out[place[m.card._hash]] = zero
            for m in hand:
                out[place[m.card._hash]] = one
            self._hand = hand.copy()
        table, old = g._table, self._table
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
            self._table = table.copy()
        grown, zeros, piles_at = self._grown, self._zeros, self._piles_at
        side = 0
        for pile in g._piles:  # each side's pile grows within a hand: write its new cards ...
            record, size = grown[side], len(pile)
            written = record[1]
            # ... but a majo chain takes its stack off the top of another side's pile, which may
            # grow back to the length written before this seat looks again: the card last written
            # must still be in its place (a stack moves whole and in order, so when that card is
            # back in its place, the cards under it are too)
            stale = record[0] != hand_no or written > size or (written > 0 and pile[written - 1] is not record[3])
            if stale or written != size:
                place = piles_at[side]
                if stale:
                    base = at[2] + 40 * self._rside[side]
                    out[base:base + 40] = zeros
                    record[0], record[1] = hand_no, 0
                for i in range(record[1], size):
                    out[place[pile[i]._hash]] = one
                record[1] = size
                record[3] = pile[size - 1] if size else None
            side += 1
        record = grown[-1]
        if record[1] != len(g._aside) or record[0] != hand_no:
            self._grow(record, hand_no, g._aside, at[3], 0)
        plays, starts = g._plays, g._deal_starts
        start, size = starts[-1] if starts else 0, len(plays)
        record = self._plays  # the deal's plays, per seat: they only grow within the deal
        if record[1] != size or record[0][1] != start or record[0][0] != hand_no:
            if record[0][1] != start or record[0][0] != hand_no or record[1] > size:
                base = at[4]
                out[base:base + record[2]] = self._blank_plays
                record[0], record[1] = (hand_no, start), start
            plays_at = self._plays_at
            for i in range(record[1], size):
                s, c = plays[i]
                out[plays_at[s][c._hash]] = one
            record[1] = size
        if g._bottom is not self._known:  # a tuple, new at each hand
            base = at[5]
            out[base:base + 40] = blank
            place = self._known_at
            for c in g._bottom:
                out[place[c._hash]] = one
            self._known = g._bottom

    def _grow(self, record: list[Any], epoch: Any, cards: Any, base: int, start: int) -> None:
        """A zone that only grows within ``epoch``: write its new cards (a new epoch: clear the
        slice, then write all from ``start``). The deal's plays (a slice of 40 per seat) are
        ``(seat, card)`` pairs."""
        out, index, width = self._out, _INDEX, record[2]
        if record[0] != epoch or record[1] > len(cards):
            out[base:base + width] = self._zeros if width == 40 else _zeros_like(self._out, width)
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

    def _one_hots(self, g: Game, seen: list[Any]) -> None:
        """The deal, phase and dealer slices (each one place or none)."""
        seen[0:2], seen[4] = [g._deal_no, g._phase], g._dealer
        at, deal = self._at, g._deal_no
        self._one_hot(0, at[9], deal - 1 if 1 <= deal <= self._space._d else -1)
        self._one_hot(1, at[10], _PHASE_INDEX[g._phase])
        self._one_hot(4, at[18], self._rel[g._dealer])

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

    def _chain_slices(self, g: Game, base: int) -> None:
        """The majo chain's number, level, side and stack (all zero without a chain)."""
        level = g._ch_level
        self._seen[5] = (g._ch_rank, level, g._ch_side, g._ch_len)
        s = self._space._s
        self._one_hot(5, base, _RANK_INDEX[g._ch_rank] if level else -1)
        self._one_hot(6, base + 10, level - 1 if 1 <= level <= 2 else -1)
        self._one_hot(7, base + 12, self._rside[g._ch_side] if level else -1)
        self._out[base + 12 + s] = g._ch_len / 40.0 if level else 0.0

    def _cante_slices(self, g: Game) -> None:
        """The cantes sung in this deal (category, value per seat) and whether they are known."""
        out, rel = self._out, self._rel
        base, n = self._at[16], self._space._n
        out[base:base + 4 * n] = self._blank_cantes
        for s, fig in g._cantes or ():
            b = base + 4 * rel[s]
            out[b + fig.category.value - 1] = 1.0
            out[b + 3] = fig.value / 6.0
        out[base + 4 * n] = 0.0 if g._cantes is None else 1.0
        self._seen[6] = g._cantes

    def _counts(self, g: Game, out: Any, at: tuple[int, ...]) -> None:
        """Hand sizes, stock and plays done (they change only when cards move)."""
        sizes, rel, base, t = self._sizes, self._rel, at[6], 0
        for hand in g._hands:
            k = len(hand)
            if k != sizes[t]:
                sizes[t] = k
                out[base + rel[t]] = k / 3.0
            t += 1
        out[at[7]] = len(g._stock) / 36.0
        out[at[8]] = g._plays_done / 36.0

    def _rare(self, group: int, g: Game) -> None:
        """Rewrite one group of the rare slices (0: the contest, 1: the pending cantes, 2:
        chicos, partidos, seat and winner), a few times a hand: its new values are collected
        by place, the places it set before and not now are cleared."""
        values: Any = {}
        self._fill_rare(group, g, values)
        out, old = self._out, self._rare_hot[group]
        for j in old:
            if j not in values:
                out[j] = 0.0
        for j, v in values.items():
            out[j] = v
        self._rare_hot[group] = values

    def _fill_rare(self, group: int, g: Game, out: Any) -> None:
        """One rare group's values into ``out`` (by place)."""
        space = self._space
        at, rel, rside = space._at, self._rel, self._rside
        if group == 0:
            if g._contest is not None:
                space._encode_contest(out, g._contest, rel, rside)
        elif group == 1:
            if g._pending:
                space._encode_pending(out, g._pending, rside)
        else:
            _, chicos, partidos = space._score_scale
            for side in range(space._s):
                out[at["chicos"] + rside[side]] = g._chicos[side] / chicos
                out[at["partidos"] + rside[side]] = g._partidos[side] / partidos
            out[at["seat"] + self.seat] = 1.0
            if g._winner >= 0:
                out[at["winner"] + rside[g._winner]] = 1.0
