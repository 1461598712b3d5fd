"""The shared game base, registry and bots, exercised on the test-only toy game."""

from __future__ import annotations

import json
import random

import pytest
from toygame import Bid, Captured, Dealt, PlayCard, Rules, ToyGame

import naipes
from naipes import Card, IllegalMoveError, InvalidStateError, NotationError, RandomBot, RulesError, UsageError
from naipes.bots import load_bot
from naipes.events import Event, EventBus, MovePlayed
from naipes.game import replay
from naipes.registry import GameInfo, find_game, register


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


def test_clone_shares_the_generator_until_either_draws() -> None:
    game = ToyGame(Rules(), seed=4)
    expected = random.Random()
    expected.setstate(game._rng.getstate())
    twin, other = game.clone(), game.clone()
    first = [game._rng.random() for _ in range(3)]  # the source draws first: the clones keep the old state
    assert [twin._rng.random() for _ in range(3)] == first == [expected.random() for _ in range(3)]
    grandchild = other.clone()
    assert [grandchild._rng.random() for _ in range(3)] == first
    assert [other._rng.random() for _ in range(3)] == first
    assert game._rng is not twin._rng and twin._rng is not other._rng
    assert game.to_dict()["rng"] != ToyGame(Rules(), seed=4).to_dict()["rng"]


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


# -- the play template: the listed move is recorded, refusals change nothing, no re-entry -----
def _forced(move: object, **fields: object) -> object:
    """A copy of ``move`` with fields set past its validators (as ``object.__setattr__`` can)."""
    import attrs

    copy = attrs.evolve(move)  # type: ignore[misc]
    for name, value in fields.items():
        object.__setattr__(copy, name, value)
    return copy


def _bidding(seed: int) -> ToyGame:
    game = ToyGame(Rules(), seed=seed)
    while len(game.to_act) < 2:
        game.play(game.legal_moves()[0])
    return game


def test_a_forced_field_equal_to_a_listed_move_is_refused() -> None:
    """``Bid(1.0)`` or ``Bid(False)`` forced past the validator compare equal to a listed bid;
    the old template recorded them, 1.2-dev the listed bid in their place. Issue 39: no
    constructor builds them, so they are refused (``bad_field``) and nothing changes."""
    game = _bidding(3)
    listed = game.legal_moves(0)[1]
    assert listed == Bid(1)
    for forced in (_forced(listed, amount=1.0), _forced(listed, amount=True), _forced(game.legal_moves(0)[0], amount=False)):
        assert forced in game.legal_moves(0)  # 1.0 == 1, True == 1, False == 0: it compares equal
        before, rng = game.to_dict(), game._rng.getstate()
        for refuse in (game.check_move, game.play):
            with pytest.raises(IllegalMoveError) as info:
                refuse(forced, 0)  # type: ignore[arg-type]
            assert info.value.code == "bad_field"
        assert not game.is_legal(forced, 0)  # type: ignore[arg-type]
        assert game.to_dict() == before and game._rng.getstate() == rng
    game.play(Bid(1), 0)
    game.play(game.legal_moves(1)[0], 1)
    assert all(type(m.amount) is int for _, m in game.history if isinstance(m, Bid))
    assert ToyGame.from_dict(json.loads(json.dumps(game.to_dict()))).to_dict() == game.to_dict()


def test_a_forced_field_of_an_unlisted_move_is_refused_and_changes_nothing() -> None:
    game = ToyGame(Rules(), seed=3)
    card = game.legal_moves()[0]
    for bad in (_forced(card, card=None), _forced(card, card="AS"), _forced(_bidding(3).legal_moves(0)[0], amount=None)):
        before, rng = game.to_dict(), game._rng.getstate()
        with pytest.raises(IllegalMoveError) as info:
            game.play(bad)  # type: ignore[arg-type]
        assert info.value.code in ("bad_field", "bids_now", "not_a_bid")
        assert not game.is_legal(bad)  # type: ignore[arg-type]
        assert game.to_dict() == before and game._rng.getstate() == rng and game.history == ()
    with pytest.raises(IllegalMoveError) as info:
        game.play(_forced(card, card=None))  # type: ignore[arg-type]
    assert info.value.code == "bad_field"


def test_play_from_a_handler_that_unsubscribed_itself_is_refused() -> None:
    game = ToyGame(Rules(), seed=6)
    twin = game.clone()
    codes: list[str] = []

    def handler(event: Event) -> None:
        if codes:
            return
        stop()  # nobody is subscribed any more: the old guard looked at the subscribers
        try:
            game.play(game.legal_moves()[0])
        except UsageError as exc:
            codes.append(exc.code)
        else:
            codes.append("accepted")

    stop = game.events.subscribe(Event, handler)
    move = game.legal_moves()[0]
    game.play(move)
    twin.play(move)
    assert codes == ["reentrant"] and not game.events.active
    assert game.to_dict() == twin.to_dict() and len(game.history) == 1
    game.play(game.legal_moves()[0])  # after the outer play returned, play goes on
    assert len(game.history) == 2


@pytest.mark.parametrize("start", [{"seed": "x", "zzz": 1}, {"seed": "x"}, {"zzz": 1}, {}, {"seed": 1, "zzz": 1},
                                   {"seed": 1.0}, {"position": 1}, "seed", []])
def test_a_state_with_junk_in_its_start_is_refused(start: object) -> None:
    game = ToyGame(Rules(), seed=5)
    game.play(game.legal_moves()[0])
    state = json.loads(json.dumps(game.to_dict()))
    with pytest.raises(InvalidStateError):
        ToyGame.from_dict({**state, "start": start})
    again = ToyGame.from_dict(state)  # the real start loads, and its record replays
    assert ToyGame.from_record(again.record()).to_dict() == game.to_dict()
    assert ToyGame.from_dict({**state, "start": None}).to_dict() == {**state, "start": None}


def test_a_state_relabelled_with_another_version_is_refused() -> None:
    state = json.loads(json.dumps(ToyGame(Rules(), seed=5).to_dict()))
    for label in (1, 3):
        with pytest.raises(InvalidStateError) as info:
            ToyGame.from_dict({**state, "version": label})
        assert info.value.code == "bad_version"


@pytest.mark.parametrize("name", ["machuco", "macarra", "ranzo", "machiavelli"])
def test_games_keep_slots_only_through_the_split_bases(name: str) -> None:
    """``Game``'s private halves (``_Moves``, ``_Records``) add no ``__dict__`` and no field."""
    import importlib

    from naipes._game_moves import _Moves
    from naipes._game_records import _Records

    game = importlib.import_module(f"naipes.{name}").Game(seed=1)
    assert not hasattr(game, "__dict__")
    assert _Moves.__dict__["__slots__"] == () and _Records.__dict__["__slots__"] == ()
    assert game.clone().to_dict() == type(game).from_record(game.record()).to_dict()
