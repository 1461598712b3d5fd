"""The solver's shared run tables (naipes.machiavelli._solver_tables): ids stay consistent with
threads and after an interrupted call."""

from __future__ import annotations

import itertools
import time

import pytest

from naipes.machiavelli._solver_tables import RunTable
from naipes.testing import run_in_threads


def _states(count: int) -> list[tuple[int, ...]]:
    """Distinct sorted suit states (run codes of mn=2 tables), ``count`` of them."""
    codes = (5, 9, 10, 14, 18)
    out: list[tuple[int, ...]] = []
    for size in range(1, 6):
        for combo in itertools.combinations_with_replacement(codes, size):
            out.append(tuple(sorted(combo, reverse=True)))
    return out[:count]


def _consistent(runs: RunTable) -> None:
    assert len(runs.states) == len(runs.closable) == len(runs.short) == len(runs.weight)
    for state, sid in runs.ids.items():
        assert runs.states[sid] == state
        assert runs.closable[sid] == all(runs.complete(c) for c in state)
    assert len(set(runs.ids.values())) == len(runs.ids)


class _Yielding(RunTable):
    """A run table whose threads give way in the middle of their work (as a switch could)."""

    def complete(self, code: int) -> bool:
        time.sleep(0)
        return super().complete(code)


def test_threads_interning_the_same_states_get_one_id_each() -> None:
    runs = _Yielding(2, True)
    states = _states(200)

    def work(offset: int) -> list[tuple[tuple[int, ...], int]]:
        order = states[offset * 25:] + states[:offset * 25]
        return [(state, runs.intern(state)) for state in order]

    found = run_in_threads(work, range(8))  # released at once, switching as often as it can
    _consistent(runs)
    assert len(runs.ids) == len(states) + 1  # the empty state is there from the start
    assert len(found) == 8
    for pairs in found:  # every thread was answered the id that the table keeps
        assert all(runs.ids[state] == sid for state, sid in pairs)


@pytest.mark.parametrize("written", [1, 2, 3])
def test_an_interrupted_intern_leaves_no_misplaced_id(written: int) -> None:
    """A call stopped after ``written`` of the four per-state lists were appended to (as a timer
    signal could): the next call drops the partial write, and every id still reads its own state."""
    runs = RunTable(2, False)
    first, second = _states(2)
    sid = runs.intern(first)
    for table, value in list(zip((runs.states, runs.closable, runs.short), ((9,), False, (1, 1, 1))))[:written]:
        table.append(value)  # type: ignore[attr-defined]
    other = runs.intern(second)
    _consistent(runs)
    assert (sid, other) == (1, 2)
    assert runs.states[other] == second


_PAIRS = [(x, y) for x in _states(60) for y in _states(60)]


@pytest.mark.parametrize("free", [False, True])
def test_a_state_that_dominates_another_weighs_more(free: bool) -> None:
    """The transitions are pruned by weight first: only a heavier state may dominate."""
    runs = RunTable(2, free)
    pending = [(18, 16), (17, 9), (16,)] if free else []
    states = _states(60) + [tuple(sorted(s, reverse=True)) for s in pending]
    dominated = 0
    for x in states:
        for y in states:
            if x != y and runs._dominates(x, y):
                dominated += 1
                assert sum(8 + c % 4 if c >= 16 else c for c in x) > sum(8 + c % 4 if c >= 16 else c for c in y)
    assert dominated > 100  # the check saw many dominations


@pytest.mark.parametrize("free", [False, True])
@pytest.mark.parametrize("lead", [False, True])
def test_transitions_keep_exactly_the_undominated_states(free: bool, lead: bool) -> None:
    """Every kept result is undominated among all the results, and every dropped one is dominated
    by a kept one (checked against the quadratic definition)."""
    runs = RunTable(2, free)
    for state in _states(40):
        for a, b in itertools.product(range(4), range(3)):
            kept = [runs.states[sid] for sid, _ in runs.transitions(runs.intern(state), a, b, lead)]
            assert kept == sorted(kept, reverse=True)
            for s in kept:
                assert not any(o != s and runs._dominates(o, s) for o in kept)
            everything = _all_results(runs, state, a, b, lead)
            assert set(kept) <= everything
            for s in everything - set(kept):
                assert any(runs._dominates(o, s) for o in kept), (state, a, b, s)


def _all_results(runs: RunTable, state: tuple[int, ...], a: int, b: int, lead: bool) -> set[tuple[int, ...]]:
    """Every suit state the cards may make, dominated or not (the enumeration of ``_compute``)."""
    out = set()
    choices = [(0, 1, 2) if runs.complete(c) else (0, 1) for c in state]
    for actions in itertools.product(*choices):
        new_nat, new_jok = a - actions.count(0), b - actions.count(1)
        if new_nat < 0 or new_jok < 0 or (new_jok and not lead) or ((new_nat or new_jok) and 2 in actions):
            continue
        codes = [runs.step(c, act == 1) for c, act in zip(state, actions) if act != 2]
        codes += [4 + min(1, runs.mn)] * new_nat + [4] * new_jok
        out.add(tuple(sorted(codes, reverse=True)))
    return out
