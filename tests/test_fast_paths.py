"""The base game's fast paths for learning environments. Opening events built when read
(``Game._lazy_opening``): a seeded Machuco or Ranzo game's constructor builds no event;
:attr:`opening_events` runs the constructor again on a generator of the seed, and gives what a
constructor that collects them gives. ``play`` records a move nobody listens to without
``_commit`` (unless a class defines its own)."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from naipes import macarra, machuco, ranzo
from naipes.events import Event
from naipes.game import Game as BaseGame

GAMES = [(machuco, {"players": 2}), (machuco, {"players": 4}), (ranzo, {}), (ranzo, {"players": 3, "rounds": 1})]


@pytest.mark.parametrize(("module", "fields"), GAMES)
def test_a_seeded_game_builds_its_opening_events_only_when_read(module: Any, fields: dict[str, Any],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    rules = module.Rules(**fields)
    built: list[object] = []
    emit = BaseGame._emit
    monkeypatch.setattr(BaseGame, "_emit", lambda self, event: (built.append(event), emit(self, event))[1])
    for seed in range(25):
        built.clear()
        lazy = module.Game(rules, seed=seed)
        assert built == []  # the constructor made no event
        eager = module.Game(rules, rng=random.Random(seed))  # a caller's generator: built at once
        made = tuple(built)
        assert made and lazy.to_dict()["state"] == eager.to_dict()["state"]
        assert lazy.opening_events == eager.opening_events == made
        assert lazy.opening_events is lazy.opening_events  # made once


@pytest.mark.parametrize(("module", "fields"), GAMES)
def test_the_deferred_events_survive_a_pickle_and_clones_have_none(module: Any, fields: dict[str, Any]) -> None:
    rules = module.Rules(**fields)
    for seed in (3, 4, 5):
        game = module.Game(rules, seed=seed, dealer=1)
        expected = module.Game(rules, rng=random.Random(seed), dealer=1).opening_events
        assert game.clone().opening_events == ()
        copy = pickle.loads(pickle.dumps(game))
        assert copy.opening_events == expected == game.opening_events
        assert pickle.loads(pickle.dumps(game)).opening_events == expected  # read before the pickle


@pytest.mark.parametrize(("module", "fields"), GAMES)
def test_a_given_deck_is_dealt_again_for_the_opening_events(module: Any, fields: dict[str, Any]) -> None:
    rules = module.Rules(**fields)
    deck = list(reversed(module.Game(rules, seed=0).zones()["stock"] + tuple(
        c for name, cards in module.Game(rules, seed=0).zones().items() if name != "stock" for c in cards)))
    game = module.Game(rules, seed=9, deck=deck)
    again = module.Game(rules, rng=random.Random(9), deck=deck)
    assert game.opening_events == again.opening_events and game.opening_events
    assert type(game).from_record(game.record()).record() == game.record()


def test_games_that_do_not_opt_in_build_them_at_once() -> None:
    game = macarra.Game(macarra.Rules(players=2), seed=1)
    assert type(game._opened) is tuple and game.opening_events == game._opened


def test_a_game_that_defines_its_own_commit_is_asked_by_play() -> None:
    """``play`` records a move nobody listens to itself (``_commit`` inlined), unless the class
    defines its own ``_commit``: then that one runs."""
    committed: list[tuple[int, object]] = []

    class Counting(machuco.Game):
        __slots__ = ()

        def _commit(self, m: Any, s: int) -> None:
            committed.append((s, m))
            super()._commit(m, s)

    assert Counting._own_commit and not machuco.Game._own_commit
    game, plain = Counting(machuco.Rules(players=2), seed=1), machuco.Game(machuco.Rules(players=2), seed=1)
    for _ in range(5):
        move = game.legal_moves()[0]
        game.play(move)
        plain.play(move)
    assert committed == list(game.history) == list(plain.history)


@pytest.mark.parametrize(("module", "fields"), [*GAMES, (macarra, {"players": 2})])
@pytest.mark.parametrize("listening", [False, True])
def test_a_listed_move_played_without_its_lookup_plays_as_play(module: Any, fields: dict[str, Any],
                                                               listening: bool) -> None:
    """``_play_listed`` (a move just taken from ``legal_moves(seat)``, as the adapters' random
    opponents play): the same game, history and events as ``play``, windows included."""
    rules = module.Rules(**fields)
    for seed in range(6):
        fast, slow = module.Game(rules, seed=seed), module.Game(rules, seed=seed)
        heard: tuple[list[object], list[object]] = ([], [])
        if listening:
            fast.events.subscribe(Event, heard[0].append)
            slow.events.subscribe(Event, heard[1].append)
        rng = random.Random(seed)
        while not fast.is_over:
            seat = min(fast.to_act)
            moves = fast.legal_moves(seat)
            i = rng.randrange(len(moves))
            fast._play_listed(moves[i], seat)
            slow.play(slow.legal_moves(seat)[i], seat)
            assert fast.history == slow.history
        assert fast.to_dict() == slow.to_dict() and fast.result == slow.result
        assert heard[0] == heard[1] and (bool(heard[0]) is listening)
