"""``_validate.seat_moves``: the column-at-a-time check of a long history and the pair-by-pair refusal agree."""

from __future__ import annotations

import pytest

from naipes import _validate
from naipes.errors import InvalidStateError


def test_plain_pairs_read_as_tuples() -> None:
    pairs = [[0, "discard 1o"], [1, "pass"], [2, "x" * _validate.MAX_TEXT]]
    assert _validate.seat_moves(pairs, "history", 3, 10) == [(0, "discard 1o"), (1, "pass"),
                                                             (2, "x" * _validate.MAX_TEXT)]
    assert _validate.seat_moves([], "history", 3, 10) == []


@pytest.mark.parametrize("bad", [
    [0, "a", 1], (0, "a"), [True, "a"], [1.0, "a"], [3, "a"], [-1, "a"], [0, 5], [0, "x" * (_validate.MAX_TEXT + 1)],
    "0 a", None,
])
def test_any_bad_pair_among_good_ones_is_refused_and_named(bad: object) -> None:
    pairs = [[0, "a"], [1, "b"], bad, [2, "c"]]
    with pytest.raises(InvalidStateError) as info:
        _validate.seat_moves(pairs, "history", 3, 10)
    assert info.value.code in ("bad_field", "too_large", "out_of_range", "bad_type")
    assert "history" in str(info.value)


def test_a_list_subclass_pair_is_read_like_a_list() -> None:
    class Pair(list):  # type: ignore[type-arg]
        pass

    assert _validate.seat_moves([Pair([1, "a"]), [0, "b"]], "history", 2, 5) == [(1, "a"), (0, "b")]
