"""Issue 13: Machiavelli's ActionSpace (ids of play shapes relative to the view) and its encoding."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes import IllegalMoveError, UsageError
from naipes.cards import JOKER, Card
from naipes.machiavelli import (
    ActionSpace,
    Draw,
    Forfeit,
    ForfeitReason,
    Game,
    Meld,
    Move,
    Play,
    Rules,
    View,
    format_table,
    is_valid_meld,
    listed_plays,
    parse_table,
)
from naipes.machiavelli.actions import CANDIDATE_WIDTH, DRAW_ID, FORFEIT_ID, MELD_WIDTH, SLOT_WIDTH, SLOTS, card_kind
from naipes.machiavelli.candidates import CANDIDATES, play_key

from .helpers import position, positions, random_table

SETTINGS = settings(deadline=None, max_examples=12, derandomize=True, database=None)

VARIANTS = [
    Rules(players=2),
    Rules(players=3, jokers=2),
    Rules(players=4, jokers=4, min_natural_per_combination=1),
    Rules(players=2, jokers=2, min_natural_per_combination=3, initial_meld_min=20),
    Rules(players=6, jokers=4, penalty_cards=3),
    Rules(players=5, decks=3, mode="single_deal", hand_size=6),
    Rules(players=2, hand_size=5, threshold=1),
    Rules(players=3, jokers=2, initial_meld_min=36, mode="single_deal"),
]


def play_randomly(rules: Rules, seed: int, steps: int) -> list[tuple[Game, View]]:
    """Random play that prefers plays; every seat's view after every move (the game cloned)."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    seen: list[tuple[Game, View]] = []
    for _ in range(steps):
        for seat in range(game.num_players):
            seen.append((game, game.view(seat)))
        if game.is_over:
            break
        moves = game.legal_moves()
        plays = [m for m in moves if isinstance(m, Play)]
        pick = rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(moves)
        game = game.clone()
        game.play(pick)
    return seen


def check_ids(space: ActionSpace, game: Game, view: View, *, every_id: bool = False) -> None:
    legal = view.legal_moves
    ids = space.legal_ids(view)
    found = space.candidates(view)
    # every listed move has an id (Machiavelli lists no play without one), and so has every candidate
    assert len(ids) == len(legal) + len(found)
    listed_keys = {play_key(view.table, m) for m in legal if isinstance(m, Play)}
    assert len({c.key for c in found}) == len(found)  # one layout once (MV-05)
    for j, c in enumerate(found):
        i = space.candidate_start + j
        assert i in ids and space.move(i, view) is c.play and space.index(c.play, view) == i
        assert c.key not in listed_keys and c.key == play_key(view.table, c.play)
        assert game.is_legal(c.play, view.seat)
    assert len({space.index(m, view) for m in legal}) == len(legal)  # distinct
    for m in legal:
        i = space.index(m, view)
        assert 0 <= i < space.size and type(i) is int
        assert space.move(i, view) == m  # the round trip
    assert [i for i, flag in enumerate(space.mask(view)) if flag] == list(ids)
    for i in ids:
        assert game.is_legal(space.move(i, view), view.seat)
    if every_id:  # every id: no move here, or a move whose id is that id
        for i in range(space.size):
            try:
                m = space.move(i, view)
            except IllegalMoveError as exc:
                assert exc.code == "no_action_id"
                continue
            assert space.index(m, view) == i
            if isinstance(m, Play):
                assert len(m.table) >= len(view.table) and all(is_valid_meld(x, space.rules) for x in m.table)


# -- size and catalogue ----------------------------------------------------------------------
@pytest.mark.parametrize("rules", VARIANTS)
def test_size_is_fixed_for_the_rules(rules: Rules) -> None:
    a, b = ActionSpace(rules), ActionSpace(rules)
    assert a.size == b.size and a.observation_spec == b.observation_spec
    assert a.max_melds == rules.deck_size // 3
    assert a.slots == (4 if rules.jokers else 2)
    assert a.catalogue_start == 2 + a.slots * a.max_melds
    assert a.slot_start == a.catalogue_start + len(a.catalogue)
    assert a.candidate_start == a.slot_start + SLOTS  # the listing slots
    assert a.size == a.candidate_start + CANDIDATES  # the candidate slots
    assert len(set(a.catalogue)) == len(a.catalogue)
    for meld in a.catalogue:
        assert is_valid_meld(meld, rules) and len(meld) == 3 and meld == meld.normalized()
    for seed in range(2):
        for _, view in play_randomly(rules, seed, 8)[::5]:
            assert len(a.mask(view)) == a.size


def test_default_rules_and_sizes() -> None:
    space = ActionSpace()
    assert space.rules == Rules()
    assert space.size == 2 + 2 * 34 + 13 * 4 + 4 * 11 + SLOTS + CANDIDATES
    assert ActionSpace(Rules(jokers=2)).size == 2 + 4 * 35 + (13 * 4 + 4 * 11) * 4 + SLOTS + CANDIDATES
    assert ActionSpace(Rules(jokers=2, min_natural_per_combination=1)).size == 2 + 4 * 35 + 96 * 7 + SLOTS + CANDIDATES
    assert ActionSpace(Rules(jokers=2, min_natural_per_combination=3)).size == 2 + 4 * 35 + 96 + SLOTS + CANDIDATES
    with pytest.raises(UsageError) as info:
        ActionSpace("machiavelli")  # type: ignore[arg-type]
    assert info.value.code == "wrong_rules"


def test_catalogue_holds_every_new_meld_a_hand_can_lay() -> None:
    from naipes.machiavelli import new_melds_from
    from naipes.machiavelli.state import full_deck

    rules = Rules(jokers=4, min_natural_per_combination=1)
    space = ActionSpace(rules)
    rng = random.Random(5)
    deck = list(full_deck(rules))
    for _ in range(200):
        hand = rng.sample(deck, 20)
        for meld in new_melds_from(hand, rules):
            assert meld in space.catalogue


# -- ids on random play ----------------------------------------------------------------------
@pytest.mark.parametrize("rules", VARIANTS)
@given(seed=st.integers(0, 2**32 - 1))
@settings(deadline=None, max_examples=4, derandomize=True, database=None)
def test_ids_on_random_play(rules: Rules, seed: int) -> None:
    space = ActionSpace(rules)
    for k, (game, view) in enumerate(play_randomly(rules, seed, 25)):
        check_ids(space, game, view, every_id=k % 17 == 0)


@given(game=positions(jokers=True))
@SETTINGS
def test_ids_on_random_positions(game: Game) -> None:
    space = ActionSpace(game.rules)
    for seat in range(game.num_players):
        check_ids(space, game, game.view(seat), every_id=seat == game.current_player)


@pytest.mark.parametrize("jokers", [0, 2])
def test_ids_reach_every_meld_of_a_full_table(jokers: int) -> None:
    rng = random.Random(3)
    rules = Rules(players=2, jokers=jokers)
    space = ActionSpace(rules)
    for _ in range(5):
        melds, rest = random_table(rng, rules, 90)
        rest += [JOKER] * jokers
        rng.shuffle(rest)
        hands = [" ".join(map(str, rest[:8])), " ".join(map(str, rest[8:10]))]
        game = Game.from_position(rules, hands=hands, table=format_table(melds), stock=" ".join(map(str, rest[10:])))
        view = game.view(0)
        assert len(view.table) <= space.max_melds
        check_ids(space, game, view, every_id=True)


def test_every_listed_play_has_an_id_on_a_crowded_table() -> None:
    rules = Rules(players=2, jokers=2, min_natural_per_combination=1)
    game = position(["JK JK 7H 8H 3S 3C 2D", "KH"],
                    "[4S 5S 6S] [8H 8D 8C] [AC 2C 3C] [9D 10D JD QD KD] [AS 2S 3S] [7S 7H 7C]",
                    rules=rules)
    space = ActionSpace(rules)
    view = game.view(0)
    assert len(view.legal_moves) > 40
    check_ids(space, game, view, every_id=True)


# -- the shapes --------------------------------------------------------------------------------
def test_extension_ids() -> None:
    rules = Rules(players=2, jokers=2)
    space = ActionSpace(rules)
    game = position(["3S 7S JK 8S 2H", "KD"], "[4S 5S 6S] [8H 8D 8C] [9S 10S JS QS KS]", rules=rules)
    view = game.view(0)

    def ext(k: int, end: int, joker: int) -> str:
        return str(space.move(2 + 4 * k + 2 * end + joker, view))

    assert ext(0, 0, 0) == "play 3S: [3S 4S 5S 6S] [8H 8D 8C] [9S 10S JS QS KS]"
    assert ext(0, 0, 1) == "play JK: [JK=3S 4S 5S 6S] [8H 8D 8C] [9S 10S JS QS KS]"
    assert ext(0, 1, 0) == "play 7S: [4S 5S 6S 7S] [8H 8D 8C] [9S 10S JS QS KS]"
    assert ext(1, 1, 0) == "play 8S: [4S 5S 6S] [8S 8H 8D 8C] [9S 10S JS QS KS]"
    assert ext(1, 1, 1) == "play JK: [4S 5S 6S] [JK=8S 8H 8D 8C] [9S 10S JS QS KS]"
    assert ext(2, 0, 0) == "play 8S: [4S 5S 6S] [8H 8D 8C] [8S 9S 10S JS QS KS]"
    # shapes that cannot be built here: a group's low end, a run ending at the king, no meld 3
    for i in (2 + 4 + 0, 2 + 4 + 1, 2 + 8 + 2, 2 + 8 + 3, 2 + 12, space.catalogue_start - 1):
        with pytest.raises(IllegalMoveError) as info:
            space.move(i, view)
        assert info.value.code == "no_action_id"
    # ids name shapes, not cards: without 7S in the hand the shape is built, not legal, not in the mask
    lacking = position(["3S 2H", "KD"], "[4S 5S 6S] [8H 8D 8C] [9S 10S JS QS KS]", rules=rules)
    play = space.move(2 + 2, lacking.view(0))
    assert str(play) == "play 7S: [4S 5S 6S 7S] [8H 8D 8C] [9S 10S JS QS KS]"
    assert not lacking.is_legal(play) and not space.mask(lacking.view(0))[2 + 2]
    assert space.mask(lacking.view(0))[2]


def test_catalogue_ids() -> None:
    rules = Rules(players=2)
    space = ActionSpace(rules)
    game = position(["7H 7D 7C 8H 9H 2S", "KD"], "[4S 5S 6S]", rules=rules)
    view = game.view(0)
    made = {str(space.move(i, view)) for i in space.legal_ids(view)}
    assert made == {"draw", "forfeit gave_up", "play 7H 7D 7C: [4S 5S 6S] [7H 7D 7C]",
                    "play 7H 8H 9H: [4S 5S 6S] [7H 8H 9H]"}
    i = space.index(Play.of("[4S 5S 6S] [7H 8H 9H]", "7H 8H 9H"), view)
    assert space.catalogue[i - space.catalogue_start] == Meld.parse("[7H 8H 9H]")
    # a buildable catalogue play the hand cannot make: an id, but not legal and not in the mask
    j = space.catalogue_start + space.catalogue.index(Meld.parse("[JC QC KC]"))
    play = space.move(j, view)
    assert str(play) == "play JC QC KC: [4S 5S 6S] [JC QC KC]"
    assert space.index(play, view) == j and not game.is_legal(play) and not space.mask(view)[j]


def test_plays_without_ids() -> None:
    rules = Rules(players=2, jokers=2)
    space = ActionSpace(rules)
    game = position(["7S 7H 7D JK", "KD"], "[4S 5S 6S 7S 8S]", rules=rules)
    view = game.view(0)
    # a rearrangement (legal, not listed): no id
    split = Play.of("[4S 5S 6S] [7S 8S JK=9S]", "JK")
    assert game.is_legal(split) and not space.has_id(split, view)
    rebuild = Play.of("[4S 5S 6S] [7S 8S JK=9S] [7S 7H 7D]", "7S 7H 7D JK")
    assert game.is_legal(rebuild) and not space.has_id(rebuild, view)
    with pytest.raises(IllegalMoveError) as info:
        space.index(rebuild, view)
    assert info.value.code == "no_action_id"
    # the listed play with its melds in another order: no id
    listed = Play.of("[4S 5S 6S 7S 8S] [7S 7H 7D]", "7S 7H 7D")
    assert space.has_id(listed, view)
    swapped = Play.of("[7S 7H 7D] [4S 5S 6S 7S 8S]", "7S 7H 7D")
    assert game.is_legal(swapped) and not space.has_id(swapped, view)
    # a new meld in another card order (not canonical), hand cards in another order
    assert not space.has_id(Play.of("[4S 5S 6S 7S 8S] [7H 7S 7D]", "7H 7S 7D"), view)
    assert not space.has_id(Play.of("[4S 5S 6S 7S 8S] [7S 7H 7D]", "7H 7S 7D"), view)
    # the timeout forfeit is accepted but never listed: no id
    timeout = Forfeit(ForfeitReason.TIMEOUT)
    assert game.is_legal(timeout) and not space.has_id(timeout, view) and not space.has_id(timeout)


def test_draw_and_forfeit_work_without_a_view() -> None:
    space = ActionSpace(Rules(players=3))
    assert space.index(Draw()) == DRAW_ID == 0 and space.index(Forfeit()) == FORFEIT_ID == 1
    assert space.move(0) == Draw() and space.move(1) == Forfeit(ForfeitReason.GAVE_UP)
    play = Play.of("[7H 7D 7C]", "7H 7D 7C")
    for call in (lambda: space.move(2), lambda: space.move(space.size - 1), lambda: space.index(play),
                 lambda: space.has_id(play)):
        with pytest.raises(UsageError) as info:
            call()
        assert info.value.code == "view_needed"


def test_bad_ids() -> None:
    space = ActionSpace(Rules(players=2))
    view = Game(Rules(players=2), seed=1).view(0)
    for bad in (-1, space.size, space.size + 10, True, False, "3", 2.0, None):
        with pytest.raises(UsageError) as info:
            space.move(bad, view)  # type: ignore[arg-type]
        assert info.value.code == "no_such_action"


def test_ids_of_other_moves() -> None:
    space = ActionSpace(Rules(players=2))
    view = Game(Rules(players=2), seed=1).view(0)
    assert not space.has_id(Move(), view)


def test_ids_follow_equal_views() -> None:
    """An id means the same move in equal views (a clone's, a reloaded game's)."""
    rules = Rules(players=3, jokers=2)
    space = ActionSpace(rules)
    for game, view in play_randomly(rules, 11, 30)[::3]:
        other = Game.from_dict(game.to_dict()).view(view.seat)
        assert space.legal_ids(other) == space.legal_ids(view)
        for i in space.legal_ids(view):
            assert space.move(i, other) == space.move(i, view)


# -- the encoding ------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", VARIANTS)
def test_spec_covers_the_vector(rules: Rules) -> None:
    space = ActionSpace(rules)
    at = 0
    for name, start, length in space.observation_spec:
        assert start == at and length > 0
        assert space.slice(name) == slice(start, start + length)
        at += length
    assert at == space.observation_size
    d, p = rules.deck_size, rules.players
    assert space.observation_size == 3 * d + space.max_melds * MELD_WIDTH + 10 * p + 3 + SLOTS * SLOT_WIDTH \
        + CANDIDATES * CANDIDATE_WIDTH
    with pytest.raises(UsageError) as info:
        space.slice("nope")
    assert info.value.code == "no_such_slice"


def test_card_kinds() -> None:
    assert [card_kind(c) for c in Card.parse_many("AS KS AH AD AC KC JK")] == [0, 12, 13, 26, 39, 51, 52]


@pytest.mark.parametrize("rules", VARIANTS)
@given(seed=st.integers(0, 2**32 - 1))
@settings(deadline=None, max_examples=3, derandomize=True, database=None)
def test_encoding_on_random_play(rules: Rules, seed: int) -> None:
    space = ActionSpace(rules)
    n = space.observation_size
    by_code: dict[tuple[float, ...], tuple[Any, ...]] = {}
    for game, view in play_randomly(rules, seed, 30):
        code = space.encode(view)
        assert type(code) is tuple and len(code) == n and all(type(x) is float for x in code)
        assert all(0.0 <= x for x in code)
        assert space.encode(game.clone().view(view.seat)) == code
        assert space.encode(Game.from_dict(game.to_dict()).view(view.seat)) == code
        out = [0.0] * n
        assert space.encode(view, out=out) is out and tuple(out) == code
        seen = _encoded_fields(view)
        # equal codes only for views equal in every encoded field
        assert by_code.setdefault(code, seen) == seen
        _check_slices(space, view, code)


def _encoded_fields(view: View) -> tuple[Any, ...]:
    d = view.to_dict()
    return (sorted(map(str, view.hand)), d["table"], d["scores"], d["totals"], d["to_act"], d["hand_sizes"],
            d["stock_size"], d["opened"], d["known_jokers"], d["seat"], d["starter"], d["last_points"],
            d["last_winners"], sorted(map(str, view.out_of_play)))


def _check_slices(space: ActionSpace, view: View, code: tuple[float, ...]) -> None:
    rules = space.rules
    hand = code[space.slice("hand")]
    assert sum(hand) == len(view.hand)
    table = code[space.slice("table_cards")]
    assert sum(table) == sum(len(m) for m in view.table)
    melds = code[space.slice("table_melds")]
    assert sum(melds[k * MELD_WIDTH] for k in range(space.max_melds)) == len(view.table)
    assert code[space.slice("seat")][view.seat] == 1.0 and sum(code[space.slice("seat")]) == 1.0
    assert code[space.slice("phase")] == ((1.0, 0.0) if view.to_act else (0.0, 1.0))
    to_act = code[space.slice("to_act")]
    assert [(view.seat + r) % rules.players for r, f in enumerate(to_act) if f] == list(view.to_act)
    assert code[space.slice("stock_size")] == (view.stock_size / rules.deck_size,)


def test_encoding_tells_views_apart() -> None:
    """Views differing in hand, table, scores, phase or to_act encode differently."""
    rules = Rules(players=3, jokers=2)
    space = ActionSpace(rules)
    game = position(["7S 8S 9S JK 2H", "KD QD", "AC 5C"], "[4S 5S 6S] [8H 8D 8C]", rules=rules,
                    totals=[10, 20, 30])
    view = game.view(0)
    base = space.encode(view)
    changes: dict[str, Any] = {
        "hand": Card.parse_many("7S 8S 9S JK 3H"),
        "hand ": Card.parse_many("7S 8S 9S JK"),
        "table": parse_table("[4S 5S 6S] [8S 8D 8C]"),
        "table ": parse_table("[8H 8D 8C] [4S 5S 6S]"),
        "table  ": parse_table("[4S 5S 6S] [8H JK=8D 8C]"),
        "table   ": parse_table("[4S 5S 6S] [8H 8D 8C] [AD 2D 3D]"),
        "scores": (10, 20, 31),
        "totals": (10, 21, 30),
        "to_act": (1,),
        "to_act ": (),
        "hand_sizes": (5, 3, 2),
        "stock_size": view.stock_size + 1,
        "opened": (True, False, True),
        "known_jokers": (1, 0, 0),
        "starter": 2,
        "last_points": (0, 4, 9),
        "last_winners": (0,),
        "out_of_play": Card.parse_many("KH"),
        "seat": 1,
    }
    for name, value in changes.items():
        other = attrs.evolve(view, **{name.strip(): value})
        assert space.encode(other) != base, name
    assert space.encode(attrs.evolve(view, hand=tuple(reversed(view.hand)))) == base  # the order is not encoded
    # nor the listing; the candidate plays are the acting seat's only
    cut = space.slice("candidates").start
    assert space.encode(attrs.evolve(view, legal_moves=()))[:cut] == base[:cut]


def test_encoding_is_relative_to_the_seat() -> None:
    rules = Rules(players=3)
    space = ActionSpace(rules)
    game = position(["7S 8S", "KD QD AD", "AC"], "", rules=rules, totals=[10, 20, 30], to_act=1)
    sizes = space.slice("hand_sizes")
    totals = space.slice("totals")
    for seat in range(3):
        code = space.encode(game.view(seat))
        assert code[sizes][0] == len(game.hands[seat]) / rules.deck_size
        assert code[totals] == tuple(game.totals[(seat + r) % 3] / rules.threshold for r in range(3))
        assert code[space.slice("to_act")][(1 - seat) % 3] == 1.0


def test_meld_block() -> None:
    rules = Rules(players=2, jokers=2)
    space = ActionSpace(rules)
    game = position(["2H", "KD"], "[4S JK=5S 6S] [8H JK=8D 8C]", rules=rules)
    melds = space.encode(game.view(0))[space.slice("table_melds")]
    run, group = melds[:MELD_WIDTH], melds[MELD_WIDTH:2 * MELD_WIDTH]

    def on(block: tuple[float, ...]) -> list[int]:
        return [i for i, x in enumerate(block) if x]

    assert on(run) == [0, 1, 2, 6 + 3, 6 + 4, 6 + 5, 23 + 4]
    assert on(group) == [0, 3, 4, 5, 6 + 7, 19 + 2]
    assert not any(melds[2 * MELD_WIDTH:])


def test_encode_fills_a_numpy_array() -> None:
    np = pytest.importorskip("numpy")
    space = ActionSpace(Rules(players=2))
    view = Game(Rules(players=2), seed=4).view(0)
    out = np.zeros(space.observation_size, dtype=np.float32)
    assert space.encode(view, out=out) is out
    assert out.tolist() == pytest.approx(list(space.encode(view)))
    with pytest.raises(UsageError) as info:
        space.encode(view, out=[0.0] * 3)
    assert info.value.code == "bad_out"


def test_masks_are_empty_off_turn_and_at_the_end() -> None:
    rules = Rules(players=2, hand_size=3, mode="single_deal")
    space = ActionSpace(rules)
    views = play_randomly(rules, 2, 200)
    game, last = views[-1]
    assert game.is_over and not any(space.mask(last))
    for g, v in views:
        if v.seat not in g.to_act:
            assert not any(space.mask(v))


def test_listing_order_and_ids_agree() -> None:
    """The listed plays of a position, and the plays of their ids, are the same list."""
    rules = Rules(players=2, jokers=2)
    space = ActionSpace(rules)
    game = position(["3S 7S JK 8S 8H 9H 10H", "KD"], "[4S 5S 6S] [8H 8D 8C]", rules=rules)
    view = game.view(0)
    plays = listed_plays(view.table, view.hand, rules)
    assert sorted(space.index(p, view) for p in plays) == [i for i in space.legal_ids(view)
                                                           if 1 < i < space.candidate_start]


@pytest.mark.parametrize("mode", ["session", "single_deal"])
@pytest.mark.parametrize("threshold", [1, 100])
def test_ids_and_encoding_through_the_end_of_a_hand(mode: str, threshold: int) -> None:
    rules = Rules(players=2, threshold=threshold, mode=mode)  # type: ignore[arg-type]
    space = ActionSpace(rules)
    game = position(["7H 8H 9H", "KD 2C"], "[4S 5S 6S]", stock="QH KH", rules=rules)
    before = [game.view(s) for s in range(2)]
    play = space.move(space.index(Play.of("[4S 5S 6S] [7H 8H 9H]", "7H 8H 9H"), before[0]), before[0])
    game.play(play)
    after = [game.view(s) for s in range(2)]
    codes = {space.encode(v) for v in before + after}
    assert len(codes) == 4
    for v in after:
        check_ids(space, game, v, every_id=True)
        assert space.encode(Game.from_dict(game.to_dict()).view(v.seat)) == space.encode(v)
    over = game.is_over
    assert over == (mode == "single_deal" or threshold == 1)
    phase = space.slice("phase")
    for v in after:
        assert space.encode(v)[phase] == ((0.0, 1.0) if over else (1.0, 0.0))
        if over:
            assert not any(space.mask(v))
        winners = space.encode(v)[space.slice("last_winners")]
        assert winners == ((1.0, 0.0) if v.seat == 0 else (0.0, 1.0))
    scores = space.encode(after[0])[space.slice("scores")]
    assert scores == ((0.0, 12 / threshold) if mode == "session" else (12 / 100, 0.0))


def test_views_of_other_rules_are_refused() -> None:
    space = ActionSpace(Rules(players=2))
    view = position(["7H 8H 9H", "KD 2C"], "[4S 5S 6S]", stock="QH", rules=Rules(players=2, jokers=2)).view(0)
    play = view.legal_moves[-1]
    for call in (lambda: space.encode(view), lambda: space.move(5, view), lambda: space.index(play, view),
                 lambda: space.mask(view)):
        with pytest.raises(UsageError) as info:
            call()
        assert info.value.code == "wrong_rules"
    assert ActionSpace(Rules(players=2)).encode(position(["7H", "KD"]).view(0))  # equal rules, another value
