"""Ranzo's tracker (``ActionSpace.tracker``, :mod:`naipes.ranzo._tracker`) against the view's way.

At every checked position each checked seat's tracker must give exactly
``space.encode(game.view(seat))``, ``space.legal_ids(view)``, the mask and
``space.move(i, view)``, whatever was played in between (several moves, window
answers one at a time, whole hands) and whatever ``obs`` held at the start.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes import IllegalMoveError, UsageError
from naipes.actions import Tracker as BaseTracker
from naipes.ranzo import ActionSpace, Game, Phase, Rules
from naipes.ranzo._tracker import Tracker
from ranzo.helpers import position, rules_strategy

RULES = rules_strategy(max_rounds=2)


def agree(tracker: BaseTracker[Any], space: ActionSpace, game: Game, rng: random.Random) -> None:
    """The tracker says what the view says, at this position."""
    view = game.view(tracker.seat)
    assert tuple(tracker.encode()) == space.encode(view)
    ids = tracker.legal_ids()
    assert ids == space.legal_ids(view)
    assert list(tracker.mask([9] * space.size)) == [int(i in ids) for i in range(space.size)]
    if ids:
        i = rng.choice(ids)
        assert tracker.move(i) == space.move(i, view)


def random_move(game: Game, space: ActionSpace, rng: random.Random) -> None:
    """One random legal move of a random seat to act (through its id most of the time)."""
    seat = rng.choice(game.to_act)
    moves = game.legal_moves(seat)
    game.play(moves[rng.randrange(len(moves))], seat)


# -- equivalence over random games --------------------------------------------------------------
@settings(deadline=None, max_examples=25, derandomize=True)
@given(rules=RULES, seed=st.integers(0, 2**31), gaps=st.lists(st.integers(0, 9), min_size=1, max_size=8),
       checked=st.lists(st.booleans(), min_size=4, max_size=4))
def test_trackers_agree_with_views_at_any_spacing(rules: Rules, seed: int, gaps: list[int],
                                                  checked: list[bool]) -> None:
    """Check some seats' trackers after 0..9 moves at a time, cycling through ``gaps``."""
    rng = random.Random(seed)
    game, space = Game(rules, seed=seed), ActionSpace(rules)
    trackers = [space.tracker(game, s) for s in range(game.num_players)]
    step = 0
    while not game.is_over and step < 400:
        for _ in range(gaps[step % len(gaps)]):
            if game.is_over:
                break
            random_move(game, space, rng)
        for t in trackers:
            if checked[t.seat] or step % 5 == 0:
                agree(t, space, game, rng)
        step += 1
    for t in trackers:
        agree(t, space, game, rng)


@pytest.mark.parametrize("fields", [{}, {"players": 3}, {"deck": 40, "teams": True},
                                    {"starting_points": 0, "envido_beats_truco": False, "rounds": 2},
                                    {"players": 3, "after_steal_next": "after_stealer", "rounds": 2}])
def test_every_seat_after_every_move_and_every_answer(fields: dict[str, Any]) -> None:
    rules = Rules(**fields)
    rng = random.Random(7)
    game, space = Game(rules, seed=3), ActionSpace(rules)
    trackers = [space.tracker(game, s) for s in range(game.num_players)]
    windows = 0
    while not game.is_over:
        for t in trackers:
            agree(t, space, game, rng)
        windows += game.phase is Phase.WINDOW and len(game.to_act) < game.num_players - 1
        random_move(game, space, rng)
    for t in trackers:
        agree(t, space, game, rng)
    assert windows  # half-answered windows were checked


def test_a_window_answered_seat_by_seat() -> None:
    """In a window each answer is sealed: only its seat sees it, every seat sees who answered."""
    game = position(hands={0: "1o 2o 3o 5e 7b 9c", 1: "4o 6o 4e 6e 10c", 2: "8o 9o 5c 6c 11e",
                           3: "12o 12c 2e 3b 7c"}, turn=0)
    space = ActionSpace(game.rules)
    rng = random.Random(0)
    trackers = [space.tracker(game, s) for s in range(4)]
    game.play("discard 5e", 0)
    assert game.phase is Phase.WINDOW
    for seat, answer in ((2, "pass"), (3, "truco 12o"), (1, "envido 4e 6e")):
        for t in trackers:
            agree(t, space, game, rng)
        game.play(answer, seat)
    assert game.phase is Phase.STEAL and game.stealer == 1
    for t in trackers:
        agree(t, space, game, rng)
    game.play("discard 10c", 1)
    assert game.opens[1] and game.phase is Phase.PLAY
    for t in trackers:
        agree(t, space, game, rng)


# -- the observation array -----------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_numpy_obs_rows_of_a_batch(dtype: str) -> None:
    np = pytest.importorskip("numpy")
    rules = Rules(rounds=2)
    game, space = Game(rules, seed=11), ActionSpace(rules)
    batch = np.full((game.num_players, space.observation_size), 7.0, dtype)
    trackers = [space.tracker(game, s, batch[s]) for s in range(game.num_players)]
    masks = [np.zeros(space.size, np.int8) for _ in trackers]
    rng = random.Random(1)
    while not game.is_over:
        seat = min(game.to_act)
        for t in trackers:
            assert t.encode() is t.obs and np.shares_memory(t.obs, batch)
            assert np.array_equal(batch[t.seat], np.asarray(space.encode(game.view(t.seat)), dtype))
        t = trackers[seat]
        ids = t.legal_ids()
        assert t.mask(masks[seat]) is masks[seat]
        assert np.array_equal(masks[seat], np.asarray(space.mask(game.view(seat)), np.int8))
        game.play(t.move(ids[rng.randrange(len(ids))]), seat)


def test_masks_of_other_kinds() -> None:
    np = pytest.importorskip("numpy")
    game = Game(seed=2)
    space = ActionSpace(game.rules)
    tracker = space.tracker(game, 0)
    want = space.mask(game.view(0))
    for out in (np.ones(space.size, bool), np.full(space.size, 3, np.uint8), np.ones(space.size, np.float32),
                np.ones((2, space.size), np.int8)[:, 0], [True] * space.size):
        if len(out) != space.size:
            continue
        assert [bool(x) for x in tracker.mask(out)] == list(want)


def test_a_tracker_made_mid_game_over_garbage() -> None:
    rng = random.Random(4)
    game = Game(Rules(players=3), seed=4)
    space = ActionSpace(game.rules)
    for k in range(60):
        random_move(game, space, rng)
        if k % 7 == 0:
            for seat in range(3):
                agree(space.tracker(game, seat, [float(k)] * space.observation_size), space, game, rng)


def test_positions_and_the_end_of_the_game() -> None:
    rng = random.Random(5)
    game = position(hands={0: "1o 2o 3o 5e 7b", 1: "4o 6o", 2: "8o 9o 5c 6c 11e",
                           3: "12o 12c 2e 3b 7c"}, turn=0, window=True, discards="9e",
                    open_juegos=[[], ["1c 2c 3c"], [], []])
    space = ActionSpace(game.rules)
    trackers = [space.tracker(game, s) for s in range(4)]
    while not game.is_over:
        for t in trackers:
            agree(t, space, game, rng)
        random_move(game, space, rng)
    for t in trackers + [space.tracker(game, s) for s in range(4)]:
        agree(t, space, game, rng)
        assert t.legal_ids() == ()


def test_the_game_gives_this_tracker() -> None:
    game = Game(seed=1)
    assert type(ActionSpace(game.rules).tracker(game, 2)) is Tracker


# -- ids that name no move ----------------------------------------------------------------------
@pytest.mark.parametrize("bad", [-1, 250, 10**9, True, 1.0, "3", None])
def test_bad_ids_raise_as_the_space_does(bad: Any) -> None:
    game = Game(seed=1)
    space = ActionSpace(game.rules)
    tracker = space.tracker(game, 0)
    with pytest.raises(UsageError) as mine:
        tracker.move(bad)
    with pytest.raises(UsageError) as theirs:
        space.move(bad, game.view(0))
    assert mine.value.code == theirs.value.code == "no_such_action"
    assert str(mine.value) == str(theirs.value)


def test_ids_of_moves_not_legal_now_still_name_them() -> None:
    """Every Ranzo id names a move in every position (the engine refuses the illegal ones)."""
    np = pytest.importorskip("numpy")
    game = Game(seed=1)
    space = ActionSpace(game.rules)
    tracker = space.tracker(game, 1)
    assert tracker.legal_ids() == ()
    assert tracker.move(np.int64(0)) == space.move(0) and str(tracker.move(1)) == "pass"
    with pytest.raises(IllegalMoveError) as err:
        game.play(tracker.move(0), 1)
    assert err.value.code == "not_your_turn"


# -- the engine's change fields the tracker reads -----------------------------------------------
def _masks_agree(game: Game) -> None:
    """``_known_bits`` is ``_known`` as masks; ``_pops`` never exceeds the steals of the hand."""
    bit = game._t.bit_id
    assert game._known_bits == [sum(bit[id(c)] for c in k) for k in game._known]
    assert game._pops >= 0


@settings(deadline=None, max_examples=15, derandomize=True)
@given(rules=RULES, seed=st.integers(0, 2**31))
def test_known_masks_follow_every_move_clone_load_and_sample(rules: Rules, seed: int) -> None:
    """After each move, and in every clone, reloaded game and determinized world, the masks
    match the known cards, and a tracker over the reloaded game still agrees with its views."""
    rng = random.Random(seed)
    game, space = Game(rules, seed=seed), ActionSpace(rules)
    for step in range(300):
        if game.is_over:
            break
        random_move(game, space, rng)
        _masks_agree(game)
        if step % 37 == 5:
            for other in (game.clone(), Game.from_dict(game.to_dict()), game.view(0).sample(rng)):
                _masks_agree(other)
                if not other.is_over:
                    tracker = space.tracker(other, 0)
                    for _ in range(6):
                        if other.is_over:
                            break
                        agree(tracker, space, other, rng)
                        random_move(other, space, rng)
                        _masks_agree(other)


# -- the one observation writer: the engine's sight is the view's --------------------------------
def _sight_fields(s: Any, p: Any) -> dict[str, Any]:
    """What the writer reads as values: a sight's fields and the public part ``p``'s (not
    ``_pops``, ``_laid``: they only let it skip work), the engine's lists and the view's tuples
    made alike."""
    names = ("seat", "hand", "claim_card", "claim", "my_answer", "answered", "acting", "sizes", "stock",
             "stealer")  # (listed: a compiled Sight keeps no annotations)
    public = ("_discards", "_opens", "_known_bits", "_last_window", "_balances", "_phase", "_turn", "_dealer",
              "_hand_no")
    out = {name: getattr(s, name) for name in names}
    out.update((name, getattr(p, name)) for name in public)
    for name in ("hand", "_discards", "_known_bits", "sizes", "_balances"):
        out[name] = tuple(out[name])
    out["_opens"] = tuple(tuple(o) for o in p._opens)
    return out


@settings(deadline=None, max_examples=20, derandomize=True)
@given(rules=RULES, seed=st.integers(0, 2**31))
def test_the_engines_sight_is_the_views_sight(rules: Rules, seed: int) -> None:
    """What the tracker's writer reads (``look(game, seat)`` and the engine's public part) equals
    what ``encode(view)``'s writer reads (``sight_of_view(view)``, both parts), field by field,
    for every seat after every move and answer."""
    from naipes.ranzo._observation import Sight, look, sight_of_view

    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    steps = 0
    while steps < 300:
        for s in range(game.num_players):
            seen = sight_of_view(game.view(s))
            assert _sight_fields(look(game, s, Sight()), game) == _sight_fields(seen, seen)
        if game.is_over:
            break
        random_move(game, ActionSpace(rules), rng)
        steps += 1
