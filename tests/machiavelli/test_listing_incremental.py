"""The game's listing (masks, memo tables, hands kept up to date) is ``listed_plays`` from scratch.

At every step of random games under many rules, ``legal_moves`` must hold
exactly the plays ``listed_plays`` gives fresh, in the same order, after
listed and unlisted plays, draws, forfeits, new hands, clones and reloads.
"""

from __future__ import annotations

import random

import pytest

from naipes.cards import JOKER, Card
from naipes.machiavelli import Game, Play, Rules, listed_plays, parse_table
from naipes.machiavelli._fast_listing import fast_listed_plays, hand_mask
from naipes.machiavelli.moves import DRAW, FORFEIT

VARIANTS = [
    Rules(),
    Rules(players=2),
    Rules(players=3, jokers=2),
    Rules(jokers=4, min_natural_per_combination=1),
    Rules(jokers=2, min_natural_per_combination=3),
    Rules(initial_meld_min=30),
    Rules(players=5, jokers=4, initial_meld_min=36, penalty_cards=3),
    Rules(players=6, jokers=4, min_natural_per_combination=1),
    Rules(players=3, decks=3, jokers=2, hand_size=20),
]


def fresh(game: Game, seat: int) -> list[object]:
    """What the legal moves must be: draw (with a stock), forfeit, then ``listed_plays``."""
    head: list[object] = [DRAW] if game.stock else []
    return head + [FORFEIT] + list(listed_plays(game.table, game.hands[seat], game.rules,
                                                opened=game.opened[seat]))


def step_checked(game: Game, rng: random.Random) -> Game:
    """Check the listing of the seat to act, play a random move, sometimes swap in a copy of the game."""
    seat = game.to_act[0]
    moves = game.legal_moves(seat)
    assert list(moves) == fresh(game, seat)
    move = moves[rng.randrange(len(moves))]
    if isinstance(move, Play) and rng.random() < 0.3:
        move = Play(move.table, move.cards)  # an equal play that is not the listed object: the checked path
    game.play(move, seat)
    roll = rng.random()
    if roll < 0.05:
        return game.clone()
    if roll < 0.08:
        return Game.from_dict(game.to_dict())
    return game


@pytest.mark.parametrize("rules", VARIANTS, ids=[f"v{i}" for i in range(len(VARIANTS))])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_listing_is_the_fresh_listing_at_every_step(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    plays = 0
    for _ in range(400):
        if game.is_over:
            break
        before = game.table
        game = step_checked(game, rng)
        plays += game.table != before
    assert plays > 3 or rules.initial_meld_min  # the tables changed under the listing


def test_a_clone_keeps_its_own_hands_and_masks() -> None:
    game = Game(Rules(players=2), seed=5)
    seat = game.to_act[0]
    game.legal_moves(seat)
    twin = game.clone()
    game.play(DRAW, seat)
    other = game.to_act[0]
    game.play(DRAW, other)
    assert list(game.legal_moves(seat)) == fresh(game, seat)
    assert list(twin.legal_moves(seat)) == fresh(twin, seat)
    twin.play(DRAW, seat)
    assert list(twin.legal_moves(other)) == fresh(twin, other)


def test_a_swapped_joker_enters_the_mask_and_the_last_copy_leaves_it() -> None:
    rules = Rules(players=2, jokers=2)
    game = Game.from_position(rules, hands=["5S 9D 9D 9H 9C", "KD QD"], table="[4S JK=5S 6S] [7H 8H 9H]",
                              stock="KH AH 2H")
    assert list(game.legal_moves(0)) == fresh(game, 0)
    game.play("play 5S: [4S 5S 6S] [7H 8H 9H]", 0)  # the joker goes back to the hand (MV-12)
    assert JOKER in game.hands[0]
    game.play(DRAW, 1)
    assert list(game.legal_moves(0)) == fresh(game, 0)
    assert any(isinstance(m, Play) and JOKER in m.cards for m in game.legal_moves(0))
    game.play(Play.of("[4S 5S 6S] [7H 8H 9H] [9H 9D 9C]", "9H 9D 9C"), 0)
    assert game.hands[0].count(Card.parse("9D")) == 1  # one copy left: still listed
    game.play(DRAW, 1)
    assert list(game.legal_moves(0)) == fresh(game, 0)


def test_fast_listed_plays_agrees_on_odd_hands() -> None:
    rules = Rules(jokers=4, min_natural_per_combination=1)
    hand = Card.parse_many("JK JK JK JK AS 2S KS QS KH KD KC 10C 10C")
    table = parse_table("[JS QS KS] [AH 2H 3H] [7D 7H 7C] [JK=5D 6D 7D]")
    for opened in (True, False):
        assert fast_listed_plays(table, hand, rules, opened=opened) == listed_plays(table, hand, rules,
                                                                                     opened=opened)
    assert hand_mask(hand) & hand_mask(Card.parse_many("JK")) and hand_mask(()) == 0
