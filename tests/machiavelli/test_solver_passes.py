"""The solver's pass schedule and the tables its passes share (issue 43, the second round):
each cheaper form is checked against the plain computation it replaces."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.machiavelli import _solver_core as core
from naipes.machiavelli import _solver_options as options
from naipes.machiavelli import _solver_prune as prune
from naipes.machiavelli import _solver_quick as quick
from naipes.machiavelli import solver as solver_module
from naipes.machiavelli._solver_tables import GK, GSTEP, JU, NRANKS, NSUITS, SCALE, SID_BITS, SW, group_table, run_table
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.solver import solve

SETTINGS = settings(deadline=None, max_examples=40, derandomize=True)


# ---------------------------------------------------------------- the schedule of bounds

def test_shortfalls_double_and_may_start_at_one_or_go_one_by_one() -> None:
    assert list(core._slacks(10)) == [0, 1, 3, 7, 10]
    assert list(core._slacks(10, close=True)) == [0, 1, 2, 3, 7, 10]
    assert list(core._slacks(10, start=1)) == [1, 3, 7, 10]
    assert list(core._slacks(10, close=True, start=1)) == [1, 2, 3, 7, 10]
    assert list(core._slacks(1, start=1)) == [1]  # no bound left: one pass with none


def _bounds_of_passes(table: str, hand: str, rules: Rules, monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    seen: list[int | None] = []
    run = core._pass

    def spy(p: core.Problem) -> core.Answer | None:
        if not p.free_jokers:
            seen.append(None if p.lb is None else (sum(map(sum, p.opt)) * SCALE - p.lb))
        return run(p)

    monkeypatch.setattr(core, "_pass", spy)
    monkeypatch.setattr(solver_module, "_PARTIAL_FLOOR", False)  # the schedule alone (see the end)
    solve(table, hand, rules)
    return seen


def test_the_search_starts_below_every_card_once_the_quick_layouts_failed(monkeypatch: pytest.MonkeyPatch) -> None:
    table, hand = "[AS 2S 3S 4S] [4C 5C 6C 7C 8C] [2S 2H 2D 2C] [5S 5H 5C]", "2H 6H 4S AD 6H 8D AC AH"
    bounds = _bounds_of_passes(table, hand, Rules(), monkeypatch)
    assert bounds[0] == SCALE + SCALE // 2  # "every card but one" first, not "every card"
    assert len(bounds) >= 2  # that pass failed: the hand does not go out


def test_three_decks_try_shortfalls_of_one_two_and_three_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    table, hand = "[AS AH AC] [5H 5D 5S 5C] [7C 7D 7H 7S] [6D 6H 6C 6S]", "3S AH 4S 2S 8H 2S 5S AC"
    bounds = _bounds_of_passes(table, hand, Rules(players=6), monkeypatch)
    assert bounds[:3] == [s * SCALE + SCALE // 2 for s in (1, 2, 3)]  # the doubling would skip 2


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), decks=st.sampled_from([2, 3]))
def test_the_schedule_keeps_the_optimum(seed: int, decks: int) -> None:
    """The passes (starting at "every card but one", one by one with three decks) against one pass
    without a bound, on the same problem."""
    rng = random.Random(seed)
    p = core.Problem(decks, 2)
    for r in range(NRANKS):
        for i in range(NSUITS):
            p.opt[r][i] = rng.choice([0, 0, 0, 1, 1, decks])
    q = _copy(p)
    p.skip_whole = 1
    got = core._best(p)
    want = _plain_best(q)
    assert (None if got is None else got.obj) == (None if want is None else want.obj)


def _copy(p: core.Problem) -> core.Problem:
    q = core.Problem(p.copies, p.mn)
    q.opt = [row[:] for row in p.opt]
    return q


def _plain_best(p: core.Problem) -> core.Answer | None:
    """The optimum by one pass without a bound."""
    prune.drop_unplayable(p)
    p.lb = None
    return core.solve(p)


# ---------------------------------------------------------------- the cheaper tables

def _drop_plain(p: core.Problem) -> None:
    """The plain form of drop_unplayable: test every cell until nothing changes."""
    grid = [[p.avail(r, i) for i in range(NSUITS)] for r in range(NRANKS + 1)]
    changed = True
    while changed:
        changed = False
        for r in range(1, NRANKS + 1):
            row = p.opt[r - 1]
            for s in range(NSUITS):
                if row[s] and not prune._placeable(grid, p.jokers, p.mn, r, s):
                    grid[r][s] -= row[s]
                    row[s] = 0
                    changed = True


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), jokers=st.integers(0, 4), mn=st.integers(1, 2))
def test_drop_unplayable_drops_what_the_plain_test_drops(seed: int, jokers: int, mn: int) -> None:
    rng = random.Random(seed)
    p = core.Problem(2, mn)
    p.jokers = jokers
    for r in range(NRANKS):
        for i in range(NSUITS):
            p.table[r][i] = rng.choice([0, 0, 0, 0, 1])
            p.opt[r][i] = rng.choice([0, 0, 1, 1, 2]) if not p.table[r][i] else rng.choice([0, 1])
    q = _copy(p)
    q.table, q.jokers = [row[:] for row in p.table], jokers
    prune.drop_unplayable(p)
    _drop_plain(q)
    assert p.opt == q.opt


def _allowed_plain(groups: object, caps: tuple[int, ...]) -> list[dict[int, tuple[int, ...]]]:
    ok = set(groups.jokers_for)  # type: ignore[attr-defined]
    allowed: list[dict[int, tuple[int, ...]]] = [{} for _ in range(NSUITS)]
    for i in range(NSUITS - 1, -1, -1):
        before: dict[int, list[int]] = {}
        for gk in ok:
            for g in range(caps[i] + 1):
                if gk >= GSTEP[g]:
                    before.setdefault(gk - GSTEP[g], []).append(g)
        allowed[i] = {gk: tuple(sorted(gs)) for gk, gs in before.items()}
        ok = set(before)
    return allowed


@pytest.mark.parametrize(("copies", "jokers", "mn", "free"), [(2, 0, 2, False), (3, 0, 2, False), (2, 4, 1, True)])
def test_allowed_demands_shared_by_suffix_are_the_plain_ones(copies: int, jokers: int, mn: int, free: bool) -> None:
    groups = group_table(copies, jokers, mn, free)
    every = list(itertools.product(range(copies + 1), repeat=NSUITS))
    random.Random(7).shuffle(every)  # suffixes met in any order
    for caps in every:
        assert options._compute_allowed(groups, caps) == _allowed_plain(groups, caps)


def _options_plain(p: core.Problem, runs: object, sid: int, r: int, i: int) -> tuple[tuple[options.Option, ...], ...]:
    """The options of one suit state as computed before they were shared by suits and values."""
    shift = i * SID_BITS
    t = p.table[r - 1][i]
    lo = t + p.must[r - 1][i]
    hi = lo + p.opt[r - 1][i]
    d = p.decl[r - 1][i]
    cap1 = min(p.avail(r + 1, i) + p.jokers, 9) if r < NRANKS else 0
    cap2 = min(p.avail(r + 2, i) + p.jokers, 9) if r < NRANKS - 1 else 0
    capn = sum(p.avail(q, i) for q in range(r + 1, min(NRANKS, r + 1 + p.jokers) + 1))
    a1, a2 = p.avail(r + 1, i), p.avail(r + 2, i)
    v = p.values[r]
    hv, jv = SCALE + v, p.jv
    short = runs.short  # type: ignore[attr-defined]
    lead = not p.free_jokers or r == NRANKS - 2
    free = p.free_jokers
    dw = 0 if free else d
    out: list[dict[int, options.Option]] = [{} for _ in range(4)]
    for n in range(hi, lo - 1, -1):
        for g in range(0, n + 1):
            bucket = out[g]
            for b in range(0, p.jokers + 1 if not free or n == hi else 1):
                for nsid, recipe in runs.transitions(sid, n - g, b, lead):  # type: ignore[attr-defined]
                    need1, need2, needn = short[nsid]
                    if need1 > cap1 or need2 > cap2 or needn > capn:
                        continue
                    delta = ((nsid - sid) << shift) + (b << JU) + (min(dw, n - t) << SW) + (GSTEP[g] << GK)
                    dx = (n + b) * v if p.xmode == 1 else int(n > t)
                    need = b + max(0, need1 - a1) + max(0, need2 - a2)
                    if need > p.jokers:
                        continue
                    best = bucket.get(delta)
                    if best is None or best[5] < n:
                        bucket[delta] = (delta, (n - t) * hv + b * jv, b, dx, nsid, n, g, recipe, need)
    return tuple(tuple(sorted(bucket.values(), key=lambda o: -o[5])) for bucket in out)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), jokers=st.integers(0, 2), free=st.booleans(), xmode=st.sampled_from([0, 1]))
def test_options_shared_by_suits_and_values_are_the_plain_ones(seed: int, jokers: int, free: bool, xmode: int) -> None:
    rng = random.Random(seed)
    p = core.Problem(2, 2)
    p.jokers, p.free_jokers, p.xmode = jokers, free, xmode
    for r in range(NRANKS):
        for i in range(NSUITS):
            p.table[r][i] = rng.choice([0, 0, 1])
            p.opt[r][i] = rng.choice([0, 1, 2 - p.table[r][i]])
    runs = run_table(2, free)
    sids = [0] + [runs.intern(s) for s in [(5,), (9,), (14,), (14, 5), (9, 9)]]
    steps = core._prepared(p)[4]  # the step ids: their parameters are computed once per id (issue 43, round 4)
    for r in range(1, NRANKS + 1):
        for i in range(NSUITS):
            step = steps[(r - 1) * NSUITS + i]
            for sid in sids:
                assert options._compute_options(p, runs, sid, r, i, step) == _options_plain(p, runs, sid, r, i)


# ---------------------------------------------------------------- the benchmark's positions

def _bench() -> object:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_solver.py"
    spec = importlib.util.spec_from_file_location("bench_solver_for_tests", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_drawn_table_of_one_or_two_cards_is_empty_not_an_endless_search() -> None:
    """The 1,500-position joker check once hung on its position 385: a table size of 1 or 2 drawn
    from a range, which no melds can fill (the search for them never ended)."""
    import threading

    bench = _bench()
    out: list[object] = []

    def draw() -> None:
        rng = random.Random(3)
        out.append([bench.random_position(rng, (1, 2), 5, 2, 4) for _ in range(10)])  # type: ignore[attr-defined]
        try:
            bench.random_table(rng, 2, 2, 0)  # type: ignore[attr-defined]
        except ValueError:
            out.append("refused")

    worker = threading.Thread(target=draw, daemon=True)
    worker.start()
    worker.join(timeout=20)
    assert len(out) == 2 and out[1] == "refused", "the draw did not end"
    assert all(table == [] and len(hand) == 5 for table, hand in out[0])  # type: ignore[attr-defined]


@pytest.fixture
def ran(monkeypatch: pytest.MonkeyPatch) -> list[core.Problem]:
    """The problems :func:`core.solve` is asked to solve while a test runs."""
    asked: list[core.Problem] = []
    run = core.solve

    def spy(p: core.Problem) -> core.Answer | None:
        asked.append(p)
        return run(p)

    monkeypatch.setattr(core, "solve", spy)
    return asked


def test_a_layout_of_fewer_than_60_natural_cards_repairs_at_most_two_left_over_cards(ran: list[core.Problem]) -> None:
    from naipes.machiavelli import _solver_quick as quick

    melds = [[(r, s, False) for r in range(lo, lo + 5)] for s in range(4) for lo in (1, 7)]  # 40 naturals
    melds += [[(13, s, False) for s in range(3)]] * 5  # 55 in all
    left = [[0] * NSUITS for _ in range(NRANKS + 1)]
    left[6][0] = left[6][1] = 1
    quick._repair(melds, left, 0, Rules(), None)
    assert ran, "two cards left over: repaired"
    ran.clear()
    left[6][2] = 1
    assert quick._repair(melds, left, 0, Rules(), None) is None
    assert not ran, "three cards left over among 55 natural cards: not tried"


def test_a_repair_with_many_jokers_on_a_large_table_has_half_the_states(monkeypatch: pytest.MonkeyPatch) -> None:
    from naipes.machiavelli import _solver_quick as quick

    caps: list[int | None] = []
    run = core.solve

    def spy(p: core.Problem) -> core.Answer | None:
        assert p.meter is not None
        caps.append(p.meter.nodes)
        return run(p)

    monkeypatch.setattr(core, "solve", spy)
    melds = [[(r, s, False) for r in range(lo, lo + 5)] for s in range(4) for lo in (1, 7)]  # 40 naturals
    melds += [[(13, s, False) for s in range(3)]] * 7  # 61 in all
    left = [[0] * NSUITS for _ in range(NRANKS + 1)]
    left[6][0] = 1
    quick._repair(melds, left, 2, Rules(jokers=4), None)
    assert caps and set(caps) == {quick._REPAIR_NODES}  # two jokers: the full budget
    caps.clear()
    quick._repair(melds, left, 3, Rules(jokers=4), None)
    assert caps and set(caps) == {quick._REPAIR_NODES_MANY} and quick._REPAIR_NODES_MANY < quick._REPAIR_NODES
    caps.clear()
    quick._repair(melds, left, 3, Rules(jokers=4), None, opening=True)
    assert caps and set(caps) == {quick._REPAIR_NODES}  # an unopened hand keeps the full budget


def test_a_layout_with_jokers_repairs_three_left_over_cards(ran: list[core.Problem]) -> None:
    """With jokers about half the repairs of three cards or more succeed (swap-rich 40/13): tried."""
    from naipes.machiavelli import _solver_quick as quick

    melds = [[(r, s, False) for r in range(lo, lo + 5)] for s in range(4) for lo in (1, 7)]
    melds += [[(13, s, False) for s in range(3)]] * 5  # 55 natural cards
    left = [[0] * NSUITS for _ in range(NRANKS + 1)]
    left[6][0] = left[6][1] = left[6][2] = 1
    quick._repair(melds, left, 1, Rules(jokers=2), None)  # a joker left over
    assert ran


# ---------------------------------------------------------------- the quick layout's attempt as a floor

#: 4 jokers 20/20 #39 of the benchmark (seed 2024): the quick layout of every card fails, and what it
#: laid (16 cards) is the optimum, while the table's melds extended by the hand lay 6.
ATTEMPT_TABLE = "[5S JK=5D 5C] [8H 8D 8S JK=8C] [QS JK=QC QH QD] [JK=7C 8C 9C 10C JC] [4S 5S 6S 7S]"
ATTEMPT_HAND = "6H 10H AS 3S 5H 10C AH 3D QD 4D 6D 8S 9H KH 3C 8D 4S 3S 2D 10H"


_PASS = core._pass


def _free_bounds(monkeypatch: pytest.MonkeyPatch, on: bool) -> tuple[list[int | None], int]:
    """The bounds of the search's free-joker passes on the position above, and its answer's count."""
    seen: list[int | None] = []
    run = _PASS

    def spy(p: core.Problem) -> core.Answer | None:
        if p.free_jokers and p.floor is not None:  # the search's passes, not the repair's
            seen.append(p.lb)
        return run(p)

    monkeypatch.setattr(core, "_pass", spy)
    monkeypatch.setattr(solver_module, "_PARTIAL_FLOOR", on)
    answer = solve(ATTEMPT_TABLE, ATTEMPT_HAND, Rules(jokers=4))
    assert answer is not None
    return seen, answer.count


def test_the_quick_layouts_attempt_bounds_the_search_from_below(monkeypatch: pytest.MonkeyPatch) -> None:
    pos = solver_module._Position(ATTEMPT_TABLE, ATTEMPT_HAND, Rules(jokers=4))
    extended = quick._extended(pos)
    assert quick._all_in(pos, False) is None and pos.attempt is not None
    known = solver_module._better_known(pos, extended)
    assert extended is not None and known is not None
    assert (extended.obj // SCALE, known.obj // SCALE) == (6, 16)
    floor = sum(n * (SCALE + min(r + 1, 10)) for r, row in enumerate(known.played) for n in row)
    with_attempt, count = _free_bounds(monkeypatch, True)
    without, count_without = _free_bounds(monkeypatch, False)
    assert count == count_without == 16  # the same optimum either way
    assert with_attempt[-1] == floor  # the pass that succeeds is bounded by the attempt's value
    assert floor not in without and min(b for b in without if b is not None) < floor  # looser without


#: 2+2 jokers 40/13 #37 of the benchmark (seed 2024): a 40-card table of two decks, 11 of 13 cards laid.
CLOSE_TABLE = ("[2D 3D 4D 5D 6D] [JH JK=JS JC] [10H JH QH] [3C 4C 5C 6C JK=7C] [4H 4D 4S] [6C 6H 6D 6S] [8D 8S 8H] "
               "[10D 10S 10C 10H] [AC AS AH] [KS KD KC KH] [JD QD KD]")
CLOSE_HAND = "JK 10C KS 3H 2C JK 8H 8C 7C 3S AS QD JC"


@pytest.mark.parametrize("close", [True, False])
def test_larger_joker_tables_try_shortfalls_one_by_one(close: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two decks, more than SMALL_TABLE natural cards: the free-joker targets go 0, 1, 2, 3 cards
    short (the doubling, 0, 1, 3, with ``FREE_CLOSE`` off); the optimum is the same either way."""
    targets: list[int] = []
    run = _PASS

    def spy(p: core.Problem) -> core.Answer | None:
        if p.free_jokers and p.floor is not None and p.lb is not None and p.lb % SCALE == SCALE // 2:
            if not targets or targets[-1] != p.lb:
                targets.append(p.lb)
        return run(p)

    monkeypatch.setattr(core, "_pass", spy)
    monkeypatch.setattr(core, "FREE_CLOSE", close)
    monkeypatch.setattr(solver_module, "_PARTIAL_FLOOR", False)
    answer = solve(CLOSE_TABLE, CLOSE_HAND, Rules(jokers=4))
    assert answer is not None and answer.count == 11  # 9 natural cards and both jokers
    steps = [(a - b) // SCALE for a, b in zip(targets, targets[1:])]  # cards between the targets
    assert steps[:2] == ([1, 1] if close else [1, 2])  # shortfalls 0, 1, 2 (0, 1, 3)
