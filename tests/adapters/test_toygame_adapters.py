"""The adapters on the example third-party game (examples/toygame), through its plugin or the
generic default: PettingZoo's api_test, Gymnasium's check_env, OpenSpiel's random_sim_test
(each skipped when its extra is missing), and the caps OpenSpiel reads from the plugins."""

from __future__ import annotations

import warnings
from typing import Any, Iterator

import attrs
import naipes_toy
import pytest

from naipes import RulesError, registry
from naipes.adapters._common import has_action_space, resolve
from naipes.plugin import GamePlugin, plugin

np = pytest.importorskip("numpy")

#: The registrations of the toy every test runs with: its own GameInfo, and the generic plugin.
PLUGINS = ["own", "generic"]


class SpacePlugin(GamePlugin[Any, Any, Any]):
    """A plugin that gives the action space itself (and counts the calls)."""

    calls = 0

    def action_space(self, rules: Any = None) -> Any:
        type(self).calls += 1
        return naipes_toy.ActionSpace(rules)


class LongPlugin(GamePlugin[Any, Any, Any]):
    """A plugin that bounds the game at 50 decisions, or at a value set by the test."""

    length: Any = 50

    def max_game_length(self, rules: Any = None) -> Any:
        return type(self).length


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A copy of the registry (with the toy) that the test may change; restored after."""
    registry.games()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    registry.register(naipes_toy.GAME_INFO)
    yield


@pytest.fixture(params=PLUGINS)
def toy(request: pytest.FixtureRequest, fresh_registry: None) -> str:
    """The toy, registered with its own GameInfo or with the generic plugin (``plugin=None``)."""
    if request.param == "generic":
        registry.register(attrs.evolve(naipes_toy.GAME_INFO, plugin=None))
        assert type(plugin("toy")) is GamePlugin
    return "toy"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_and_seed_tests(toy: str, players: int) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from naipes.adapters.pettingzoo import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "Observation is not a NumPy array": a dict by design
        api_test(env(toy, players=players), num_cycles=500, verbose_progress=False)
    seed_test(lambda: env(toy, players=players), num_cycles=100)


@pytest.mark.parametrize("seat", [0, 1])
def test_gymnasium_check_env_and_an_episode(toy: str, seat: int) -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from naipes.adapters.gymnasium import env

    check_env(env(toy, seat=seat), skip_render_check=True)
    e = env(toy, seat=seat, players=3)
    _, info = e.reset(seed=4)
    rng = np.random.default_rng(1)
    terminated, reward = False, 0.0
    for _ in range(100):
        _, reward, terminated, _, info = e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated:
            break
    assert terminated and not info["illegal_action"] and 0.0 <= reward <= 1.0


def test_openspiel_random_sim_test_and_the_cap(toy: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from naipes.adapters import openspiel

    game = openspiel.load(toy, seed=3)
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
    assert game.max_game_length() == plugin(toy).max_game_length() == naipes_toy.GAME_INFO.max_decisions
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.game.history) <= game.max_game_length()


def test_the_plugins_action_space_serves_the_adapters(fresh_registry: None) -> None:
    registry.register(attrs.evolve(naipes_toy.GAME_INFO, plugin=f"{__name__}:SpacePlugin"))
    before = SpacePlugin.calls
    info, rules, space = resolve("toy", players=3)
    assert isinstance(space, naipes_toy.ActionSpace) and space.rules == rules and SpacePlugin.calls == before + 1
    assert has_action_space(info)
    without = registry.GameInfo(name="spaceless", min_players=2, max_players=4, deck="french-16",
                                module="toy_module")
    assert not has_action_space(without)
    assert has_action_space(attrs.evolve(without, plugin=f"{__name__}:SpacePlugin"))


def _spiel_game(info: registry.GameInfo, **params: Any) -> Any:
    """An OpenSpiel game of ``info`` built directly (``pyspiel`` keeps the first registration of a name)."""
    from naipes.adapters import openspiel

    cls = type("NaipesToyVariant", (openspiel.NaipesSpielGame,),
               {"info": info, "_type": openspiel._game_type(info, naipes_toy.Rules)})
    return cls(params)


def test_openspiel_cuts_a_game_at_its_plugins_max_game_length(fresh_registry: None) -> None:
    pytest.importorskip("pyspiel")
    info = attrs.evolve(naipes_toy.GAME_INFO, plugin=f"{__name__}:LongPlugin")
    registry.register(info)
    assert _spiel_game(info).max_game_length() == 50
    LongPlugin.length = 3
    try:
        game = _spiel_game(info)
        state = game.new_initial_state()
        for _ in range(3):
            state.apply_action(state.legal_actions()[0])
        assert state.is_terminal() and not state.game.is_over and state.returns() == [0.0, 0.0]
        LongPlugin.length = None  # no bound known: the default cap
        from naipes.adapters.openspiel import DEFAULT_CAP

        assert _spiel_game(info).max_game_length() == DEFAULT_CAP
        for bad in (0, -5, 2.5, "9", True):
            LongPlugin.length = bad
            with pytest.raises(RulesError) as err:
                _spiel_game(info)
            assert err.value.code == "bad_max_game_length"
    finally:
        LongPlugin.length = 50


def test_caps_are_each_games_plugin_and_the_old_table_is_deprecated() -> None:
    pytest.importorskip("pyspiel")
    from naipes.adapters import openspiel

    expected = {"machuco": 4000, "machiavelli": 3000, "macarra": 4_110_003, "ranzo": 1120, "toy": 20}
    for name, cap in expected.items():
        assert openspiel.load(name).max_game_length() == cap == plugin(name).max_game_length()
    with pytest.warns(DeprecationWarning, match="CAPS"):
        caps = openspiel.CAPS  # type: ignore[attr-defined]
    assert dict(caps) == {"machuco": 4000, "machiavelli": 3000}
    with pytest.raises(TypeError):
        caps["machuco"] = 1
    assert "CAPS" not in openspiel.__all__
    with pytest.raises(AttributeError):
        _ = openspiel.NO_SUCH_NAME  # type: ignore[attr-defined]
