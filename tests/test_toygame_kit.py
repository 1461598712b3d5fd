"""The conformance kit on the example third-party game, and on deliberately broken copies of it.

The game is ``examples/toygame/naipes_toy.py``; ``tests/toygame.py`` re-exports it.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from toygame import Bid, BidsRevealed, Dealt, Move, Phase, PlayCard, Result, Rules, ToyGame, ToyView

from naipes import Card, HandlerError, IllegalMoveError, NotationError, RandomBot, play_game
from naipes.events import CardsDealt, Event, EventLog, GameEnded, HandStarted, ScoresChanged
from naipes.testing import ConformanceError, check_playout, run_conformance


def test_toy_game_conforms() -> None:
    run_conformance(lambda seed: ToyGame(Rules(players=2), seed=seed), examples=8)
    run_conformance(lambda seed: ToyGame(Rules(players=3), seed=seed), examples=4)


class LeakyView(ToyGame):
    """Shows every hand to every seat."""

    __slots__ = ()

    def _view(self, seat: int) -> ToyView:
        v = super()._view(seat)
        return attrs.evolve(v, known=tuple(c for h in self.hands for c in h))


class CardCreator(ToyGame):
    """Duplicates the third card played onto the table."""

    __slots__ = ()

    def _apply(self, move: Move, seat: int) -> None:
        super()._apply(move, seat)
        if isinstance(move, PlayCard) and len(self.history) == 3:
            self._table.append(move.card)


class NonAtomic(ToyGame):
    """Removes the card from the hand before finding out the move is illegal."""

    __slots__ = ()

    def _check(self, move: Move, seat: int) -> None:
        if isinstance(move, PlayCard) and move.card not in self._hands[seat] and self._hands[seat]:
            self._hands[seat].pop()
        super()._check(move, seat)


class SilentScores(ToyGame):
    """Forgets to announce its score changes."""

    __slots__ = ()

    def _emit(self, event: Event) -> None:
        if not isinstance(event, ScoresChanged):
            super()._emit(event)


@pytest.mark.parametrize("broken, why", [(LeakyView, "leaks hidden cards"),
                                         (CardCreator, "created or lost"),
                                         (NonAtomic, "refused move changed"),
                                         (SilentScores, "without a ScoresChanged")])
def test_kit_catches_broken_games(broken: type[ToyGame], why: str) -> None:
    with pytest.raises(ConformanceError, match=why):
        check_playout(lambda seed: broken(Rules(), seed=seed), 3)


def _to_bids(game: ToyGame) -> None:
    while game.phase is Phase.PLAY:
        game.play(game.legal_moves()[0])


def test_simultaneous_window_hides_answers() -> None:
    game = ToyGame(Rules(players=3), seed=5)
    _to_bids(game)
    assert game.to_act == (0, 1, 2) and game.current_player is None
    with pytest.raises(IllegalMoveError) as info:
        game.play(Bid(1))  # several seats: say which
    assert info.value.code == "say_which_seat"
    game.play(Bid(1), seat=2)
    assert game.to_act == (0, 1)
    assert game.view(0).my_bid is None and game.view(2).my_bid == 1
    assert game.view(0).answered == (2,) and game.view(0).bids == (0, 0, 0)
    with pytest.raises(IllegalMoveError) as info:
        game.play(Bid(0), seat=2)
    assert info.value.code == "already_answered"
    game.play("bid 0", seat=0)
    game.play(Bid(1), seat=1)
    assert game.is_over and game.history[-3:] == ((0, Bid(0)), (1, Bid(1)), (2, Bid(1)))
    assert isinstance(game.result, Result) and game.result.bids == (0, 1, 1)


def test_play_game_with_random_bots() -> None:
    result = play_game(ToyGame(Rules(), seed=1), [RandomBot(1), RandomBot(2)])
    assert sum(len(r) for r in result.ranking) == 2


def test_events_only_when_subscribed_and_handler_errors() -> None:
    game = ToyGame(Rules(), deck=Card.parse_many("AS AH 2S 2H 3S 3H 4S"), seed=1)
    seen: list[Event] = []
    game.events.subscribe(Event, seen.append)
    game.events.subscribe(Event, lambda e: 1 / 0)
    with pytest.raises(HandlerError):
        game.play(game.legal_moves()[0])
    assert len(game.history) == 1 and seen  # the move stands, every handler ran


def test_record_replays() -> None:
    game = ToyGame(Rules(), seed=11)
    play_game(game, [RandomBot(3), RandomBot(4)])
    again = ToyGame.from_record(game.record())
    assert again.to_dict()["state"] == game.to_dict()["state"]
    dealt = ToyGame(Rules(), deck=Card.parse_many("AS AH 2S 2H 3S 3H 4S"), seed=1)
    dealt.play("AS")
    assert ToyGame.from_record(dealt.record()).to_dict() == dealt.to_dict()


def test_opening_events_use_the_shared_classes() -> None:
    game = ToyGame(Rules(players=3), seed=2)
    opening = game.opening_events
    assert [type(e).__mro__[2] for e in opening] == [HandStarted, CardsDealt, CardsDealt, CardsDealt]
    assert [e.to_dict()["type"] for e in opening[:2]] == ["toy.HandStarted", "toy.Dealt"]
    assert opening[1].to_dict()["kind"] == "CardsDealt"
    assert opening[1].visible_to(1) == Dealt(seat=0, cards=(), count=3, private_to=0)
    assert game.clone().opening_events == () and game.view(0).sample(__import__("random").Random(1)).opening_events == ()


def test_every_score_change_is_announced() -> None:
    game = ToyGame(Rules(), seed=7)
    totals: list[tuple[int, ...]] = []
    ended: list[GameEnded] = []
    game.events.subscribe(ScoresChanged, lambda e: totals.append(e.totals))
    game.events.subscribe(GameEnded, ended.append)
    last = game.scores
    while not game.is_over:
        for seat in game.to_act:
            game.play(game.legal_moves(seat)[-1], seat)
            if game.scores != last:
                assert totals and totals[-1] == game.scores
                last = game.scores
    assert len(ended) == 1 and ended[0].result == game.result


def test_event_log_per_seat_streams() -> None:
    game = ToyGame(Rules(), seed=4)
    log = EventLog(game)
    play_game(game, [RandomBot(1), RandomBot(2)])
    everything = log.since(None)
    mine = log.since(1)
    assert [seq for seq, _ in everything] == list(range(len(log)))
    assert len(mine) == len(everything)  # seat 1 sees every event, others' cards redacted
    for (_, whole), (_, seen) in zip(everything, mine):
        if isinstance(whole, Dealt) and whole.seat != 1:
            assert seen.cards == () and seen.count == whole.count  # type: ignore[attr-defined]
    assert isinstance(everything[-3][1], BidsRevealed)


def test_public_state_is_read_only() -> None:
    game = ToyGame(Rules(), seed=3)
    before = game.to_dict()
    for value in (game.hands, game.table, game.piles, game.scores, game.history):
        assert isinstance(value, tuple)
    assert isinstance(game.zones()["stock"], tuple)
    zones: dict[str, Any] = game.zones()
    zones.clear()
    assert game.to_dict() == before


def test_parse_move_short_forms_and_codes() -> None:
    game = ToyGame(Rules(), deck=Card.parse_many("AS AH 2S 2H 3D 3H 4S"), seed=1)
    assert game.hands[0] == Card.parse_many("AS AH 2S")
    assert game.parse_move("H") == PlayCard(Card.parse("AH"))  # the only heart in hand
    assert game.parse_move("2S") == PlayCard(Card.parse("2S"))
    with pytest.raises(NotationError) as ambiguous:
        game.parse_move("S")
    assert ambiguous.value.code == "ambiguous" and "AS" in str(ambiguous.value)
    with pytest.raises(NotationError):
        game.parse_move("D")  # no diamond in hand: not a short form, not a card
    with pytest.raises(IllegalMoveError) as info:
        game.parse_move("3D")
    assert info.value.code == "not_in_hand"
    with pytest.raises(IllegalMoveError) as info:
        game.play("bid 1")
    assert info.value.code == "not_a_bid"


# -- hardening: the kit's boundary checks, on the toy and on broken copies of it ----------
def test_toy_game_withstands_the_hardening_checks() -> None:
    from naipes.testing import run_hardening

    for players in (2, 3, 4):
        run_hardening(lambda seed: ToyGame(Rules(players=players), seed=seed), examples=6, tampers=30)


class TrustingLoad(ToyGame):
    """A from_dict that skips validation: fills the zones with whatever the dict says."""

    __slots__ = ()

    def _load_state(self, state: Any) -> None:
        cards = [[Card.parse(t) for t in zone] for zone in state["hands"]]
        piles = [[Card.parse(t) for t in zone] for zone in state["piles"]]
        self._fill(cards, [Card.parse(t) for t in state["stock"]], [Card.parse(t) for t in state["table"]],
                   piles, list(state["bids"]), Phase(state["phase"]))

    def _check_loaded(self, start: Any) -> None:
        """Nor is the state checked against its start and history."""


@attrs.frozen
class LoosePlay(Move):
    """A move without validators."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)


class LooseMoves(ToyGame):
    """Lists moves whose fields are not validated."""

    __slots__ = ()

    def _legal(self, seat: int) -> tuple[Move, ...]:
        moves = super()._legal(seat)
        return tuple(LoosePlay(m.card) if isinstance(m, PlayCard) else m for m in moves)

    def _check(self, move: Move, seat: int) -> None:
        super()._check(PlayCard(move.card) if isinstance(move, LoosePlay) else move, seat)

    def _apply(self, move: Move, seat: int) -> None:
        super()._apply(PlayCard(move.card) if isinstance(move, LoosePlay) else move, seat)


@pytest.mark.parametrize(("cls", "words"), [(TrustingLoad, "was accepted|raised"),
                                             (LooseMoves, "was built")])
def test_the_hardening_checks_catch_broken_copies(cls: type[ToyGame], words: str) -> None:
    from naipes.testing import run_hardening

    with pytest.raises(ConformanceError, match=words):
        run_hardening(lambda seed: cls(Rules(), seed=seed), examples=10, tampers=60)


class NoReplayCheck(ToyGame):
    """A loader that checks the state but not that its start and history lead to it."""

    __slots__ = ()

    def _check_loaded(self, start: Any) -> None:
        """Skipped: a start of another deal loads, and its record() replays to another game."""


@pytest.mark.parametrize("steps", [0, 4])
def test_the_hardening_checks_catch_a_start_of_another_deal(steps: int) -> None:
    from naipes.testing import check_hardening

    check_hardening(lambda seed: ToyGame(Rules(), seed=seed), 3, steps, tampers=0)
    with pytest.raises(ConformanceError, match="start of another deal"):
        check_hardening(lambda seed: NoReplayCheck(Rules(), seed=seed), 3, steps, tampers=0)


def test_flipped_window_or_foreign_cards_are_refused() -> None:
    import json

    from naipes import InvalidStateError

    game = ToyGame(Rules(), seed=5)
    state = json.loads(json.dumps(game.to_dict()))
    for change in ({"simultaneous": True}, {"acting": [0, 0]}, {"acting": []}, {"num_players": 3}):
        with pytest.raises(InvalidStateError):
            ToyGame.from_dict({**state, **change})
    foreign = json.loads(json.dumps(state))
    foreign["state"]["stock"][0] = "KS"
    with pytest.raises(InvalidStateError) as info:
        ToyGame.from_dict(foreign)
    assert info.value.code == "bad_cards"
    with pytest.raises(IllegalMoveError) as bad:
        PlayCard("AS")  # type: ignore[arg-type]
    assert bad.value.code == "bad_field"


class KeepsTheCallersMove(ToyGame):
    """The 1.1 template: checks a move, then records the caller's object (a forced field too)."""

    __slots__ = ()

    def _listing(self, seat: int) -> tuple[Move, ...]:
        return ()

    def _unlisted(self, move: Move, seat: int, fresh: bool) -> Move:
        self._check(move, seat)
        return move


class ReentersWhenAlone(ToyGame):
    """The 1.1 re-entrancy guard: it held only while someone was subscribed."""

    __slots__ = ()

    def play(self, move: Move | str, seat: int | None = None) -> None:
        if not self.events.active:
            self._delivering = False
        super().play(move, seat)


class KeepsAnyStart(ToyGame):
    """Loads whatever ``start`` a state dict holds, so a later ``record()`` is junk."""

    __slots__ = ()

    @classmethod
    def from_dict(cls, data: Any) -> KeepsAnyStart:
        game = super().from_dict({**data, "start": None})
        game._start = data["start"]
        return game


class UndoesTheWindowFlag(ToyGame):
    """Recomputes a state's ``simultaneous`` flag from its phase instead of refusing a wrong one."""

    __slots__ = ()

    @classmethod
    def from_dict(cls, data: Any) -> UndoesTheWindowFlag:
        return super().from_dict({**data, "simultaneous": len(data["acting"]) > 1})


@pytest.mark.parametrize(("cls", "words"), [
    (KeepsTheCallersMove, r"amount=\S+ forced: (the game recorded the caller.s object|check_move accepted it)"),
    (ReentersWhenAlone, "after unsubscribing itself: accepted, not 'reentrant'"),
    (KeepsAnyStart, "accepted the start"),
    (UndoesTheWindowFlag, "simultaneous flipped and silently undid it")])
def test_the_hardening_checks_catch_the_1_1_holes(cls: type[ToyGame], words: str) -> None:
    from naipes.testing import run_hardening

    with pytest.raises(ConformanceError, match=words):
        run_hardening(lambda seed: cls(Rules(), seed=seed), examples=10, tampers=5)
