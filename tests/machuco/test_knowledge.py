"""Machuco's knowledge hooks: the heuristic's move (``prior``) depends on the view alone."""

from __future__ import annotations

from naipes import machuco
from naipes.machuco import MachucoBot
from naipes.machuco._knowledge import prior


def _views_with_ties(count: int) -> list[machuco.View]:
    """Views where MachucoBot's seeds disagree (several moves tie for its best value)."""
    found = []
    for seed in range(200):
        game = machuco.Game(machuco.Rules(players=2, scope="hand"), seed=seed)
        while not game.is_over and len(found) < count:
            view = game.view(game.to_act[0])
            if len({MachucoBot(seed=s).choose(view) for s in range(8)}) > 1:
                found.append(view)
            game.play(MachucoBot(seed=seed).choose(view), game.to_act[0])
        if len(found) >= count:
            break
    return found


def test_prior_is_the_same_whatever_was_asked_before() -> None:
    views = _views_with_ties(12)
    assert len(views) == 12
    first = [prior(view) for view in views]
    for _ in range(5):
        for view in views[::-1]:
            prior(view)
        assert [prior(view) for view in views] == first
