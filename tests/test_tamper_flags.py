"""Flags of a state that its history decides cannot be flipped (issue 39).

``from_dict`` replays a state's history from its start (``Game._check_loaded``)
and refuses a state the history does not lead to, so a flag the history decides
is derived, not trusted: Macarra's ``recycled`` (a seat whose stock was turned
over: everybody then knows it) and Machiavelli's ``opened`` (a seat that made its
opening play: the initial-meld minimum no longer applies) were honoured when
flipped. The conformance kit flips every boolean of a state (``state_probes``)
for every game, third-party games included. A version-3 Machiavelli state
relabelled version 2 is refused when its history holds a delta, and otherwise
is, byte for byte, the version-2 dict of the same game.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any, Callable

import pytest

from naipes import _kit_tamper, macarra, machiavelli
from naipes._kit_tamper import state_probes
from naipes.errors import InvalidStateError
from naipes.game import Game as BaseGame

AnyGame = Any


def _state(game: AnyGame) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(game.to_dict()))
    return data


def _until(make: Callable[[], AnyGame], stop: Callable[[AnyGame], bool], seed: int, cap: int = 5000) -> AnyGame:
    game, rng = make(), random.Random(seed)
    for _ in range(cap):
        if stop(game):
            return game
        seat = game.to_act[0]
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
    raise AssertionError("the position was not reached")


def _refused(data: dict[str, Any], game_type: type) -> InvalidStateError:
    with pytest.raises(InvalidStateError) as info:
        game_type.from_dict(data)
    return info.value


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_macarra_recycled_cannot_be_flipped(seed: int) -> None:
    game = _until(lambda: macarra.Game(seed=seed), lambda g: any(g._recycled) or g.is_over, seed)
    assert any(game._recycled), "no stock was recycled"
    data = _state(game)
    assert macarra.Game.from_dict(data).to_dict() == data
    for s, recycled in enumerate(data["state"]["recycled"]):
        flipped = copy.deepcopy(data)
        flipped["state"]["recycled"][s] = not recycled
        assert _refused(flipped, macarra.Game).code == "bad_history"


@pytest.mark.parametrize("seed", [1, 2])
def test_machiavelli_opened_cannot_be_flipped_to_skip_the_opening(seed: int) -> None:
    rules = machiavelli.Rules(initial_meld_min=30)
    game = _until(lambda: machiavelli.Game(rules, seed=seed), lambda g: len(g.history) >= 6, seed)
    data = _state(game)
    closed = [s for s, opened in enumerate(data["state"]["opened"]) if not opened]
    assert closed
    for s in closed:
        flipped = copy.deepcopy(data)
        flipped["state"]["opened"][s] = True  # the seat would skip its opening (MV-11)
        assert _refused(flipped, machiavelli.Game).code == "bad_history"


def _plays(seed: int, moves: int) -> machiavelli.Game:
    game, rng = machiavelli.Game(machiavelli.Rules(jokers=2, threshold=10_000), seed=seed), random.Random(seed)
    while len(game.history) < moves and not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_moves(seat)
        plays = [m for m in legal if isinstance(m, machiavelli.Play)]
        game.play(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal), seat)
    return game


@pytest.mark.parametrize("seed", range(6))
def test_a_version_3_state_relabelled_version_2_is_refused_or_is_the_version_2_dict(seed: int) -> None:
    for moves in (3, 12, 40):
        game = _plays(seed, moves)
        data = _state(game)
        assert data["version"] == 3
        relabelled = {**data, "version": 2}
        if any("#" in text for _, text in data["history"]):  # a play written as a delta
            assert _refused(relabelled, machiavelli.Game).code == "bad_version"
        else:  # every play in full: exactly what version 2 writes for this game
            v2 = {**json.loads(json.dumps(BaseGame.to_dict(game))), "version": 2}
            assert relabelled == v2
            assert machiavelli.Game.from_dict(relabelled).to_dict() == data


class _TrustsMacarraFlags(macarra.Game):
    """Macarra as 1.2-dev loaded states: no replay of the history (the flags are trusted)."""

    __slots__ = ()

    def _check_loaded(self, start: Any) -> None:
        pass


class _TrustsMachiavelliFlags(machiavelli.Game):
    """Machiavelli as 1.2-dev loaded states: no replay of the history (the flags are trusted)."""

    __slots__ = ()

    def _check_loaded(self, start: Any) -> None:
        pass


@pytest.mark.parametrize(("make", "stop", "flag"), [
    (lambda seed: _TrustsMacarraFlags(seed=seed), lambda g: any(g._recycled) or g.is_over, "recycled"),
    (lambda seed: _TrustsMachiavelliFlags(machiavelli.Rules(initial_meld_min=30), seed=seed),
     lambda g: len(g.history) >= 6, "opened"),
], ids=["macarra", "machiavelli"])
def test_the_kit_flips_every_flag_and_catches_a_trusted_one(make: Callable[[int], AnyGame],
                                                            stop: Callable[[AnyGame], bool], flag: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    game = _until(lambda: make(2), stop, 2)
    problem = state_probes(game, random.Random(0))
    assert problem is not None and "flipped was accepted and its record() replays to another game" in problem
    real = type(game).__mro__[1].from_dict(_state(game))
    probed: list[str] = []
    loads = _kit_tamper._loads

    def counted(game: AnyGame, data: dict[str, Any], what: str) -> Any:
        probed.append(what)
        return loads(game, data, what)

    monkeypatch.setattr(_kit_tamper, "_loads", counted)
    assert state_probes(real, random.Random(0)) is None
    seats = len(_state(real)["state"][flag])
    assert {f"state/{flag}/{s} flipped" for s in range(seats)} <= set(probed)
    assert "simultaneous flipped" in probed
