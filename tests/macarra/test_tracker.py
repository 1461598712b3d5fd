"""Macarra's own tracker (``ActionSpace.tracker``): at every position, for every seat, whatever was
played since its last call, it gives exactly what ``encode(view)``, ``legal_ids(view)``, ``mask``
and ``move(i, view)`` give (issue 25)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.actions import Tracker as BaseTracker
from naipes.errors import IllegalMoveError, UsageError
from naipes.macarra import ActionSpace, Game, Move, Phase, Rules, _tracker
from naipes.macarra import _observation as _hub

rules_st = st.builds(
    Rules,
    players=st.integers(2, 5),
    deck=st.sampled_from([40, 48]),
    decks=st.sampled_from([None, 1, 2]),
    infractions=st.sampled_from(["penalize", "forbid"]),
    ace_macarra=st.booleans(),
    final_punishment=st.booleans(),
    max_turns=st.integers(1, 60),
)


def _agree(tracker: Any, space: ActionSpace, game: Game, dtype: Any = None) -> None:
    """The tracker's answers are the space's on the seat's view now."""
    view = game.view(tracker.seat)
    expected = space.encode(view)
    obs = tracker.encode()
    if dtype is None:
        assert tuple(obs) == expected
    else:
        np = pytest.importorskip("numpy")
        assert np.array_equal(obs, np.asarray(expected, dtype))
    ids = tracker.legal_ids()
    assert ids == space.legal_ids(view)
    assert tracker.mask([7] * space.size) == [int(i in ids) for i in range(space.size)]
    for i in ids[:3]:
        assert tracker.move(i) is space.move(i, view)


def _step(game: Game, rng: random.Random) -> None:
    """One move of a seat to act: mostly the forced one, else any legal move (infractions too)."""
    seat = rng.choice(sorted(game.to_act))
    forced = game.forced_move(seat)
    moves = game.legal_moves(seat)
    game.play(forced if forced is not None and rng.random() < 0.6 else rng.choice(moves), seat)


def _run(rules: Rules, seed: int, gaps: list[int], limit: int = 250, dtype: Any = None, start: int = 0) -> int:
    """Play a seeded game (``start`` moves before the trackers are made); after each gap (cycled)
    check a random subset of the seats' trackers."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    space = ActionSpace(rules)
    for _ in range(start):
        if not game.is_over:
            _step(game, rng)
    if dtype is None:
        trackers = [space.tracker(game, s) for s in range(rules.players)]
    else:
        np = pytest.importorskip("numpy")
        trackers = [space.tracker(game, s, np.full(space.observation_size, 9, dtype))
                    for s in range(rules.players)]
    steps = checks = 0
    while not game.is_over and steps < limit:
        for t in trackers:
            if rng.random() < 0.6:
                _agree(t, space, game, dtype)
                checks += 1
        for _ in range(gaps[steps % len(gaps)]):
            if game.is_over:
                break
            _step(game, rng)
        steps += 1
    for t in trackers:
        _agree(t, space, game, dtype)
    return checks


@settings(deadline=None, max_examples=40, derandomize=True)
@given(rules=rules_st, seed=st.integers(0, 2**31 - 1), gaps=st.lists(st.integers(0, 7), min_size=1, max_size=8),
       start=st.sampled_from([0, 0, 5, 40, 150]))
def test_the_tracker_is_the_view_encoding_at_every_spacing(rules: Rules, seed: int, gaps: list[int],
                                                          start: int) -> None:
    _run(rules, seed, gaps, start=start)


@pytest.mark.parametrize("fields", [{}, {"players": 2}, {"players": 3, "decks": 2},
                                    {"final_punishment": False, "max_turns": 30}])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_numpy_obs_are_the_encoding_in_their_dtype(fields: dict[str, Any], dtype: str) -> None:
    np = pytest.importorskip("numpy")
    for seed in range(3):
        _run(Rules(**fields), seed, [1, 1, 3, 0, 9], dtype=np.dtype(dtype))


def test_a_strided_or_batch_row_obs_is_written_in_place() -> None:
    np = pytest.importorskip("numpy")
    rules = Rules(players=3)
    game, space = Game(rules, seed=4), ActionSpace(rules)
    batch = np.full((3, space.observation_size), 5, np.float32)
    columns = np.full((space.observation_size, 2), 5, np.float32)
    trackers = [space.tracker(game, 0, batch[1]), space.tracker(game, 1, columns[:, 1]),
                space.tracker(game, 2, [5.0] * space.observation_size)]
    rng = random.Random(4)
    while not game.is_over:
        for t in trackers:
            expected = space.encode(game.view(t.seat))
            assert t.encode() is t.obs
            if isinstance(t.obs, list):
                assert tuple(t.obs) == expected
            else:
                assert np.array_equal(t.obs, np.asarray(expected, np.float32))
        _step(game, rng)
    trackers[0].encode()
    assert np.array_equal(batch[1], np.asarray(space.encode(game.view(0)), np.float32))
    assert (batch[0] == 5).all() and (batch[2] == 5).all() and (columns[:, 0] == 5).all()


def test_trackers_made_mid_game_start_from_the_whole_position() -> None:
    rules = Rules()
    game, space = Game(rules, seed=11), ActionSpace(rules)
    early = space.tracker(game, 2)
    early.encode()
    rng = random.Random(11)
    for n in range(60):
        _step(game, rng)
        if n % 20 == 19:
            late = space.tracker(game, n % 4, [3.0] * space.observation_size)
            _agree(late, space, game)
            _agree(early, space, game)
    other = ActionSpace(Rules())  # another space of the same rules follows the same game
    _agree(other.tracker(game, 1), other, game)


def test_a_tracker_of_a_position_and_of_a_clone() -> None:
    rules = Rules(players=2)
    game = Game.from_position(rules, stocks=["10c 3o 1e", "4b 2e"], piles=["7b", "12c 1c"],
                              foundations=["2o"], recycled=[1], turns=3)
    space = ActionSpace(rules)
    trackers = [space.tracker(game, s) for s in range(2)]
    rng = random.Random(0)
    for _ in range(120):
        if game.is_over:
            break
        for t in trackers:
            _agree(t, space, game)
        copy = game.clone()
        _agree(space.tracker(copy, 0), space, copy)
        _step(game, rng)
    for t in trackers:
        _agree(t, space, game)


def test_a_new_obs_is_written_whole() -> None:
    rules = Rules(players=2)
    game, space = Game(rules, seed=3), ActionSpace(rules)
    tracker = space.tracker(game, 0)
    tracker.encode()
    _step(game, random.Random(3))
    tracker.obs = [1.5] * space.observation_size
    _agree(tracker, space, game)
    tracker.obs = [0.0] * (space.observation_size - 1)
    with pytest.raises(UsageError) as info:
        tracker.encode()
    reference = BaseTracker(space, game, 0)
    reference.obs = [0.0] * (space.observation_size - 1)
    with pytest.raises(UsageError) as base:
        reference.encode()
    assert info.value.code == base.value.code == "bad_out"


def test_the_log_is_cut_and_trackers_behind_the_cut_copy_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_hub, "_LOG_LIMIT", 16)
    rules = Rules(players=3)
    game, space = Game(rules, seed=8), ActionSpace(rules)
    busy, idle = space.tracker(game, 0), space.tracker(game, 1)
    idle.encode()
    rng = random.Random(8)
    for _ in range(120):
        if game.is_over:
            break
        _agree(busy, space, game)
        _step(game, rng)
    assert busy._hub.start > 0  # the log was cut
    _agree(idle, space, game)


def test_moves_that_are_not_interned_fall_back_to_the_view() -> None:
    game, space = Game(Rules(), seed=2), ActionSpace()
    tracker = space.tracker(game, game.current_player)
    legal, forced = game._options()
    game._cache = (tuple(Move.parse(str(m)) for m in legal), forced)  # equal moves, other objects
    assert tracker.legal_ids() == space.legal_ids(game.view(tracker.seat))


def test_seats_not_to_act_have_no_ids_and_an_empty_mask() -> None:
    game, space = Game(Rules(), seed=5), ActionSpace()
    idle = space.tracker(game, (game.current_player + 1) % 4)
    assert idle.legal_ids() == ()
    assert idle.mask([1] * space.size) == [0] * space.size


@pytest.mark.parametrize("bad", [-1, 321, 10**9, True, "0", 1.0, None])
def test_an_id_that_is_no_action_is_refused_as_the_space_refuses_it(bad: Any) -> None:
    game, space = Game(Rules(), seed=1), ActionSpace()
    tracker = space.tracker(game, 0)
    with pytest.raises(UsageError) as info:
        tracker.move(bad)
    with pytest.raises(UsageError) as base:
        BaseTracker(space, game, 0).move(bad)
    assert info.value.code == base.value.code == "no_such_action"


def test_every_id_names_its_move_and_numpy_ints_are_ids() -> None:
    game, space = Game(Rules(), seed=1), ActionSpace()
    tracker = space.tracker(game, 0)
    assert [tracker.move(i) for i in range(space.size)] == [space.move(i) for i in range(space.size)]
    np = pytest.importorskip("numpy")
    assert tracker.move(np.int64(0)) == space.move(0)
    with pytest.raises(UsageError):
        tracker.move(np.int64(space.size))


def test_a_move_named_by_the_tracker_can_still_be_illegal_to_play() -> None:
    game, space = Game(Rules(), seed=1), ActionSpace()
    tracker = space.tracker(game, game.current_player)
    illegal = next(i for i in range(space.size) if i not in tracker.legal_ids())
    with pytest.raises(IllegalMoveError):
        game.play(tracker.move(illegal), game.current_player)


def test_the_tracker_refuses_what_the_base_refuses() -> None:
    game, space = Game(Rules(), seed=1), ActionSpace()
    for args, code in [((game, 4), "no_such_seat"), ((game, 0, [0.0] * 3), "bad_out"),
                       ((Game(Rules(players=2), seed=1), 0), "wrong_rules")]:
        with pytest.raises(UsageError) as info:
            space.tracker(*args)
        assert info.value.code == code
    assert type(space.tracker(game, 0)) is _tracker.Tracker


# -- the one observation writer: what the hub reads of a view is what it reads of the engine --------
_READ = ("_pending_answers", "to_act", "_phase", "_held", "_ftop", "_piles", "_recycled", "_infractions", "_ledger",
         "_turns", "_loser", "_capped", "_bids")


@settings(deadline=None, max_examples=25, derandomize=True)
@given(rules=rules_st, seed=st.integers(0, 2**31 - 1))
def test_the_views_shown_record_is_what_the_hub_reads_of_the_engine(rules: Rules, seed: int) -> None:
    """For every seat after every move: ``shown_of_view(view)`` has the engine's values of the
    fields the hub reads (the pending answers by seat, the turn while one is held, the stocks'
    sizes and the recycled ones' cards, the punishment card once over), and its unseen counts are
    the cards of the engine's dealt stocks."""
    from naipes.macarra._observation import layout, shown_of_view

    rng = random.Random(seed)
    game, space = Game(rules, seed=seed), ActionSpace(rules)
    lay = layout(space)
    steps = 0
    while steps < 120:
        for s in range(rules.players):
            shown = shown_of_view(game.view(s), lay)
            for name in _READ:
                mine, seen = getattr(game, name), getattr(shown, name)
                if name == "_pending_answers":  # the hub reads who answered, not what
                    mine, seen = sorted(mine), sorted(seen)
                assert mine == seen, name
            if game._held:
                assert shown._turn == game._turn
            if game._phase is Phase.OVER:
                assert shown._pcard == game._pcard
            for stock, seen, recycled in zip(game._stocks, shown._stocks, game._recycled):
                assert (stock if recycled else len(stock)) == (seen if recycled else len(seen))
            dealt = [0] * lay.k
            for stock, recycled in zip(game._stocks, game._recycled):
                for x in stock if not recycled else ():
                    dealt[lay.cidx[x]] += 1
            assert shown.unseen == dealt
        if game.is_over:
            break
        _step(game, rng)
        steps += 1
