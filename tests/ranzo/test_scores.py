"""``scores`` means one thing in Ranzo: one value per side of ``game.sides`` (issue 22)."""

from __future__ import annotations

import random

import pytest

from naipes.events import HandEnded, ScoresChanged
from naipes.ranzo import Game, Rules


def _play_out(rules: Rules, seed: int) -> tuple[Game, list[tuple[int, ...]], list[tuple[int, ...]]]:
    game = Game(rules, seed=seed)
    changed: list[tuple[int, ...]] = []
    ended: list[tuple[int, ...]] = []
    game.events.subscribe(ScoresChanged, lambda e: changed.append(e.totals))
    game.events.subscribe(HandEnded, lambda e: ended.append(e.scores))
    rnd = random.Random(seed)
    while not game.is_over:
        for seat in game.to_act:
            moves = game.legal_moves(seat)
            game.play(moves[rnd.randrange(len(moves))], seat)
            assert len(game.scores) == len(game.sides)
            if changed:
                assert changed[-1] == game.scores
    return game, changed, ended


@pytest.mark.parametrize("seed", [1, 2])
def test_with_teams_scores_are_the_two_team_totals_everywhere(seed: int) -> None:
    game, changed, ended = _play_out(Rules(teams=True, rounds=2), seed)
    b = game.balances
    assert len(b) == 4 and game.sides == ((0, 2), (1, 3))
    assert game.scores == game.team_totals == (b[0] + b[2], b[1] + b[3])
    result = game.result
    assert result is not None
    assert result.scores == game.scores and result.balances == b
    assert len(ended) == 2 and ended[-1] == game.scores
    assert all(len(t) == 2 for t in changed)
    assert game.view(0).scores == b  # the view keeps every seat's balance


def test_without_teams_scores_are_the_balances() -> None:
    game, _, ended = _play_out(Rules(rounds=2), 3)
    assert game.scores == game.balances and len(game.scores) == 4 and game.team_totals is None
    result = game.result
    assert result is not None and result.scores == game.scores == ended[-1]
