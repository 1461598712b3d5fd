"""PettingZoo's own conformance tests on every game (skipped without the extra)."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from naipes import IllegalMoveError  # noqa: E402
from naipes.adapters.pettingzoo import env  # noqa: E402

from .conftest import spaced_games  # noqa: E402

CASES = [(g, {}) for g in spaced_games()] + [("macarra", {"players": 3}), ("machuco", {"players": 2}),
                                             ("ranzo", {"players": 3}), ("machiavelli", {"players": 2})]


@pytest.mark.parametrize(("game", "fields"), [c for c in CASES if c[0] in spaced_games()],
                         ids=lambda c: str(c))
def test_api_and_seed_tests(game: str, fields: dict[str, int]) -> None:
    api_test(env(game, **fields), num_cycles=3000, verbose_progress=False)
    seed_test(lambda: env(game, **fields), num_cycles=300)


@pytest.mark.parametrize("game", spaced_games())
def test_masks_are_int8_numpy_ints_step_and_ansi_renders(game: str) -> None:
    e = env(game, render_mode="ansi")
    e.reset(seed=4)
    obs, *_ = e.last()
    assert obs["action_mask"].dtype == np.int8 and obs["observation"].dtype == np.float32
    action = np.int64(np.flatnonzero(obs["action_mask"])[0])
    e.step(action)
    assert isinstance(e.render(), str)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalMoveError):
        e.step(illegal)


def test_a_window_selects_its_seats_one_at_a_time() -> None:
    e = env("ranzo")
    e.reset(seed=1)
    seen = []
    for _ in range(12):
        obs, *_ = e.last()
        seen.append(e.agent_selection)
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert seen[1:4] == ["seat_1", "seat_2", "seat_3"]  # the claim window after seat 0's discard


@pytest.mark.parametrize("bad", [1.5, "3", True, None, -1, 10**9])
def test_malformed_actions_are_refused_and_change_nothing(bad: object) -> None:
    e = env("macarra", players=2)
    e.reset(seed=2)
    before = e.game.to_dict()
    with pytest.raises(IllegalMoveError):
        e.step(bad)
    assert e.game.to_dict() == before
