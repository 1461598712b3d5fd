#!/usr/bin/env python3
"""Random-playout speed of every registered naipes game: a benchmark, not a test.

Run from the project root, with the project installed in the current Python (if
``naipes`` is not importable, this checkout's ``src`` is used)::

    python benchmarks/bench_playouts.py                     # every game, 3 s each
    python benchmarks/bench_playouts.py --games machuco,ranzo --seconds 5 --players 4
    python benchmarks/bench_playouts.py --smoke             # a few seconds in all (CI)
    python benchmarks/bench_playouts.py --json bench.json   # also write the table as JSON
    python benchmarks/bench_playouts.py --subscribe none,gameended,scores,all,seat
    python benchmarks/bench_playouts.py --against HEAD~3    # this tree against HEAD~3
    python benchmarks/bench_playouts.py --games machuco --against 1a2b3c4 --subscribe none,all

Columns, per game:

- ``playouts/s``: whole random games (construction included) per CPU-second;
- ``us/step``: one decision step = ``legal_moves(seat)`` + a random choice +
  ``play(move, seat)``, each step timed on its own as ``../shared/tools/side_by_side.py``
  does, scaled to CPU time, so other load on the machine disturbs it little;
- ``clone us``, ``to_dict us``, ``view us``: ``game.clone()``, ``game.to_dict()`` and
  ``game.view(seat)`` on positions taken from the playouts (every seat's view).

The figures are medians of a few rounds. Nothing here asserts a time: CI runs
``--smoke`` only to see that every game plays.

``--subscribe MODES`` (a comma list, default ``none``) subscribes a trivial handler,
which counts, to the events of every timed playout before its first move; the table
then has one row per game per mode:

- ``none``: no handler (the game then builds no events at all);
- ``gameended``: the game-ended event only;
- ``scores``: the score-change events only;
- ``all``: one catch-all on ``naipes.events.Event``;
- ``seat``: a catch-all per seat, ``game.events.subscribe(Event, handler, seat=k)``
  for every seat ``k``.

The 1.0 classes of ``naipes.events`` (``GameEnded``, ``ScoresChanged``) are used when
it has them; on 0.1 code, each game's own: ``GameEnded`` (machiavelli:
``SessionEnded``), and ``PointsAwarded`` (machuco), ``MacarrasGiven`` +
``MacarrasReturned`` (macarra), ``PointsPaid`` (ranzo), ``ScoresUpdated``
(machiavelli). 0.1's ``subscribe`` takes no ``seat=``: there ``seat`` is emulated by
one catch-all per seat that keeps the events with ``private_to`` in ``(None, k)``,
so against a 0.1 ref, the ref's ``seat`` rows measure that emulation. The notes
under the table say what each mode subscribed to. Extra columns: ``vs none`` =
us/step of the mode / us/step of ``none`` in the same round (``-`` unless ``none``
is measured too), ``events/game`` = events the handler received per playout (in
``seat`` summed over the seats). The modes of a round play the same random games,
each round starting with the next mode.

``--against REF`` checks the git ref REF out in a temporary worktree (removed at
the end, also on error or Ctrl-C) and measures this working tree's code
(``current``) and REF's code (``ref``) in one run: each round of each game is a
child process of this script with ``PYTHONPATH=<tree>/src``, round 1 current, round
1 ref, round 2 current, ... so the machine's drift hits both sides alike. Per game
and mode there are three lines: the medians of current and of ref, and ``cur/ref``,
the median over the rounds of the ratio current / ref of that round (under 1:
current has the smaller figure, i.e. is faster in the ``us`` columns). ``--current-src
PATH`` measures another ``src`` directory as the current side (e.g. while the
working tree does not import).
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

import attrs

naipes: Any = None  # imported by _import_naipes(), not here: --against never imports it

clock = time.perf_counter
MODES = ("none", "gameended", "scores", "all", "seat")
ENDED_01 = ("GameEnded", "SessionEnded")
SCORES_01 = ("PointsAwarded", "MacarrasGiven", "MacarrasReturned", "PointsPaid", "ScoresUpdated")
WRONG_TREE = 3  # exit status of a child that imported naipes from another tree than expected


def _import_naipes(expect_src: str | None) -> None:
    """Import naipes; check that it comes from ``expect_src`` when given (child processes)."""
    global naipes
    try:
        import naipes
    except ModuleNotFoundError as exc:
        if exc.name != "naipes" or expect_src:
            raise
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
        import naipes
    where = Path(naipes.__file__).resolve()
    if expect_src and not where.is_relative_to(Path(expect_src).resolve()):
        print(f"bench_playouts: naipes was imported from {where}, not from {expect_src}", file=sys.stderr)
        sys.exit(WRONG_TREE)


def _rules(module: Any, players: int | None) -> Any:
    if players is None:
        return module.Rules()
    names = {f.name for f in attrs.fields(module.Rules)} if attrs.has(module.Rules) else set()
    if "players" not in names:
        raise ValueError("its Rules have no players field")
    return module.Rules(players=players)


def event_types(module: Any, mode: str) -> tuple[type, ...]:
    """The event classes ``mode`` subscribes to: the 1.0 ones of naipes.events, else the game's 0.1 ones."""
    events = importlib.import_module("naipes.events")
    if mode in ("all", "seat"):
        return (events.Event,)
    if mode == "gameended":
        shared, local = getattr(events, "GameEnded", None), [n for n in ENDED_01 if hasattr(module, n)][:1]
    elif mode == "scores":
        shared, local = getattr(events, "ScoresChanged", None), [n for n in SCORES_01 if hasattr(module, n)]
    else:
        raise ValueError(f"unknown --subscribe mode {mode!r}")
    found = (shared,) if shared is not None else tuple(getattr(module, n) for n in local)
    if not found or not all(isinstance(t, type) and issubclass(t, events.Event) for t in found):
        raise LookupError(f"{module.__name__} has no event class for --subscribe {mode}")
    return found


def _seat_filter(seat: int, hit: Callable[[Any], None]) -> Callable[[Any], None]:
    """For 0.1, whose subscribe has no ``seat=``: a catch-all that keeps what ``seat`` may see."""
    def handler(event: Any) -> None:
        if event.private_to is None or event.private_to == seat:
            hit(event)
    return handler


class Subscriber:
    """One ``--subscribe`` mode: what it subscribes to, and a handler that counts the events."""

    def __init__(self, module: Any, mode: str, game: Any) -> None:
        self.mode, self.count = mode, 0
        self.types = event_types(module, mode)
        self.by_seat = "seat" in inspect.signature(game.events.subscribe).parameters
        names = "+".join(t.__name__ for t in self.types)
        if mode != "seat":
            self.described = names
        elif self.by_seat:
            self.described = f"{names}, seat=k for each seat"
        else:
            self.described = f"{names} per seat, private_to filter (0.1 emulation)"

    def hit(self, event: Any) -> None:
        self.count += 1

    def attach(self, game: Any) -> None:
        """Subscribe to ``game``'s events."""
        subscribe = game.events.subscribe
        if self.mode != "seat":
            for t in self.types:
                subscribe(t, self.hit)
        for k in range(game.num_players if self.mode == "seat" else 0):
            if self.by_seat:
                subscribe(self.types[0], self.hit, seat=k)
            else:
                subscribe(self.types[0], _seat_filter(k, self.hit))


class Bench:
    """Measures one game."""

    def __init__(self, info: Any, players: int | None, seed: int) -> None:
        self.info = info
        self.module = info.load()
        self.rules = _rules(self.module, players)
        self.rng = random.Random(seed)
        self.cap = info.max_decisions or 200_000
        self.positions: list[Any] = []

    def playout(self, deadline: float, keep: int = 0, sub: Subscriber | None = None) -> tuple[int, float, bool]:
        """One random game: (decisions, seconds spent in decision steps, finished)."""
        rng = self.rng
        game = self.module.Game(self.rules, seed=rng.randrange(2**31))
        if sub is not None:
            sub.attach(game)
        dec, t_steps = 0, 0.0
        keep_at = {rng.randrange(1, 400) for _ in range(keep)}
        while not game.is_over:
            for seat in tuple(game.to_act):
                if seat not in game.to_act:
                    continue
                t = clock()
                game.play(rng.choice(game.legal_moves(seat)), seat)
                t_steps += clock() - t
                dec += 1
                if dec in keep_at:
                    self.positions.append(game.clone())
            if dec >= self.cap or (dec & 63 == 0 and clock() > deadline):
                return dec, t_steps, False
        return dec, t_steps, True

    def warm_up(self, seconds: float) -> None:
        """A first playout, and positions to time clone, to_dict and view on."""
        self.playout(clock() + min(1.0, seconds / 5), keep=8)
        while len(self.positions) < 8:
            self.playout(clock() + seconds, keep=8)

    def run_round(self, seconds: float, sub: Subscriber | None = None, seed: str | None = None) -> dict[str, float]:
        """Play for about ``seconds`` (from a fresh RNG when ``seed`` is given); figures per CPU-second."""
        if seed is not None:
            self.rng = random.Random(seed)
        if sub is not None:
            sub.count = 0
        games = dec = 0
        t_steps = 0.0
        c0, t0 = time.process_time(), clock()
        while True:
            d, ts, finished = self.playout(t0 + 3 * seconds + 1.0, sub=sub)
            games += finished
            dec, t_steps = dec + d, t_steps + ts
            if clock() - t0 >= seconds:
                break
        wall, cpu = clock() - t0, max(time.process_time() - c0, 1e-9)
        return {"playouts_per_s": games / cpu, "decisions_per_game": dec / max(games, 1),
                "us_per_step": 1e6 * cpu * (t_steps / wall) / max(dec, 1), "games": games,
                "events_per_game": (sub.count if sub else 0) / max(games, 1)}

    def per_call_us(self, seconds: float) -> dict[str, float]:
        """Mean µs of clone, to_dict and view over the kept positions."""
        out: dict[str, float] = {}
        games = self.positions or [self.module.Game(self.rules, seed=1)]
        n = games[0].num_players
        calls = {"clone_us": lambda g: g.clone(), "to_dict_us": lambda g: g.to_dict(),
                 "view_us": lambda g: [g.view(s) for s in range(n)]}
        for name, call in calls.items():
            count, t0 = 0, clock()
            while True:
                for g in games:
                    call(g)
                count += len(games)
                if clock() - t0 >= seconds:
                    break
            per = 1e6 * (clock() - t0) / count
            out[name] = per / n if name == "view_us" else per
        return out


def measure_rounds(b: Bench, subs: dict[str, Subscriber | None], seconds: float, rounds: range,
                   seed: int) -> dict[str, list[dict[str, float]]]:
    """``{mode: [figures of each round]}``: each round runs every mode on the same random games,
    starting one mode later than the round before; ``vs_none`` added when ``none`` is measured."""
    modes = list(subs)
    out: dict[str, list[dict[str, float]]] = {m: [] for m in modes}
    for r in rounds:
        k = r % len(modes)
        for m in modes[k:] + modes[:k]:
            out[m].append(b.run_round(seconds, subs[m], f"{seed}/{r}"))
    for results in out.values() if "none" in out else ():
        for res, base in zip(results, out["none"]):
            res["vs_none"] = res["us_per_step"] / base["us_per_step"]
    return out


def bench_game(info: Any, *, seconds: float, rounds: int, players: int | None, seed: int,
               modes: tuple[str, ...] = ("none",), first_round: int = 0) -> list[dict[str, Any]]:
    """Every figure of one game, one row per mode, medians over ``rounds``."""
    b = Bench(info, players, seed)
    sample = b.module.Game(b.rules, seed=1)
    subs = {m: None if m == "none" else Subscriber(b.module, m, sample) for m in modes}
    b.warm_up(seconds)
    per_mode = measure_rounds(b, subs, seconds, range(first_round, first_round + rounds), seed)
    calls = b.per_call_us(max(0.1, seconds / 4))
    rows = []
    for mode, results in per_mode.items():
        sub = subs[mode]
        row: dict[str, Any] = {"game": info.name, "players": sample.num_players, "mode": mode,
                               "subscribed": sub.described if sub else ""}
        for key in ("playouts_per_s", "decisions_per_game", "us_per_step", "vs_none", "events_per_game"):
            if key in results[0]:
                row[key] = statistics.median(r[key] for r in results)
        row["playouts_timed"] = sum(int(r["games"]) for r in results)
        rows.append({**row, **calls})
    return rows


COLUMNS = [("game", "game", "{}"), ("players", "players", "{}"), ("decisions_per_game", "decisions/game",
           "{:.0f}"), ("playouts_per_s", "playouts/s", "{:.1f}"), ("us_per_step", "us/step", "{:.2f}"),
           ("clone_us", "clone us", "{:.2f}"), ("to_dict_us", "to_dict us", "{:.1f}"),
           ("view_us", "view us", "{:.2f}")]
MODE_COLUMNS = [("mode", "mode", "{}"), ("vs_none", "vs none", "{:.3f}"),
                ("events_per_game", "events/game", "{:.1f}")]
PER_GAME = ("game", "players", "clone_us", "to_dict_us", "view_us")  # shown on a game's first row only


def columns(modes: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """The table's columns: COLUMNS, with the mode columns when other modes than ``none`` run."""
    if modes == ("none",):
        return COLUMNS
    return COLUMNS[:1] + MODE_COLUMNS[:1] + COLUMNS[1:5] + MODE_COLUMNS[1:] + COLUMNS[5:]


def align(cells: list[list[str]], left: int = 1) -> str:
    """Rows of cells as text columns, the first ``left`` left-aligned; the last cell of a
    shorter row (a note, e.g. an error) runs on past the columns."""
    n = len(cells[0])
    widths = [max(len(row[i]) for row in cells if i < len(row) - (len(row) < n)) for i in range(n)]
    lines = []
    for row in cells:
        if len(row) != len(widths):
            lines.append("  ".join([x.ljust(w) for x, w in zip(row[:-1], widths)] + [row[-1]]))
        else:
            lines.append("  ".join(x.ljust(w) if i < left else x.rjust(w)
                                   for i, (x, w) in enumerate(zip(row, widths))).rstrip())
    return "\n".join(lines)


def cell(row: dict[str, Any], key: str, fmt: str) -> str:
    """One formatted figure, ``-`` when the row has none."""
    return "-" if row.get(key) is None else fmt.format(row[key])


def format_table(rows: list[dict[str, Any]], modes: tuple[str, ...] = ("none",)) -> str:
    """The rows as an aligned text table; a game's rows after its first one leave its
    per-game figures (measured once, without handlers) blank."""
    cols = columns(modes)
    cells = [[title for _, title, _ in cols]]
    previous = None
    for row in rows:
        if "error" in row:
            note = row["error"] if row["error"].startswith("skipped") else "error: " + row["error"]
            cells.append([row["game"], note])
        else:
            again = row["game"] == previous
            cells.append(["" if again and key in PER_GAME else cell(row, key, fmt) for key, _, fmt in cols])
        previous = row["game"]
    return align(cells, left=2 if cols[1][0] == "mode" else 1)


def subscribed_notes(rows: list[dict[str, Any]], prefix: str = "") -> list[str]:
    """One line per game: what each mode subscribed to."""
    notes: dict[str, list[str]] = {}
    for row in rows:
        if row.get("subscribed"):
            notes.setdefault(row["game"], []).append(f"{row['mode']}={row['subscribed']}")
    return [f"{prefix}{game}: {'; '.join(parts)}" for game, parts in notes.items()]


def _modes(text: str) -> tuple[str, ...]:
    modes = tuple(dict.fromkeys(m.strip() for m in text.split(",") if m.strip()))
    bad = [m for m in modes if m not in MODES]
    if bad or not modes:
        raise argparse.ArgumentTypeError(f"modes are {', '.join(MODES)}; not {', '.join(bad) or 'nothing'}")
    return modes


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--games", help="comma-separated game names (default: every registered game)")
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds of play per round (default 3)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds per game; the median is kept (default 3)")
    ap.add_argument("--players", type=int, help="players in every game (default: each game's default)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--json", metavar="PATH", help="also write the results as JSON here (- : stdout)")
    ap.add_argument("--smoke", action="store_true", help="a few seconds in all: every game plays (CI)")
    ap.add_argument("--subscribe", type=_modes, default=("none",), metavar="MODES",
                    help=f"comma list of {','.join(MODES)}: handlers during the playouts (default none)")
    ap.add_argument("--against", metavar="REF", help="also measure git ref REF, side by side")
    ap.add_argument("--current-src", metavar="PATH", help="with --against: the current side's src directory")
    ap.add_argument("--_one-round", dest="one_round", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--_expect-src", dest="expect_src", help=argparse.SUPPRESS)
    ap.add_argument("--_list-games", dest="list_games", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.smoke:
        a.seconds, a.rounds = 0.3, 1
    if a.one_round is not None:
        a.rounds = 1
    return a


def run_games(infos: list[Any], a: argparse.Namespace) -> tuple[list[dict[str, Any]], bool]:
    """Every game's rows, and whether one failed."""
    rows: list[dict[str, Any]] = []
    failed = False
    for info in infos:
        if a.one_round is None:
            print(f"measuring {info.name} ...", file=sys.stderr, flush=True)
        if a.players is not None and not info.min_players <= a.players <= info.max_players:
            rows.append({"game": info.name, "error": f"takes {info.min_players}-{info.max_players} players"})
            continue
        missing = [n for n in ("Game", "Rules", "Move") if not hasattr(info.load(), n)]
        if missing:
            rows.append({"game": info.name, "error": f"skipped: {info.module} has no {', '.join(missing)} yet"})
            continue
        try:
            rows.extend(bench_game(info, seconds=a.seconds, rounds=a.rounds, players=a.players, seed=a.seed,
                                   modes=a.subscribe, first_round=a.one_round or 0))
        except Exception as exc:  # noqa: BLE001 - report every game, then fail
            rows.append({"game": info.name, "error": f"{type(exc).__name__}: {exc}"})
            failed = True
    return rows, failed


def report(a: argparse.Namespace, rows: list[dict[str, Any]]) -> None:
    """The table (on stderr when the JSON goes to stdout; none in a child), and the JSON."""
    meta = {"python": platform.python_version(), "machine": platform.machine(), "seconds": a.seconds,
            "rounds": a.rounds, "smoke": a.smoke, "subscribe": list(a.subscribe),
            "naipes": naipes.__version__, "naipes_file": naipes.__file__}
    if a.one_round is None:
        out = sys.stderr if a.json == "-" else sys.stdout
        print(f"naipes {naipes.__version__}, Python {platform.python_version()}, {platform.machine()}, "
              f"{a.seconds:g} s x {a.rounds} round(s) per game", file=out)
        print(format_table(rows, a.subscribe), file=out)
        for line in subscribed_notes(rows, "subscribed: "):
            print(line, file=out)
    if a.json == "-":
        json.dump({"meta": meta, "games": rows}, sys.stdout, indent=1)
    elif a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"meta": meta, "games": rows}, f, indent=1)


def main(argv: list[str] | None = None) -> int:
    a = parse_args(argv)
    if a.against:
        import _bench_against
        return _bench_against.run(a, Path(__file__).resolve())
    _import_naipes(a.expect_src)
    infos = [naipes.find_game(n) for n in a.games.split(",")] if a.games else list(naipes.games())
    if a.list_games:
        print(json.dumps([info.name for info in infos]))
        return 0
    if not infos:
        print("no game is registered and installed: nothing to measure")
        return 0
    rows, failed = run_games(infos, a)
    report(a, rows)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
