"""Rules validation, move notation, specials (§3.C), views, records, the API.md example."""

from __future__ import annotations

import json
import random

import pytest

import naipes
from naipes import Card, IllegalMoveError, NotationError, RulesError
from naipes.events import Event
from naipes.ranzo import (
    CallRanzo,
    ClaimsRevealed,
    Discard,
    Envido,
    Game,
    Move,
    Pass,
    RanzoBot,
    Rules,
    Truco,
    special,
    value_hand,
)
from ranzo.helpers import answer, cards, position


def test_public_names_are_sorted_and_exist() -> None:
    from naipes import ranzo

    assert ranzo.__all__ == sorted(ranzo.__all__)
    for name in ranzo.__all__:
        assert hasattr(ranzo, name)


@pytest.mark.parametrize("kwargs", [
    {"players": 5}, {"deck": 50}, {"after_steal_next": "x"}, {"starting_points": -1}, {"rounds": 0},
    {"specials": ("nope",)}, {"specials": ("real", "real")}, {"teams": True, "players": 3},
    {"value_regular": -2}, {"specials": ["real"]}, {"envido_beats_truco": 1},
])
def test_rules_reject_impossible_values(kwargs: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        Rules(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("text,move", [
    ("pass", Pass()), ("ranzo", CallRanzo()), ("discard 7c", Discard(Card.parse("7c"))),
    ("truco 11c", Truco(Card.parse("11c"))), ("envido 7b 8b", Envido(Card.parse("7b"), Card.parse("8b"))),
])
def test_notation_round_trips(text: str, move: Move) -> None:
    assert Move.parse(text) == move and str(move) == text and Move.parse(str(move)) == move


@pytest.mark.parametrize("text", ["", "envido 7b", "envido 7b 7b", "truco", "truco 7X", "discard AS",
                                  "ranzo now", "steal 7b"])
def test_bad_notation(text: str) -> None:
    with pytest.raises(NotationError):
        Move.parse(text)


def test_envido_cards_in_either_order_are_one_move() -> None:
    assert Move.parse("envido 8b 7b") == Move.parse("envido 7b 8b")
    assert str(Envido(Card.parse("12o"), Card.parse("10o"))) == "envido 10o 12o"


def test_api_md_claim_window_example() -> None:
    hands = {0: "1c 9e 12b 3c 11e 9b", 1: "2c 3e 4e 6o 1e", 2: "7b 8b 5c 4o 2e", 3: "11c 6e 5e 1o 2o"}
    game = position(hands=hands, turn=0)
    game.play("discard 9b")
    assert game.to_act == (1, 2, 3)
    seen: list[Event] = []
    game.events.subscribe(Event, seen.append)
    game.play(Move.parse("pass"), seat=1)
    game.play(Move.parse("truco 11c"), seat=3)
    assert game.view(2).my_answer is None and game.view(2).answered == (1, 3)
    assert Card.parse("11c") not in game.view(2).known  # not revealed before resolution
    assert not seen  # nothing delivered either
    game.play(Move.parse("envido 7b 8b"), seat=2)
    revealed = next(e for e in seen if isinstance(e, ClaimsRevealed))
    assert revealed.answers == tuple((s, Move.parse(m)) for s, m in ((1, "pass"), (2, "envido 7b 8b"),
                                                                 (3, "truco 11c")))
    assert game.stealer == 2 and game.history[-3:] == revealed.answers
    assert Card.parse("11c") in game.view(2).known  # the losing truco card is public now


@pytest.mark.parametrize("name,hand", [
    ("real", "10c 11c 12c 2o 2e 2b"),
    ("trio_de_ases", "1o 1c 1e 5b 6b 7b"),
    ("escaleron", "4b 5b 6b 7b 8b 9b"),
    ("mellizos", "2o 3o 4o 2e 3e 4e"),
])
def test_each_named_special_is_worth_six(name: str, hand: str) -> None:
    hv = value_hand(Rules(), (), cards(hand))
    assert hv is not None and hv.value == 6 and name in hv.specials
    off = value_hand(Rules(specials=tuple(s for s in Rules().specials if s != name)), (), cards(hand))
    assert off is not None and off.value == 3
    g = position(hands={3: hand}, turn=3)  # called in a game: the three others pay 2 each
    g.play("ranzo")
    assert g.scores == (28, 28, 28, 36) and name in g.hand_log[-1][2]


def test_escaleron_in_40_deck_crosses_seven_to_sota() -> None:
    hv = value_hand(Rules(deck=40), (), cards("5b 6b 7b 10b 11b 12b"))
    assert hv is not None and "escaleron" in hv.specials and "real" in hv.specials and hv.value == 6


def test_specials_do_not_stack_and_values_are_configurable() -> None:
    hv = value_hand(Rules(), (), cards("10c 11c 12c 1o 1e 1b"))
    assert hv is not None and set(hv.specials) == {"real", "trio_de_ases"} and hv.value == 6
    hv = value_hand(Rules(value_regular=5, value_special=9), (), cards("10c 11c 12c 1o 1e 1b"))
    assert hv is not None and hv.value == 9


def test_custom_special_patterns() -> None:
    rules = Rules(specials=("trio:12", "escalera:3"))
    hv = value_hand(rules, (), cards("12o 12c 12e 3b 4b 5b"))
    assert hv is not None and hv.specials == ("trio:12", "escalera:3")
    assert special("escalera:3").matches_single(cards("3b 4b 5b"), rules.order)
    with pytest.raises(RulesError):
        special("trio:13")


def test_pair_special_among_three_juegos() -> None:
    hv = value_hand(Rules(players=3), (), cards("2o 3o 4o 7c 7e 7b 2e 3e 4e"))
    assert hv is not None and hv.specials == ("mellizos",) and hv.value == 4


def test_open_juegos_stay_fixed_in_the_split() -> None:
    g = position(hands={0: "5o 6o 7o"}, open_juegos=[["2o 3o 4o"], [], [], []], turn=0)
    # 2o..7o would be an escalerón only if the open juego joins: it does (fixed juego + juego)
    assert Move.parse("ranzo") in g.legal_moves()
    g.play("ranzo")
    assert g.hand_log[-1][:3] == (0, 6, ("escaleron",))
    assert g.hand_log[-1][3] == (cards("2o 3o 4o"), cards("5o 6o 7o"))


def test_view_hides_other_hands_and_stock() -> None:
    g = Game(seed=11)
    v = g.view(1)
    assert v.hand == tuple(g.hands[1])
    public = v.to_dict()
    del public["cards"], public["legal_moves"]  # cards in play: the whole deck; moves: own cards
    dumped = json.dumps(public)
    for c in set(g.hands[0]) | set(g.stock):
        assert f'"{c}"' not in dumped
    assert "stock" not in v.to_dict() and v.stock_size == g.stock_size
    assert v.render().startswith("Ranzo: hand 1/8")


def test_view_sample_respects_known_cards() -> None:
    hands = {0: "1c 4e 12b 3c 11e 5o", 1: "9e 2c 3b 8b 1b", 2: "11c 6c 2e 10e 1e", 3: "11b 1o 3e 4b 6e"}
    g = position(hands=hands, turn=0)
    g.play("discard 5o")
    answer(g, p1="truco 9e", p2="truco 11c", p3="truco 11b")
    v = g.view(0)
    for i in range(20):
        world = v.sample(random.Random(i))
        assert Card.parse("9e") in world.hands[1] and Card.parse("11b") in world.hands[3]
        assert Card.parse("5o") in world.hands[2]
        assert world.view(0).to_dict() == v.to_dict()


def test_sample_redraws_hidden_window_answers() -> None:
    g = Game(seed=5)
    g.play(g.legal_moves()[-1])
    g.play("pass", 1)
    v = g.view(2)
    world = v.sample(random.Random(1))
    assert world.to_act == g.to_act and world.view(2).to_dict() == v.to_dict()


def test_record_replays_and_dict_round_trips() -> None:
    g = Game(Rules(rounds=2), seed=9)
    naipes.play_game(g, [naipes.RandomBot(s) for s in range(4)])
    again = Game.from_record(json.loads(json.dumps(g.record())))
    assert again.to_dict() == g.to_dict()
    assert Game.from_dict(json.loads(json.dumps(g.to_dict()))).to_dict() == g.to_dict()


def test_from_position_record_replays() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o"}, turn=0)
    g.play("discard 5o")
    answer(g, p1="pass", p2="pass", p3="pass")
    again, now = Game.from_record(g.record()).to_dict(), g.to_dict()
    del again["start"], now["start"]  # the replay starts from the position itself
    assert again == now


def test_deck_option_validated() -> None:
    with pytest.raises(naipes.InvalidStateError):
        Game(deck=["1o"] * 48)
    with pytest.raises(naipes.InvalidStateError):
        Game(Rules(deck=40), deck=naipes.spanish_deck(48))
    with pytest.raises(naipes.InvalidStateError):
        Game(dealer=7)


def test_two_orders_for_the_first_two_rounds() -> None:
    d1, d2 = list(naipes.spanish_deck(48)), list(reversed(naipes.spanish_deck(48)))
    g = Game(Rules(rounds=2), deck=[d1, d2], seed=1)
    assert g.hands[0][:5] == tuple(d1[0:20:4])
    bots = [naipes.RandomBot(s) for s in range(4)]
    while g.hand_number == 1:
        for seat in g.to_act:
            g.play(bots[seat].choose(g.view(seat)), seat)
    assert g.dealer == 0 and g.hands[1][:5] == tuple(d2[0:20:4])


def test_illegal_moves_say_why() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o"}, turn=0)
    with pytest.raises(IllegalMoveError, match="claim window"):
        g.play("pass")
    with pytest.raises(IllegalMoveError, match="RZ-05"):
        g.play("ranzo")
    with pytest.raises(IllegalMoveError, match="concealed hand"):
        g.play("discard 7b")
    g.play("discard 5o")
    with pytest.raises(IllegalMoveError, match="say which seat"):
        g.play("pass")


def test_registry_entry() -> None:
    info = naipes.find_game("ranzo")
    assert info.best_bot == "naipes.ranzo.bots:RanzoBot" and info.max_decisions == Rules().max_decisions
    assert isinstance(naipes.bots.load_bot(info.best_bot, seed=1), RanzoBot)


def test_rng_option_and_record() -> None:
    g = Game(rng=random.Random(3))
    h = Game(rng=random.Random(3))
    assert g.to_dict()["state"] == h.to_dict()["state"]
    g.play(g.legal_moves()[0])
    assert Game.from_record(g.record()).to_dict() == g.to_dict()
    with pytest.raises(naipes.InvalidStateError):
        Game(rng=random.SystemRandom()).record()
