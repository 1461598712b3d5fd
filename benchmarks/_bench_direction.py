"""The data and fit behind ``_solver_mirror.DIRECTION_WEIGHTS`` (``bench_solver.py --direction-data``).

For every position of the joker families and the large tables (seeds other
than the benchmark's), each call of ``_solver_mirror.race`` is run with its
first way forced to ace-up and to king-down under a large first cap (twice
each): the states of that way alone (deterministic) and its process time (the
lesser of the two runs) are kept. The features are
:func:`naipes.machiavelli._solver_mirror.features`; the fit is a logistic
regression predicting which way makes fewer states, weighted by the states
at stake (the slow tail counts most); ``--direction-fit`` prints its weights
and the time (or states) each rule would spend under the race on ``--direction-held``.
"""

from __future__ import annotations

import json
import math
import random
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from naipes.machiavelli import _solver_core as core
from naipes.machiavelli import _solver_mirror as mirror
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.solver import solve

#: The first cap of the forced runs: a way that makes more states is counted as this many (censored).
DATA_CAP = 1_500_000

#: The sizes the data come from (the joker families and the tables the race runs on).
DATA_SIZES = ("4 jokers 20/20", "2+2 jokers 20/13", "2+2 jokers 40/13", "swap-rich 40/13", "4 jokers 60/20",
              "2 jokers 60/20", "3 decks 90/20", "swap-rich 3d 90/20", "60/13", "60/20")


class _Counting(mirror.Meter):
    made: list[_Counting] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _Counting.made.append(self)


def _forced_states(position: Any, rules: Rules, flip: bool) -> list[tuple[list[Any], int, float]]:
    """(the problem's cards, jokers and known play, states of the first way alone, capped, and its
    process time in seconds) of each race of ``solve`` with its first way forced."""
    calls: list[tuple[list[Any], int, float]] = []
    plain_race, plain_first, plain_cap, plain_meter = core.race, mirror.mirror_first, mirror.FIRST_CAP, mirror.Meter
    feats: list[list[Any]] = []

    def first(p: core.Problem) -> bool:
        feats.append(json.loads(json.dumps([p.table, p.must, p.opt, p.decl, p.jokers, p.jt, p.jmin, p.free_jokers, p.floor])))
        return flip

    def race(p: core.Problem, run: Callable[[core.Problem], core.Answer | None]) -> core.Answer | None:
        del _Counting.made[:]
        feats.clear()
        start = time.process_time()
        answer = plain_race(p, run)
        if feats:
            spent = _Counting.made[0].spent if len(_Counting.made) == 1 else DATA_CAP
            calls.append((feats[0], spent, time.process_time() - start))
        return answer

    core.race, mirror.mirror_first, mirror.FIRST_CAP, mirror.Meter = race, first, DATA_CAP, _Counting
    try:
        solve(*position, rules)
    finally:
        core.race, mirror.mirror_first, mirror.FIRST_CAP, mirror.Meter = plain_race, plain_first, plain_cap, plain_meter
    return calls


def collect(sizes: Sequence[Any], random_position: Callable[..., Any], seed: int, count: int,
            path: str | None) -> list[dict[str, Any]]:
    """The rows of ``count`` positions of each data size of seed ``seed`` (written to ``path`` as they come)."""
    rows: list[dict[str, Any]] = []
    for label, table, hand, copies, jokers, _full, _small, kind in sizes:
        if label not in DATA_SIZES:
            continue
        rules = Rules(players=6 if copies == 3 else 4, decks=copies, jokers=jokers)
        rng = random.Random(f"{seed}:{label}")
        for n in range(count):
            position = random_position(rng, table, hand, copies, jokers, kind)
            runs = [_forced_states(position, rules, flip) for flip in (False, True, False, True)]
            for k, ((feats, a, ta), (_, d, td), (_, _, ta2), (_, _, td2)) in enumerate(zip(*runs)):
                rows.append({"size": label, "seed": seed, "n": n, "call": k, "x": feats, "up": a, "down": d,
                             "up_s": min(ta, ta2), "down_s": min(td, td2)})
        if path:
            Path(path).write_text(json.dumps(rows) + "\n")
        print(label, "rows", len(rows), flush=True)
    return rows


def problem(raw: list[Any]) -> core.Problem:
    """The problem of a data row's ``raw`` (enough of it for :func:`mirror.features`)."""
    p = core.Problem(2, 2)
    p.table, p.must, p.opt, p.decl, p.jokers, p.jt, p.jmin, p.free_jokers, p.floor = raw
    return p


def race_cost(first: tuple[int, float], second: tuple[int, float], cap: int = mirror.FIRST_CAP) -> float:
    """The seconds the race spends when its first way needs ``first`` = (states, seconds) alone and
    the other ``second``, each way's time spread evenly over its states (the passes shared between
    the ways left out: an upper bound)."""
    spent = 0.0
    while True:
        for states, seconds in (first, second):
            if states <= cap:
                return spent + seconds
            spent += seconds * cap / states
        cap *= 2


def moment_first(raw: list[Any]) -> bool:
    """The rule before the chooser: king-down first when the cards' moment about the seven is negative."""
    table, must, opt = raw[:3]
    return sum((r - 6) * (sum(table[r]) + sum(must[r]) + sum(opt[r])) for r in range(13)) < 0


def cost(rows: list[dict[str, Any]], weights: Sequence[float] | str, cap: int = mirror.FIRST_CAP,
         margin: float = 0.0) -> float:
    """The seconds (the states, in rows without times) the race spends over ``rows`` choosing by
    ``weights`` ("oracle", "moment": the old rule; the scores within ``margin`` of zero use it too)."""
    total = 0.0
    for r in rows:
        a, d = (r["up"], r.get("up_s", r["up"])), (r["down"], r.get("down_s", r["down"]))
        up, down = race_cost(a, d, cap), race_cost(d, a, cap)
        if weights == "oracle":
            total += min(up, down)
        elif weights == "moment":
            total += down if moment_first(r["x"]) else up
        else:
            score = weights[-1] + sum(w * x for w, x in zip(weights, r["f"]))
            flip = score < 0 if abs(score) >= margin else moment_first(r["x"])
            total += down if flip else up
    return total


def fit(rows: list[dict[str, Any]], l2: float = 3.0, steps: int = 100) -> list[float]:
    """Weighted logistic regression (Newton's method, ridge ``l2``): the weights of ``mirror_first``
    (constant last), ace-up when ``w . x + b >= 0``, on the states (deterministic); each row
    weighted by the states at stake."""
    import numpy as np

    x = np.array([r["f"] + [1.0] for r in rows], dtype=float)
    y = np.array([1.0 if r["up"] <= r["down"] else 0.0 for r in rows])
    stake = np.array([abs(math.log1p(r["up"]) - math.log1p(r["down"])) * max(r["up"], r["down"]) ** 0.5
                      for r in rows])
    stake = stake / stake.sum()
    scale = np.abs(x).max(axis=0) + 1e-9
    xs = x / scale
    w = np.zeros(x.shape[1])
    ridge = l2 * 1e-3 * np.eye(len(w))
    for _ in range(steps):
        pr = 1 / (1 + np.exp(-(xs @ w)))
        grad = xs.T @ (stake * (pr - y)) + ridge @ w
        hess = (xs * (stake * pr * (1 - pr))[:, None]).T @ xs + ridge
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-10:
            break
    return [round(float(v), 4) for v in w / scale]


def load(paths: Sequence[str]) -> list[dict[str, Any]]:
    """The rows of the data files, each with its features ``f``."""
    rows = [r for path in paths for r in json.loads(Path(path).read_text())]
    for r in rows:
        r["f"] = mirror.features(problem(r["x"]))
    return rows


def report(train: Sequence[str], held: Sequence[str]) -> list[float]:
    """Fit on ``train``, print the weights and the states of each rule on ``held`` by size."""
    weights = fit(load(train))
    print("DIRECTION_WEIGHTS =", tuple(weights))
    rows = load(held)
    sizes = sorted({r["size"] for r in rows}, key=lambda s: DATA_SIZES.index(s) if s in DATA_SIZES else 99)
    rules = {"oracle": ("oracle", 0.0), "moment (before)": ("moment", 0.0),
             "DIRECTION_WEIGHTS": (list(mirror.DIRECTION_WEIGHTS), 0.0),
             "with MARGIN": (list(mirror.DIRECTION_WEIGHTS), mirror.MARGIN), "fitted": (weights, 0.0)}
    unit = "ms" if all("up_s" in r for r in rows) else "states"
    print(f"{unit:20}" + "".join(f"{s[:18]:>20}" for s in sizes) + f"{'all':>10}")
    for name, rule in rules.items():
        per = [round(cost([r for r in rows if r["size"] == s], rule[0], margin=rule[1]) * (1000 if unit == "ms" else 0.001)) for s in sizes]
        print(f"{name:20}" + "".join(f"{v:>20}" for v in per) + f"{sum(per):>10}")
    return weights
