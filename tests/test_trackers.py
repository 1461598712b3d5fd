"""Trackers (``ActionSpace.tracker``) agree with ``encode(view)``, ``legal_ids(view)`` and
``move(i, view)`` at every position of seeded random games, for every seat, whether they are
asked after every move or only now and then (their diffs must not depend on the spacing)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from naipes import macarra, machiavelli, machuco, ranzo
from naipes.actions import Tracker
from naipes.errors import UsageError

CASES = [
    (machuco, {"players": 2, "scope": "hand"}),
    (machuco, {"players": 4, "teams": True, "scope": "hand"}),
    (machuco, {"players": 2, "scope": "chico", "malas": 3, "buenas": 3}),
    (machuco, {"players": 4, "teams": False, "scope": "hand", "envio_enabled": False}),
    (ranzo, {}),
    (ranzo, {"rounds": 1}),
    (macarra, {"players": 2}),
    (macarra, {}),
    (macarra, {"players": 3, "final_punishment": False}),
    (machiavelli, {"players": 2, "mode": "single_deal"}),
    (machiavelli, {}),
]
IDS = [f"{m.__name__.split('.')[-1]}-{'-'.join(f'{k}={v}' for k, v in r.items()) or 'default'}"
       for m, r in CASES]


def _agree(tracker: Tracker[Any], space: Any, game: Any, rng: random.Random) -> None:
    view = game.view(tracker.seat)
    assert tuple(tracker.encode()) == space.encode(view)
    ids = tracker.legal_ids()
    assert ids == space.legal_ids(view)
    mask = [7] * space.size
    assert tracker.mask(mask) == [int(i in ids) for i in range(space.size)]
    if ids:
        i = rng.choice(ids)
        assert tracker.move(i) == space.move(i, view)


def play_and_check(module: Any, fields: dict[str, Any], seed: int, every: int, max_steps: int = 3000) -> int:
    """Play a seeded random game; every ``every`` moves check each seat's tracker."""
    rng = random.Random(seed)
    rules = module.Rules(**fields)
    game = module.Game(rules, seed=seed)
    space = module.ActionSpace(rules)
    trackers = [space.tracker(game, s) for s in range(game.num_players)]
    steps = 0
    while not game.is_over and steps < max_steps:
        if steps % every == 0:
            for t in trackers:
                _agree(t, space, game, rng)
        seat = rng.choice(sorted(game.to_act))
        view = game.view(seat)
        ids = space.legal_ids(view)
        moves = game.legal_moves(seat)
        move = space.move(rng.choice(ids), view) if ids and rng.random() < 0.9 else rng.choice(moves)
        game.play(move, seat)
        steps += 1
    for t in trackers:
        _agree(t, space, game, rng)
    return steps


@pytest.mark.parametrize(("module", "fields"), CASES, ids=IDS)
@pytest.mark.parametrize("every", [1, 3])
def test_trackers_agree_with_views(module: Any, fields: dict[str, Any], every: int) -> None:
    for seed in range(3):
        assert play_and_check(module, fields, 100 * every + seed, every) > 0


def test_a_tracker_made_late_starts_from_the_whole_position() -> None:
    game = machuco.Game(machuco.Rules(players=2, scope="hand"), seed=9)
    space = machuco.ActionSpace(game.rules)
    for _ in range(7):
        game.play(game.legal_moves(game.current_player)[0], game.current_player)
    obs = [5.0] * space.observation_size
    assert tuple(space.tracker(game, 1, obs).encode()) == space.encode(game.view(1))


@pytest.mark.parametrize("module", [machuco, ranzo, macarra, machiavelli])
def test_tracker_refuses_bad_arguments(module: Any) -> None:
    game = module.Game(module.Rules(), seed=1)
    space = module.ActionSpace(module.Rules())
    with pytest.raises(UsageError) as err:
        space.tracker(game, game.num_players)
    assert err.value.code == "no_such_seat"
    with pytest.raises(UsageError) as err:
        space.tracker(game, 0, [0.0] * (space.observation_size + 1))
    assert err.value.code == "bad_out"
    other = module.ActionSpace(next(module.Rules(**f) for m, f in CASES if m is module and f))
    with pytest.raises(UsageError) as err:
        other.tracker(game, 0)
    assert err.value.code == "wrong_rules"
    tracker = space.tracker(game, 0)
    for wrong in ([0] * (space.size - 1), [0] * (space.size + 1)):
        with pytest.raises(UsageError) as err:
            tracker.mask(wrong)
        assert err.value.code == "bad_out"


def test_the_base_tracker_serves_any_action_space() -> None:
    game = machuco.Game(machuco.Rules(players=2, scope="hand"), seed=2)
    space = machuco.ActionSpace(game.rules)
    base = Tracker(space, game, 0)
    rng = random.Random(0)
    while not game.is_over:
        _agree(base, space, game, rng)
        game.play(game.legal_moves(game.current_player)[-1], game.current_player)
    _agree(base, space, game, rng)
