"""Benchmark of the Machiavelli solver (issues 8, 14 and 26).

Seeded random positions: tables of 0, 10, 20, 40 and 60 cards built from
valid melds with 13 or 20 cards in hand; whole decks (two decks: 40/64 and
84/20; three decks: 136/20 and 0/156); three decks with 90-card tables; two
and four jokers, "2+2" (two jokers on the table, two in the hand) and
swap-rich positions (every joker on the table, the hand holding their
declared cards). For each position it times ``solve``, ``can_go_out`` and
``can_play`` (of the solution's cards) and, when the optional ``bench`` extra
is installed, ``rummikub-solver`` on the same position right after (same
process, one position after the other), and prints per size the median time,
the median and 5th-percentile speed-up, whether the answers agree, and the
slowest ``can_go_out`` / ``can_play`` with the largest ratio of
``can_go_out`` to ``solve`` time. With SciPy it also checks every answer
against an independent integer program of the Machiavelli rules (count and
value). ``--worst`` runs the pathological suite instead (``WORST``: 350
seeded positions; no rummikub-solver, whose rules differ there), the
families of issue 26 included: two jokers on the table and two in hand on
40–50-card tables with 13–20 cards in hand, and long unopened hands (80–120
cards, three decks, four jokers; judged by their budgets, their unbudgeted
calls capped at ``LONG_CAP`` seconds).

Columns besides the times: ``play/slv`` the largest ratio of ``can_play`` to
``solve``; ``slow`` the calls of ``can_go_out`` / ``can_play`` slower than
1.25 × ``solve`` + 20 ms; ``bot med`` / ``bot max`` the CPU time of
``SolverBot``'s default budget; with ``--worst``, ``+0s`` ... the largest
wall-clock overshoot of each ``Budget(seconds=s)`` of ``BUDGETS`` (negative:
it returned early), and at the end the largest of all with the process CPU
time beyond the budget beside it (on a loaded machine the wall-clock
overshoot includes the time other processes held the CPU).
``--no-budgets`` skips the budgeted calls.

    python benchmarks/bench_solver.py            # the full table (a few minutes)
    python benchmarks/bench_solver.py --smoke    # a few seconds (CI)
    python benchmarks/bench_solver.py --json out.json
    python benchmarks/bench_solver.py --only 60/20 --positions 300 --no-reference
    python benchmarks/bench_solver.py --worst    # the pathological suite (250 positions)
    python benchmarks/bench_solver.py --jokers 1500     # 2-4 jokers against rummikub-solver
    python benchmarks/bench_solver.py --tightness 40    # the λ-priced joker bound against the optimum

Times are process CPU time by default (``--clock wall`` for wall-clock time):
on a shared machine other processes inflate wall-clock times of both solvers.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterator, Union

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _bench_reference import make_reference  # noqa: E402

from naipes.cards import FRENCH_SUITS, JOKER, Card  # noqa: E402
from naipes.machiavelli.bots import SolverBot  # noqa: E402
from naipes.machiavelli.melds import Meld, is_valid_meld  # noqa: E402
from naipes.machiavelli.rules import Rules  # noqa: E402
from naipes.machiavelli.solver import Budget, Solution, can_go_out, can_play, solve  # noqa: E402

Position = tuple[list[Meld], list[Card]]


# ---------------------------------------------------------------- positions


def random_table(
    rng: random.Random, size: int, copies: int, jokers: int, place: int | None = None
) -> tuple[list[Meld], Counter[Card], int]:
    """Random valid melds of exactly ``size`` cards; returns them, the unused cards and jokers.

    ``place``: exactly this many jokers go on the table (None: each meld takes one with odds 0.35).
    ``size`` is 0 or at least 3 (no meld has fewer cards).
    """
    if 0 < size < 3:
        raise ValueError(f"no table has {size} cards")
    rate = 0.35 if place is None else 0.7
    while True:
        pool = Counter({Card(r, s): copies for s in FRENCH_SUITS for r in range(1, 14)})
        left, melds, total = jokers, [], 0
        for _ in range(2000):
            if total == size:
                if place is not None and jokers - left != place:
                    break
                return melds, pool, left
            meld = _random_meld(rng, min(size - total, 5))
            if meld is None:
                continue
            joker_at: tuple[int, ...] = ()
            if left and (place is None or jokers - left < place) and rng.random() < rate:
                joker_at = (rng.randrange(len(meld)),)
            need = Counter(c for i, c in enumerate(meld) if i not in joker_at)
            if any(pool[c] < n for c, n in need.items()):
                continue
            pool -= need
            left -= len(joker_at)
            melds.append(Meld(tuple(meld), joker_at))
            total += len(meld)


def _random_meld(rng: random.Random, room: int) -> list[Card] | None:
    if room < 3:
        return None
    if rng.random() < 0.5:
        length = rng.randint(3, room)
        suit = rng.choice(FRENCH_SUITS)
        lo = rng.randint(1, 14 - length)
        return [Card(r, suit) for r in range(lo, lo + length)]
    rank = rng.randint(1, 13)
    return [Card(rank, s) for s in rng.sample(FRENCH_SUITS, rng.randint(3, min(4, room)))]


Span = Union[int, tuple[int, int]]


def random_position(
    rng: random.Random, table: Span, hand: Span | None, copies: int, jokers: int, kind: str = ""
) -> Position:
    """A seeded position: a valid table of ``table`` cards and ``hand`` cards (None: all the rest).

    ``table`` and ``hand`` may be ranges ``(lo, hi)``: each position then draws its sizes.

    ``kind``: ``""`` (jokers anywhere), ``"2+2"`` (two jokers on the table, two in the hand),
    ``"table"`` (every joker on the table) or ``"swap"`` (every joker on the table and the
    hand holding as many of their declared cards as the decks have left).
    """
    if isinstance(table, tuple):
        table = rng.randint(*table)
        if table < 3:
            table = 0  # no meld has one or two cards: random_table would look for one forever
    if isinstance(hand, tuple):
        hand = rng.randint(*hand)
    if not kind:
        melds, pool, left = random_table(rng, table, copies, jokers)
        rest = list(pool.elements()) + [JOKER] * left
        rng.shuffle(rest)
        return melds, rest if hand is None else rest[:hand]
    place = 2 if kind == "2+2" else jokers
    melds, pool, left = random_table(rng, table, copies, jokers, place)
    first = [JOKER] * left
    if kind == "swap":
        for card in (c for m in melds for c in m.declared):
            if pool[card]:
                pool[card] -= 1
                first.append(card)
    rest = list(pool.elements())
    rng.shuffle(rest)
    cards = first + rest if hand is None else first + rest[: max(0, hand - len(first))]
    rng.shuffle(cards)
    return melds, cards


# (label, table cards, hand cards or None for the rest, copies, jokers, positions full, smoke, kind)
Size = tuple[str, Any, Any, int, int, int, int, str]
SIZES: list[Size] = [
    ("0/13", 0, 13, 2, 0, 120, 3, ""),
    ("10/13", 10, 13, 2, 0, 120, 3, ""),
    ("20/13", 20, 13, 2, 0, 120, 3, ""),
    ("40/13", 40, 13, 2, 0, 120, 3, ""),
    ("60/13", 60, 13, 2, 0, 120, 3, ""),
    ("0/20", 0, 20, 2, 0, 120, 3, ""),
    ("10/20", 10, 20, 2, 0, 120, 3, ""),
    ("20/20", 20, 20, 2, 0, 120, 3, ""),
    ("40/20", 40, 20, 2, 0, 120, 3, ""),
    ("60/20", 60, 20, 2, 0, 120, 3, ""),
    ("whole deck 40/64", 40, None, 2, 0, 40, 1, ""),
    ("3 decks 90/20", 90, 20, 3, 0, 120, 2, ""),
    ("2 jokers 60/20", 60, 20, 2, 2, 120, 2, ""),
    ("4 jokers 60/20", 60, 20, 2, 4, 120, 2, ""),
    ("4 jokers 20/20", 20, 20, 2, 4, 60, 1, ""),
    ("3 decks 136/20", 136, 20, 3, 0, 60, 1, ""),
    ("3 decks 0/156", 0, None, 3, 0, 40, 1, ""),
    ("whole deck 84/20", 84, None, 2, 0, 60, 1, ""),
    ("2+2 jokers 20/13", 20, 13, 2, 4, 120, 2, "2+2"),
    ("2+2 jokers 40/13", 40, 13, 2, 4, 120, 2, "2+2"),
    ("swap-rich 40/13", 40, 13, 2, 4, 120, 2, "swap"),
    ("swap-rich 3d 90/20", 90, 20, 3, 4, 60, 1, "swap"),
]

# The pathological suite (--worst): as SIZES, plus natural cards per meld and the opening minimum
# (then the player has not opened). Positions of issue 14 and more of the same families.
WORST: list[tuple[str, Span, Span | None, int, int, int, int, str, int, int]] = [
    ("3d 4J on table 122/37", 122, 37, 3, 4, 25, 1, "table", 2, 0),
    ("3d 4J on table 122/37 n1", 122, 37, 3, 4, 25, 1, "table", 1, 0),
    ("3d swap-rich 122/37", 122, 37, 3, 4, 25, 1, "swap", 2, 0),
    ("whole deck 4J 40/68", 40, None, 2, 4, 25, 1, "", 2, 0),
    ("whole deck 4J on t 40/68", 40, None, 2, 4, 25, 1, "table", 2, 0),
    ("2+2 jokers 50/13", 50, 13, 2, 4, 25, 1, "2+2", 2, 0),
    ("long hand 4J 20/50", 20, 50, 2, 4, 25, 1, "", 2, 0),
    ("3d 4J 60/60", 60, 60, 3, 4, 25, 1, "", 2, 0),
    ("4J on table 80/24 n1", 80, 24, 2, 4, 25, 1, "table", 1, 0),
    ("opening 3d 4J 60/37", 60, 37, 3, 4, 25, 1, "", 2, 40),
    # issue 26: two jokers on the table and two in hand on larger tables, and long unopened hands
    ("2+2 jokers 40-50/13-20", (40, 50), (13, 20), 2, 4, 50, 2, "2+2", 2, 0),
    ("long hand 3d 4J 20/80-120", 20, (80, 120), 3, 4, 50, 1, "", 2, 60),
]
#: Families judged by their budgets: their unbudgeted calls run under ``LONG_CAP`` wall seconds.
LONG = ("long hand 3d 4J 20/80-120",)
LONG_CAP = 5.0
#: The ``Budget(seconds=...)`` of ``--worst``, each timed (wall clock) on every position.
BUDGETS = (0.0, 0.05, 0.25)


# ---------------------------------------------------------------- rummikub-solver


def make_rummikub() -> Callable[[Position, int, int], int] | None:
    """A function timing rummikub-solver on a position, or None if it is not installed."""
    try:
        from rummikub_solver import RuleSet, SolverMode
    except ImportError:
        return None
    rulesets: dict[tuple[int, int], Any] = {}

    def run(position: Position, copies: int, jokers: int) -> int:
        key = (copies, jokers)
        if key not in rulesets:
            rulesets[key] = RuleSet(numbers=13, repeats=copies, colours=4, jokers=jokers, min_len=3)
            _warm(rulesets[key])
        rs = rulesets[key]
        tiles = rs.tiles

        def tile(card: Card) -> Any:
            if card == JOKER:
                return tiles[-1]
            return tiles[FRENCH_SUITS.index(card.suit) * 13 + card.rank - 1]  # type: ignore[arg-type]

        melds, hand = position
        state = rs.new_game()
        state.add_table(*[tile(c) for m in melds for c in m.physical])
        state.add_rack(*[tile(c) for c in hand])
        state.initial = False
        answer = rs.solve(state, SolverMode.TILE_COUNT)
        return 0 if answer is None else len(answer.tiles)

    def _warm(rs: Any) -> None:
        state = rs.new_game()
        state.add_rack(*rs.tiles[:3])
        state.initial = False
        rs.solve(state, SolverMode.TILE_COUNT)

    return run


# ---------------------------------------------------------------- the run


def check_layout(position: Position, answer: Solution, rules: Rules) -> None:
    """Assert that the answer's table is valid and holds exactly the right cards."""
    melds, _ = position
    assert all(is_valid_meld(m, rules) for m in answer.table), answer.table
    before = Counter(c for m in melds for c in m.physical)
    after = Counter(c for m in answer.table for c in m.physical)
    assert after == before + Counter(answer.played) - Counter(answer.taken)


class _Cap(Exception):
    """A position went over ``--cap`` seconds."""


def _capped(cap: float | None, fn: Callable[[], Any]) -> tuple[Any, bool]:
    """``fn()``, or ``(None, True)`` when it runs longer than ``cap`` wall seconds."""
    if not cap:
        return fn(), False

    def alarm(signum: int, frame: Any) -> None:
        raise _Cap

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, cap)
    try:
        return fn(), False
    except _Cap:
        return None, True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def suites(args: argparse.Namespace) -> list[tuple[Size, Rules, bool]]:
    """The sizes to run: (size, rules, opened) each."""
    if args.worst:
        return [(size[:8], Rules(players=6 if size[3] == 3 else 4, decks=size[3], jokers=size[4],
                                 min_natural_per_combination=size[8], initial_meld_min=size[9]), not size[9])
                for size in WORST]  # type: ignore[misc]
    return [(size, Rules(players=6 if size[3] == 3 else 4, decks=size[3], jokers=size[4]), True) for size in SIZES]


def run(args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    """Measure every size; yields one row per size as soon as it is done."""
    seed = args.seed
    rummikub = None if args.worst else make_rummikub()
    reference = None if args.smoke or args.no_reference else make_reference()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    for (label, table, hand, copies, jokers, full, small, kind), rules, opened in suites(args):
        if args.only and label not in args.only.split(","):
            continue
        rng = random.Random(f"{seed}:{label}")
        count = small if args.smoke else (args.positions or full)
        m: dict[str, Any] = {"ours": [], "theirs": [], "speedups": [], "agree": 0, "exact": 0, "checked": 0,
                             "out": [], "play": [], "play_solve": [], "over": 0, "bot": [], "budgets": {b: [] for b in BUDGETS},
                             "budgets_cpu": {b: [] for b in BUDGETS}}
        cap = args.cap
        if label in LONG:  # judged by the budgets: the unbudgeted calls are capped
            cap = 1.0 if args.smoke else max(args.cap or 0, LONG_CAP)
        for _ in range(1 if args.smoke else 3):  # warm both solvers' caches on positions not timed
            warm = random_position(random.Random(f"warm:{seed}:{label}"), table, hand, copies, jokers, kind)
            _capped(args.cap, lambda: solve(*warm, rules, opened=opened))
            if rummikub is not None:
                rummikub(warm, copies, jokers)
        for _ in range(count):
            position = random_position(rng, table, hand, copies, jokers, kind)
            _measure(m, position, rules, opened, cap, clock)
            if not args.no_budgets:
                _measure_budgets(m, position, rules, opened, args.worst)
            answer = m.pop("answer")
            got = (0, 0) if answer is None else (answer.count, answer.value)
            if rummikub is not None:
                t0 = clock()
                tiles = rummikub(position, copies, jokers)
                m["theirs"].append(clock() - t0)
                m["speedups"].append(m["theirs"][-1] / m["ours"][-1])
                m["agree"] += tiles == got[0]
            if reference is not None and opened and not m.pop("capped"):
                ref = reference(position, rules)
                m["checked"] += 1
                m["exact"] += (ref or (0, 0)) == got
        yield _row(label, m, jokers)


def _measure(m: dict[str, Any], position: Position, rules: Rules, opened: bool, cap: float | None,
             clock: Callable[[], float]) -> None:
    """Time solve, can_go_out and can_play (of the solution's cards) on one position."""
    t0 = clock()
    answer, over = _capped(cap, lambda: solve(*position, rules, opened=opened))
    m["ours"].append(max(clock() - t0, 1e-6))
    m["answer"], m["capped"] = answer, over
    m["over"] += over
    if answer is not None:
        check_layout(position, answer, rules)
    t0 = clock()
    out, over = _capped(cap, lambda: can_go_out(*position, rules, opened=opened))
    m["out"].append(max(clock() - t0, 1e-6))
    if not over and answer is not None:
        assert out == (answer.count == len(position[1])), (out, answer)
    if answer is not None and answer.played:
        t0 = clock()
        ok, over = _capped(cap, lambda: can_play(*position, answer.played, rules, opened=opened))
        m["play"].append(max(clock() - t0, 1e-6))
        m["play_solve"].append(m["ours"][-1])
        assert ok or over


def _measure_budgets(m: dict[str, Any], position: Position, rules: Rules, opened: bool, worst: bool) -> None:
    """Time SolverBot's default budget (CPU) and, for ``--worst``, each ``Budget(seconds=s)`` (wall)."""
    t0 = time.process_time()
    answer = solve(*position, rules, opened=opened, budget=SolverBot.DEFAULT_BUDGET)
    m["bot"].append(time.process_time() - t0)
    if answer is not None:
        check_layout(position, answer, rules)
    if not worst:
        return
    for seconds in BUDGETS:
        t0, c0 = time.perf_counter(), time.process_time()
        answer = solve(*position, rules, opened=opened, budget=Budget(seconds=seconds))
        m["budgets"][seconds].append(time.perf_counter() - t0 - seconds)
        m["budgets_cpu"][seconds].append(time.process_time() - c0 - seconds)  # the load left out
        if answer is not None:
            check_layout(position, answer, rules)


def _row(label: str, m: dict[str, Any], jokers: int) -> dict[str, Any]:
    ours, theirs, speedups = m["ours"], m["theirs"], m["speedups"]
    row: dict[str, Any] = {
        "size": label,
        "positions": len(ours),
        "ours_median_ms": statistics.median(ours) * 1000,
        "ours_max_ms": max(ours) * 1000,
        "can_go_out_max_ms": max(m["out"]) * 1000,
        "can_go_out_over_solve_max": max(o / s for o, s in zip(m["out"], ours)),
    }
    if m["play"]:
        row["can_play_max_ms"] = max(m["play"]) * 1000
        row["can_play_over_solve_max"] = max(p / s for p, s in zip(m["play"], m["play_solve"]))
    slowest = max(range(len(ours)), key=lambda k: max(ours[k], m["out"][k]))
    row["slowest_position"] = [slowest, max(ours[slowest], m["out"][slowest]) * 1000]
    limit = [(o, s) for o, s in zip(m["out"], ours)] + list(zip(m["play"], m["play_solve"]))
    row["slower_than_solve"] = sum(1 for t, s in limit if t > 1.25 * s + 0.020)
    if m["bot"]:
        row["bot_median_ms"] = statistics.median(m["bot"]) * 1000
        row["bot_max_ms"] = max(m["bot"]) * 1000
    for seconds, overs in m["budgets"].items():
        if overs:
            row[f"budget_{seconds:g}s_overshoot_max_ms"] = max(overs) * 1000
            row[f"budget_{seconds:g}s_cpu_overshoot_max_ms"] = max(m["budgets_cpu"][seconds]) * 1000
    if m["over"]:
        row["over_cap"] = m["over"]
    if theirs:
        speedups = sorted(speedups)
        row["rummikub_median_ms"] = statistics.median(theirs) * 1000
        row["speedup_median"] = statistics.median(speedups)
        row["speedup_p5"] = speedups[int(0.05 * (len(speedups) - 1))]
        row["same_count_as_rummikub"] = "n/a (rules differ)" if jokers else f"{m['agree']}/{len(ours)}"
    if m["checked"]:
        row["exact_vs_reference"] = f"{m['exact']}/{m['checked']}"
    return row


HEAD = (
    f"{'size':22} {'n':>4} {'ours med':>9} {'ours max':>9} {'rk med':>8} {'x med':>6} {'x p5':>6}"
    f" {'same count':>11} {'exact':>9} {'out max':>9} {'out/solve':>9} {'play max':>9} {'play/slv':>9}"
    f" {'slow':>5} {'bot med':>8} {'bot max':>9}"
)
#: Extra columns of ``--worst``: the largest wall-clock overshoot of each ``Budget(seconds=s)``.
HEAD_BUDGETS = "".join(f" {f'+{b:g}s':>8}" for b in BUDGETS)


def print_row(row: dict[str, Any]) -> None:
    """One line of the table."""
    over = f"  ({row['over_cap']} over the cap)" if row.get("over_cap") else ""
    print(
        f"{row['size']:22} {row['positions']:>4} {row['ours_median_ms']:>7.2f}ms {row['ours_max_ms']:>7.1f}ms"
        f" {_ms(row.get('rummikub_median_ms')):>8} {_x(row.get('speedup_median')):>6} {_x(row.get('speedup_p5')):>6}"
        f" {str(row.get('same_count_as_rummikub', '-')):>11} {str(row.get('exact_vs_reference', '-')):>9}"
        f" {row['can_go_out_max_ms']:>7.1f}ms {row['can_go_out_over_solve_max']:>8.2f}x"
        f" {_ms(row.get('can_play_max_ms')):>9} {row.get('can_play_over_solve_max', 0):>8.2f}x"
        f" {row['slower_than_solve']:>5} {_ms(row.get('bot_median_ms')):>8} {_ms(row.get('bot_max_ms')):>9}"
        + "".join(f" {_ms(row.get(f'budget_{b:g}s_overshoot_max_ms')):>8}" for b in BUDGETS if row.get(
            f"budget_{b:g}s_overshoot_max_ms") is not None)
        + over,
        flush=True,
    )


def print_total(rows: list[dict[str, Any]]) -> None:
    """The exactness total over all sizes, and the slowest position."""
    checked = [row["exact_vs_reference"].split("/") for row in rows if "exact_vs_reference" in row]
    if checked:
        good, total = (sum(int(c[i]) for c in checked) for i in (0, 1))
        print(f"exact against the integer-program reference: {good}/{total} positions")
    if rows:
        worst = max(rows, key=lambda row: row["ours_max_ms"])
        print(f"slowest solve: {worst['ours_max_ms']:.1f} ms ({worst['size']});"
              f" positions over the cap: {sum(row.get('over_cap', 0) for row in rows)}")
        overs = [(max(row.get(f"budget_{b:g}s{kind}_overshoot_max_ms", -1e9) for row in rows), b, kind)
                 for b in BUDGETS for kind in ("", "_cpu")]
        if overs[0][0] > -1e9:
            print("largest budget overshoot, wall (process CPU beyond the budget): " + "; ".join(
                f"+{b:g}s {wall:.1f} ms ({cpu:.1f} ms)" for (wall, b, _), (cpu, _, _) in zip(overs[::2], overs[1::2])))
        slow = sorted(rows, key=lambda row: -row["slowest_position"][1])[:5]
        print("slowest positions (solve or can_go_out): " + "; ".join(
            f"{row['size']} #{row['slowest_position'][0]} {row['slowest_position'][1]:.0f} ms" for row in slow))


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}ms"


def _x(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}x"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="a few positions per size (seconds)")
    parser.add_argument("--json", metavar="PATH", help="also write the rows as JSON")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--only", help="run only the sizes with these labels, comma-separated, e.g. '60/20,10/13'")
    parser.add_argument("--positions", type=int, help="positions per size (default: 120, fewer for the big ones)")
    parser.add_argument("--worst", action="store_true", help="the pathological suite instead of the sizes")
    parser.add_argument("--cap", type=float, help="give up a position after this many wall seconds")
    parser.add_argument("--no-reference", action="store_true", help="skip the integer-program exactness check")
    parser.add_argument("--no-budgets", action="store_true", help="skip the budgeted calls (SolverBot, seconds)")
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="process CPU time (default: steady on a shared machine) or wall-clock time",
    )
    parser.add_argument("--jokers", type=int, metavar="N",
                        help="instead: N positions with 2-4 jokers checked against rummikub-solver")
    parser.add_argument("--offset", type=int, default=0,
                        help="with --jokers: skip the first N positions (to split a long run into chunks)")
    parser.add_argument("--tightness", type=int, metavar="N",
                        help="instead: the λ-priced joker bound against the optimum, N positions per joker size")
    parser.add_argument("--direction-data", type=int, metavar="N",
                        help="instead: the states of each reading direction alone, N positions per size, to --json")
    parser.add_argument("--direction-fit", metavar="TRAIN,...",
                        help="instead: fit the direction chooser on these --direction-data files (see --direction-held)")
    parser.add_argument("--direction-held", metavar="HELD,...", help="with --direction-fit: the files to report on")
    args = parser.parse_args(argv)
    if args.direction_data is not None and args.direction_data < 1:
        parser.error("--direction-data needs at least 1 position per size")
    for path in (args.direction_fit or "").split(",") + (args.direction_held or "").split(","):
        if path and not Path(path).is_file():
            parser.error(f"no such --direction-fit/--direction-held file: {path}")
    if args.direction_data or args.direction_fit:
        return _direction(args)
    if args.jokers or args.tightness:
        return _issue43(args)
    print(f"clock: {args.clock}; rummikub-solver: {'yes' if make_rummikub() else 'not installed'};"
          f" suite: {'worst' if args.worst else 'sizes'}")
    head = HEAD + (HEAD_BUDGETS if args.worst and not args.no_budgets else "")
    print(head)
    print("-" * len(head), flush=True)
    rows = []
    for row in run(args):
        print_row(row)
        rows.append(row)
    print_total(rows)
    if args.json:
        out = {"clock": args.clock, "seed": args.seed, "suite": "worst" if args.worst else "sizes", "rows": rows}
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n")
    return 0


def _direction(args: argparse.Namespace) -> int:
    """``--direction-data`` and ``--direction-fit`` (see ``_bench_direction``)."""
    import _bench_direction as direction

    if args.direction_data:
        direction.collect(SIZES, random_position, args.seed, args.direction_data, args.json)
    if args.direction_fit:
        direction.report(args.direction_fit.split(","), (args.direction_held or args.direction_fit).split(","))
    return 0


def _issue43(args: argparse.Namespace) -> int:
    """``--jokers`` and ``--tightness`` (see ``_bench_lagrange``)."""
    import _bench_lagrange as lagrange

    out: dict[str, Any] = {"seed": args.seed, "offset": args.offset}
    wrong = 0
    if args.tightness:
        out["tightness"] = lagrange.tightness(SIZES, random_position, args.seed, args.tightness)
    if args.jokers:
        rummikub = make_rummikub()
        if rummikub is None:
            print("--jokers needs rummikub-solver (the bench extra)")
            return 2
        reference = None if args.no_reference else make_reference()
        def progress(counts: dict[str, Any]) -> None:
            out["jokers"] = counts
            if args.json:  # partial counts: a cut run still leaves them
                Path(args.json).write_text(json.dumps(out, indent=2) + "\n")

        wrong = lagrange.check_jokers(random_position, rummikub, reference, args.seed, args.jokers, progress,
                                      args.offset)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2) + "\n")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
