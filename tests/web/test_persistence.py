"""Tables survive ``kill -9``: a real ``naipes serve`` process, real WebSocket clients, two crashes.

Several tables of four games are played by socket clients whose moves are a
fixed function of the view they were sent. The server is killed with SIGKILL
twice in the middle of the games and started again on the same database;
every client reconnects with its token and ``since`` and plays on. At the end:

- each table's record (from the database) equals the record of the same game
  played without interruption (same seed, same policy, in this process);
- every seat received exactly the events of its stream, each once, with the
  sequence numbers of an uninterrupted run (nothing lost, nothing twice);
- the table with a bot finished, its bot having resumed after each restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")
pytest.importorskip("websockets")

from naipes.events import EventLog
from naipes.plugin import plugin

#: (game, players, rules, bot seats) of the tables played.
TABLES = [
    ("machuco", 2, {}, {}),
    ("macarra", 2, {}, {}),
    ("ranzo", 3, {"rounds": 1}, {}),
    ("machiavelli", 2, {"mode": "single_deal"}, {}),
    ("machuco", 2, {}, {"1": "random"}),
]

#: Seconds a client waits before it moves (so the kills land in the middle of games).
PACE = 0.01


def policy(view: dict[str, Any]) -> str:
    """The move a client plays: a fixed function of its view (but for who answered already in a
    simultaneous window, which depends on who was quicker)."""
    moves = view["legal_moves"]
    fixed = {k: v for k, v in view.items() if k not in ("answered", "to_act")}
    digest = hashlib.sha256(json.dumps(fixed, sort_keys=True).encode()).hexdigest()
    return str(moves[int(digest, 16) % len(moves)])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``python -m naipes serve`` on a database, started and killed at will."""

    def __init__(self, db: Path, log: Path) -> None:
        self.db, self.log, self.port = db, log, _free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.http = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "naipes", "serve", "--db", str(self.db), "--port", str(self.port),
                 "--bot-delay", "0", "--takeover", "3600", "--rate", "1000", *_address_limits()],
                stdout=log, stderr=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log.read_text()
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("naipes serve did not start: " + self.log.read_text())

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(self.http + path, json.dumps(body).encode(),
                                         {"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            data: dict[str, Any] = json.loads(response.read())
        return data


def _address_limits() -> list[str]:
    """The options that lift the limits per client address, where this server has them."""
    text = subprocess.run([sys.executable, "-m", "naipes", "serve", "--help"], capture_output=True,
                          text=True, check=False).stdout
    out = []
    for option, value in (("--address-rate", "100000"), ("--max-connections-per-address", "1000"),
                          ("--max-tables-per-address", "1000")):
        if option in text:
            out += [option, value]
    return out


class Seat:
    """A seat's client: reconnects after every drop with its token and ``since``."""

    def __init__(self, server: Server, table: str, seat: int, token: str) -> None:
        self.server, self.table, self.seat, self.token = server, table, seat, token
        self.next = 0
        self.events: list[tuple[int, dict[str, Any]]] = []
        self.connections = 0
        self.errors: list[str] = []
        self.over = False

    async def run(self, deadline: float) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidHandshake

        while not self.over:
            assert time.monotonic() < deadline, f"seat {self.seat} of {self.table} did not finish"
            try:
                async with connect(f"ws://127.0.0.1:{self.server.port}/ws/tables/{self.table}",
                                   max_size=2**22, open_timeout=2) as ws:
                    self.connections += 1
                    await ws.send(json.dumps({"type": "hello", "v": 1, "token": self.token, "since": self.next}))
                    await self._play(ws)
            except (ConnectionClosed, InvalidHandshake, OSError, asyncio.TimeoutError):
                await asyncio.sleep(0.05)

    async def _play(self, ws: Any) -> None:
        sent = None  # the event count the last move was sent at, on this connection
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "error":
                self.errors.append(message["code"])
                assert message["code"] not in ("no_such_table", "bad_token"), message
                continue
            if message["type"] != "update":
                continue
            for item in message["events"]:
                self.events.append((item["seq"], item["event"]))
            self.next = message["next"]
            if message["over"]:
                self.over = True
                return
            key = message["next"]  # a decision follows an event; an answer in a window causes none
            view = message["view"]
            if self.seat in message["to_act"] and view["legal_moves"] and key != sent:
                sent = key
                await asyncio.sleep(PACE)
                await ws.send(json.dumps({"type": "move", "move": policy(view)}))


def _moves_of(db: Path) -> dict[str, int]:
    with contextlib.closing(sqlite3.connect(db)) as con:
        return dict(con.execute("SELECT table_id, count(*) FROM moves GROUP BY table_id").fetchall())


def _stored(db: Path) -> dict[str, tuple[dict[str, Any], list[tuple[int, str]]]]:
    with contextlib.closing(sqlite3.connect(db)) as con:
        starts = dict(con.execute("SELECT id, start FROM tables").fetchall())
        out = {}
        for table_id, start in starts.items():
            moves = con.execute("SELECT seat, move FROM moves WHERE table_id = ? ORDER BY n", (table_id,))
            out[table_id] = (json.loads(start), [(s, m) for s, m in moves])
    return out


def uninterrupted(start: dict[str, Any], bots: dict[int, list[str]]) -> tuple[Any, EventLog]:
    """The same game played without a crash: the policy for every client seat, the recorded
    moves for bot seats (their choices are random, so only their own moves can be reused)."""
    game = plugin(start["game"]).Game.from_record(start)
    log = EventLog(game)
    bot_moves = {seat: iter(moves) for seat, moves in bots.items()}
    while not game.is_over:
        for seat in game.to_act:
            view = game.view(seat)
            if not view.legal_moves:
                continue
            move = next(bot_moves[seat]) if seat in bot_moves else policy(view.to_dict())
            game.play(game.parse_move(move, seat), seat)
            break
    return game, log


def _first_difference(got: Any, expected: Any) -> str:
    a, b = got.record()["moves"], expected.record()["moves"]
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"move {i}: {a[i - 2:i + 3]} != {b[i - 2:i + 3]}"


async def _play_with_kills(server: Server, seats: list[Seat], kills: int) -> list[dict[str, int]]:
    deadline = time.monotonic() + 120
    tasks = [asyncio.get_running_loop().create_task(s.run(deadline)) for s in seats]
    counts = []
    for k in range(kills):
        target = 10 * (k + 1)  # early: a Ranzo round can end in under 30 events
        while True:  # every table well into its game (its first seat has seen `target` events), none over
            await asyncio.sleep(0.02)
            if min(s.next for s in seats if s.seat == 0) >= target:
                break
            assert time.monotonic() < deadline, [s.next for s in seats]
        await asyncio.to_thread(server.kill)
        counts.append(await asyncio.to_thread(_moves_of, server.db))
        assert not any(s.over for s in seats), ("a game ended before the kill: make the games longer",
                                                [(s.table, s.seat, s.next, s.over) for s in seats])
        await asyncio.sleep(0.3)  # clients find the server gone and retry
        await asyncio.to_thread(server.start)
    await asyncio.gather(*tasks)
    return counts


def test_tables_survive_kill_9(tmp_path: Path) -> None:
    server = Server(tmp_path / "tables.sqlite3", tmp_path / "server.log")
    server.start()
    seats: list[Seat] = []
    tables = []
    try:
        for game, players, rules, bots in TABLES:
            made = server.post("/api/tables", {"game": game, "players": players, "rules": rules,
                                               "bots": bots, "join": 0})
            tables.append(made["table"])
            seats.append(Seat(server, made["table"], 0, made["token"]))
            for seat in range(1, players):
                if str(seat) not in bots:
                    joined = server.post(f"/api/tables/{made['table']}/join", {"seat": seat})
                    seats.append(Seat(server, made["table"], seat, joined["token"]))
        counts = asyncio.run(_play_with_kills(server, seats, kills=2))
    finally:
        server.stop()
    assert counts[0] != counts[1]  # the second kill came after more play
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("tables.sqlite3*"))
    assert not any(s.token.encode() in raw for s in seats), "a token is stored in the clear"
    stored = _stored(server.db)
    assert sorted(stored) == sorted(tables)
    for (game, _, _, bots), table in zip(TABLES, tables):
        start, moves = stored[table]
        bot_moves = {int(s): [m for seat, m in moves if seat == int(s)] for s in bots}
        expected, log = uninterrupted(start, bot_moves)
        got = plugin(game).Game.from_record({**start, "moves": [list(m) for m in moves]})
        assert got.is_over
        assert got.record() == expected.record(), f"{game} at table {table}: {_first_difference(got, expected)}"
        for s in (s for s in seats if s.table == table):
            assert s.connections >= 3, "every client reconnected after each kill"
            want = [(seq, event.to_dict()) for seq, event in log.since(s.seat, 0)]
            assert s.events == want, f"seat {s.seat} of {game}: its stream differs from an uninterrupted run"
    with contextlib.closing(sqlite3.connect(server.db)) as con:
        hashes = [h for (h,) in con.execute("SELECT token_hash FROM seats WHERE token_hash IS NOT NULL")]
    assert len(hashes) == len(seats)
    assert all(h == hashlib.sha256(s.token.encode()).hexdigest() for h, s in
               zip(sorted(hashes), sorted(seats, key=lambda s: hashlib.sha256(s.token.encode()).hexdigest())))


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.add(int(stat.parent.name))
    return out


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_bot_workers_end_with_a_killed_server(tmp_path: Path) -> None:
    server = Server(tmp_path / "tables.sqlite3", tmp_path / "server.log")
    server.start()
    assert server.proc is not None
    try:
        server.post("/api/tables", {"game": "machuco", "players": 2, "bots": {"0": "random", "1": "random"}})
        deadline = time.monotonic() + 30
        while len(workers := _children(server.proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)  # the bot processes (and the resource tracker of multiprocessing)
        assert len(workers) >= 2
        server.kill()
        deadline = time.monotonic() + 10
        while any(Path(f"/proc/{pid}").exists() for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(Path(f"/proc/{pid}").exists() for pid in workers), "a bot worker outlived the server"
    finally:
        server.stop()
