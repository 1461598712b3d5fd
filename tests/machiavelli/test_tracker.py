"""Machiavelli's own tracker (``naipes.machiavelli._tracker``) gives what the view-based space gives.

At every checked position, for every seat: ``encode`` equals ``space.encode(view)``,
``legal_ids`` and ``mask`` equal the space's, ``move(i)`` equals ``space.move(i, view)``,
whatever moves were played between two calls (listed plays, unlisted layouts of the same
cards, joker swaps), and for trackers made mid-game, on positions with cards out of play,
with listings that hold plays without a shape id.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.errors import IllegalMoveError, UsageError
from naipes.machiavelli import ActionSpace, Game, Meld, Move, Rules
from naipes.machiavelli._tracker import Tracker
from naipes.machiavelli.moves import Play

from .helpers import position, positions

VARIANTS = [
    Rules(),
    Rules(players=2, mode="single_deal"),
    Rules(players=3, jokers=2, penalty_cards=3),
    Rules(players=5, jokers=4, min_natural_per_combination=1, threshold=60),
    Rules(players=6, jokers=4, initial_meld_min=30, next_starter="previous_winner"),
    Rules(players=4, decks=3, hand_size=9, penalty_cards=3),
    Rules(players=2, jokers=2, hand_size=20, exhaustion_winner_scores_own_hand=True, threshold=40),
]


def agree(tracker: Tracker, space: ActionSpace, game: Game, rng: random.Random) -> None:
    """The tracker's answers equal the space's from the seat's view."""
    view = game.view(tracker.seat)
    assert tuple(tracker.encode()) == space.encode(view)
    ids = tracker.legal_ids()
    assert ids == space.legal_ids(view)
    mask = [3] * space.size
    assert tracker.mask(mask) == [int(i in ids) for i in range(space.size)]
    for i in rng.sample(ids, min(len(ids), 3)):
        assert tracker.move(i) == space.move(i, view)


def other_layout(move: Move) -> Move:
    """An unlisted move that makes the same layout: the listed play's melds in reverse order."""
    if isinstance(move, Play) and len(move.table) > 1:
        return Play(move.table[::-1], move.cards)
    return move


def swaps(game: Game, seat: int) -> list[Move]:
    """The plays that put a hand card in place of the joker standing for it (the joker comes back
    to the hand, MV-12): the hand keeps its size and changes."""
    table, hand = game.table, game.hands[seat]
    out: list[Move] = []
    for k, meld in enumerate(table):
        for p in meld.jokers:
            if meld.cards[p] in hand:
                natural = Meld(meld.cards, tuple(j for j in meld.jokers if j != p))
                out.append(Play(table[:k] + (natural,) + table[k + 1:], (meld.cards[p],)))
    return out


def play_some(game: Game, rng: random.Random, steps: int) -> None:
    """``steps`` random moves: listed ones, now and then an unlisted layout of one or a joker swap."""
    for _ in range(steps):
        if game.is_over:
            return
        seat = rng.choice(game.to_act)
        move = rng.choice(game.legal_moves(seat))
        found = swaps(game, seat)
        other = rng.choice(found) if found and rng.random() < 0.5 else other_layout(move)
        if other is not move and rng.random() < 0.5:
            try:
                game.check_move(other, seat)
                move = other
            except IllegalMoveError:  # a swap that leaves a meld short, a layout before the opening
                pass
        game.play(move, seat)


@settings(deadline=None, max_examples=30, derandomize=True)
@given(seed=st.integers(0, 2**31), variant=st.sampled_from(VARIANTS), every=st.integers(1, 5),
       late=st.integers(0, 30))
def test_trackers_follow_random_games(seed: int, variant: Rules, every: int, late: int) -> None:
    rng = random.Random(seed)
    game = Game(variant, seed=seed)
    space = ActionSpace(variant)
    play_some(game, rng, late)  # trackers made mid-game start from the whole position
    trackers = [space.tracker(game, s, [rng.random()] * space.observation_size) for s in range(game.num_players)]
    for _ in range(120 // every):
        for t in trackers:
            agree(t, space, game, rng)
        if game.is_over:
            break
        play_some(game, rng, rng.randint(1, every))


@pytest.mark.parametrize("rules", [Rules(players=3, jokers=2, hand_size=5, threshold=150),
                                   Rules(players=2, hand_size=6, mode="single_deal")])
def test_trackers_follow_whole_games(rules: Rules) -> None:
    game, space, rng = Game(rules, seed=11), ActionSpace(rules), random.Random(11)
    trackers = [space.tracker(game, s) for s in range(game.num_players)]
    hands = 0
    while not game.is_over:
        for t in trackers:
            agree(t, space, game, rng)
        hands = max(hands, game.hand_number)
        play_some(game, rng, rng.randint(1, 3))
    for t in trackers:
        agree(t, space, game, rng)
    assert hands > 1 or rules.mode == "single_deal"


def test_a_numpy_observation_is_written_in_place() -> None:
    np = pytest.importorskip("numpy")
    rules = Rules(players=3, jokers=2)
    game, space, rng = Game(rules, seed=5), ActionSpace(rules), random.Random(5)
    rows = np.full((game.num_players, space.observation_size), 7.0, np.float32)
    obs = list(rows)  # one row per seat, written in place
    trackers = [space.tracker(game, s, obs[s]) for s in range(game.num_players)]
    masks = np.zeros((game.num_players, space.size), np.int8)
    for _ in range(150):
        for t in trackers:
            assert t.encode() is obs[t.seat]
            assert np.array_equal(rows[t.seat], np.asarray(space.encode(game.view(t.seat)), np.float32))
            t.mask(masks[t.seat])
            assert np.flatnonzero(masks[t.seat]).tolist() == list(t.legal_ids())
        if game.is_over:
            break
        seat = game.current_player
        assert seat is not None
        ids = trackers[seat].legal_ids()
        game.play(trackers[seat].move(ids[rng.randrange(len(ids))]), seat)


@settings(deadline=None, max_examples=30, derandomize=True)
@given(game=positions(jokers=True), seed=st.integers(0, 1000))
def test_positions_with_cards_out_of_play(game: Game, seed: int) -> None:
    space, rng = ActionSpace(game.rules), random.Random(seed)
    trackers = [space.tracker(game, s) for s in range(game.num_players)]
    for _ in range(6):
        for t in trackers:
            agree(t, space, game, rng)
        play_some(game, rng, 1)


def test_a_joker_swap_keeps_the_hand_size_and_changes_the_hand() -> None:
    game = position(["8C 2C", "3C"], table="[8H 8D JK=8C]", rules=Rules(players=2, jokers=2))
    space, rng = ActionSpace(game.rules), random.Random(0)
    trackers = [space.tracker(game, s) for s in range(2)]
    for t in trackers:
        agree(t, space, game, rng)
    game.play("play 8C: [8H 8D 8C]")
    assert game.known_jokers == (1, 0)
    for t in trackers:
        agree(t, space, game, rng)


class ListingMore(Game):
    """A game whose listing also holds unlisted layouts (plays without a shape id): the slots."""

    __slots__ = ()

    def _legal(self, seat: int) -> tuple[Move, ...]:
        moves = super()._legal(seat)
        extra = tuple(other_layout(m) for m in moves if isinstance(m, Play) and len(m.table) > 1)
        return moves + extra[:20]  # more than the slots: the rest have no id


def test_plays_without_a_shape_take_the_listing_slots() -> None:
    rules = Rules(players=2, hand_size=20)
    game, space, rng = ListingMore(rules, seed=3), ActionSpace(rules), random.Random(3)
    trackers = [space.tracker(game, s) for s in range(2)]
    filled = 0
    for _ in range(120):
        for t in trackers:
            agree(t, space, game, rng)
            filled = max(filled, sum(i >= space.slot_start for i in t.legal_ids()))
        if game.is_over:
            break
        seat = game.current_player
        assert seat is not None
        game.play(rng.choice([m for m in game.legal_moves(seat) if m in super(ListingMore, game)._legal(seat)]),
                  seat)
    assert filled > 1


def test_ids_that_name_no_move_are_refused_as_by_the_space() -> None:
    game = position(["7S 8H 8D 8C", "KD"], table="[4S 5S 6S]", stock="KH")
    space = ActionSpace(game.rules)
    tracker, view = space.tracker(game, 0), game.view(0)
    # the candidate slot 0: both listed plays at once
    assert tracker.legal_ids() == (0, 1, 3, 101, space.candidate_start)
    assert str(tracker.move(space.candidate_start)) == "play 8H 8D 8C 7S: [4S 5S 6S 7S] [8H 8D 8C]"
    assert tracker.move(3) is game.legal_moves(0)[2]  # the listed move itself
    assert tracker.move(2) == space.move(2, view)  # a shape that is not legal here: built as the space does
    for i in (2 + space.slots * 1, space.slot_start, space.candidate_start + 1):  # no meld 1; empty slots
        with pytest.raises(IllegalMoveError) as err:
            tracker.move(i)
        assert err.value.code == "no_action_id"
    for bad in (-1, space.size, True, 1.0, "3"):
        with pytest.raises(UsageError) as usage:
            tracker.move(bad)  # type: ignore[arg-type]
        assert usage.value.code == "no_such_action"
    np = pytest.importorskip("numpy")
    assert tracker.move(np.int64(3)) is game.legal_moves(0)[2]
    other = space.tracker(game, 1)
    assert other.legal_ids() == () and other.move(0) == space.move(0, game.view(1))


def test_the_space_hands_out_this_tracker() -> None:
    space = ActionSpace(Rules())
    assert type(space.tracker(Game(Rules(), seed=1), 0)) is Tracker


# -- the one observation writer: what the tracker's writer reads is what the view's reads -----------
#: the sight's fields and the public part's (listed: read by name, as the writer reads them)
_SIGHT = ("hand", "sizes", "stock", "acting", "shapeless", "cands")
_PUBLIC = ("_table", "_out", "_opened_seats", "_known_jokers", "_totals", "scores", "_last_points",
           "_last_winners", "_starter")


def _read(sight: object, public: object) -> dict[str, object]:
    """What the writer reads, the engine's lists and the view's tuples made alike (the hand as a
    multiset: its order is not encoded)."""
    out = {name: getattr(sight, name) for name in _SIGHT}
    out.update((name, getattr(public, name)) for name in _PUBLIC)
    out["hand"] = sorted(map(str, out["hand"]))  # type: ignore[call-overload]
    for name in ("sizes", "acting", "_table", "_out", "_opened_seats", "_known_jokers", "_totals", "scores",
                 "_last_winners"):
        out[name] = tuple(out[name])  # type: ignore[call-overload]
    out["_last_points"] = tuple(out["_last_points"] or ())  # type: ignore[arg-type]
    return out


@settings(deadline=None, max_examples=20, derandomize=True)
@given(seed=st.integers(0, 2**31), variant=st.sampled_from(VARIANTS))
def test_the_engines_sight_is_the_views_sight(seed: int, variant: Rules) -> None:
    """For every seat after random moves, the tracker's ``look`` with the engine as the public
    part reads what ``sight_of_view(view)`` gives ``encode(view)``'s writer, field by field."""
    from naipes.machiavelli._observation import Sight, look, sight_of_view

    rng = random.Random(seed)
    game, space = Game(variant, seed=seed), ActionSpace(variant)
    trackers = [space.tracker(game, s) for s in range(variant.players)]
    for _ in range(40):
        for t in trackers:
            t.legal_ids()  # the tracker's listing: its shapeless plays and candidates
            seen = sight_of_view(game.view(t.seat), space)
            assert _read(look(game, t.seat, Sight(), t._shapeless, t._cands), game) == _read(seen, seen)
        if game.is_over:
            break
        play_some(game, rng, rng.randrange(1, 4))
