"""The solver's pass by suit (naipes.machiavelli._solver_dominance): exact, and it prunes."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from naipes.machiavelli import _solver_dominance as dominance
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.solver import solve

from .test_solver import CONFIGS, random_position, reference


@pytest.fixture
def every_layer(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The pass by suit on every layer, however small; records (states in, states out) of each call."""
    calls: list[tuple[int, int]] = []
    original = dominance._pass_by_suit

    def recorded(*args: Any) -> dict[int, int]:
        out = original(*args)
        calls.append((len(args[1]), len(out)))
        return out

    monkeypatch.setattr(dominance, "BY_SUIT_FROM", 0)
    monkeypatch.setattr(dominance, "_pass_by_suit", recorded)
    return calls


@pytest.mark.parametrize("name", ["two jokers", "four jokers", "one natural", "three decks, jokers"])
@settings(deadline=None, max_examples=25, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_the_pass_by_suit_on_every_layer_stays_optimal(name: str, seed: int, every_layer: list[Any]) -> None:
    rules, shape = CONFIGS[name]
    table, hand = random_position(random.Random(seed), rules, **shape)
    answer = solve(table, hand, rules)
    assert (None if answer is None else (answer.count, answer.value)) == reference(table, hand, rules)


def test_the_pass_by_suit_drops_states_and_changes_no_answer(every_layer: list[tuple[int, int]],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Rules(jokers=4)
    answers = []
    for seed in range(12):
        table, hand = random_position(random.Random(seed), rules, melds=6, hand=13)
        answers.append(solve(table, hand, rules))
    assert any(after < before for before, after in every_layer)  # it pruned something
    monkeypatch.setattr(dominance, "BY_SUIT_FROM", 10**9)  # the pass off
    for seed, answer in enumerate(answers):
        table, hand = random_position(random.Random(seed), rules, melds=6, hand=13)
        plain = solve(table, hand, rules)
        assert (plain is None) == (answer is None)
        if plain is not None and answer is not None:
            assert (plain.count, plain.value) == (answer.count, answer.value)
