"""Machuco's one observation writer (:mod:`naipes.machuco._observation`): the tracker and
``ActionSpace.encode(view)`` run the same writer over a ``Sight`` and the position's public
part, so what the tracker writes after any moves is ``encode(view)``; and what the tracker's
writer reads (its sight filled from the engine, the public part from the engine itself) is what
the view's writer reads (the view's sight, both parts), field by field."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.machuco import ActionSpace, Game, Rules
from naipes.machuco._observation import Sight, look, sight_of_view

np = pytest.importorskip("numpy")

RULES = st.sampled_from([
    Rules(players=2, scope="hand"), Rules(players=4, teams=True, scope="hand"),
    Rules(players=4, teams=False, scope="hand", envio_enabled=False),
    Rules(players=2, scope="chico", malas=3, buenas=3)])
#: the fields of a sight (listed: a compiled Sight keeps no annotations) and of the public part
_FIELDS = ("seat", "hand", "deal_start", "known", "in_play", "sizes", "stock")
_PUBLIC = ("_table", "_piles", "_aside", "_plays", "_plays_done", "_hand_no", "_deal_no", "_phase", "to_act",
           "_dealer", "_scores", "_last_throw", "_last_capturer", "_ch_rank", "_ch_level", "_ch_side", "_ch_len",
           "_cantes", "_contest", "_pending", "_chicos", "_partidos", "_winner")
#: the fields that hold sequences (compared as tuples: the engine's lists, the view's tuples)
_SEQUENCES = ("hand", "_table", "_aside", "_plays", "known", "sizes", "to_act", "_scores", "_pending", "_chicos",
              "_partidos")


def sight_fields(s: Sight, p: Any) -> dict[str, Any]:
    """What the writer reads: a sight's fields and the public part ``p``'s, the engine's lists and
    the view's tuples made alike."""
    out = {name: getattr(s, name) for name in _FIELDS}
    out.update((name, getattr(p, name)) for name in _PUBLIC)
    for name in _SEQUENCES:
        out[name] = tuple(out[name])
    out["_piles"] = tuple(tuple(pile) for pile in p._piles)
    out["_plays"] = out["_plays"][s.deal_start:]  # the writer reads this deal's plays only
    out["in_play"] = None if s.in_play is None else tuple(s.in_play)
    out["_cantes"] = None if p._cantes is None else tuple((t, f.category, f.value) for t, f in p._cantes)
    if not p._ch_level:  # no chain: its number, side and stack are not read
        out["_ch_rank"] = out["_ch_side"] = out["_ch_len"] = 0
    return out


def _check(trackers: list[Any], space: ActionSpace, game: Game) -> None:
    for t in trackers:
        view = game.view(t.seat)
        obs = t.encode()
        if isinstance(obs, list):
            assert tuple(obs) == space.encode(view)
        else:  # a float32 row: the view's values rounded alike
            assert np.array_equal(obs, np.asarray(space.encode(view), dtype=obs.dtype))
        seen = sight_of_view(view, space._moves)
        assert sight_fields(look(game, t.seat, Sight()), game) == sight_fields(seen, seen)


@settings(deadline=None, max_examples=20, derandomize=True)
@given(rules=RULES, seed=st.integers(0, 2**31), gaps=st.lists(st.integers(0, 7), min_size=1, max_size=6),
       float32=st.booleans())
def test_tracker_equals_encode_of_the_view_after_any_moves(rules: Rules, seed: int, gaps: list[int],
                                                           float32: bool) -> None:
    """Some seats checked after 0..7 moves at a time: the tracker's obs (a float32 row or a list)
    is ``encode(view)``, and the engine's sight is the view's."""
    rng = random.Random(seed)
    game, space = Game(rules, seed=seed), ActionSpace(rules)
    trackers = [space.tracker(game, s, np.zeros(space.observation_size, np.float32) if float32 else None)
                for s in range(game.num_players)]
    step = 0
    while not game.is_over and step < 300:
        for _ in range(gaps[step % len(gaps)]):
            if game.is_over:
                break
            seat = rng.choice(game.to_act)
            moves = game.legal_moves(seat)
            game.play(moves[rng.randrange(len(moves))], seat)
        _check([t for t in trackers if (t.seat + step) % 2 == 0 or step % 5 == 0], space, game)
        step += 1
    _check(trackers, space, game)


@settings(deadline=None, max_examples=15, derandomize=True)
@given(seed=st.integers(0, 2**31))
def test_cards_out_of_play_are_written_by_the_same_writer(seed: int) -> None:
    """A position with cards out of play: the tracker writes ``out_of_play`` as the view does
    (once the view's way in the tracker; now the one writer), through a whole game."""
    rng = random.Random(seed)
    rules = Rules(players=2)
    game = Game.from_position(rules, hands=[["2e", "12c", "5o"], ["2b", "11c", "7e"]], table=["3o", "4c"],
                              stock=["1o", "6c", "10b", "3e", "4o", "5b"], seed=seed)
    space = ActionSpace(rules)
    trackers = [space.tracker(game, s) for s in range(2)]
    _check(trackers, space, game)
    assert sum(trackers[0].encode()[space.slice("out_of_play")]) == 40 - 14
    steps = 0
    while not game.is_over and steps < 200:
        seat = rng.choice(game.to_act)
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
        _check(trackers, space, game)
        steps += 1


@settings(deadline=None, max_examples=15, derandomize=True)
@given(rules=RULES, seed=st.integers(0, 2**31), moves=st.integers(0, 30), later=st.integers(0, 30),
       float32=st.booleans())
def test_a_tracker_following_a_new_game_writes_what_a_new_tracker_writes(
        rules: Rules, seed: int, moves: int, later: int, float32: bool) -> None:
    """``_follow`` (a learning environment's next game): the tracker of an old game, moved to a
    new one at any position, gives the new tracker's obs, ids and mask, also after more moves."""
    rng = random.Random(seed)
    space = ActionSpace(rules)

    def played(game: Game, count: int) -> Game:
        for _ in range(count):
            if game.is_over:
                break
            seat = rng.choice(game.to_act)
            legal = game.legal_moves(seat)
            game.play(legal[rng.randrange(len(legal))], seat)
        return game

    old = played(Game(rules, seed=seed), moves)
    row = np.zeros(space.observation_size, np.float32) if float32 else None
    follower = space.tracker(old, 0, row)
    follower.encode()
    mask = np.zeros(space.size, np.int8)
    follower.mask(mask)
    new = played(Game(rules, seed=seed + 1), later)
    assert follower._follow(new) and follower.game is new
    for _ in range(3):
        fresh = space.tracker(new, 0, None if row is None else np.zeros(space.observation_size, np.float32))
        assert list(follower.encode()) == list(fresh.encode())
        assert follower.legal_ids() == fresh.legal_ids()
        assert list(follower.mask(mask)) == list(fresh.mask(np.zeros(space.size, np.int8)))
        _check([follower], space, new)
        played(new, 3)


def test_a_tracker_does_not_follow_a_game_of_other_rules() -> None:
    space = ActionSpace(Rules(players=2, scope="hand"))
    game = Game(Rules(players=2, scope="hand"), seed=1)
    tracker = space.tracker(game, 1)
    tracker.encode()
    before = list(tracker.obs)
    assert not tracker._follow(Game(Rules(players=4, scope="hand"), seed=1))
    assert tracker.game is game and list(tracker.encode()) == before


@settings(deadline=None, max_examples=12, derandomize=True)
@given(rules=RULES, seed=st.integers(0, 2**31), pickled=st.booleans())
def test_the_mask_written_into_the_same_array_is_the_views_legal_ids(rules: Rules, seed: int,
                                                                     pickled: bool) -> None:
    """The tracker's mask, written again and again into the same arrays (from the engine's legal
    moves, no sort), marks exactly ``legal_ids(view)``; a pickled game's moves are not the
    space's objects (found by value then)."""
    import pickle

    rng = random.Random(seed)
    game, space = Game(rules, seed=seed), ActionSpace(rules)
    if pickled:
        game = pickle.loads(pickle.dumps(game))
    trackers = [space.tracker(game, s) for s in range(game.num_players)]
    masks = [np.full(space.size, 7, np.int8) for _ in trackers]
    steps = 0
    while not game.is_over and steps < 120:
        for t, mask in zip(trackers, masks):
            t.mask(mask)
            assert tuple(np.flatnonzero(mask)) == space.legal_ids(game.view(t.seat)) == t.legal_ids()
            assert set(mask.tolist()) <= {0, 1}
        seat = rng.choice(game.to_act)
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
        steps += 1
