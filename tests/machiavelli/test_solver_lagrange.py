"""The λ-priced joker bound of the Machiavelli solver (issue 43): a valid upper bound, tight on
known cases, the refutation of can_go_out / can_play exact, and joker positions agreeing with
rummikub-solver (when the ``bench`` extra is installed)."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.machiavelli import _solver_core as core
from naipes.machiavelli import _solver_lagrange as lagrange
from naipes.machiavelli import solver as solver_module
from naipes.machiavelli._solver_quick import _fill, _jokers
from naipes.machiavelli._solver_tables import SCALE
from naipes.machiavelli.melds import Meld
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.solver import _Position, can_go_out, can_play, solve

from .test_solver import random_position, reference, reference_can


def free_problem(table: list[Meld] | str, hand: list[Card] | str, rules: Rules) -> core.Problem:
    """The free-joker relaxation that ``solve``'s search poses for a position."""
    pos = _Position(table, hand, rules)
    p = pos.problem(opening=False)
    _fill(p.opt, [c for c in pos.hand if c is not JOKER])
    p.jokers += _jokers(pos.hand)
    p.free_jokers = True
    core.drop_unplayable(p)
    return p


def relaxed_optimum(p: core.Problem, jokers: int) -> int | None:
    """The relaxation's optimum (naturals objective) with at most ``jokers`` jokers, by the program."""
    q = copy.copy(p)
    q.jokers = jokers
    q.prep = None
    answer = core.best(q)
    return None if answer is None else answer.obj


def natural_objective(count_value: tuple[int, int] | None, hand: list[Card], jokers_in_hand: int,
                      rules: Rules) -> int:
    """A lower estimate of the naturals objective of the best play: its cards less the jokers."""
    if count_value is None:
        return 0
    count, value = count_value
    jokers = min(jokers_in_hand, count)
    return (count - jokers) * SCALE + value - jokers * rules.joker_penalty


CONFIGS = {
    "two jokers": (Rules(jokers=2), dict(melds=2, hand=6, ranks=6)),
    "four jokers": (Rules(jokers=4), dict(melds=2, hand=6, ranks=6)),
    "one natural": (Rules(jokers=4, min_natural_per_combination=1), dict(melds=2, hand=5, ranks=5)),
    "three decks": (Rules(players=6, jokers=2), dict(melds=2, hand=6, ranks=5)),
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
@settings(deadline=None, max_examples=40, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_bound_is_above_every_optimum(name: str, seed: int) -> None:
    """For every joker count k, the bound is at least the relaxation's optimum with k jokers, which
    is at least the naturals of the exact best play (brute force)."""
    rules, shape = CONFIGS[name]
    table, hand = random_position(random.Random(seed), rules, **shape)
    p = free_problem(table, hand, rules)
    bounds = lagrange.bound(p)
    if bounds is None:
        assert relaxed_optimum(p, p.jokers) is None
        return
    assert len(bounds) == p.jokers + 1
    for k, ceiling in enumerate(bounds):
        best = relaxed_optimum(p, k)
        assert best is None or best <= ceiling, (k, best, ceiling)
    exact = reference(table, hand, rules)
    if exact is not None and hand.count(JOKER) == 0:
        # no joker in hand: every card played is a natural card of the hand
        assert exact[0] * SCALE + exact[1] <= bounds[-1] or exact[0] <= 0


@pytest.mark.parametrize(
    ("table", "hand", "jokers"),
    [
        ("[4S 5S 6S]", "JK 8S 9S", 2),  # one joker fills the 7: both cards
        ("[4S 5S 6S] [8H 8D 8C]", "JK 2C 3C 9D", 2),  # a run of two naturals and the joker
        ("[10H JH QH]", "JK JK 5D 9C", 2),  # two jokers, no natural fits: nothing
    ],
)
def test_the_bound_equals_the_optimum_on_known_cases(table: str, hand: str, jokers: int) -> None:
    rules = Rules(jokers=jokers)
    p = free_problem(table, hand, rules)
    bounds = lagrange.bound(p)
    assert bounds is not None
    best = relaxed_optimum(p, p.jokers)
    assert best is not None
    assert bounds[-1] // SCALE == best // SCALE  # the same cards: the bound is tight


def test_the_bound_is_tighter_than_free_jokers() -> None:
    """With a price, jokers cost: the bound with no joker is below the one with every joker."""
    rules = Rules(jokers=2)
    p = free_problem("[4S 5S 6S]", "JK JK 8S 9S 10H 10D", rules)
    bounds = lagrange.bound(p)
    assert bounds is not None and bounds[0] < bounds[-1]
    assert bounds[0] // SCALE == relaxed_optimum(p, 0) // SCALE  # type: ignore[operator]


def test_fewest_jokers_counts_the_jokers_a_hand_needs() -> None:
    rules = Rules(jokers=4)
    pos = _Position("[4S 5S 6S]", "8S 10S 2H 2D", rules)
    p = pos.problem(opening=False)
    _fill(p.must, list(pos.hand))
    p.jokers = 4
    p.free_jokers = True
    assert lagrange.fewest_jokers(p) == 2  # [8S JK 10S] and [2H 2D JK]
    p.jokers, p.prep = 1, None
    assert lagrange.fewest_jokers(p) is None  # pruned: more than one joker needed


@pytest.mark.parametrize("name", sorted(CONFIGS))
@settings(deadline=None, max_examples=40, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_fewest_jokers_is_the_least_count_a_counted_pass_needs(name: str, seed: int) -> None:
    """Every hand card required: the priced count (its pass cuts an option by the jokers the next
    two ranks will need too, issue 43's fourth round) against counted passes with 0, 1, ... jokers."""
    rules, shape = CONFIGS[name]
    table, hand = random_position(random.Random(seed), rules, **shape)
    pos = _Position(table, hand, rules)
    p = pos.problem(opening=False)
    _fill(p.must, [c for c in pos.hand if c is not JOKER])
    p.jokers += _jokers(pos.hand)
    p.free_jokers = True
    need = lagrange.fewest_jokers(copy.copy(p))
    least = None
    for k in range(p.jokers + 1):
        q = copy.copy(p)
        q.jokers, q.prep, q.lb = k, None, None
        if core.solve(q) is not None:
            least = k
            break
    if least is None:
        assert need is None or need > p.jokers
    else:
        assert need == least


def test_can_go_out_is_refuted_before_its_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand that needs more jokers than exist is answered by the priced pass alone."""
    rules = Rules(jokers=2)
    table, hand = "[4S 5S 6S] [9H 9D 9C]", "JK 8S 10S QS 2D"
    assert not can_go_out(table, hand, rules)
    calls = Counter[str]()
    monkeypatch.setattr(solver_module, "_relaxed", lambda *a: calls.update(["pass"]))
    assert not solver_module._must_play(_Position(table, hand, rules), Card.parse_many(hand), opened=True,
                                        keep=False)
    assert not calls  # without the refutation the relaxation's pass runs


def test_can_go_out_refutes_before_solve_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """When its feasibility pass runs out of states, can_go_out tries the refutation before the search."""
    rules = Rules(jokers=2)
    table, hand = "[4S 5S 6S] [9H 9D 9C]", "JK 8S 10S QS"  # 9S and JS: two jokers, one in play
    assert not solver_module._isolated(_Position(table, hand, rules), False)
    monkeypatch.setattr(solver_module, "_MUST_NODES", 0)

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("solve's search ran")

    monkeypatch.setattr(solver_module, "_solve", no_search)
    assert not can_go_out(table, hand, rules)


CAN = {
    "two jokers": (Rules(jokers=2), dict(melds=2, hand=6, ranks=6)),
    "four jokers, one natural": (Rules(jokers=4, min_natural_per_combination=1), dict(melds=2, hand=5, ranks=5)),
}


@pytest.mark.parametrize("name", sorted(CAN))
@settings(deadline=None, max_examples=40, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_can_go_out_and_can_play_stay_exact(name: str, seed: int, data: st.DataObject) -> None:
    rules, shape = CAN[name]
    table, hand = random_position(random.Random(seed), rules, **shape)
    assert can_go_out(table, hand, rules) == reference_can(table, hand, hand, rules, keep=False)
    cards = data.draw(st.lists(st.sampled_from(hand), max_size=len(hand), unique=True)) if hand else []
    chosen = [hand[i] for i in sorted({hand.index(c) for c in cards})]
    if chosen:
        assert can_play(table, hand, chosen, rules) == reference_can(table, hand, chosen, rules)


# ---------------------------------------------------------------- against rummikub-solver


def _rummikub_count(table: list[Meld], hand: list[Card], rules: Rules) -> int:
    rummikub = pytest.importorskip("rummikub_solver")
    rs = rummikub.RuleSet(numbers=13, repeats=rules.num_decks, colours=4, jokers=rules.jokers, min_len=3)
    tiles = rs.tiles

    def tile(card: Card) -> object:
        if card == JOKER:
            return tiles[-1]
        return tiles[FRENCH_SUITS.index(card.suit) * 13 + card.rank - 1]  # type: ignore[arg-type]

    state = rs.new_game()
    state.add_table(*[tile(c) for m in table for c in m.physical])
    state.add_rack(*[tile(c) for c in hand])
    state.initial = False
    answer = rs.solve(state, rummikub.SolverMode.TILE_COUNT)
    return 0 if answer is None else len(answer.tiles)


@pytest.mark.parametrize("seed", range(36))
def test_joker_positions_agree_with_rummikub_solver(seed: int) -> None:
    """Under one natural card per meld both games lay the same cards, except that rummikub-solver
    leaves out melds with a joker at the end of a run longer than three, or in a group of four
    (its set list, so that no joker is left "free"): it may lay fewer, never more, and then the
    brute force must agree with the solver."""
    rules = Rules(jokers=2 if seed % 3 == 0 else 4, min_natural_per_combination=1)
    rng = random.Random(f"issue43:{seed}")
    while True:
        table, hand = random_position(rng, rules, melds=rng.randint(2, 4), hand=rng.randint(6, 9), ranks=8)
        if 2 <= sum(len(m.jokers) for m in table) + hand.count(JOKER) <= 4:
            break
    answer = solve(table, hand, rules)
    ours = 0 if answer is None else answer.count
    theirs = _rummikub_count(table, hand, rules)
    assert ours >= theirs
    if ours > theirs:
        assert answer is not None and (answer.count, answer.value) == reference(table, hand, rules)
    assert can_go_out(table, hand, rules) == (ours == len(hand))
