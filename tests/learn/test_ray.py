"""Self-play on a local Ray (2 CPUs) trains exactly what a local process pool trains."""

from __future__ import annotations

from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
ray = pytest.importorskip("ray")

from naipes.learn.dmc import Settings, train  # noqa: E402


def test_ray_self_play_gives_the_process_pools_network(tmp_path: Path) -> None:
    common = dict(hidden=(16,), envs=4, max_decisions=1200, cpu_minutes=5, pool=600, minibatch=64,
                  eval_every=10**9, eval_games=4, workers=2)
    pooled = train(Settings(**common))  # type: ignore[arg-type]
    on_ray = train(Settings(ray="local", out=str(tmp_path / "ray.npz"), **common))  # type: ignore[arg-type]
    for a, b in zip(pooled.params, on_ray.params):
        assert np.array_equal(a, b)
    assert (tmp_path / "ray.npz").stat().st_size > 0
    assert not ray.is_initialized()  # the private Ray was stopped
