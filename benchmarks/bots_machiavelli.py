#!/usr/bin/env python3
"""Bot report for Machiavelli: BaselineBot vs RandomBot, and SolverBot vs BaselineBot.

Each match plays seeded single deals (``Rules(mode="single_deal")``, two
players by default): the first bot sits at seat ``deal % players`` so no seat
is favoured, the other seats get the second bot. The table gives, for the
first bot and for the other seats (averaged per seat): the share of deals won
(a shared win counts 1/k), how often the deal was won by going out, the
average penalty points left in hand, and the average cards played per turn.

    python benchmarks/bots_machiavelli.py                     # both matches, 1,000 deals each
    python benchmarks/bots_machiavelli.py --games 200 --match solver --json out.json
    python benchmarks/bots_machiavelli.py --players 4 --jokers 2 --jobs 2
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
from naipes.machiavelli import BaselineBot, Game, Play, Rules, SolverBot

MATCHES = {
    "baseline": ("BaselineBot", "RandomBot"),
    "solver": ("SolverBot", "BaselineBot"),
}


def _bot(name: str, seed: int) -> naipes.Bot:
    if name == "RandomBot":
        return naipes.RandomBot(seed)
    return BaselineBot() if name == "BaselineBot" else SolverBot()


def play_one(job: tuple[str, int, int, int]) -> dict[str, Any]:
    """Play deal ``deal`` of a match and return the figures of both sides."""
    match, deal, players, jokers = job
    first, other = MATCHES[match]
    seat = deal % players
    bots = [_bot(first if s == seat else other, 7919 * deal + s) for s in range(players)]
    game = Game(Rules(players=players, mode="single_deal", jokers=jokers), seed=deal)
    turns = [0] * players
    played = [0] * players
    errors = 0
    while not game.is_over:
        s = game.to_act[0]
        try:
            move = bots[s].choose(game.view(s))
        except naipes.NaipesError:
            errors += 1
            move = BaselineBot().choose(game.view(s))
        game.play(move, s)
        turns[s] += 1
        if isinstance(move, Play):
            played[s] += len(move.cards)
    result = game.result
    assert result is not None
    share = [(1 / len(result.winners) if s in result.winners else 0.0) for s in range(players)]
    went_out = any(not game.hands[w] for w in game.last_winners)
    others = [s for s in range(players) if s != seat]
    return {
        "win": share[seat], "other_win": sum(share[s] for s in others) / len(others),
        "out": went_out and seat in game.last_winners,
        "points": game.last_points[seat], "other_points": sum(game.last_points[s] for s in others) / len(others),
        "cards_per_turn": played[seat] / max(1, turns[seat]),
        "other_cards_per_turn": sum(played[s] / max(1, turns[s]) for s in others) / len(others),
        "decisions": sum(turns), "errors": errors,
    }


def summary(rows: list[dict[str, Any]], seconds: float) -> dict[str, float]:
    """Averages over the deals, with a 95% interval on the first bot's win share."""
    n = len(rows)
    wins = [r["win"] for r in rows]
    mean = sum(wins) / n
    sd = math.sqrt(sum((w - mean) ** 2 for w in wins) / max(1, n - 1))
    avg = {k: sum(r[k] for r in rows) / n for k in rows[0]}
    return {"deals": n, "win_rate": mean, "win_ci95": 1.96 * sd / math.sqrt(n),
            "other_win_rate": avg["other_win"], "went_out_rate": avg["out"],
            "avg_points": avg["points"], "other_avg_points": avg["other_points"],
            "cards_per_turn": avg["cards_per_turn"], "other_cards_per_turn": avg["other_cards_per_turn"],
            "decisions_per_deal": avg["decisions"], "solver_errors": sum(r["errors"] for r in rows),
            "seconds": seconds}


def run_match(match: str, games: int, players: int, jokers: int, jobs: int) -> dict[str, float]:
    jobs_list = [(match, deal, players, jokers) for deal in range(games)]
    t0 = time.perf_counter()
    if jobs > 1:
        with Pool(jobs) as pool:
            rows = pool.map(play_one, jobs_list, chunksize=10)
    else:
        rows = [play_one(j) for j in jobs_list]
    return summary(rows, time.perf_counter() - t0)


def print_table(results: dict[str, dict[str, float]], players: int, jokers: int) -> None:
    print(f"Machiavelli bots: single deals, {players} players, {jokers} jokers, seeds 0..N-1, "
          "first bot's seat rotates")
    print(f"{'match':28} {'deals':>6} {'win rate':>16} {'other seat':>10} {'out':>6} "
          f"{'pts':>6} {'other pts':>9} {'cards/turn':>11} {'secs':>7}")
    for match, f in results.items():
        first, other = MATCHES[match]
        label = f"{first} vs {other}"
        print(f"{label:28} {f['deals']:6.0f} {f['win_rate']:9.1%} ±{f['win_ci95']:5.1%} "
              f"{f['other_win_rate']:10.1%} {f['went_out_rate']:6.1%} {f['avg_points']:6.1f} "
              f"{f['other_avg_points']:9.1f} {f['cards_per_turn']:5.2f}/{f['other_cards_per_turn']:4.2f} "
              f"{f['seconds']:7.1f}")
        if f["solver_errors"]:
            print(f"  ({f['solver_errors']:.0f} bot decisions raised and were replaced by BaselineBot's)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", type=int, default=1000, help="seeded deals per match (default 1000)")
    ap.add_argument("--match", choices=["all", *MATCHES], default="all")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--jokers", type=int, default=0, choices=(0, 2, 4))
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--json", nargs="?", const="-", help="write the figures as JSON (a file, or - for stdout)")
    a = ap.parse_args(argv)
    matches = list(MATCHES) if a.match == "all" else [a.match]
    results = {m: run_match(m, a.games, a.players, a.jokers, a.jobs) for m in matches}
    if a.json == "-":
        print(json.dumps(results, indent=1))
        return 0
    print_table(results, a.players, a.jokers)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
