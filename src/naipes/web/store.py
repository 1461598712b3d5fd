"""The tables of ``naipes serve`` on disk: an embedded SQLite database (stdlib ``sqlite3``, no web framework).

A :class:`Store` holds, for each table: its id, game, rules and start (the
game's :meth:`~naipes.game.Game.record` before its first move), every
accepted move in the order it was played, its seats (the **sha256** of each
seat's token, never the token; the bot spec of bot seats), and when it was
created, last changed and expires, and whether it is over. The server
writes one transaction per accepted move *before* it tells any client about
the move, and replays every stored table when it starts again, so each
seat's event stream and sequence numbers come back exactly as they were.

The database is in WAL mode with ``synchronous=NORMAL`` by default: a
committed move survives the server process being killed (``kill -9``), which
is what a crash of the server is; only a crash of the whole machine or a power
cut may roll back the last moves (the database stays consistent).
``synchronous="full"`` also survives those, at one ``fsync`` per move (about
4 ms each, measured on the development machine, against 0.02 ms). The
connection holds the database's lock (``locking_mode=EXCLUSIVE``), so a second
server on the same file is refused (``store_locked``). The schema's version
is ``PRAGMA user_version``; a newer one is refused (``store_too_new``).

>>> store = Store(":memory:")
>>> store.add_table(TableRow(id="t1", game="machuco", players=2, rules={}, start={"seed": 1},
...                          seats=(SeatRow(0, hash_token("secret"), None), SeatRow(1, None, "random")),
...                          created=0.0, last_activity=0.0, expires=100.0))
>>> store.add_move("t1", 0, 1, "7o", last_activity=1.0, expires=101.0, finished=False)
>>> [(t.id, t.moves, t.seats[0].token_hash == hash_token("secret")) for t in store.tables()]
[('t1', ((1, '7o'),), True)]
>>> store.delete_expired(now=200.0)
['t1']
>>> store.close()

.. versionadded:: 1.1
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import sqlite3
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from naipes._jsonable import JSON
from naipes.errors import NaipesError

__all__ = ["SCHEMA_VERSION", "SeatRow", "Store", "StoreError", "TableRow", "default_path", "hash_token"]

#: The version of the database layout (``PRAGMA user_version``). Version 2 (naipes 1.3) adds the
#: names of tables and players; version 3 the clock of a table and the seconds each move took.
#: Older files are upgraded in place when opened.
SCHEMA_VERSION = 3

_SCHEMA = """
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    rules TEXT NOT NULL,
    start TEXT NOT NULL,
    created REAL NOT NULL,
    last_activity REAL NOT NULL,
    expires REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    name TEXT NOT NULL DEFAULT '',
    clock REAL
);
CREATE INDEX tables_expires ON tables (expires);
CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    token_hash TEXT,
    bot TEXT,
    name TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE moves (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    seconds REAL,
    PRIMARY KEY (table_id, n)
);
"""

_TABLES = frozenset({"tables", "seats", "moves"})

#: The upgrades of older layouts, by the version they upgrade.
_UPGRADES = {
    1: "ALTER TABLE tables ADD COLUMN name TEXT NOT NULL DEFAULT ''; "
       "ALTER TABLE seats ADD COLUMN name TEXT NOT NULL DEFAULT '';",
    2: "ALTER TABLE tables ADD COLUMN clock REAL; ALTER TABLE moves ADD COLUMN seconds REAL;",
}

#: What a player is told when a write fails (the operator's log has the file and SQLite's words).
SAVE_FAILED = ("the server cannot save moves right now (its disk is full or read-only); "
               "nothing was changed: try again in a while")

log = logging.getLogger("naipes.web")


class StoreError(NaipesError):
    """The table database cannot be used or written.

    Codes: ``bad_store`` (not a SQLite database, or not this layout),
    ``not_a_store`` (a database of something else), ``store_too_new`` (a
    newer naipes wrote it), ``store_locked`` (another server uses it),
    ``store_failed`` (a write failed: nothing was changed; the reason a player may see,
    without the server's file path: every failure is logged for the operator),
    ``store_damaged`` (the file is corrupt: ``PRAGMA quick_check`` found damage).

    .. versionadded:: 1.1
    """

    default_code = "bad_store"


def hash_token(token: str) -> str:
    """The sha256 (hex) of a seat's token: what the store and the server keep instead of it.

    Tokens carry 192 random bits, so an unsalted hash cannot be inverted by guessing.

    >>> hash_token("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def default_path() -> Path:
    """Where ``naipes serve`` keeps its tables by default.

    ``$XDG_DATA_HOME/naipes/tables.sqlite3`` (else ``~/.local/share/naipes/...``);
    on Windows ``%LOCALAPPDATA%\\naipes\\tables.sqlite3``.
    """
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
    else:
        xdg = os.environ.get("XDG_DATA_HOME", "")
        base = xdg if os.path.isabs(xdg) else str(Path.home() / ".local" / "share")
    return Path(base) / "naipes" / "tables.sqlite3"


@attrs.frozen
class SeatRow:
    """A stored seat: its number, the sha256 of its token (or ``None``), its bot spec (or ``None``)
    and its player's name (``""``: none).

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       ``name``.
    """

    seat: int
    token_hash: str | None
    bot: str | None
    name: str = ""


@attrs.frozen(kw_only=True)
class TableRow:
    """A stored table.

    Attributes:
        id: its name in URLs.
        game: the registered game name.
        players: the number of seats.
        rules: the rules as the game's record writes them.
        start: the game's record before its first move (``format``, ``game``, ``rules``, ``start``...).
        seats: its seats.
        moves: ``(seat, notation)`` of every accepted ``play``, in order.
        created, last_activity, expires: Unix times (seconds).
        finished: True once the game is over.
        name: the table's name (``""``: the one the server makes from its id).
        clock: the seconds a person has for each move (``None``: no clock).
        times: the seconds each move took (``None`` where not measured), move by move.

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       ``name``.
    .. versionchanged:: 1.2
       ``clock`` and ``times``.
    """

    id: str
    game: str
    players: int
    rules: dict[str, JSON]
    start: dict[str, JSON]
    seats: tuple[SeatRow, ...]
    moves: tuple[tuple[int, str], ...] = ()
    created: float
    last_activity: float
    expires: float
    finished: bool = False
    name: str = ""
    clock: float | None = None
    times: tuple[float | None, ...] = ()


class Store:
    """The SQLite database of a server's tables.

    Args:
        path: the database file (its directory is made), or ``":memory:"``.
        synchronous: ``"normal"`` (survives a killed server) or ``"full"``
            (also survives a power cut; one ``fsync`` per move).

    Raises:
        StoreError: the file is not such a database, a newer one, or in use.

    .. versionadded:: 1.1
    """

    def __init__(self, path: str | os.PathLike[str], *, synchronous: str = "normal") -> None:
        if synchronous not in ("normal", "full"):
            raise StoreError(f"synchronous is normal or full, not {synchronous!r}", code="bad_option")
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = _connect(self.path)
        try:
            self._setup(synchronous)
        except sqlite3.Error as exc:
            self._db.close()
            raise _store_error(self.path, exc) from exc
        except StoreError:
            self._db.close()
            raise

    def _setup(self, synchronous: str) -> None:
        db = self._db
        db.execute("PRAGMA locking_mode=EXCLUSIVE")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path} was written by a newer naipes (table store version {version}; "
                             f"this one reads up to {SCHEMA_VERSION}): upgrade naipes or use another --db",
                             code="store_too_new")
        mode = db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if mode.lower() not in ("wal", "memory"):
            raise StoreError(f"{self.path}: cannot use WAL mode (journal mode {mode})", code="bad_store")
        db.execute(f"PRAGMA synchronous={synchronous.upper()}")
        db.execute("PRAGMA foreign_keys=ON")
        names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version == 0:
            if names:
                raise StoreError(f"{self.path} is a database of something else, not naipes's tables "
                                 f"(it holds {', '.join(sorted(names))})", code="not_a_store")
            db.executescript(f"BEGIN IMMEDIATE; {_SCHEMA} PRAGMA user_version={SCHEMA_VERSION}; COMMIT;")
        elif not _TABLES <= names:
            raise StoreError(f"{self.path}: the table store lacks {', '.join(sorted(_TABLES - names))}",
                             code="bad_store")
        elif version < SCHEMA_VERSION:  # an older naipes: upgraded in place
            self._check_pages()
            steps = " ".join(_UPGRADES[v] for v in range(version, SCHEMA_VERSION))
            db.executescript(f"BEGIN IMMEDIATE; {steps} PRAGMA user_version={SCHEMA_VERSION}; COMMIT;")
        else:
            self._check_pages()
            db.execute("BEGIN IMMEDIATE")  # takes the exclusive lock now: a second server is refused at once
            db.execute("COMMIT")

    def _check_pages(self) -> None:
        """Read every page once (``PRAGMA quick_check``): a damaged file is refused at start,
        in one clear line, rather than failing in the middle of serving.

        Raises:
            StoreError: ``store_damaged``.
        """
        try:
            found = [r[0] for r in self._db.execute("PRAGMA quick_check(3)")]
        except sqlite3.DatabaseError as exc:
            found = [str(exc)]
        if found != ["ok"]:
            problem = " ".join(" ".join(str(f) for f in found).split())[:200]
            raise StoreError(f"{self.path} is damaged ({problem}): restore a backup, or move it away "
                             "to start with no saved tables", code="store_damaged")

    def _transaction(self, statements: Sequence[tuple[str, Sequence[object]]], *,
                     each_changes: bool = False) -> None:
        """Run the statements in one transaction: all of them, or (raising) none.

        With ``each_changes``, a statement that changes no row undoes them all.
        """
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                for sql, params in statements:
                    if not self._db.execute(sql, params).rowcount and each_changes:
                        raise sqlite3.IntegrityError(f"no row to change for {sql.split()[0]} {params!r}")
                self._db.execute("COMMIT")
            except sqlite3.Error as exc:
                with contextlib.suppress(sqlite3.Error):
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                log.error("could not save to %s: %s", self.path, exc)
                raise StoreError(SAVE_FAILED, code="store_failed") from exc

    # -- writes -------------------------------------------------------------------------------
    def add_table(self, row: TableRow) -> None:
        """Store a new table with its seats and moves (one transaction).

        Raises:
            StoreError: code ``store_failed`` (e.g. a table with this id exists); nothing stored.
        """
        statements: list[tuple[str, Sequence[object]]] = [(
            "INSERT INTO tables (id, game, players, rules, start, created, last_activity, expires, finished, "
            "name, clock) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (row.id, row.game, row.players, _dumps(row.rules), _dumps(row.start), row.created,
             row.last_activity, row.expires, int(row.finished), row.name, row.clock))]
        statements += [("INSERT INTO seats (table_id, seat, token_hash, bot, name) VALUES (?, ?, ?, ?, ?)",
                        (row.id, s.seat, s.token_hash, s.bot, s.name)) for s in row.seats]
        times = list(row.times) + [None] * (len(row.moves) - len(row.times))
        statements += [("INSERT INTO moves (table_id, n, seat, move, seconds) VALUES (?, ?, ?, ?, ?)",
                        (row.id, n, seat, move, times[n])) for n, (seat, move) in enumerate(row.moves)]
        self._transaction(statements)

    def add_move(self, table_id: str, n: int, seat: int, move: str, *, last_activity: float,
                 expires: float, finished: bool, seconds: float | None = None) -> None:
        """Append move number ``n`` of a table and its new times (one transaction); ``seconds``:
        how long the seat took over it (``None``: not measured).

        Raises:
            StoreError: code ``store_failed`` for no such table or a move ``n`` stored already.
        """
        self._transaction([
            ("INSERT INTO moves (table_id, n, seat, move, seconds) VALUES (?, ?, ?, ?, ?)",
             (table_id, n, seat, move, seconds)),
            ("UPDATE tables SET last_activity = ?, expires = ?, finished = ? WHERE id = ?",
             (last_activity, expires, int(finished), table_id)),
        ], each_changes=True)

    def set_seat(self, table_id: str, seat: SeatRow, *, last_activity: float, expires: float) -> None:
        """Store a seat's new token hash or bot, and the table's new times (one transaction).

        Raises:
            StoreError: code ``store_failed`` for no such seat.
        """
        self._transaction([
            ("UPDATE seats SET token_hash = ?, bot = ?, name = ? WHERE table_id = ? AND seat = ?",
             (seat.token_hash, seat.bot, seat.name, table_id, seat.seat)),
            ("UPDATE tables SET last_activity = ?, expires = ? WHERE id = ?", (last_activity, expires, table_id)),
        ], each_changes=True)

    def delete(self, table_id: str) -> None:
        """Forget a table (its seats and moves too)."""
        self._transaction([("DELETE FROM tables WHERE id = ?", (table_id,))])

    def delete_expired(self, now: float) -> list[str]:
        """Forget every table that expired at ``now`` (Unix time); returns their ids."""
        ids = [r[0] for r in self._read("SELECT id FROM tables WHERE expires <= ? ORDER BY id", (now,))]
        if ids:
            self._transaction([("DELETE FROM tables WHERE id = ?", (i,)) for i in ids])
        return ids

    # -- reads --------------------------------------------------------------------------------
    def _read(self, sql: str, params: Sequence[object] = ()) -> list[Any]:
        """The rows of a query.

        Raises:
            StoreError: ``bad_store`` when SQLite cannot read them (a damaged file); logged.
        """
        with self._lock:
            try:
                return self._db.execute(sql, params).fetchall()
            except sqlite3.Error as exc:
                log.error("could not read %s: %s", self.path, exc)
                raise StoreError("the server cannot read its saved tables", code="bad_store") from exc

    def table_ids(self) -> list[str]:
        """The ids of every stored table, oldest first."""
        return [r[0] for r in self._read("SELECT id FROM tables ORDER BY created, id")]

    def tables(self) -> Iterator[TableRow]:
        """Every stored table, oldest first, with its seats and moves.

        Raises:
            StoreError: code ``bad_store`` for a row that is not what naipes writes.
        """
        for table_id in self.table_ids():
            row = self.table(table_id)
            if row is not None:
                yield row

    def table(self, table_id: str) -> TableRow | None:
        """The stored table with this id, else ``None``."""
        rows = self._read("SELECT id, game, players, rules, start, created, last_activity, expires, "
                          "finished, name, clock FROM tables WHERE id = ?", (table_id,))
        return self._row(rows[0]) if rows else None

    def _row(self, row: tuple[Any, ...]) -> TableRow:
        table_id = row[0]
        seats = self._read("SELECT seat, token_hash, bot, name FROM seats WHERE table_id = ? ORDER BY seat",
                           (table_id,))
        moves = self._read("SELECT seat, move, seconds FROM moves WHERE table_id = ? ORDER BY n", (table_id,))
        try:
            return TableRow(id=table_id, game=row[1], players=row[2], rules=_loads(row[3]), start=_loads(row[4]),
                            seats=tuple(SeatRow(*s) for s in seats), moves=tuple((s, m) for s, m, _ in moves),
                            created=row[5], last_activity=row[6], expires=row[7], finished=bool(row[8]),
                            name=row[9] if isinstance(row[9], str) else "",
                            clock=float(row[10]) if row[10] is not None else None,
                            times=tuple(None if t is None else float(t) for _, _, t in moves))
        except (ValueError, TypeError, RecursionError) as exc:
            raise StoreError(f"table {table_id!r} in {self.path} is broken: {exc}", code="bad_store") from exc

    def close(self) -> None:
        """Close the database (its lock is released)."""
        with self._lock:
            self._db.close()


def _connect(path: str) -> sqlite3.Connection:
    if path != ":memory:":
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists():  # token hashes inside: readable by the owner only
            os.close(os.open(target, os.O_CREAT | os.O_WRONLY, 0o600))
    try:
        return sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=0.5)
    except sqlite3.Error as exc:
        raise _store_error(path, exc) from exc


def _store_error(path: str, exc: sqlite3.Error) -> StoreError:
    text = str(exc)
    if "locked" in text or "busy" in text:
        return StoreError(f"{path} is in use by another naipes serve ({text})", code="store_locked")
    if "malformed" in text or "corrupt" in text:
        return StoreError(f"{path} is damaged ({text}): restore a backup, or move it away to start with "
                          "no saved tables", code="store_damaged")
    return StoreError(f"{path} is not a naipes table store: {text}", code="bad_store")


def _dumps(value: object) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _loads(text: object) -> dict[str, JSON]:
    if not isinstance(text, str):
        raise TypeError(f"JSON text expected, not {type(text).__name__}")
    value = json.loads(text)
    if not isinstance(value, dict):
        raise TypeError("a JSON object expected")
    return value
