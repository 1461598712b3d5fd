"""Ranzo's :class:`~naipes.actions.Tracker`: ids and observations read from the engine (internal).

:meth:`ActionSpace.tracker <naipes.actions.ActionSpace.tracker>` gives it. It
reads the engine's fields instead of building a :class:`~naipes.ranzo.View`:
the ids from the engine's legal moves, the observation through the one
observation writer (:mod:`naipes.ranzo._observation`, compiled by mypyc in a
``NAIPES_MYPYC=1`` build): at each new position it refills the seat's
``Sight`` from the engine and the writer (reading the public part from the engine
itself) rewrites only the places whose inputs
changed. ``ActionSpace.encode(view)`` runs the same writer on the view's sight,
so the two agree at every position (``tests/test_trackers.py`` and
``tests/ranzo/test_tracker.py`` check it over seeded games,
``tests/test_compiled.py`` the compiled writer against the source).

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from naipes.actions import _OneWriterTracker as BaseTracker
from naipes.ranzo._observation import Sight, Writer, look
from naipes.ranzo.moves import Move

if TYPE_CHECKING:
    from naipes.ranzo.actions import ActionSpace
    from naipes.ranzo.state import Game

__all__ = ["Tracker"]


class Tracker(BaseTracker[Move]):
    """One seat's Ranzo ids, mask and observation, updated from the engine's fields."""

    __slots__ = ("_sp", "_pos", "_ids_at", "_ids")

    def __init__(self, space: ActionSpace, game: Game, seat: int, obs: Any = None) -> None:
        super().__init__(space, game, seat, obs, Sight())
        self._sp = space
        self._pos: tuple[int, object, int] = (-1, None, -1)
        self._ids_at: tuple[int, object, int] = (-1, None, -1)
        self._ids: tuple[int, ...] = ()

    # -- ids ---------------------------------------------------------------------------------
    def legal_ids(self) -> tuple[int, ...]:
        """The ids of the seat's legal moves, ascending (cached per position)."""
        g = self.game
        history = g._history
        n, last, answers = len(history), history[-1] if history else None, len(g._answers)
        seen = self._ids_at
        if seen[0] == n and seen[1] is last and seen[2] == answers:
            return self._ids
        seat = self.seat
        moves = g._legal(seat) if seat in g._acting and seat not in g._answers else ()  # = legal_moves
        try:
            ids = tuple(sorted(map(self._sp._by_identity.__getitem__, map(id, moves))))
        except KeyError:  # a move that is not the catalogue's own object: look it up by value
            index = self._sp._index
            ids = tuple(sorted(i for i in (index(m, None) for m in moves) if i is not None))
        self._ids_at, self._ids = (n, last, answers), ids
        return ids

    def move(self, i: int) -> Move:
        """The move of id ``i`` (every Ranzo id names one move in every position)."""
        if type(i) is int and 0 <= i < self._sp.size:
            move: Move = self._sp._moves[i]
            return move
        return self._sp.move(i)  # raises as ActionSpace.move (or converts a numpy int)

    # -- the observation -----------------------------------------------------------------------
    def _new_writer(self) -> Writer:
        return Writer(self._sp._layout(self.seat), self._out)

    def encode(self) -> Any:
        """:attr:`obs` brought up to the current position, and returned."""
        g = self.game
        history = g._history
        n, last, answers = len(history), history[-1] if history else None, len(g._answers)
        seen = self._pos
        if seen[0] != n or seen[1] is not last or seen[2] != answers:
            enc = self._enc if self._enc is not None else self._writer()
            self._pos = (n, last, answers)
            enc.write(look(g, self.seat, self._sight), g)
        return self.obs
