"""The Machiavelli solver (MV-15) against an independent brute-force reference.

The reference below shares nothing with the solver's dynamic program: it
enumerates which hand cards (and how many jokers) end on the table and looks
for a partition into melds by plain recursion on the smallest card left.
Random positions are small (few ranks) so that it stays fast.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache
from typing import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.errors import InvalidStateError, NaipesError, NotationError
from naipes.machiavelli.melds import Meld, format_table, is_valid_meld, parse_table
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.solver import Solution, can_go_out, can_play, solve

# ---------------------------------------------------------------- the reference

Key = tuple[tuple[tuple[int, int], int], ...]
_NONE = -1


def _value(rank: int) -> int:
    return rank if rank <= 10 else 10


def best_partition(naturals: Counter[tuple[int, int]], jokers: int, mn: int) -> int:
    """The largest meld value (jokers at their declared rank) over all partitions; -1 if none."""
    key = tuple(sorted((c, n) for c, n in naturals.items() if n))
    return _best(key, jokers, mn)


@cache
def _best(key: Key, jokers: int, mn: int) -> int:
    if not key:
        return 0 if jokers == 0 else _NONE
    counts = dict(key)
    (suit, rank), _ = key[0]
    best = _NONE
    for used, joker_ranks in _melds_with(counts, suit, rank, jokers, mn):
        rest = dict(counts)
        for card in used:
            rest[card] -= 1
        sub = _best(tuple(sorted((c, n) for c, n in rest.items() if n)), jokers - len(joker_ranks), mn)
        if sub >= 0:
            value = sum(_value(r) for _, r in used) + sum(_value(r) for r in joker_ranks)
            best = max(best, sub + value)
    return best


def _melds_with(
    counts: dict[tuple[int, int], int], suit: int, rank: int, jokers: int, mn: int
) -> Iterator[tuple[list[tuple[int, int]], list[int]]]:
    """Every meld holding natural card (suit, rank): (natural cards, ranks of its jokers)."""
    others = [s for s in range(4) if s != suit and counts.get((s, rank), 0)]
    for k in range(0, 4):
        for chosen in itertools.combinations(others, k):
            nat = 1 + k
            for j in range(0, jokers + 1):
                if nat >= mn and 3 <= nat + j <= 4:
                    yield [(suit, rank)] + [(s, rank) for s in chosen], [rank] * j
    for lo in range(max(1, rank - 12), rank + 1):
        for hi in range(max(rank, lo + 2), 14):
            positions = [r for r in range(lo, hi + 1) if r != rank]
            free = [r for r in positions if counts.get((suit, r), 0)]
            if len(positions) - len(free) > jokers:
                break
            must_joker = [r for r in positions if r not in free]
            for extra in range(0, jokers - len(must_joker) + 1):
                for as_joker in itertools.combinations(free, extra):
                    joker_ranks = must_joker + list(as_joker)
                    used = [(suit, rank)] + [(suit, r) for r in free if r not in as_joker]
                    if len(used) >= mn:
                        yield used, joker_ranks


def _code(card: Card) -> tuple[int, int]:
    return (FRENCH_SUITS.index(card.suit), card.rank)  # type: ignore[arg-type]


def reference(
    table: list[Meld], hand: list[Card], rules: Rules, *, opened: bool = True
) -> tuple[int, int] | None:
    """The best (count, value) by brute force, or None when no legal play exists."""
    mn = rules.min_natural_per_combination
    base = Counter(_code(c) for m in table for c in m.naturals)
    jt = sum(len(m.jokers) for m in table)
    declared = Counter(_code(c) for m in table for c in m.declared)
    hand_nat = Counter(_code(c) for c in hand if c != JOKER)
    jh = hand.count(JOKER)
    opening = not opened and rules.initial_meld_min > 0
    cards = sorted(hand_nat)
    best: tuple[int, int] | None = None
    for combo in itertools.product(*(range(hand_nat[c] + 1) for c in cards)):
        played = Counter({c: n for c, n in zip(cards, combo) if n})
        nat_count = sum(combo)
        nat_value = sum(_value(c[1]) * n for c, n in played.items())
        matches = sum(min(declared[c], n) for c, n in played.items())
        for u in range(0, jt + jh + 1):
            if opening:
                if u > jh or (nat_count == 0 and u == 0):
                    continue
                count, value = nat_count + u, nat_value + u * rules.joker_penalty
            else:
                if jt - u > matches or (nat_count == 0 and u <= jt):
                    continue
                count = nat_count + u - jt
                value = nat_value + (u - jt) * rules.joker_penalty
            if best is not None and (count, value) <= best:
                continue
            if opening:
                ok = best_partition(played, u, mn) >= rules.initial_meld_min
            else:
                ok = best_partition(base + played, u, mn) >= 0
            if ok:
                best = (count, value)
    return best


def random_position(
    rng: random.Random, rules: Rules, *, melds: int, hand: int, ranks: int = 13
) -> tuple[list[Meld], list[Card]]:
    """A table of random valid melds (jokers too, if the rules have them) and a random hand."""
    copies = rules.num_decks
    pool = Counter({Card(r, s): copies for s in FRENCH_SUITS for r in range(1, ranks + 1)})
    jokers_left = rules.jokers
    table: list[Meld] = []
    for _ in range(200):
        if len(table) >= melds:
            break
        if rng.random() < 0.5:
            suit = rng.choice(FRENCH_SUITS)
            length = rng.choice((3, 3, 4, 5))
            if length > ranks:
                continue
            lo = rng.randint(1, ranks - length + 1)
            cards = [Card(r, suit) for r in range(lo, lo + length)]
        else:
            rank = rng.randint(1, ranks)
            cards = [Card(rank, s) for s in rng.sample(FRENCH_SUITS, rng.choice((3, 4)))]
        jokers: tuple[int, ...] = ()
        if jokers_left and rng.random() < 0.4:
            jokers = (rng.randrange(len(cards)),)
        needed = Counter(c for i, c in enumerate(cards) if i not in jokers)
        if any(pool[c] < n for c, n in needed.items()):
            continue
        pool -= needed
        jokers_left -= len(jokers)
        table.append(Meld(tuple(cards), jokers))
    rest = list(pool.elements()) + [JOKER] * jokers_left
    rng.shuffle(rest)
    return table, rest[:hand]




def reference_can(
    table: list[Meld], hand: list[Card], cards: list[Card], rules: Rules, *, opened: bool = True, keep: bool = True
) -> bool:
    """Can exactly ``cards`` be played (``keep``: a swapped joker may stay in the hand)?"""
    mn = rules.min_natural_per_combination
    opening = not opened and rules.initial_meld_min > 0
    played = Counter(_code(c) for c in cards if c != JOKER)
    jc = cards.count(JOKER)
    if opening:
        return best_partition(played, jc, mn) >= rules.initial_meld_min
    base = Counter(_code(c) for m in table for c in m.naturals)
    jt = sum(len(m.jokers) for m in table)
    declared = Counter(_code(c) for m in table for c in m.declared)
    matches = sum(min(declared[c], n) for c, n in played.items()) if keep else 0
    return any(
        best_partition(base + played, u, mn) >= 0 for u in range(max(0, jt + jc - matches), jt + jc + 1)
    )


def check_answer(table: list[Meld], answer: Solution, rules: Rules) -> None:
    """The answer's table is valid and holds the old table plus the played cards less the taken jokers."""
    assert all(is_valid_meld(m, rules) for m in answer.table), format_table(answer.table)
    before = Counter(c for m in table for c in m.physical)
    after = Counter(c for m in answer.table for c in m.physical)
    assert after == before + Counter(answer.played) - Counter(answer.taken)
    assert answer.count == len(answer.played) - len(answer.taken)
    assert set(answer.taken) <= {JOKER}


# ---------------------------------------------------------------- optimality

CONFIGS = {
    "two decks": (Rules(), dict(melds=3, hand=7, ranks=7)),
    "two jokers": (Rules(jokers=2), dict(melds=2, hand=6, ranks=6)),
    "four jokers": (Rules(jokers=4), dict(melds=2, hand=5, ranks=6)),
    "one natural": (Rules(jokers=4, min_natural_per_combination=1), dict(melds=2, hand=5, ranks=5)),
    "three decks": (Rules(players=6), dict(melds=3, hand=7, ranks=5)),
    "three decks, jokers": (Rules(players=6, jokers=2), dict(melds=2, hand=6, ranks=5)),
}
SETTINGS = settings(deadline=None, max_examples=60, derandomize=True)


@pytest.mark.parametrize("name", sorted(CONFIGS))
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_solve_is_optimal(name: str, seed: int) -> None:
    rules, shape = CONFIGS[name]
    table, hand = random_position(random.Random(seed), rules, **shape)
    answer = solve(table, hand, rules)
    assert (None if answer is None else (answer.count, answer.value)) == reference(table, hand, rules)
    if answer is not None:
        check_answer(table, answer, rules)


@pytest.mark.parametrize("name", ["two decks", "two jokers", "three decks"])
@settings(deadline=None, max_examples=40, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_opening_is_optimal(name: str, seed: int) -> None:
    base, shape = CONFIGS[name]
    rules = Rules(players=base.players, jokers=base.jokers, initial_meld_min=20)
    table, hand = random_position(random.Random(seed), rules, **{**shape, "hand": 8})
    answer = solve(table, hand, rules, opened=False)
    assert (None if answer is None else (answer.count, answer.value)) == reference(table, hand, rules, opened=False)
    if answer is not None:
        check_answer(table, answer, rules)
        assert answer.taken == ()
        assert all(m in answer.table for m in table)  # the old melds stay as they were


@pytest.mark.parametrize("name", sorted(CONFIGS))
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_can_play_and_go_out(name: str, seed: int, data: st.DataObject) -> None:
    rules, shape = CONFIGS[name]
    rng = random.Random(seed)
    table, hand = random_position(rng, rules, **{**shape, "hand": 4})
    chosen = data.draw(st.lists(st.sampled_from(range(len(hand))), unique=True, min_size=1)) if hand else []
    cards = [hand[i] for i in chosen]
    assert can_play(table, hand, cards, rules) == reference_can(table, hand, cards, rules)
    assert can_go_out(table, hand, rules) == (bool(hand) and reference_can(table, hand, hand, rules, keep=False))


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_can_play_in_the_opening(seed: int) -> None:
    rules = Rules(jokers=2, initial_meld_min=20)
    table, hand = random_position(random.Random(seed), rules, melds=2, hand=6, ranks=7)
    assert can_go_out(table, hand, rules, opened=False) == reference_can(table, hand, hand, rules, opened=False)
    half = hand[: len(hand) // 2 + 1]
    assert can_play(table, hand, half, rules, opened=False) == reference_can(table, hand, half, rules, opened=False)


# ---------------------------------------------------------------- worked examples


def test_mv_s1_split_a_run_build_a_group_extend_a_group() -> None:
    table = "[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]"
    best = solve(table, "7H 7D JS 2C")
    assert best is not None and (best.count, best.value) == (3, 24)
    assert sorted(map(str, best.played)) == ["7D", "7H", "JS"]
    assert best.hand_after("7H 7D JS 2C") == (Card.parse("2C"),)
    assert can_play(table, "7H 7D JS 2C", "7H 7D JS") and not can_play(table, "7H 7D JS 2C", "7H 2C")
    assert can_go_out(table, "7H 7D JS") and not can_go_out(table, "7H 7D JS 2C")


def test_no_play_and_ties_on_value() -> None:
    assert solve("[4S 5S 6S]", "9H KD") is None
    best = solve("", "2H 3H 4H 10S JS QS")  # both runs go out
    assert best is not None and best.count == 6
    best = solve("[4S 5S 6S]", "3S 7S")  # one card either way: 7S weighs more... both fit
    assert best is not None and best.count == 2


def test_the_higher_card_wins_a_tie_on_count() -> None:
    best = solve("[8H 8D 8C] [5S 6S 7S]", "8S 4S")  # only one of two? both fit: 8S group, 4S run
    assert best is not None and best.count == 2
    best = solve("[2H 2D 2C]", "2S AH")
    assert best is not None and (best.count, best.value) == (1, 2)


def test_a_swap_counts_once_and_the_joker_is_replayed() -> None:
    rules = Rules(jokers=2)
    best = solve("[5H JK=6H 7H]", "6H", rules)
    assert best is not None and (best.count, best.value) == (1, 6)
    assert best.taken == () and any(JOKER in m.physical for m in best.table)
    check_answer(parse_table_list("[5H JK=6H 7H]"), best, rules)


def test_a_swap_that_keeps_the_joker_when_it_fits_nowhere() -> None:
    rules = Rules(jokers=2)
    table = "[8S 8H 8D JK=8C]"
    best = solve(table, "8C", rules)
    assert best is not None and (best.count, best.value) == (0, 8 - 25)
    assert best.played == (Card.parse("8C"),) and best.taken == (JOKER,)
    assert best.hand_after("8C") == (JOKER,)
    assert can_play(table, "8C", "8C", rules) and not can_go_out(table, "8C", rules)
    # in a full run the joker can still be replayed: [AH 2H JK=3H] [3H ... KH]
    best = solve("[AH 2H JK=3H 4H 5H 6H 7H 8H 9H 10H JH QH KH]", "3H", rules)
    assert best is not None and (best.count, best.taken) == (1, ())


def test_jokers_in_hand_are_played_with_their_declared_card() -> None:
    rules = Rules(jokers=2)
    best = solve("", "7H 8H JK 2C", rules)
    assert best is not None and (best.count, best.value) == (3, 7 + 8 + 25)
    (meld,) = best.table
    assert meld.jokers and is_valid_meld(meld, rules)
    assert solve("", "7H JK JK", rules) is None  # a meld needs two natural cards
    assert solve("", "7H JK JK", Rules(jokers=2, min_natural_per_combination=1)) is not None


def test_opening_of_36() -> None:
    rules = Rules(initial_meld_min=36)
    assert solve("[4S 5S 6S]", "QH QS QD", rules, opened=False) is None  # 30 points
    best = solve("[4S 5S 6S]", "QH QS QD 10C 10D 10S 7S", rules, opened=False)
    assert best is not None and best.count == 6  # 7S may not extend the table's run yet
    assert parse_table("[4S 5S 6S]")[0] in best.table
    best = solve("[4S 5S 6S]", "QH QS QD 10C 10D 10S 7S", rules, opened=True)
    assert best is not None and best.count == 7
    joker_rules = Rules(initial_meld_min=36, jokers=2)
    best = solve("", "KH KS KD JK", joker_rules, opened=False)  # the joker counts as a king: 40
    assert best is not None and best.count == 4
    assert can_play("", "KH KS KD JK", "KH KS KD JK", joker_rules, opened=False)
    assert not can_play("", "KH KS KD JK", "KH KS KD", joker_rules, opened=False)


def test_three_decks_make_three_groups_of_one_rank() -> None:
    rules = Rules(players=6)
    hand = "7H 7H 7H 7D 7D 7D 7S 7S 7S"
    best = solve("", hand, rules)
    assert best is not None and best.count == 9 and len(best.table) == 3
    with pytest.raises(InvalidStateError):
        solve("", hand)  # two decks hold two 7H


def test_table_given_as_cards() -> None:
    cards = Card.parse_many("4S 5S 6S 7S 8S 9S 10S JH JD JC")
    best = solve(cards, Card.parse_many("7H 7D JS 2C"))
    assert best is not None and best.count == 3


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("table", "hand", "rules", "error", "words"),
    [
        ("[4S 5S]", "7H", None, InvalidStateError, "two cards"),
        ("[QS KS AS]", "7H", None, InvalidStateError, "K→A"),
        ("[4S JK=5S 6S]", "7H", None, InvalidStateError, "jokers"),
        ("[4S 5S 6S] [4S 5S 6S]", "4S", None, InvalidStateError, "decks"),
        ("[4S 5S 6S]", "7S 7S 7S", None, InvalidStateError, "decks"),
        ("[4S 5S 6S]", "1o", None, InvalidStateError, "French"),
        ("[4S 5S 6S", "7S", None, NotationError, "bracket"),
        ("[4S JK 6S]", "7S", Rules(jokers=2), NotationError, "declared"),
        ("[4S 5S 6S]", "7X", None, NotationError, "suit"),
    ],
)
def test_bad_input_names_the_problem(
    table: str, hand: str, rules: Rules | None, error: type[NaipesError], words: str
) -> None:
    with pytest.raises(error, match=words):
        solve(table, hand, rules)


def test_table_cards_that_are_no_melds() -> None:
    with pytest.raises(InvalidStateError, match="partitioned"):
        solve(Card.parse_many("4S 5S 7S"), "8S")
    with pytest.raises(InvalidStateError, match="partitioned"):
        can_go_out(Card.parse_many("4S 5S"), "6S")
    with pytest.raises(InvalidStateError, match="melds"):
        solve([JOKER, Card.parse("5S"), Card.parse("6S")], "7S", Rules(jokers=2))
    with pytest.raises(InvalidStateError, match="hand has no"):
        can_play("[4S 5S 6S]", "7S", "8S")


def parse_table_list(text: str) -> list[Meld]:
    return list(parse_table(text))
