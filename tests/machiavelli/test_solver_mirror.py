"""The solver read from the king down (naipes.machiavelli._solver_mirror): the same optimum either way."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from naipes.machiavelli import _solver_core as core
from naipes.machiavelli import _solver_mirror as mirror
from naipes.machiavelli._solver_tables import MIRRORED_VALUES, VALUES
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.solver import Budget, solve

from .test_solver import CONFIGS, check_answer, random_position, reference

_SETTINGS = settings(deadline=None, max_examples=20, derandomize=True,
                     suppress_health_check=[HealthCheck.function_scoped_fixture])


def _problem(cards: dict[tuple[int, int], int]) -> core.Problem:
    p = core.Problem(2, 2)
    for (rank, suit), n in cards.items():
        p.opt[rank - 1][suit] = n
    return p


def test_low_cards_are_read_from_the_king_down() -> None:
    assert mirror.mirror_first(_problem({(1, 0): 2, (2, 0): 1, (12, 1): 1}))
    assert not mirror.mirror_first(_problem({(13, 0): 2, (12, 0): 1, (2, 1): 1}))
    assert mirror.moment_first(_problem({(1, 0): 2, (2, 0): 1, (12, 1): 1}))
    assert not mirror.moment_first(_problem({(13, 0): 2, (12, 0): 1, (2, 1): 1}))
    assert not mirror.moment_first(_problem({}))
    # no card: the constant alone, outside the margin (else the moment rule: ace to king)
    assert mirror.mirror_first(_problem({})) == (mirror.DIRECTION_WEIGHTS[-1] < -mirror.MARGIN)


def test_scores_within_the_margin_leave_the_choice_to_the_moment(monkeypatch: pytest.MonkeyPatch) -> None:
    p = _problem({(1, 0): 2, (2, 0): 1, (12, 1): 1})
    monkeypatch.setattr(mirror, "DIRECTION_WEIGHTS", (0.0,) * 12 + (0.05,))
    assert mirror.mirror_first(p) == mirror.moment_first(p) is True
    monkeypatch.setattr(mirror, "DIRECTION_WEIGHTS", (0.0,) * 12 + (0.5,))
    assert not mirror.mirror_first(p)


def test_a_mirrored_problem_reverses_the_ranks_and_keeps_each_rank_its_value() -> None:
    p = _problem({(1, 0): 2, (11, 3): 1})
    p.table[4][2] = 1
    q = mirror.copied(p, True)
    assert q.opt[12][0] == 2 and q.opt[2][3] == 1 and q.table[8][2] == 1
    assert q.values is MIRRORED_VALUES and q.values[13] == 1 and q.values[1] == 10  # the ace, the king
    assert mirror.copied(q, True).values is VALUES
    assert p.opt[0][0] == 2 and p.values is VALUES  # the original is untouched
    plain = mirror.copied(p, False)
    assert plain.opt == p.opt and plain.opt is not p.opt


def test_unmirrored_runs_ascend_and_groups_stay() -> None:
    answer = core.Answer(7, [[0] * 4 for _ in range(13)], 1,
                         [[(11, 0, False), (12, 0, True), (13, 0, False)], [(9, 0, False), (9, 1, False), (9, 2, True)]])
    answer.played[12][0] = 1
    back = mirror.unmirrored(answer)
    assert back.melds == [[(1, 0, False), (2, 0, True), (3, 0, False)], [(5, 0, False), (5, 1, False), (5, 2, True)]]
    assert back.played[0][0] == 1 and back.obj == 7 and back.jokers == 1


@pytest.mark.parametrize("flip", [False, True])
@pytest.mark.parametrize("name", ["two decks", "two jokers", "four jokers", "one natural", "three decks, jokers"])
@_SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_either_way_is_optimal(name: str, flip: bool, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mirror, "mirror_first", lambda p: flip)
    monkeypatch.setattr(mirror, "RACE_FROM", 0)  # natural-only problems too
    rules, shape = CONFIGS[name]
    table, hand = random_position(random.Random(seed), rules, **{**shape, "ranks": 13})
    answer = solve(table, hand, rules)
    assert (None if answer is None else (answer.count, answer.value)) == reference(table, hand, rules)
    if answer is not None:
        check_answer(table, answer, rules)


def test_the_race_changes_way_under_a_tiny_cap_and_changes_no_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Rules(jokers=4)
    positions = [random_position(random.Random(seed), rules, melds=6, hand=13) for seed in range(10)]
    plain = [solve(table, hand, rules) for table, hand in positions]
    turns: list[bool] = []
    original = mirror.copied

    def recorded(p: core.Problem, flip: bool) -> core.Problem:
        turns.append(flip)
        return original(p, flip)

    monkeypatch.setattr(mirror, "FIRST_CAP", 50)
    monkeypatch.setattr(mirror, "copied", recorded)
    for (table, hand), answer in zip(positions, plain):
        raced = solve(table, hand, rules)
        assert (raced is None) == (answer is None)
        if raced is not None and answer is not None:
            assert (raced.count, raced.value) == (answer.count, answer.value)
            check_answer(table, raced, rules)
    assert True in turns and False in turns  # both ways ran


def test_small_problems_without_jokers_run_ace_to_king_only(monkeypatch: pytest.MonkeyPatch) -> None:
    ways: list[bool] = []
    original = mirror.copied

    def recorded(p: core.Problem, flip: bool) -> core.Problem:
        ways.append(flip)
        return original(p, flip)

    monkeypatch.setattr(mirror, "copied", recorded)
    low = {(1, 0): 1, (2, 0): 1, (3, 0): 1, (1, 1): 1}
    assert core.best(_problem(low)) is not None
    assert ways == []
    with_joker = _problem(low)
    with_joker.jokers = 1
    assert core.best(with_joker) is not None
    assert ways[0] is True  # jokers: the race, low cards read from the king down


def test_a_node_budget_still_stops_the_race_and_is_deterministic() -> None:
    rules = Rules(jokers=4)
    table, hand = random_position(random.Random(3), rules, melds=8, hand=15)
    first = solve(table, hand, rules, budget=Budget(nodes=3_000))
    again = solve(table, hand, rules, budget=Budget(nodes=3_000))
    assert first == again
    full = solve(table, hand, rules)
    assert full is not None and full.optimal
    if first is not None:
        assert (first.count, first.value) <= (full.count, full.value)


def test_the_chooser_reads_a_mirrored_problem_negated_and_is_deterministic() -> None:
    rules = Rules(jokers=4)
    chosen = []
    for seed in range(20):
        p = _problem({(1 + seed % 5, 0): 2, (2 + seed % 7, 1): 1, (13 - seed % 4, 2): 1, (12, 3): seed % 3})
        p.table[seed % 13][seed % 4] = 1
        q = mirror.copied(p, True)
        assert mirror.features(q) == [-x for x in mirror.features(p)]
        assert mirror.mirror_first(p) == mirror.mirror_first(mirror.copied(p, False))
        chosen.append(mirror.mirror_first(p))
    assert True in chosen and False in chosen
    assert len(mirror.DIRECTION_WEIGHTS) == len(mirror.features(core.Problem(2, 2))) + 1
    table, hand = random_position(random.Random(5), rules, melds=6, hand=13)
    assert solve(table, hand, rules) == solve(table, hand, rules)


@pytest.mark.parametrize("seed", range(6))
def test_solve_answers_the_same_whichever_way_the_chooser_picks(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = Rules(jokers=4)
    table, hand = random_position(random.Random(100 + seed), rules, melds=5 + seed % 3, hand=13 + seed)
    answers = []
    for flip in (False, True):
        monkeypatch.setattr(mirror, "mirror_first", lambda p, flip=flip: flip)
        answer = solve(table, hand, rules)
        answers.append(None if answer is None else (answer.count, answer.value, answer.optimal))
        if answer is not None:
            check_answer(table, answer, rules)
    monkeypatch.undo()
    chosen = solve(table, hand, rules)
    assert answers[0] == answers[1] == (None if chosen is None else (chosen.count, chosen.value, chosen.optimal))
