"""PerfectBot, CarelessBot and the bidding strategy."""

from __future__ import annotations

from fractions import Fraction

import pytest

import naipes
from naipes.macarra import BiddingStrategy, CarelessBot, Game, PerfectBot, Rules, value_distribution


def test_bidding_strategy_maximizes_given_minus_returned() -> None:
    s = BiddingStrategy()
    for deck in (40, 48):
        dist = value_distribution(deck)
        assert sum(dist.values()) == 1
        best = max(range(11), key=lambda n: sum(p * min(n, v) for v, p in dist.items()))
        assert s.best_bid(deck) == best == 10
        assert s.expected(10, deck) == sum(p * v for v, p in dist.items())
    assert s.expected(10, 40) == Fraction(11, 2) and s.expected(0, 40) == 0
    assert BiddingStrategy(returned_weight=3).best_bid(40) < 10
    with pytest.raises(ValueError):
        BiddingStrategy(returned_weight=-1)


def test_careless_bot_slips_and_pays_for_it() -> None:
    slips = 0
    for seed in range(6):
        game = Game(Rules(players=3), seed=seed)
        naipes.play_game(game, [PerfectBot(), CarelessBot(0.3, seed=seed), PerfectBot()])
        slips += game.infractions[1]
        assert game.infractions[0] == game.infractions[2] == 0
    assert slips > 0


def test_careless_bot_cannot_slip_under_forbid_and_bots_bid() -> None:
    game = Game(Rules(players=3, infractions="forbid"), seed=4)
    result = naipes.play_game(game, [CarelessBot(1.0, seed=1)] * 3)
    assert game.infractions == (0, 0, 0)
    assert all(b == 10 for s, b in enumerate(result.bids) if s != result.loser)
    with pytest.raises(ValueError):
        CarelessBot(1.5)


def test_perfect_bot_beats_random_bot() -> None:
    total = [0.0, 0.0]
    for seed in range(20):
        game = Game(Rules(players=2), seed=seed)
        bots = [PerfectBot(), naipes.RandomBot(seed)] if seed % 2 else [naipes.RandomBot(seed), PerfectBot()]
        result = naipes.play_game(game, bots)
        perfect = 0 if seed % 2 else 1
        total[0] += result.returns[perfect]
        total[1] += result.returns[1 - perfect]
    assert total[0] > total[1]
