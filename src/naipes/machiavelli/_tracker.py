"""Machiavelli's :class:`~naipes.actions.Tracker`: ids and observations read from the engine (internal).

:meth:`ActionSpace.tracker <naipes.actions.ActionSpace.tracker>` gives it. It
reads the engine's fields instead of building a :class:`~naipes.machiavelli.View`:

- ids: the engine's listing (made once per position, and the tuple the game
  checks a played move against by identity) is translated play by play. The
  listing adds one card to table meld ``i`` with ``i`` ascending, so one
  pointer walks the table to find each extended meld; the extended meld's id
  and each new meld's catalogue id are looked up by the identity of the
  engine's interned melds (:mod:`~naipes.machiavelli._fast_listing`). A play
  outside that pattern goes through the space's own rule
  (``ActionSpace._play_shape``), so the ids are those of ``legal_ids(view)``
  whatever the listing holds; :meth:`Tracker.move` gives the listed move itself
  (the game accepts it without checking it again).
- the observation: each card zone (the hand, the table's cards, the cards out
  of play) as a *count vector*, one int whose bytes are the counts of the 53
  kinds: a meld's cards are one such int, so the table's changes by one
  subtraction and one addition per meld a play replaced, and only the kinds
  whose byte differs get their thermometer places rewritten. The table's melds
  are compared place by place by identity (the melds a play left in place are
  the same objects) and a replaced meld's block gets the features that differ.
  The small slices are compared with the engine's values and written when they
  changed (the hand sizes and the stock every time).

What it writes equals ``ActionSpace.encode(game.view(seat))`` at every position
(``tests/test_trackers.py`` and ``tests/machiavelli/test_tracker.py`` check it).

.. versionadded:: 1.2
"""

from __future__ import annotations

from itertools import compress, count
from operator import is_not
from typing import TYPE_CHECKING, Any, Sequence

from naipes.actions import Tracker as BaseTracker
from naipes.errors import IllegalMoveError
from naipes.machiavelli.actions import _KIND, CANDIDATE_WIDTH, MELD_WIDTH, SLOT_WIDTH, SLOTS, _meld_features
from naipes.machiavelli.candidates import Candidate, candidates
from naipes.machiavelli.melds import Meld
from naipes.machiavelli.moves import DRAW, FORFEIT, Move, Play
from naipes.machiavelli.state import Game as _Game

if TYPE_CHECKING:
    from naipes.cards import Card
    from naipes.machiavelli.actions import ActionSpace

__all__ = ["Tracker"]

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
#: The slices the tracker writes, in the order of ``Tracker._at``.
_SLICES = ("hand", "table_cards", "table_melds", "out_of_play", "hand_sizes", "stock_size", "opened",
           "known_jokers", "totals", "scores", "last_points", "last_winners", "to_act", "starter", "seat",
           "phase", "slots", "candidates")


def _meld(meld: Meld) -> tuple[Meld, int, tuple[int, ...], int]:
    """The meld's entry of :data:`_MELDS` (made on first sight)."""
    places = _meld_features(meld)
    bits = 0
    for f in places:
        bits |= 1 << f
    entry = (meld, bits, places, _count_vector(meld.physical))
    if len(_MELDS) > 20_000:
        _MELDS.clear()
    _MELDS[id(meld)] = entry
    return entry


def _count_vector(cards: Sequence[Card]) -> int:
    """The cards as a count vector: ``count(kind q) << 8 q`` summed."""
    try:
        return sum(map(_UNIT.__getitem__, map(id, cards)))
    except KeyError:  # a card that is not the interned instance (none is made so)
        return sum(1 << (_W * _KIND[c]) for c in cards)


class _Shared:
    """What the trackers of one space share: the id of each listed meld by its identity."""

    __slots__ = ("at", "catalogue", "extensions")

    def __init__(self, space: ActionSpace) -> None:
        """Empty tables for ``space``."""
        #: the offsets of :data:`_SLICES`
        self.at = tuple(space._at[name] for name in _SLICES)
        #: id(new meld) -> (the meld, the play's cards, its catalogue id or None)
        self.catalogue: dict[int, tuple[Meld, tuple[Card, ...], int | None]] = {}
        #: id(extended meld) -> (the meld, its id's offset among meld ``k``'s ids, or None)
        self.extensions: dict[int, tuple[Meld, int | None]] = {}


_SHARED: dict[int, tuple[ActionSpace, _Shared]] = {}


def _shared(space: ActionSpace) -> _Shared:
    """The :class:`_Shared` tables of ``space`` (the entry keeps the space alive)."""
    entry = _SHARED.get(id(space))
    if entry is None or entry[0] is not space:
        if len(_SHARED) > 64:
            _SHARED.clear()
        entry = _SHARED[id(space)] = (space, _Shared(space))
    return entry[1]


class Tracker(BaseTracker[Move]):
    """One seat's Machiavelli ids, mask and observation, updated from the engine's fields."""

    __slots__ = ("_space", "_tables", "_at", "_rel", "_sizes", "_caps", "_base", "_engine_listing", "_written",
                 "_position", "_listed", "_ids", "_found", "_plays", "_shapeless", "_hand_count",
                 "_out_seen", "_out_count", "_table", "_table_count", "_small", "_acting", "_slots_seen",
                 "_cands", "_all_ids", "_cands_seen")

    _hand_count: int
    _out_seen: tuple[Card, ...]
    _out_count: int
    _table: tuple[Meld, ...]
    _table_count: int
    _small: list[Any]
    _acting: tuple[int, ...] | None
    _slots_seen: tuple[tuple[Meld, ...], tuple[Play, ...]]  # the table and the plays the slots show

    def __init__(self, space: ActionSpace, game: _Game, seat: int, obs: Any = None) -> None:
        """Follow ``seat`` in ``game`` (checked by the base); nothing is read before the first call."""
        super().__init__(space, game, seat, obs)
        self._space = space
        self._tables = _shared(space)
        self._at = self._tables.at
        n = game.num_players
        self._rel = tuple((s - seat) % n for s in range(n))  # seat -> its place in the per-seat slices
        self._sizes = tuple(self._at[4] + r for r in self._rel)  # each seat's place in ``hand_sizes``
        self._caps, self._base = space._caps, space._base
        #: the listing is the engine's own (list_into's order and interned melds: the fast ids)
        self._engine_listing = type(game).legal_moves is _Game.legal_moves and type(game)._legal is _Game._legal
        self._written = False
        #: the position the ids are of: (the engine's seats to act, its history's length)
        self._position: tuple[object, int] = (None, -1)
        self._listed: tuple[Move, ...] | None = None  # the listing the ids below translate
        self._ids: tuple[int, ...] = ()
        self._found: list[int] = []  # the listed moves' ids, in the listing's order
        self._plays: Sequence[Move] = ()  # the listed moves that have an id, in that order
        self._shapeless: tuple[Play, ...] = ()
        self._cands: tuple[Candidate, ...] = ()  # the candidate plays of the position
        self._all_ids: tuple[int, ...] = ()  # the listing's ids and the candidate slots'
        self._cands_seen: tuple[Candidate, ...] = ()  # the candidates the observation shows

    # -- ids -----------------------------------------------------------------------------------
    def legal_ids(self) -> tuple[int, ...]:
        """The ids of the seat's legal moves, ascending (translated once per listing)."""
        g = self.game
        position = self._position
        if g._acting is position[0] and len(g._history) == position[1] and not g._answers:
            return self._all_ids  # every move appends to the history and sets the seats to act anew
        cached = g._cache  # the engine's listing of the seat to act, when made
        if cached is not None and self._engine_listing and self.seat in g._acting and not g._answers:
            moves = cached
        else:
            moves = g.legal_moves(self.seat)
        if moves is not self._listed:
            self._translate(moves)
        space = self._space
        if moves and space.candidate_slots:
            found = candidates(g._table, g._hands[self.seat], space.rules, opened=g._opened_seats[self.seat],
                               solver_nodes=space.solver_nodes)
            self._cands = found if len(found) <= space.candidate_slots else found[:space.candidate_slots]
            start = space.candidate_start
            self._all_ids = self._ids + tuple(range(start, start + len(self._cands)))
        else:
            self._cands, self._all_ids = (), self._ids
        self._position = (g._acting, len(g._history))
        return self._all_ids

    def _translate(self, moves: tuple[Move, ...]) -> None:
        """The ids of the engine's listing ``moves`` (see the module's docstring)."""
        space, tables = self._space, self._tables
        table = self.game._table
        if not self._engine_listing:
            self._translate_any(moves, table)
            return
        n = len(table)
        width, catalogue, extensions = space.slots, tables.catalogue, tables.extensions
        found: list[int] = []
        add = found.append
        shapeless: list[Play] = []
        skipped = False  # a listed move without an id (none in the engine's listings)
        k = 0  # the table meld the listing's extensions have reached
        for m in moves:
            i: int | None
            if type(m) is Play:
                new = m.table
                if len(new) == n + 1:
                    meld = new[n]
                    entry = catalogue.get(id(meld))
                    if entry is None or entry[0] is not meld or entry[1] is not m.cards:
                        entry = self._learn_catalogue(m, table)
                    i = entry[2]
                elif len(new) == n:
                    while k < n and new[k] is table[k]:
                        k += 1
                    if k < n:
                        meld = new[k]
                        ext = extensions.get(id(meld))
                        if ext is not None and ext[0] is meld:
                            i = None if ext[1] is None else 2 + width * k + ext[1]
                        else:
                            i = self._learn_extension(m, table, k)
                    else:  # not in the listing's order: by the space's rule
                        k = 0
                        i = space._play_shape(m, table)
                else:
                    i = space._play_shape(m, table)
                if i is None:
                    if len(shapeless) == SLOTS:
                        skipped = True
                        break
                    i = space.slot_start + len(shapeless)
                    shapeless.append(m)
            elif m is DRAW:
                i = 0
            elif m is FORFEIT:
                i = 1
            else:
                skipped = True
                break
            add(i)
        if skipped:  # the rare listing: move by move by the space's rule
            self._translate_any(moves, table)
            return
        self._found, self._plays, self._shapeless = found, moves, tuple(shapeless)
        self._ids = tuple(sorted(found))
        self._listed = moves

    def _translate_any(self, moves: tuple[Move, ...], table: tuple[Meld, ...]) -> None:
        """The ids of any listing, move by move by the space's rule (a game that lists its own way)."""
        space = self._space
        found: list[int] = []
        plays: list[Move] = []
        shapeless: list[Play] = []
        for m in moves:
            if isinstance(m, Play):
                i = space._play_shape(m, table)
                if i is None and type(m) is Play and len(shapeless) < SLOTS:
                    i = space.slot_start + len(shapeless)
                    shapeless.append(m)
            else:
                i = space._index(m, None)
            if i is not None:
                found.append(i)
                plays.append(m)
        self._found, self._plays, self._shapeless = found, plays, tuple(shapeless)
        self._ids = tuple(sorted(found))
        self._listed = moves

    def _learn_catalogue(self, m: Play, table: tuple[Meld, ...]) -> tuple[Meld, tuple[Card, ...], int | None]:
        """The catalogue id of a play that lays one new meld (by the space's rule), remembered
        by the meld's identity when the play is the listing's ``table + (meld,)``."""
        meld = m.table[-1]
        entry = (meld, m.cards, self._space._play_shape(m, table))
        if m.table[:-1] == table:
            if len(self._tables.catalogue) > 20_000:
                self._tables.catalogue.clear()
            self._tables.catalogue[id(meld)] = entry
        return entry

    def _learn_extension(self, m: Play, table: tuple[Meld, ...], k: int) -> int | None:
        """The id of a play that extends table meld ``k`` (by the space's rule); its offset among
        that meld's ids is remembered by the extended meld's identity."""
        space = self._space
        i = space._play_shape(m, table)
        offset = None if i is None else i - 2 - space.slots * k
        if offset is None or 0 <= offset < space.slots:
            extensions = self._tables.extensions
            if len(extensions) > 20_000:
                extensions.clear()
            extensions[id(m.table[k])] = (m.table[k], offset)
        return i

    def move(self, i: int) -> Move:
        """The move of id ``i`` now: the listed move itself when it is legal (raises as
        :meth:`ActionSpace.move <naipes.actions.ActionSpace.move>`)."""
        g, position = self.game, self._position
        if g._acting is not position[0] or len(g._history) != position[1] or g._answers:
            self.legal_ids()
        space = self._space
        if type(i) is not int:
            i = space._check_id(i)
        try:
            return self._plays[self._found.index(i)]
        except ValueError:
            pass
        i = space._check_id(i)
        move: Move | None
        if i >= space.candidate_start:
            j = i - space.candidate_start
            move = self._cands[j].play if j < len(self._cands) else None
        else:
            move = None if i >= space.slot_start else space._build(i, self.game._table)
        if move is None:
            raise IllegalMoveError(f"action {i} names no move here", code="no_action_id")
        return move

    # -- the observation -----------------------------------------------------------------------
    def encode(self) -> Any:
        """:attr:`obs` brought up to the current position, and returned.

        One method for the usual step on purpose: it runs at every step of a learning loop
        (``benchmarks/bench_envs.py``); the rarer changes call helpers.
        """
        g: _Game = self.game
        if not self._written:
            self._start()
        out, at = self._out, self._at
        hand = g._hands[self.seat]  # its order is not encoded: its count vector says it all
        try:
            count = sum(map(_UNIT.__getitem__, map(id, hand)))
        except KeyError:
            count = _count_vector(hand)
        old = self._hand_count
        d = old ^ count
        if d:  # the kinds whose count changed get their thermometer places (``_counts``, inlined)
            was, now, below, start, kinds = old.to_bytes(53, "little"), count.to_bytes(53, "little"), \
                _BELOW, at[0], self._base
            while d:
                q = (d.bit_length() - 1) >> 3
                d &= below[q]
                a, b = was[q], now[q]
                p = start + kinds[q]
                if a < b:
                    for j in range(a, b):
                        out[p + j] = 1.0
                else:
                    for j in range(b, a):
                        out[p + j] = 0.0
            self._hand_count = count
        if g._table is not self._table:
            self._write_table(g._table)
        if g._out is not self._out_seen:
            count = _count_vector(g._out)
            self._counts(self._out_count, count, at[3])
            self._out_seen, self._out_count = g._out, count
        deck = self._space._deck  # the hand sizes and the stock: written every time
        for p, h in zip(self._sizes, g._hands):
            out[p] = len(h) / deck
        out[at[5]] = len(g._stock) / deck
        small = self._small
        if g._opened_seats != small[0] or g._known_jokers != small[1]:
            self._write_public(g)
        if g._totals != small[2] or g._final_scores is not small[3] or g._last_points is not small[4] \
                or g._last_winners is not small[5] or g._starter != small[6]:
            self._write_scores(g)
        acting = g.to_act if g._answers else g._acting
        if acting != self._acting:
            self._write_acting(acting)
        self.legal_ids()
        if self._shapeless or self._slots_seen[1]:
            self._write_slots()
        if self._cands is not self._cands_seen:
            self._write_candidates()
        return self.obs

    def _start(self) -> None:
        """Zero every place and set what matches the all-zero observation (and the seat)."""
        self._zero()
        self._written = True
        n = self.game.num_players
        self._hand_count = 0
        self._out_seen, self._out_count = (), 0
        self._table, self._table_count = (), 0
        #: opened, known jokers, totals, final scores, last points, last winners, starter as written
        self._small = [[False] * n, [0] * n, None, None, None, None, -1]
        self._acting = None
        self._slots_seen = ((), ())
        self._cands_seen = ()
        self._out[self._at[14] + self.seat] = 1.0

    def _counts(self, old: int, new: int, start: int) -> None:
        """A card slice (thermometers from ``start``) from count vector ``old`` to ``new``: the
        places of the kinds whose count changed are rewritten (a zone never holds more copies
        of a kind than the decks, so no count passes its thermometer)."""
        out, base, below = self._out, self._base, _BELOW
        was, now = old.to_bytes(53, "little"), new.to_bytes(53, "little")
        d = old ^ new
        while d:
            q = (d.bit_length() - 1) >> 3
            d &= below[q]
            a, b = was[q], now[q]
            p = start + base[q]
            if a < b:
                for j in range(a, b):
                    out[p + j] = 1.0
            else:
                for j in range(b, a):
                    out[p + j] = 0.0

    def _write_table(self, table: tuple[Meld, ...]) -> None:
        """The table's melds and cards: each meld not in its place last time is rewritten, the
        cards' count vector loses the melds that left and gains those that came."""
        old, out, melds = self._table, self._out, _MELDS
        n_old, n_new = len(old), len(table)
        most, start = self._space.max_melds, self._at[2]
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

    def _write_public(self, g: _Game) -> None:
        """The ``opened`` and ``known_jokers`` slices."""
        out, at, rel, scale = self._out, self._at, self._rel, self._space._joker_scale
        for s, (opened, jokers) in enumerate(zip(g._opened_seats, g._known_jokers)):
            out[at[6] + rel[s]] = 1.0 if opened else 0.0
            out[at[7] + rel[s]] = jokers / scale
        self._small[0:2] = [list(g._opened_seats), list(g._known_jokers)]

    def _write_scores(self, g: _Game) -> None:
        """Totals, scores, last points, last winners and the starter (they change with a hand)."""
        out, at, rel, scale = self._out, self._at, self._rel, self._space._score_scale
        scores, points, winners = g.scores, g._last_points, g._last_winners
        for s, total in enumerate(g._totals):
            r = rel[s]
            out[at[8] + r] = total / scale
            out[at[9] + r] = scores[s] / scale
            out[at[10] + r] = points[s] / scale if points else 0.0
            out[at[11] + r] = 1.0 if s in winners else 0.0
            out[at[13] + r] = 1.0 if s == g._starter else 0.0
        self._small[2:7] = [list(g._totals), g._final_scores, points, winners, g._starter]

    def _write_acting(self, acting: tuple[int, ...]) -> None:
        """The ``to_act`` and ``phase`` slices."""
        out, at, rel = self._out, self._at, self._rel
        for s in range(len(rel)):
            out[at[12] + rel[s]] = 1.0 if s in acting else 0.0
        out[at[15]] = 1.0 if acting else 0.0
        out[at[15] + 1] = 0.0 if acting else 1.0
        self._acting = acting

    def _write_slots(self) -> None:
        """The ``slots`` slice: the features of the listed plays that have no shape id."""
        plays, table = self._shapeless, self.game._table
        if plays is self._slots_seen[1] and table is self._slots_seen[0]:
            return
        width = SLOTS * SLOT_WIDTH
        values = [0.0] * width
        self._space._encode_plays(table, plays, values, 0)
        base, out = self._at[16], self._out
        for j in range(width):
            out[base + j] = values[j]
        self._slots_seen = (table, plays)

    def _write_candidates(self) -> None:
        """The ``candidates`` slice: the features of the position's candidate plays."""
        space = self._space
        width = len(self._cands_seen) * CANDIDATE_WIDTH
        base, out = self._at[17], self._out
        for j in range(width):  # the slots shown before, cleared
            out[base + j] = 0.0
        space._encode_candidates(self._cands, out, base)
        self._cands_seen = self._cands
