"""The Gymnasium vector environment: the same steps as Gymnasium's own SyncVectorEnv of the
single environments, in every autoreset mode (skipped without the extra)."""

from __future__ import annotations

from typing import Any

import pytest

gym = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from naipes.adapters.gymnasium import NaipesEnv  # noqa: E402
from naipes.adapters.vector import NaipesVectorEnv, vector_env  # noqa: E402
from naipes.errors import UsageError  # noqa: E402

from .conftest import spaced_games  # noqa: E402

SHORT: dict[str, dict[str, Any]] = {"machuco": {"players": 2, "scope": "hand"}, "ranzo": {"rounds": 1},
                                    "macarra": {"players": 2}, "machiavelli": {"players": 2}}


def _pick(masks: Any, rng: Any) -> Any:
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])


@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
@pytest.mark.parametrize("game", spaced_games())
def test_the_vector_env_steps_as_gymnasiums_sync_vector_env(game: str, mode: str) -> None:
    fields = {**SHORT.get(game, {}), "normalize_returns": True}
    ours = NaipesVectorEnv(game, 3, autoreset_mode=mode, **fields)
    theirs = gym.vector.SyncVectorEnv([lambda: NaipesEnv(game, **fields)] * 3, autoreset_mode=mode)
    assert ours.single_observation_space == theirs.single_observation_space
    assert ours.observation_space == theirs.observation_space and ours.action_space == theirs.action_space
    assert ours.metadata["autoreset_mode"] == theirs.metadata["autoreset_mode"]
    a, info_a = ours.reset(seed=11)
    b, info_b = theirs.reset(seed=11)
    assert (a == b).all() and (info_a["action_mask"] == info_b["action_mask"]).all()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(150):
        actions = _pick(info_a["action_mask"], rng)
        *mine, info_a = ours.step(actions)
        *sync, info_b = theirs.step(actions)
        assert (mine[0] == sync[0]).all() and mine[0].dtype == np.float32
        assert np.allclose(mine[1], sync[1]) and mine[1].dtype == np.float32  # float32 rewards
        assert (mine[2] == sync[2]).all() and (mine[3] == sync[3]).all()
        assert (info_a["action_mask"] == info_b["action_mask"]).all()
        assert (ours.action_masks() == info_a["action_mask"].astype(bool)).all()
        assert ours.observation_space.contains(mine[0])
        assert (np.abs(mine[1]) <= 1).all()
        if mode == "SameStep" and "final_obs" in info_b:
            assert (info_a["_final_obs"] == info_b["_final_obs"]).all()
            for i in np.flatnonzero(info_b["_final_obs"]):
                assert (info_a["final_obs"][i] == info_b["final_obs"][i]).all()
        ended += int(mine[1].any() or mine[2].any())
    assert ended or game == "machiavelli"


def test_without_copies_the_batch_arrays_are_reused_and_illegal_ids_flagged() -> None:
    envs = vector_env("ranzo", 2, copy=False, rounds=1)
    obs, info = envs.reset(seed=3)
    masks = info["action_mask"]
    illegal = int(np.flatnonzero(masks[0] == 0)[0])
    legal = int(np.flatnonzero(masks[1])[0])
    again, rewards, terminated, _, info = envs.step(np.array([illegal, legal]))
    assert again is obs and info["action_mask"] is masks
    assert info["illegal_action"].tolist() == [True, False] and terminated.tolist() == [True, False]
    assert rewards[0] == envs.space.bounds(envs.envs[0].info.returns_range)[0]


def test_disabled_autoreset_resets_by_mask_and_bad_arguments_are_refused() -> None:
    envs = NaipesVectorEnv("machuco", 2, autoreset_mode="Disabled", players=2, scope="hand")
    first, _ = envs.reset(seed=5)
    envs.step(_pick(envs.action_masks(), np.random.default_rng(1)))
    kept = envs.envs[1].game.to_dict()
    envs.reset(seed=[5, None], options={"reset_mask": np.array([True, False])})
    assert envs.envs[1].game.to_dict() == kept
    assert (envs._obs[0] == first[0]).all()
    for bad, code in ((0, "bad_num_envs"), ("2", "bad_num_envs")):
        with pytest.raises(UsageError) as err:
            NaipesVectorEnv("machuco", bad)
        assert err.value.code == code
    with pytest.raises(UsageError) as err:
        NaipesVectorEnv("machuco", 2, autoreset_mode="Sometimes")
    assert err.value.code == "bad_autoreset_mode"
    with pytest.raises(UsageError) as err:
        envs.step(np.zeros(3, int))
    assert err.value.code == "bad_actions"
    with pytest.raises(UsageError) as err:
        envs.reset(seed=[1, 2, 3])
    assert err.value.code == "bad_seeds"


@pytest.mark.parametrize("game", ["machuco", "ranzo"])
def test_64_games_step_as_64_single_envs_with_the_same_seeds(game: str) -> None:
    """Step by step, the batch's observations, masks, rewards and ends are those of 64 single
    environments seeded alike (an ended game restarts at the next step, its action ignored)."""
    fields = SHORT[game]
    envs = NaipesVectorEnv(game, 64, copy=False, **fields)
    singles = [NaipesEnv(game, **fields) for _ in range(64)]
    obs, info = envs.reset(seed=100)
    firsts = [env.reset(seed=100 + i) for i, env in enumerate(singles)]
    assert all((obs[i] == o).all() and (info["action_mask"][i] == d["action_mask"]).all()
               for i, (o, d) in enumerate(firsts))
    rng, waiting, ended = np.random.default_rng(5), [False] * 64, 0
    for _ in range(40):
        actions = _pick(info["action_mask"], rng)
        obs, rewards, terminated, _, info = envs.step(actions)
        for i, env in enumerate(singles):
            if waiting[i]:
                o, d = env.reset()
                r, t = 0.0, False
            else:
                o, r, t, _, d = env.step(int(actions[i]))
            waiting[i] = t
            ended += t
            assert (obs[i] == o).all() and (info["action_mask"][i] == d["action_mask"]).all()
            assert rewards[i] == np.float32(r) and terminated[i] == t
    assert ended


def test_the_trackers_keep_their_mask_rows_from_step_to_step() -> None:
    """Every step hands each seat's tracker the same mask row, so what it made to write a mask
    (its cache) is made once per game, not at every step."""
    envs = NaipesVectorEnv("ranzo", 4, copy=False, rounds=1)
    _, info = envs.reset(seed=2)
    rng = np.random.default_rng(0)
    before = [env._tracker._mask_out for env in envs.envs]
    for _ in range(3):
        _, _, terminated, _, info = envs.step(_pick(info["action_mask"], rng))
        assert not terminated.any()
    assert all(env._tracker._mask_out is made for env, made in zip(envs.envs, before))
    assert all(np.shares_memory(made[0], envs._masks) for made in before)


def test_each_seat_keeps_its_tracker_from_game_to_game() -> None:
    """A new game is followed by the seat's tracker of the last one (``Tracker._follow``): no
    tracker made per game (the observations stay those of a new tracker: the equality tests
    above), and a game whose tracker cannot follow gets a new one."""
    envs = NaipesVectorEnv("machuco", 3, copy=False, players=2, scope="hand")
    _, info = envs.reset(seed=4)
    trackers = [env._tracker for env in envs.envs]
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(60):
        _, _, terminated, _, info = envs.step(_pick(info["action_mask"], rng))
        ended += int(terminated.sum())
    assert ended and all(env._tracker is t and t.game is env.game for env, t in zip(envs.envs, trackers))
    other = NaipesVectorEnv("ranzo", 2, copy=False, rounds=1)  # its tracker has no _follow: new ones
    _, info = other.reset(seed=4)
    first = [env._tracker for env in other.envs]
    other.reset(seed=5)
    assert all(env._tracker is not t for env, t in zip(other.envs, first))
