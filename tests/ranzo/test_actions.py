"""Ranzo's ActionSpace: ids, masks and the observation encoding (issue 13)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes import IllegalMoveError, UsageError
from naipes.decks import spanish_deck
from naipes.ranzo import (
    ActionSpace,
    CallRanzo,
    Discard,
    Envido,
    Game,
    Move,
    Pass,
    Phase,
    Rules,
    Truco,
    View,
)
from ranzo.helpers import position, rules_strategy

RULES = rules_strategy(max_rounds=2)


# -- ids ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("deck, size", [(48, 250), (40, 206)])
def test_size_is_fixed_by_the_deck(players: int, deck: int, size: int) -> None:
    for rules in (Rules(players=players, deck=deck), Rules(players=players, deck=deck, rounds=1,
                                                          envido_beats_truco=False, starting_points=0)):
        space = ActionSpace(rules)
        assert space.size == size and space.rules is rules
    assert ActionSpace().size == 250 and ActionSpace().rules == Rules()


@pytest.mark.parametrize("deck", [48, 40])
def test_every_id_names_one_move_and_back(deck: int) -> None:
    space = ActionSpace(Rules(deck=deck))
    moves = [space.move(i) for i in range(space.size)]
    assert len(set(moves)) == space.size
    assert [space.index(m) for m in moves] == list(range(space.size))
    assert isinstance(moves[0], CallRanzo) and isinstance(moves[1], Pass)
    cards = spanish_deck(48 if deck == 48 else 40)
    assert moves[2:2 + deck] == [Discard(c) for c in cards]
    trucos = [m for m in moves if isinstance(m, Truco)]
    assert trucos == [Truco(c) for c in cards if c.rank > 1]
    envidos = [m for m in moves if isinstance(m, Envido)]
    assert len(envidos) == (156 if deck == 48 else 128)
    pos = {c: i for i, c in enumerate(cards)}
    keys = [sorted((pos[m.a], pos[m.b])) for m in envidos]
    assert keys == sorted(keys)
    # a fresh, equal move object has the id of the interned one
    assert space.index(Envido(cards[1], cards[0])) == space.index(Move.parse("envido 1o 2o"))


def test_moves_without_ids() -> None:
    space = ActionSpace(Rules(deck=40))
    for move in (Truco(spanish_deck(48)[0]), Discard(spanish_deck(48)[7]), "pass", None, ["x"]):
        assert not space.has_id(move)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError) as err:
        space.index(Move.parse("truco 1o"))
    assert err.value.code == "no_action_id"
    with pytest.raises(IllegalMoveError):
        space.index(Move.parse("discard 8o"))  # no 8 in the 40-card deck


@pytest.mark.parametrize("bad", [-1, 250, 10**9, True, False, "3", 2.0, None])
def test_bad_ids_raise_no_such_action(bad: Any) -> None:
    space = ActionSpace()
    with pytest.raises(UsageError) as err:
        space.move(bad)
    assert err.value.code == "no_such_action"


def test_wrong_rules() -> None:
    with pytest.raises(UsageError) as err:
        ActionSpace("ranzo")  # type: ignore[arg-type]
    assert err.value.code == "wrong_rules"
    view = Game(Rules(deck=40), seed=1).view(0)
    with pytest.raises(UsageError) as err:
        ActionSpace().encode(view)
    assert err.value.code == "wrong_rules"
    # equal rules built apart are fine
    assert len(ActionSpace(Rules(deck=40)).encode(view)) == ActionSpace(Rules(deck=40)).observation_size


# -- the observation spec ---------------------------------------------------------------------
@pytest.mark.parametrize("rules", [Rules(), Rules(deck=40), Rules(players=3), Rules(players=3, deck=40)])
def test_spec_covers_the_vector(rules: Rules) -> None:
    space = ActionSpace(rules)
    start = 0
    for _, begin, length in space.observation_spec:
        assert begin == start and length > 0
        start += length
    assert start == space.observation_size
    n, d = rules.players, rules.deck
    assert space.observation_size == (2 * n + 7) * d + 11 * n + 11
    names = [name for name, _, _ in space.observation_spec]
    assert len(set(names)) == len(names)
    for name in ("hand", "open", "known", "discards", "scores", "phase", "to_act", "seat"):
        assert name in names
    assert space.slice("hand") == slice(0, d)
    with pytest.raises(UsageError):
        space.slice("nope")


def test_encoding_of_a_known_position() -> None:
    game = position(hands={0: "1o 2o 3o 5c 7e 9b"}, turn=0, balances=(30, 40, 20, 30), discards="4b 12c")
    space = ActionSpace()
    vec = space.encode(game.view(0))

    def part(name: str) -> tuple[float, ...]:
        return tuple(vec[space.slice(name)])

    cards = spanish_deck(48)
    hand = [c for c, flag in zip(cards, part("hand")) if flag]
    assert sorted(map(str, hand)) == sorted("1o 2o 3o 5c 7e 9b".split())
    assert part("hand_order")[cards.index(game.view(0).hand[-1])] == 1.0
    assert part("phase") == (1.0, 0.0, 0.0, 0.0)
    assert part("to_act") == (1.0, 0.0, 0.0, 0.0) and part("seat") == (1.0, 0.0, 0.0, 0.0)
    assert part("scores") == (30 / 120, 40 / 120, 20 / 120, 30 / 120)
    assert sum(part("discards")) == 2 and part("stock")[0] == game.stock_size / 48
    order = part("discard_order")
    assert order[cards.index(game.view(0).discards[-1])] == 2 / 48
    assert sorted(x for x in order if x) == [1 / 48, 2 / 48]
    # seat 1's view is relative: its own score first, seat 0 (to act) last
    vec1 = space.encode(game.view(1))
    assert vec1[space.slice("scores")] == (40 / 120, 20 / 120, 30 / 120, 30 / 120)
    assert vec1[space.slice("to_act")] == (0.0, 0.0, 0.0, 1.0)
    assert vec1[space.slice("seat")] == (0.0, 1.0, 0.0, 0.0)


def test_encode_fills_out() -> None:
    space = ActionSpace()
    view = Game(seed=2).view(0)
    out = [0.0] * space.observation_size
    assert space.encode(view, out=out) is out
    assert tuple(out) == space.encode(view)
    with pytest.raises(UsageError) as err:
        space.encode(view, out=[0.0] * 3)
    assert err.value.code == "bad_out"
    np = pytest.importorskip("numpy")
    arr = np.full(space.observation_size, 7.0)
    assert space.encode(view, out=arr) is arr and tuple(arr) == space.encode(view)
    small = np.zeros(space.observation_size, dtype=np.float32)
    for v in (view, Game(seed=5).view(2)):
        assert (space.encode(v, out=small) == np.asarray(space.encode(v), dtype=np.float32)).all()
    with pytest.raises(UsageError):
        space.encode(view, out=np.zeros(3))


# -- properties over random play --------------------------------------------------------------
_DIFFERS = ("hand", "discards", "scores", "phase", "to_act", "stock_size", "hand_sizes", "claim_card",
            "turn", "seat")


def _key(view: View) -> dict[str, Any]:
    """The fields the encoding must tell apart (open juegos and known cards as sets)."""
    data = view.to_dict()
    out = {name: data[name] for name in _DIFFERS}
    out["open"] = tuple(frozenset(c for j in o for c in j) for o in view.open_juegos)
    out["known"] = tuple(frozenset(k) for k in view.known_by_seat)
    out["hand_number"] = view.hand_number
    return out


def _check_view(space: ActionSpace, view: View) -> None:
    legal = view.legal_moves
    ids = space.legal_ids(view)
    assert len(ids) == len(legal) == len(set(ids))
    assert ids == tuple(sorted(space.index(m) for m in legal))
    for m in legal:
        i = space.index(m)
        assert space.move(i) == m and space.move(i, view) == m and space.index(m, view) == i
    mask = space.mask(view)
    assert len(mask) == space.size
    assert {i for i, flag in enumerate(mask) if flag} == set(ids)
    if view.seat not in view.to_act:
        assert not any(mask)
    vec = space.encode(view)
    assert len(vec) == space.observation_size and all(type(x) is float for x in vec)


@settings(deadline=None, max_examples=25, derandomize=True)
@given(RULES, st.integers(0, 2**31 - 1))
def test_random_play(rules: Rules, seed: int) -> None:
    space = ActionSpace(rules)
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    seen: dict[str, tuple[dict[str, Any], tuple[float, ...]]] = {}
    step = 0
    while True:
        for seat in range(game.num_players):
            view = game.view(seat)
            _check_view(space, view)
            vec = space.encode(view)
            if step % 9 == seat:
                assert space.encode(game.clone().view(seat)) == vec
                assert space.encode(Game.from_dict(game.to_dict()).view(seat)) == vec
            if step % 5 == seat:  # a sampled world looks the same from the seat
                world = view.sample(random.Random(step))
                assert space.encode(world.view(seat)) == vec
                assert space.mask(world.view(seat)) == space.mask(view)
            if rng.random() < 0.3 or view.phase is not Phase.WINDOW:
                text = repr(view.to_dict())
                seen[text] = (_key(view), vec)
        if game.is_over:
            break
        seat = game.to_act[rng.randrange(len(game.to_act))]
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
        step += 1
    # equal views encode equally (dict keys); views differing in a field encode differently
    items = list(seen.values())
    for i, (key_a, vec_a) in enumerate(items):
        for key_b, vec_b in items[i + 1:]:
            if key_a != key_b:
                assert vec_a != vec_b, [k for k in key_a if key_a[k] != key_b[k]]


@settings(deadline=None, max_examples=10, derandomize=True)
@given(st.sampled_from((Rules(), Rules(players=3, deck=40))), st.integers(0, 2**31 - 1))
def test_equal_views_encode_equally_across_seeds_of_the_same_game(rules: Rules, seed: int) -> None:
    space = ActionSpace(rules)
    a, b = Game(rules, seed=seed), Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(40):
        if a.is_over:
            break
        for seat in range(a.num_players):
            assert a.view(seat).to_dict() == b.view(seat).to_dict()
            assert space.encode(a.view(seat)) == space.encode(b.view(seat))
            assert space.mask(a.view(seat)) == space.mask(b.view(seat))
        seat = a.to_act[rng.randrange(len(a.to_act))]
        i = rng.choice(space.legal_ids(a.view(seat)))
        a.play(space.move(i), seat)
        b.play(space.move(i, b.view(seat)), seat)


def test_steal_and_window_views_encode_the_claim() -> None:
    # seat 0 discards 5o; seat 1 claims envido 4o 6o and wins
    game = position(hands={0: "5o 12e 12c 9b 1b 2b", 1: "4o 6o 10c 11e 3b"}, turn=0)
    space = ActionSpace()
    game.play("discard 5o", 0)
    window = game.view(1)
    assert window.phase is Phase.WINDOW
    vec = space.encode(window)
    assert vec[space.slice("phase")] == (0.0, 1.0, 0.0, 0.0)
    cards = spanish_deck(48)
    assert vec[space.slice("claim_card")].index(1.0) == cards.index(window.claim_card)
    assert space.index(Move.parse("envido 4o 6o")) in space.legal_ids(window)
    game.play("envido 4o 6o", 1)
    answered = game.view(1)
    vec2 = space.encode(answered)
    assert vec2[space.slice("my_answer")] == (0.0, 1.0, 0.0)
    assert sum(vec2[space.slice("my_answer_cards")]) == 2
    assert not any(space.mask(answered))
    other = space.encode(game.view(2))
    assert other[space.slice("answered")] == (0.0, 0.0, 0.0, 1.0)  # seat 1 is seat 2's offset 3
    for seat in (2, 3):
        game.play("pass", seat)
    steal = game.view(1)
    assert steal.phase is Phase.STEAL
    vec3 = space.encode(steal)
    assert vec3[space.slice("claim")] == (1.0, 0.0)
    assert vec3[space.slice("stealer")] == (1.0, 0.0, 0.0, 0.0)
    assert vec3[space.slice("last_window")][3 * 1: 3 * 2] == (1.0, 0.0, 0.0)  # seat 2 passed
    _check_view(space, steal)


def _variants(view: View) -> list[tuple[str, View]]:
    """Copies of ``view`` that differ from it in exactly one field."""
    placed = set(view.hand) | set(view.discards) | {c for o in view.open_juegos for j in o for c in j}
    placed |= {c for k in view.known_by_seat for c in k}
    if view.claim_card is not None:
        placed.add(view.claim_card)
    free = [c for c in view.cards if c not in placed]
    n = view.players
    out: list[tuple[str, Any]] = []
    if len(view.hand) > 1:
        out.append(("hand", view.hand[::-1]))
    if free:
        out.append(("hand", view.hand[:-1] + (free[0],)))
        out.append(("discards", view.discards + (free[0],)))
        out.append(("claim_card", free[0] if view.claim_card is None else None))
        for s in range(n):
            known = list(view.known_by_seat)
            known[s] = known[s] + (free[0],)
            out.append(("known_by_seat", tuple(known)))
    if len(view.discards) > 1:
        out.append(("discards", view.discards[::-1]))
        out.append(("discards", view.discards[:-1]))
    if len(free) >= 3:
        for s in range(n):
            opens = list(view.open_juegos)
            opens[s] = opens[s] + (tuple(free[:3]),)
            out.append(("open_juegos", tuple(opens)))
    for s in range(n):
        scores = list(view.scores)
        scores[s] += 1
        out.append(("scores", tuple(scores)))
        sizes = list(view.hand_sizes)
        sizes[s] += 1
        out.append(("hand_sizes", tuple(sizes)))
        out.append(("to_act", tuple(sorted(set(view.to_act) ^ {s}))))
    for phase in Phase:
        if phase is not view.phase:
            out.append(("phase", phase))
    out.append(("stock_size", view.stock_size + 1))
    return [(name, attrs.evolve(view, **{name: value})) for name, value in out]


@settings(deadline=None, max_examples=10, derandomize=True)
@given(RULES, st.integers(0, 2**31 - 1))
def test_views_differing_in_one_field_encode_differently(rules: Rules, seed: int) -> None:
    space = ActionSpace(rules)
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        seat = rng.randrange(game.num_players)
        view = game.view(seat)
        vec = space.encode(view)
        for name, other in _variants(view):
            assert space.encode(other) != vec, name
        seat = game.to_act[rng.randrange(len(game.to_act))]
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)


def _returns_range(rules: Rules) -> tuple[int, int]:
    """The documented bounds of ``Result.returns`` (docs: Action ids and observations)."""
    per_game = rules.num_rounds * max(rules.regular, rules.special)
    s = rules.starting_points
    if rules.teams:
        return (-min(2 * s, per_game), min(2 * s, per_game))
    return (-min(s, per_game), min((rules.players - 1) * s, per_game))


def test_returns_range_of_the_house_rules() -> None:
    assert _returns_range(Rules()) == (-30, 48)
    assert _returns_range(Rules(players=3)) == (-24, 24)
    assert _returns_range(Rules(teams=True)) == (-48, 48)


@settings(deadline=None, max_examples=30, derandomize=True)
@given(RULES, st.integers(0, 2**31 - 1))
def test_returns_are_zero_sum_and_in_range(rules: Rules, seed: int) -> None:
    from naipes.ranzo import RanzoBot
    game = Game(rules, seed=seed)
    bots = [RanzoBot(seed=seed + s) for s in range(game.num_players)]
    space = ActionSpace(rules)
    while not game.is_over:
        for seat in game.to_act:
            if seat in game.to_act:
                view = game.view(seat)
                move = bots[seat].choose(view)
                assert space.mask(view)[space.index(move)]
                game.play(move, seat)
    result = game.result
    assert result is not None
    low, high = _returns_range(rules)
    assert sum(result.returns) == 0
    assert all(low <= r <= high for r in result.returns)
