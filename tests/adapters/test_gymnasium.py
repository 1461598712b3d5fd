"""Gymnasium's env checker on every game, one seat against bots (skipped without the extra)."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from naipes import find_game  # noqa: E402
from naipes.adapters.gymnasium import env  # noqa: E402

from .conftest import spaced_games  # noqa: E402


@pytest.mark.parametrize("game", spaced_games())
def test_check_env(game: str) -> None:
    check_env(env(game), skip_render_check=True)


@pytest.mark.parametrize("game", spaced_games())
def test_episodes_end_with_returns_and_illegal_ids_are_punished(game: str) -> None:
    e = env(game, seat=1)
    obs, info = e.reset(seed=7)
    assert info["action_mask"].dtype == np.int8
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = e.step(illegal)
    low, high = e.space.bounds(find_game(game).returns_range)
    assert terminated and info["illegal_action"] and reward == low
    obs, info = e.reset(seed=7)
    again, _ = env(game, seat=1).reset(seed=7)
    assert (obs == again).all()
    rng = np.random.default_rng(0)
    for _ in range(20_000):
        obs, reward, terminated, truncated, info = e.step(rng.choice(np.flatnonzero(info["action_mask"])))
        if terminated:
            break
    assert terminated and not info["illegal_action"]
    assert (low, high) == e.space.bounds(find_game(game).returns_range)
    assert low <= reward <= high


@pytest.mark.parametrize("bad", [1.5, "3", True, -1, 10**9])
def test_malformed_actions_end_the_episode_as_illegal(bad: object) -> None:
    e = env("ranzo")
    e.reset(seed=2)
    before = e.game.to_dict()
    _, reward, terminated, _, info = e.step(bad)
    assert terminated and info["illegal_action"] and e.game.to_dict() == before
