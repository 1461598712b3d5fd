"""Load and isolation of ``naipes serve``: many tables of socket clients on loopback.

Starts ``naipes serve`` in a subprocess on 127.0.0.1 (a free port), then runs,
in this process, tables of Machuco (two seats, one hand) whose seats are
WebSocket clients (the ``websockets`` library) playing random legal moves:
``--tables`` tables whose clients move 250 ms after their turn starts, plus
``--humans`` human-paced clients (a move 1 to 3 s into the turn, two per
table). When a game ends its clients start another, until ``--duration``.

The server saves its tables in a SQLite database (``--db`` in a temporary
directory: persistence on). With ``--restarts N`` it is killed (SIGKILL) N
times during the run and started again on the same database: every client
reconnects with its token and ``since`` and plays on.

Reported: moves per second, median and 99th-percentile latency (from sending
a move to receiving the update with its ``MovePlayed``, on one connection), and the checks:

- lost / duplicated events: per seat, no sequence number twice and always
  increasing; per table, every event number reached at least one seat;
- leaks: no message to a seat held a card that was then in the other seat's
  hand (known to the load generator from that seat's own views at the same
  sequence number), apart from cards the seat's view lists as ``known``;
- errors: refused moves (there should be none: the moves are legal);
- restarts: how long the server was down each time (kill to accepting again),
  the clients cut off by a kill, those that resumed (an update on a new
  connection) and those lost (never resumed: ``no_such_table``, ``bad_token``, gave up).

Usage::

    python benchmarks/bench_server.py                      # 100 + 50 clients, 60 s
    python benchmarks/bench_server.py --smoke              # a few seconds and one restart, for CI
    python benchmarks/bench_server.py --restarts 2         # killed twice under load
    python benchmarks/bench_server.py --tables 20 --duration 10 --json out.json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

CARD = re.compile(r"^(1[0-2]|[1-9])[oceb]$")
SKIP_EVENTS = ("machuco.DealerDrawn",)  # the draw for dealer: its cards go back into the deck


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.received_at: list[float] = []  # monotonic time of each latency's update
        self.moves = 0
        self.errors: list[str] = []
        self.lost = 0
        self.duplicated = 0
        self.leaks: list[str] = []
        self.games = 0
        self.messages = 0
        self.played: list[list[Any]] = []
        self.server_cpu = 0.0
        self.cut = 0
        self.resumed = 0
        self.lost_clients = 0
        self.downtimes: list[float] = []


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        data: dict[str, Any] = json.loads(response.read())
    return data


def cards_in(value: Any, out: set[str]) -> set[str]:
    """Every card notation anywhere in a message (strings, and words of move texts)."""
    if isinstance(value, str):
        for word in re.split(r"[\s:\[\]]+", value):
            if CARD.match(word):
                out.add(word)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in ("known", "dealer_draw", "text"):
                cards_in(v, out)
    elif isinstance(value, list):
        for v in value:
            cards_in(v, out)
    return out


class Seat:
    def __init__(self, seat: int, token: str) -> None:
        self.seat, self.token = seat, token
        self.seqs: list[int] = []
        self.hands: dict[int, frozenset[str]] = {}
        self.shown: list[tuple[int, frozenset[str]]] = []  # (next, cards in the message minus known)
        self.known: set[str] = set()
        self.updates: list[str] = []  # the raw texts: strings are not tracked by the collector
        self.next = 0
        self.connections = 0
        self.cut = False  # its connection dropped and no update came on a new one yet


async def play_seat(url: str, table: str, seat: Seat, pace: tuple[float, float], deadline: float,
                    stats: Stats, rng: random.Random) -> None:
    """Play a seat until its game ends or the deadline, reconnecting (token and ``since``) after a drop."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed, InvalidHandshake

    give_up = deadline + 30
    while True:
        try:
            async with connect(f"{url}/ws/tables/{table}", max_size=2**22, open_timeout=5) as ws:
                seat.connections += 1
                await ws.send(json.dumps({"type": "hello", "v": 1, "token": seat.token, "since": seat.next}))
                if await _play_connection(ws, seat, pace, deadline, stats, rng):
                    return
        except (ConnectionClosed, InvalidHandshake, OSError, asyncio.TimeoutError):
            pass
        if not seat.cut and seat.connections:
            seat.cut = True
            stats.cut += 1
        if time.monotonic() > give_up:
            stats.lost_clients += 1
            return
        await asyncio.sleep(0.05)


async def _play_connection(ws: Any, seat: Seat, pace: tuple[float, float], deadline: float, stats: Stats,
                           rng: random.Random) -> bool:
    """One connection of a seat; True when the seat is done (game over, deadline, table gone)."""
    from websockets.exceptions import ConnectionClosed

    sent_at: float | None = None
    pending: asyncio.Task[None] | None = None
    turn_key = None
    try:
        async for raw in ws:
            message = json.loads(raw)
            stats.messages += 1
            if message["type"] == "error":
                stats.errors.append(message["code"])
                if message["code"] in ("no_such_table", "bad_token"):
                    if seat.cut:
                        seat.cut = False
                        stats.lost_clients += 1
                    return True
                sent_at = None
                continue
            if message["type"] != "update":
                continue
            if seat.cut:
                seat.cut = False
                stats.resumed += 1
            seat.next = message["next"]
            seat.updates.append(raw)  # parsed again and checked after the run, to keep the generator light
            if sent_at is not None and any(e["event"]["kind"] == "MovePlayed" and e["event"]["seat"] == seat.seat
                                           for e in message["events"]):
                stats.latencies.append(time.perf_counter() - sent_at)
                stats.received_at.append(time.monotonic())
                stats.moves += 1
                sent_at = None
            if message["over"] or time.monotonic() > deadline:
                return True
            view = message["view"]
            key = (message["next"], tuple(message["to_act"]))
            if seat.seat in message["to_act"] and view["legal_moves"] and pending is None and key != turn_key:
                turn_key = key
                move = rng.choice(view["legal_moves"])
                delay = rng.uniform(*pace)

                async def later(move: str = move, delay: float = delay) -> None:
                    nonlocal sent_at, pending
                    await asyncio.sleep(delay)
                    sent_at = time.perf_counter()
                    pending = None
                    with contextlib.suppress(ConnectionClosed):
                        await ws.send(json.dumps({"type": "move", "move": move}))

                pending = asyncio.get_running_loop().create_task(later())
    finally:
        if pending is not None:
            pending.cancel()
    return False


def check_update(seat: Seat, message: dict[str, Any], stats: Stats) -> None:
    last = seat.seqs[-1] if seat.seqs else -1
    for item in message["events"]:
        seq = item["seq"]
        if seq in seat.seqs[-64:] or seq <= last:
            stats.duplicated += 1
        last = max(last, seq)
        seat.seqs.append(seq)
    view = message["view"]
    seat.known.update(view.get("known", ()))
    seat.hands[message["next"]] = frozenset(view["hand"])
    trimmed = dict(message, events=[e for e in message["events"] if e["event"]["type"] not in SKIP_EVENTS])
    seat.shown.append((message["next"], frozenset(cards_in(trimmed, set()) - seat.known)))


def check_table(seats: list[Seat], stats: Stats) -> None:
    for s in seats:
        for raw in s.updates:
            check_update(s, json.loads(raw), stats)
        s.updates.clear()
    reached = set().union(*(set(s.seqs) for s in seats))
    top = max(reached) if reached else -1
    stats.lost += len(set(range(top + 1)) - reached)
    for s in seats:
        for other in seats:
            if other is s:
                continue
            for n, cards in s.shown:
                hidden = other.hands.get(n)
                if hidden is not None and cards & hidden - s.hands.get(n, frozenset()):
                    stats.leaks.append(f"seat {s.seat} saw {sorted(cards & hidden)} of seat {other.seat}")


async def table_loop(url: str, http: str, pace: tuple[float, float], deadline: float, stats: Stats,
                     rng: random.Random) -> None:
    while time.monotonic() < deadline:
        try:
            made = await asyncio.to_thread(post, f"{http}/api/tables", {"game": "machuco", "players": 2,
                                                                        "rules": {"scope": "hand"}, "join": 0})
            other = await asyncio.to_thread(post, f"{http}/api/tables/{made['table']}/join", {"seat": 1})
        except OSError:  # the server is restarting: try again
            await asyncio.sleep(0.1)
            continue
        seats = [Seat(0, made["token"]), Seat(1, other["token"])]
        await asyncio.gather(*(play_seat(url, made["table"], s, pace, deadline, stats, rng) for s in seats))
        stats.played.append(seats)
        stats.games += 1


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process used so far, from /proc (0 where there is none)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


class ServerProcess:
    """``naipes serve`` on a port and a database, started (again) and killed at will."""

    def __init__(self, port: int, db: str, log: str) -> None:
        self.port, self.db, self.log = port, db, log
        self.proc: subprocess.Popen[bytes] | None = None
        self.cpu = 0.0  # of the processes killed so far
        self.started_cpu = 0.0

    def start(self) -> None:
        code = "import sys; from naipes.cli import main; sys.exit(main(sys.argv[1:]))"
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", code, "serve", "--port", str(self.port), "--db", self.db, "--bot-delay", "0",
                 "--takeover", "3600", "--rate", "100", "--max-tables", "100000", *_unlimited()],
                stderr=log)
        for _ in range(300):
            if self.proc.poll() is not None:
                with open(self.log, encoding="utf-8") as log:
                    raise SystemExit("naipes serve did not start: " + log.read()[-2000:])
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    self.started_cpu = cpu_seconds(self.proc.pid)  # the start-up (imports, reload) is not load
                    return
            except OSError:
                time.sleep(0.05)
        self.proc.kill()
        raise SystemExit("naipes serve did not start")

    def kill(self) -> None:
        assert self.proc is not None
        self.cpu += cpu_seconds(self.proc.pid) - self.started_cpu
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.cpu += cpu_seconds(self.proc.pid) - self.started_cpu
            self.proc.terminate()
            self.proc.wait(10)


def _unlimited() -> list[str]:
    """The options lifting the limits per client address (every client here is 127.0.0.1), where they exist."""
    code = "import sys; from naipes.cli import main; sys.exit(main(sys.argv[1:]))"
    text = subprocess.run([sys.executable, "-c", code, "serve", "--help"], capture_output=True, text=True,
                          check=False).stdout
    wanted = (("--address-rate", "1000000"), ("--max-connections-per-address", "100000"),
              ("--max-connections", "100000"), ("--max-tables-per-address", "100000"))
    return [x for option, value in wanted if option in text for x in (option, value)]


async def restarts(server: ServerProcess, times: list[float], stats: Stats) -> None:
    """Kill the server (SIGKILL) at these monotonic times and start it again on the same database."""
    for when in times:
        await asyncio.sleep(max(0.0, when - time.monotonic()))
        killed = time.monotonic()
        await asyncio.to_thread(server.kill)
        await asyncio.to_thread(server.start)
        stats.downtimes.append(time.monotonic() - killed)


async def run(args: argparse.Namespace) -> Stats:
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="bench_server_") as tmp:
        server = ServerProcess(port, args.db or os.path.join(tmp, "tables.sqlite3"), os.path.join(tmp, "server.log"))
        server.start()
        stats = Stats()
        rng = random.Random(args.seed)
        http, url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        begin = time.monotonic()
        deadline = begin + args.duration
        kills = [begin + args.duration * 0.8 * (k + 1) / (args.restarts + 1) for k in range(args.restarts)]
        try:
            loops = [table_loop(url, http, (0.25, 0.25), deadline, stats, random.Random(rng.random()))
                     for _ in range(args.tables)]
            loops += [table_loop(url, http, (1.0, 3.0), deadline, stats, random.Random(rng.random()))
                      for _ in range(args.humans // 2)]
            await asyncio.wait_for(asyncio.gather(restarts(server, kills, stats), *loops), args.duration + 90)
        finally:
            server.stop()
            stats.server_cpu = server.cpu
    for seats in stats.played:
        check_table(seats, stats)
    return stats


def _p99_by_window(stats: Stats, width: float) -> list[float]:
    """The 99th percentile of the latencies received in each ``width``-second window of the run."""
    if not stats.received_at:
        return []
    begin = stats.received_at[0]
    windows: dict[int, list[float]] = {}
    for at, latency in zip(stats.received_at, stats.latencies):
        windows.setdefault(int((at - begin) // width), []).append(latency)
    return [round(1000 * sorted(w)[int(len(w) * 0.99)], 1) for _, w in sorted(windows.items())]


def report(args: argparse.Namespace, stats: Stats, elapsed: float) -> dict[str, Any]:
    lat = sorted(stats.latencies)
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] if lat else float("nan")
    return {"tables": args.tables, "human_clients": args.humans // 2 * 2, "duration_s": round(elapsed, 1),
            "games": stats.games, "moves": stats.moves, "moves_per_s": round(stats.moves / elapsed, 1),
            "messages": stats.messages,
            "latency_median_ms": round(1000 * statistics.median(lat), 2) if lat else None,
            "latency_p99_ms": round(1000 * p99, 2) if lat else None,
            "latency_max_ms": round(1000 * lat[-1], 2) if lat else None,
            "latency_p99_ms_by_10s": _p99_by_window(stats, 10.0),
            "lost_events": stats.lost, "duplicated_events": stats.duplicated, "leaks": len(stats.leaks),
            "errors": len(stats.errors),
            "restarts": len(stats.downtimes),
            "restart_downtime_s": [round(d, 2) for d in stats.downtimes],
            "clients_cut": stats.cut, "clients_resumed": stats.resumed, "clients_lost": stats.lost_clients,
            "server_cpu_s": round(stats.server_cpu, 2),
            "server_cpu_ms_per_move": round(1000 * stats.server_cpu / stats.moves, 3) if stats.moves else None,
            "load_generator_cpu_s": round(time.process_time(), 2),
            "cpus": os.cpu_count(), "load_average_1m": round(os.getloadavg()[0], 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="tables of clients moving after 250 ms")
    parser.add_argument("--humans", type=int, default=50, help="human-paced clients (1-3 s), two per table")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play (default 60)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--restarts", type=int, default=0, help="kill -9 and restart the server this many times")
    parser.add_argument("--db", help="the server's database (default: a new one in a temporary directory)")
    parser.add_argument("--smoke", action="store_true",
                        help="a few seconds: 4 tables, 2 human-paced clients, one restart")
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    args = parser.parse_args()
    if args.smoke:
        args.tables, args.humans, args.duration, args.restarts = 4, 2, 5.0, max(1, args.restarts)
    # the load generator keeps every message it received (for the checks after the run) as text,
    # which the collector does not scan; its own collector's pauses would count as server latency
    gc.collect()
    gc.freeze()
    start = time.monotonic()
    stats = asyncio.run(run(args))
    out = report(args, stats, min(time.monotonic() - start, args.duration))
    width = max(map(len, out))
    for key, value in out.items():
        print(f"{key:<{width}}  {value}")
    for leak in stats.leaks[:5]:
        print("LEAK:", leak)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(out, f, indent=1)
    ok = (not (stats.lost or stats.duplicated or stats.leaks or stats.errors or stats.lost_clients)
          and stats.moves > 0 and stats.resumed == stats.cut)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
