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
