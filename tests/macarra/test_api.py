"""Notation, views, state dicts, records, events and the public namespace of naipes.macarra."""

from __future__ import annotations

import json
import random

import pytest

import naipes
from naipes import Card, IllegalMoveError, InvalidStateError, NotationError, macarra
from naipes.events import MovePlayed
from naipes.macarra import (
    BIDS,
    DRAW,
    PASS,
    Bid,
    BidRevealed,
    CardDrawn,
    CardPlaced,
    Game,
    GameEnded,
    HandEnded,
    LoserDecided,
    Move,
    Phase,
    PlaceOnFoundation,
    PlaceOnPile,
    PlayerOut,
    PunishmentCardRevealed,
    Rules,
    StartFoundation,
    Target,
    TargetKind,
    TurnEnded,
)

from ._helpers import forced_turn, position, record_events


def test_all_is_sorted_and_complete() -> None:
    assert macarra.__all__ == sorted(macarra.__all__)
    for name in macarra.__all__:
        assert hasattr(macarra, name)


@pytest.mark.parametrize("text, move", [
    ("draw", DRAW), ("pass", PASS), ("1o new", StartFoundation(Card.parse("1o"))),
    ("3c f0", PlaceOnFoundation(Card.parse("3c"), 0)), ("12b p2", PlaceOnPile(Card.parse("12b"), 2)),
    ("bid 0", Bid(0)), ("bid 10", Bid(10))])
def test_notation_round_trips(text: str, move: Move) -> None:
    assert Move.parse(text) == move and str(move) == text and Move.parse(str(move)) == move


def test_notation_aliases_and_interning() -> None:
    assert Move.parse("Rb -> p2") == Move.parse("12b to p2") == Move.parse("12b p2")
    assert Move.parse("3c f0") is Move.parse("3c  f0")
    assert BIDS[7] is Move.parse("bid 7")


@pytest.mark.parametrize("bad", ["", "drew", "3c", "3c x1", "bid", "bid -1", "bid x", "3 f0", "QD f0", "3c f", 7])
def test_bad_notation_raises(bad: object) -> None:
    with pytest.raises(NotationError):
        Move.parse(bad)  # type: ignore[arg-type]


def test_views_hide_dealt_stock_order_and_show_recycled_order() -> None:
    game = Game(Rules(players=2), seed=11)
    view = game.view(0)
    assert view.hand == () and view.known == () and view.recycled_stocks == (None, None)
    assert view.stock_sizes == (20, 20) and view.forced_move == DRAW and view.legal_moves == (DRAW,)
    assert game.view(1).legal_moves == () and game.view(1).forced_move is None
    blob = json.dumps(view.to_dict())
    for c in game.zones()["stock0"]:
        assert f'"{c}"' not in blob  # no dealt card appears in the view
    game = position(2, ["", "5b"], ["12e 2o 6c", "11b"])
    game.play("draw")
    assert game.view(1).known == Card.parse_many("2o")


def test_punishment_view_shows_only_own_bid_and_hides_the_card() -> None:
    game = Game.from_position(Rules(players=3), stocks=["", "5c 6c", ""], piles=["2o", "", ""],
                              foundations=["1o"], punishment_card="3o")
    game.play("2o f0")
    game.play("bid 4", 2)
    v0, v1, v2 = (game.view(s) for s in range(3))
    assert v2.my_bid == 4 and v0.my_bid is None and v1.my_bid is None
    assert v0.answered == (2,) and v0.to_act == (0,) and v2.to_act == (0,)
    assert all(v.punishment_card is None for v in (v0, v1, v2))
    assert "4" not in json.dumps(v0.to_dict()["bids"])
    with pytest.raises(IllegalMoveError):
        game.play("bid 3", 2)  # already answered
    with pytest.raises(IllegalMoveError):
        game.play("bid 11", 0)
    with pytest.raises(IllegalMoveError):
        game.play("draw", 0)
    game.play("bid 9", 0)
    v = game.view(1)
    assert v.bids == (9, None, 4) and v.punishment_card == Card.parse("3o") and v.phase is Phase.OVER


def test_sampled_worlds_keep_the_view() -> None:
    game = Game(Rules(players=4), seed=2)
    rng = random.Random(0)
    for _ in range(60):
        game.play(random.Random(len(game.history)).choice(game.legal_moves()))
    for seat in range(4):
        view = game.view(seat)
        world = view.sample(rng)
        assert world.view(seat).to_dict() == view.to_dict()
        world.play(world.legal_moves()[0]) if not world.is_over else None


def test_render_draws_the_table_without_the_forced_move() -> None:
    game = position(3, ["5o 7e", "4b", "6o"], ["3c", "12e", "2b"], foundations=["2c"])
    text = game.view(0).render()
    assert "f0 2c" in text and "seat 0 (you)" in text and "3c 2b" not in text
    assert "Your moves: draw | 3c f0 | 3c p2" in text  # infractions are listed too
    assert "Your moves" not in game.view(1).render()
    game.play("draw")
    assert "Macarras given" in game.view(1).render() and "holds 5o" in game.view(1).render()


def test_events_of_a_turn_carry_their_totals() -> None:
    game = position(3, ["7e 5o", "3b", "2b"], ["12b 4c 3c", "6b", "11o"], foundations=["2c", "1o"])
    seen = record_events(game)
    forced_turn(game)
    kinds = [type(e).__name__ for e in seen]
    assert kinds == ["MovePlayed", "CardPlaced", "MovePlayed", "CardPlaced", "MovePlayed", "CardPlaced",
                     "MovePlayed", "CardDrawn", "MovePlayed", "CardPlaced", "MovePlayed", "CardDrawn",
                     "MovePlayed", "CardPlaced", "TurnEnded"]
    assert [str(e.move) for e in seen if isinstance(e, MovePlayed)] == [str(m) for _, m in game.history]
    placed = [e for e in seen if isinstance(e, CardPlaced)]
    assert (str(placed[1].target), placed[1].size, placed[2].target, placed[2].size) == \
        ("f0", 4, Target(TargetKind.PILE, 2), 2)
    assert [e.stock_size for e in seen if isinstance(e, CardDrawn)] == [1, 0]
    ended = [e for e in seen if isinstance(e, TurnEnded)][0]
    assert (ended.seat, ended.turns, ended.next_seat) == (0, 1, 1)
    for e in seen:
        assert json.loads(json.dumps(e.to_dict())) == e.to_dict()


def test_end_events() -> None:
    game = Game.from_position(Rules(players=3), stocks=["", "5c 6c", ""], piles=["2o", "", ""],
                              foundations=["1o"], punishment_card="3o")
    seen = record_events(game)
    game.play("2o f0")
    game.play("bid 5", 0)
    game.play("bid 2", 2)
    out = [e for e in seen if isinstance(e, PlayerOut)][0]
    assert out.remaining == (1,)
    assert [e.loser for e in seen if isinstance(e, LoserDecided)] == [1]
    assert [(e.seat, e.amount) for e in seen if isinstance(e, BidRevealed)] == [(0, 5), (2, 2)]
    assert [(str(e.card), e.value) for e in seen if isinstance(e, PunishmentCardRevealed)] == [("3o", 3)]
    end = [e for e in seen if isinstance(e, GameEnded)][0]
    assert end.result == game.result and isinstance(end, naipes.events.GameEnded)
    assert end.result.ledger == ((0, 5, 0), (2, 0, 0), (0, 2, 0)) and end.result.scores == (3, -5, 2)
    assert [type(e).__name__ for e in seen][-2:] == ["HandEnded", "GameEnded"]
    assert [e for e in seen if isinstance(e, HandEnded)][0].scores == (3, -5, 2)


def test_state_dict_and_record_round_trip() -> None:
    game = Game(Rules(players=3, deck=48), seed=9)
    for _ in range(80):
        game.play(random.Random(len(game.history)).choice(game.legal_moves()))
    data = json.loads(json.dumps(game.to_dict()))
    again = Game.from_dict(data)
    assert again.to_dict() == game.to_dict()
    assert Game.from_record(json.loads(json.dumps(game.record()))).to_dict() == game.to_dict()
    pos = position(2, ["10c 3o", "4b"], ["7b", "12c"])
    pos.play("draw")
    replayed = Game.from_record(pos.record()).to_dict()
    # the core's from_record does not carry the position record itself over (noted in the report)
    assert {k: v for k, v in replayed.items() if k != "start"} == \
        {k: v for k, v in pos.to_dict().items() if k != "start"}


def test_deck_and_dealer_replay() -> None:
    deck = list(naipes.spanish_deck(40))
    random.Random(3).shuffle(deck)
    game = Game(Rules(players=4), deck=deck, dealer=2)
    game.play("draw")
    assert Game.from_record(game.record()).to_dict() == game.to_dict()


@pytest.mark.parametrize("kwargs", [
    dict(stocks=["5o", "5o"]),                                # two 5o with one deck
    dict(stocks=["9o", "5c"]),                                # no 9 in the 40-card deck
    dict(stocks=["5o", ""]),                                  # only one player has cards
    dict(stocks=["", "5c", "6c"], turn=0),                    # the player to act has no cards
    dict(stocks=["5o", "5c"], foundations=["1c", "1c"]),      # two copas foundations, one deck
    dict(stocks=["5o", "5c"], foundations=[["1c", "3c"]]),    # not a run from the ace
    dict(stocks=["5o", "5c"], turn=2),
    dict(stocks=["5o", "5c"], piles=["", "", ""]),
])
def test_impossible_positions_raise(kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidStateError):
        Game.from_position(None, **kwargs)  # type: ignore[arg-type]


def test_unknown_seat_and_move_types() -> None:
    game = position(2, ["5o", "4b"], ["3c", "12e"])
    with pytest.raises(IllegalMoveError):
        game.play("draw", 1)
    with pytest.raises(IllegalMoveError):
        game.play(object())  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="not yours"):
        game.play("4b p1")


def test_registry_entry() -> None:
    info = naipes.find_game("macarra")
    assert info.module == "naipes.macarra" and info.min_players == 2
    assert info.max_decisions == Rules().max_decisions
    assert naipes.bots.load_bot(info.best_bot or "").choose(Game(seed=1).view(0)) == DRAW


def test_listed_order_does_not_give_the_forced_move_away() -> None:
    firsts = set()
    for seed in range(10):
        game = Game(Rules(players=3), seed=seed)
        while game.turn is not None:
            moves = game.legal_moves()
            if len(moves) > 1:
                firsts.add(moves.index(game.forced_move()))
            game.play(game.forced_move())
    assert len(firsts) > 1


def test_terminal_turn_lists_infractions_and_events_read_plainly() -> None:
    from naipes.macarra import describe_event, terminal_turn
    game = position(3, ["5o 7e", "4b", "6o"], ["3c", "12e", "2b"], foundations=["2c"])
    said: list[str] = []
    answers = iter(["?", "t", "9", "1"])

    def ask(prompt: str) -> str:
        return next(answers)

    with pytest.raises(NotationError):
        terminal_turn(game, 0, ask, said.append)
    assert terminal_turn(game, 0, ask, said.append) == DRAW
    assert "1. draw   2. 3c f0   3. 3c p2" in said[0] and "prescribe" not in " ".join(said)
    seen = record_events(game)
    game.play("draw")
    lines = [describe_event(e) for e in seen]
    assert any(line and line.startswith("INFRACTION by seat 0") and "'3c f0'" in line for line in lines)
    end = Game.from_position(Rules(players=2), stocks=["", "5c"], piles=["2o", ""], foundations=["1o"])
    end.play("2o f0")
    assert terminal_turn(end, 0, lambda p: "7", said.append) == Move.parse("bid 7")


def test_new_foundation_event_says_new() -> None:
    game = position(2, ["1c 6o", "4b"], ["5o", "12c"])
    seen = record_events(game)
    game.play("draw")
    game.play("1c new")
    placed = [e for e in seen if isinstance(e, CardPlaced)]
    assert (str(placed[0].target), placed[0].target.kind, placed[0].target.index, placed[0].size) == \
        ("new", TargetKind.NEW, 0, 1)
