"""Every registered game keeps the shared contract (the conformance kit), and its
seeded playthrough matches the golden transcript recorded in tests/golden/."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import naipes
from naipes._kit_checks import opening_leaks, stream_divergence
from naipes.events import Event, GameEnded, MovePlayed
from naipes.testing import check_threads, run_conformance, run_hardening

GOLDEN = Path(__file__).parent / "golden"
INFOS = naipes.games()


@pytest.mark.parametrize("info", INFOS, ids=[i.name for i in INFOS])
def test_module_exports_the_game_api(info: naipes.GameInfo) -> None:
    module = info.load()
    for name in ("Game", "Rules", "Move", "View"):
        assert hasattr(module, name), f"{info.module} does not export {name}"
    assert module.Game.name == info.name
    game = module.Game(module.Rules(), seed=1)
    assert info.min_players <= game.num_players <= info.max_players


@pytest.mark.parametrize("info", INFOS, ids=[i.name for i in INFOS])
def test_conformance_kit(info: naipes.GameInfo) -> None:
    module = info.load()
    run_conformance(lambda seed: module.Game(module.Rules(), seed=seed), examples=2,
                    max_decisions=info.max_decisions, complete_moves=info.complete_moves, every=7)


def _summary(event: Event) -> list[object]:
    """An event as its type and the totals it carries (scores, result scores)."""
    out: list[object] = [type(event).__name__]
    for name in ("totals", "scores"):
        if hasattr(event, name):
            out.append(list(getattr(event, name)))
    if isinstance(event, GameEnded):
        out.append(event.result.to_dict())
    return out


def _transcript(info: naipes.GameInfo) -> dict[str, list[list[object]]]:
    """Moves and events (type and totals) of a seeded game: a scoring change fails too."""
    module = info.load()
    game = module.Game(module.Rules(), seed=2026)
    events = [_summary(e) for e in game.opening_events]
    game.events.subscribe(Event, lambda e: None if isinstance(e, MovePlayed) else events.append(_summary(e)))
    naipes.play_game(game, [naipes.RandomBot(seed) for seed in range(game.num_players)])
    return {"moves": [[seat, str(move)] for seat, move in game.history], "events": events}


@pytest.mark.parametrize("info", INFOS, ids=[i.name for i in INFOS])
def test_golden_transcript(info: naipes.GameInfo) -> None:
    """A change in play is a change in rules: regenerate with NAIPES_REGOLD=1 only on purpose."""
    path = GOLDEN / f"{info.name}.json"
    got = _transcript(info)
    if os.environ.get("NAIPES_REGOLD") or not path.exists():
        GOLDEN.mkdir(exist_ok=True)
        lines = ",\n".join(json.dumps(item) for item in got["moves"])
        ev = ",\n".join(json.dumps(item) for item in got["events"])
        path.write_text(f'{{"moves": [\n{lines}],\n"events": [\n{ev}]}}\n')
        if not os.environ.get("NAIPES_REGOLD"):
            pytest.skip(f"golden transcript for {info.name} written; commit it")
    assert got == json.loads(path.read_text())


def _random_position(module: object, seed: int, steps: int) -> naipes.Game:  # type: ignore[type-arg]
    game = module.Game(module.Rules(), seed=seed)  # type: ignore[attr-defined]
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act[rng.randrange(len(game.to_act))]
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
    return game


@pytest.mark.parametrize("info", INFOS, ids=[i.name for i in INFOS])
def test_per_seat_streams_tell_each_seat_what_its_views_show(info: naipes.GameInfo) -> None:
    """For every seat k: the game and a game sampled from view(k), given the same moves, give
    seat k identical streams while their views agree, and no event shows k a hidden hand card."""
    module = info.load()

    @settings(max_examples=4, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(0, 2**31 - 1), st.integers(0, 60))
    def check(seed: int, steps: int) -> None:
        game = _random_position(module, seed, steps)
        assert opening_leaks(module.Game(module.Rules(), seed=seed)) is None
        for seat in range(game.num_players):
            problem = stream_divergence(game.clone(), seat, random.Random(seed + seat), 25)
            assert problem is None, problem

    check()


def _play_seeded(module: object, players: int, seed: int) -> list[object]:
    rules = module.Rules(players=players)  # type: ignore[attr-defined]
    game = module.Game(rules, seed=seed)  # type: ignore[attr-defined]
    rng = random.Random(seed)
    for _ in range(3000):
        if game.is_over:
            break
        seat = game.to_act[rng.randrange(len(game.to_act))]
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
    return [[s, str(m)] for s, m in game.history]


@pytest.mark.parametrize("info", INFOS, ids=[i.name for i in INFOS])
def test_games_in_threads_play_as_they_do_alone(info: naipes.GameInfo) -> None:
    """Shared tables are built at import or behind a lock: 8 threads, switching every
    microsecond, play the same games as one thread does."""
    module = info.load()
    jobs = [(p, seed) for p in (info.player_counts[0], info.player_counts[-1]) for seed in range(4)]
    check_threads(lambda job: _play_seeded(module, *job), jobs)


@pytest.mark.parametrize("info", INFOS, ids=[i.name for i in INFOS])
def test_hardening_kit(info: naipes.GameInfo) -> None:
    """Tampered states, malformed and foreign moves, odd notation: refused, nothing changed."""
    module = info.load()
    others = [i.load() for i in INFOS if i.name != info.name]
    strangers = tuple(o.Game(o.Rules(), seed=1).legal_moves(o.Game(o.Rules(), seed=1).to_act[0])[0]
                      for o in others)
    run_hardening(lambda seed: module.Game(module.Rules(), seed=seed), examples=4, tampers=25,
                  strangers=strangers)


@pytest.mark.parametrize("info", INFOS, ids=[i.name for i in INFOS])
def test_action_space_round_trips_masks_and_encodes(info: naipes.GameInfo) -> None:
    """The machine interface of every game: ids round-trip, the mask is the legal moves with an id,
    encodings have the declared size and are the same for equal views."""
    module = info.load()
    space = info.action_space(module.Rules())
    low, high = space.bounds(info.returns_range)
    for seed in range(3):
        game = _random_position(module, seed, 40 * seed)
        for seat in range(game.num_players):
            view = game.view(seat)
            ids = space.legal_ids(view)
            assert sum(space.mask(view)) == len(ids) and len(space.mask(view)) == space.size
            assert all(space.index(space.move(i, view), view) == i for i in ids)
            if info.complete_moves:
                assert len(ids) == len(view.legal_moves)
            assert space.encode(view) == space.encode(game.clone().view(seat))
            assert len(space.encode(view)) == space.observation_size
        while not game.is_over:
            seat = game.to_act[0]
            game.play(game.legal_moves(seat)[0], seat)
        assert all(low <= r <= high for r in game.result.returns)
        assert not info.zero_sum or abs(sum(game.result.returns)) < 1e-9
