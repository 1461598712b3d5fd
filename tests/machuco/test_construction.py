"""Machuco's new games: the inlined dealer-draw shuffle (its opening events: tests/test_fast_paths.py)."""

from __future__ import annotations

import random

import pytest

from naipes.cards import Card
from naipes.machuco import _tables as tables


class _Drawing(random.Random):
    """A generator whose ``shuffle`` is its own (the inlined one must not replace it)."""

    def shuffle(self, x: list[Card]) -> None:  # type: ignore[override]
        x.reverse()


@pytest.mark.parametrize("seed", [0, 1, 7, 2**40 + 3, 123456789])
def test_the_inlined_shuffle_swaps_and_draws_as_random_shuffle(seed: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(tables.DECK40), list(tables.DECK40)
    tables._shuffle40(ours, a)
    theirs.shuffle(b)
    assert a == b and ours.getstate() == theirs.getstate()


def test_a_generator_of_another_class_shuffles_its_own_way() -> None:
    cards = list(tables.DECK40)
    tables._shuffle40(_Drawing(1), cards)
    assert cards == list(reversed(tables.DECK40))
    assert tables._SAME_SHUFFLE  # this Python shuffles as the inlined steps (else they never run)
