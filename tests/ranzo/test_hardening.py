"""Ranzo's state boundary: the seats to act and ``simultaneous`` as the phase has them, and
``known`` cards as the history shows them (issue 21)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.errors import InvalidStateError
from naipes.ranzo import Game, Phase, Rules
from naipes.testing import check_hardening

VARIANTS = [Rules(players=3), Rules(), Rules(envido_beats_truco=False), Rules(after_steal_next="after_stealer"),
            Rules(players=3, deck=40), Rules(rounds=2)]


def _play(game: Game, rng: random.Random, steps: int, claims: float = 0.6) -> Game:
    """Random decisions that prefer claims, so windows end in steals."""
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act[rng.randrange(len(game.to_act))]
        moves = game.legal_moves(seat)
        bold = [m for m in moves if str(m) != "pass"]
        game.play(rng.choice(bold) if bold and rng.random() < claims else rng.choice(moves), seat)
    return game


def _until(game: Game, rng: random.Random, phase: Phase) -> Game:
    while game.phase is not phase:
        assert not game.is_over
        _play(game, rng, 1)
    return game


def _refused(state: dict[str, Any], code: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        Game.from_dict(state)
    assert info.value.code == code, info.value


def test_a_flipped_simultaneous_flag_is_refused() -> None:
    rng = random.Random(3)
    window = _until(Game(seed=3), rng, Phase.WINDOW).to_dict()
    _refused({**window, "simultaneous": False}, "bad_to_act")
    turn = _until(Game(seed=4), random.Random(4), Phase.TURN).to_dict()
    _refused({**turn, "simultaneous": True}, "bad_to_act")


def test_seats_to_act_in_another_order_are_refused() -> None:
    window = _until(Game(seed=5), random.Random(5), Phase.WINDOW).to_dict()
    assert len(window["acting"]) == 3
    _refused({**window, "acting": window["acting"][::-1]}, "bad_to_act")
    Game.from_dict(window)


def _with_known(state: dict[str, Any]) -> tuple[dict[str, Any], int]:
    seat = next(s for s, k in enumerate(state["state"]["known"]) if k)
    return copy.deepcopy(state), seat


def _known_state(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    game = Game(seed=seed)
    while not any(game.known):
        _play(game, rng, 1)
    return json.loads(json.dumps(game.to_dict()))


@pytest.mark.parametrize("seed", range(4))
def test_known_cards_lost_or_swapped_are_refused(seed: int) -> None:
    state, seat = _with_known(_known_state(seed))
    Game.from_dict(state)
    lost = copy.deepcopy(state)
    lost["state"]["known"][seat].pop()
    _refused(lost, "bad_known")
    known = state["state"]["known"][seat]
    other = [c for c in state["state"]["hands"][seat] if c not in known]
    swapped = copy.deepcopy(state)
    swapped["state"]["known"][seat][-1] = other[0]
    _refused(swapped, "bad_known")
    added = copy.deepcopy(state)
    added["state"]["known"][seat].append(other[0])
    _refused(added, "bad_known")
    if len(known) > 1:
        turned = copy.deepcopy(state)
        turned["state"]["known"][seat] = known[::-1]
        _refused(turned, "bad_known")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31 - 1), st.integers(0, 400), st.sampled_from(range(len(VARIANTS))),
       st.floats(0.0, 1.0))
def test_every_state_the_game_writes_loads(seed: int, steps: int, variant: int, claims: float) -> None:
    """The known cards the loader derives from the history are the game's own, at every step."""
    rng = random.Random(seed)
    game = Game(VARIANTS[variant], seed=seed)
    for _ in range(steps // 10 + 1):
        _play(game, rng, 10, claims)
        again = Game.from_dict(json.loads(json.dumps(game.to_dict())))
        assert again.known == game.known and again.to_dict() == game.to_dict()


def test_positions_and_their_later_moves_load() -> None:
    rng = random.Random(8)
    done = 0
    for seed in range(12):
        source = _play(Game(seed=seed), rng, 30)
        while not source.is_over and source.phase is not Phase.TURN:
            _play(source, rng, 1)
        if source.is_over:
            continue
        position = Game.from_position(Rules(), hands=source.hands, stock=source.stock, discards=source.discards,
                                      open_juegos=source.opens, known=source.known, turn=source.turn,
                                      dealer=source.dealer)
        for _ in range(8):
            _play(position, rng, 10)
            again = Game.from_dict(json.loads(json.dumps(position.to_dict())))
            assert again.to_dict() == position.to_dict()
        done += 1
    assert done >= 3


def test_the_hardening_kit_on_states_with_known_cards() -> None:
    game = Game(seed=11)
    _play(game, random.Random(11), 60)
    check_hardening(lambda s: game.clone(), 0, 0, tampers=200)
