"""Trackers asked only on their own seat's decisions, as a learning loop asks them.

``tests/test_trackers.py`` asks every seat's tracker after every move (or every third);
an RL loop asks a seat's tracker only when that seat decides, so several moves of the
other seats lie between two ``encode()`` calls. Machuco's tracker once missed a majo
chain that took cards off the other side's pile when that pile grew back to the same
length before the seat looked again (172 stale observations of 260,760): here each
tracker's ``encode()`` must equal the fresh ``encode(view)`` at each of its seat's decisions.
"""

from __future__ import annotations

import random
from typing import Any

import naipes_toy
import pytest

from naipes import macarra, machiavelli, machuco, ranzo

#: (module, rules fields, seeds): the short Machuco games over many seeds.
CASES = [
    (machuco, {"players": 2, "scope": "hand"}, 150),
    (machuco, {"players": 4, "teams": True, "scope": "hand"}, 150),
    (machuco, {"players": 4, "teams": False, "scope": "hand"}, 60),
    (machuco, {"players": 2}, 10),
    (ranzo, {"rounds": 1}, 12),
    (ranzo, {"rounds": 1, "players": 3}, 12),
    (ranzo, {"rounds": 1, "players": 4, "teams": True}, 8),
    (macarra, {"players": 2}, 6),
    (macarra, {}, 4),
    (machiavelli, {"players": 2, "mode": "single_deal"}, 6),
    (machiavelli, {"players": 3}, 6),
    (naipes_toy, {}, 30),
]
IDS = [f"{m.__name__.split('.')[-1]}-{'-'.join(f'{k}={v}' for k, v in r.items()) or 'default'}"
       for m, r, _ in CASES]


def own_turns(module: Any, fields: dict[str, Any], seed: int) -> tuple[int, list[str]]:
    """A seeded random game; each seat's tracker is asked only when that seat decides.
    The decisions checked, and where a tracker differed from ``encode(view)``."""
    rules = module.Rules(**fields)
    game = module.Game(rules, seed=seed)
    space = module.ActionSpace(rules)
    trackers = [space.tracker(game, s) for s in range(game.num_players)]
    rng = random.Random(seed)
    checked, wrong = 0, []
    while not game.is_over:
        for seat in game.to_act:  # a window: each seat answers in turn, each looks first
            view = game.view(seat)
            checked += 1
            if tuple(trackers[seat].encode()) != space.encode(view):
                wrong.append(f"seed {seed} move {len(game.history)} seat {seat}")
            assert trackers[seat].legal_ids() == space.legal_ids(view)
            game.play(rng.choice(game.legal_moves(seat)), seat)
    return checked, wrong


@pytest.mark.parametrize(("module", "fields", "seeds"), CASES, ids=IDS)
def test_trackers_asked_only_on_their_own_turns(module: Any, fields: dict[str, Any], seeds: int) -> None:
    checked, wrong = 0, []
    for seed in range(seeds):
        n, bad = own_turns(module, fields, seed)
        checked += n
        wrong += bad
    assert checked > 500
    assert not wrong, f"{len(wrong)} stale observations of {checked}, first: {wrong[:3]}"
