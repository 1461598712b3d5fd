"""One fixture for tests that need the example third-party game registered: the registry is
copied first, so the registration is undone after the test."""

from __future__ import annotations

from typing import Iterator

import naipes_toy
import pytest

from naipes import registry


@pytest.fixture(autouse=True)
def with_toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry with the toy game, restored after the test."""
    registry.games()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    if "toy" not in registry._GAMES:
        registry.register(naipes_toy.GAME_INFO)
    yield
