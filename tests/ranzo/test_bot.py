"""The heuristic RanzoBot: legal, sensible in set positions, and better than random play."""

from __future__ import annotations

import naipes
from naipes.ranzo import Game, Move, RanzoBot, Rules
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
