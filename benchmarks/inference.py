#!/usr/bin/env python3
"""Inference from play, measured: how often a sampled world puts a hidden card in the right hand.

For every game whose plugin rebuilds the other seats' decisions
(:meth:`naipes.plugin.GamePlugin.decisions`), games are played by the game's
best bot at every seat (``--bots`` to change), the observing seat rotating
with the deal. At each decision of the observer with two or more legal moves,
``--worlds`` worlds are drawn uniformly (``view.sample``) and as many by the
inference (:meth:`naipes.search.infer.InferredWorlds.resample` among twice as
many candidates, :class:`~naipes.search.infer.HeuristicModel`, as
``DeterminizedBot(infer="heuristic")`` draws them). A world is scored by the
share of the other seats' hidden cards (the true game's ``hand<seat>`` zones,
less the cards a game's view shows, :data:`KNOWN`) that it puts in the right
hand. The table gives both shares over every decision and over the decisions
where at least one decision of another seat was rebuilt ("with evidence").

``--calibrate`` instead prints the mean log-likelihood of observed moves (of
the best bot, and of ``strong`` playing against it) under ``HeuristicModel``
for a grid of temperatures (multiples of the game's own) and uniform shares:
the maximum-likelihood values are the model's calibration.

    python benchmarks/inference.py --games machuco2 --deals 20            # a minute
    python benchmarks/inference.py --games machuco2,machuco4 --deals 200 --json inference.json
    python benchmarks/inference.py --games machuco2 --calibrate --deals 30 --seeds tuning
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bots_search  # noqa: E402  (the benchmark's games, seeds and Wilson interval)

import naipes  # noqa: E402
from naipes.bots import load_bot  # noqa: E402
from naipes.plugin import GamePlugin, plugin  # noqa: E402
from naipes.search.infer import HeuristicModel, InferredWorlds  # noqa: E402

#: Per game: the cards of ``seat``'s hand that ``view`` shows (always placed right, so not counted).
KNOWN: dict[str, Callable[[Any, int], Any]] = {
    "ranzo": lambda view, seat: view.known_by_seat[seat],
}


def has_decisions(name: str) -> bool:
    """Whether the game's plugin rebuilds decisions (its own method, or a ``decisions`` hook)."""
    p = plugin(name)
    return type(p).decisions is not GamePlugin.decisions or p._knowledge_hook("decisions") is not None


def hidden(game: Any, view: Any, name: str) -> dict[int, set[Any]]:
    """Each other seat's hand in the true ``game``, less the cards ``view`` shows."""
    zones = game.zones()
    known = KNOWN.get(name)
    out = {}
    for seat in range(game.num_players):
        if seat == view.seat or f"hand{seat}" not in zones:
            continue
        cards = set(zones[f"hand{seat}"])
        if known is not None:
            cards -= set(known(view, seat))
        out[seat] = cards
    return out


def placed(world: Any, truth: dict[int, set[Any]]) -> int:
    """The cards of ``truth`` that ``world`` puts in the same hand."""
    zones = world.zones()
    return sum(len(cards & set(zones[f"hand{s}"])) for s, cards in truth.items())


def measure(matchup: str, deals: int, first: int, worlds: int, bots: str | None, seed: int) -> dict[str, Any]:
    """The shares placed right, uniform and inferred, over ``deals`` games of ``matchup``."""
    name = bots_search.GAMES[matchup][0]
    spec = bots or naipes.find_game(name).best_bot
    rng = random.Random(seed)
    sums = {"all": [0, 0, 0, 0], "evidence": [0, 0, 0, 0]}  # hidden, uniform right, inferred right, decisions
    per_deal: list[float] = []
    start = time.process_time()
    for deal in range(first, first + deals):
        game = bots_search.make_game(matchup, deal)
        players = [load_bot(spec, seed=deal * 10 + s, game=name) for s in range(game.num_players)]
        observer = deal % game.num_players
        inference = InferredWorlds(HeuristicModel())
        gains: list[float] = []
        while not game.is_over:
            seat = min(game.to_act)
            view = game.view(seat)
            if seat == observer:
                inference.observe(view)
                if len(view.legal_moves) > 1:
                    truth = hidden(game, view, name)
                    total = sum(len(c) for c in truth.values())
                    if total:
                        uniform = sum(placed(view.sample(rng), truth) for _ in range(worlds))
                        drawn = inference.resample(view, rng, worlds, 2 * worlds)
                        inferred = sum(k * placed(w, truth) for w, k in drawn)
                        evidence = bool(inference.decisions(drawn[0][0], view))
                        for key in ("all", "evidence") if evidence else ("all",):
                            s = sums[key]
                            s[0] += total * worlds
                            s[1] += uniform
                            s[2] += round(inferred)
                            s[3] += 1
                        gains.append((inferred - uniform) / (total * worlds))
            game.play(players[seat].choose(view), seat)
        if gains:
            per_deal.append(statistics.fmean(gains))
    row: dict[str, Any] = {"game": matchup, "bots": spec, "deals": deals, "first_deal": first, "worlds": worlds,
                           "cpu_s": round(time.process_time() - start, 1)}
    for key, (cards, uniform, inferred, count) in sums.items():
        row[key] = {"decisions": count, "cards": cards,
                    "uniform": uniform / cards if cards else None, "inferred": inferred / cards if cards else None}
    if len(per_deal) > 1:  # the mean per deal of (inferred - uniform) share per decision, and its 95 % half-width
        row["gain_mean"] = statistics.fmean(per_deal)
        row["gain_half_width"] = 1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal))
    return row


def calibrate(matchup: str, deals: int, first: int) -> dict[str, Any]:
    """Mean log-likelihood of the best bot's and ``strong``'s moves over a grid of models."""
    name = bots_search.GAMES[matchup][0]
    best = naipes.find_game(name).best_bot
    assert best is not None
    samples: dict[str, list[tuple[Any, Any]]] = {"best": [], "strong": []}
    for deal in range(first, first + deals):
        for who in ("best", "strong"):
            game = bots_search.make_game(matchup, deal)
            players = [load_bot(best if who == "best" or s % 2 else "strong", seed=deal * 10 + s, game=name)
                       for s in range(game.num_players)]
            while not game.is_over:
                seat = min(game.to_act)
                view = game.view(seat)
                move = players[seat].choose(view)
                if len(view.legal_moves) > 1 and (who == "best" or seat % 2 == 0):
                    samples[who].append((view, move))
                game.play(move, seat)
    grid = {}
    for t in (0.25, 0.5, 1.0, 2.0, 4.0, 8.0):
        for e in (0.01, 0.02, 0.05, 0.1, 0.2, 0.4):
            model = HeuristicModel(epsilon=e, temperature=t)
            grid[f"t={t},e={e}"] = {who: statistics.fmean(math.log(model.probability(v, m)) for v, m in pairs)
                                    for who, pairs in samples.items() if pairs}
    out: dict[str, Any] = {"game": matchup, "deals": deals, "first_deal": first,
                           "moves": {k: len(v) for k, v in samples.items()}, "grid": grid}
    for who in samples:
        if samples[who]:
            out[f"best_{who}"] = max(grid, key=lambda k: grid[k][who])
    out["best_both"] = max(grid, key=lambda k: sum(grid[k].values()))
    return out


def table(rows: list[dict[str, Any]]) -> str:
    """The rows as a plain-text table."""
    lines = [f"{'game':10} {'deals':>6} {'decisions':>9} {'uniform %':>9} {'inferred %':>10} "
             f"{'evidence':>8} {'uniform %':>9} {'inferred %':>10}"]
    for r in rows:
        a, e = r["all"], r["evidence"]

        def pct(x: float | None) -> str:
            return "-" if x is None else f"{100 * x:.1f}"

        lines.append(f"{r['game']:10} {r['deals']:>6} {a['decisions']:>9} {pct(a['uniform']):>9} "
                     f"{pct(a['inferred']):>10} {e['decisions']:>8} {pct(e['uniform']):>9} {pct(e['inferred']):>10}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", help="matchups of benchmarks/bots_search.py (default: every game with a "
                                        "decisions hook)")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seeds", choices=tuple(bots_search.SEEDS), default="held-out")
    parser.add_argument("--first-deal", type=int)
    parser.add_argument("--worlds", type=int, default=16, help="worlds drawn each way per decision")
    parser.add_argument("--bots", help="the bot spec every seat plays (default: the game's best bot)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sampling generator")
    parser.add_argument("--calibrate", action="store_true", help="fit the player model instead")
    parser.add_argument("--json", help="write the rows here")
    a = parser.parse_args()
    first = a.first_deal if a.first_deal is not None else bots_search.SEEDS[a.seeds]
    if a.seeds == "tuning" and first + a.deals > bots_search.TUNING_END:
        parser.error("--seeds tuning: the deals reach the held-out range")
    bots_search.ensure_toy()
    names = a.games.split(",") if a.games else [
        m for m, (g, _) in bots_search.GAMES.items() if m != "openspiel" and has_decisions(g)]
    rows = []
    for m in names:
        bots_search.make_game(m, 0)
        if not has_decisions(bots_search.GAMES[m][0]):
            print(f"{m}: no decisions hook, skipped", file=sys.stderr)
            continue
        row = calibrate(m, a.deals, first) if a.calibrate else measure(m, a.deals, first, a.worlds, a.bots, a.seed)
        print(f"{m}: {json.dumps(row)}", file=sys.stderr, flush=True)
        rows.append(row)
    if not a.calibrate:
        print(table(rows))
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"argv": sys.argv[1:], "rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
