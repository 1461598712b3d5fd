"""Gymnasium's env checker on every game, one seat against bots (skipped without the extra)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils import seeding  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from naipes import RandomBot, find_game  # noqa: E402
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


class _Drawing(random.Random):
    """A generator of another class: the env calls its ``randrange`` (nothing inlined)."""


@pytest.mark.parametrize("game", ["machuco", "ranzo", "macarra"])
def test_random_opponents_draw_as_their_randrange_would(game: str) -> None:
    """The env picks a RandomBot opponent's move itself, ``rng.randrange(len(moves))`` inlined
    for a ``random.Random``: the games are move for move those of bots whose generator's
    ``randrange`` runs."""
    from naipes.adapters._common import INLINE_RANDRANGE
    from naipes.adapters.gymnasium import NaipesEnv

    assert INLINE_RANDRANGE  # this Python draws as the inlined steps (else randrange runs)
    fields: dict[str, int] = {"rounds": 1} if game == "ranzo" else {"players": 2}
    for seed in range(4):
        draws, _ = seeding.np_random(seed)  # what reset(seed=seed) draws: the game's seed, the bots'
        draws.integers(2**62)
        fast = NaipesEnv(game, **fields)
        asked = [RandomBot() for _ in range(fast.players - 1)]
        for bot in asked:
            bot.rng = _Drawing(int(draws.integers(2**62)))
        _, info = fast.reset(seed=seed)
        slow = NaipesEnv(game, opponents=asked, **fields)
        slow.reset(seed=seed)  # the same game (its seed is drawn first), the same bots' draws
        assert slow.game.history == fast.game.history
        rng, done = np.random.default_rng(seed), False
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, done, _, info = fast.step(action)
            slow.step(action)
            assert slow.game.history == fast.game.history
