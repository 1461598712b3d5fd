#!/usr/bin/env python3
"""How well Ranzo's world samplers place the other seats' hidden cards.

Four RanzoBots play one round per deal seed; at every view of the watching
seat (seat 1, every view it gets, as a bot sees them) each sampler deals
``--worlds`` worlds, and the share of the other seats' true hidden cards (not
public) that a world puts in the right hand is counted:

- ``uniform``: :meth:`View.sample <naipes.ranzo.View.sample>`'s deal;
- ``belief``: the last-discard belief (``naipes.ranzo._belief.Belief``);
- ``history``: inference from every discard and pass (``naipes.ranzo._infer.History``);
- ``generic``: :class:`naipes.search.InferredWorlds` with :class:`~naipes.search.HeuristicModel`
  through Ranzo's ``decisions`` and ``move_scores`` hooks (``--generic``; slower).

    python benchmarks/ranzo_inference.py --first-deal 0 --deals 40          # tuning seeds
    python benchmarks/ranzo_inference.py --first-deal 1000000 --deals 200   # held out
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from typing import Any

from naipes.ranzo import Game, RanzoBot, Rules
from naipes.ranzo._belief import Belief
from naipes.ranzo._infer import History
from naipes.ranzo.view import _deal_unseen

WATCHER = 1


def wilson(k: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a share ``k / n``."""
    if n == 0:
        return (0.0, 1.0)
    z, p = 1.96, k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def measure(first: int, deals: int, worlds: int, candidates: int | None = None,
            generic: bool = False) -> dict[str, Any]:
    """Cards placed right per sampler, over ``deals`` RanzoBot rounds from seed ``first``."""
    from naipes.search import HeuristicModel, InferredWorlds

    names = ("uniform", "belief", "history") + (("generic",) if generic else ())
    right = {name: 0 for name in names}
    seconds = {name: 0.0 for name in names}
    total = calls = 0
    rng = random.Random(first)
    for seed in range(first, first + deals):
        game = Game(Rules(rounds=1), seed=seed)
        bots = [RanzoBot(seed * 4 + s) for s in range(4)]
        belief = Belief()
        history = History() if candidates is None else History(candidates)
        inferred = InferredWorlds(HeuristicModel(), candidates=candidates or 12)
        while not game.is_over:
            seat = min(game.to_act)
            if WATCHER in game.to_act:
                view = game.view(WATCHER)
                belief.observe(view)
                history.observe(view)
                inferred.observe(view)
                truth = {s: set(game.hands[s]) - set(view.known_by_seat[s]) for s in range(4) if s != WATCHER}
                for _ in range(worlds):
                    for name in names:
                        start = time.process_time()
                        if name == "generic":
                            hands = inferred.sample(view, rng).hands
                        else:
                            hands = {"uniform": _deal_unseen, "belief": belief.deal,
                                     "history": history.deal}[name](view, rng)[0]
                        seconds[name] += time.process_time() - start
                        right[name] += sum(len(truth[s] & set(hands[s])) for s in truth)
                    total += sum(len(t) for t in truth.values())
                    calls += 1
            game.play(bots[seat].choose(game.view(seat)), seat)
    rows = {}
    for name, k in right.items():
        low, high = wilson(k, total)
        rows[name] = {"share": k / total, "wilson": [low, high], "right": k,
                      "ms_per_world": 1000 * seconds[name] / max(1, calls)}
    return {"first_deal": first, "deals": deals, "worlds": worlds, "cards": total, "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=2)
    parser.add_argument("--candidates", type=int, default=None)
    parser.add_argument("--generic", action="store_true", help="also the generic InferredWorlds")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    out = measure(args.first_deal, args.deals, args.worlds, args.candidates, args.generic)
    for name, row in out["rows"].items():
        print(f"{name:8} {100 * row['share']:.2f} % ({100 * row['wilson'][0]:.2f} - {100 * row['wilson'][1]:.2f}) {row['ms_per_world']:.2f} ms")
    print(f"cards {out['cards']}, deals {args.first_deal}..{args.first_deal + args.deals - 1}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
