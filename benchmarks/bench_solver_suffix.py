"""Paired A/B of the Machiavelli solver's bound on the ranks still to come (issue 43, seventh round).

Each position is solved with "every card still to come" (``off``), with the suffix bound but no
rows by jokers left (``base``) and with both (``on``), in one process, the order of the variants
reversed on every other position (the second call of a position finds the memos of options
warm). Prints, per size and variant, the process CPU time of ``solve`` (total, median, 95th
percentile, slowest), the states the passes made (deterministic, unlike the times) and the
positions whose answer differs from the first variant's (0: the bound is exact there).

    python benchmarks/bench_solver_suffix.py --seed 4321 --positions 60 --only "4 jokers 20/20"

Exits with 1 when an answer differs between the variants (the bound would not be exact).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_solver as bench  # noqa: E402

from naipes.machiavelli import _solver_core as core  # noqa: E402
from naipes.machiavelli import _solver_suffix as suffix  # noqa: E402
from naipes.machiavelli.rules import Rules  # noqa: E402
from naipes.machiavelli.solver import solve  # noqa: E402

JOKER_SIZES = "4 jokers 20/20,2+2 jokers 20/13,2+2 jokers 40/13,swap-rich 40/13,4 jokers 60/20,2 jokers 60/20"
_BOUNDS = core.bounds
_LOOP, _STEP = core._simple_loop, core._suit_step
_STATES = [0]


def _counted(fn: Any) -> Any:
    def run(*args: Any, **kwargs: Any) -> Any:
        layer = fn(*args, **kwargs)
        _STATES[0] += len(layer)
        return layer
    return run


def _variant(name: str) -> None:
    suffix.ENABLED = name != "off"
    core.bounds = (lambda p, by_jokers: _BOUNDS(p, False)) if name == "base" else _BOUNDS  # type: ignore[assignment]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=4321)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--only", default=JOKER_SIZES, help="sizes, comma-separated")
    parser.add_argument("--variants", default="off,on", help="of off, base, on; comma-separated")
    parser.add_argument("--smoke", action="store_true", help="two positions of one size (seconds)")
    parser.add_argument("--json", metavar="PATH", help="also write the rows as JSON")
    args = parser.parse_args(argv)
    variants, sizes = _checked(parser, args)
    rows: list[dict[str, Any]] = []
    core._simple_loop, core._suit_step = _counted(_LOOP), _counted(_STEP)  # type: ignore[assignment]
    for label, table, hand, copies, jokers, _, _, kind in bench.SIZES:
        if label not in sizes:
            continue
        rules = Rules(players=6 if copies == 3 else 4, decks=copies, jokers=jokers)
        for name in variants:
            _variant(name)
            warm = bench.random_position(random.Random(f"warm:{args.seed}:{label}"), table, hand, copies, jokers, kind)
            solve(*warm, rules, opened=True)
        rng = random.Random(f"{args.seed}:{label}")
        got: dict[str, dict[str, list[Any]]] = {name: {"t": [], "s": [], "a": []} for name in variants}
        for n in range(2 if args.smoke else args.positions):
            position = bench.random_position(rng, table, hand, copies, jokers, kind)
            for name in variants if n % 2 == 0 else variants[::-1]:
                _variant(name)
                _STATES[0] = 0
                t0 = time.process_time()
                answer = solve(*position, rules, opened=True)
                got[name]["t"].append(time.process_time() - t0)
                got[name]["s"].append(_STATES[0])
                got[name]["a"].append(None if answer is None else (answer.count, answer.value))
        for name in variants:
            times = sorted(got[name]["t"])
            differ = sum(a != b for a, b in zip(got[name]["a"], got[variants[0]]["a"]))
            rows.append({"variant": name, "size": label, "total_ms": sum(times) * 1000, "states": sum(got[name]["s"]),
                         "median_ms": statistics.median(times) * 1000, "slowest_ms": times[-1] * 1000, "differ": differ})
            print(f"{name:5} {label:20} total {sum(times) * 1000:7.0f} ms  median {statistics.median(times) * 1000:6.2f}"
                  f"  p95 {times[int(0.95 * len(times))] * 1000:6.1f}  slowest {times[-1] * 1000:6.1f}"
                  f"  states {sum(got[name]['s']):9d}  differ {differ}", flush=True)
    _variant("on")
    if args.json:
        Path(args.json).write_text(json.dumps({"seed": args.seed, "rows": rows}, indent=1) + "\n")
    return 1 if any(row["differ"] for row in rows) else 0


def _checked(parser: argparse.ArgumentParser, args: argparse.Namespace) -> tuple[list[str], list[str]]:
    """The variants and sizes asked for; anything else stops with the parser's one-line error."""
    variants = args.variants.split(",")
    if not variants or any(v not in ("off", "base", "on") for v in variants) or len(set(variants)) < len(variants):
        parser.error(f"--variants: distinct names of off, base, on (got {args.variants!r})")
    known = [size[0] for size in bench.SIZES]
    sizes = ["4 jokers 20/20"] if args.smoke else args.only.split(",")
    unknown = [s for s in sizes if s not in known]
    if unknown:
        parser.error(f"--only: no size {unknown[0]!r} (sizes: {', '.join(known)})")
    if args.positions < 1:
        parser.error("--positions must be at least 1")
    return variants, sizes


if __name__ == "__main__":
    sys.exit(main())
