#!/usr/bin/env python3
"""Macarra bot report: the average ledger of each bot against the others over seeded games.

Run from the project root with the project installed in the current Python::

    python benchmarks/bots_macarra.py                    # 2,000 games, 4 players
    python benchmarks/bots_macarra.py --games 500 --players 6
    python benchmarks/bots_macarra.py --json             # the same figures as JSON

The line-up (seats rotate every game, so each bot sits in every seat equally):

- ``perfect``: :class:`~naipes.macarra.PerfectBot`, always the forced move, and the
  expected-value bidding strategy (given minus returned: it always bids 10);
- ``careless-5%`` and ``careless-20%``: :class:`~naipes.macarra.CarelessBot` slipping
  into an infraction at that rate, same bidding;
- ``perfect-timid``: plays perfectly but bids with ``BiddingStrategy(returned_weight=3)``
  (a returned macarra hurts three times more: it bids 4), to show what the bidding
  strategy is worth.

Columns per bot, averaged per game: macarras given, received, net (given - received),
of which the final punishment (given minus returned, or received as loser), infractions,
games lost. Then the matrix of average macarras given by each bot (row) to each (column).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import naipes
from naipes.macarra import BiddingStrategy, CarelessBot, Game, PerfectBot, Rules, punishment_value

NAMES = ("perfect", "careless-5%", "careless-20%", "perfect-timid")


def _bots(seed: int) -> list[Any]:
    return [PerfectBot(), CarelessBot(0.05, seed=seed), CarelessBot(0.20, seed=seed + 1),
            PerfectBot(bidding=BiddingStrategy(returned_weight=3))]


def run(games: int, players: int, seed: int) -> dict[str, Any]:
    k = len(NAMES)
    tot: dict[str, list[float]] = {key: [0.0] * k for key in
                                   ("given", "received", "punishment", "infractions", "lost", "seats")}
    matrix = [[0.0] * k for _ in range(k)]
    decisions = 0
    start = time.process_time()
    for g in range(games):
        lineup = [(s + g) % k for s in range(players)]  # which bot sits in each seat
        pool = _bots(seed + 7 * g)
        game = Game(Rules(players=players), seed=seed + g)
        result = naipes.play_game(game, [pool[b] for b in lineup])
        decisions += len(game.history)
        value = punishment_value(result.punishment_card, 40) if result.punishment_card else 0
        for s, b in enumerate(lineup):
            tot["seats"][b] += 1
            tot["given"][b] += sum(result.ledger[s])
            tot["received"][b] += sum(result.ledger[o][s] for o in range(players))
            tot["infractions"][b] += game.infractions[s]
            tot["lost"][b] += s == result.loser
            bid = result.bids[s]
            if s == result.loser:
                tot["punishment"][b] -= sum(min(x or 0, value) for x in result.bids)
            elif bid is not None:
                tot["punishment"][b] += min(bid, value)
            for o, c in enumerate(lineup):
                matrix[b][c] += result.ledger[s][o]
    seconds = time.process_time() - start
    rows = []
    for b, name in enumerate(NAMES):
        n = tot["seats"][b] or 1
        rows.append({"bot": name, "seat_games": int(tot["seats"][b]),
                     "given": tot["given"][b] / n, "received": tot["received"][b] / n,
                     "net": (tot["given"][b] - tot["received"][b]) / n,
                     "punishment_net": tot["punishment"][b] / n,
                     "infractions": tot["infractions"][b] / n, "lost": tot["lost"][b] / n})
    pairs = [[(matrix[b][c] / max(1.0, min(tot["seats"][b], tot["seats"][c]))) for c in range(k)]
             for b in range(k)]
    return {"games": games, "players": players, "seed": seed, "rows": rows, "given_matrix": pairs,
            "matrix_note": "average macarras given by row bot to column bot per game both played",
            "decisions_per_game": decisions / games, "cpu_seconds": seconds}


def table(report: dict[str, Any]) -> str:
    lines = [f"Macarra bots: {report['games']} seeded games, {report['players']} players, "
             f"{report['decisions_per_game']:.0f} decisions/game, {report['cpu_seconds']:.1f} CPU s",
             f"{'bot':<14} {'games':>6} {'given':>7} {'recv':>7} {'net':>7} {'punish':>7} "
             f"{'infr':>6} {'lost':>6}"]
    for r in report["rows"]:
        lines.append(f"{r['bot']:<14} {r['seat_games']:>6} {r['given']:>7.2f} {r['received']:>7.2f} "
                     f"{r['net']:>+7.2f} {r['punishment_net']:>+7.2f} {r['infractions']:>6.2f} "
                     f"{r['lost']:>6.1%}")
    lines.append("")
    lines.append("macarras given per game, row -> column:")
    lines.append(" " * 14 + "".join(f"{n:>15}" for n in NAMES))
    for name, row in zip(NAMES, report["given_matrix"]):
        lines.append(f"{name:<14}" + "".join(f"{x:>15.2f}" for x in row))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="seeded games (default 2000)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    parser.add_argument("--seed", type=int, default=2026, help="first seed (default 2026)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of the table")
    args = parser.parse_args(argv)
    if args.games < 1 or args.players < 2:
        parser.error("--games must be >= 1 and --players >= 2")
    report = run(args.games, args.players, args.seed)
    print(json.dumps(report, indent=1) if args.json else table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
