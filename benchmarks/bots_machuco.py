#!/usr/bin/env python3
"""Bot report for Machuco: MachucoBot against RandomBot, chico by chico.

Each seeded chico is one race to 21 under the default rules (``scope="chico"``).
Four configurations are played on the same seeds: 2 players with the bot in
seat 0 (mano of the first hand only when the draw says so) or seat 1, and 4
players in partnerships with two MachucoBots as side A (seats 0, 2) or side B
(seats 1, 3) against two RandomBots. The table gives, per configuration, the
bot side's win rate with its 95% interval, the average final margin in points
and the hands a chico took.

    python benchmarks/bots_machuco.py                  # 2,000 chicos per configuration
    python benchmarks/bots_machuco.py --games 200 --json out.json
    python benchmarks/bots_machuco.py --json           # JSON on stdout only
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from multiprocessing import Pool
from typing import Any

import naipes
from naipes.machuco import Game, MachucoBot, Rules

CONFIGS = [(2, 0), (2, 1), (4, 0), (4, 1)]  # (players, bot side)


def play_one(args: tuple[int, int, int]) -> dict[str, Any]:
    """Play chico ``seed`` with the bot on ``side``; return its figures."""
    players, side, seed = args
    bots: list[naipes.Bot] = [
        MachucoBot(seed=seed * 10 + s) if s % 2 == side else naipes.RandomBot(seed * 10 + s)
        for s in range(players)
    ]
    game = Game(Rules(players=players, scope="chico"), seed=seed)
    result = naipes.play_game(game, bots)
    won = result.winners[0] % 2 == side
    return {"won": won, "margin": result.scores[side] - result.scores[1 - side], "hands": game.hand_number}


def summary(rows: list[dict[str, Any]], players: int, side: int, seconds: float) -> dict[str, Any]:
    """Figures of one configuration."""
    n = len(rows)
    rate = sum(r["won"] for r in rows) / n
    return {
        "players": players, "bot_side": "AB"[side], "bot_seats": [s for s in range(players) if s % 2 == side],
        "chicos": n, "bot_wins": sum(r["won"] for r in rows), "win_rate": rate,
        "ci95": 1.96 * math.sqrt(rate * (1 - rate) / n),
        "avg_margin": sum(r["margin"] for r in rows) / n,
        "hands_per_chico": sum(r["hands"] for r in rows) / n, "seconds": seconds,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=2000, help="seeded chicos per configuration (default 2000)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--json", nargs="?", const="-", help="write the figures as JSON (to a file, or - for stdout)")
    a = ap.parse_args(argv)
    table = []
    for players, side in CONFIGS:
        t0 = time.perf_counter()
        jobs = [(players, side, seed) for seed in range(a.games)]
        if a.jobs > 1:
            with Pool(a.jobs) as pool:
                rows = pool.map(play_one, jobs, chunksize=50)
        else:
            rows = [play_one(j) for j in jobs]
        table.append(summary(rows, players, side, time.perf_counter() - t0))
    total = sum(r["chicos"] for r in table)
    overall = {"chicos": total, "bot_wins": sum(r["bot_wins"] for r in table),
               "win_rate": sum(r["bot_wins"] for r in table) / total}
    figures = {"configurations": table, "overall": overall}
    if a.json == "-":
        print(json.dumps(figures, indent=1))
        return 0
    print(f"Machuco: MachucoBot vs RandomBot, {a.games} seeded chicos per configuration (scope='chico')")
    print(f"{'players':>7} {'bot seats':>9} {'chicos':>7} {'bot wins':>8} {'win rate':>14} "
          f"{'avg margin':>10} {'hands/chico':>11} {'seconds':>8}")
    for r in table:
        seats = ",".join(map(str, r["bot_seats"]))
        print(f"{r['players']:>7} {seats:>9} {r['chicos']:>7} {r['bot_wins']:>8} "
              f"{r['win_rate']:>8.1%} ±{r['ci95']:.1%} {r['avg_margin']:>10.1f} {r['hands_per_chico']:>11.2f} "
              f"{r['seconds']:>8.1f}")
    print(f"{'all':>7} {'':>9} {overall['chicos']:>7} {overall['bot_wins']:>8} {overall['win_rate']:>8.1%}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(figures, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
