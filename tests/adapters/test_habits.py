"""The frameworks' habits: action_masks(), registered ids, per-game modules, every rule as an
OpenSpiel parameter, serialization, bounded observations, normalised returns (each part skipped
when its extra is missing)."""

from __future__ import annotations

from typing import Any

import pytest

from naipes import RulesError, find_game
from naipes.plugin import plugin

from .conftest import spaced_games

np = pytest.importorskip("numpy")

#: Short variants: every game in a setting whose games end in a few hundred decisions.
SHORT: dict[str, dict[str, Any]] = {"machuco": {"players": 2, "scope": "hand"}, "ranzo": {"rounds": 1},
                                    "macarra": {"players": 2}, "machiavelli": {"players": 2}, "toy": {}}


def _short(game: str) -> dict[str, Any]:
    return SHORT.get(game, {})


def _random_episode(e: Any, info: dict[str, Any], rng: Any) -> tuple[float, list[Any]]:
    seen, reward, done = [], 0.0, False
    while not done:
        obs, reward, done, _, info = e.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        seen.append(obs)
        assert (e.unwrapped.action_masks() == info["action_mask"].astype(bool)).all()
    return reward, seen


# -- Gymnasium -------------------------------------------------------------------------------
@pytest.mark.parametrize("game", spaced_games())
def test_gymnasium_ids_masks_bounds_and_normalised_returns(game: str) -> None:
    gym = pytest.importorskip("gymnasium")
    from naipes.adapters.gymnasium import env, env_id, register_envs

    register_envs()  # the toy is registered after the module was imported
    eid = env_id(game)
    assert eid.startswith("naipes/") and eid.endswith("-v1") and eid in gym.registry
    e = gym.make(eid, normalize_returns=True, **_short(game))
    raw = env(game, **_short(game))
    space = raw.space
    box = e.observation_space
    low, high = space.observation_bounds()
    assert (box.low == np.array(low, np.float32)).all() and (box.high == np.array(high, np.float32)).all()
    scale = space.returns_scale(find_game(game).returns_range)
    rng = np.random.default_rng(2)
    for seed in range(2):
        obs, info = e.reset(seed=seed)
        assert box.contains(obs) and info["action_mask"].astype(bool).tolist() == e.unwrapped.action_masks().tolist()
        reward, seen = _random_episode(e, info, rng)
        assert all(box.contains(o) for o in seen)
        assert -1.0 <= reward <= 1.0
        assert reward == pytest.approx(e.unwrapped.game.result.returns[0] / scale)
        assert not e.unwrapped.action_masks().any()  # the game is over
    from gymnasium.utils.env_checker import check_env

    check_env(e.unwrapped, skip_render_check=True)


def test_gymnasium_make_imports_the_adapter_by_module_prefix() -> None:
    gym = pytest.importorskip("gymnasium")
    e = gym.make("naipes.adapters.gymnasium:naipes/Ranzo-v1", rounds=1)
    _, info = e.reset(seed=1)
    assert e.unwrapped.rules.rounds == 1 and info["action_mask"].any()


def test_bounds_hold_where_values_pass_one() -> None:
    from naipes.machiavelli.position import max_total
    from naipes.machuco.actions import SCORE_CAP

    space = plugin("machiavelli").action_space(None)
    low, high = space.observation_bounds()
    at = space.slice("totals")
    assert high[at.start] == max_total(space.rules) / space.rules.threshold > 1
    assert plugin("machuco").action_space(None).observation_bounds()[1][
        plugin("machuco").action_space(None).slice("scores").start] == SCORE_CAP
    macarra = plugin("macarra").action_space(None)
    lo, hi = macarra.observation_bounds()
    assert lo[macarra.slice("scores").start] == macarra.returns_range[0] / macarra.score_scale
    assert set(lo[:macarra.slice("scores").start]) == {0.0}


def test_a_space_without_bounds_is_unbounded_and_scale_zero_is_one() -> None:
    from naipes.actions import ActionSpace

    class Bare(ActionSpace[Any, Any, Any]):
        observation_spec = ActionSpace.spec(("a", 2))

    low, high = Bare().observation_bounds()
    assert low == (-np.inf, -np.inf) and high == (np.inf, np.inf)
    assert Bare().returns_scale((0.0, 0.0)) == 1.0 and Bare().returns_scale((-3.0, 2.0)) == 3.0


# -- PettingZoo ------------------------------------------------------------------------------
@pytest.mark.parametrize("game", spaced_games())
def test_pettingzoo_game_modules_pass_api_test(game: str) -> None:
    pytest.importorskip("pettingzoo")
    import warnings

    from pettingzoo.test import api_test

    from naipes.adapters import pettingzoo as pz

    number = pz.version(game)
    assert number == (2 if find_game(game).name == "machiavelli" else 1)  # the observation's version
    module = getattr(pz, f"{game}_v{number}")
    assert module is not None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(module.env(**_short(game)), num_cycles=200, verbose_progress=False)
    raw = module.raw_env(normalize_returns=True, **_short(game))
    assert raw.metadata["name"] == f"naipes_{find_game(game).name}_v{number}"
    raw.reset(seed=3)
    rng = np.random.default_rng(0)
    for agent in raw.agent_iter():
        obs, _, terminated, truncated, _ = raw.last()
        assert raw.observation_space(agent)["observation"].contains(obs["observation"])
        raw.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    scale = raw.space.returns_scale(find_game(game).returns_range)
    final = raw.game.result.returns
    assert all(-1.0 <= final[s] / scale <= 1.0 for s in range(len(final)))
    with pytest.raises(AttributeError):
        _ = pz.no_such_game_v1
    with pytest.raises(AttributeError):
        _ = getattr(pz, f"{game}_v7")
    if number > 1:  # an older layout's name is gone
        with pytest.raises(AttributeError):
            _ = getattr(pz, f"{game}_v1")


# -- OpenSpiel -------------------------------------------------------------------------------
@pytest.mark.parametrize("game", spaced_games())
def test_openspiel_serializes_with_an_explicit_deal(game: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from naipes.adapters import openspiel

    spiel = openspiel.load(game, seed=4, chance="explicit", normalize_returns=True, **_short(game))
    assert spiel.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    pyspiel.random_sim_test(spiel, num_sims=1, serialize=True, verbose=False)
    state = spiel.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == openspiel.DEAL_OUTCOMES
    state.apply_action(77)
    rng = np.random.default_rng(1)
    for _ in range(5):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(spiel, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state) and again.game.to_dict() == state.game.to_dict()
    assert again_game.get_parameters() == spiel.get_parameters()
    assert -1.0 <= spiel.min_utility() <= spiel.max_utility() <= 1.0


@pytest.mark.parametrize("game", [g for g in spaced_games() if g != "toy"])
def test_openspiel_has_every_rules_field_as_a_parameter(game: str) -> None:
    pytest.importorskip("pyspiel")
    import attrs

    from naipes.adapters import openspiel

    params = openspiel.parameters(game)
    rules_type = plugin(game).Rules
    assert {f.name for f in attrs.fields(rules_type)} | {"seed", "chance", "normalize_returns"} == set(params)
    spiel = openspiel.load(game)
    assert spiel.rules == rules_type() and set(spiel.get_parameters()) == set(params)


def test_openspiel_parameters_read_none_tuples_and_numbers() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from naipes.adapters import openspiel

    ranzo = openspiel.load("ranzo", rounds=1, specials=("real", "mellizos"))
    assert ranzo.rules.rounds == 1 and ranzo.rules.specials == ("real", "mellizos")
    again = pyspiel.load_game(str(ranzo))  # the game string holds the texts safely
    assert again.rules == ranzo.rules
    raw = pyspiel.load_game("naipes_ranzo", {"rounds": 2, "specials": "real,escaleron"})  # commas in the dict form
    assert raw.rules.rounds == 2 and raw.rules.specials == ("real", "escaleron")
    assert openspiel.load("ranzo", rounds=None).rules.rounds is None
    assert openspiel.load("ranzo", specials=()).rules.specials == ()
    machiavelli = openspiel.load("machiavelli", decks=3, players=3)
    assert machiavelli.rules.decks == 3
    with pytest.raises(RulesError):
        openspiel.load("ranzo", rounds="many")
    with pytest.raises(RulesError) as err:
        openspiel.load("ranzo", chance="sometimes")
    assert err.value.code == "bad_chance"


def test_openspiel_sampled_mode_is_the_default_and_unchanged() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from naipes.adapters import openspiel

    spiel = openspiel.load("ranzo", rounds=1, seed=2)
    assert spiel.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    state = spiel.new_initial_state()
    assert not state.is_chance_node() and state.current_player() in range(4)
