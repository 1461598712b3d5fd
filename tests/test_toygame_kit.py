"""The conformance kit on the test-only toy game, and on deliberately broken versions of it."""

from __future__ import annotations

import pytest

from naipes import Card, IllegalMoveError, RandomBot, play_game
from naipes.testing import ConformanceError, check_playout, run_conformance
from toygame import Bid, PlayCard, Rules, ToyGame, ToyView


def test_toy_game_conforms() -> None:
    run_conformance(lambda seed: ToyGame(Rules(players=2), seed=seed), examples=8)
    run_conformance(lambda seed: ToyGame(Rules(players=3), seed=seed), examples=4)


class LeakyView(ToyGame):
    """Shows every hand to every seat."""

    __slots__ = ()

    def _view(self, seat: int) -> ToyView:
        v = super()._view(seat)
        return ToyView(**{**_fields(v), "known": tuple(c for h in self.hands for c in h)})


def _fields(v: ToyView) -> dict:
    import attrs
    return {f.name: getattr(v, f.name) for f in attrs.fields(type(v))}


class CardCreator(ToyGame):
    """Duplicates a card into the capturer's pile."""

    __slots__ = ()

    def _apply(self, move, seat):  # type: ignore[no-untyped-def]
        super()._apply(move, seat)
        if isinstance(move, PlayCard) and len(self._history) == 3:
            self.piles[seat].append(move.card)


class NonAtomic(ToyGame):
    """Removes the card from the hand before finding out the move is illegal."""

    __slots__ = ()

    def _check(self, move, seat):  # type: ignore[no-untyped-def]
        if isinstance(move, PlayCard) and move.card not in self.hands[seat] and self.hands[seat]:
            self.hands[seat].pop()
        super()._check(move, seat)


@pytest.mark.parametrize("broken, why", [(LeakyView, "leaks hidden cards"),
                                         (CardCreator, "created or lost"),
                                         (NonAtomic, "refused move changed")])
def test_kit_catches_broken_games(broken: type[ToyGame], why: str) -> None:
    with pytest.raises(ConformanceError, match=why):
        check_playout(lambda seed: broken(Rules(), seed=seed), 3)


def test_simultaneous_window_hides_answers() -> None:
    game = ToyGame(Rules(players=3), seed=5)
    while not game._simultaneous:
        game.play(game.legal_moves()[0])
    assert game.to_act == (0, 1, 2) and game.current_player is None
    with pytest.raises(IllegalMoveError):
        game.play(Bid(1))  # several seats: say which
    game.play(Bid(1), seat=2)
    assert game.to_act == (0, 1)
    assert game.view(0).my_bid is None and game.view(2).my_bid == 1
    with pytest.raises(IllegalMoveError):
        game.play(Bid(0), seat=2)  # already answered
    game.play("bid 0", seat=0)
    game.play(Bid(1), seat=1)
    assert game.is_over and game.history[-3:] == ((0, Bid(0)), (1, Bid(1)), (2, Bid(1)))


def test_play_game_with_random_bots() -> None:
    result = play_game(ToyGame(Rules(), seed=1), [RandomBot(1), RandomBot(2)])
    assert sum(len(r) for r in result.ranking) == 2


def test_events_only_when_subscribed_and_handler_errors() -> None:
    from naipes import HandlerError
    from naipes.events import Event
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
