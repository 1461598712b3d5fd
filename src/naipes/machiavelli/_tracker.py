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
- the observation: through the one observation writer
  (:mod:`naipes.machiavelli._observation`), which ``ActionSpace.encode(view)``
  runs too: at each step the seat's ``Sight`` is refilled from the engine (its
  hand, the sizes, the seats to act, the listing's plays without a shape id and
  the candidates) and the writer, reading the public part from the engine
  itself, rewrites only the places whose inputs changed.

What it writes equals ``ActionSpace.encode(game.view(seat))`` at every position
(``tests/test_trackers.py`` and ``tests/machiavelli/test_tracker.py`` check it).

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from naipes.actions import _OneWriterTracker as BaseTracker
from naipes.errors import IllegalMoveError
from naipes.machiavelli._observation import Sight, Writer, look
from naipes.machiavelli.actions import SLOTS
from naipes.machiavelli.candidates import Candidate, candidates
from naipes.machiavelli.melds import Meld
from naipes.machiavelli.moves import DRAW, FORFEIT, Move, Play
from naipes.machiavelli.state import Game as _Game

if TYPE_CHECKING:
    from naipes.cards import Card
    from naipes.machiavelli.actions import ActionSpace

__all__ = ["Tracker"]

class _Shared:
    """What the trackers of one space share: the id of each listed meld by its identity."""

    __slots__ = ("catalogue", "extensions")

    def __init__(self, space: ActionSpace) -> None:
        """Empty tables for ``space``."""
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

    __slots__ = ("_space", "_tables", "_engine_listing", "_position", "_listed", "_ids", "_found",
                 "_plays", "_shapeless", "_cands", "_all_ids")

    def __init__(self, space: ActionSpace, game: _Game, seat: int, obs: Any = None) -> None:
        """Follow ``seat`` in ``game`` (checked by the base); nothing is read before the first call."""
        super().__init__(space, game, seat, obs, Sight())
        self._space = space
        self._tables = _shared(space)
        #: the listing is the engine's own (list_into's order and interned melds: the fast ids)
        self._engine_listing = type(game).legal_moves is _Game.legal_moves and type(game)._legal is _Game._legal
        #: the position the ids are of: (the engine's seats to act, its history's length)
        self._position: tuple[object, int] = (None, -1)
        self._listed: tuple[Move, ...] | None = None  # the listing the ids below translate
        self._ids: tuple[int, ...] = ()
        self._found: list[int] = []  # the listed moves' ids, in the listing's order
        self._plays: Sequence[Move] = ()  # the listed moves that have an id, in that order
        self._shapeless: tuple[Play, ...] = ()
        self._cands: tuple[Candidate, ...] = ()  # the candidate plays of the position
        self._all_ids: tuple[int, ...] = ()  # the listing's ids and the candidate slots'

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
    def _new_writer(self) -> Writer:
        return Writer(self._space._layout(self.seat), self._out)

    def encode(self) -> Any:
        """:attr:`obs` brought up to the current position, and returned."""
        enc = self._enc if self._enc is not None else self._writer()
        self.legal_ids()  # the listing's plays without a shape id and the candidates, of this position
        g = self.game
        enc.write(look(g, self.seat, self._sight, self._shapeless, self._cands), g)
        return self.obs
