"""Machuco's new games: the inlined dealer-draw shuffle and the opening events made when read."""

from __future__ import annotations

import pickle
import random

import pytest

from naipes.cards import Card
from naipes.machuco import Game, Rules
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


@pytest.mark.parametrize("players", [2, 4])
def test_a_seeded_game_builds_its_opening_events_only_when_read(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Rules(players=players)
    built: list[object] = []
    emit = Game._emit
    monkeypatch.setattr(Game, "_emit", lambda self, event: (built.append(event), emit(self, event))[1])
    for seed in range(30):
        built.clear()
        lazy = Game(rules, seed=seed)
        assert built == []  # the constructor made no event
        eager = Game(rules, rng=random.Random(seed))  # a caller's generator: built at once
        assert built and lazy.to_dict()["state"] == eager.to_dict()["state"]
        made = tuple(built)
        assert lazy.opening_events == eager.opening_events == made
        assert lazy.opening_events is lazy.opening_events  # made once


def test_the_deferred_events_survive_a_pickle_and_clones_have_none() -> None:
    for seed in (3, 4, 5):
        game = Game(Rules(players=2), seed=seed, dealer=1)
        expected = Game(Rules(players=2), rng=random.Random(seed), dealer=1).opening_events
        assert game.clone().opening_events == ()
        copy = pickle.loads(pickle.dumps(game))
        assert copy.opening_events == expected == game.opening_events
        assert pickle.loads(pickle.dumps(game)).opening_events == expected  # read before the pickle


def test_a_given_deck_is_dealt_again_for_the_opening_events() -> None:
    deck = list(reversed(tables.DECK40))
    game = Game(Rules(players=2), seed=9, deck=deck)
    again = Game(Rules(players=2), rng=random.Random(9), deck=deck)
    assert game.opening_events == again.opening_events and game.opening_events
    assert game.record() == Game.from_record(game.record()).record()
