"""The solver's budget, its quick layouts, and can_go_out / can_play against solve (issue 14).

Small positions only: the reference of ``test_solver`` (brute force) checks
every answer, and the pathological families of ``benchmarks/bench_solver.py
--worst`` appear here at a scale the reference can handle.
"""

from __future__ import annotations

import gc
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.errors import UsageError
from naipes.machiavelli import solver
from naipes.machiavelli._solver_budget import CHUNK, Meter, OutOfBudget, metered
from naipes.machiavelli._solver_quick import _repair_passes
from naipes.machiavelli.bots import SolverBot
from naipes.machiavelli.melds import Meld, card_value, parse_table
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.solver import Budget, can_go_out, can_play, solve

from .test_solver import CONFIGS, check_answer, random_position, reference, reference_can

SETTINGS = settings(deadline=None, max_examples=40, derandomize=True)
TABLE = "[4S 5S 6S 7S 8S 9S 10S] [JH JD JC] [2D 3D 4D]"
HAND = "7H 7D JS 2C 5D QH QD"


# ---------------------------------------------------------------- the budget


def test_no_budget_and_an_empty_budget_are_optimal() -> None:
    exact = solve(TABLE, HAND)
    assert exact is not None and exact.optimal
    assert solve(TABLE, HAND, budget=Budget()) == exact


def test_a_node_budget_gives_a_legal_play_marked_not_optimal() -> None:
    table = list(parse_table(TABLE))
    answer = solve(table, HAND, budget=Budget(nodes=0))
    exact = solve(table, HAND)
    assert answer is not None and exact is not None
    assert not answer.optimal and exact.optimal
    check_answer(table, answer, Rules())
    assert (answer.count, answer.value) <= (exact.count, exact.value)
    assert answer.count > 0


def test_a_node_budget_is_deterministic() -> None:
    rules = Rules(jokers=4)
    rng = random.Random(7)
    for _ in range(10):
        table, hand = random_position(rng, rules, melds=4, hand=9)
        answers = {repr(solve(table, hand, rules, budget=Budget(nodes=n))) for n in (40, 40, 40)}
        assert len(answers) == 1


def test_a_large_budget_changes_nothing() -> None:
    rules = Rules(jokers=2)
    rng = random.Random(3)
    for _ in range(15):
        table, hand = random_position(rng, rules, melds=3, hand=7, ranks=8)
        assert solve(table, hand, rules, budget=Budget(nodes=10**9, seconds=3600)) == solve(table, hand, rules)


def test_out_of_budget_before_the_opening_gives_the_quick_opening() -> None:
    # before the opening the quick layouts of the hand alone give a legal opening, if one is found
    rules = Rules(initial_meld_min=36)
    hand = "QH QS QD KH KS KD 2C"
    quick = solve("[4S 5S 6S]", hand, rules, opened=False, budget=Budget(nodes=0))
    assert quick is not None and not quick.optimal and quick.count == 6 and quick.value == 60
    check_answer(list(parse_table("[4S 5S 6S]")), quick, rules)
    best = solve("[4S 5S 6S]", hand, rules, opened=False)
    assert best is not None and best.count == 6 and best.optimal
    # nothing worth 36 in the hand: nothing known, nothing found
    assert solve("[4S 5S 6S]", "QH QS QD 2C", rules, opened=False, budget=Budget(nodes=0)) is None
    # a table given as cards is partitioned first (not metered), then extended
    answer = solve(Card.parse_many("4S 5S 6S JH JD JC"), "9H 9D 9C 2S", budget=Budget(nodes=0))
    assert answer is not None and answer.count == 3 and not answer.optimal


@pytest.mark.parametrize(
    "fields, code",
    [({"seconds": -1}, "out_of_range"), ({"nodes": 1.5}, "not_an_int"), ({"nodes": True}, "not_an_int"),
     ({"seconds": "1"}, "out_of_range"), ({"nodes": -3}, "out_of_range")],
)
def test_bad_budgets(fields: dict[str, object], code: str) -> None:
    with pytest.raises(UsageError) as info:
        Budget(**fields)  # type: ignore[arg-type]
    assert info.value.code == code


@pytest.mark.parametrize("name", ["two decks", "four jokers", "one natural"])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), nodes=st.integers(0, 300))
def test_budgeted_answers_are_legal_and_flagged(name: str, seed: int, nodes: int) -> None:
    rules, shape = CONFIGS[name]
    table, hand = random_position(random.Random(seed), rules, **shape)
    answer = solve(table, hand, rules, budget=Budget(nodes=nodes))
    best = reference(table, hand, rules)
    if answer is None:
        return
    check_answer(table, answer, rules)
    assert best is not None and (answer.count, answer.value) <= best
    if answer.optimal:
        assert (answer.count, answer.value) == best


@pytest.mark.parametrize("name", ["two decks", "four jokers", "three decks, jokers"])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_a_zero_second_budget_gives_the_quick_play(name: str, seed: int) -> None:
    # the deadline has passed at the first check: the answer is a quick layout (or the optimum it proves)
    rules, shape = CONFIGS[name]
    table, hand = random_position(random.Random(seed), rules, **shape)
    answer = solve(table, hand, rules, budget=Budget(seconds=0))
    best = reference(table, hand, rules)
    if answer is None:
        return
    check_answer(table, answer, rules)
    assert best is not None and (answer.count, answer.value) <= best
    assert not answer.optimal or (answer.count, answer.value) == best


def test_a_zero_second_budget_on_a_long_unopened_hand() -> None:
    rules = Rules(players=6, jokers=4, initial_meld_min=60)
    rng = random.Random(26)
    pool = [Card(r, s) for s in FRENCH_SUITS for r in range(1, 14)] * 3 + [JOKER] * 4
    for card in Card.parse_many("4S 5S 6S"):
        pool.remove(card)  # the table holds one copy
    rng.shuffle(pool)
    for size in (80, 100, 120):
        hand = pool[:size]
        answer = solve("[4S 5S 6S]", hand, rules, opened=False, budget=Budget(seconds=0))
        assert answer is not None and answer.count >= 3
        check_answer(list(parse_table("[4S 5S 6S]")), answer, rules)
        new = [m for m in answer.table if m not in parse_table("[4S 5S 6S]")]
        assert sum(card_value(c, rules) for m in new for c in m.cards) >= 60


def test_the_deadline_is_checked_inside_a_large_layer() -> None:
    meter = Meter(None, 0.0)
    layer = {k: 0 for k in range(3 * CHUNK)}
    with pytest.raises(OutOfBudget):
        for _ in metered(layer, meter):
            pass
    assert list(metered({1: 2}, meter)) == [(1, 2)]  # small layers are not checked
    side = Meter(100, None).sub(1_000)
    assert side.nodes == 100 and side.deadline is None


def test_a_node_budget_is_checked_inside_a_step_that_makes_many_states() -> None:
    meter = Meter(100, None)
    layer = {k: 0 for k in range(3 * CHUNK)}
    made: dict[int, int] = {}
    with pytest.raises(OutOfBudget):
        for key, obj in metered(layer, meter, made):
            made[key] = made[-key - 1] = obj  # two new states per state: past 100 by the second check
    assert len(made) == 2 * CHUNK
    assert list(metered(layer, Meter(None, None))) == list(layer.items())  # no limit: no check


def test_the_deadline_leaves_time_to_free_the_states_held() -> None:
    meter = Meter(None, 3600.0)
    meter.check()
    meter.live = 10**11  # freeing them would take longer than the hour left
    with pytest.raises(OutOfBudget):
        meter.check()
    meter.live = 0
    with pytest.raises(OutOfBudget):
        meter.check(ahead=7200.0)  # a sort that long cannot start


def test_the_work_of_the_exact_joker_step_counts_against_nodes() -> None:
    """A node budget runs out sooner when the exact-joker step looks at many options per state."""
    rules = Rules(jokers=4, initial_meld_min=30)
    hand = Card.parse_many("3S 4S 5S 6S 7H 8H 9H 9D 9C JK JK 2D 5C QH QS QD KC KH")
    answers = [solve("", hand, rules, opened=False, budget=Budget(nodes=n)) for n in (50, 50, 10**9)]
    assert answers[0] == answers[1]  # deterministic
    assert answers[2] is not None and answers[2].optimal


def test_a_repair_tries_few_jokers_then_every_joker() -> None:
    assert [_repair_passes(n) for n in range(5)] == [[0], [0, 1], [0, 1, 2], [0, 1, 3], [0, 1, 4]]


def test_the_collector_is_restored() -> None:
    assert gc.isenabled()
    solve(TABLE, HAND, Rules(jokers=2))
    assert gc.isenabled()
    gc.disable()
    try:
        solve(TABLE, HAND)
        assert not gc.isenabled()
    finally:
        gc.enable()



def test_can_play_runs_with_the_collector_paused_throughout(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its second program too (outside solve's own pause a collection could cost tens of ms)."""
    seen: list[bool] = []
    read = solver._read_hand

    def spying(cards: object) -> object:
        seen.append(gc.isenabled())
        return read(cards)  # type: ignore[arg-type]

    monkeypatch.setattr(solver, "_read_hand", spying)
    assert can_play("[4S 5S 6S] [8H 8D 8C]", "7S 8S 2C", "7S 8S")
    assert seen and not any(seen)
    assert gc.isenabled()

def test_solver_bot_takes_a_budget() -> None:
    assert SolverBot().budget == SolverBot.DEFAULT_BUDGET
    assert repr(SolverBot()) == "SolverBot()"
    bot = SolverBot(budget=Budget(nodes=0))
    assert repr(bot) == "SolverBot(budget=Budget(seconds=None, nodes=0))"


# ---------------------------------------------------------------- can_go_out / can_play against solve


@pytest.mark.parametrize("name", sorted(CONFIGS))
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_can_go_out_and_can_play_agree_with_solve(name: str, seed: int, data: st.DataObject) -> None:
    rules, shape = CONFIGS[name]
    table, hand = random_position(random.Random(seed), rules, **{**shape, "hand": 5})
    best = solve(table, hand, rules)
    out = can_go_out(table, hand, rules)
    assert out == (bool(hand) and best is not None and best.count == len(hand))
    if best is not None and best.played:
        assert can_play(table, hand, best.played, rules)
    if hand:
        chosen = data.draw(st.lists(st.sampled_from(range(len(hand))), unique=True, min_size=1))
        cards = [hand[i] for i in chosen]
        assert can_play(table, hand, cards, rules) == reference_can(table, hand, cards, rules)


@pytest.mark.parametrize("name", sorted(CONFIGS))
@settings(deadline=None, max_examples=20, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_can_go_out_falls_back_to_solve(name: str, seed: int) -> None:
    """With no room for its own pass, can_go_out answers by solve's search, and agrees with it."""
    rules, shape = CONFIGS[name]
    table, hand = random_position(random.Random(seed), rules, **{**shape, "hand": 5})
    best = solve(table, hand, rules)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solver, "_MUST_NODES", 0)
        out = can_go_out(table, hand, rules)
    assert out == (bool(hand) and best is not None and best.count == len(hand))
    assert out == can_go_out(table, hand, rules)


# ---------------------------------------------------------------- the pathological families, small


def _everything(rules: Rules, ranks: int, table_melds: int, rng: random.Random) -> tuple[list[Meld], list[Card]]:
    """Every card of ``ranks`` ranks and every joker: some as table melds (jokers declared), the rest in hand."""
    table, _ = random_position(rng, rules, melds=table_melds, hand=0, ranks=ranks)
    pool = Counter({Card(r, s): rules.num_decks for s in FRENCH_SUITS for r in range(1, ranks + 1)})
    pool -= Counter(c for m in table for c in m.naturals)
    hand = list(pool.elements()) + [JOKER] * (rules.jokers - sum(len(m.jokers) for m in table))
    rng.shuffle(hand)
    return table, hand


@pytest.mark.parametrize(
    "rules",
    [Rules(players=6, jokers=4), Rules(players=6, jokers=4, min_natural_per_combination=1), Rules(jokers=4)],
    ids=["three decks", "three decks, one natural", "two decks"],
)
@settings(deadline=None, max_examples=15, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_whole_deck_with_jokers(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    table, hand = _everything(rules, 4, 2, rng)
    hand = hand[: 9 + seed % 4]
    answer = solve(table, hand, rules)
    assert (None if answer is None else (answer.count, answer.value)) == reference(table, hand, rules)
    assert can_go_out(table, hand, rules) == reference_can(table, hand, hand, rules, keep=False)
    if answer is not None:
        check_answer(table, answer, rules)


@settings(deadline=None, max_examples=25, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_swap_rich_positions(seed: int) -> None:
    """Every joker on the table and the hand holding their declared cards."""
    rules = Rules(jokers=4)
    rng = random.Random(seed)
    table, _ = random_position(rng, rules, melds=4, hand=0, ranks=6)
    declared = [c for m in table for c in m.declared]
    pool = Counter({Card(r, s): 2 for s in FRENCH_SUITS for r in range(1, 7)}) - Counter(
        c for m in table for c in m.naturals
    )
    hand = []
    for card in declared[:3]:
        if pool[card]:
            pool[card] -= 1
            hand.append(card)
    rest = list(pool.elements())
    rng.shuffle(rest)
    hand += rest[:3]
    answer = solve(table, hand, rules)
    assert (None if answer is None else (answer.count, answer.value)) == reference(table, hand, rules)
    assert can_go_out(table, hand, rules) == (bool(hand) and reference_can(table, hand, hand, rules, keep=False))
    for k in range(1, len(hand) + 1):
        assert can_play(table, hand, hand[:k], rules) == reference_can(table, hand, hand[:k], rules)


def test_a_card_reached_through_two_jokers_is_not_isolated() -> None:
    rules = Rules(jokers=4)
    assert can_go_out("[9C 10C JK=JC JK=QC]", "KC", rules)
    assert can_go_out("[9C 10C JK=JC JK=QC] [5H 5S 5D]", "KC JK", rules)
    assert not can_go_out("[9C 10C JK=JC JK=QC]", "KC 2H", rules)


def test_whole_decks_go_out_at_once() -> None:
    every = [Card(r, s) for s in FRENCH_SUITS for r in range(1, 14)]
    answer = solve("", every * 3, Rules(players=6))
    assert answer is not None and answer.count == 156 and answer.optimal
    assert can_go_out("", every * 3, Rules(players=6))
    table = "[JK=AS 2S 3S] [KH KD JK=KC]"
    hand = [c for c in every * 2 if c not in (Card.parse("2S"), Card.parse("3S"), Card.parse("KH"), Card.parse("KD"))]
    hand += [Card.parse("2S"), Card.parse("3S"), Card.parse("KH"), Card.parse("KD"), JOKER, JOKER]
    rules = Rules(jokers=4)
    answer = solve(table, hand, rules)
    assert answer is not None and answer.count == len(hand)
    check_answer(list(parse_table(table)), answer, rules)
