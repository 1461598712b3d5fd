"""Tables of ``naipes serve``: a game, its event log, its seats, its listeners (no web framework).

A :class:`Table` holds the one game object of a table; clients never get it.
Each :class:`Listener` (a connected client) has a seat or ``None`` (a
spectator) and the sequence number of the next event it has not been sent;
:meth:`Table.update_for` builds its next ``update`` message from
:meth:`naipes.events.EventLog.since` and ``game.view(seat).to_dict()``.

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

import secrets
import time
from typing import Any, Callable, Mapping

import attrs

from naipes._cli_games import GameKit, describe_event
from naipes._jsonable import JSON
from naipes.bots import Bot
from naipes.errors import UsageError
from naipes.events import Event, EventLog
from naipes.game import Game, Move

__all__ = ["Listener", "Lobby", "Seat", "Settings", "Table"]

AnyGame = Game[Any, Any, Any]

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

    .. versionadded:: 1.1
    """

    takeover: float = 60.0
    takeover_bot: str = "best"
    bot_delay: float = 0.6
    max_tables: int = 1000
    max_listeners: int = 32
    rate: float = 10.0
    burst: int = 30
    origins: tuple[str, ...] = ()


@attrs.define(kw_only=True)
class Seat:
    """One seat of a table.

    Attributes:
        index: the seat number.
        token: the secret of the client that took it (``None`` while open or a bot's).
        bot_spec: the bot spec when a bot plays it.
        bot: the bot playing it now (its own, or one that took over).
        taken_over: True when a bot plays for a client that left.
        connected: how many clients of this seat are connected.
        gone_since: when its last client left (``time.monotonic``), else ``None``.

    .. versionadded:: 1.1
    """

    index: int
    token: str | None = None
    bot_spec: str | None = None
    bot: Bot[Any, Any] | None = None
    taken_over: bool = False
    connected: int = 0
    gone_since: float | None = None
    slow: bool = False

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
                "taken_over": self.taken_over, "connected": self.connected > 0}


@attrs.define(eq=False, kw_only=True)
class Listener:
    """A connected client of a table.

    Attributes:
        seat: its seat, or ``None`` for a spectator.
        next_seq: the number of the first event it has not been sent.
        send: called with each message for it.

    .. versionadded:: 1.1
    """

    seat: int | None
    next_seq: int = 0
    send: Callable[[dict[str, JSON]], None] = lambda message: None


class Table:
    """One game being played, with its seats and listeners.

    Args:
        table_id: its name in URLs.
        kit: the game's module.
        game: the game (made by the lobby, with a system RNG).
        bots: seat -> bot spec for the seats bots play from the start.
        settings: the server's settings.

    .. versionadded:: 1.1
    """

    def __init__(self, table_id: str, kit: GameKit, game: AnyGame, bots: Mapping[int, str],
                 settings: Settings) -> None:
        self.id = table_id
        self.kit = kit
        self.game = game
        self.log = EventLog(game)
        self.settings = settings
        self.seats = [Seat(index=i) for i in range(game.num_players)]
        self.listeners: list[Listener] = []
        self.workspaces: dict[int, Any] = {}
        self.created = time.time()
        self.on_change: Callable[[], None] = lambda: None
        for seat, spec in bots.items():
            self.seats[seat].bot_spec = spec
            self.seats[seat].bot = kit.bot(spec, secrets.randbits(32))[1]

    # -- seats and tokens ----------------------------------------------------------------
    def join(self, seat: int | None = None) -> str:
        """Take an open seat (the first one when ``seat`` is None); returns its secret token.

        Raises:
            UsageError: no such seat (``no_such_seat``) or it is taken (``seat_taken``).
        """
        if seat is None:
            free = [s.index for s in self.seats if s.status == "open"]
            if not free:
                raise UsageError("every seat of this table is taken", code="seat_taken")
            seat = free[0]
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise UsageError(f"no seat {seat!r} at a table of {len(self.seats)}", code="no_such_seat")
        if self.seats[seat].status != "open":
            raise UsageError(f"seat {seat} is taken", code="seat_taken")
        token = secrets.token_urlsafe(24)
        self.seats[seat].token = token
        return token

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is, else ``None`` (compared in constant time)."""
        if not token:
            return None
        for seat in self.seats:
            if seat.token is not None and secrets.compare_digest(seat.token, token):
                return seat.index
        return None

    def bot_seats(self) -> tuple[int, ...]:
        """The seats a bot must move for now."""
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
                seat.bot = self.kit.bot(self.settings.takeover_bot, secrets.randbits(32))[1]
                seat.taken_over = changed = True
        if changed:
            self.notify_seats()
        return changed

    # -- moves -----------------------------------------------------------------------------
    def play(self, seat: int, move: Move | str) -> Move:
        """Play a move (or its notation) for ``seat``, then send everyone their update.

        Raises:
            NaipesError: the game's error for an illegal or malformed move (nothing changed).
        """
        if seat not in self.game.to_act:
            raise UsageError(f"seat {seat} is not to act now (to act: {_seats(self.game.to_act)})",
                             code="not_your_turn")
        chosen = self.game.parse_move(move, seat) if isinstance(move, str) else move
        self.game.play(chosen, seat)
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
        space = self.kit.module.ActionSpace(self.game.rules)
        if not 0 <= action < space.size:
            raise UsageError(f"no action {action} (ids are 0 to {space.size - 1})", code="bad_action")
        view = self.game.view(seat) if seat in self.game.to_act else None
        return self.play(seat, space.move(action, view))

    # -- what clients get -------------------------------------------------------------------
    def update_for(self, listener: Listener, views: dict[int, JSON] | None = None,
                   said: dict[int, tuple[Event, JSON]] | None = None) -> dict[str, JSON]:
        """The next ``update`` for a client: its new events and its view; advances ``next_seq``.

        ``views`` and ``said`` are caches shared by the clients of one change
        (views by seat; an event's dict and words by the event object, which
        every seat that sees it whole shares).
        """
        events = []
        said = {} if said is None else said
        for seq, event in self._stream(listener.seat, listener.next_seq):
            hit = said.get(id(event))
            if hit is None or hit[0] is not event:
                hit = said[id(event)] = (event, {"seq": seq, "event": event.to_dict(),
                                                 "text": describe_event(self.kit, event)})
            events.append(hit[1])
        listener.next_seq = len(self.log)
        view: JSON = None
        if listener.seat is not None:
            if views is not None and listener.seat in views:
                view = views[listener.seat]
            else:
                view = self.game.view(listener.seat).to_dict()
                if views is not None:
                    views[listener.seat] = view
        return {"type": "update", "table": self.id, "events": events, "next": listener.next_seq,
                "view": view, "to_act": list(self.game.to_act), "over": self.game.is_over,
                "scores": list(self.game.scores), "seats": [s.to_dict() for s in self.seats]}

    def _stream(self, seat: int | None, seq: int) -> list[tuple[int, Event]]:
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
        views: dict[int, JSON] = {}
        said: dict[int, tuple[Event, JSON]] = {}
        for listener in tuple(self.listeners):
            listener.send(self.update_for(listener, views, said))
        self.on_change()

    def notify_seats(self) -> None:
        """Tell every client who sits where (an update with no new events)."""
        self.notify()

    def summary(self) -> dict[str, JSON]:
        """The table as the lobby lists it."""
        return {"table": self.id, "game": self.kit.info.name, "players": self.game.num_players,
                "over": self.game.is_over, "moves": len(self.game.history),
                "seats": [s.to_dict() for s in self.seats]}


def _seats(seats: tuple[int, ...]) -> str:
    return ", ".join(map(str, seats)) or "nobody"


class Lobby:
    """Every table of a server.

    Args:
        settings: limits and timings.

    .. versionadded:: 1.1
    """

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        self.tables: dict[str, Table] = {}

    def create(self, game: str, *, players: int | None = None, rules: Mapping[str, object] | None = None,
               bots: Mapping[int, str] | None = None, seed: int | None = None) -> Table:
        """A new table of ``game``.

        Args:
            game: a registered game name or alias.
            players: the number of players (default: the rules' default).
            rules: fields of the game's ``Rules`` to set.
            bots: seat -> bot spec (``random``, ``best``, ``module:Class``) for the seats bots play.
            seed: the seed of the shuffle (default: a system RNG, which no one can predict).

        Raises:
            NaipesError: an unknown game, rules it refuses, a bad seat or bot
                (``RulesError``, ``UsageError``), or a full lobby (``lobby_full``).
        """
        if len(self.tables) >= self.settings.max_tables:
            self._forget_finished()
            if len(self.tables) >= self.settings.max_tables:
                raise UsageError("the server holds as many tables as it may", code="lobby_full")
        kit = GameKit.find(game)
        rules_obj = kit.rules(players, _tupled(rules or {}))
        the_game = _new_game(kit, rules_obj, seed)
        bots = dict(bots or {})
        for seat in bots:
            if type(seat) is not int or not 0 <= seat < the_game.num_players:
                raise UsageError(f"no seat {seat!r} for a bot", code="no_such_seat")
        table_id = secrets.token_hex(4)
        while table_id in self.tables:
            table_id = secrets.token_hex(4)
        table = Table(table_id, kit, the_game, bots, self.settings)
        self.tables[table_id] = table
        return table

    def get(self, table_id: str) -> Table:
        """The table with this id.

        Raises:
            UsageError: code ``no_such_table``.
        """
        try:
            return self.tables[table_id]
        except KeyError:
            raise UsageError(f"no table {table_id!r}", code="no_such_table") from None

    def _forget_finished(self) -> None:
        for table_id in [t.id for t in self.tables.values() if t.game.is_over and not t.listeners]:
            del self.tables[table_id]


def _tupled(value: Mapping[str, object]) -> dict[str, object]:
    def conv(v: object) -> object:
        return tuple(conv(x) for x in v) if isinstance(v, list) else v
    return {k: conv(v) for k, v in value.items()}


def _new_game(kit: GameKit, rules: object, seed: int | None) -> AnyGame:
    """A game with this seed, else with a secret one (nobody can predict the shuffle)."""
    return kit.new_game(rules, secrets.randbits(63) if seed is None else seed)
