"""The 1.0 core: shared events, per-seat streams, EventLog, opening events, parse_move,
re-entrancy, format versions; on a minimal game written against the protected API."""

from __future__ import annotations

import json
from typing import Any, Mapping

import attrs
import pytest

import naipes
from naipes import Card, EventLog, IllegalMoveError, InvalidStateError, NotationError, UsageError
from naipes.events import CardsDealt, Event, GameEnded, HandStarted, MovePlayed, ScoresChanged
from naipes.game import Game
from naipes.game import Move as BaseMove
from naipes.game import View as BaseView

DECK = Card.parse_many("1o 2o 3o 4o 5o 6o")


@attrs.frozen(kw_only=True)
class Rules:
    players: int = 2


class Move(BaseMove):
    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Move:
        return Put(Card.parse(text.removeprefix("put ")))


@attrs.frozen
class Put(Move):
    card: Card

    def __str__(self) -> str:
        return f"put {self.card}"


class MiniEvent(Event):
    game_name = "mini"


@attrs.frozen(kw_only=True)
class Dealt(CardsDealt):
    game_name = "mini"


@attrs.frozen(kw_only=True)
class Scored(ScoresChanged):
    game_name = "mini"


@attrs.frozen(kw_only=True)
class View(BaseView[Move]):
    played: tuple[Card, ...]

    def sample(self, rng: Any) -> Mini:
        unseen = [c for c in DECK if c not in self.hand and c not in self.played]
        rng.shuffle(unseen)
        game = Mini._blank(Rules())
        hands = [self.hand, self.hand]
        hands[1 - self.seat] = tuple(unseen)
        game.hands, game.played = (hands[0], hands[1]), self.played
        game.points = (self.scores[0], self.scores[1])
        game._set_to_act(self.to_act)
        return game


class Mini(Game[Rules, Move, View]):
    """Two seats get three cards each; in turn they put one down and score its rank."""

    name = "mini"
    rules_type = Rules
    move_type = Move
    __slots__ = ("hands", "points", "played")

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None, **kw: Any) -> None:
        self._init_base(rules, seed=seed, rng=None)
        order = list(DECK)
        self._rng.shuffle(order)
        self.hands = (tuple(order[:3]), tuple(order[3:]))
        self.points = (0, 0)
        self.played: tuple[Card, ...] = ()
        self._emit(HandStarted(hand=1, dealer=None, first=0))
        for s in (0, 1):
            if self._wants(Dealt):
                self._emit(Dealt(seat=s, cards=self.hands[s], count=3, private_to=s))
        self._set_to_act((0,))

    @property
    def scores(self) -> tuple[int, ...]:
        return self.points

    @property
    def result(self) -> naipes.Result | None:
        if not self.is_over:
            return None
        win = 0 if self.points[0] > self.points[1] else 1
        return naipes.Result(winners=(win,), ranking=((win,), (1 - win,)), scores=self.points,
                             returns=(1.0 if win == 0 else -1.0, 1.0 if win == 1 else -1.0))

    def _legal(self, seat: int) -> tuple[Move, ...]:
        return tuple(Put(c) for c in self.hands[seat])

    def _short_forms(self, text: str, seat: int) -> tuple[Move, ...]:
        return tuple(m for m in self._legal(seat) if str(m.card).startswith(text))  # type: ignore[attr-defined]

    def _apply(self, move: Move, seat: int) -> None:
        assert isinstance(move, Put)
        hands = list(self.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != move.card)
        self.hands = (hands[0], hands[1])
        self.played += (move.card,)
        pts = list(self.points)
        pts[seat] += move.card.rank
        self.points = (pts[0], pts[1])
        if self._listening and self._wants(Scored):
            self._emit(Scored(totals=self.points))
        if not self.hands[1]:
            self._set_to_act(())
            if self._wants(GameEnded):
                result = self.result
                assert result is not None
                self._emit(GameEnded(result=result))
        else:
            self._set_to_act((1 - seat,))

    def _view(self, seat: int) -> View:
        return View(seat=seat, hand=self.hands[seat], scores=self.points, to_act=self.to_act,
                    legal_moves=self.legal_moves(seat), played=self.played)

    def _clone_into(self, new: Mini) -> None:
        new.hands, new.points, new.played = self.hands, self.points, self.played

    def _state_dict(self) -> dict[str, Any]:
        return {"hands": [[str(c) for c in h] for h in self.hands], "points": list(self.points),
                "played": [str(c) for c in self.played]}

    def _load_state(self, state: Mapping[str, Any]) -> None:
        h0, h1 = (tuple(Card.parse(c) for c in h) for h in state["hands"])
        self.hands, self.points = (h0, h1), (state["points"][0], state["points"][1])
        self.played = tuple(Card.parse(c) for c in state["played"])

    def zones(self) -> dict[str, tuple[Card, ...]]:
        return {"hand0": self.hands[0], "hand1": self.hands[1], "played": self.played}


def play_out(game: Mini) -> None:
    while not game.is_over:
        game.play(game.legal_moves()[0])


def test_opening_events_are_recorded_and_only_by_the_constructor() -> None:
    game = Mini(seed=1)
    kinds = [type(e) for e in game.opening_events]
    assert kinds == [HandStarted, Dealt, Dealt]
    assert game.clone().opening_events == () and Mini.from_dict(game.to_dict()).opening_events == ()
    seen: list[Event] = []
    game.events.subscribe(Event, seen.append)
    game.play(game.legal_moves()[0])
    assert [type(e) for e in seen] == [MovePlayed, Scored] and len(game.opening_events) == 3


BUILT: list[type] = []


class CountingMini(Mini):
    __slots__ = ()

    def _emit(self, event: Event) -> None:
        BUILT.append(type(event))
        super()._emit(event)


def test_events_are_built_only_for_the_classes_someone_wants() -> None:
    game = CountingMini(seed=2)
    BUILT.clear()
    game.events.subscribe(GameEnded, lambda e: None)
    play_out(game)
    assert BUILT == [GameEnded]
    BUILT.clear()
    game = CountingMini(seed=2)
    assert BUILT == [HandStarted, Dealt, Dealt]  # the constructor records everything


def test_per_seat_streams_redact_other_hands() -> None:
    game = Mini(seed=3)
    log = EventLog(game)
    mine: list[Event] = []
    game.events.subscribe(Event, mine.append, seat=1)
    play_out(game)
    opening0 = [e for _, e in log.since(0) if isinstance(e, CardsDealt)]
    assert opening0[0].cards == game.opening_events[1].cards  # type: ignore[attr-defined]
    assert opening0[1].cards == () and opening0[1].count == 3
    assert [s for s, _ in log.since(None)] == list(range(len(log)))
    assert log.since(0, 5) == tuple((s, e) for s, e in log.since(0) if s >= 5)
    assert all(not isinstance(e, CardsDealt) for e in mine)  # the deal came before subscribing
    with pytest.raises(UsageError):
        log.since(2)
    with pytest.raises(UsageError) as info:
        EventLog(game)
    assert info.value.code == "too_late"


def test_event_log_persists_and_resumes() -> None:
    game = Mini(seed=4)
    log = EventLog(game)
    game.play(game.legal_moves()[0])
    data = json.loads(json.dumps(log.to_dict()))
    live = Mini.from_dict(game.to_dict())
    again = EventLog.from_dict(data, live)
    assert [e for _, e in again.since(None)] == [e for _, e in log.since(None)]
    live.play(live.legal_moves()[0])
    assert len(again) == len(log) + 2
    with pytest.raises(InvalidStateError):
        EventLog.from_dict({**data, "count": 99}, Mini.from_dict(game.to_dict()))
    with pytest.raises(InvalidStateError):
        EventLog.from_dict({"format": "x"})


def test_to_dict_is_typed_and_names_game_and_kind() -> None:
    game = Mini(seed=5)
    d = game.opening_events[1].to_dict()
    assert d["type"] == "mini.Dealt" and d["kind"] == "CardsDealt"
    played = MovePlayed(seat=0, move=Put(DECK[0])).to_dict()
    assert played["move"] == "put 1o" and played["type"] == Put.__module__.split(".")[0] + ".MovePlayed"


def test_parse_move_reads_short_forms_and_names_ambiguity() -> None:
    game = Mini(seed=6)
    card = game.view(0).hand[0]
    assert game.parse_move(f"put {card}") == Put(card)
    assert game.parse_move(str(card)[0]) == Put(card) or len(game.hands[0]) > 1
    with pytest.raises(NotationError) as info:
        game.parse_move("")
    assert info.value.code in ("ambiguous", "bad_notation")
    other = game.hands[1][0]
    with pytest.raises(IllegalMoveError):
        game.parse_move(f"put {other}")


def test_ambiguous_short_form() -> None:
    game = Mini(seed=7)
    with pytest.raises(NotationError) as info:
        game.parse_move("o")  # suffix-free prefix "" of every card? no: "o" matches none
    assert info.value.code == "bad_notation"
    hand = game.hands[0]
    with pytest.raises(NotationError) as info:
        Mini._short_forms(game, "", 0) and game.parse_move(" ")
    assert info.value.code == "ambiguous" and all(str(c) in info.value.reason for c in hand)


def test_play_from_a_handler_is_refused_and_the_move_stands() -> None:
    game = Mini(seed=8)
    errors: list[BaseException] = []

    def handler(event: Event) -> None:
        try:
            game.play(game.legal_moves()[0])
        except UsageError as exc:
            errors.append(exc)

    game.events.subscribe(Scored, handler)
    game.play(game.legal_moves()[0])
    assert len(game.history) == 1 and errors and errors[0].code == "reentrant"  # type: ignore[attr-defined]


def test_versions_are_checked() -> None:
    game = Mini(seed=9)
    state = game.to_dict()
    assert state["version"] == 2
    for bad in (1, 99, True, 2.0, "2", None):
        with pytest.raises(InvalidStateError) as info:
            Mini.from_dict({**state, "version": bad})
        assert info.value.code == "bad_version"
    record = game.record()
    assert Mini.from_record({**record, "version": 1}).to_dict() == game.to_dict()
    with pytest.raises(InvalidStateError):
        Mini.from_record({**record, "version": 3})


def test_to_dict_and_record_share_nothing_with_the_game() -> None:
    game = Mini(seed=10)
    twin = game.clone()
    game.to_dict()["start"]["seed"] = -1
    game.record()["start"]["seed"] = -1
    assert twin.record() == game.record() and game.record()["start"]["seed"] == 10


def test_the_kit_accepts_the_minimal_game() -> None:
    from naipes.testing import run_conformance

    run_conformance(lambda seed: Mini(seed=seed), examples=3)


@attrs.frozen(kw_only=True)
class Peeked(MiniEvent):
    cards: tuple[Card, ...]


class LeakyOpening(Mini):
    """Deals in public: every seat's opening stream shows the other hand."""

    __slots__ = ()

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None, **kw: Any) -> None:
        super().__init__(rules, seed=seed)
        self._emit(Peeked(cards=self.hands[1]))


class LeakyStream(Mini):
    """Tells everyone the next player's hand after each move."""

    __slots__ = ()

    def _apply(self, move: Move, seat: int) -> None:
        super()._apply(move, seat)
        if self._listening and self._wants(Peeked):
            self._emit(Peeked(cards=self.hands[1 - seat]))


class ListHands(Mini):
    """Hands out its hands as a list."""

    __slots__ = ()

    @property
    def seats_hands(self) -> list[tuple[Card, ...]]:
        return list(self.hands)


@pytest.mark.parametrize(("cls", "words"), [(LeakyOpening, "opening events show"),
                                             (LeakyStream, "stream"),
                                             (ListHands, "mutable containers")])
def test_the_kit_catches_leaks_and_mutable_state(cls: type[Mini], words: str) -> None:
    from naipes.testing import ConformanceError, check_playout

    with pytest.raises(ConformanceError, match=words):
        check_playout(lambda seed: cls(seed=seed), 1)


class Unannounced(Mini):
    """Scores without telling anyone."""

    __slots__ = ()

    def _wants(self, event_type: type[Event]) -> bool:
        return event_type is not Scored and super()._wants(event_type)


def test_the_kit_catches_an_unannounced_score_change() -> None:
    from naipes.testing import ConformanceError, check_playout

    with pytest.raises(ConformanceError, match="without a ScoresChanged|Scored"):
        check_playout(lambda seed: Unannounced(seed=seed), 1)
