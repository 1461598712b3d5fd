"""The game object: notation, views, sampling, state dicts, events, positions, conformance."""

from __future__ import annotations

import json
import random

import pytest

from naipes import IllegalMoveError, InvalidStateError, NotationError, RandomBot, play_game
from naipes.cards import JOKER, Card
from naipes.events import Event, MovePlayed
from naipes.machiavelli import (
    BaselineBot,
    CardDrawn,
    CardsDealt,
    DeckCut,
    Draw,
    DrawMade,
    Forfeit,
    ForfeitReason,
    Game,
    HandStarted,
    Move,
    Play,
    PlayMade,
    Rules,
    SolverBot,
    TurnFailed,
    View,
)
from naipes.testing import run_conformance

from .helpers import position


@pytest.mark.parametrize("text", [
    "draw", "forfeit gave_up", "forfeit timeout",
    "play 7H: [4S 5S 6S] [7H 7D 7C]",
    "play JK 8D: [8H JK=8S 8D] [AC 2C 3C]",
    "play : [4S 5S 6S]",
])
def test_move_notation_round_trips(text: str) -> None:
    move = Move.parse(text)
    assert str(move) == text
    assert Move.parse(str(move)) == move


@pytest.mark.parametrize("text", ["", "play", "play 7H [4S 5S 6S]", "play 7H: [4S 5S", "forfeit later",
                                  "jump", "play ZZ: [4S 5S 6S]", "play 7H: [JK 5S 6S]"])
def test_bad_move_notation(text: str) -> None:
    with pytest.raises(NotationError):
        Move.parse(text)


def test_move_aliases() -> None:
    assert Move.parse("give up") == Forfeit() and Move.parse("  DRAW ") == Draw()
    assert Move.parse("play 7♥: [4♠5♠6♠] [7♥ 7♦ 7♣]") == Move.parse("play 7H: [4S 5S 6S] [7H 7D 7C]")
    assert Forfeit(ForfeitReason.TIMEOUT).reason is ForfeitReason.TIMEOUT
    with pytest.raises(IllegalMoveError) as info:
        Forfeit("timeout")  # type: ignore[arg-type]  # 1.0: the enum, not its value
    assert info.value.code == "bad_field"


def test_view_holds_no_hidden_cards() -> None:
    game = Game(Rules(players=3), seed=4, first_player=0)
    view = game.view(1)
    assert view.hand == tuple(game.hands[1])
    assert view.hand_sizes == (13, 13, 13) and view.stock_size == 65
    data = json.dumps(view.to_dict())
    others = set(map(str, game.hands[0] + game.hands[2] + game.stock)) - set(map(str, game.hands[1]))
    assert view.hand_number == 1
    for card in others:
        assert f'"{card}"' not in data.replace('"rules"', "")


def test_view_sample_is_consistent_and_keeps_known_jokers() -> None:
    game = position(["8C 2C", "3C 4D", "5H"], table="[8H 8D JK=8C]", stock="KD QD JK",
                    rules=Rules(players=3, jokers=2))
    game.play("play 8C: [8H 8D 8C]")
    view = game.view(2)
    assert view.known_jokers == (1, 0, 0)
    for seed in range(20):
        world = view.sample(random.Random(seed))
        assert world.view(2) == view
        assert JOKER in world.hands[0]


def test_view_render_mentions_the_table_and_hand() -> None:
    game = position(["7H 7D JS 2C", "3C"], table="[4S 5S 6S]")
    text = game.view(0).render()
    assert "1: [4♠ 5♠ 6♠]" in text and "Your hand: J♠ 7♥ 7♦ 2♣" in text
    assert "seat 1: 1 card" in text


def test_state_dict_round_trip_and_clone_independence() -> None:
    game = Game(Rules(players=3, jokers=2), seed=9)
    for _ in range(30):
        game.play(BaselineBot().choose(game.view(game.to_act[0])))
    data = json.loads(json.dumps(game.to_dict()))
    again = Game.from_dict(data)
    assert again.to_dict() == game.to_dict()
    twin = game.clone()
    twin.play("draw")
    assert game.to_dict() == data


def test_record_replays() -> None:
    game = Game(Rules(players=2), seed=11)
    for _ in range(20):
        game.play(BaselineBot().choose(game.view(game.to_act[0])))
    assert Game.from_record(json.loads(json.dumps(game.record()))).to_dict() == game.to_dict()
    pos = position(["7S 2C", "3C"], table="[4S 5S 6S]")
    pos.play("play 7S: [4S 5S 6S 7S]")
    replayed = Game.from_record(pos.record()).to_dict()
    mine = pos.to_dict()
    assert {k: v for k, v in replayed.items() if k != "start"} == {k: v for k, v in mine.items() if k != "start"}


def test_events_of_a_turn() -> None:
    game = Game(Rules(players=2), seed=3, first_player=0)
    opening = [type(e) for e in game.opening_events]
    assert opening == [HandStarted, CardsDealt, CardsDealt]  # hand 1, dealt by the constructor
    assert DeckCut not in opening  # the first player was given, not cut
    seen: list[Event] = []
    game.events.subscribe(Event, seen.append)
    game.play("draw")
    kinds = [type(e) for e in seen]
    assert kinds == [MovePlayed, DrawMade, CardDrawn]
    assert seen[2].private_to == 0 and seen[1].private_to is None
    seen.clear()
    game.play("forfeit")
    assert [type(e) for e in seen] == [MovePlayed, TurnFailed, DrawMade, CardDrawn]
    assert seen[1].reason is ForfeitReason.GAVE_UP


def test_play_made_event_carries_the_table() -> None:
    game = position(["7S 2C", "3C"], table="[4S 5S 6S]")
    seen: list[PlayMade] = []
    game.events.subscribe(PlayMade, seen.append)
    game.play("play 7S: [4S 5S 6S 7S]")
    assert seen[0].cards == (Card.parse("7S"),) and seen[0].hand_size == 1
    assert seen[0].to_dict()["table"]


def test_from_position_refuses_impossible_positions() -> None:
    with pytest.raises(InvalidStateError, match="copies"):
        position(["7H 7H 7H", "3C"])
    with pytest.raises(InvalidStateError):
        position(["7H", "3C"], table="[4S 5S]")
    with pytest.raises(InvalidStateError, match="empty hand"):
        position(["", "3C"])
    with pytest.raises(InvalidStateError):
        Game.from_position(Rules(players=3), hands=["2C", "3C"])


def test_seat_and_turn_errors() -> None:
    game = position(["7H 2C", "3C"], table="[4S 5S 6S]")
    with pytest.raises(IllegalMoveError, match="not this seat's turn"):
        game.play("draw", seat=1)
    with pytest.raises(IllegalMoveError):
        game.play(Play((), ()))


def test_random_and_baseline_playouts_end() -> None:
    for seed in range(3):
        result = play_game(Game(Rules(players=4), seed=seed), [BaselineBot(), RandomBot(seed), BaselineBot(),
                                                                RandomBot(seed + 1)])
        assert result.winners


def test_solver_bot_playout() -> None:
    result = play_game(Game(Rules(players=2, mode="single_deal"), seed=5), [SolverBot(), BaselineBot()])
    assert result.winners


@pytest.mark.parametrize("rules", [
    Rules(players=3),
    Rules(players=2, jokers=2, mode="single_deal", penalty_cards=3),
    Rules(players=5, jokers=4, initial_meld_min=36, mode="single_deal"),
    Rules(players=2, jokers=4, min_natural_per_combination=1, next_starter="previous_winner", threshold=60),
], ids=["default-3", "jokers2-single", "three-decks-36", "jokers4-loose"])
def test_conformance_kit(rules: Rules) -> None:
    run_conformance(lambda seed: Game(rules, seed=seed), examples=2, complete_moves=False, every=15)


def test_view_type() -> None:
    assert isinstance(Game(seed=1).view(0), View)


def test_describe_every_event_of_a_session() -> None:
    from naipes.machiavelli import describe_event

    game = Game(Rules(players=2, jokers=2, threshold=30), seed=8)
    seen: list[Event] = list(game.opening_events)
    game.events.subscribe(Event, seen.append)
    while not game.is_over:
        seat = game.to_act[0]
        game.play(BaselineBot().choose(game.view(seat)) if seat == 0 else "forfeit", seat)
    kinds = {type(e).__name__ for e in seen}
    assert {"DeckCut", "HandStarted", "CardsDealt", "PlayMade", "DrawMade", "CardDrawn", "TurnFailed",
            "HandEnded", "PointsScored", "GameEnded"} <= kinds
    for event in seen:
        if isinstance(event, MovePlayed):
            continue
        text = describe_event(event)
        assert text and type(event).__name__ not in text


def test_public_names() -> None:
    import naipes.machiavelli as mv

    assert mv.__all__ == sorted(mv.__all__)
    assert set(mv.__all__) == {
        "ActionSpace", "BaselineBot", "CODES", "CardDrawn", "CardsDealt", "DeckCut", "Draw", "DrawMade", "Forfeit",
        "ForfeitReason", "Game", "GameEnded", "HandEnded", "HandStarted", "Meld", "MeldKind", "Mode", "Move",
        "NextStarter", "Phase", "Play", "PlayMade", "PointsScored", "Problem", "Result", "Rules", "Solution",
        "SolverBot", "TurnFailed", "View", "Workspace", "WorkspaceError", "can_go_out", "can_play",
        "card_value", "check_table", "describe_event", "describe_problems", "format_table", "full_deck",
        "hand_outcome", "hand_value", "is_valid_meld", "listed_plays", "meld_problem", "meld_value",
        "new_melds_from", "parse_table", "play_problems", "render", "solve", "table_cards", "table_problems",
        "terminal_turn"}
    for name in mv.__all__:
        assert getattr(mv, name) is not None
