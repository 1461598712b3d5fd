"""A tournament on a local Ray (2 CPUs) gives the in-process result, and cleans up after itself.

One test, so that Ray starts once: the API and then the command, which uses the
Ray already running in this process.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest

from naipes import tournament
from naipes.cli import main

ray = pytest.importorskip("ray")

RULES = {"players": 2, "scope": "hand"}
BOTS = ["naipes.machuco.bots:MachucoBot", "random"]
RAISING = ("from naipes import RandomBot\n\nclass Raising(RandomBot):\n"
           "    def choose(self, view):\n        if len(view.legal_moves) == 2:\n"
           "            raise KeyError('two')\n        return super().choose(view)\n")
ARGS = ["tournament", "machuco", "--bots", ",".join(BOTS), "--games", "30", "--players", "2",
        "--rule", "scope=hand", "--seed", "4"]


def _ray_dirs() -> set[str]:
    return {p.name for p in Path(tempfile.gettempdir()).glob("naipes-ray-*")}


def _result(path: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads(path.read_text())
    data.pop("seconds")
    return data


def test_ray_gives_the_in_process_result_and_removes_its_files(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    before, auth = _ray_dirs(), os.environ.get("RAY_AUTH_MODE")
    here = tournament.run("machuco", BOTS, games=30, rules=RULES, seed=4)
    assert main([*ARGS, "--json", str(tmp_path / "here.json")]) == 0
    executor = tournament.RayExecutor(num_cpus=2)
    temp_dir = executor._temp_dir
    try:
        assert temp_dir is not None and Path(temp_dir).is_dir()
        assert os.environ["RAY_AUTH_MODE"] == "disabled"
        assert executor._max_workers == 2
        there = tournament.run("machuco", BOTS, games=30, rules=RULES, seed=4, executor=executor)
        assert main([*ARGS, "--ray", "local", "--json", str(tmp_path / "ray.json")]) == 0
        _forfeits_and_records_are_the_same(tmp_path, executor)
        assert ray.is_initialized()  # the command used this Ray and left it running
    finally:
        executor.shutdown()
    assert there == here
    assert _result(tmp_path / "ray.json") == _result(tmp_path / "here.json")
    assert not ray.is_initialized()
    assert not Path(temp_dir).exists() and _ray_dirs() <= before
    assert os.environ.get("RAY_AUTH_MODE") == auth


def _forfeits_and_records_are_the_same(tmp_path: Path, executor: tournament.RayExecutor) -> None:
    """On Ray, forfeits, the stop report and every saved record are those of the in-process run."""
    (tmp_path / "raybots_h24t.py").write_text(RAISING)
    kwargs: dict[str, Any] = {"games": 12, "rules": RULES, "seed": 4, "bot_path": [tmp_path], "on_error": "forfeit"}
    bots = ["random", "raybots_h24t:Raising"]
    here = tournament.run("machuco", bots, save=tmp_path / "here", **kwargs)
    there = tournament.run("machuco", bots, save=tmp_path / "ray", executor=executor, **kwargs)
    with pytest.raises(tournament.BotFailedError) as info:
        tournament.run("machuco", bots, executor=executor, **{**kwargs, "on_error": "stop"})
    assert there == here and here.forfeits and info.value.forfeit == here.forfeits[0]
    for path in sorted((tmp_path / "here").iterdir()):
        a, b = json.loads(path.read_text()), json.loads((tmp_path / "ray" / path.name).read_text())
        a.pop("seconds", None), b.pop("seconds", None)
        assert a == b, path.name
