"""The shared game base, registry and bots, exercised on the test-only toy game."""

from __future__ import annotations

import json
import random

import pytest

import naipes
from naipes import Card, IllegalMoveError, InvalidStateError, NotationError, RandomBot, RulesError, UsageError
from naipes.bots import load_bot
from naipes.events import Event, EventBus, MovePlayed
from naipes.game import replay
from naipes.registry import GameInfo, find_game, register
from toygame import Bid, Captured, Dealt, PlayCard, Rules, ToyGame


def test_failed_move_changes_nothing() -> None:
    game = ToyGame(Rules(), seed=3)
    before = game.to_dict()
    not_in_hand = next(c for c in game.zones()["stock"])
    for move, seat in [(PlayCard(not_in_hand), None), (Bid(0), None), (PlayCard(game.hands[1][0]), 1),
                       ("zz", None), (object(), None)]:
        with pytest.raises((IllegalMoveError, NotationError)):
            game.play(move, seat)  # type: ignore[arg-type]
        assert game.to_dict() == before
    assert game.history == ()


def test_string_moves_and_legality_triad() -> None:
    game = ToyGame(Rules(), seed=3)
    card = game.hands[0][0]
    assert game.is_legal(str(card)) and not game.is_legal("bid 0")
    game.check_move(PlayCard(card))
    game.play(str(card))
    assert game.history == ((0, PlayCard(card)),)


def test_events_are_built_only_when_listened_and_delivered_after() -> None:
    game = ToyGame(Rules(), deck=Card.parse_many("AS 2S 3S AH 4S 4H 2H 3H"), seed=1)
    seen: list[Event] = []
    stop = game.events.subscribe(Event, lambda e: None if isinstance(e, MovePlayed) else seen.append(e))
    private: list[Dealt] = []
    game.events.subscribe(Dealt, private.append)
    game.play("AS")
    assert [type(e) for e in seen] == [Dealt] and seen[0].private_to == 0
    game.play("AH")  # captures AS
    assert isinstance(seen[1], Captured) and seen[1].cards == Card.parse_many("AS AH")
    stop()
    game.play(game.legal_moves()[0])
    assert len(seen) == 3 and len(private) == 2
    json.dumps([e.to_dict() for e in seen])


def test_clone_is_independent_and_has_no_handlers() -> None:
    game = ToyGame(Rules(), seed=4)
    game.events.subscribe(Event, lambda e: None)
    twin = game.clone()
    assert not twin.events.active and twin.to_dict() == game.to_dict()
    twin.play(twin.legal_moves()[0])
    assert twin.to_dict() != game.to_dict() and game.history == ()


def test_state_dict_round_trip_and_errors() -> None:
    game = ToyGame(Rules(), seed=5)
    for _ in range(4):
        game.play(game.legal_moves()[-1])
    data = json.loads(json.dumps(game.to_dict()))
    again = ToyGame.from_dict(data)
    assert again.to_dict() == game.to_dict()
    assert again.legal_moves() == game.legal_moves()
    rng_next = again._rng.random(), game._rng.random()
    assert rng_next[0] == rng_next[1]
    for broken in ({}, {**data, "version": 99}, {**data, "game": "other"}, {**data, "state": {}}):
        with pytest.raises(InvalidStateError):
            ToyGame.from_dict(broken)


def test_same_seed_same_game_and_replay() -> None:
    def run(seed: int) -> ToyGame:
        g = ToyGame(Rules(), seed=seed)
        naipes.play_game(g, [RandomBot(1), RandomBot(2)])
        return g
    a, b = run(9), run(9)
    assert a.history == b.history and a.to_dict() == b.to_dict()
    again = replay(ToyGame, a.history, rules=Rules(), seed=9)
    assert again.to_dict() == a.to_dict()
    with pytest.raises(IllegalMoveError, match="move 0"):
        replay(ToyGame, [(1, "AS")], rules=Rules(), seed=9)


def test_seed_or_rng_and_system_random() -> None:
    with pytest.raises(UsageError):
        ToyGame(Rules(), seed=1, rng=random.Random(1))
    game = ToyGame(Rules(), rng=random.SystemRandom())
    with pytest.raises(InvalidStateError):
        game.record()
    fresh = ToyGame(Rules())  # fresh entropy, still replayable from its record
    assert ToyGame.from_record(fresh.record()).to_dict() == fresh.to_dict()


def test_view_seat_must_exist() -> None:
    game = ToyGame(Rules(), seed=1)
    for bad in (2, -1, "0", 1.0, True, None):
        with pytest.raises(UsageError) as info:
            game.view(bad)  # type: ignore[arg-type]
        assert info.value.code == "no_such_seat"
        if bad is not None:
            with pytest.raises(UsageError):
                game.legal_moves(bad)  # type: ignore[arg-type]
    assert game.legal_moves(1) == ()


def test_registry_and_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    import naipes.registry
    monkeypatch.setattr(naipes.registry, "_GAMES", dict(naipes.registry._GAMES))
    with pytest.raises(naipes.NaipesError, match="no game called"):
        find_game("chinchon")
    info = GameInfo(name="toy-test", aliases=("toy alias",), min_players=2, max_players=3,
                    deck="french-16", module="toygame")
    register(info)
    assert find_game("TOY ALIAS") is info
    with pytest.raises(RulesError):
        register(GameInfo(name="other", aliases=("toy-test",), min_players=2, max_players=2,
                          deck="x", module="toygame"))
    assert isinstance(load_bot("random", seed=1), RandomBot)
    with pytest.raises(naipes.NaipesError):
        load_bot("no.such.module:Bot")
    with pytest.raises(ValueError):
        naipes.play_game(ToyGame(Rules(), seed=1), [RandomBot()])


def test_event_bus_rejects_non_events() -> None:
    with pytest.raises(UsageError) as info:
        EventBus().subscribe(int, print)  # type: ignore[arg-type]
    assert info.value.code == "not_an_event"
