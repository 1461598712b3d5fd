"""The heuristic RanzoBot: legal, sensible in set positions, and better than random play."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import naipes
from naipes.ranzo import Game, Move, RanzoBot, Rules
from naipes.ranzo._tables import tables
from naipes.ranzo.bots import HELD, OUT, _Context
from ranzo.helpers import position


def test_bot_calls_ranzo_when_it_can() -> None:
    g = position(hands={0: "3o 4o 5o 7c 7e 7b"}, turn=0)
    assert RanzoBot(seed=1).choose(g.view(0)) == Move.parse("ranzo")


def test_bot_claims_when_the_claim_wins_the_round() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o", 1: "3o 4o 7c 7e 7b"}, turn=0)
    g.play("discard 5o")
    assert RanzoBot(seed=1).choose(g.view(1)) == Move.parse("envido 3o 4o")


def test_bot_keeps_its_pairs() -> None:
    g = position(hands={0: "3o 4o 7c 7e 12b 1e"}, turn=0)
    assert str(RanzoBot(seed=1).choose(g.view(0))) in ("discard 12b", "discard 1e")


def test_bot_does_not_feed_an_open_hand() -> None:
    # 10o would be the natural discard (juego + pair left), but P1's open hand is 8o 9o, known
    g = position(hands={0: "1e 2e 3e 5c 5b 10o", 1: "8o 9o"}, open_juegos=[[], ["1c 2c 3c"], [], []],
                 known=[[], ["8o", "9o"], [], []], turn=0, fill_stock=20)
    assert RanzoBot(seed=1).choose(g.view(0)) != Move.parse("discard 10o")
    unknown = position(hands={0: "1e 2e 3e 5c 5b 10o", 1: "8o 9o"}, open_juegos=[[], ["1c 2c 3c"], [], []],
                       turn=0, fill_stock=20)
    assert RanzoBot(seed=1).choose(unknown.view(0)) == Move.parse("discard 10o")


def test_bot_plays_legally_and_beats_random_play() -> None:
    total = 0
    for game_no in range(12):
        seat = game_no % 4
        bots: list[naipes.Bot] = [naipes.RandomBot(100 * game_no + s) for s in range(4)]
        bots[seat] = RanzoBot(seed=game_no)
        result = naipes.play_game(Game(Rules(rounds=4), seed=game_no), bots)
        total += result.balances[seat] - 30
    assert total > 0


def test_bot_plays_the_three_player_variant() -> None:
    result = naipes.play_game(Game(Rules(players=3, rounds=2), seed=3), [RanzoBot(seed=s) for s in range(3)])
    assert sum(result.balances) == 90


def _plain_score(size: int, hand: int, live: int) -> float:
    """The hand score as first written: every juego once, from its lowest card held, in table order."""
    t = tables(size)
    total = 0.0
    m = hand
    while m:
        b = m & -m
        m ^= b
        for j in t.with_bit[b]:
            held = j & hand
            if not held & (b - 1) and not j & ~hand & ~live:
                total += HELD[held.bit_count()]
    bits = [1 << i for i in range(size) if hand >> i & 1]
    outs = 0
    if len(bits) % 3 == 2:
        for i, a in enumerate(bits):
            for b in bits[i + 1:]:
                third = t.thirds.get(a | b, 0) & live
                if third and t.can_split(hand & ~a & ~b):
                    outs |= third
    return total + OUT * outs.bit_count()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from([40, 48]), st.sampled_from([5, 6, 7, 8]))
def test_remembered_hand_scores_are_the_plain_sum_bit_for_bit(seed: int, size: int, count: int) -> None:
    import random

    rng = random.Random(seed)
    order = rng.sample(range(size), size)
    hand = sum(1 << i for i in order[:count])
    ctx = object.__new__(_Context)
    ctx.t = tables(size)
    ctx.memo = ctx.t.scores  # RanzoBot remembers its scores in the deck's tables
    for _ in range(2):  # the second call reads the memo
        for live_count in (0, 10, size - count):
            ctx.live = sum(1 << i for i in order[count:count + live_count])
            assert ctx.score(hand, 0) == _plain_score(size, hand, ctx.live)
