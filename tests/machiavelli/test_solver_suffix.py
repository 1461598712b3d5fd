"""The bound on the ranks still to come (issue 43, seventh round): an upper bound on what every
layout gains after each suit step, tighter than "every card" where jokers are scarce, and the
solver's answers the same with and without it."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.cards import JOKER, Card
from naipes.machiavelli import _solver_core as core
from naipes.machiavelli import _solver_suffix as suffix
from naipes.machiavelli._solver_prune import drop_unplayable
from naipes.machiavelli._solver_quick import _fill, _jokers
from naipes.machiavelli._solver_tables import NRANKS, NSUITS, SCALE, VALUES
from naipes.machiavelli.melds import Meld
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.solver import _Position, solve

from .test_solver import random_position
from .test_solver_lagrange import free_problem

CONFIGS = {
    "two jokers": (Rules(jokers=2), dict(melds=2, hand=7, ranks=6)),
    "four jokers": (Rules(jokers=4), dict(melds=2, hand=8, ranks=7)),
    "one natural": (Rules(jokers=4, min_natural_per_combination=1), dict(melds=2, hand=6, ranks=5)),
    "three decks": (Rules(players=6, jokers=2), dict(melds=2, hand=7, ranks=5)),
}


def gains_after(played: list[list[int]]) -> list[int]:
    """What a layout's natural hand cards add after each suit step."""
    out = [0] * (NRANKS * NSUITS)
    acc = 0
    for idx in range(NRANKS * NSUITS - 1, -1, -1):
        out[idx] = acc
        r, i = divmod(idx, NSUITS)
        acc += played[r][i] * (SCALE + VALUES[r + 1])
    return out


@pytest.mark.parametrize("name", sorted(CONFIGS))
@settings(deadline=None, max_examples=40, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_bound_is_above_the_optimum_after_every_step(name: str, seed: int) -> None:
    """For every joker count, the optimum of the relaxation (the program with no bound) gains no
    more after any suit step than the bound says, and no more in all than the ceiling."""
    rules, shape = CONFIGS[name]
    table, hand = random_position(random.Random(seed), rules, **shape)
    p = free_problem(table, hand, rules)
    for jokers in range(p.jokers + 1):
        q = copy.copy(p)
        q.jokers, q.prep, q.lb = jokers, None, None
        answer = core.solve(q)
        if answer is None:
            continue
        bound = suffix.remaining(q)
        assert all(g <= b for g, b in zip(gains_after(answer.played), bound))
        assert answer.obj <= suffix.ceiling(q)


def test_scarce_jokers_lower_the_bound() -> None:
    """Two copies of a card that only a joker can place, one joker: one copy counts."""
    rules = Rules(jokers=2)
    p = free_problem("[4S 5S 6S]", "8S 8S JK", rules)
    assert p.jokers == 1
    one = SCALE + VALUES[8]
    assert suffix.ceiling(p) == one  # "every card" would say two
    p.jokers = 0
    p.prep = None
    assert suffix.ceiling(p) == 0


def test_disabled_is_every_card() -> None:
    rules = Rules(jokers=2)
    p = free_problem("[4S 5S 6S]", "8S 8S JK", rules)
    suffix.ENABLED = False
    try:
        assert suffix.ceiling(p) == 2 * (SCALE + VALUES[8])
    finally:
        suffix.ENABLED = True


@pytest.mark.parametrize("name", sorted(CONFIGS))
@settings(deadline=None, max_examples=25, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), opened=st.booleans())
def test_solve_answers_the_same_without_the_bound(name: str, seed: int, opened: bool) -> None:
    rules, shape = CONFIGS[name]
    table, hand = random_position(random.Random(seed), rules, **shape)
    with_bound = solve(table, hand, rules, opened=opened)
    suffix.ENABLED = False
    try:
        without = solve(table, hand, rules, opened=opened)
    finally:
        suffix.ENABLED = True
    assert (with_bound is None) == (without is None)
    if with_bound is not None and without is not None:
        assert (with_bound.count, with_bound.value) == (without.count, without.value)


def exact_problem(table: list[Meld], hand: list[Card], rules: Rules) -> core.Problem:
    """The exact program ``solve`` poses for a position (jokers with their value, swaps)."""
    pos = _Position(table, hand, rules)
    p = pos.problem(opening=False)
    _fill(p.opt, [c for c in pos.hand if c is not JOKER])
    p.jokers += _jokers(pos.hand)
    drop_unplayable(p)
    return p


def pass_at(p: core.Problem, lb: int) -> core.Answer | None:
    """One pass of the program with the bound ``lb`` (raw units) and nothing else."""
    q = copy.copy(p)
    q.lb, q.passes, q.meter = lb, None, None
    return core.solve(q)


@pytest.mark.parametrize("name", sorted(CONFIGS))
@settings(deadline=None, max_examples=30, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), exact=st.booleans())
def test_a_pass_bounded_at_the_optimum_finds_it(name: str, seed: int, exact: bool) -> None:
    """The bound is admissible where it prunes: a single pass whose target is the optimum itself
    (every state's floor as tight as it gets, the rows by jokers left included) still finds a
    layout worth it, for every joker count of the free relaxation and in the exact program."""
    rules, shape = CONFIGS[name]
    table, hand = random_position(random.Random(seed), rules, **shape)
    base = exact_problem(table, hand, rules) if exact else free_problem(table, hand, rules)
    for jokers in range(base.jokers + 1) if not exact else (base.jokers,):
        p = copy.copy(base)
        p.jokers, p.prep, p.lb, p.passes = jokers, None, None, None
        best = core.solve(p)  # no bound: the optimum
        if best is None:
            continue
        raw = p.jt * p.jv
        found = pass_at(p, best.obj + raw)
        assert found is not None and found.obj == best.obj


def test_mv12_a_group_of_two_naturals_and_a_joker_counts_both_naturals() -> None:
    """MV-12: every combination holds at least two natural cards, a joker stands for a missing one.
    8♠ 8♥ and a joker make a group, so the bound leaves room for both eights (and solve lays them)."""
    rules = Rules(jokers=2)
    p = free_problem("[4H 5H 6H]", "8S 8H JK", rules)
    assert suffix.ceiling(p) == 2 * (SCALE + VALUES[8])
    answer = solve("[4H 5H 6H]", "8S 8H JK", rules)
    assert answer is not None and answer.count == 3


def test_mv12_a_natural_card_with_only_a_joker_beside_it_is_not_counted() -> None:
    """MV-12: a combination of one natural card and jokers is not valid (two naturals at least),
    so 8♠ with no spade beside it and no other eight adds nothing to the bound, and stays in hand."""
    rules = Rules(jokers=2)
    p = free_problem("[4H 5H 6H]", "8S JK", rules)
    assert suffix.ceiling(p) == 0
    answer = solve("[4H 5H 6H]", "8S JK", rules)  # the joker alone may still extend the run
    assert answer is not None and Card.parse("8S") not in answer.played
