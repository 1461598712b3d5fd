#!/usr/bin/env python3
"""Tournament throughput and the overhead of each executor: a benchmark, not a test.

Run from the project root, with the project installed in the current Python (if
``naipes`` is not importable, this checkout's ``src`` is used)::

    python benchmarks/bench_tournament.py                 # 2,000 Machuco hands per executor
    python benchmarks/bench_tournament.py --games 5000 --bots best,random --game machuco
    python benchmarks/bench_tournament.py --smoke         # a few seconds (CI)
    python benchmarks/bench_tournament.py --json out.json # also write the table as JSON

Every row plays the same tournament (``naipes.tournament.run``, duplicate deals,
seed 0) and checks that its result equals the in-process one. Rows:

- ``loop``: the same games played by a bare loop (bots built, ``play_game``), no
  tournament machinery: the baseline;
- ``in-process``: ``run(...)`` in this process (1 worker);
- ``in-process+save``: the same with ``save=`` a fresh temporary directory: every
  game written as a record file (the cost of ``--save``);
- ``processes``: ``run(..., jobs=W)``, a process pool started and stopped by the run
  (its start-up is in the time);
- ``dask``: a ``distributed.LocalCluster`` of W worker processes (one thread each),
  through ``Client.get_executor()``; the cluster's start-up is reported apart and a
  small warm-up run goes first, so the workers have imported naipes;
- ``ray``: :class:`naipes.tournament.RayExecutor` on a local Ray with W CPUs, the
  same way.

Columns: ``games/s`` (wall clock), ``overhead ms/game`` = (wall time - loop time / W)
/ games, the time per game beyond a perfect split of the bare loop over W workers,
and ``start s``, the start-up left out of the time. Dask and Ray rows are left out
(with a note) when their extra is not installed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

try:
    import naipes  # noqa: F401
except ImportError:  # pragma: no cover - run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from naipes import play_game, tournament
from naipes.bots import load_bot, split_bot_specs
from naipes.registry import find_game
from naipes.tournament._schedule import Schedule

Row = dict[str, Any]


def _loop(game: str, specs: tuple[str, ...], rules: Any, games: int, schedule: Schedule) -> float:
    module = find_game(game).load()
    start = time.perf_counter()
    for g in range(games):
        table = module.Game(rules, seed=schedule.deal_seed(g))
        lineup = schedule.lineup(g)
        seats = {seat: lineup[side] for side, members in enumerate(table.sides) for seat in members}
        bots = [load_bot(specs[seats[s]], seed=schedule.bot_seed(g, s)) for s in range(table.num_players)]
        play_game(table, bots)
    return time.perf_counter() - start


def _timed(call: Callable[[], tournament.TournamentResult]) -> tuple[float, tournament.TournamentResult]:
    start = time.perf_counter()
    result = call()
    return time.perf_counter() - start, result


def _row(name: str, workers: int, games: int, seconds: float, loop: float, start: float | None,
         same: bool | None) -> Row:
    return {"executor": name, "workers": workers, "games": games, "seconds": round(seconds, 3),
            "games_per_s": round(games / seconds, 1),
            "overhead_ms_per_game": round(1000 * (seconds - loop / workers) / games, 3),
            "start_s": None if start is None else round(start, 2), "same_result": same}


def _dask_rows(run: Callable[..., tournament.TournamentResult], workers: int, games: int, loop: float,
               expected: tournament.TournamentResult, notes: list[str]) -> list[Row]:
    try:
        import distributed
    except ImportError:
        notes.append("dask: not installed (pip install 'naipes-games[dask]')")
        return []
    t0 = time.perf_counter()
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        executor = client.get_executor()
        started = time.perf_counter() - t0
        run(games=min(games, 8 * workers), executor=executor)  # warm-up: workers import naipes
        seconds, result = _timed(lambda: run(games=games, executor=executor))
    return [_row("dask", workers, games, seconds, loop, started, result == expected)]


def _ray_rows(run: Callable[..., tournament.TournamentResult], workers: int, games: int, loop: float,
              expected: tournament.TournamentResult, notes: list[str]) -> list[Row]:
    try:
        import ray  # noqa: F401
    except ImportError:
        notes.append("ray: not installed (pip install 'naipes-games[ray]')")
        return []
    t0 = time.perf_counter()
    executor = tournament.RayExecutor(num_cpus=workers)
    try:
        started = time.perf_counter() - t0
        run(games=min(games, 8 * workers), executor=executor)
        seconds, result = _timed(lambda: run(games=games, executor=executor))
    finally:
        executor.shutdown()
    return [_row("ray", workers, games, seconds, loop, started, result == expected)]


def measure(game: str, bots: tuple[str, ...], rules: dict[str, object], games: int, workers: int,
            executors: set[str]) -> tuple[list[Row], list[str]]:
    """Every row of the table, and the notes under it."""
    def run(**kwargs: Any) -> tournament.TournamentResult:
        return tournament.run(game, bots, rules=rules, seed=0, **kwargs)

    expected = run(games=1)  # validates the specs and warms the imports
    module = find_game(game).load()
    the_rules = module.Rules(**rules)
    specs = tuple(find_game(game).best_bot if b == "best" else b for b in bots)
    schedule = Schedule(0, expected.lineups, True)
    loop = _loop(game, specs, the_rules, games, schedule)
    rows = [_row("loop", 1, games, loop, loop, None, None)]
    seconds, expected = _timed(lambda: run(games=games))
    rows.append(_row("in-process", 1, games, seconds, loop, None, True))
    with tempfile.TemporaryDirectory(prefix="naipes-bench-save-") as scratch:
        seconds, result = _timed(lambda: run(games=games, save=Path(scratch) / "games"))
    rows.append(_row("in-process+save", 1, games, seconds, loop, None, result == expected))
    if "processes" in executors:
        seconds, result = _timed(lambda: run(games=games, jobs=workers))
        rows.append(_row("processes", workers, games, seconds, loop, None, result == expected))
    notes: list[str] = []
    if "dask" in executors:
        rows += _dask_rows(run, workers, games, loop, expected, notes)
    if "ray" in executors:
        rows += _ray_rows(run, workers, games, loop, expected, notes)
    return rows, notes


def table(rows: list[Row]) -> str:
    """The rows as a text table."""
    head = ["executor", "workers", "games", "seconds", "games/s", "overhead ms/game", "start s", "same"]
    keys = ["executor", "workers", "games", "seconds", "games_per_s", "overhead_ms_per_game", "start_s",
            "same_result"]
    cells = [[("-" if row[k] is None else str(row[k])) for k in keys] for row in rows]
    widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(head)]
    lines = ["  ".join(h.rjust(w) if i else h.ljust(w) for i, (h, w) in enumerate(zip(head, widths)))]
    lines += ["  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(cell, widths)))
              for cell in cells]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--game", default="machuco")
    parser.add_argument("--bots", default="best,random", help="comma-separated bot specs (default best,random)")
    parser.add_argument("--rule", action="append", metavar="FIELD=VALUE",
                        help="a Rules field (default for machuco: players=2, scope=hand)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--executors", default="processes,dask,ray")
    parser.add_argument("--smoke", action="store_true", help="a few seconds: 40 games, processes only")
    parser.add_argument("--json", metavar="FILE", help="also write the table as JSON")
    args = parser.parse_args(argv)
    rules: dict[str, object] = {}
    for item in args.rule or (["players=2", "scope=hand"] if args.game == "machuco" else []):
        key, _, value = item.partition("=")
        try:
            rules[key] = json.loads(value)
        except ValueError:
            rules[key] = value
    games = 40 if args.smoke else args.games
    executors = {"processes"} if args.smoke else set(args.executors.split(","))
    rows, notes = measure(args.game, split_bot_specs(args.bots), rules, games, args.workers, executors)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"naipes tournament: {args.game} {rules}, bots {args.bots}, {games} games, "
          f"{os.cpu_count()} CPUs here, load average {load:.1f} at the end")
    print(table(rows))
    for note in notes:
        print(f"note: {note}")
    if args.json:
        Path(args.json).write_text(json.dumps({"game": args.game, "rules": rules, "bots": args.bots,
                                               "cpus": os.cpu_count(), "load_average": load,
                                               "rows": rows, "notes": notes}, indent=1) + "\n")
    return 0 if all(row["same_result"] in (None, True) for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
