"""Isolation of ``naipes serve``'s tables: ping latency of a quiet table while others are loaded.

Starts ``naipes serve --bot-delay 0`` on 127.0.0.1 (a free port, ``--db :memory:``)
and measures the round trip of ``ping`` on a table of its own, every 20 ms,
in three phases of ``--duration`` seconds each:

- ``idle``: nothing else runs;
- ``bots``: ``--bot-tables`` all-bot tables (``--bot`` each seat, default
  ``ismcts:iterations=200``) are played one after the other, so bots think
  all the time (they do so in worker threads, never in the event loop);
- ``flood``: ``--flooders`` clients from one other address (127.0.0.2, Linux
  loopback) send pings as fast as they can and reconnect whenever they are cut
  off (the per-address bucket is shared, so reconnecting gives them no fresh
  tokens).

Reported per phase: median, 99th percentile and worst ping (ms), and the
flooders' messages the server answered.

Usage::

    nice python benchmarks/bench_server_isolation.py                # 10 s a phase
    nice python benchmarks/bench_server_isolation.py --duration 3 --json out.json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        data: dict[str, Any] = json.loads(response.read())
    return data


def start_server(port: int, extra: list[str]) -> subprocess.Popen[bytes]:
    code = "import sys; from naipes.cli import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.Popen([sys.executable, "-c", code, "serve", "--port", str(port), "--db", ":memory:",
                             "--bot-delay", "0", "--takeover", "3600", "--max-tables-per-address", "100000", *extra],
                            stderr=subprocess.DEVNULL)
    for _ in range(300):
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return proc
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("naipes serve did not start")


async def pinger(ws_url: str, stop: asyncio.Event, out: list[float]) -> None:
    import websockets

    async with websockets.connect(ws_url) as ws:
        await ws.send(json.dumps({"type": "hello", "v": 1, "token": None, "since": 0}))
        await ws.recv(), await ws.recv()  # welcome, update
        while not stop.is_set():
            start = time.perf_counter()
            await ws.send('{"type":"ping"}')
            while json.loads(await ws.recv())["type"] != "pong":
                pass
            out.append(1000 * (time.perf_counter() - start))
            await asyncio.sleep(0.02)


async def bot_tables(http: str, count: int, bot: str, stop: asyncio.Event) -> None:
    async def one() -> None:
        while not stop.is_set():
            made = await asyncio.to_thread(post, f"{http}/api/tables", {
                "game": "machuco", "players": 2, "rules": {"scope": "hand"}, "bots": {"0": bot, "1": bot}})
            while not stop.is_set():
                await asyncio.sleep(0.2)
                with urllib.request.urlopen(f"{http}/api/tables/{made['table']}", timeout=30) as r:
                    if json.loads(r.read())["over"]:
                        break
    await asyncio.gather(*(one() for _ in range(count)))


async def flooder(ws_url: str, stop: asyncio.Event, answered: list[int]) -> None:
    import websockets

    while not stop.is_set():
        with contextlib.suppress(Exception):
            async with websockets.connect(ws_url, local_addr=("127.0.0.2", 0)) as ws:
                await ws.send(json.dumps({"type": "hello", "v": 1, "token": None, "since": 0}))
                while not stop.is_set():
                    await ws.send('{"type":"ping"}')
                    with contextlib.suppress(asyncio.TimeoutError):
                        while True:
                            if json.loads(await asyncio.wait_for(ws.recv(), 0.0001))["type"] == "pong":
                                answered[0] += 1
                    await asyncio.sleep(0)


async def phase(name: str, args: argparse.Namespace, http: str, ws_url: str) -> dict[str, Any]:
    stop, pings, answered = asyncio.Event(), [], [0]
    load: list[Any] = []
    if name == "bots":
        load.append(bot_tables(http, args.bot_tables, args.bot, stop))
    if name == "flood":
        load += [flooder(ws_url, stop, answered) for _ in range(args.flooders)]
    tasks = [asyncio.ensure_future(c) for c in (pinger(ws_url, stop, pings), *load)]
    await asyncio.sleep(args.duration)
    stop.set()
    await asyncio.wait(tasks, timeout=30)
    pings.sort()
    return {"phase": name, "pings": len(pings), "median_ms": round(statistics.median(pings), 2),
            "p99_ms": round(pings[int(0.99 * (len(pings) - 1))], 2), "max_ms": round(pings[-1], 2),
            "flood_answered": answered[0]}


async def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    port = free_port()
    proc = start_server(port, args.server_args.split())
    http, out = f"http://127.0.0.1:{port}", []
    try:
        quiet = post(f"{http}/api/tables", {"game": "machuco", "players": 2})
        ws_url = f"ws://127.0.0.1:{port}/ws/tables/{quiet['table']}"
        for name in ("idle", "bots", "flood"):
            out.append(await phase(name, args, http, ws_url))
            print(json.dumps(out[-1]), flush=True)
    finally:
        proc.terminate()
        proc.wait(10)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=10.0, help="seconds per phase (default 10)")
    parser.add_argument("--bot-tables", type=int, default=4, help="all-bot tables at once (default 4)")
    parser.add_argument("--bot", default="ismcts:iterations=200", help="the bots of those tables")
    parser.add_argument("--flooders", type=int, default=8, help="flooding clients (default 8)")
    parser.add_argument("--server-args", default="", help="more options of naipes serve, e.g. '--bot-threads 1'")
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    args = parser.parse_args()
    results = asyncio.run(run(args))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
