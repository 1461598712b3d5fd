"""OpenSpiel's random_sim_test on every game, and its Python search bots (skipped without the extra)."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import pyspiel  # noqa: E402

from .conftest import spaced_games  # noqa: E402


@pytest.fixture(scope="module")
def ops():  # type: ignore[no-untyped-def]
    from naipes.adapters import openspiel

    return openspiel


@pytest.mark.parametrize("game", spaced_games())
def test_random_sim_test(ops, game: str) -> None:  # type: ignore[no-untyped-def]
    pyspiel.random_sim_test(ops.load(game, seed=3), num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize("game", spaced_games())
def test_tensors_are_the_encoding_and_resampling_keeps_the_view(ops, game: str) -> None:  # type: ignore[no-untyped-def]
    spiel = ops.load(game, seed=1)
    state = spiel.new_initial_state()
    player = state.current_player()
    space = ops.space_of(spiel)
    assert state.observation_tensor(player) == pytest.approx(space.encode(state.game.view(player)))
    world = state.resample_from_infostate(player, lambda: 0.25)
    assert world.game.view(player).to_dict() == state.game.view(player).to_dict()
