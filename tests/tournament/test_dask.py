"""A tournament on a local Dask cluster of two worker processes gives the in-process result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from naipes import tournament
from naipes.cli import main

distributed = pytest.importorskip("distributed")

RULES = {"players": 2, "scope": "hand"}
BOTS = ["naipes.machuco.bots:MachucoBot", "random"]
RAISING = ("from naipes import RandomBot\n\nclass Raising(RandomBot):\n"
           "    def choose(self, view):\n        if len(view.legal_moves) == 2:\n"
           "            raise KeyError('two')\n        return super().choose(view)\n")


def _files(directory: Path) -> dict[str, object]:
    out: dict[str, object] = {}
    for path in sorted(directory.iterdir()):
        data = json.loads(path.read_text())
        data.pop("seconds", None)
        out[path.name] = data
    return out


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with distributed.LocalCluster(processes=True, n_workers=2, threads_per_worker=1, dashboard_address=None,
                                  local_directory=str(tmp_path_factory.mktemp("dask"))) as cluster:
        yield cluster


def test_dask_gives_the_in_process_result_in_chunks(cluster: Any) -> None:
    here = tournament.run("machuco", BOTS, games=30, rules=RULES, seed=4)
    with distributed.Client(cluster) as client:
        executor = client.get_executor()
        submitted: list[object] = []
        real_submit = executor.submit

        def counting_submit(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
            submitted.append(args[0])
            return real_submit(fn, *args, **kwargs)

        executor.submit = counting_submit  # type: ignore[method-assign]
        there = tournament.run("machuco", BOTS, games=30, rules=RULES, seed=4, executor=executor)
        workers = client.scheduler_info()["workers"]
    assert there == here
    assert len(workers) == 2
    assert 1 < len(submitted) < 30  # chunks of games, not one task per game


def test_the_command_runs_on_a_dask_scheduler(cluster: Any, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "machuco", "--bots", ",".join(BOTS), "--games", "16", "--players", "2",
            "--rule", "scope=hand", "--seed", "8"]
    assert main([*args, "--json", str(tmp_path / "here.json")]) == 0
    assert main([*args, "--dask", cluster.scheduler_address, "--json", str(tmp_path / "dask.json")]) == 0
    here, there = (json.loads((tmp_path / f"{n}.json").read_text()) for n in ("here", "dask"))
    here.pop("seconds"), there.pop("seconds")
    assert here == there


def test_forfeits_and_saved_records_are_the_same_on_dask(cluster: Any, tmp_path: Path) -> None:
    (tmp_path / "daskbots_h24t.py").write_text(RAISING)
    kwargs: dict[str, Any] = {"games": 20, "rules": RULES, "seed": 4, "bot_path": [tmp_path], "on_error": "forfeit"}
    bots = ["random", "daskbots_h24t:Raising"]
    here = tournament.run("machuco", bots, save=tmp_path / "here", **kwargs)
    with distributed.Client(cluster) as client:
        there = tournament.run("machuco", bots, save=tmp_path / "dask", executor=client.get_executor(), **kwargs)
        with pytest.raises(tournament.BotFailedError) as info:
            tournament.run("machuco", bots, executor=client.get_executor(),
                           **{**kwargs, "on_error": "stop"})
    assert there == here and here.forfeits and info.value.forfeit == here.forfeits[0]
    assert _files(tmp_path / "dask") == _files(tmp_path / "here")
