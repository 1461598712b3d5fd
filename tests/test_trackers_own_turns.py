"""Trackers asked only on their own seat's decisions, as a learning loop asks them.

``tests/test_trackers.py`` asks every seat's tracker after every move (or every third);
an RL loop asks a seat's tracker only when that seat decides, so several moves of the
other seats lie between two ``encode()`` calls. Machuco's tracker once missed a majo
chain that took cards off the other side's pile when that pile grew back to the same
length before the seat looked again (172 stale observations of 260,760): here each
tracker's ``encode()`` must equal the fresh ``encode(view)`` at each of its seat's
decisions (:func:`naipes.testing.check_trackers`).
"""

from __future__ import annotations

from typing import Any

import naipes_toy
import pytest

from naipes import macarra, machiavelli, machuco, ranzo
from naipes.actions import Tracker
from naipes.testing import ConformanceError, check_trackers

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


@pytest.mark.parametrize(("module", "fields", "seeds"), CASES, ids=IDS)
def test_trackers_asked_only_on_their_own_turns(module: Any, fields: dict[str, Any], seeds: int) -> None:
    rules = module.Rules(**fields)
    space = module.ActionSpace(rules)
    checked = sum(check_trackers(lambda seed: module.Game(rules, seed=seed), space, seed)
                  for seed in range(seeds))
    assert checked > 500


class BlockTracker(Tracker[Any]):
    """A tracker that re-encodes only every fourth move: stale in between."""

    def encode(self) -> Any:
        block = len(self.game.history) // 4
        if getattr(self, "_block", None) != block:
            self._block = block
            super().encode()
        return self.obs


class BlockSpace(naipes_toy.ActionSpace):
    def _tracker_type(self) -> type[Tracker[Any]]:
        return BlockTracker


@pytest.mark.parametrize("own_turns", [True, False])
def test_the_kit_catches_a_stale_tracker(own_turns: bool) -> None:
    rules = naipes_toy.Rules()
    make = lambda seed: naipes_toy.Game(rules, seed=seed)  # noqa: E731
    assert check_trackers(make, naipes_toy.ActionSpace(rules), 1, own_turns=own_turns) > 0
    with pytest.raises(ConformanceError, match="tracker's observation differs"):
        check_trackers(make, BlockSpace(rules), 1, own_turns=own_turns)
