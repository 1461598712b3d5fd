"""Bots that end their process: ``os._exit``, a segfault, ``sys.exit``.

Under ``jobs=`` a dead worker process used to break the whole pool
(``BrokenProcessPool``: a traceback, no results), and ``sys.exit`` ended the
tournament with the bot's status. Now each is the failing bot's forfeit (the
pool is replaced and the games go on), or, with ``on_error="stop"``, one line
and the games before it saved. The bots live in a module in a temporary
directory and reach the workers through ``bot_path``, as a user's bots would.
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import naipes
from naipes import NaipesError, tournament
from naipes.tournament import BotFailedError
from naipes.tournament._save import record_name
from naipes.tournament._schedule import Schedule

RULES = {"players": 2, "scope": "hand"}
GAMES = 12
#: Where the naipes the tests import lives: the command runs the same one.
SRC = str(Path(naipes.__file__).resolve().parents[1])

DYING = '''
import faulthandler
import os
import signal
import sys

from naipes import RandomBot


class _Third(RandomBot):
    """Fails at its third decision in the games whose bot seed is a multiple of 3."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.fails = seed is not None and seed % 3 == 0
        self.calls = 0

    def choose(self, view):
        self.calls += 1
        if self.fails and self.calls == 3:
            self.fail()
        return super().choose(view)


class Exits(_Third):
    def fail(self):
        os._exit(3)


class Segfaults(_Third):
    def fail(self):
        faulthandler.disable()  # no dump of the stack on the test's stderr
        os.kill(os.getpid(), signal.SIGSEGV)


class Quits(_Third):
    def fail(self):
        sys.exit(4)


class Raises(_Third):
    def fail(self):
        raise RuntimeError("the twin that raises")


class AlwaysExits(RandomBot):
    def choose(self, view):
        os._exit(5)


class DiesBuilt(RandomBot):
    """Ends its process when built with an odd seed (run() builds each spec once with seed 0)."""

    def __init__(self, seed=None):
        if seed is not None and seed % 2:
            os._exit(6)
        super().__init__(seed)


class AlwaysRaises(RandomBot):
    def choose(self, view):
        raise RuntimeError("never plays")
'''


@pytest.fixture
def bots(tmp_path: Path) -> Path:
    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / "dyingbots_q7.py").write_text(DYING)
    return folder


def _run(bots: Path, bad: str, **kwargs: Any) -> tournament.TournamentResult:
    kwargs.setdefault("games", GAMES)
    return tournament.run("machuco", ["random", f"dyingbots_q7:{bad}"], rules=RULES, seed=5, bot_path=[bots],
                          **kwargs)


def _shape(result: tournament.TournamentResult) -> list[tuple[Any, ...]]:
    """What a game came to, but the failing bot's words."""
    return [(r.index, r.ranking, r.winners, r.returns, r.moves,
             None if r.forfeit is None else (r.forfeit.entrant, r.forfeit.seat, r.forfeit.moves))
            for r in result.records]


@pytest.mark.parametrize(("bad", "how"), [("Exits", "exit status 3"), ("Segfaults", "killed by signal SIGSEGV")])
def test_a_dead_worker_forfeits_its_game_and_the_rest_go_on(bots: Path, bad: str, how: str) -> None:
    result = _run(bots, bad, jobs=2, on_error="forfeit")
    twin = _run(bots, "Raises", on_error="forfeit")  # in this process: the same failures, raised
    assert len(result.records) == GAMES and 0 < len(result.forfeits) < GAMES
    assert _shape(result) == _shape(twin)
    for forfeit in result.forfeits:
        assert (forfeit.code, forfeit.error, forfeit.bot) == ("bot_failed", "worker_died", f"dyingbots_q7:{bad}")
        assert forfeit.message == f"the process playing the game died in choose ({how})"
    assert result.entrants[1].forfeits == len(result.forfeits)
    json.dumps(result.to_dict(records=True), allow_nan=False)


def test_a_bot_whose_process_dies_while_it_is_built_forfeits_before_any_move(bots: Path) -> None:
    result = _run(bots, "DiesBuilt", jobs=2, on_error="forfeit")
    schedule = Schedule(5, result.lineups, True)
    odd = [r.index for r in result.records if schedule.bot_seed(r.index, r.seats.index(1)) % 2]
    assert odd and [f.game for f in result.forfeits] == odd
    assert {(f.moves, f.message) for f in result.forfeits} == {
        (0, "the process playing the game died building its bot (exit status 6)")}
    assert all(f.seat == result.records[f.game].seats.index(1) for f in result.forfeits)


def test_sys_exit_is_a_forfeit_in_this_process_and_in_a_pool(bots: Path) -> None:
    here = _run(bots, "Quits", on_error="forfeit")
    pool = _run(bots, "Quits", on_error="forfeit", jobs=2)
    assert here == pool and _shape(here) == _shape(_run(bots, "Raises", on_error="forfeit"))
    assert {f.error for f in here.forfeits} == {"SystemExit"}
    assert "the bot called sys.exit(4)" in here.forfeits[0].message
    with pytest.raises(BotFailedError) as info:
        _run(bots, "Quits")
    assert info.value.forfeit == here.forfeits[0]


def test_stop_names_the_dead_bot_and_saves_the_games_before_it(bots: Path, tmp_path: Path) -> None:
    first = _run(bots, "Exits", on_error="forfeit", jobs=2).forfeits[0]
    with pytest.raises(BotFailedError) as info:
        _run(bots, "Exits", jobs=2, save=tmp_path / "games")
    assert info.value.forfeit == first and info.value.code == "bot_failed"
    saved = sorted(p.name for p in (tmp_path / "games").iterdir())
    assert saved[:first.game + 1] == [record_name(i, GAMES) for i in range(first.game + 1)]
    failing = json.loads((tmp_path / "games" / record_name(first.game, GAMES)).read_text())
    assert failing["meta"]["forfeit"]["error"] == "worker_died"
    assert len(failing["moves"]) == first.moves  # the moves played before it died, replayable


def test_a_worker_that_dies_on_a_given_executor_is_one_clear_error(bots: Path) -> None:
    with cf.ProcessPoolExecutor(2) as pool, pytest.raises(NaipesError) as info:
        _run(bots, "AlwaysExits", games=4, executor=pool, on_error="forfeit")
    assert info.value.code == "worker_died" and "jobs=" in str(info.value)


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.run([sys.executable, "-m", "naipes", "tournament", "machuco", "--players", "2",
                           "--rule", "scope=hand", "--games", str(GAMES), "--seed", "5", *args],
                          capture_output=True, text=True, cwd=cwd, env=env, timeout=300, check=False)


@pytest.mark.parametrize("bad", ["Exits", "Segfaults", "Quits"])
def test_the_command_forfeits_prints_each_once_and_writes_the_json(bots: Path, tmp_path: Path, bad: str) -> None:
    out = tmp_path / "r.json"
    done = _cli("--bots", f"random,dyingbots_q7:{bad}", "--bot-path", str(bots), "--jobs", "2",
                "--on-error", "forfeit", "--json", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "BrokenProcessPool" not in done.stderr
    data = json.loads(out.read_text())
    forfeits = data["forfeits"]
    assert len(data["records"]) == GAMES and 0 < len(forfeits) <= 10
    assert f"{len(forfeits)} games forfeited" in done.stdout
    for forfeit in forfeits:
        assert done.stdout.count(f"game {forfeit['game']} (deal seed {forfeit['seed']})") == 1


def test_the_command_stops_with_one_line_and_the_games_saved(bots: Path, tmp_path: Path) -> None:
    done = _cli("--bots", "random,dyingbots_q7:Exits", "--bot-path", str(bots), "--jobs", "2",
                "--save", str(tmp_path / "games"), cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("naipes tournament: game ")
    assert "worker_died" in done.stderr and f"saved in {tmp_path / 'games'}" in done.stderr
    assert (tmp_path / "games" / record_name(0, GAMES)).is_file()


def test_a_bot_that_forfeits_every_game_gets_a_real_rating_interval(bots: Path) -> None:
    result = _run(bots, "AlwaysRaises", on_error="forfeit")
    assert len(result.forfeits) == GAMES
    for rating in result.ratings:
        low, high = rating.interval
        assert low < rating.rating < high and high - low > 100  # was -280 [-280, -280]
    loser = result.entrants[1]
    assert loser.score == 0.0 and loser.score_interval == tournament.wilson_interval(0, GAMES)
    assert math.isnan(loser.mean_return) and result.to_dict()["entrants"][1]["mean_return"] is None
    assert "- [-, -]" in result.table()  # no returns: no mean, not 0.00
    assert _run(bots, "AlwaysRaises", on_error="forfeit", jobs=2) == result  # nan means compare equal
    one_deal = _run(bots, "AlwaysRaises", on_error="forfeit", games=2)  # no bootstrap: the normal interval
    assert all(r.interval[0] < r.rating < r.interval[1] for r in one_deal.ratings)
