"""Macarra's fast :class:`~naipes.actions.Tracker` (internal; ``ActionSpace.tracker`` makes it).

The trackers of one game share its :class:`~naipes.macarra._observation.Hub`, which keeps the public
part of the observation up to date by diff and logs the places it rewrites. A tracker brings
the hub to the current position, then copies into its ``obs`` what changed since its own last
:meth:`Tracker.encode`: the whole hub vector in one memcpy for a contiguous float32 ``obs``,
else the logged places. So a seat that catches up on the other seats' turns copies their
changes once instead of working them out again, and every seat's ``obs`` stays exactly
``space.encode(game.view(seat))``.
"""

from __future__ import annotations

import weakref
from typing import Any, cast

from naipes.actions import Tracker as BaseTracker
from naipes.errors import UsageError
from naipes.macarra._observation import Hub, layout, write_own
from naipes.macarra.moves import Bid, Move
from naipes.macarra.phase import Phase

__all__ = ["Tracker"]

_PLAY = Phase.PLAY
#: From this many logged places on, a tracker copies each place once (a set) rather than as logged.
_DEDUP = 24

#: Each followed game's hub (it lives as long as the game).
_HUBS: weakref.WeakKeyDictionary[Any, Hub] = weakref.WeakKeyDictionary()


def _hub(space: Any, game: Any) -> Hub:
    """The hub of ``game``, made by its first tracker."""
    hub = _HUBS.get(game)
    if hub is None:
        hub = _HUBS[game] = Hub(layout(space))
    return hub


def _writable(obs: Any) -> Any:
    """What to write ``obs``'s places through: a memoryview of a flat float32/float64 array
    (its scalar writes cost half a numpy array's, and round the same), else ``obs`` itself."""
    if isinstance(obs, list):
        return obs
    try:
        view = memoryview(obs)
    except TypeError:
        return obs
    if view.ndim == 1 and view.format in ("f", "d") and not view.readonly and len(view) == len(obs):
        return view
    return obs


class Tracker(BaseTracker[Move]):
    """A Macarra seat's ids, mask and observation: the game's hub brought up to date, and the
    places it rewrote since this tracker's last :meth:`encode` copied into :attr:`obs`.

    Equal at every position to the base :class:`~naipes.actions.Tracker` (and so to
    ``space.encode(game.view(seat))`` and ``space.legal_ids(game.view(seat))``).
    """

    __slots__ = ("_hub", "_moves", "_size", "_by_identity", "_w", "_target", "_blit", "_seen", "_my_bid",
                 "_legal", "_ids")

    def __init__(self, space: Any, game: Any, seat: int, obs: Any = None) -> None:
        super().__init__(space, game, seat, obs)
        self._hub = _hub(space, game)
        self._moves: tuple[Move, ...] = space._moves
        self._size = len(self._moves)
        self._by_identity: dict[int, int] = space._by_identity
        self._target: Any = None  # the obs written, once encode has written all of it
        self._w: Any = None
        self._seen = 0  # how far into the hub's log (counting what was cut) obs is written
        self._my_bid = -1
        self._legal: tuple[Move, ...] | None = None
        self._ids: tuple[int, ...] = ()

    # -- ids ------------------------------------------------------------------------------
    def legal_ids(self) -> tuple[int, ...]:
        """The ids of the seat's legal moves now, ascending (cached per list of legal moves)."""
        game, seat = self.game, self.seat
        cache = game._cache  # the engine's legal moves of this position, once asked (play only)
        if cache is not None and cache[0] is self._legal:  # this seat's, at this very position
            return self._ids
        legal = game.legal_moves(seat)
        if legal is self._legal:  # the same tuple (held here, so never another one at its address)
            return self._ids
        found = tuple(map(self._by_identity.get, map(id, legal)))
        if None in found:  # not an interned move (the engine's always are): by value, like the space
            ids = self.space.legal_ids(game.view(seat))
        else:
            ids = cast("tuple[int, ...]", found if len(found) < 2 else tuple(sorted(found)))
        self._legal, self._ids = legal, ids
        return ids

    def move(self, i: int) -> Move:
        """The move of id ``i`` (every Macarra id names a move; raises as ``space.move``)."""
        if type(i) is int and 0 <= i < self._size:
            return self._moves[i]
        return self.space.move(i)

    def _encoder(self) -> Any:
        return self._hub

    # -- the observation --------------------------------------------------------------------
    def encode(self) -> Any:
        """:attr:`obs`, brought up to the current position, and returned."""
        hub, game = self._hub, self.game
        history = game._history
        if len(history) == hub.count + 1 and hub.fast and game._phase is _PLAY:
            hub.play_move(game, history)  # the usual step, without sync's call
        else:
            hub.sync(game)
        log = hub.log
        i = self._seen - hub.start
        if self.obs is not self._target or i < 0:
            self._copy_all(hub)
        elif i != len(log):
            w = self._w
            if self._blit:  # one memcpy of the hub's float32 array, then this seat's own places
                w[:] = hub.vf
                write_own(w, hub.lay, self.seat, -1, self._my_bid)
            else:
                vec = hub.vec
                for p in (log[i:] if len(log) - i < _DEDUP else set(log[i:])):
                    w[p] = vec[p]
        self._seen = hub.start + len(log)
        if hub.phase is not _PLAY:
            self._own_bid()
        return self.obs

    def _copy_all(self, hub: Hub) -> None:
        """Write the whole vector: the hub's, this seat's flag, its own bid."""
        obs, lay = self.obs, hub.lay
        if len(obs) != lay.size:  # a replaced obs of another length (as the base's encode says)
            raise UsageError(f"obs has {len(obs)} places, not {lay.size}", code="bad_out")
        self._target, self._w = obs, _writable(obs)
        w = self._w
        # a contiguous float32 obs is rewritten whole from the hub's float32 array (one memcpy)
        self._blit = isinstance(w, memoryview) and w.c_contiguous and w.format == "f"
        if self._blit:
            w[:] = hub.vf
        else:
            obs[:] = hub.vec
        self._my_bid = -1
        write_own(w, lay, self.seat, -1, -1)
        self._own_bid()

    def _own_bid(self) -> None:
        """The ``my_bid`` flag: this seat's sealed bid while others still bid."""
        mine = self.game._pending_answers.get(self.seat)
        bid = mine.amount if isinstance(mine, Bid) else -1
        if bid != self._my_bid:
            write_own(self._w, self._hub.lay, self.seat, self._my_bid, bid)
            self._my_bid = bid
