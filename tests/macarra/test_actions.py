"""Macarra's ActionSpace: ids of every move, masks, and the observation encoding (issue 13)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import Phase as Stage
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.cards import Card
from naipes.errors import IllegalMoveError, UsageError
from naipes.macarra import (
    BIDS,
    DRAW,
    PASS,
    ActionSpace,
    Game,
    Move,
    Phase,
    PlaceOnFoundation,
    PlaceOnPile,
    Rules,
    StartFoundation,
    View,
)

rules_st = st.builds(
    Rules,
    players=st.integers(2, 6),
    deck=st.sampled_from([40, 48]),
    decks=st.sampled_from([None, 1, 2]),
    infractions=st.sampled_from(["penalize", "forbid"]),
    ace_macarra=st.booleans(),
    final_punishment=st.booleans(),
    max_turns=st.integers(1, 40),
)

#: the fields whose difference must show in the encoding
DISTINCT = ("seat", "hand", "piles", "foundations", "held", "stock_sizes", "recycled_stocks",
            "scores", "phase", "to_act")


def _play(rules: Rules, seed: int, slips: float = 0.3, limit: int = 400) -> list[tuple[Game, list[View]]]:
    """Seeded play (forced moves, with slips into other fitting moves); every seat's view at each step."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    out = []
    for _ in range(limit):
        out.append((game, [game.view(s) for s in range(rules.players)]))
        if game.is_over:
            break
        game = game.clone()
        for seat in game.to_act[:1]:  # the bids of the punishment one at a time
            forced = game.forced_move(seat)
            moves = game.legal_moves(seat)
            move = forced if forced is not None and rng.random() > slips else moves[rng.randrange(len(moves))]
            game.play(move, seat)
    return out


def _check_ids(space: ActionSpace, view: View) -> None:
    legal = view.legal_moves
    ids = [space.index(m) for m in legal]
    assert len(set(ids)) == len(ids) == len(space.legal_ids(view))
    assert all(0 <= i < space.size for i in ids)
    for m, i in zip(legal, ids):
        assert space.has_id(m) and space.index(m, view) == i
        assert space.move(i) == m and space.move(i, view) == m
    mask = space.mask(view)
    assert len(mask) == space.size
    assert [i for i, flag in enumerate(mask) if flag] == sorted(ids)
    if view.seat not in view.to_act:
        assert not any(mask)


@settings(deadline=None, max_examples=25, derandomize=True)
@given(rules=rules_st, seed=st.integers(0, 2**31 - 1))
def test_every_legal_move_has_an_id_and_the_mask_is_the_legal_moves(rules: Rules, seed: int) -> None:
    space = ActionSpace(rules)
    size = space.size
    for game, views in _play(rules, seed):
        assert space.size == size
        for view in views:
            _check_ids(space, view)


@settings(deadline=None, max_examples=15, derandomize=True)
@given(rules=rules_st)
def test_ids_are_a_bijection_and_the_size_follows_the_rules(rules: Rules) -> None:
    space = ActionSpace(rules)
    n, k, f = rules.players, rules.deck, 4 * rules.num_decks
    assert space.size == 2 + 4 + f * (k - 4) + n * k + (11 if rules.final_punishment else 0)
    moves = [space.move(i) for i in range(space.size)]
    assert len(set(moves)) == space.size
    assert [space.index(m) for m in moves] == list(range(space.size))
    assert space.index(Move.parse(str(moves[-1]))) == space.size - 1  # equal, not identical, moves too
    assert moves[:2] == [DRAW, PASS]
    assert all(isinstance(m, StartFoundation) for m in moves[2:6])
    assert ActionSpace(rules).size == space.size


def test_the_default_layout() -> None:
    space = ActionSpace()
    assert space.rules == Rules()
    assert space.size == 321
    assert space.index(DRAW) == 0 and space.index(PASS) == 1
    assert space.index(Move.parse("1o new")) == 2 and space.index(Move.parse("1b new")) == 5
    assert space.index(Move.parse("2o f0")) == 6
    assert space.index(Move.parse("12b f3")) == 6 + 4 * 36 - 1
    assert space.index(Move.parse("1o p0")) == 150
    assert space.index(Move.parse("12b p3")) == 150 + 4 * 40 - 1
    assert [space.index(b) for b in BIDS] == list(range(310, 321))


@pytest.mark.parametrize("bad", [-1, 321, 10**9, True, False, "0", 1.0, None])
def test_an_id_out_of_range_is_refused(bad: Any) -> None:
    space = ActionSpace()
    with pytest.raises(UsageError) as info:
        space.move(bad)
    assert info.value.code == "no_such_action"


@pytest.mark.parametrize("move", [PlaceOnFoundation(Card.parse("3c"), 16),
                                  PlaceOnPile(Card.parse("3c"), 4),
                                  Move.parse("1o f0"), Move.parse("8o p0"), Move.parse("bid 11"), "draw", []])
def test_a_move_the_rules_cannot_have_has_no_id(move: Any) -> None:
    space = ActionSpace()
    assert not space.has_id(move)
    with pytest.raises(IllegalMoveError) as info:
        space.index(move)
    assert info.value.code == "no_action_id"


def test_bids_have_no_id_without_the_final_punishment() -> None:
    space = ActionSpace(Rules(final_punishment=False))
    assert space.size == 310 and not space.has_id(BIDS[3])


def test_other_rules_are_refused() -> None:
    with pytest.raises(UsageError) as info:
        ActionSpace("macarra")  # type: ignore[arg-type]
    assert info.value.code == "wrong_rules"
    view = Game(Rules(players=3), seed=1).view(0)
    with pytest.raises(UsageError) as info:
        ActionSpace().encode(view)
    assert info.value.code == "wrong_rules"


def _spec_covers(space: ActionSpace) -> None:
    start = 0
    for name, at, length in space.observation_spec:
        assert at == start and length > 0
        assert space.slice(name) == slice(at, at + length)
        start += length
    assert start == space.observation_size
    assert len({name for name, _, _ in space.observation_spec}) == len(space.observation_spec)


# no shrinking: each example compares every pair of a game's views
@settings(deadline=None, max_examples=20, derandomize=True, phases=[Stage.explicit, Stage.generate])
@given(rules=rules_st, seed=st.integers(0, 2**31 - 1))
def test_encodings_are_fixed_size_equal_for_equal_views_and_differ_where_views_do(rules: Rules, seed: int) -> None:
    space = ActionSpace(rules)
    _spec_covers(space)
    n = space.observation_size
    seen: list[tuple[dict[str, Any], tuple[float, ...]]] = []
    history = _play(rules, seed)
    for step, (game, views) in enumerate(history):
        for view in views:
            vector = space.encode(view)
            assert isinstance(vector, tuple) and len(vector) == n
            assert all(type(x) is float for x in vector)
            assert all(-1e6 < x < 1e6 for x in vector)
            filled = [0.0] * n
            assert space.encode(view, out=filled) is filled and tuple(filled) == vector
            if step % 7 == 0 or game.is_over:
                copy = game.clone().view(view.seat)
                loaded = Game.from_dict(game.to_dict()).view(view.seat)
                assert copy.to_dict() == loaded.to_dict() == view.to_dict()
                assert space.encode(copy) == space.encode(loaded) == vector
            seen.append(({f: view.to_dict()[f] for f in DISTINCT}, vector))
    for i, (fields_a, vec_a) in enumerate(seen):
        for fields_b, vec_b in seen[i + 1:]:
            if fields_a != fields_b:
                assert vec_a != vec_b, [f for f in DISTINCT if fields_a[f] != fields_b[f]]


def _position(**kw: Any) -> Game:
    args: dict[str, Any] = {"stocks": ["3o 6c", "4b", "5e"], "piles": ["7b 5c", "12c", "2e"],
                            "foundations": ["2o"]}
    args.update(kw)
    return Game.from_position(Rules(players=3), **args)


@pytest.mark.parametrize("change", [
    {"ledger": [[0, 1, 0], [0, 0, 0], [0, 0, 0]]},   # scores
    {"turn": 1},                                   # to_act
    {"piles": ["5c 7b", "12c", "2e"]},             # pile order
    {"piles": ["7b", "12c 5c", "2e"]},             # a card on another pile
    {"foundations": ["3o"], "stocks": ["6c", "4b", "5e"]},
    {"held": "6c", "stocks": ["3o", "4b", "5e"]},
    {"recycled": [1]},
    {"turns": 3},
])
def test_positions_that_differ_in_one_field_encode_differently(change: dict[str, Any]) -> None:
    space = ActionSpace(Rules(players=3))
    base, other = _position(), _position(**change)
    for seat in range(3):
        assert base.view(seat).to_dict() != other.view(seat).to_dict()
        assert space.encode(base.view(seat)) != space.encode(other.view(seat))
    assert space.encode(base.view(0)) != space.encode(base.view(1))  # the seat


def test_piles_that_differ_only_in_order_encode_differently() -> None:
    space = ActionSpace(Rules(players=2))
    a = Game.from_position(Rules(players=2), stocks=["3o", "4b"], piles=["7b 5c 2e", "12c"])
    b = Game.from_position(Rules(players=2), stocks=["3o", "4b"], piles=["2e 5c 7b", "12c"])
    assert space.encode(a.view(0)) != space.encode(b.view(0))
    top = space.slice("pile_tops")
    assert space.encode(a.view(0))[top] != space.encode(b.view(0))[top]


def test_recycled_stocks_and_a_held_card_are_encoded() -> None:
    rules = Rules(players=2)
    space = ActionSpace(rules)
    game = Game.from_position(rules, stocks=["10c 3o", "4b"], piles=["7b", "12c"], recycled=[0])
    view = game.view(1)
    vector = space.encode(view)
    assert vector[space.slice("recycled")] == (1.0, 0.0)
    stocks = vector[space.slice("stocks")]
    assert sorted(x for x in stocks if x) == [1.0 - 1 / 40, 1.0]  # 10c on top, then 3o
    assert vector[space.slice("stock_sizes")] == (2 / 40, 1 / 40)
    assert sum(vector[space.slice("unseen")]) == 1.0  # 4b, in seat 1's dealt stock
    game.play(DRAW)
    held = game.view(1)
    assert str(held.held) == "10c"
    held_vector = space.encode(held)
    assert sum(held_vector[space.slice("held")]) == 1.0 and held_vector != vector


def test_the_punishment_is_encoded() -> None:
    rules = Rules(players=3)
    space = ActionSpace(rules)
    game = Game(rules, seed=1)
    while game.turn is not None:
        move = game.forced_move()
        assert move is not None
        game.play(move)
    assert game.phase is Phase.PUNISHMENT and game.loser is not None
    bidder = game.to_act[0]
    before = space.encode(game.view(bidder))
    assert before[space.slice("phase")] == (0.0, 1.0, 0.0)
    assert before[space.slice("loser")][game.loser] == 1.0
    game.play(BIDS[7], bidder)
    after = space.encode(game.view(bidder))
    assert after[space.slice("my_bid")][7] == 1.0
    assert space.mask(game.view(bidder)) == (False,) * space.size
    for seat in game.to_act:
        game.play(BIDS[10], seat)
    over = space.encode(game.view(bidder))
    assert over[space.slice("phase")] == (0.0, 0.0, 1.0)
    assert any(over[space.slice("punishment_card")]) and any(over[space.slice("bids")])


def test_numpy_out_is_filled_in_place() -> None:
    np = pytest.importorskip("numpy")
    space = ActionSpace()
    view = Game(seed=2).view(0)
    out = np.zeros(space.observation_size, dtype=np.float32)
    assert space.encode(view, out=out) is out
    assert out.tolist() == pytest.approx(list(space.encode(view)))
    with pytest.raises(UsageError):
        space.encode(view, out=np.zeros(3))


@settings(deadline=None, max_examples=20, derandomize=True)
@given(rules=rules_st, seed=st.integers(0, 2**31 - 1), slips=st.sampled_from([0.0, 0.3, 1.0]))
def test_returns_sum_to_zero_and_stay_in_the_rules_bounds(rules: Rules, seed: int, slips: float) -> None:
    low, high = ActionSpace(rules).returns_range  # type: ignore[misc]
    game = _play(rules, seed, slips=slips, limit=5000)[-1][0]
    result = game.result
    assert result is not None
    assert sum(result.returns) == 0.0
    assert all(low <= r <= high for r in result.returns)


def test_the_bounds_of_returns() -> None:
    assert ActionSpace(Rules(infractions="forbid")).returns_range == (-34.0, 22.0)
    assert ActionSpace(Rules(infractions="forbid", ace_macarra=False, final_punishment=False)).returns_range \
        == (0.0, 0.0)
    low, high = ActionSpace().returns_range  # type: ignore[misc]
    assert low == -(3 * (Rules().max_decisions - 3) + 4 + 30) and high == Rules().max_decisions - 3 + 12 + 10
