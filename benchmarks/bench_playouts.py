#!/usr/bin/env python3
"""Random-playout speed of every registered naipes game: a benchmark, not a test.

Run from the project root with the project installed in the current Python::

    python benchmarks/bench_playouts.py                     # every game, 3 s each
    python benchmarks/bench_playouts.py --games machuco,ranzo --seconds 5 --players 4
    python benchmarks/bench_playouts.py --smoke             # a few seconds in all (CI)
    python benchmarks/bench_playouts.py --json bench.json   # also write the table as JSON

Columns, per game:

- ``playouts/s``: whole random games (construction included) per CPU-second;
- ``us/step``: one decision step = ``legal_moves(seat)`` + a random choice +
  ``play(move, seat)``, each step timed on its own as ``../shared/tools/side_by_side.py``
  does, scaled to CPU time, so other load on the machine disturbs it little;
- ``clone us``, ``to_dict us``, ``view us``: ``game.clone()``, ``game.to_dict()`` and
  ``game.view(seat)`` on positions taken from the playouts (every seat's view).

The figures are medians of a few rounds. Nothing here asserts a time: CI runs
``--smoke`` only to see that every game plays.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from typing import Any

import attrs

import naipes

clock = time.perf_counter


def _rules(module: Any, players: int | None) -> Any:
    if players is None:
        return module.Rules()
    names = {f.name for f in attrs.fields(module.Rules)} if attrs.has(module.Rules) else set()
    if "players" not in names:
        raise ValueError("its Rules have no players field")
    return module.Rules(players=players)


class Bench:
    """Measures one game."""

    def __init__(self, info: naipes.GameInfo, players: int | None, seed: int) -> None:
        self.info = info
        self.module = info.load()
        self.rules = _rules(self.module, players)
        self.rng = random.Random(seed)
        self.cap = info.max_decisions or 200_000
        self.positions: list[Any] = []

    def playout(self, deadline: float, keep: int = 0) -> tuple[int, float, bool]:
        """One random game: (decisions, seconds spent in decision steps, finished)."""
        rng = self.rng
        game = self.module.Game(self.rules, seed=rng.randrange(2**31))
        dec, t_steps = 0, 0.0
        keep_at = {rng.randrange(1, 400) for _ in range(keep)}
        while not game.is_over:
            for seat in tuple(game.to_act):
                if seat not in game.to_act:
                    continue
                t = clock()
                game.play(rng.choice(game.legal_moves(seat)), seat)
                t_steps += clock() - t
                dec += 1
                if dec in keep_at:
                    self.positions.append(game.clone())
            if dec >= self.cap or (dec & 63 == 0 and clock() > deadline):
                return dec, t_steps, False
        return dec, t_steps, True

    def run_round(self, seconds: float) -> dict[str, float]:
        """Play for about ``seconds``; figures per CPU-second."""
        games = dec = 0
        t_steps = 0.0
        c0, t0 = time.process_time(), clock()
        while True:
            d, ts, finished = self.playout(t0 + 3 * seconds + 1.0)
            games += finished
            dec, t_steps = dec + d, t_steps + ts
            if clock() - t0 >= seconds:
                break
        wall, cpu = clock() - t0, max(time.process_time() - c0, 1e-9)
        return {"playouts_per_s": games / cpu, "decisions_per_game": dec / max(games, 1),
                "us_per_step": 1e6 * cpu * (t_steps / wall) / max(dec, 1), "games": games}

    def per_call_us(self, seconds: float) -> dict[str, float]:
        """Mean µs of clone, to_dict and view over the kept positions."""
        out: dict[str, float] = {}
        games = self.positions or [self.module.Game(self.rules, seed=1)]
        n = games[0].num_players
        calls = {"clone_us": lambda g: g.clone(), "to_dict_us": lambda g: g.to_dict(),
                 "view_us": lambda g: [g.view(s) for s in range(n)]}
        for name, call in calls.items():
            count, t0 = 0, clock()
            while True:
                for g in games:
                    call(g)
                count += len(games)
                if clock() - t0 >= seconds:
                    break
            per = 1e6 * (clock() - t0) / count
            out[name] = per / n if name == "view_us" else per
        return out


def bench_game(info: naipes.GameInfo, *, seconds: float, rounds: int, players: int | None,
               seed: int) -> dict[str, Any]:
    """Every figure of one game, medians over ``rounds``."""
    b = Bench(info, players, seed)
    b.playout(clock() + min(1.0, seconds / 5), keep=8)  # warm-up, and positions to time
    while len(b.positions) < 8:
        b.playout(clock() + seconds, keep=8)
    results = [b.run_round(seconds) for _ in range(rounds)]
    row: dict[str, Any] = {"game": info.name, "players": b.module.Game(b.rules, seed=1).num_players}
    for key in ("playouts_per_s", "decisions_per_game", "us_per_step"):
        row[key] = statistics.median(r[key] for r in results)
    row["playouts_timed"] = sum(int(r["games"]) for r in results)
    row.update(b.per_call_us(max(0.1, seconds / 4)))
    return row


COLUMNS = [("game", "game", "{}"), ("players", "players", "{}"), ("decisions_per_game", "decisions/game",
           "{:.0f}"), ("playouts_per_s", "playouts/s", "{:.1f}"), ("us_per_step", "us/step", "{:.2f}"),
           ("clone_us", "clone us", "{:.2f}"), ("to_dict_us", "to_dict us", "{:.1f}"),
           ("view_us", "view us", "{:.2f}")]


def format_table(rows: list[dict[str, Any]]) -> str:
    """The rows as an aligned text table."""
    cells = [[title for _, title, _ in COLUMNS]]
    for row in rows:
        if "error" in row:
            note = row["error"] if row["error"].startswith("skipped") else "error: " + row["error"]
            cells.append([row["game"], note] + [""] * (len(COLUMNS) - 2))
        else:
            cells.append([fmt.format(row[key]) for key, _, fmt in COLUMNS])
    widths = [max(len(c[i]) for c in cells if len(c) > i and len(c) > 1 and not c[1].startswith(("error", "skipped")))
              for i in range(len(COLUMNS))]
    lines = []
    for c in cells:
        if c[1].startswith(("error", "skipped")):
            lines.append(f"{c[0].ljust(widths[0])}  {c[1]}")
        else:
            lines.append("  ".join(x.ljust(w) if i == 0 else x.rjust(w) for i, (x, w) in enumerate(zip(c, widths))))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", help="comma-separated game names (default: every registered game)")
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds of play per round (default 3)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds per game; the median is kept (default 3)")
    ap.add_argument("--players", type=int, help="players in every game (default: each game's default)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", metavar="PATH", help="also write the results as JSON here")
    ap.add_argument("--smoke", action="store_true", help="a few seconds in all: every game plays (CI)")
    a = ap.parse_args(argv)
    if a.smoke:
        a.seconds, a.rounds = 0.3, 1
    infos = [naipes.find_game(n) for n in a.games.split(",")] if a.games else list(naipes.games())
    if not infos:
        print("no game is registered and installed: nothing to measure")
        return 0
    rows: list[dict[str, Any]] = []
    failed = False
    for info in infos:
        print(f"measuring {info.name} ...", file=sys.stderr, flush=True)
        if a.players is not None and not info.min_players <= a.players <= info.max_players:
            rows.append({"game": info.name, "error": f"takes {info.min_players}-{info.max_players} players"})
            continue
        missing = [n for n in ("Game", "Rules", "Move") if not hasattr(info.load(), n)]
        if missing:
            rows.append({"game": info.name, "error": f"skipped: {info.module} has no {', '.join(missing)} yet"})
            continue
        try:
            rows.append(bench_game(info, seconds=a.seconds, rounds=a.rounds, players=a.players, seed=a.seed))
        except Exception as exc:  # noqa: BLE001 - report every game, then fail
            rows.append({"game": info.name, "error": f"{type(exc).__name__}: {exc}"})
            failed = True
    print(f"naipes {naipes.__version__}, Python {platform.python_version()}, {platform.machine()}, "
          f"{a.seconds:g} s x {a.rounds} round(s) per game")
    print(format_table(rows))
    if a.json:
        meta = {"python": platform.python_version(), "machine": platform.machine(),
                "seconds": a.seconds, "rounds": a.rounds, "smoke": a.smoke}
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"meta": meta, "games": rows}, f, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
