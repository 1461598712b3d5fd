"""Machuco's ActionSpace (issue 13): every move has an id, ids round-trip, the mask is the legal
moves, and the observation is fixed-size, built from the view alone, equal for equal views and
different for views that differ in hand, table, piles, scores, phase or to_act."""

from __future__ import annotations

import math
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes import Card
from naipes.errors import IllegalMoveError, UsageError
from naipes.machuco import (
    MAYOR,
    NO_QUIERO,
    QUIERO,
    ActionSpace,
    Envio,
    Game,
    Move,
    Phase,
    PlayCard,
    Rules,
    View,
)
from naipes.machuco.actions import MAYOR_ID, NO_QUIERO_ID, QUIERO_ID
from naipes.machuco.moves import envio, play_card

from ._helpers import game_with

VARIANTS = [
    Rules(players=2, scope="hand"),
    Rules(players=2, scope="chico", envio_limit=7, contested_cante_resolution="end_of_hand"),
    Rules(scope="hand"),
    Rules(scope="hand", teams=False, compulsory_capture=True),
    Rules(players=2, scope="hand", envio_enabled=False, majo_chain_scoring="last_only"),
    Rules(scope="hand", envio_limit=2, limpia_on_last_play=True),
]
SEEDS = st.integers(0, 2**31 - 1)


def _play(rules: Rules, seed: int, limit: int = 400) -> list[tuple[Game, View]]:
    """Random seeded play: the game (a clone) and the view of every seat at each decision."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    out: list[tuple[Game, View]] = []
    while not game.is_over and len(out) < limit:
        snapshot = game.clone()
        out += [(snapshot, game.view(s)) for s in range(rules.players)]
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    out += [(game, game.view(s)) for s in range(rules.players)]
    return out


def _expected_size(rules: Rules) -> int:
    return 43 + (rules.envio_limit - 1 if rules.envio_enabled else 0)


# -- ids ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", VARIANTS)
def test_size_is_fixed_by_the_rules(rules: Rules) -> None:
    space = ActionSpace(rules)
    assert space.size == ActionSpace(attrs.evolve(rules)).size == _expected_size(rules)
    assert [str(space.move(i)) for i in (0, 9, 10, 39)] == ["1o", "12o", "1c", "12b"]
    assert (space.move(MAYOR_ID), space.move(QUIERO_ID), space.move(NO_QUIERO_ID)) == (MAYOR, QUIERO, NO_QUIERO)
    envios = [space.move(i) for i in range(43, space.size)]
    limit = rules.envio_limit if rules.envio_enabled else 1
    assert envios == [Envio(a) for a in range(2, limit + 1)]
    assert [space.index(space.move(i)) for i in range(space.size)] == list(range(space.size))
    assert ActionSpace().rules == Rules() and ActionSpace().size == 47


def test_every_move_kind_has_a_view_free_id() -> None:
    space = ActionSpace()
    for i, card in enumerate(Card.parse_many("1o 2o 3o 4o 5o 6o 7o 10o 11o 12o 1c")):
        assert space.index(play_card(card)) == space.index(PlayCard(card)) == i
        assert space.move(i) is play_card(card)
    assert space.index(Envio(5)) == space.index(envio(5)) == 46 and space.move(46) is envio(5)
    assert space.index(MAYOR, None) == 40 and space.has_id(QUIERO)
    for no_id in (Envio(1), Envio(6), Envio(0), PlayCard(Card.parse("8o")), "3o", 3, None, ["3o"]):
        assert not space.has_id(no_id)  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError) as err:
            space.index(no_id)  # type: ignore[arg-type]
        assert err.value.code == "no_action_id"


@pytest.mark.parametrize("bad", [-1, 47, 10**9, True, False, "3", 3.0, None, "3o"])
def test_move_of_a_bad_id_raises(bad: Any) -> None:
    space = ActionSpace()
    with pytest.raises(UsageError) as err:
        space.move(bad)
    assert err.value.code == "no_such_action"


def test_numpy_ids_are_accepted() -> None:
    np = pytest.importorskip("numpy")
    space = ActionSpace()
    assert space.move(np.int64(40)) is MAYOR and space.move(np.int8(3)) is space.move(3)


def _check_ids(space: ActionSpace, view: View) -> None:
    legal = view.legal_moves
    ids = [space.index(m, view) for m in legal]
    assert [space.index(m) for m in legal] == ids  # the view is not needed
    assert len(set(ids)) == len(ids) == len(space.legal_ids(view))
    assert sorted(ids) == list(space.legal_ids(view))
    assert all(space.move(i, view) == m and space.move(i) == m for i, m in zip(ids, legal))
    mask = space.mask(view)
    assert len(mask) == space.size and all(type(b) is bool for b in mask)
    assert [i for i, b in enumerate(mask) if b] == sorted(ids)
    if view.seat not in view.to_act:
        assert not any(mask) and legal == ()


@settings(deadline=None, max_examples=25, derandomize=True)
@given(st.sampled_from(VARIANTS), SEEDS)
def test_ids_round_trip_and_the_mask_is_the_legal_moves(rules: Rules, seed: int) -> None:
    space = ActionSpace(rules)
    size = space.size
    for _, view in _play(rules, seed):
        _check_ids(space, view)
        assert space.size == size


def test_contested_cante_ids() -> None:
    game, _ = game_with(Rules(players=2, scope="hand"), [["2o 2c 6e", "10o 10c 4e"]])
    space = ActionSpace(game.rules)
    view = game.view(0)
    assert view.phase is Phase.DECIDE
    _check_ids(space, view)
    assert space.legal_ids(view) == (40, 43, 44, 45, 46)  # mayor, envío 2..5
    _check_ids(space, game.view(1))
    game.play(space.move(45))  # envío 4
    view = game.view(1)
    assert view.phase is Phase.RESPOND and space.legal_ids(view) == (41, 42)
    _check_ids(space, view)
    assert space.mask(game.view(0)) == (False,) * space.size


# -- the observation ---------------------------------------------------------------------------
@pytest.mark.parametrize("rules", VARIANTS)
def test_spec_covers_the_vector(rules: Rules) -> None:
    space = ActionSpace(rules)
    at = 0
    for name, start, length in space.observation_spec:
        assert start == at and length > 0, name
        assert space.slice(name) == slice(start, start + length)
        at += length
    assert at == space.observation_size
    names = [name for name, _, _ in space.observation_spec]
    assert len(set(names)) == len(names)
    for name in ("hand", "table", "piles", "scores", "phase", "to_act", "seat"):
        assert name in names
    with pytest.raises(UsageError) as err:
        space.slice("nothing")
    assert err.value.code == "no_such_slice"


def _check_encoding(space: ActionSpace, view: View) -> tuple[float, ...]:
    vector = space.encode(view)
    assert type(vector) is tuple and len(vector) == space.observation_size
    assert all(type(x) is float and math.isfinite(x) and 0.0 <= x <= 2.0 for x in vector)
    for name in ("phase", "seat", "dealer"):
        part = vector[space.slice(name)]
        assert sorted(part)[-1] == 1.0 and sum(part) == 1.0, name
    cards = vector[space.slice("hand")]
    assert sum(cards) == len(view.hand) and all(cards[i] for i in map(_card_id, view.hand))
    assert sum(vector[space.slice("table")]) == len(view.table)
    assert sum(vector[space.slice("piles")]) == sum(len(p) for p in view.piles)
    assert vector[space.slice("seat")][view.seat] == 1.0
    own = vector[space.slice("to_act")][0]
    assert own == (1.0 if view.seat in view.to_act else 0.0)  # relative to the seat: its own flag first
    assert vector[space.slice("scores")][0] == view.scores[view.side] / view.rules.target
    return vector


def _card_id(card: Card) -> int:
    return ActionSpace().index(play_card(card))


def _key(view: View) -> dict[str, Any]:
    """The fields the encoding must tell apart (hand, table and piles as sets: their order is not
    encoded and has no rule effect)."""
    return {
        "hand": sorted(map(str, view.hand)), "table": sorted(map(str, view.table)),
        "piles": [sorted(map(str, p)) for p in view.piles], "scores": view.scores,
        "phase": view.phase, "to_act": view.to_act,
    }


@settings(deadline=None, max_examples=20, derandomize=True)
@given(st.sampled_from(VARIANTS), SEEDS)
def test_equal_views_encode_equally_and_different_views_differently(rules: Rules, seed: int) -> None:
    space = ActionSpace(rules)
    by_vector: dict[tuple[float, ...], tuple[dict[str, Any], dict[str, Any]]] = {}
    rng = random.Random(seed)
    for game, view in _play(rules, seed, limit=160):
        vector = _check_encoding(space, view)
        seat = view.seat
        if rng.random() < 0.15:
            for twin in (game.clone().view(seat), Game.from_dict(game.to_dict()).view(seat),
                         view.sample(rng).view(seat)):
                assert twin.to_dict() == view.to_dict()
                assert space.encode(twin) == vector
        key = _key(view)
        earlier = by_vector.setdefault(vector, (key, view.to_dict()))
        assert earlier[0] == key, f"two views differing in {[k for k in key if key[k] != earlier[0][k]]} " \
                                  "encode equally"


def test_encodings_differ_field_by_field() -> None:
    """Views that differ in exactly one field (built with attrs.evolve) encode differently."""
    game, _ = game_with(Rules(players=2, scope="hand"), [["2o 2c 6e", "10o 10c 4e"]])
    space = ActionSpace(game.rules)
    view = game.view(0)
    base = space.encode(view)
    changed = [
        attrs.evolve(view, hand=view.hand[:-1]),
        attrs.evolve(view, table=view.table[:-1]),
        attrs.evolve(view, piles=((view.table[0],), ())),
        attrs.evolve(view, piles=((), (view.table[0],))),
        attrs.evolve(view, scores=(view.scores[0] + 1, view.scores[1])),
        attrs.evolve(view, scores=(view.scores[0], view.scores[1] + 1)),
        attrs.evolve(view, phase=Phase.PLAY),
        attrs.evolve(view, phase=Phase.RESPOND),
        attrs.evolve(view, to_act=(1,)),
        attrs.evolve(view, to_act=()),
        attrs.evolve(view, seat=1),
    ]
    vectors = [space.encode(v) for v in changed]
    assert all(v != base for v in vectors)
    assert len(set(vectors)) == len(vectors)


def test_encode_fills_out() -> None:
    space = ActionSpace(Rules(players=2))
    game = Game(space.rules, seed=4)
    view = game.view(game.to_act[0])
    out = [0.0] * space.observation_size
    assert space.encode(view, out=out) is out and tuple(out) == space.encode(view)
    with pytest.raises(UsageError) as err:
        space.encode(view, out=[0.0] * 3)
    assert err.value.code == "bad_out"
    np = pytest.importorskip("numpy")
    array = np.zeros(space.observation_size)
    assert space.encode(view, out=array) is array and array.tolist() == list(space.encode(view))


def test_encode_refuses_a_view_of_other_rules() -> None:
    view = Game(Rules(players=2), seed=1).view(0)
    with pytest.raises(UsageError) as err:
        ActionSpace(Rules()).encode(view)
    assert err.value.code == "wrong_rules"
    with pytest.raises(UsageError):
        ActionSpace(Rules(players=2, envio_limit=6)).encode(view)
    assert len(ActionSpace(Rules(players=2)).encode(view)) == ActionSpace(Rules(players=2)).observation_size
    with pytest.raises(UsageError) as err:
        ActionSpace("machuco")  # type: ignore[arg-type]
    assert err.value.code == "wrong_rules"


def test_relative_layout_and_position_flags() -> None:
    """Per-seat blocks start at the seat; a partial deck marks the cards out of play; the open
    majo chain, the last throw and the last capturer are encoded."""
    rules = Rules(players=2)
    game = Game.from_position(rules, hands=[["2e", "12c"], ["2b", "11c"]], table=["3o", "4c"])
    space = ActionSpace(rules)
    game.play("2e")
    v1 = space.encode(game.view(1))
    assert v1[space.slice("last_throw")][1] == 1.0  # a 2 was thrown
    assert v1[space.slice("to_act")] == (1.0, 0.0)  # seat 1 is to act: its own flag first
    out = v1[space.slice("out_of_play")]
    assert sum(out) == 40 - 6 and out[_card_id(Card.parse("2e"))] == 0.0
    game.play("2b")  # majo y limpia: a chain of 2s is open for seat 0, stack of 4 cards
    v0, v1 = space.encode(game.view(0)), space.encode(game.view(1))
    assert v0[space.slice("chain_number")][1] == v0[space.slice("chain_level")][0] == 1.0
    assert v0[space.slice("chain_side")] == (0.0, 1.0) and v1[space.slice("chain_side")] == (1.0, 0.0)
    assert v0[space.slice("chain_stack")] == (4 / 40,)
    assert v0[space.slice("last_capturer")] == (0.0, 1.0)
    assert v0[space.slice("scores")] == (0.0, 2 / 21) and v1[space.slice("scores")] == (2 / 21, 0.0)
    piles = v1[space.slice("piles")]
    assert sum(piles[:40]) == 4 and sum(piles[40:]) == 0  # seat 1's own pile comes first


def test_cantes_contest_and_pending_are_encoded() -> None:
    game, _ = game_with(Rules(players=2, scope="hand", contested_cante_resolution="end_of_hand"),
                        [["2o 2c 6e", "10o 10c 4e"]])
    space = ActionSpace(game.rules)
    v = space.encode(game.view(0))
    assert v[space.slice("cantes")] == (1.0, 0.0, 0.0, 1 / 6) * 2
    contest = v[space.slice("contest")]
    assert contest[0] == contest[1] == 1.0 and contest[4] == 0.0
    game.play("envio 4")
    v = space.encode(game.view(1))
    assert v[space.slice("contest")][4] == 4 / 5
    assert v[space.slice("contest_seats")] == (0.0, 1.0, 1.0, 0.0)  # decider seat 0, responder seat 1 (me)
    game.play("quiero")
    v = space.encode(game.view(0))
    pending = v[space.slice("pending")]
    assert pending[:5] == (1.0, 1.0, 0.0, 0.0, 4 / 5) and sum(pending[9:]) == 0.0
    assert sum(v[space.slice("contest")]) == 0.0


def test_game_over_views() -> None:
    rules = Rules(players=2, scope="hand")
    game = Game(rules, seed=2)
    rng = random.Random(2)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    space = ActionSpace(rules)
    for seat in (0, 1):
        view = game.view(seat)
        vector = _check_encoding(space, view)
        assert vector[space.slice("phase")] == (0.0, 0.0, 0.0, 1.0)
        assert not any(space.mask(view))
        assert game.result is not None
        winner = vector[space.slice("winner")]
        assert sum(winner) == (1.0 if view.winner is not None else 0.0)


def test_moves_are_interned_for_the_engine() -> None:
    space = ActionSpace()
    game = Game(space.rules, seed=9)
    view = game.view(game.to_act[0])
    for m in view.legal_moves:
        assert space.move(space.index(m)) is m
        game.clone().play(space.move(space.index(m)))
    assert isinstance(space.move(0), Move)
