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
