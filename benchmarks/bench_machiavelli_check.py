#!/usr/bin/env python3
"""Machiavelli speed: checking a play on a 60-card table, and decision steps in playouts.

Part 1, the check. Seeded positions: a table of about 60 cards built from
random valid melds, a hand of 13 (or 20) cards from the rest. The play is the
exact solver's best play, written out and parsed again, so every meld is a
fresh object and the check validates all of them (no shortcut for melds kept
as they were). Timed per position: ``check_move`` of that valid play;
``Move.parse`` + ``check_move`` (what a server does with text); and the
refusal of an invalid play (the same play with one table card missing).

Part 2, decision steps, 4 players, whole sessions (CPU time per step):

- ``random``: ``legal_moves`` + a uniform choice + ``play`` (the MV-16 family);
- ``baseline``: ``view`` + ``BaselineBot.choose`` + ``play`` at every seat.

    python benchmarks/bench_machiavelli_check.py
    python benchmarks/bench_machiavelli_check.py --positions 300 --sessions 30 --json out.json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from typing import Any

from naipes.cards import FRENCH_SUITS, Card
from naipes.errors import IllegalMoveError
from naipes.machiavelli import BaselineBot, Game, Meld, Move, Play, Rules, solve
from naipes.machiavelli.state import full_deck

clock = time.process_time


def random_table(rng: random.Random, rules: Rules, target: int) -> tuple[tuple[Meld, ...], list[Card]]:
    """About ``target`` table cards in random valid melds, and the cards left (shuffled)."""
    left = Counter(full_deck(rules))
    melds: list[Meld] = []
    size = 0
    while size < target:
        if rng.random() < 0.5:
            suit = rng.choice(FRENCH_SUITS)
            length = rng.randint(3, 7)
            low = rng.randint(1, 14 - length)
            cards = [Card(r, suit) for r in range(low, low + length)]
        else:
            rank = rng.randint(1, 13)
            cards = [Card(rank, s) for s in rng.sample(FRENCH_SUITS, rng.choice((3, 4)))]
        if size + len(cards) > target + 3 or any(left[c] < 1 for c in cards):
            continue
        left.subtract(cards)
        melds.append(Meld(tuple(cards)).normalized())
        size += len(cards)
    rest = list(left.elements())
    rng.shuffle(rest)
    return tuple(melds), rest


def _best(samples: list[float]) -> float:
    return min(samples)


def time_call(fn: Any, repeat: int = 5) -> float:
    """Microseconds per call: the best of ``repeat`` timings of a loop sized to ~2 ms."""
    n = 1
    while True:
        t0 = clock()
        for _ in range(n):
            fn()
        if clock() - t0 > 0.002 or n >= 4096:
            break
        n *= 2
    times = []
    for _ in range(repeat):
        t0 = clock()
        for _ in range(n):
            fn()
        times.append((clock() - t0) / n * 1e6)
    return _best(times)


def check_positions(count: int, hand_size: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    rules = Rules(players=2)
    valid, parsed, refused, sizes = [], [], [], []
    while len(valid) < count:
        melds, rest = random_table(rng, rules, 60)
        hand = rest[:hand_size]
        best = solve(melds, hand, rules)
        if best is None:
            continue
        game = Game.from_position(rules, hands=[hand, rest[hand_size:hand_size + 13]], table=melds,
                                  stock=rest[hand_size + 13:hand_size + 20])
        text = str(Play(best.table, best.played))
        play = Move.parse(text)
        game.check_move(play)
        broken = Play(play.table[1:] + (Meld(play.table[0].cards[1:]),) if len(play.table[0]) > 3
                      else play.table[1:], play.cards)
        try:
            game.check_move(broken)
        except IllegalMoveError:
            pass
        else:
            continue
        sizes.append(sum(len(m) for m in play.table))
        valid.append(time_call(lambda: game.check_move(play)))
        parsed.append(time_call(lambda: game.check_move(Move.parse(text))))
        refused.append(time_call(lambda: game.is_legal(broken)))
    return {"positions": count, "hand": hand_size, "table_cards_after": statistics.mean(sizes),
            "check_median_us": statistics.median(valid), "check_p95_us": _p95(valid),
            "parse_check_median_us": statistics.median(parsed), "refuse_median_us": statistics.median(refused)}


def _p95(xs: list[float]) -> float:
    return sorted(xs)[min(len(xs) - 1, int(0.95 * len(xs)))]


def steps(kind: str, sessions: int, seed: int) -> dict[str, float]:
    total = 0.0
    count = 0
    bot = BaselineBot()
    for k in range(sessions):
        game = Game(Rules(players=4), seed=seed + k)
        rng = random.Random(seed + k)
        while not game.is_over:
            t0 = clock()
            seat = game.to_act[0]
            if kind == "random":
                moves = game.legal_moves(seat)
                game.play(moves[rng.randrange(len(moves))], seat)
            else:
                game.play(bot.choose(game.view(seat)), seat)
            total += clock() - t0
            count += 1
    return {"sessions": sessions, "steps": count, "us_per_step": total / count * 1e6}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--positions", type=int, default=100, help="60-card positions per hand size (default 100)")
    ap.add_argument("--sessions", type=int, default=20, help="4-player sessions per playout kind (default 20)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", nargs="?", const="-", help="write the figures as JSON (a file, or - for stdout)")
    a = ap.parse_args(argv)
    figures: dict[str, Any] = {
        "check": [check_positions(a.positions, h, a.seed + h) for h in (13, 20)],
        "steps": {kind: steps(kind, a.sessions, a.seed) for kind in ("random", "baseline")},
    }
    if a.json == "-":
        print(json.dumps(figures, indent=1))
        return 0
    print("Machiavelli: checking a play on a 60-card table (the solver's best play, parsed afresh)")
    print(f"{'hand':>5} {'positions':>9} {'cards after':>11} {'check med us':>13} {'check p95 us':>13} "
          f"{'parse+check us':>15} {'refuse us':>10}")
    for f in figures["check"]:
        print(f"{f['hand']:5d} {f['positions']:9d} {f['table_cards_after']:11.1f} {f['check_median_us']:13.1f} "
              f"{f['check_p95_us']:13.1f} {f['parse_check_median_us']:15.1f} {f['refuse_median_us']:10.1f}")
    print("\nMachiavelli: decision steps, 4 players, whole sessions (CPU time)")
    print(f"{'playout':10} {'sessions':>8} {'steps':>8} {'us/step':>9}")
    for kind, f in figures["steps"].items():
        print(f"{kind:10} {f['sessions']:8d} {f['steps']:8d} {f['us_per_step']:9.1f}")
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(figures, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
