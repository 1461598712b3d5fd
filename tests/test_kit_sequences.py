"""Move constructors take any sequence for a tuple field (issue 22): the kit's check."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from naipes import registry
from naipes._kit_tamper import bad_fields, sequence_fields
from naipes.errors import IllegalMoveError


def _exact_tuple(_: object, attribute: Any, value: object) -> None:
    if type(value) is not tuple:
        raise IllegalMoveError(f"{attribute.name} must be a tuple", code="bad_field")


@attrs.frozen
class Refuses:
    """1.1's way: a list is refused."""

    seats: tuple[int, ...] = attrs.field(validator=_exact_tuple)


@attrs.frozen(hash=False)
class Keeps:
    """Keeps the caller's list: mutable, and it follows changes to the list."""

    seats: Any


def _ints(_: object, attribute: Any, value: tuple[object, ...]) -> None:
    if any(type(v) is not int for v in value):
        raise IllegalMoveError(f"{attribute.name} holds ints", code="bad_field")


def _to_tuple(value: Any) -> tuple[int, ...]:
    if isinstance(value, (list, tuple)):
        return tuple(value)
    raise IllegalMoveError("seats must be a sequence", code="bad_field")


@attrs.frozen
class Converts:
    """The 1.2 way: any sequence becomes a tuple; other values are refused."""

    seats: tuple[int, ...] = attrs.field(converter=_to_tuple, validator=[_exact_tuple, _ints])


def test_the_check_refuses_a_move_that_refuses_a_list() -> None:
    problem = sequence_fields(Refuses((1, 2)))
    assert problem is not None and "raised IllegalMoveError" in problem


def test_the_check_refuses_a_move_that_keeps_the_list() -> None:
    problem = sequence_fields(Keeps((1, 2)))
    assert problem is not None and "keeps a list" in problem


def test_a_converting_move_passes_both_checks() -> None:
    assert sequence_fields(Converts((1, 2))) is None
    assert bad_fields(Converts((1, 2))) is None


def _moves(name: str) -> list[Any]:
    game = registry.find_game(name).load().Game(seed=11)
    rnd = random.Random(3)
    seen: list[Any] = []
    for _ in range(60):
        if game.is_over:
            break
        seat = game.to_act[0]
        legal = game.legal_moves(seat)
        seen.extend(legal[:6])
        game.play(legal[rnd.randrange(len(legal))], seat)
    return seen


@pytest.mark.parametrize("name", ["machuco", "macarra", "ranzo", "machiavelli"])
def test_every_game_takes_a_list_for_each_tuple_field(name: str) -> None:
    moves = _moves(name)
    assert moves
    for move in moves:
        assert sequence_fields(move) is None, move
        assert bad_fields(move) is None, move
    with_tuples = [m for m in moves if attrs.has(type(m))
                   and any(type(getattr(m, f.name)) is tuple for f in attrs.fields(type(m)))]
    if name == "machiavelli":  # the one game with tuple fields in its moves (Play.table, Play.cards)
        assert with_tuples
