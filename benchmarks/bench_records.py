#!/usr/bin/env python3
"""Machiavelli state dicts and records by history length: version 3 (plays as deltas) against 2.

Run from the project root, with the project installed in the current Python::

    python benchmarks/bench_records.py                 # histories of 25 to 1,600 moves
    python benchmarks/bench_records.py --smoke         # a few seconds (CI)
    python benchmarks/bench_records.py --json out.json

Version 2 (naipes 1.0, still read) writes every play with its whole table;
version 3 writes each play as a delta against the play before it. For each
history length the table gives, per version, the size of the ``history`` in
characters, ``from_dict`` and ``from_record`` in ms (CPU time, the best of a
few runs), and ``to_dict`` in ms (repeated calls: a game remembers its encoded history,
so each call encodes only the moves since the last). The version-2 dicts are those the base class writes
(``naipes.Game.to_dict``) and Machiavelli still reads. The games are random
playouts that prefer plays (so the tables grow), on a session that does not
end before the history is long enough: ``4p`` four players of 13 cards (the
hands end soon, the tables stay small), ``2p-40`` two players of 40 cards and
four jokers (long hands, big tables); ``table`` is the melds on the table at the end. Nothing here asserts a time.

A second table gives Ranzo's ``from_dict`` (which replays the history from the
state's start to check it) by history length, in *bare random steps*: the CPU
time of one step of random play through the plain API (``legal_moves``, a random
move, ``play``, default rules, the games' construction included, as the
``bare`` cell of ``benchmarks/bench_envs.py``), measured in the same rounds. The
games are random playouts on ``Rules(rounds=64)`` (long enough for 1,600 moves);
the figure is the median over the rounds of each round's best ``from_dict``
over that round's bare step. The issue-39 target: at most 300 at 800 moves::

    python benchmarks/bench_records.py --only ranzo --lengths 800 --rounds 7
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from typing import Any, Callable

try:
    import naipes  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "src"))

from naipes import ranzo
from naipes.game import Game as BaseGame
from naipes.machiavelli import Game, Play, Rules

SCENARIOS = {
    "4p": Rules(jokers=2, threshold=10_000),  # four players, 13 cards: hands end soon, small tables
    "2p-40": Rules(players=2, jokers=4, hand_size=40, threshold=10_000),  # long hands, big tables
}


def playout(rules: Rules, moves: int, seed: int) -> Game:
    """A session after ``moves`` random moves (plays preferred)."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while len(game.history) < moves and not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_moves(seat)
        plays = [m for m in legal if isinstance(m, Play)]
        game.play(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal), seat)
    return game


def best_ms(work: Callable[[], Any], budget: float) -> float:
    """The least CPU time of ``work()`` over runs filling about ``budget`` seconds (at least 3)."""
    times = []
    end = time.process_time() + budget
    while len(times) < 3 or time.process_time() < end:
        t = time.process_time()
        work()
        times.append(time.process_time() - t)
    return 1e3 * min(times)


def v2_record(game: Game) -> dict[str, Any]:
    """The record as version 2 wrote it: every move's whole notation (the base's history hook)."""
    return {**BaseGame.record(game), "version": 2, "moves": BaseGame._encode_history(game)}


def v2_state(game: Game) -> dict[str, Any]:
    """The state dict as version 2 wrote it: every move's whole notation."""
    return {**BaseGame.to_dict(game), "version": 2, "history": BaseGame._encode_history(game)}


def measure(scenario: str, moves: int, seed: int, budget: float) -> dict[str, Any]:
    game = playout(SCENARIOS[scenario], moves, seed)
    v3, v2 = game.to_dict(), v2_state(game)
    r3, r2 = game.record(), v2_record(game)
    assert v2["version"] == 2 and v3["version"] == 3
    assert Game.from_dict(v2).history == Game.from_dict(v3).history == game.history
    row: dict[str, Any] = {"scenario": scenario, "moves": len(game.history), "plays": sum(isinstance(m, Play) for _, m in game.history),
                           "table": len(game.table)}
    for name, data, record in (("v2", v2, r2), ("v3", v3, r3)):
        row[f"{name}_chars"] = len(json.dumps(data["history"]))
        row[f"{name}_from_dict_ms"] = best_ms(lambda: Game.from_dict(data), budget)
        row[f"{name}_from_record_ms"] = best_ms(lambda: Game.from_record(record), budget)
    row["v3_to_dict_ms"] = best_ms(game.to_dict, budget)
    return row


#: Ranzo's from_dict over the bare step at 800 moves: the issue-39 target.
RANZO_TARGET = 300


def ranzo_playout(moves: int, seed: int) -> ranzo.Game:
    """A Ranzo game after ``moves`` random decisions (64 hands: it does not end first)."""
    game = ranzo.Game(ranzo.Rules(rounds=64), seed=seed)
    rng = random.Random(seed)
    while len(game.history) < moves and not game.is_over:
        seat = min(game.to_act)
        legal = game.legal_moves(seat)
        game.play(legal[rng.randrange(len(legal))], seat)
    return game


def bare_step_ms(rng: random.Random, budget: float) -> float:
    """CPU ms per step of random Ranzo play through the plain API (default rules, the
    construction of the games included), over whole games filling about ``budget`` s."""
    steps, start = 0, time.process_time()
    while steps == 0 or time.process_time() - start < budget:
        game = ranzo.Game(seed=rng.randrange(2**31))
        while not game.is_over:
            seat = min(game.to_act)
            legal = game.legal_moves(seat)
            game.play(legal[rng.randrange(len(legal))], seat)
            steps += 1
    return 1e3 * (time.process_time() - start) / steps


def measure_ranzo(moves: int, seed: int, budget: float, rounds: int) -> dict[str, Any]:
    """Ranzo ``from_dict`` at about ``moves`` moves, in ms and in bare steps (median of rounds)."""
    game = ranzo_playout(moves, seed)
    data = json.loads(json.dumps(game.to_dict()))
    assert ranzo.Game.from_dict(data).to_dict() == data
    rng = random.Random(seed)
    ratios, times, bares = [], [], []
    for _ in range(rounds):
        bare = bare_step_ms(rng, budget)
        ms = best_ms(lambda: ranzo.Game.from_dict(data), budget)
        bares.append(bare)
        times.append(ms)
        ratios.append(ms / bare)
    ratios.sort()
    return {"scenario": "ranzo", "moves": len(game.history), "from_dict_ms": sorted(times)[rounds // 2],
            "bare_step_us": 1e3 * sorted(bares)[rounds // 2], "from_dict_bare_steps": ratios[rounds // 2],
            "bare_steps_range": [ratios[0], ratios[-1]]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lengths", default="25,50,100,200,400,800,1600")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=float, default=0.5, help="seconds of repeats per figure")
    ap.add_argument("--smoke", action="store_true", help="two short lengths, one run each")
    ap.add_argument("--json", help="also write the rows here")
    ap.add_argument("--only", choices=("machiavelli", "ranzo"), help="one of the two tables")
    ap.add_argument("--rounds", type=int, default=5, help="rounds of the Ranzo table (bare step and from_dict)")
    a = ap.parse_args()
    lengths = [25, 100] if a.smoke else [int(x) for x in a.lengths.split(",")]
    budget = 0.0 if a.smoke else a.budget
    rows = []
    if a.only != "ranzo":
        rows = [measure(sc, n, a.seed, budget) for sc in SCENARIOS for n in lengths]
        machiavelli_table(rows)
    if a.only != "machiavelli":
        ranzo_rows = [measure_ranzo(n, a.seed, max(budget, 0.05), 1 if a.smoke else a.rounds) for n in lengths]
        ranzo_table(ranzo_rows)
        rows += ranzo_rows
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)


def ranzo_table(rows: list[dict[str, Any]]) -> None:
    head = f"{'ranzo':6} {'moves':>6} | {'from_dict ms':>12} {'bare step us':>12} | {'bare steps':>10} {'(range)':>13}"
    print(head)
    print("-" * len(head))
    for r in rows:
        low, high = r["bare_steps_range"]
        print(f"{'':6} {r['moves']:6} | {r['from_dict_ms']:12.2f} {r['bare_step_us']:12.2f} | "
              f"{r['from_dict_bare_steps']:10.0f} {f'({low:.0f}-{high:.0f})':>13}")
    print(f"from_dict in bare random steps: the median over the rounds (target at 800 moves: {RANZO_TARGET})")


def machiavelli_table(rows: list[dict[str, Any]]) -> None:
    head = (f"{'games':6} {'moves':>6} {'plays':>6} {'table':>6} | {'v2 chars':>9} {'from_dict':>10} {'from_rec':>9} | "
            f"{'v3 chars':>9} {'from_dict':>10} {'from_rec':>9} {'to_dict':>8}")
    print(head)
    print("-" * len(head))
    for r in rows:
        print(f"{r['scenario']:6} {r['moves']:6} {r['plays']:6} {r['table']:6} | {r['v2_chars']:9} {r['v2_from_dict_ms']:10.2f} "
              f"{r['v2_from_record_ms']:9.2f} | {r['v3_chars']:9} {r['v3_from_dict_ms']:10.2f} "
              f"{r['v3_from_record_ms']:9.2f} {r['v3_to_dict_ms']:8.2f}")
    print("ms: CPU time, best of the runs; chars: the JSON of the history (the record's moves are the same)")


if __name__ == "__main__":
    main()
