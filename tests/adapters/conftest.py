"""The adapters' tests: every registered game with an ActionSpace, and the example toy game."""

from __future__ import annotations

from typing import Iterator

import pytest

import naipes
import naipes.registry


@pytest.fixture(scope="session", autouse=True)
def toy_registered() -> Iterator[None]:
    """The example third-party game, registered for the session (its entry point is not installed)."""
    import naipes_toy

    added = naipes_toy.GAME_INFO.name not in naipes.registry._GAMES
    if added:
        naipes.registry.register(naipes_toy.GAME_INFO)
    yield
    if added:
        for key in (naipes_toy.GAME_INFO.name, *naipes_toy.GAME_INFO.aliases):
            naipes.registry._GAMES.pop(key.casefold(), None)


def spaced_games() -> list[str]:
    """The registered games that have an ActionSpace, and the toy."""
    names = [i.name for i in naipes.games() if hasattr(i.load(), "ActionSpace")]
    return names + ["toy"]
