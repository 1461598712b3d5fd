"""``benchmarks/bench_envs.py --interfaces``: every cell can be named (no interface name holds the
comma that separates them) and an unknown name stops the run with the known ones, before anything
is measured."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("naipes_bench_envs", ROOT / "benchmarks" / "bench_envs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_interface_can_be_named_on_the_command_line(bench: ModuleType) -> None:
    kinds = {kind for _, kind, _ in bench.cells(["machuco", "ranzo"])}
    assert {"bare", "ids"} <= kinds
    assert not [kind for kind in kinds if "," in kind]


def test_an_unknown_interface_stops_with_the_known_ones(bench: ModuleType,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        bench.main(["--games", "machuco", "--interfaces", "ids, bogus", "--smoke"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "unknown interfaces ['bogus']" in err and "known: bare, " in err and ", ids" in err
