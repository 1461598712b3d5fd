#!/usr/bin/env python3
"""Bot report for Ranzo: the heuristic RanzoBot against three RandomBots.

Each seeded game is a full game under the default rules (8 rounds, 30 points
each); the RanzoBot's seat rotates with the game number so no seat is
favoured. The table gives the bot's average final balance (and the random
seats' average), its 95% interval, how often it finishes first (alone or
shared), how its rounds ended, and the CPU time of its decisions with two or
more legal moves (median and mean, µs).

    python benchmarks/bots_ranzo.py                 # 2,000 games
    python benchmarks/bots_ranzo.py --games 200 --json out.json
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from multiprocessing import Pool
from typing import Any

import naipes
from naipes.events import Event
from naipes.ranzo import Game, PointsPaid, RanzoBot, RanzoCalled, Rules


def play_one(game_no: int) -> dict[str, Any]:
    """Play game ``game_no`` and return the bot seat's figures."""
    seat = game_no % 4
    bots: list[naipes.Bot[Any, Any]] = [naipes.RandomBot(10_000 * game_no + s) for s in range(4)]
    bots[seat] = RanzoBot(seed=game_no)
    game = Game(Rules(), seed=game_no)
    won = paid_claims = 0
    times: list[float] = []
    events: list[Event] = []
    game.events.subscribe(Event, events.append)
    while not game.is_over:
        for s in sorted(game.to_act):
            if s in game.to_act:
                view = game.view(s)
                if s == seat and len(view.legal_moves) > 1:
                    t0 = time.process_time()
                    move = bots[s].choose(view)
                    times.append(time.process_time() - t0)
                else:
                    move = bots[s].choose(view)
                game.play(move, s)
        for e in events:
            if isinstance(e, RanzoCalled) and e.seat == seat:
                won += 1
            if isinstance(e, PointsPaid) and e.winner != seat and len(e.payments) == 1 \
                    and e.payments[0][0] == seat:
                paid_claims += 1
        events.clear()
    result = game.result
    assert result is not None
    others = [b for s, b in enumerate(result.balances) if s != seat]
    return {"balance": result.balances[seat], "random": sum(others) / 3, "first": seat in result.winners,
            "ranzos": won, "claim_culprit": paid_claims, "rounds": len(game.hand_log),
            "no_winner": sum(1 for w, *_ in game.hand_log if w is None), "times": times}


def report(rows: list[dict[str, Any]], seconds: float) -> dict[str, float]:
    """Summary figures over all games."""
    n = len(rows)
    bal = [r["balance"] for r in rows]
    mean = sum(bal) / n
    sd = math.sqrt(sum((b - mean) ** 2 for b in bal) / max(1, n - 1))
    rounds = sum(r["rounds"] for r in rows)
    times = [t for r in rows for t in r["times"]]
    return {
        "games": n,
        "bot_avg_balance": mean,
        "bot_ci95": 1.96 * sd / math.sqrt(n),
        "random_avg_balance": sum(r["random"] for r in rows) / n,
        "bot_first_rate": sum(r["first"] for r in rows) / n,
        "bot_ranzos_per_game": sum(r["ranzos"] for r in rows) / n,
        "bot_claim_culprit_per_game": sum(r["claim_culprit"] for r in rows) / n,
        "rounds_without_winner": sum(r["no_winner"] for r in rows) / rounds,
        "decision_median_us": 1e6 * statistics.median(times) if times else math.nan,
        "decision_mean_us": 1e6 * statistics.fmean(times) if times else math.nan,
        "seconds": seconds,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=2000, help="seeded games (default 2000)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--json", nargs="?", const="-", help="write the figures as JSON (to a file, or - for stdout)")
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    if a.jobs > 1:
        with Pool(a.jobs) as pool:
            rows = pool.map(play_one, range(a.games), chunksize=20)
    else:
        rows = [play_one(g) for g in range(a.games)]
    figures = report(rows, time.perf_counter() - t0)
    if a.json == "-":
        print(json.dumps(figures, indent=1))
        return 0
    print(f"Ranzo: RanzoBot vs 3 RandomBot, {figures['games']:.0f} games (default rules, start 30)")
    print(f"{'figure':34} {'value':>10}")
    print(f"{'bot average final balance':34} {figures['bot_avg_balance']:10.2f}  ± {figures['bot_ci95']:.2f}")
    print(f"{'random seats average balance':34} {figures['random_avg_balance']:10.2f}")
    print(f"{'bot finishes first':34} {figures['bot_first_rate']:10.1%}")
    print(f"{'bot Ranzos per game':34} {figures['bot_ranzos_per_game']:10.2f}")
    print(f"{'bot paid a claim Ranzo, per game':34} {figures['bot_claim_culprit_per_game']:10.2f}")
    print(f"{'rounds with no winner':34} {figures['rounds_without_winner']:10.1%}")
    print(f"{'decision CPU median / mean, us':34} {figures['decision_median_us']:10.0f}  / {figures['decision_mean_us']:.0f}")
    print(f"{'seconds':34} {figures['seconds']:10.1f}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(figures, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
