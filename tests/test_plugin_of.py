"""naipes.plugin.plugin_of: the plugin of the game a view, game, move or event belongs to."""

from __future__ import annotations

from typing import Iterator

import attrs
import naipes_toy
import pytest

from naipes import machuco, registry
from naipes.errors import UsageError
from naipes.plugin import GamePlugin, plugin, plugin_of


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    registry.games()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    registry.register(naipes_toy.GAME_INFO)
    yield


class Subclassed(naipes_toy.Game):
    """A toy written in another module (here, a test's): it still belongs to the toy."""

    __slots__ = ()


def test_views_games_moves_and_events_find_their_game() -> None:
    game = naipes_toy.Game(seed=3)
    p = plugin("toy")
    assert plugin_of(game) is p and plugin_of(game.view(1)) is p
    assert plugin_of(game.legal_moves()[0]) is p and plugin_of(game.opening_events[0]) is p
    assert plugin_of(Subclassed(seed=1)) is p and plugin_of(Subclassed(seed=1).view(0)) is p
    ours = machuco.Game(seed=1)
    assert plugin_of(ours.view(0)) is plugin("machuco") and plugin_of(ours) is plugin("machuco")


@pytest.mark.parametrize("thing", ["7o", 3, None, object(), GamePlugin])
def test_an_object_of_no_registered_game_is_a_clear_error(thing: object) -> None:
    with pytest.raises(UsageError) as caught:
        plugin_of(thing)
    assert caught.value.code == "no_such_game"


def test_an_unregistered_game_is_not_found(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_GAMES", {k: v for k, v in registry._GAMES.items() if v.name != "toy"})
    with pytest.raises(UsageError) as caught:
        plugin_of(naipes_toy.Game(seed=1))
    assert caught.value.code == "no_such_game"


def test_a_module_prefix_is_not_a_game_and_the_longest_module_wins() -> None:
    fake = type("View", (), {"__module__": "naipes_toyextra.view"})()
    with pytest.raises(UsageError):
        plugin_of(fake)
    # a game registered with the parent package of machuco's: machuco's own module is longer
    outer = attrs.evolve(naipes_toy.GAME_INFO, name="outer", aliases=(), module="naipes", plugin=None)
    registry.register(outer)
    assert plugin_of(machuco.Game(seed=1).view(0)).info.name == "machuco"
    assert plugin_of(naipes_toy.Game(seed=1)).info.name == "toy"

def test_a_broken_plugin_is_reported_not_hidden() -> None:
    registry.register(attrs.evolve(naipes_toy.GAME_INFO, plugin="naipes_toy:NoSuch"))
    with pytest.raises(UsageError) as caught:
        plugin_of(naipes_toy.Game(seed=1))
    assert caught.value.code == "bad_plugin"
