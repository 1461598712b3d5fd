"""The cheaper forms of issue 43's seventh round, each checked against the plain computation it
replaces: the dominance pass with full groups read by bits, the options' raw shapes, the step
keys' sums of the next ranks' cards, and the preps kept per joker count."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.machiavelli import _solver_core as core
from naipes.machiavelli import _solver_dominance as dominance
from naipes.machiavelli import _solver_options as options
from naipes.machiavelli._solver_tables import (
    GK,
    GSTEP,
    JU,
    NRANKS,
    NSUITS,
    SID_BITS,
    SID_MASK,
    SW,
    RunTable,
    run_table,
)
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.solver import solve

from .test_solver import random_position

SETTINGS = settings(deadline=None, max_examples=30, derandomize=True)


def plain_pass_over_best(runs: RunTable, layer: dict[int, int], free_jokers: bool) -> dict[int, int]:
    """The pass over the best states as it was: every state scanned against the kept states."""
    weight, m = runs.weight, SID_MASK

    def order(kv: tuple[int, int]) -> int:
        key = kv[0]
        heavy = sum(weight[(key >> (s * SID_BITS)) & m] for s in range(4))
        return (-kv[1] << 15) + ((2047 - heavy) << 4) + ((key >> JU) & 15)

    kept: dict[int, list[tuple[int, ...]]] = {}
    out: dict[int, int] = {}
    for key, obj in sorted(layer.items(), key=order):
        sids = tuple((key >> (s * SID_BITS)) & m for s in range(4))
        ju = (key >> JU) & 15
        group = kept.setdefault(key >> SW if free_jokers else key >> JU, [])
        if any((kju == ju or (free_jokers and kju < ju)) and all(runs.dominates(k, s) for k, s in zip(ks, sids))
               for *ks, kju in group):
            continue
        if len(group) < dominance.DOMINATORS:
            group.append((*sids, ju))
        out[key] = obj
    return out


@pytest.fixture(scope="module")
def layers() -> list[tuple[RunTable, dict[int, int], bool]]:
    """The layers the pass sees in solves of rich positions (four jokers, long hands)."""
    seen: list[tuple[RunTable, dict[int, int], bool]] = []
    original = dominance._pass_over_best

    def recorded(runs: RunTable, layer: dict[int, int], free: bool, meter: Any = None) -> dict[int, int]:
        seen.append((runs, dict(layer), free))
        return original(runs, layer, free, meter)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dominance, "_pass_over_best", recorded)
        for rules, hand in ((Rules(jokers=4), 16), (Rules(), 24)):
            for seed in range(6):
                solve(*random_position(random.Random(seed), rules, melds=6, hand=hand), rules)
    return seen


def test_the_pass_drops_exactly_the_states_the_plain_scan_drops(layers: list[Any],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    fulls: list[bool] = []
    original = dominance._full_group
    monkeypatch.setattr(dominance, "_full_group", lambda kept, free: fulls.append(free) or original(kept, free))
    for runs, layer, free in layers:
        assert list(dominance._pass_over_best(runs, layer, free).items()) == list(
            plain_pass_over_best(runs, layer, free).items())  # the same states, in the same order
    assert len(fulls) >= 5  # groups filled: the bits were read (without free jokers: see below)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), free=st.booleans(), groups=st.integers(1, 3), size=st.integers(50, 400))
def test_random_layers_with_full_groups(seed: int, free: bool, groups: int, size: int) -> None:
    """Random layers over the suit states of a run table: few groups, so they fill."""
    _check_random_layer(seed, free, groups, size)


@pytest.mark.parametrize("free", [False, True])
def test_a_random_layer_fills_its_group(free: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    fulls: list[bool] = []
    original = dominance._full_group
    monkeypatch.setattr(dominance, "_full_group", lambda kept, free: fulls.append(free) or original(kept, free))
    _check_random_layer(7, free, 1, 600)
    assert fulls and all(f == free for f in fulls)  # without free jokers, one group per jokers used


def _check_random_layer(seed: int, free: bool, groups: int, size: int) -> None:
    rng = random.Random(seed)
    runs = run_table(2, free)
    for sid in range(60):  # intern a few dozen suit states (those the transitions reach)
        for a in range(3):
            runs.transitions(sid % len(runs.weight), a, rng.randint(0, 1), True)
    sids = range(min(len(runs.weight), 80))
    layer: dict[int, int] = {}
    for _ in range(size):
        key = sum(rng.choice(sids) << (s * SID_BITS) for s in range(4)) + (rng.randint(0, 3) << JU)
        key += rng.randrange(groups) << GK
        layer[key] = rng.randint(0, 5)
    assert list(dominance._pass_over_best(runs, layer, free).items()) == list(
        plain_pass_over_best(runs, layer, free).items())


def plain_option_shapes(runs: RunTable, sid: int, t: int, lo: int, hi: int, dw: int, jokers: int, free: bool,
                        lead: bool, cap1: int, cap2: int, capn: int, a1: int, a2: int) -> tuple[Any, ...]:
    """The options' shapes as they were computed: every transition filtered as it is made."""
    out: list[dict[tuple[int, int], Any]] = [{} for _ in range(4)]
    for n in range(hi, lo - 1, -1):
        for g in range(0, n + 1):
            for b in range(0, jokers + 1 if not free or n == hi else 1):
                for nsid, recipe in runs.transitions(sid, n - g, b, lead):
                    need1, need2, needn = runs.short[nsid]
                    if need1 > cap1 or need2 > cap2 or needn > capn:
                        continue
                    need = b + max(0, need1 - a1) + max(0, need2 - a2)
                    if need > jokers:
                        continue
                    rest = (b << JU) + (min(dw, n - t) << SW) + (GSTEP[g] << GK)
                    best = out[g].get((nsid, rest))
                    if best is None or best[4] < n:
                        out[g][(nsid, rest)] = (nsid - sid, rest, b, nsid, n, recipe, need)
    return tuple(tuple(sorted(bucket.values(), key=lambda o: -o[4])) for bucket in out)


@settings(deadline=None, max_examples=200, derandomize=True)
@given(data=st.data(), free=st.booleans(), lead=st.booleans(), mn=st.sampled_from([1, 2]))
def test_the_shapes_from_raw_shapes_are_the_plain_ones(data: st.DataObject, free: bool, lead: bool, mn: int) -> None:
    runs = run_table(mn, free)
    for a in range(4):  # a few suit states to start from
        runs.transitions(0, a, 0, True)
    sid = data.draw(st.integers(0, 10**6)) % len(runs.weight)  # the table grows: a stable draw
    t = data.draw(st.integers(0, 2))
    lo = t + data.draw(st.integers(0, 1))
    hi = min(3, lo + data.draw(st.integers(0, 2)))
    jokers = data.draw(st.integers(0, 4))
    caps = [data.draw(st.integers(0, 9)) for _ in range(3)]
    avail = [data.draw(st.integers(0, 3)) for _ in range(2)]
    dw = 0 if free else data.draw(st.integers(0, 2))
    args = (runs, sid, t, lo, hi, dw, jokers, free, lead, *caps, *avail)
    assert options._option_shapes(*args) == plain_option_shapes(*args)


def test_the_raw_shapes_are_shared_by_steps_that_differ_in_the_next_cards() -> None:
    runs = run_table(2, True)
    options._RAW.clear()
    first = options._option_shapes(runs, 0, 1, 1, 3, 0, 2, True, True, 9, 9, 9, 3, 3)
    second = options._option_shapes(runs, 0, 1, 1, 3, 0, 2, True, True, 1, 0, 1, 1, 0)
    assert len(options._RAW) == 1  # one raw computation for both
    assert sum(map(len, second)) < sum(map(len, first))  # the caps filtered some out


@settings(deadline=None, max_examples=12, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), jokers=st.sampled_from([0, 2, 4]))
def test_solve_gives_the_same_plays_with_the_plain_forms(seed: int, jokers: int) -> None:
    """The same play, card for card and meld for meld, as with the plain computations (memos cleared)."""
    rules = Rules(jokers=jokers)
    table, hand = random_position(random.Random(seed), rules, melds=6, hand=14)
    for memo in (options._OPTIONS, options._SHAPES, options._RAW):
        memo.clear()
    cheaper = solve(table, hand, rules)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dominance, "_pass_over_best", lambda runs, layer, free, meter=None:
                      plain_pass_over_best(runs, layer, free))
        patch.setattr(options, "_option_shapes", plain_option_shapes)
        for memo in (options._OPTIONS, options._SHAPES):
            memo.clear()
        plain = solve(table, hand, rules)
        for memo in (options._OPTIONS, options._SHAPES):
            memo.clear()
    assert repr(cheaper) == repr(plain)


def _problem(seed: int, jokers: int) -> core.Problem:
    rng = random.Random(seed)
    p = core.Problem(2, 2)
    for r in range(NRANKS):
        for s in range(NSUITS):
            p.table[r][s] = rng.choice((0, 0, 1, 2))
            p.opt[r][s] = rng.choice((0, 0, 0, 1)) if p.table[r][s] < 2 else 0
    p.jokers = jokers
    return p


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), jokers=st.integers(0, 6))
def test_the_step_keys_count_the_next_ranks_cards_as_the_plain_sums(seed: int, jokers: int) -> None:
    p = _problem(seed, jokers)
    keys: list[tuple[int, ...]] = []

    class Recording(dict):  # type: ignore[type-arg]
        def get(self, key: Any, default: Any = None) -> Any:
            keys.append(key)
            return 1

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(options, "_STEPS", Recording())
        core._prepared(p)
    assert len(keys) == NRANKS * NSUITS
    for idx, key in enumerate(keys):
        r, i = divmod(idx, NSUITS)
        r += 1
        if jokers and r < NRANKS:  # the last field: the cards of the ranks r + 1 .. r + 1 + jokers, at most 9
            plain = min(sum(p.avail(q, i) for q in range(r + 1, min(NRANKS, r + 1 + jokers) + 1)), 9)
            assert key[-1] == plain


def test_a_problem_keeps_the_prep_of_each_joker_count_until_its_cards_change() -> None:
    p = _problem(3, 4)
    preps = {}
    for p.jokers in (0, 1, 4):
        preps[p.jokers] = core._prepared(p)
    for p.jokers in (0, 1, 4):  # the free-joker search goes through the counts again at each target
        assert core._prepared(p) is preps[p.jokers]
    p.prep = None  # the cards changed (drop_unplayable, a mirrored copy): every prep forgotten
    p.jokers = 1
    assert core._prepared(p) is not preps[1]
    p.jokers = 0
    assert core._prepared(p) is not preps[0]
