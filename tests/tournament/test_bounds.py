"""Bounded tournaments: limits on games and jobs, lazy work, arguments and output paths checked
before the first game, unrated entrants, and ``--rule`` values with a depth and size limit."""

from __future__ import annotations

import concurrent.futures as cf
import json
import math
import multiprocessing
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from _cost import calls, peak_bytes, refused

from naipes import UsageError, tournament
from naipes._cli_games import MAX_RULE_DEPTH, MAX_RULE_TEXT, parse_settings
from naipes.cli import main
from naipes.tournament._executors import pool_size
from naipes.tournament._run import MAX_GAMES, MAX_JOBS

RULES = {"players": 2, "scope": "hand"}


class Stop(Exception):
    """Raised by a progress callback to end a tournament early."""


def _first_games(n: int, **kwargs: Any) -> tuple[int, list[int]]:
    """Start a tournament of MAX_GAMES games, stop it after ``n`` games: the peak of memory it
    allocated in this process (bytes), and the live child processes at each game."""
    seen: list[int] = []
    children: list[int] = []

    def progress(done: int, total: int) -> None:
        assert total == MAX_GAMES
        seen.append(done)
        children.append(len(multiprocessing.active_children()))
        if done >= n:
            raise Stop

    def run() -> None:
        with pytest.raises(Stop):
            tournament.run("machuco", ["random", "random"], games=MAX_GAMES, rules=RULES, progress=progress,
                           **kwargs)

    return peak_bytes(run), children


@pytest.mark.parametrize("jobs", [None, 2])
def test_the_most_games_start_at_once(jobs: int | None) -> None:
    peak, _ = _first_games(3, jobs=jobs)
    # before: every chunk was built first (a MemoryError after minutes at 10**8 games)
    assert peak < 64 * 2**20


@pytest.mark.parametrize("games", [MAX_GAMES + 1, 10**8, 10**12])
def test_more_games_are_refused_at_once(games: int) -> None:
    with pytest.raises(UsageError) as info:
        tournament.run("machuco", ["random", "random"], games=games, rules=RULES)
    assert info.value.code == "too_many_games"
    # refused before any game or chunk is made
    assert calls(refused(lambda: tournament.run("machuco", ["random", "random"], games=games, rules=RULES),
                         UsageError)) < 200


def test_a_pool_has_no_more_processes_than_chunks() -> None:
    assert pool_size(2, 12) == 2 and pool_size(10_000, 12) == 12 and pool_size(1, MAX_JOBS) == 1
    children: list[int] = []
    result = tournament.run("machuco", ["random", "random"], games=2, rules=RULES, jobs=12,
                            progress=lambda done, total: children.append(len(multiprocessing.active_children())))
    assert result.entrants[0].games == 2
    assert children and max(children) <= 2


@pytest.mark.parametrize(("kwargs", "code"), [
    ({"progress": 5}, "bad_progress"),
    ({"progress": "print"}, "bad_progress"),
    ({"duplicate": "no"}, "bad_duplicate"),
    ({"duplicate": 1}, "bad_duplicate"),
    ({"duplicate": None}, "bad_duplicate"),
    ({"games": True}, "bad_games"),
    ({"games": 2.0}, "bad_games"),
    ({"games": "4"}, "bad_games"),
    ({"seed": True}, "bad_seed"),
    ({"jobs": True}, "bad_jobs"),
    ({"jobs": 2.0}, "bad_jobs"),
    ({"jobs": MAX_JOBS + 1}, "too_many_jobs"),
    ({"executor": "local"}, "bad_executor"),
    ({"search_cwd": "yes"}, "bad_bot_modules"),
    ({"bot_path": 5}, "bad_bot_path"),
    ({"bot_path": ["/no/such/directory/b21"]}, "bad_bot_path"),
])
def test_arguments_of_the_wrong_type_are_usage_errors(kwargs: dict[str, Any], code: str) -> None:
    args: dict[str, Any] = {"games": 2, "rules": RULES, **kwargs}
    with pytest.raises(UsageError) as info:
        tournament.run("machuco", ["random", "random"], **args)
    assert info.value.code == code


def test_arguments_are_checked_before_any_bot_is_loaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    marker = tmp_path / "marker"
    (tmp_path / "loudbots_b21.py").write_text(
        f"open({str(marker)!r}, 'w').write('imported')\nfrom naipes import RandomBot as Bot\n")
    with pytest.raises(UsageError) as info:
        tournament.run("machuco", ["loudbots_b21:Bot", "random"], games=2, rules=RULES, progress=5,
                       bot_path=[tmp_path])
    assert info.value.code == "bad_progress" and not marker.exists()


def test_entrants_with_no_games_are_unrated() -> None:
    # 4 entrants over 2 seats: lineups (0, 1), (0, 2), ...; 2 games leave entrant 3 out
    result = tournament.run("machuco", ["random", "random", "random", "random"], games=2, rules=RULES, seed=4)
    assert [e.games for e in result.entrants] == [2, 1, 1, 0]
    unrated = result.ratings[3]
    assert math.isnan(unrated.rating) and all(math.isnan(v) for v in unrated.interval)
    rated = [r.rating for r in result.ratings[:3]]
    assert all(math.isfinite(r) for r in rated) and abs(sum(rated)) < 1e-6
    data = json.loads(json.dumps(result.to_dict(), allow_nan=False))
    assert data["ratings"][3]["rating"] is None
    assert result.table().splitlines()[-2].split()[0] == "random#4" and "unrated" in result.table()
    assert "intervals are rough" in result.table().splitlines()[-1]
    chart = ET.fromstring(result.svg())
    assert any("unrated" in text for text in chart.itertext()) and "nan" not in result.svg()


def test_a_pool_gives_records_in_order_with_a_bounded_window() -> None:
    in_flight: list[int] = []

    class Counting(cf.ThreadPoolExecutor):
        def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> cf.Future[Any]:
            future = super().submit(fn, *args, **kwargs)
            in_flight.append(sum(1 for f in live if not f.done()) + 1)
            live.append(future)
            return future

    live: list[cf.Future[Any]] = []
    with Counting(2) as pool:
        here = tournament.run("machuco", ["random", "best"], games=120, rules=RULES, seed=3)
        there = tournament.run("machuco", ["random", "best"], games=120, rules=RULES, seed=3, executor=pool)
    assert here == there and [r.index for r in there.records] == list(range(120))
    assert max(in_flight) <= 2 * 8  # CHUNKS_PER_WORKER chunks per worker at most


# -- the command line ---------------------------------------------------------------------------
ARGS = ["tournament", "machuco", "--bots", "random,random", "--games", "2", "--rule", "scope=hand"]


@pytest.fixture()
def plays(tmp_path: Path) -> tuple[Path, list[str]]:
    """A bot module (a new name each time) whose bot leaves a marker when it chooses; the
    options that name it."""
    name = f"playsbots_{abs(hash(str(tmp_path)))}"
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / f"{name}.py").write_text(
        "from naipes import RandomBot\n\nclass Bot(RandomBot):\n    def choose(self, view):\n"
        f"        open({str(tmp_path / 'played')!r}, 'w').write('x')\n        return super().choose(view)\n")
    return tmp_path, ["--bot-path", str(tmp_path / "bots"), "--bots", f"{name}:Bot,random"]


@pytest.mark.parametrize("option", ["--json", "--plot"])
@pytest.mark.parametrize("where", ["missing/out.file", "."])
def test_output_paths_are_checked_before_the_first_game(plays: tuple[Path, list[str]], option: str, where: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    tmp, bot_path = plays
    assert main([*ARGS, *bot_path, option, str(tmp / where)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"naipes tournament: {option} ") and err.count("\n") == 1
    assert not (tmp / "played").exists() and not (tmp / "missing").exists()
    assert main([*ARGS, *bot_path, option, str(tmp / "out.file")]) == 0
    assert (tmp / "played").exists() and (tmp / "out.file").stat().st_size > 0


def test_the_command_line_bounds_games_and_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    for extra in (["--games", str(10**12)], ["--jobs", str(MAX_JOBS + 1)]):
        with pytest.raises(SystemExit) as info:
            main([*ARGS, *extra])
        assert info.value.code == 2 and "at most" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["[" * 5000 + "]" * 5000, "[" * (MAX_RULE_DEPTH + 1) + "]" * (MAX_RULE_DEPTH + 1),
                                   '{"a":' * 3000 + "1" + "}" * 3000, "x" * (MAX_RULE_TEXT + 1)])
def test_rule_values_have_a_depth_and_size_limit(value: str) -> None:
    with pytest.raises(UsageError) as info:
        parse_settings([f"players={value}"])
    assert info.value.code == "bad_rule_value" and "\n" not in str(info.value)
    assert len(str(info.value)) < 200


def test_rule_values_within_the_limits_still_parse() -> None:
    nested = "[" * MAX_RULE_DEPTH + "1" + "]" * MAX_RULE_DEPTH
    assert parse_settings([f"x={nested}", 'y="[[[[[[[[[[["', "z=" + "a" * MAX_RULE_TEXT]) == {
        "x": eval(nested.replace("[", "(").replace("]", ",)")), "y": "[[[[[[[[[[[", "z": "a" * MAX_RULE_TEXT}  # noqa: S307 - our own literal text


@pytest.mark.parametrize("command", [
    ["tournament", "machuco", "--bots", "random,random", "--games", "2"],
    ["simulate", "machuco", "--games", "1"],
    ["play", "machuco"],
    ["demo", "--game", "machuco"],
])
def test_every_command_with_rule_answers_a_deep_value_in_one_line(command: list[str],
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*command, "--rule", "players=" + "[" * 5000 + "]" * 5000]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "RecursionError" not in err
    assert "--rule players:" in err
