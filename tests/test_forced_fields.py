"""Moves whose int field was forced past the constructor are refused (issue 39).

``Bid(amount=True)`` or ``Envio(amount=2.0)`` cannot be built (``exact_field(int)``
refuses ``bool`` and ``float``), but a field can be forced with
``object.__setattr__`` on a copy of a listed move. Since ``True == 1`` and
``2.0 == 2``, such a move compared equal to the listed one and was played as it.
Now ``check_move``, ``is_legal`` and ``play`` refuse it with code ``bad_field``,
in every game with int fields (Machuco's ``Envio``; Macarra's ``Bid``,
``PlaceOnFoundation`` and ``PlaceOnPile``; the toy game's ``Bid``), and nothing
changes; the conformance kit's ``forced_fields`` checks it for every game.
"""

from __future__ import annotations

import random
from typing import Any, Callable

import attrs
import naipes_toy as toy
import pytest

from naipes import macarra, machuco
from naipes._kit_tamper import forced_fields
from naipes.errors import IllegalMoveError
from naipes.macarra.moves import Bid, PlaceOnFoundation, PlaceOnPile
from naipes.machuco.moves import Envio

AnyGame = Any


def _position(make: Callable[[int], AnyGame], kind: type, seeds: int = 300) -> tuple[AnyGame, int, Any]:
    """A seeded game, a seat and a listed ``kind`` move of that seat, by random play."""
    for seed in range(seeds):
        game, rng = make(seed), random.Random(seed)
        while not game.is_over:
            seat = game.to_act[0]
            legal = game.legal_moves(seat)
            found = [m for m in legal if type(m) is kind]
            if found:
                return game, seat, found[0]
            game.play(legal[rng.randrange(len(legal))], seat)
    raise AssertionError(f"no {kind.__name__} listed in {seeds} games")


def _forced(move: Any, field: str, value: object) -> Any:
    copy = attrs.evolve(move)
    object.__setattr__(copy, field, value)
    return copy


CASES = [
    (lambda seed: machuco.Game(seed=seed), Envio, "amount"),
    (lambda seed: macarra.Game(seed=seed), Bid, "amount"),
    (lambda seed: macarra.Game(seed=seed), PlaceOnFoundation, "foundation"),
    (lambda seed: macarra.Game(seed=seed), PlaceOnPile, "seat"),
    (lambda seed: toy.Game(seed=seed), toy.Bid, "amount"),
]
IDS = ["machuco-Envio", "macarra-Bid", "macarra-PlaceOnFoundation", "macarra-PlaceOnPile", "toy-Bid"]


@pytest.mark.parametrize(("make", "kind", "field"), CASES, ids=IDS)
@pytest.mark.parametrize("forge", ["True", "float", "bool", "float of 2"])
def test_a_bool_or_float_forced_into_an_int_field_is_refused(make: Callable[[int], AnyGame], kind: type,
                                                             field: str, forge: str) -> None:
    game, seat, move = _position(make, kind)
    value = getattr(move, field)
    forged = {"True": True, "float": float(value), "bool": bool(value), "float of 2": 2.0}[forge]
    bad = _forced(move, field, forged)
    before, rng = game.to_dict(), game._rng.getstate()
    with pytest.raises(IllegalMoveError) as checked:
        game.check_move(bad, seat)
    assert checked.value.code == "bad_field", checked.value
    assert not game.is_legal(bad, seat)
    with pytest.raises(IllegalMoveError) as played:
        game.play(bad, seat)
    assert played.value.code == "bad_field", played.value
    assert game.to_dict() == before and game._rng.getstate() == rng
    game.play(move, seat)  # the listed move itself still plays (a bid waits for the others' answers)
    recorded = [m for s, m in [*game.history, *game._pending_answers.items()] if s == seat]
    assert recorded[-1] == move and type(getattr(recorded[-1], field)) is int


@pytest.mark.parametrize(("make", "kind", "field"), CASES, ids=IDS)
def test_the_kit_demands_the_refusal(make: Callable[[int], AnyGame], kind: type, field: str) -> None:
    game, seat, move = _position(make, kind)
    ahead = [m for m in game.legal_moves(seat) if type(m) is kind]
    assert ahead and game.to_act[0] == seat
    assert forced_fields(game, limit=len(game.legal_moves(seat))) is None


def test_an_equal_move_built_by_its_constructor_still_plays() -> None:
    game, seat, move = _position(lambda seed: macarra.Game(seed=seed), PlaceOnFoundation)
    game.play(PlaceOnFoundation(move.card, int(move.foundation)), seat)
    assert game.history[-1][1] is move
