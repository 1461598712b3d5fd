"""Machuco's :class:`~naipes.actions.Tracker`: ids and observations read from the engine (internal).

:meth:`ActionSpace.tracker <naipes.actions.ActionSpace.tracker>` gives it. It
reads the engine's fields instead of building a :class:`~naipes.machuco.View`:
the ids from the engine's legal moves, the observation through the one
observation writer (:mod:`naipes.machuco._observation`, compiled by mypyc in a
``NAIPES_MYPYC=1`` build): at each step it refills the seat's ``Sight`` from the
engine and the writer (reading the public part from the engine itself) rewrites
only the places whose inputs changed.
``ActionSpace.encode(view)`` runs the same writer on the view's sight, so the two
agree at every position (``tests/test_trackers.py`` and
``tests/machuco/test_tracker.py`` check it over random games).

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from naipes.actions import _OneWriterTracker as BaseTracker
from naipes.machuco._observation import Sight, Writer, look
from naipes.machuco.moves import Move

if TYPE_CHECKING:
    from naipes.machuco.actions import ActionSpace
    from naipes.machuco.state import Game

__all__ = ["Tracker"]


class Tracker(BaseTracker[Move]):
    """One seat's Machuco ids, mask and observation, updated from the engine's fields."""

    __slots__ = ("_space", "_ids", "_moves")

    def __init__(self, space: ActionSpace, game: Game, seat: int, obs: Any = None) -> None:
        super().__init__(space, game, seat, obs, Sight())
        self._space = space
        self._moves: tuple[Move, ...] = space._moves
        self._ids: tuple[int, object, tuple[int, ...]] | None = None

    # -- ids -------------------------------------------------------------------------------
    def legal_ids(self) -> tuple[int, ...]:
        """The ids of the seat's legal moves, ascending (cached per position)."""
        g = self.game
        history = g._history
        last = history[-1] if history else None
        cached = self._ids
        if cached is not None and cached[0] == len(history) and cached[1] is last:
            return cached[2]
        by_id, seat = self._space._by_identity, self.seat
        moves = g._legal(seat) if seat in g.to_act else ()  # what Game.view lists
        try:
            out = tuple(sorted(map(by_id.__getitem__, map(id, moves))))
        except KeyError:  # a move not interned by the engine: by value
            out = tuple(sorted(self._space.index(m) for m in moves))
        self._ids = (len(history), last, out)
        return out

    def mask(self, out: Any) -> Any:
        """Write 1 for the ids of :meth:`legal_ids` and 0 elsewhere into ``out`` and return it
        (the ids written straight from the engine's legal moves: a mask needs no order)."""
        cached = self._mask_out
        if cached is None or cached[0] is not out:  # a new array: checked, its view made
            return super().mask(out)
        g, seat = self.game, self.seat
        view = cached[1]
        view[:] = cached[2]
        known = self._ids  # legal_ids of this very position, when asked already
        if known is not None:
            history = g._history
            if known[0] == len(history) and known[1] is (history[-1] if history else None):
                for i in known[2]:
                    view[i] = 1
                return out
        moves = g._legal(seat) if seat in g.to_act else ()  # what legal_ids reads
        by_id = self._space._by_identity
        try:
            for m in moves:
                view[by_id[id(m)]] = 1
        except KeyError:  # a move not interned by the engine: by value
            for i in self.legal_ids():
                view[i] = 1
        return out

    def move(self, i: int) -> Move:
        """The move of id ``i`` (every Machuco id names one move, in every position)."""
        moves = self._moves
        if type(i) is not int or not 0 <= i < len(moves):
            i = self._space._check_id(i)
        move: Move = moves[i]
        return move

    def _follow(self, game: Any) -> bool:
        """Follow ``game`` (same rules and seats) from its current position, as a new tracker
        would: the caches dropped, the observation zeroed and its writer started afresh at the
        next :meth:`encode`; the mask arrays' views kept."""
        rules = self.space.rules
        if game.rules is not rules and game.rules != rules:
            return False
        self.game = game
        self._ids = self._key = self._view = None
        enc = self._enc
        if enc is not None:  # what a new writer is, without making one: the all-zero observation
            self._zero()
            enc._start()
        return True

    # -- the observation -----------------------------------------------------------------------
    def _new_writer(self) -> Writer:
        return Writer(self._space._layout(self.seat), self._out)

    def encode(self) -> Any:
        """:attr:`obs` brought up to the current position, and returned."""
        enc = self._enc if self._enc is not None else self._writer()
        g = self.game
        enc.write(look(g, self.seat, self._sight), g)
        return self.obs
