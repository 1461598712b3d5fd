"""The lobby of ``naipes serve``: every table of a server, made, found, expired and reloaded.

:class:`Lobby` was in :mod:`naipes.web.tables` (still importable from there).

>>> lobby = Lobby(Settings(bot_delay=0))
>>> table = lobby.create("ranzo", name="  Mesa   de Ana ")
>>> table.name, lobby.get(table.id) is table
('Mesa de Ana', True)

.. versionadded:: 1.2
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any, Mapping

from naipes.errors import InvalidStateError, NaipesError, UsageError
from naipes.game import Game
from naipes.plugin import GamePlugin, plugin
from naipes.web.botspecs import check_bots_play, check_client_bots
from naipes.web.messages import MAX_TABLE_NAME, clean_name
from naipes.web.store import Store, TableRow
from naipes.web.tables import Settings, Table

__all__ = ["Lobby", "check_clock"]

AnyGame = Game[Any, Any, Any]
AnyPlugin = GamePlugin[Any, Any, Any]

log = logging.getLogger("naipes.web")


class Lobby:
    """Every table of a server.

    Args:
        settings: limits and timings.
        store: where tables are saved (every move, before clients hear of it), else ``None``.

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       ``store``, :meth:`load`, :meth:`expire` and :meth:`remove`.
    """

    def __init__(self, settings: Settings | None = None, store: Store | None = None) -> None:
        self.settings = settings or Settings()
        self.tables: dict[str, Table] = {}
        self.store = store

    def create(self, game: str, *, players: int | None = None, rules: Mapping[str, object] | None = None,
               bots: Mapping[int, str] | None = None, seed: int | None = None,
               owner: str | None = None, name: object = None, clock: object = None) -> Table:
        """A new table of ``game``.

        Args:
            game: a registered game name or alias.
            players: the number of players (default: the rules' default).
            rules: fields of the game's ``Rules`` to set.
            bots: seat -> bot spec (``random``, ``best``, ``module:Class``) for the seats bots play.
            seed: the seed of the shuffle (default: a system RNG, which no one can predict).
            owner: the address of the client that asks (it may have
                ``settings.max_tables_per_address`` unfinished tables).
            name: the table's name (cleaned, at most :data:`~naipes.web.messages.MAX_TABLE_NAME`
                characters); none or empty: a friendly name made from its id.
            clock: the seconds a person has for each move (``None``: no clock; at most
                ``settings.max_clock``): then the takeover bot plays a move whose time ran out.

        Raises:
            NaipesError: an unknown game, rules it refuses, a bad seat or bot
                (``RulesError``, ``UsageError``; bots as :func:`check_client_bots`; ``no_weights``
                for a ``learned`` bot under rules naipes ships no weights for),
                a full lobby (``lobby_full``) or too many tables of this owner
                (``too_many_tables``), a clock out of bounds (``bad_clock``).

        .. versionchanged:: 1.2
           ``clock``.
        """
        bots = dict(bots or {})
        seconds = check_clock(clock, self.settings.max_clock)
        check_client_bots(bots, self.settings, game=plugin(game).info.name)
        if owner is not None and self.open_tables_of(owner) >= self.settings.max_tables_per_address:
            raise UsageError(f"this address has {self.settings.max_tables_per_address} unfinished tables "
                             "already; finish or leave one first", code="too_many_tables")
        if len(self.tables) >= self.settings.max_tables:
            self._forget_finished()
            if len(self.tables) >= self.settings.max_tables:
                raise UsageError("the server holds as many tables as it may", code="lobby_full")
        game_plugin = plugin(game)
        rules_obj = game_plugin.rules(players, _tupled(rules or {}))
        check_bots_play(game_plugin, rules_obj, bots)
        return self.make(game_plugin, rules_obj, bots, seed=seed, owner=owner, name=name, clock=seconds)

    def make(self, game_plugin: AnyPlugin, rules_obj: object, bots: Mapping[int, str], *,
             seed: int | None = None, owner: str | None = None, name: object = None,
             clock: float | None = None, reserved: frozenset[int] = frozenset()) -> Table:
        """A new table of this game and ``Rules`` object (checked already: :meth:`create` checks
        what a client sends), its seats in ``reserved`` kept for a rematch's players.

        Raises:
            NaipesError: a bad seat for a bot (``no_such_seat``), a failed save (``store_failed``).
        """
        the_game = _new_game(game_plugin, rules_obj, seed)
        for seat in bots:
            if type(seat) is not int or not 0 <= seat < the_game.num_players:
                raise UsageError(f"no seat {seat!r} for a bot", code="no_such_seat")
        table_id = secrets.token_hex(4)
        while table_id in self.tables:
            table_id = secrets.token_hex(4)
        table = Table(table_id, game_plugin, the_game, bots, self.settings)
        table.owner, table.clock, table.lobby = owner, clock, self
        table.reserved = set(reserved)
        table.name = clean_name(name, MAX_TABLE_NAME) or table.name
        table.start_clocks()
        if self.store is not None:
            self.store.add_table(table.row())
            table.store = self.store
        self.tables[table_id] = table
        return table

    def open_tables_of(self, owner: str) -> int:
        """How many unfinished tables of the lobby ``owner`` created."""
        return sum(1 for t in self.tables.values() if t.owner == owner and not t.game.is_over)

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
            self.remove(table_id)

    def remove(self, table_id: str) -> None:
        """Forget a table, in the store too (its clients are told ``no_such_table``)."""
        table = self.tables.pop(table_id, None)
        if table is not None:
            table.close("this table is gone")
        if self.store is not None:
            self.store.delete(table_id)

    def expire(self, now: float | None = None) -> list[Table]:
        """Forget every table past its :attr:`Table.expires` (Unix time ``now``); returns them."""
        now = time.time() if now is None else now
        gone = [t for t in self.tables.values() if t.expires <= now]
        for table in gone:
            self.tables.pop(table.id, None)
            table.close()
        if self.store is not None:
            self.store.delete_expired(now)
        return gone

    def load(self, now: float | None = None) -> list[Table]:
        """Bring back every live table of the store (expired ones are deleted first).

        Each table's moves are replayed through its game, so every seat's event
        stream and sequence numbers are what they were; seats with a token are
        ``away`` until their client returns. A table that cannot be rebuilt (a
        bot no longer allowed, a broken row) is logged, skipped and left in the
        store until it expires.
        """
        if self.store is None:
            return []
        self.store.delete_expired(time.time() if now is None else now)
        loaded = []
        for table_id in self.store.table_ids():
            try:
                row = self.store.table(table_id)
                if row is not None and table_id not in self.tables:
                    loaded.append(self._revive(row))
            except (NaipesError, KeyError, TypeError, ValueError) as exc:
                log.error("table %s of %s not reloaded: %s", table_id, self.store.path, exc)
        for table in loaded:
            self.tables[table.id] = table
        return loaded

    def _revive(self, row: TableRow) -> Table:
        game_plugin = plugin(row.game)
        if game_plugin.info.name != row.start.get("game") or len(row.seats) != row.players:
            raise InvalidStateError(f"table {row.id} does not match its game record", code="bad_store")
        bots = {s.seat: s.bot for s in row.seats if s.bot is not None}
        table = Table(row.id, game_plugin, game_plugin.Game.from_record(row.start), bots, self.settings)
        table.start = row.start
        table.game, table.log = table.replay(list(row.moves))
        table.moves = list(row.moves)
        now = time.monotonic()
        for s in row.seats:
            table.seats[s.seat].token = s.token_hash
            table.seats[s.seat].name = s.name
            table.seats[s.seat].gone_since = now if s.token_hash is not None else None
        table.created, table.last_activity, table.store = row.created, row.last_activity, self.store
        table.name = row.name or table.name
        table.clock, table.times, table.lobby = row.clock, list(row.times), self
        table.start_clocks()
        return table


def check_clock(value: object, most: float) -> float | None:
    """The seconds per move a table's creator asked (``None``, ``0`` or ``""``: no clock).

    >>> check_clock(30, 3600.0), check_clock(None, 3600.0)
    (30.0, None)

    Raises:
        UsageError: ``bad_clock`` for anything but a number from 1 to ``most``.
    """
    if value is None or value == 0 or value == "":
        return None
    if type(value) not in (int, float) or not 1 <= value <= most:  # type: ignore[operator]
        raise UsageError(f"a clock is a number of seconds per move from 1 to {most:g}", code="bad_clock")
    return float(value)  # type: ignore[arg-type]


def _tupled(value: Mapping[str, object]) -> dict[str, object]:
    def conv(v: object) -> object:
        return tuple(conv(x) for x in v) if isinstance(v, list) else v
    return {k: conv(v) for k, v in value.items()}


def _new_game(game_plugin: AnyPlugin, rules: object, seed: int | None) -> AnyGame:
    """A game with this seed, else with a secret one (nobody can predict the shuffle)."""
    return game_plugin.new_game(rules, secrets.randbits(63) if seed is None else seed)
