"""``bench_playouts.py --against REF``: this tree's code and REF's, side by side in one run.

REF is checked out in a temporary git worktree (removed at the end, also on error,
Ctrl-C or SIGTERM). Every round of every game is one child process of
bench_playouts.py (this tree's copy) with ``PYTHONPATH=<tree>/src`` and
``PYTHONHASHSEED=0``, alternately for the current tree and for REF; the child
checks that it imported naipes from that tree and prints its figures as JSON.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterator

# bench_playouts runs as __main__: this imports a second, inert copy of it for its helpers
from bench_playouts import PER_GAME, WRONG_TREE, align, columns

Rows = dict[str, dict[str, Any]]  # one child's rows, by mode
SIDES = ("current", "ref")


def git(repo: Path, *args: str) -> str:
    """Run git in ``repo``; its stdout."""
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"git {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout.strip()


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


@contextlib.contextmanager
def ref_worktree(repo: Path, commit: str) -> Iterator[Path]:
    """A detached worktree of ``commit`` in a temporary directory, removed afterwards."""
    old = {s: signal.signal(s, _interrupt) for s in (signal.SIGTERM, signal.SIGHUP)}
    tmp = Path(tempfile.mkdtemp(prefix="naipes-bench-"))
    tree = tmp / "ref"
    try:
        git(repo, "worktree", "add", "--detach", str(tree), commit)
        yield tree
    finally:
        removed = subprocess.run(["git", "-C", str(repo), "worktree", "remove", "--force", str(tree)],
                                 capture_output=True).returncode == 0
        shutil.rmtree(tmp, ignore_errors=True)
        if not removed and str(tree) in git(repo, "worktree", "list", "--porcelain"):
            git(repo, "worktree", "prune")
        for s, handler in old.items():
            signal.signal(s, handler)


def child(script: Path, src: Path, a: argparse.Namespace, *extra: str) -> Any:
    """Run bench_playouts.py on ``src``'s code; its JSON, or ``{"error": ...}``."""
    cmd = [sys.executable, str(script), "--_expect-src", str(src), "--seconds", repr(a.seconds),
           "--seed", str(a.seed), "--subscribe", ",".join(a.subscribe), "--json", "-", *extra]
    if a.players is not None:
        cmd += ["--players", str(a.players)]
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if done.returncode == WRONG_TREE:
        raise SystemExit(done.stderr.strip())
    try:
        return json.loads(done.stdout)
    except ValueError:
        lines = done.stderr.strip().splitlines() or ["(no output)"]
        return {"error": f"exit {done.returncode}: {lines[-1]}"}


def one_round(script: Path, src: Path, a: argparse.Namespace, game: str, r: int) -> Rows | str:
    """One round of one game on ``src``'s code: its rows by mode, or an error message."""
    out = child(script, src, a, "--games", game, "--_one-round", str(r))
    rows = out.get("games", [])
    error = out.get("error") or next((row["error"] for row in rows if "error" in row), None)
    return error or {row["mode"]: {**row, "meta": out["meta"]} for row in rows}


def collect(script: Path, sides: dict[str, Path], a: argparse.Namespace, game: str) -> dict[str, list[Rows] | str]:
    """Every round of ``game``: round 1 current, round 1 ref, round 2 current, ...; a side's
    rounds, or its first error (after which that side is not run again)."""
    got: dict[str, list[Rows] | str] = {side: [] for side in sides}
    for r in range(a.rounds):
        for side, src in sides.items():
            if isinstance(got[side], str):
                continue
            print(f"{game}: round {r + 1}/{a.rounds}, {side} ...", file=sys.stderr, flush=True)
            result = one_round(script, src, a, game, r)
            got[side] = result if isinstance(result, str) else [*got[side], result]
    return got


def _ratio(x: float | None, y: float | None) -> float | None:
    return x / y if x is not None and y else None


def _median(values: list[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known else None


def compare(game: str, mode: str, got: dict[str, list[Rows] | str], keys: list[str]) -> dict[str, Any]:
    """One game and mode: each side's medians (or error), and the median per-round ratio cur/ref."""
    out: dict[str, Any] = {"game": game, "mode": mode}
    for side, rounds in got.items():
        if isinstance(rounds, str):
            out[side] = {"error": rounds}
        else:
            rows = [r[mode] for r in rounds]
            out[side] = {k: _median([row.get(k) for row in rows]) for k in keys}
            out[side]["subscribed"] = rows[0]["subscribed"]
    if not any(isinstance(rounds, str) for rounds in got.values()):
        pairs = list(zip(*(got[side] for side in SIDES)))
        out["ratio"] = {k: _median([_ratio(c[mode].get(k), f[mode].get(k)) for c, f in pairs]) for k in keys}
    return out


def _lines(res: dict[str, Any], cols: list[tuple[str, str, str]], first: bool) -> list[list[str]]:
    """The three lines of one game and mode; per-game figures only on the game's ``first`` mode."""
    lines: list[list[str]] = []
    for side, label in (("current", "current"), ("ref", "ref"), ("ratio", "cur/ref")):
        figures = res.get(side)
        head = [res["game"] if first and not lines else "", "" if lines else res["mode"], label]
        if figures is None:
            continue
        if "error" in figures:
            lines.append(head + ["error: " + figures["error"]])
            continue
        lines.append(head + ["" if not first and k in PER_GAME else "-" if figures.get(k) is None
                             else ("{:.3f}" if side == "ratio" else fmt).format(figures[k]) for k, _, fmt in cols])
    return lines


def table(results: list[dict[str, Any]], modes: tuple[str, ...]) -> str:
    """Three lines per game and mode: current, ref, cur/ref."""
    cols = [c for c in columns(modes) if c[0] not in ("game", "mode", "players")]
    cells = [["game", "mode", "side"] + [title for _, title, _ in cols]]
    for i, res in enumerate(results):
        cells += _lines(res, cols, i == 0 or results[i - 1]["game"] != res["game"])
    return align(cells, left=3)


def run(a: argparse.Namespace, script: Path) -> int:
    """``--against``: measure both sides, print the table, write the JSON; 1 if a side failed."""
    repo = Path(git(script.parent, "rev-parse", "--show-toplevel"))
    commit = git(repo, "rev-parse", "--verify", f"{a.against}^{{commit}}")
    current = Path(a.current_src or repo / "src").resolve()
    games = child(script, current, a, "--_list-games", *(["--games", a.games] if a.games else []))
    if not isinstance(games, list):
        raise SystemExit(f"cannot list the games of {current}: {games['error']}")
    keys = [k for k, _, _ in columns(a.subscribe)[1:] if k not in ("mode", "players")]
    try:
        with ref_worktree(repo, commit) as tree:
            sides = {"current": current, "ref": tree / "src"}
            got = {game: collect(script, sides, a, game) for game in games}
    except KeyboardInterrupt:
        print("interrupted; the worktree is removed", file=sys.stderr)
        return 130
    results = [compare(game, mode, g, keys) for game, g in got.items() for mode in a.subscribe]
    report(a, commit, current, got, results)
    errors = [res[side]["error"] for res in results for side in SIDES if "error" in res[side]]
    return 1 if any(not e.startswith(("takes", "skipped")) for e in errors) else 0


def _version(got: dict[str, dict[str, list[Rows] | str]], side: str) -> str:
    for by_side in got.values():
        rounds = by_side[side]
        if not isinstance(rounds, str) and rounds:
            meta = next(iter(rounds[0].values()))["meta"]
            return f"naipes {meta['naipes']} from {Path(meta['naipes_file']).parent.parent}"
    return "naipes (no round ran)"


def report(a: argparse.Namespace, commit: str, current: Path, got: dict[str, Any],
           results: list[dict[str, Any]]) -> None:
    """The table (on stderr when the JSON goes to stdout), and the JSON."""
    out = sys.stderr if a.json == "-" else sys.stdout
    print(f"current: {_version(got, 'current')}\nref:     {a.against} = {commit[:12]}, {_version(got, 'ref')}\n"
          f"Python {platform.python_version()}, {platform.machine()}, {a.seconds:g} s x {a.rounds} round(s) "
          f"per game and side, interleaved; cur/ref = median of the per-round ratios", file=out)
    print(table(results, a.subscribe), file=out)
    for res in results:
        subs = [f"{side} {res[side]['subscribed']}" for side in SIDES if res[side].get("subscribed")]
        if subs:
            print(f"subscribed: {res['game']} {res['mode']}: {'; '.join(subs)}", file=out)
    meta = {"python": platform.python_version(), "machine": platform.machine(), "seconds": a.seconds,
            "rounds": a.rounds, "smoke": a.smoke, "subscribe": list(a.subscribe), "against": a.against,
            "ref_commit": commit, "current_src": str(current)}
    if a.json:
        with (contextlib.nullcontext(sys.stdout) if a.json == "-" else open(a.json, "w", encoding="utf-8")) as f:
            json.dump({"meta": meta, "games": results}, f, indent=1)
