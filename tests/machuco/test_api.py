"""Machuco's API: notation, atomic errors, views, records, positions, scoring functions, the bot."""

from __future__ import annotations

import json
import random

import pytest

import naipes
from naipes import Card, IllegalMoveError, InvalidStateError, NotationError, RandomBot, RulesError, play_game
from naipes.errors import UsageError
from naipes.machuco import (
    MAYOR,
    NO_QUIERO,
    QUIERO,
    Category,
    Envio,
    Game,
    MachucoBot,
    Move,
    Phase,
    PlayCard,
    Rules,
    View,
    scoring,
)

from ._helpers import game_with, position


@pytest.mark.parametrize("text, move", [
    ("3o", PlayCard(Card.parse("3o"))), ("Rb", PlayCard(Card.parse("12b"))), ("mayor", MAYOR),
    ("envio 3", Envio(3)), ("envío 4", Envio(4)), ("quiero", QUIERO), ("no quiero", NO_QUIERO),
    ("  No   Quiero ", NO_QUIERO),
])
def test_notation_round_trips(text: str, move: Move) -> None:
    assert Move.parse(text) == move
    assert Move.parse(str(move)) == move


@pytest.mark.parametrize("text", ["", "pass", "envio", "envio x", "9z", "13o"])
def test_bad_notation(text: str) -> None:
    with pytest.raises(NotationError):
        Move.parse(text)


def test_rules_validation() -> None:
    for bad in (dict(players=3), dict(envio_limit=1), dict(scope="set"), dict(win_check="never"),
                dict(teams=True, players=2), dict(malas=0), dict(card_threshold=-1)):
        with pytest.raises(RulesError):
            Rules(**bad)  # type: ignore[arg-type]
    assert Rules().deals_per_hand == 3 and Rules(players=2).deals_per_hand == 6


def test_illegal_moves_change_nothing() -> None:
    game = Game(Rules(players=2), seed=3)
    before = game.to_dict()
    seat = game.to_act[0]
    other = 1 - seat
    for move, s in (("mayor", seat), ("quiero", seat), (str(game.view(other).hand[0]), seat),
                    (str(game.view(seat).hand[0]), other)):
        with pytest.raises(IllegalMoveError):
            game.play(move, s)
    assert game.to_dict() == before


def test_view_holds_no_hidden_card() -> None:
    game = Game(Rules(), seed=12)
    for seat in range(4):
        data = game.view(seat).to_dict()
        assert data.pop("dealer_draw")  # the public draw for dealer, from its own shuffled deck (MC-03)
        text = json.dumps(data)
        for other in range(4):
            if other != seat:
                for card in game.view(other).hand:
                    if card not in game.view(seat).table:
                        assert f'"{card}"' not in text
        public = set(game.view(seat).known)  # turned-up cards sent to the bottom were seen by all
        for card in game.zones()["stock"]:
            assert card in public or f'"{card}"' not in text


def test_view_sample_and_render() -> None:
    game = Game(Rules(), seed=6)
    view = game.view(2)
    assert isinstance(view, View)
    world = view.sample(random.Random(1))
    assert world.view(2).to_dict() == view.to_dict() and not world.events.active
    text = view.render()
    assert "Table:" in text and "You (seat 2" in text


def test_record_replays() -> None:
    game = Game(Rules(players=2, scope="chico"), seed=31)
    play_game(game, [RandomBot(1), RandomBot(2)])
    again = Game.from_record(json.loads(json.dumps(game.record())))
    assert again.to_dict() == game.to_dict()


def test_position_record_replays() -> None:
    game, _ = position(hands=[["2e", "12c"], ["2b", "11c"]], table=["3o", "4c"])
    game.play("2e")
    again = Game.from_record(game.record())
    assert again.to_dict()["state"] == game.to_dict()["state"] and again.history == game.history


def test_sample_places_the_known_bottom_cards() -> None:
    from ._helpers import deck_order

    game = Game(Rules(players=2, scope="hand"), deck=deck_order(2, 1, "3o 3c 5e 3e", extra="7o 7c 2b"), dealer=1)
    view = game.view(0)
    assert [str(c) for c in view.known] == ["3c", "3e", "7c"]
    world = view.sample(random.Random(4))
    assert [str(c) for c in world.zones()["stock"][-3:]] == ["3c", "3e", "7c"]
    while game.view(0).deal_number < 6:
        game.play(game.legal_moves()[0])
    view = game.view(0)
    world = view.sample(random.Random(5))
    mine = set(view.hand)
    for j, card in enumerate(view.known):  # stock index 33+j, dealt in deal 6 to seat (j+3) % 2 ... from mano 0
        seat = (33 + j) % 6 % 2
        if card not in mine and seat == 1 and card in game.view(1).hand:
            assert card in world.view(1).hand


def test_bad_positions() -> None:
    with pytest.raises(InvalidStateError):
        Game.from_position(Rules(players=2), hands=[["2e"], ["2e"]])
    with pytest.raises(InvalidStateError):
        Game.from_position(Rules(players=2), hands=[["2e", "3e"], []])
    with pytest.raises(InvalidStateError):
        Game.from_position(Rules(players=2), hands=[["8e"], ["3e"]])
    with pytest.raises(InvalidStateError):
        Game.from_position(Rules(players=2), hands=[["1e"], ["3e"]], nonsense=1)
    with pytest.raises(InvalidStateError):
        Game(Rules(players=2), deck=[Card.parse("1o")] * 40)


def test_dealer_argument() -> None:
    assert Game(Rules(), seed=1, dealer=2).mano == 3
    with pytest.raises(UsageError) as info:
        Game(Rules(players=2), seed=1, dealer=2)
    assert info.value.code == "no_such_seat"


def test_result_and_returns() -> None:
    game = Game(Rules(players=4, scope="chico"), seed=2)
    result = play_game(game, [RandomBot(s) for s in range(4)])
    assert len(result.winners) == 2 and result.winners in ((0, 2), (1, 3))
    assert sorted(result.returns) == [0.0, 0.0, 1.0, 1.0]


def test_scoring_functions() -> None:
    f = scoring.figure_of_ranks
    outcome = scoring.resolve_cantes([[f(2, 2, 5)], [f(6, 6, 1), f(3, 4, 5)]])
    assert (outcome.category, outcome.winner, outcome.points) == (Category.CARACOL, 1, 5)
    assert scoring.contest_winner([(0, f(4, 4, 1)), (1, f(4, 4, 2))], Category.RONDA) == 0
    assert scoring.envio_amounts(Category.RONDIN, 5) == (4, 5)
    assert scoring.card_count_points(21, 20) == 1
    assert scoring.turnup_points([1, 2, 3, 4]) == ((1, 1, 1, 1), 1)
    assert scoring.turnup_points([4, 4, 3, 1], "position") == ((0, 0, 3, 0), 0)


def test_registry_entry() -> None:
    info = naipes.find_game("la ronda")
    assert info.name == "machuco" and info.load() is naipes.machuco
    bot = naipes.bots.load_bot(info.best_bot or "", seed=1)
    assert isinstance(bot, MachucoBot)


def test_contested_decision_views() -> None:
    game, _ = game_with(Rules(players=2, scope="hand"), [["2o 2c 6e", "10o 10c 4e"]])
    view = game.view(0)
    assert view.phase is Phase.DECIDE and view.contest is not None and view.legal_moves[0] == MAYOR
    assert game.view(1).legal_moves == ()
    world = game.view(1).sample(random.Random(2))
    assert world.legal_moves(0) == game.legal_moves(0)


@pytest.mark.parametrize("players", [2, 4])
def test_bot_beats_random(players: int) -> None:
    wins = 0
    n = 40
    for i in range(n):
        game = Game(Rules(players=players, scope="chico"), seed=1000 + i)
        mine = i % 2
        bots = [MachucoBot(seed=i) if s % 2 == mine else RandomBot(seed=i * 7 + s) for s in range(players)]
        result = play_game(game, bots)
        wins += result.winners[0] % 2 == mine
    assert wins >= 0.65 * n


def test_opening_events_tell_the_constructor() -> None:
    from naipes.machuco import CardsDealt, DealerDrawn, HandStarted, TableTurnedUp, describe_event

    game = Game(Rules(players=2), seed=5)
    kinds = [type(e) for e in game.opening_events]
    assert kinds[:3] == [DealerDrawn, HandStarted, TableTurnedUp]
    assert sum(k is CardsDealt for k in kinds) == 2
    assert all(isinstance(describe_event(e), str) for e in game.opening_events)
    assert Game.from_dict(game.to_dict()).opening_events == ()
