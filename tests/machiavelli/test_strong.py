"""Machiavelli's ``strong`` bot (``naipes.machiavelli.search.StrongBot``): the solver's play weighed
against the risk of the other seat going out.

Its strength against SolverBot is measured by ``benchmarks/bots_search.py --matchups machiavelli``
(the search guide); here: legal, deterministic for a seed, reading only the view, and its
planning decisions on built positions.
"""

from __future__ import annotations

import random

import pytest

from naipes.bots import load_bot, play_game
from naipes.errors import UsageError
from naipes.machiavelli import Draw, Game, Play, Rules, SolverBot
from naipes.machiavelli._memory import _grows
from naipes.machiavelli.search import StrongBot
from naipes.machiavelli.solver import can_go_out, solve
from naipes.plugin import plugin

RULES = Rules(players=2, mode="single_deal")


def _midgame(seed: int, turns: int) -> Game:
    game = Game(RULES, seed=seed)
    bots = [SolverBot(), SolverBot()]
    for _ in range(turns):
        seat = game.to_act[0]
        game.play(bots[seat].choose(game.view(seat)), seat)
    return game


def test_strong_is_the_look_ahead_and_solver_stays() -> None:
    assert isinstance(load_bot("strong", game="machiavelli", seed=1), StrongBot)
    assert plugin("machiavelli").bots()["solver"] == "naipes.machiavelli.bots:SolverBot"


def test_it_goes_out_when_it_can() -> None:
    game = Game.from_position(RULES, hands=["7H 7D JS", "KD 2C"],
                              table="[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]", stock="KH 3C 9D")
    move = StrongBot(seed=1).choose(game.view(0))
    assert isinstance(move, Play) and sorted(map(str, move.cards)) == ["7D", "7H", "JS"]


def test_it_draws_rather_than_lay_a_run_the_other_seat_goes_out_on() -> None:
    # Every card it cannot see (the other seat's one card and the stock) extends 5H 6H 7H:
    # SolverBot lays the run and loses at once; the look-ahead draws instead.
    game = Game.from_position(RULES, hands=["5H 6H 7H 2C", "8H"], stock="4H 8H 4H")
    view = game.view(0)
    assert isinstance(SolverBot().choose(view), Play)
    assert isinstance(StrongBot(seed=3).choose(view), Draw)


def test_it_lays_when_nothing_unseen_can_use_the_cards() -> None:
    game = Game.from_position(RULES, hands=["5H 6H 7H 2C", "KD"], stock="KC QS KS")
    move = StrongBot(seed=3).choose(game.view(0))
    assert isinstance(move, Play) and sorted(map(str, move.cards)) == ["5H", "6H", "7H"]


def test_same_choice_whatever_the_hidden_cards() -> None:
    """Two games that show the same view (the other hand and the stock dealt differently) get
    the same move from bots of the same seed."""
    for seed, turns in ((5, 9), (11, 20), (17, 31)):
        view = _midgame(seed, turns).view(_midgame(seed, turns).to_act[0])
        moves = set()
        for deal in range(3):
            world = view.sample(random.Random(deal))
            assert world.view(view.seat).hand == view.hand and world.view(view.seat).table == view.table
            moves.add(StrongBot(seed=7, worlds=3, near=13).choose(world.view(view.seat)))
        assert len(moves) == 1


def test_a_whole_deal_is_legal_and_the_same_for_a_seed() -> None:
    def deal() -> tuple[object, ...]:
        game = Game(RULES, seed=21)
        result = play_game(game, [StrongBot(seed=4, worlds=2, near=13), SolverBot()])  # the engine checks each play
        return result.winners, result.scores, game.view(0).table

    assert deal() == deal()


def test_sessions_and_more_seats() -> None:
    """With three seats and a session of deals (the default mode) its moves are legal too."""
    game = Game(Rules(players=3), seed=5)
    bots = [StrongBot(seed=s, worlds=2, near=13) for s in range(3)]
    for _ in range(30):
        seat = game.to_act[0]
        move = bots[seat].choose(game.view(seat))
        assert game.is_legal(move, seat)
        game.play(move, seat)


def test_the_sampled_hands_fit_what_the_other_seat_did() -> None:
    """With two players the other seat's hand, but for the card it may just have drawn, has no play
    on the table (it would have laid it): hands that have one are not dealt."""
    # Unseen: 8H 9H and 2C 3D (plus KS KD); a uniform deal of two cards often gives 8H 9H's pair or
    # one of them with a card that extends [5H 6H 7H], which the seat would have laid.
    game = Game.from_position(RULES, hands=["2S 3S 4S 9C", "8H 2C"], table="[5H 6H 7H]",
                              stock="9H 3D KS KD")
    view = game.view(0)
    bot = StrongBot(seed=5, worlds=24)
    hands = bot.hands(view, 1)
    assert hands and len(hands) <= 24
    for hand in hands:
        assert len(hand) == 2 and solve(view.table, hand[:-1], view.rules) is None
    # the first card of every kept hand is one that cannot extend the table: never 8H
    assert "8H" not in {str(h[0]) for h in hands}
    assert any("8H" in map(str, h) for h in hands)  # but 8H may be the card just drawn


def test_it_weighs_the_risk_only_when_the_other_seat_is_near_going_out() -> None:
    game = Game.from_position(RULES, hands=["5H 6H 7H 2C", "8H"], stock="4H 8H 4H")
    view = game.view(0)
    assert isinstance(StrongBot(seed=3).choose(view), Draw)
    assert isinstance(StrongBot(seed=3, near=0).choose(view), Play)  # one card is more than near=0
    assert isinstance(StrongBot(seed=3, weight=0.5).choose(view), Play)  # a loss worth half a card


def _until_the_other_seat(kind: type, seed: int, most: int) -> tuple[StrongBot, Game]:
    """A deal of StrongBot (seat 0) against SolverBot, up to the bot's first decision just after
    the other seat made a ``kind`` move and holds 2 to ``most`` cards."""
    game, bot, last = Game(RULES, seed=seed), StrongBot(seed=2, near=0), None
    while game.to_act:
        seat = game.to_act[0]
        view = game.view(seat)
        if seat == 0 and isinstance(last, kind) and 2 <= view.hand_sizes[1] <= most:
            return bot, game
        move = bot.choose(view) if seat == 0 else SolverBot().choose(view)
        game.play(move, seat)
        last = move if seat == 1 else last
    raise AssertionError("no such decision")


def test_the_hands_fit_the_other_seats_last_play() -> None:
    """After its play, none of the other seat's cards has a play on the table it left (SolverBot lays
    the most it can): every hand dealt is stuck, and the true one fits. Without the memory (the rule
    "all its cards but the last") many hands dealt hold a card it would have laid."""
    for seed in (1, 2, 3):
        bot, game = _until_the_other_seat(Play, seed, 4)
        view = game.view(0)
        hands = bot.hands(view, 1)
        assert hands and len(hands) <= bot.worlds
        assert all(solve(view.table, hand, view.rules) is None for hand in hands)
        assert bot._memory.fits(game.view(1).hand, view, random.Random(0), bot.budget, bot.memory)
        old = StrongBot(seed=5, memory=0).hands(view, 1)
        assert any(solve(view.table, hand, view.rules) is not None for hand in old)


def test_the_hands_fit_the_other_seats_draws() -> None:
    """After a draw, at most one card of a hand dealt (the one drawn) has a play of its own on the
    table the other seat faced, and the hand less that card has none."""
    bot, game = _until_the_other_seat(Draw, 4, 5)
    view = game.view(0)
    for hand in bot.hands(view, 1):
        alone = [c for c in hand if solve(view.table, [c], view.rules) is not None]
        assert len(alone) <= 1
        rest = list(hand)
        if alone:
            rest.remove(alone[0])
            assert solve(view.table, rest, view.rules) is None


def test_the_memory_follows_the_deal_and_starts_afresh() -> None:
    """The bot remembers each turn of the other seat (a draw or a play, and the cards laid) and
    forgets them when a new deal begins."""
    game, bot, seen = Game(RULES, seed=6), StrongBot(seed=2, near=0), 0
    memory = bot._memory
    last: object = None
    while game.to_act and seen < 20:
        seat = game.to_act[0]
        view = game.view(seat)
        move = bot.choose(view) if seat == 0 else SolverBot().choose(view)
        if seat == 0 and last is not None:
            turn = memory.turns[-1]
            assert turn.kind == ("draw" if isinstance(last, Draw) else "play")
            if isinstance(last, Play):
                assert sorted(map(str, turn.played)) == sorted(map(str, last.cards)) and turn.table == view.table
            seen += 1
        game.play(move, seat)
        last = move if seat == 1 else last
    assert seen == 20 and len(memory.turns) == 16  # the last 16 turns are kept
    fresh = Game(RULES, seed=7)
    while fresh.to_act[0] != 0:
        fresh.play(SolverBot().choose(fresh.view(1)), 1)
    bot.choose(fresh.view(0))
    assert memory.turns == []


def test_the_quick_test_of_a_card_sees_only_real_plays() -> None:
    """A card the quick test says extends a meld by itself has a play of its own (the solver
    agrees); the quick test finds most of them."""
    game, found, plays = Game(RULES, seed=8), 0, 0
    for turn in range(70):
        seat = game.to_act[0]
        view = game.view(seat)
        if turn % 10 == 9:
            for card in set(view.unseen().elements()):
                alone = can_go_out(view.table, [card], view.rules)
                assert alone or not _grows(view.table, card, view.rules)
                found += _grows(view.table, card, view.rules)
                plays += alone
        game.play(SolverBot().choose(view), seat)
    assert plays and found >= plays // 2


@pytest.mark.parametrize(("option", "value"), [("worlds", 0), ("worlds", 2.5), ("near", -1), ("near", True),
                                               ("weight", -1.0), ("weight", "10"), ("memory", -1),
                                               ("memory", 1.0), ("memory", None)])
def test_bad_options(option: str, value: object) -> None:
    with pytest.raises(UsageError) as err:
        StrongBot(**{option: value})
    assert err.value.code == "bad_option"
