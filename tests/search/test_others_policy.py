"""DeterminizedBot(others="policy"): the other seats play the rollout policy inside the search."""

from __future__ import annotations

import pytest

from naipes import machuco, ranzo
from naipes.errors import UsageError
from naipes.search import DeterminizedBot


def _views(module, rules, seed: int, steps: int):  # type: ignore[no-untyped-def]
    game = module.Game(rules, seed=seed)
    for _ in range(steps):
        seat = min(game.to_act)
        game.play(game.legal_moves(seat)[0], seat)
    while len(game.legal_moves(min(game.to_act))) < 2:  # a decision with a choice
        seat = min(game.to_act)
        game.play(game.legal_moves(seat)[0], seat)
    return game, game.view(min(game.to_act))


def test_others_must_be_search_or_policy() -> None:
    with pytest.raises(UsageError) as err:
        DeterminizedBot(others="random")
    assert err.value.code == "bad_option"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_policy_opponents_branch_only_on_the_observer(seed: int) -> None:
    _, view = _views(ranzo, ranzo.Rules(rounds=1), seed, 5)
    modelled = DeterminizedBot(worlds=2, depth=6, seed=seed, others="policy", prune=False)
    searched = DeterminizedBot(worlds=2, depth=6, seed=seed, prune=False)
    move = modelled.choose(view)
    searched.choose(view)
    assert move in view.legal_moves
    assert 0 < modelled.last_nodes < searched.last_nodes


def test_policy_opponents_are_reproducible() -> None:
    _, view = _views(machuco, machuco.Rules(players=4, scope="hand"), 7, 3)
    moves = {DeterminizedBot(worlds=3, depth=8, seed=11, others="policy").choose(view) for _ in range(3)}
    assert len(moves) == 1


def test_policy_opponents_see_the_observers_next_decision() -> None:
    # depth 4 in 4-player Machuco: the observer's move, three policy moves, and its next decision
    # searched; with others="search" the same depth branches on every seat
    _, view = _views(machuco, machuco.Rules(players=4, scope="hand", envio_enabled=False), 3, 0)
    bot = DeterminizedBot(worlds=1, depth=5, seed=2, others="policy", prune=False)
    bot.choose(view)
    full = DeterminizedBot(worlds=1, depth=5, seed=2, prune=False)
    full.choose(view)
    assert 0 < bot.last_nodes < full.last_nodes
