"""Tables of ``naipes serve``: a game, its event log, its seats, its listeners (no web framework).

A :class:`Table` holds the one game object of a table; clients never get it.
Each :class:`Listener` (a connected client) has a seat or ``None`` (a
spectator) and the sequence number of the next event it has not been sent;
:meth:`Table.update_for` builds its next ``update`` message from
:meth:`naipes.events.EventLog.since` and ``game.view(seat).to_dict()``.

>>> from naipes.web.lobby import Lobby
>>> lobby = Lobby(Settings(bot_delay=0))
>>> table = lobby.create("machuco", players=2, rules={"scope": "hand"}, bots={1: "random"})
>>> token = table.join(0)
>>> table.seat_of(token), table.seat_of("forged")
(0, None)
>>> update = table.update_for(Listener(seat=0))
>>> update["type"], update["view"]["seat"], update["events"][0]["seq"]
('update', 0, 0)

.. versionadded:: 1.1
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any, Callable, Mapping

import attrs

from naipes._jsonable import JSON
from naipes.bots import Bot
from naipes.errors import IllegalMoveError, InvalidStateError, UsageError
from naipes.events import Event, EventLog
from naipes.game import Game, Move
from naipes.plugin import GamePlugin
from naipes.web.botspecs import check_client_bots as check_client_bots
from naipes.web.botspecs import client_bot, server_bot
from naipes.web.messages import (
    MAX_PLAYER_NAME,
    boundaries_of,
    clean_name,
    name_of,
    seats_of,
    update_message,
)
from naipes.web.names import bot_kind
from naipes.web.store import SeatRow, Store, StoreError, TableRow, hash_token

__all__ = ["Listener", "Seat", "Settings", "Table"]

AnyGame = Game[Any, Any, Any]
AnyPlugin = GamePlugin[Any, Any, Any]

log = logging.getLogger("naipes.web")

#: The earlier positions a table keeps replayed (:meth:`Table.position`).
POSITIONS_KEPT = 8

#: The seat number of no player: what spectators see of an event is what it shows to this seat.
PUBLIC = -1


@attrs.frozen(kw_only=True)
class Settings:
    """Limits and timings of a server.

    Attributes:
        takeover: seconds a seat's client may be gone before a bot takes over.
        takeover_bot: the bot spec that takes over (``best``, ``random``, ``module:Class``).
        bot_delay: seconds a bot waits before it moves (so people see its moves).
        max_tables: tables the lobby holds at most.
        max_listeners: clients per table at most.
        rate: messages per second a client may send on average.
        burst: messages a client may send at once.
        origins: extra WebSocket origins to accept besides the server's own.
        allowed_hosts: the ``Host`` names the server answers besides loopback
            (required when it binds another address than loopback).
        allowed_bots: the ``module:Class`` bots clients may name (``--allow-bot``);
            otherwise clients name registered bots only (``best``, ``random``, ``ismcts``...).
        bot_path: directories (absolute) the operator's ``module:Class`` bots (the
            ``allowed_bots`` and the ``takeover_bot``) may come from besides the installed
            packages and ``PYTHONPATH`` (``--bot-path``). A client still names only the
            ``allowed_bots``: nothing else is imported from them.
        max_bot_iterations: the most ``iterations`` a client's bot spec may ask.
        max_bot_seconds: the most ``seconds`` a client's bot spec may ask.
        bot_processes: the worker processes bots think in (``0``: threads in the server's
            process, which share its interpreter lock with the event loop).
        bot_threads: the worker threads bots think in when they cannot go to a process.
        max_connections: open WebSocket connections at most.
        max_connections_per_address: open WebSocket connections at most from one address.
        max_tables_per_address: unfinished tables one address may have created.
        address_rate: messages per second one address may send on average, all its sockets together.
        address_burst: messages one address may send at once.
        idle_expiry: seconds an unfinished table lives without a move or a seat taken.
        finished_expiry: seconds a finished table lives after its last move.
        db: the table database (:class:`naipes.web.store.Store`); ``":memory:"``: none.
        db_sync: ``"normal"`` (a move survives a killed server) or ``"full"`` (a power cut too).
        max_clock: the most seconds per move a table's clock may give (at least one second).
        store_retry: seconds a table's bots wait before they try again when a move could not be
            saved (a full disk, a read-only directory).

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       ``allowed_hosts``, ``allowed_bots``, the bots' bounds, processes and threads, the limits
       per address, ``bot_path``.
    .. versionchanged:: 1.2
       ``max_clock`` and ``store_retry``.
    """

    takeover: float = 60.0
    takeover_bot: str = "best"
    bot_delay: float = 0.6
    max_tables: int = 1000
    max_listeners: int = 32
    rate: float = 10.0
    burst: int = 30
    origins: tuple[str, ...] = ()
    allowed_hosts: tuple[str, ...] = ()
    allowed_bots: tuple[str, ...] = ()
    bot_path: tuple[str, ...] = ()
    max_bot_iterations: int = 2000
    max_bot_seconds: float = 5.0
    bot_processes: int = 2
    bot_threads: int = 2
    max_connections: int = 2000
    max_connections_per_address: int = 64
    max_tables_per_address: int = 20
    address_rate: float = 50.0
    address_burst: int = 100
    idle_expiry: float = 86400.0
    finished_expiry: float = 3600.0
    db: str = ":memory:"
    db_sync: str = "normal"
    max_clock: float = 3600.0
    store_retry: float = 2.0


@attrs.define(kw_only=True)
class Seat:
    """One seat of a table.

    Attributes:
        index: the seat number.
        token: the sha256 of the secret of the client that took it (``None`` while open or a
            bot's); the secret itself is only ever in the client's hands.
        bot_spec: the bot spec when a bot plays it.
        bot: the bot playing it now (its own, or one that took over).
        taken_over: True when a bot plays for a client that left.
        connected: how many clients of this seat are connected.
        gone_since: when its last client left (``time.monotonic``), else ``None``.
        name: the name its player gave (``""``: none).

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       ``name``.
    """

    index: int
    token: str | None = None
    bot_spec: str | None = None
    bot: Bot[Any, Any] | None = None
    taken_over: bool = False
    connected: int = 0
    gone_since: float | None = None
    name: str = ""

    @property
    def status(self) -> str:
        """``open``, ``bot``, ``person`` or ``away`` (a person whose client is gone)."""
        if self.bot_spec is not None:
            return "bot"
        if self.token is None:
            return "open"
        return "person" if self.connected else "away"

    def to_dict(self) -> dict[str, JSON]:
        """The seat as the lobby and every client may see it (never the token)."""
        return {"seat": self.index, "status": self.status, "bot": self.bot_spec,
                "taken_over": self.taken_over, "connected": self.connected > 0, "name": self.shown_name}

    @property
    def shown_name(self) -> str:
        """The player's name, else a bot's kind (``Strong bot``), else ``Seat N``."""
        if self.name:
            return self.name
        return bot_kind(self.bot_spec, "en") if self.bot_spec is not None else f"Seat {self.index}"


@attrs.define(eq=False, kw_only=True)
class Listener:
    """A connected client of a table.

    Attributes:
        seat: its seat, or ``None`` for a spectator.
        next_seq: the number of the first event it has not been sent.
        send: called with each message for it.
        close: called to end its connection (when the table expires).
        lang: the language its words are in (``en`` or ``es``).
        next_move: the index of the first move of the history it has not been sent.

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       ``lang`` and ``next_move``.
    """

    seat: int | None
    next_seq: int = 0
    lang: str = "en"
    next_move: int = 0
    send: Callable[[dict[str, JSON]], None] = lambda message: None
    close: Callable[[], None] = lambda: None


class Table:
    """One game being played, with its seats and listeners.

    Args:
        table_id: its name in URLs.
        game_plugin: the game's plugin (:func:`naipes.plugin.plugin`).
        game: the game (made by the lobby, with a system RNG).
        bots: seat -> bot spec for the seats bots play from the start.
        settings: the server's settings.

    .. versionadded:: 1.1
    """

    def __init__(self, table_id: str, game_plugin: AnyPlugin, game: AnyGame, bots: Mapping[int, str],
                 settings: Settings) -> None:
        self.id = table_id
        self.plugin = game_plugin
        self.game = game
        self.log = EventLog(game)
        self.settings = settings
        self.seats = [Seat(index=i) for i in range(game.num_players)]
        self.listeners: list[Listener] = []
        self.workspaces: dict[int, tuple[int, Any]] = {}  # seat -> (moves when begun, workspace)
        self.created = self.last_activity = time.time()
        self.store: Store | None = None
        self.closed = False
        self.moves: list[tuple[int, str]] = []
        self.start = _start_of(game)
        self.owner: str | None = None
        self.on_change: Callable[[], None] = lambda: None
        self.name = name_of(table_id)
        #: history index -> the largest unit (deal, hand, round) that move ended.
        self.boundaries: dict[int, str] = {}
        self._pending = len(self.log)  # where the events of the next history entry start in the log
        self._marked = 0  # the history's length when the last entry was marked
        self._positions: dict[int, AnyGame] = {}
        #: The seconds a person has for each move (``None``: no clock), and each play's seconds.
        self.clock: float | None = None
        self.times: list[float | None] = []
        #: seat -> when (``time.monotonic``) it was last asked to act.
        self.turn_since: dict[int, float] = {}
        #: True while a move could not be saved (a full disk): bots wait, people are told.
        self.paused = False
        #: The seats kept for the players of the table this one is a rematch of.
        self.reserved: set[int] = set()
        #: The rematch of this table once one was asked: ``{"table": id, "accepted": [seats]}``.
        self.rematch: dict[str, Any] | None = None
        #: The lobby that made the table, and what to do with a new table it makes (start its bots).
        self.lobby: Any = None
        self.on_new_table: Callable[[Table], None] = lambda table: None
        for seat, spec in bots.items():
            self.seats[seat].bot_spec = spec
            self.seats[seat].bot = client_bot(game_plugin, spec, settings)

    # -- seats and tokens ----------------------------------------------------------------
    def join(self, seat: int | None = None, name: str = "", *, reserved: bool = False) -> str:
        """Take an open seat (the first one when ``seat`` is None); returns its secret token.

        ``name`` is the player's name (cleaned by :func:`naipes.web.messages.clean_name`). A seat
        kept for a rematch's player is taken only with ``reserved`` (the rematch's own join).

        Raises:
            UsageError: no such seat (``no_such_seat``), it is taken (``seat_taken``) or kept
                for a rematch's player (``seat_reserved``).
        """
        if seat is None:
            free = [s.index for s in self.seats if s.status == "open" and s.index not in self.reserved]
            if not free:
                raise UsageError("every seat of this table is taken", code="seat_taken")
            seat = free[0]
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise UsageError(f"no seat {seat!r} at a table of {len(self.seats)}", code="no_such_seat")
        if self.seats[seat].status != "open":
            raise UsageError(f"seat {seat} is taken", code="seat_taken")
        if seat in self.reserved and not reserved:
            raise UsageError(f"seat {seat} is kept for the player of the last game", code="seat_reserved")
        if self.closed:
            raise UsageError(f"table {self.id!r} expired", code="no_such_table")
        token = secrets.token_urlsafe(24)
        self.seats[seat].token = hash_token(token)
        self.seats[seat].name = clean_name(name, MAX_PLAYER_NAME)
        now = time.time()
        if self.store is not None:
            try:
                self.store.set_seat(self.id, self._seat_row(self.seats[seat]), last_activity=now,
                                    expires=self._expiry(now))
            except StoreError:
                self.seats[seat].token, self.seats[seat].name = None, ""
                raise
        self.last_activity = now
        self.start_clocks()
        return token

    @property
    def waiting(self) -> tuple[int, ...]:
        """The open seats: while there is one, the game waits (nobody moves, no clock runs)."""
        return tuple(s.index for s in self.seats if s.status == "open")

    def check_ready(self) -> None:
        """Refuse a client's move while a seat is open (the game waits for every player).

        Raises:
            UsageError: ``waiting_for_players``.
        """
        if self.waiting:
            raise UsageError(f"the game starts when every seat is taken (open: {_seats(self.waiting)})",
                             code="waiting_for_players")

    def start_clocks(self) -> None:
        """Note when each seat to act was asked (a seat asked before keeps its time), once no seat
        is open."""
        if self.waiting:
            return
        now = time.monotonic()
        self.turn_since = {s: self.turn_since.get(s, now) for s in self.game.to_act}

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is, else ``None`` (compared in constant time)."""
        if not token:
            return None
        hashed = hash_token(token)
        for seat in self.seats:
            if seat.token is not None and secrets.compare_digest(seat.token, hashed):
                return seat.index
        return None

    def bot_seats(self) -> tuple[int, ...]:
        """The seats a bot must move for now (none while a seat is open)."""
        if self.waiting:
            return ()
        return tuple(s for s in self.game.to_act if self.seats[s].bot is not None)

    # -- listeners -------------------------------------------------------------------------
    def attach(self, listener: Listener) -> None:
        """Connect a client; a seat's returning client takes its seat back from a bot.

        Raises:
            UsageError: when the table has too many clients (``table_full``).
        """
        if len(self.listeners) >= self.settings.max_listeners:
            raise UsageError("this table has too many clients", code="table_full")
        self.listeners.append(listener)
        if listener.seat is not None:
            seat = self.seats[listener.seat]
            seat.connected += 1
            seat.gone_since = None
            if seat.taken_over:
                seat.bot, seat.taken_over = None, False
        self.notify_seats()

    def detach(self, listener: Listener) -> None:
        """Disconnect a client (the seat is then ``away`` until it returns or a bot takes over)."""
        if listener in self.listeners:
            self.listeners.remove(listener)
            if listener.seat is not None:
                seat = self.seats[listener.seat]
                seat.connected -= 1
                if not seat.connected:
                    seat.gone_since = time.monotonic()
            self.notify_seats()

    def take_over_if_gone(self, now: float | None = None) -> bool:
        """Give a bot every seat whose client has been gone for ``settings.takeover``; True if any."""
        now = time.monotonic() if now is None else now
        changed = False
        for seat in self.seats:
            if (seat.gone_since is not None and seat.bot is None
                    and now - seat.gone_since >= self.settings.takeover):
                seat.bot = server_bot(self.plugin, self.settings.takeover_bot, modules=True,
                                      path=self.settings.bot_path)
                seat.taken_over = changed = True
        if changed:
            self.notify_seats()
        return changed

    # -- moves -----------------------------------------------------------------------------
    def play(self, seat: int, move: Move | str) -> Move:
        """Play a move (or its notation) for ``seat``, then send everyone their update.

        The move is saved in the table's store (one transaction) before anyone
        is told about it.

        Raises:
            NaipesError: the game's error for an illegal or malformed move (nothing changed),
                ``store_failed`` when it cannot be saved (then it is undone).
        """
        if self.closed:
            raise UsageError(f"table {self.id!r} expired", code="no_such_table")
        if seat not in self.game.to_act:
            raise IllegalMoveError(f"seat {seat} is not to act now (to act: {_seats(self.game.to_act)})",
                                   code="not_your_turn", seat=seat)
        chosen = self.game.parse_move(move, seat) if isinstance(move, str) else move
        before = len(self.game.history)
        self.game.play(chosen, seat)
        self._persist(seat, next((m for s, m in self.game.history[before:] if s == seat), chosen))
        self._mark(self.game, self.log)
        self.workspaces.pop(seat, None)
        self.notify()
        return chosen

    def play_action(self, seat: int, action: int) -> Move:
        """Play the move with this id of the game's ``ActionSpace`` for ``seat``.

        Raises:
            NaipesError: for an id that is out of range or names an illegal move.
        """
        if type(action) is not int:
            raise UsageError(f"an action id is an int, not {action!r}", code="bad_action")
        space = self.plugin.action_space(self.game.rules)
        if not 0 <= action < space.size:
            raise UsageError(f"no action {action} (ids are 0 to {space.size - 1})", code="bad_action")
        view = self.game.view(seat) if seat in self.game.to_act else None
        return self.play(seat, space.move(action, view))

    # -- persistence and lifetime ----------------------------------------------------------
    def _persist(self, seat: int, move: Move) -> None:
        """Save an accepted move (write-ahead: before any client hears of it); undo it if that fails."""
        now, text = time.time(), str(move)
        asked = self.turn_since.pop(seat, None)
        seconds = None if asked is None else round(time.monotonic() - asked, 3)
        if self.store is not None:
            try:
                self.store.add_move(self.id, len(self.moves), seat, text, last_activity=now,
                                    expires=self._expiry(now), finished=self.game.is_over, seconds=seconds)
            except StoreError:
                self.game, self.log = self.replay(self.moves)
                if asked is not None:
                    self.turn_since[seat] = asked
                self.paused = True
                self.notify()
                raise
        self.paused = False
        self.moves.append((seat, text))
        self.times.append(seconds)
        self.last_activity = now
        self.start_clocks()

    def replay(self, moves: list[tuple[int, str]]) -> tuple[AnyGame, EventLog]:
        """The table's game and event log after these ``(seat, notation)`` plays from its start.

        Raises:
            NaipesError: a start or a move the game refuses.
        """
        if self.start is None:
            raise InvalidStateError("this table's game cannot be replayed", code="not_replayable")
        game: AnyGame = self.plugin.Game.from_record(self.start)
        events = EventLog(game)
        self.boundaries, self._pending, self._marked = {}, len(events), 0
        for seat, text in moves:
            game.play(game.parse_move(text, seat), seat)
            self._mark(game, events)
        return game, events

    def _mark(self, game: AnyGame, events: EventLog) -> None:
        """Note the unit (deal, hand, round) the last move ended, once it entered the history
        (a window's answers enter it together, when the last one is given)."""
        if len(game.history) == self._marked:
            return
        ended = boundaries_of(self.plugin, (e for _, e in events.since(None, self._pending)))
        if ended is not None:
            self.boundaries[len(game.history) - 1] = ended
        self._pending, self._marked = len(events), len(game.history)

    def position(self, n: int) -> AnyGame:
        """The game after the first ``n`` moves of its history (inside a simultaneous window: at
        its start), replayed from the table's record; the last few asked are kept.

        Raises:
            InvalidStateError: ``not_replayable`` for a table without a record.
        """
        if self.start is None:
            raise InvalidStateError("this table's game cannot be replayed", code="not_replayable")
        kept = self._positions.get(n)
        if kept is None:
            moves = [(s, str(m)) for s, m in self.game.history[:n]]
            kept = self._replayed(moves)
            if len(kept.history) != n:  # n is inside a window: its answers are pending, go to its start
                kept = self._replayed(moves[:len(kept.history)])
            if len(self._positions) >= POSITIONS_KEPT:
                self._positions.pop(next(iter(self._positions)))
            self._positions[n] = kept
        return kept

    def _replayed(self, moves: list[tuple[int, str]]) -> AnyGame:
        assert self.start is not None
        game: AnyGame = self.plugin.Game.from_record(self.start)
        for seat, text in moves:
            game.play(game.parse_move(text, seat), seat)
        return game

    def _expiry(self, now: float) -> float:
        settings = self.settings
        return now + (settings.finished_expiry if self.game.is_over else settings.idle_expiry)

    @property
    def expires(self) -> float:
        """When (Unix time) the table expires: ``idle_expiry`` after its last move or seat taken,
        ``finished_expiry`` after its last move once it is over."""
        return self._expiry(self.last_activity)

    def _seat_row(self, seat: Seat) -> SeatRow:
        return SeatRow(seat.index, seat.token, seat.bot_spec, seat.name)

    def row(self) -> TableRow:
        """The table as the store keeps it.

        Raises:
            InvalidStateError: for a game that cannot be replayed (``not_replayable``).
        """
        if self.start is None:
            raise InvalidStateError("this table's game cannot be replayed", code="not_replayable")
        return TableRow(id=self.id, game=self.plugin.info.name, players=self.game.num_players,
                        rules=self.start["rules"], start=self.start,
                        seats=tuple(self._seat_row(s) for s in self.seats), moves=tuple(self.moves),
                        created=self.created, last_activity=self.last_activity, expires=self.expires,
                        finished=self.game.is_over, name=self.name if self.name != name_of(self.id) else "",
                        clock=self.clock, times=tuple(self.times))

    def close(self, reason: str = "this table expired") -> None:
        """End the table: every client is told ``no_such_table`` and disconnected."""
        self.closed = True
        for listener in tuple(self.listeners):
            listener.send({"type": "error", "code": "no_such_table", "reason": reason})
            listener.close()

    # -- what clients get -------------------------------------------------------------------
    def update_for(self, listener: Listener, cache: dict[object, Any] | None = None) -> dict[str, JSON]:
        """The next ``update`` for a client (:func:`naipes.web.messages.update_message`); advances
        its ``next_seq`` and ``next_move``. ``cache`` is shared by the clients of one change."""
        return update_message(self, listener, cache)

    def stream(self, seat: int | None, seq: int) -> list[tuple[int, Event]]:
        """A seat's stream; for a spectator (``None``) the public stream, not the omniscient one."""
        if seat is not None:
            return list(self.log.since(seat, seq))
        public = []
        for i, event in self.log.since(None, seq):
            seen = event.visible_to(PUBLIC)
            if seen is not None:
                public.append((i, seen))
        return public

    def notify(self) -> None:
        """Send every client its update (each seat's view is built once)."""
        cache: dict[object, Any] = {}
        for listener in tuple(self.listeners):
            listener.send(self.update_for(listener, cache))
        self.on_change()

    def notify_seats(self) -> None:
        """Tell every client who sits where (an update with no new events)."""
        self.notify()

    def summary(self) -> dict[str, JSON]:
        """The table as the lobby lists it."""
        return {"table": self.id, "name": self.name, "game": self.plugin.info.name,
                "players": self.game.num_players, "over": self.game.is_over, "moves": len(self.game.history),
                "seats": seats_of(self)}


def _seats(seats: tuple[int, ...]) -> str:
    return ", ".join(map(str, seats)) or "nobody"


def _start_of(game: AnyGame) -> dict[str, JSON] | None:
    """The record of a game before its first move, else ``None`` (not replayable)."""
    try:
        return game.record() if not game.history else None
    except InvalidStateError:
        return None


def __getattr__(name: str) -> Any:
    """``Lobby`` lives in :mod:`naipes.web.lobby` since 1.2; it stays importable from here
    (lazily, so the two modules make no import circle)."""
    if name == "Lobby":
        from naipes.web.lobby import Lobby

        return Lobby
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
