"""``Game.clone()`` leaves its source exactly as it was, its generator object included.

Before 1.2's fix the source's first draw after a clone swapped its generator for a
plain ``random.Random`` copy: a caller's ``Random`` subclass was dropped, and a
generator shared with other games was no longer advanced by this one (so those
games dealt differently). Copy on write stays, on the clone's side only.
"""

from __future__ import annotations

import pickle
import random
from typing import Any, Callable

import naipes_toy
import pytest

import naipes

AnyGame = Any


class Counting(random.Random):
    """A caller's generator: counts its draws."""

    def __init__(self, seed: int) -> None:
        self.draws = 0
        super().__init__(seed)

    def random(self) -> float:
        self.draws += 1
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.draws += 1
        return super().getrandbits(k)


def _makers() -> list[tuple[str, Callable[..., AnyGame]]]:
    out: list[tuple[str, Callable[..., AnyGame]]] = []
    for info in naipes.games():
        module = info.load()
        out.append((info.name, lambda m=module, **kw: m.Game(m.Rules(), **kw)))
    out.append(("toy", lambda **kw: naipes_toy.Game(**kw)))
    return out


MAKERS = _makers()
IDS = [name for name, _ in MAKERS]


def _play(game: AnyGame, moves: random.Random, limit: int = 10_000) -> list[tuple[int, str]]:
    """Random moves to the end (or ``limit`` moves); the moves played."""
    played = []
    while not game.is_over and len(played) < limit:
        seat = game.to_act[0]
        move = moves.choice(game.legal_moves(seat))
        game.play(move, seat)
        played.append((seat, str(move)))
    return played


@pytest.mark.parametrize(("name", "make"), MAKERS, ids=IDS)
def test_a_callers_random_subclass_stays_the_sources_generator(name: str, make: Callable[..., AnyGame]) -> None:
    rng = Counting(7)
    game = make(rng=rng)
    clone = game.clone()
    assert game._rng is rng  # reading the generator (a draw) after a clone
    _play(game, random.Random(1), limit=60)
    clone.clone()
    assert game._rng is rng and type(game._rng) is Counting
    _play(clone, random.Random(2), limit=60)
    assert game._rng is rng


@pytest.mark.parametrize(("name", "make"), MAKERS, ids=IDS)
def test_a_generator_shared_by_two_games_deals_alike_with_or_without_a_clone(
        name: str, make: Callable[..., AnyGame]) -> None:
    def deal(cloned: bool) -> tuple[Any, ...]:
        shared = random.Random(11)
        first = make(rng=shared)
        twin = first.clone() if cloned else None
        _play(first, random.Random(3))
        second = make(rng=shared)  # dealt from where the first game left the generator
        if twin is not None:
            _play(twin, random.Random(4), limit=30)
        return first.to_dict(), second.to_dict(), shared.getstate()

    assert deal(cloned=True) == deal(cloned=False)


@pytest.mark.parametrize("own", [True, False], ids=["seeded", "callers-rng"])
@pytest.mark.parametrize(("name", "make"), MAKERS, ids=IDS)
def test_a_clone_deals_what_its_source_deals(name: str, make: Callable[..., AnyGame], own: bool) -> None:
    game = make(seed=5) if own else make(rng=Counting(5))
    _play(game, random.Random(5), limit=7)
    early = game.clone()
    late = early.clone()  # a clone of a clone that still shares the generator
    kept = pickle.loads(pickle.dumps(early))
    rest = _play(game, random.Random(6))  # the source draws first, then its clones
    for clone in (early, late, kept):
        for seat, move in rest:
            clone.play(move, seat)
        assert clone.to_dict() == game.to_dict()


@pytest.mark.parametrize(("name", "make"), MAKERS, ids=IDS)
def test_a_clone_that_draws_first_leaves_the_source_alone(name: str, make: Callable[..., AnyGame]) -> None:
    game = make(seed=9)
    source = game._rng
    before = game.to_dict()
    clone = game.clone()
    rest = _play(clone, random.Random(9))
    assert game.to_dict() == before and game._rng is source
    for seat, move in rest:
        game.play(move, seat)
    assert game.to_dict() == clone.to_dict()
