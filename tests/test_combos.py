"""Combination primitives (naipes.combos), checked against brute-force references."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any, Callable, Collection, Iterable, Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes import combos
from naipes.cards import (
    FRENCH_ACE_LOW,
    FRENCH_SUITS,
    JOKER,
    SPANISH_40,
    SPANISH_48,
    SPANISH_SUITS,
    Card,
    RankOrder,
)
from naipes.combos import (
    PartialPartition,
    chain_up,
    count_by_rank,
    count_by_suit,
    groups,
    is_group,
    is_meld,
    is_run,
    n_of_a_kind,
    pairs,
    partitions,
    runs,
    sort_cards,
)
from naipes.decks import french_deck

SETTINGS = settings(deadline=None, max_examples=200, derandomize=True)
P = Card.parse_many


def show(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards))


def shows(combos_: Iterable[Iterable[Card]]) -> list[str]:
    return [show(c) for c in combos_]


def show_partition(partition: Iterable[Iterable[Card]]) -> str:
    return " | ".join(show(m) for m in partition)


def split(cards: Iterable[Card], order: RankOrder, **options: Any) -> list[str]:
    """The complete partitions, as text."""
    return [show_partition(p) for p in partitions(cards, order, **options)]


# ------------------------------------------------------------ brute force refs


def ref_is_run(block: Sequence[Card], order: RankOrder, min_length: int, same_suit: bool) -> bool:
    if len(block) < min_length or any(c.is_joker or c.rank not in order.ranks for c in block):
        return False
    if same_suit and len({c.suit for c in block}) != 1:
        return False
    idx = sorted(order.ranks.index(c.rank) for c in block)
    return all(b - a == 1 for a, b in zip(idx, idx[1:]))


def ref_is_group(block: Sequence[Card], min_size: int, max_size: int) -> bool:
    return (
        min_size <= len(block) <= max_size
        and not any(c.is_joker for c in block)
        and len({c.rank for c in block}) == 1
        and len({c.suit for c in block}) == len(block)
    )


def ref_is_meld(
    block: Sequence[Card],
    order: RankOrder,
    min_run: int,
    min_group: int,
    max_group: int,
    sizes: Collection[int] | None,
) -> bool:
    if sizes is not None and len(block) not in sizes:
        return False
    return ref_is_group(block, min_group, max_group) or ref_is_run(block, order, min_run, True)


def multiset_key(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple(sorted(map(str, cards)))


def ref_partitions(
    cards: Sequence[Card],
    order: RankOrder,
    *,
    min_run: int,
    min_group: int,
    max_group: int,
    sizes: Collection[int] | None,
    allow_leftover: bool,
) -> set[tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]]:
    """Every set partition of the positions into valid melds (plus leftover), as multisets."""
    found: set[tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]] = set()

    def rec(rest: list[Card], melds: list[tuple[str, ...]], left: list[Card]) -> None:
        if not rest:
            found.add((tuple(sorted(melds)), multiset_key(left)))
            return
        first, others = rest[0], rest[1:]
        if allow_leftover:
            rec(others, melds, left + [first])
        for r in range(len(others) + 1):
            for chosen in itertools.combinations(range(len(others)), r):
                block = [first] + [others[k] for k in chosen]
                if ref_is_meld(block, order, min_run, min_group, max_group, sizes):
                    remaining = [c for k, c in enumerate(others) if k not in chosen]
                    rec(remaining, melds + [multiset_key(block)], left)

    rec(list(cards), [], [])
    return found


# ------------------------------------------------------------------ strategies

DECKS = {
    "spanish-40": (SPANISH_40, SPANISH_SUITS),
    "spanish-48": (SPANISH_48, SPANISH_SUITS),
    "french": (FRENCH_ACE_LOW, FRENCH_SUITS),
}


@st.composite
def small_multisets(draw: st.DrawFn, max_size: int = 8) -> tuple[RankOrder, list[Card]]:
    """A few cards from 1-3 copies of a deck, bunched in a rank window so melds are likely."""
    order, all_suits = DECKS[draw(st.sampled_from(sorted(DECKS)))]
    copies = draw(st.integers(1, 3))
    if draw(st.booleans()):
        start = draw(st.integers(0, len(order) - 4))
        window = order.ranks[start : start + 4]
    else:  # around the top: a wrap would show here
        window = order.ranks[-2:] + order.ranks[:2]
    suits = draw(st.lists(st.sampled_from(all_suits), min_size=1, max_size=3, unique=True))
    pool = [Card(r, s) for _ in range(copies) for s in suits for r in window]
    if order is FRENCH_ACE_LOW and draw(st.booleans()):
        pool.append(JOKER)
    chosen = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, max_size=max_size))
    return order, [pool[i] for i in chosen]


MELD_OPTIONS = st.fixed_dictionaries(
    {
        "min_run": st.sampled_from([2, 3, 4]),
        "min_group": st.sampled_from([2, 3]),
        "max_group": st.sampled_from([3, 4]),
        "sizes": st.sampled_from(
            [None, None, frozenset({3}), frozenset({3, 4}), frozenset({2, 4})]
        ),
    }
)


# ------------------------------------------------------------------ partitions


def check_canonical(order: RankOrder, partition: Sequence[Sequence[Card]]) -> None:
    for meld in partition:
        assert tuple(meld) == sort_cards(meld, order)
        assert len(set(meld)) == len(meld)  # two identical cards never share a meld
    lowest = [sort_cards(m, order)[0] for m in partition]
    assert sort_cards(lowest, order) == tuple(lowest)


@SETTINGS
@given(small_multisets(), MELD_OPTIONS)
def test_partitions_match_brute_force(
    sample: tuple[RankOrder, list[Card]], options: dict[str, Any]
) -> None:
    order, cards = sample
    got = list(partitions(cards, order, **options))
    keys = [(tuple(sorted(multiset_key(m) for m in p)), ()) for p in got]
    assert len(keys) == len(set(keys)), "a partition came twice"
    expected = ref_partitions(cards, order, allow_leftover=False, **options)
    assert set(keys) == expected
    for p in got:
        assert isinstance(p, tuple) and all(isinstance(m, tuple) for m in p)
        assert Counter(c for m in p for c in m) == Counter(cards)
        assert all(is_meld(m, order, **options) for m in p)
        check_canonical(order, p)


@SETTINGS
@given(small_multisets(max_size=7), MELD_OPTIONS)
def test_partitions_with_leftover_match_brute_force(
    sample: tuple[RankOrder, list[Card]], options: dict[str, Any]
) -> None:
    order, cards = sample
    got = list(partitions(cards, order, allow_leftover=True, **options))
    keys = [(tuple(sorted(map(multiset_key, p.melds))), multiset_key(p.leftover)) for p in got]
    assert len(keys) == len(set(keys)), "a partial partition came twice"
    assert set(keys) == ref_partitions(cards, order, allow_leftover=True, **options)
    for p in got:
        assert isinstance(p, PartialPartition)
        assert Counter(c for m in p.melds for c in m) + Counter(p.leftover) == Counter(cards)
        assert p.leftover == sort_cards(p.leftover, order)
        check_canonical(order, p.melds)
    complete = [p.melds for p in got if not p.leftover]
    assert complete == list(partitions(cards, order, **options))


def test_partitions_examples() -> None:
    assert [show_partition(p) for p in partitions(P("4b 5b 6b 7b 7o 7c"), SPANISH_48)] == [
        "4b 5b 6b | 7o 7c 7b"
    ]
    # with a group of four and a long run there are several ways
    got = {show_partition(p) for p in partitions(P("5o 5c 5e 5b 6b 7b"), SPANISH_48)}
    assert got == {"5o 5c 5e | 5b 6b 7b"}
    got = {show_partition(p) for p in partitions(P("3S 4S 5S 6S 7S 8S"), FRENCH_ACE_LOW)}
    assert got == {"3S 4S 5S 6S 7S 8S", "3S 4S 5S | 6S 7S 8S"}
    assert list(partitions((), SPANISH_40)) == [()]
    assert list(partitions((), SPANISH_40, allow_leftover=True)) == [PartialPartition((), ())]
    assert list(partitions(P("1o 2o"), SPANISH_40)) == []


def test_partitions_ranzo_exactly_three() -> None:
    hand = P("4b 5b 6b 7b 8b 9b")
    assert shows(next(partitions(hand, SPANISH_48, sizes={3}))) == ["4b 5b 6b", "7b 8b 9b"]
    assert len(list(partitions(hand, SPANISH_48, sizes={3}))) == 1
    assert len(list(partitions(hand, SPANISH_48))) == 2  # also the run of six
    # four of a kind is not a juego
    assert list(partitions(P("2o 2c 2e 2b 7o 8o"), SPANISH_48, sizes={3})) == []
    assert split(P("2o 2c 2e 1b 2b 3b"), SPANISH_48, sizes={3}) == ["1b 2b 3b | 2o 2c 2e"]


def test_partitions_seven_ten_adjacency() -> None:
    hand = P("6c 7c 10c 11c 12c 5c")
    assert [show_partition(p) for p in partitions(hand, SPANISH_40, min_run=3, sizes={3})] == [
        "5c 6c 7c | 10c 11c 12c"
    ]
    assert len(list(partitions(hand, SPANISH_40))) == 2
    assert list(partitions(P("6c 7c 10c"), SPANISH_48)) == []


@pytest.mark.parametrize(
    ("text", "order"),
    [("QS KS AS", FRENCH_ACE_LOW), ("KS AS 2S", FRENCH_ACE_LOW), ("11o 12o 1o", SPANISH_40),
     ("12o 1o 2o", SPANISH_48)],
)
def test_no_wrap(text: str, order: RankOrder) -> None:
    assert not is_run(P(text), order)
    assert list(runs(P(text), order)) == []
    assert list(partitions(P(text), order)) == []


def test_duplicates_never_in_one_meld() -> None:
    # three copies of a group: all three used, each meld with distinct suits
    cards = P("5o 5c 5e") * 3
    assert split(cards, SPANISH_40) == ["5o 5c 5e | 5o 5c 5e | 5o 5c 5e"]
    assert list(partitions(P("5o 5o 5c 5e"), SPANISH_40)) == []
    assert not is_group(P("8H 8H 8D")) and not is_run(P("8H 8H 9H 10H"), FRENCH_ACE_LOW)
    # two decks: two identical runs come once, and the mixed splits once each
    two_runs = P("AS 2S 3S 4S AS 2S 3S 4S")
    assert split(two_runs, FRENCH_ACE_LOW) == ["AS 2S 3S 4S | AS 2S 3S 4S"]
    assert split(two_runs, FRENCH_ACE_LOW, sizes={3, 5}) == []
    assert split(two_runs, FRENCH_ACE_LOW, min_run=2) == [
        "AS 2S | AS 2S | 3S 4S | 3S 4S",
        "AS 2S | AS 2S 3S 4S | 3S 4S",
        "AS 2S 3S 4S | AS 2S 3S 4S",
    ]


def test_jokers_fit_no_meld() -> None:
    cards = P("AS 2S 3S JK")
    assert list(partitions(cards, FRENCH_ACE_LOW)) == []
    assert [p.leftover for p in partitions(cards, FRENCH_ACE_LOW, allow_leftover=True)] == [
        (JOKER,), P("AS 2S 3S JK")
    ]


def test_partitions_is_lazy_and_fast_on_big_inputs() -> None:
    two_decks = french_deck(copies=2)
    first = next(partitions(two_decks, FRENCH_ACE_LOW))
    assert Counter(c for m in first for c in m) == Counter(two_decks)
    # coverable card by card, yet hopeless: five KS, and only two runs can end in a KS
    spades = P("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS") * 2
    assert next(partitions(spades + P("KS KS KS"), FRENCH_ACE_LOW), None) is None
    assert len(list(partitions(spades, FRENCH_ACE_LOW))) == 400


@pytest.mark.parametrize("kwargs", [{"min_run": 0}, {"min_group": 0}, {"max_group": -1}])
def test_partitions_rejects_bad_sizes(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        partitions(P("1o"), SPANISH_40, **kwargs)


# -------------------------------------------------------------- n of a kind


@SETTINGS
@given(small_multisets(max_size=10), st.integers(1, 4))
def test_n_of_a_kind_matches_brute_force(sample: tuple[RankOrder, list[Card]], n: int) -> None:
    _, cards = sample
    got = list(n_of_a_kind(cards, n))
    keys = [multiset_key(c) for c in got]
    assert len(keys) == len(set(keys))
    expected = {
        multiset_key(c)
        for c in itertools.combinations(cards, n)
        if len({x.rank for x in c}) == 1 and not any(x.is_joker for x in c)
    }
    assert set(keys) == expected
    assert all(len(c) == n for c in got)
    if n == 2:
        assert list(pairs(cards)) == got


def test_n_of_a_kind_examples() -> None:
    assert shows(pairs(P("7o 10o 7c 7e 10b"))) == ["7o 7c", "7o 7e", "7c 7e", "10o 10b"]
    assert shows(n_of_a_kind(P("7o 7o 7o 7c"), 3)) == ["7o 7o 7o", "7o 7o 7c"]
    assert shows(n_of_a_kind(P("7o JK JK"), 2)) == []
    assert list(n_of_a_kind(P("7o"), 1)) == [P("7o")]
    with pytest.raises(ValueError):
        n_of_a_kind(P("7o"), 0)


def test_argument_checks_are_eager_and_input_is_read_lazily() -> None:
    def poisoned() -> Iterator[Card]:
        yield from P("1o 1c 1e 2o 3o")
        raise LookupError("read")

    calls: list[Callable[[Iterator[Card]], Iterator[object]]] = [
        lambda it: pairs(it),
        lambda it: n_of_a_kind(it, 3),
        lambda it: groups(it),
        lambda it: runs(it, SPANISH_40),
        lambda it: runs(it, SPANISH_40, same_suit=False),
        lambda it: partitions(it, SPANISH_40),
        lambda it: partitions(it, SPANISH_40, allow_leftover=True),
    ]
    for call in calls:
        lazy = call(poisoned())  # nothing read yet
        with pytest.raises(LookupError):
            next(lazy)


# --------------------------------------------------------------------- groups


@SETTINGS
@given(small_multisets(max_size=10), st.integers(1, 3), st.integers(2, 5))
def test_groups_match_brute_force(sample: tuple[RankOrder, list[Card]], lo: int, hi: int) -> None:
    _, cards = sample
    got = list(groups(cards, min_size=lo, max_size=hi))
    keys = [multiset_key(g) for g in got]
    assert len(keys) == len(set(keys))
    expected = {
        multiset_key(c)
        for size in range(lo, hi + 1)
        for c in itertools.combinations(cards, size)
        if ref_is_group(c, lo, hi)
    }
    assert set(keys) == expected
    assert all(is_group(g, min_size=lo, max_size=hi) for g in got)


def test_groups_examples() -> None:
    assert shows(groups(P("5o 5c 5e 9b 5o"))) == ["5o 5c 5e"]
    assert shows(groups(P("JH JS JD JC"), min_size=4)) == ["JH JS JD JC"]
    assert shows(groups(P("JH JS"), min_size=2, max_size=2)) == ["JH JS"]
    assert is_group(P("3c 3o 3b")) and is_group(P("3c 3o 3b 3e"))
    assert not is_group(P("3c 3o")) and not is_group(P("3c 3o 3b 3e"), max_size=3)
    assert not is_group(P("3c 3o 4b")) and not is_group(P("3c 3o JK"))
    assert not is_group(P("8H 8H 8D")) and not is_group(())


# ----------------------------------------------------------------------- runs


@SETTINGS
@given(small_multisets(max_size=9), st.integers(1, 4), st.sampled_from([None, 3, 4]), st.booleans())
def test_runs_match_brute_force(
    sample: tuple[RankOrder, list[Card]], lo: int, hi: int | None, same_suit: bool
) -> None:
    order, cards = sample
    got = list(runs(cards, order, min_length=lo, max_length=hi, same_suit=same_suit))
    keys = [multiset_key(r) for r in got]
    assert len(keys) == len(set(keys))
    top = hi if hi is not None else len(cards)
    expected = {
        multiset_key(c)
        for size in range(lo, top + 1)
        for c in itertools.combinations(cards, size)
        if ref_is_run(c, order, lo, same_suit)
    }
    assert set(keys) == expected
    for r in got:
        assert is_run(r, order, min_length=lo, max_length=hi, same_suit=same_suit)
        assert [order.index(c.rank) for c in r] == sorted(order.index(c.rank) for c in r)


@SETTINGS
@given(small_multisets(max_size=6), st.booleans(), st.randoms(use_true_random=False))
def test_is_run_ignores_card_order(
    sample: tuple[RankOrder, list[Card]], same_suit: bool, rnd: random.Random
) -> None:
    order, cards = sample
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert is_run(cards, order, min_length=1, same_suit=same_suit) == is_run(
        shuffled, order, min_length=1, same_suit=same_suit
    ) == ref_is_run(cards, order, 1, same_suit)


def test_runs_examples() -> None:
    assert is_run(P("7b 10b 11b"), SPANISH_40) and not is_run(P("7b 10b 11b"), SPANISH_48)
    assert is_run(P("7b 8b 9b 10b"), SPANISH_48) and not is_run(P("7b 8b 9b"), SPANISH_40)
    assert is_run(P("11b 10b 7b"), SPANISH_40)
    assert not is_run(P("7b 10o 11b"), SPANISH_40)
    assert is_run(P("7b 10o 11b"), SPANISH_40, same_suit=False)  # Machuco's caracol
    assert is_run(P("6o 7c 10e"), SPANISH_40, same_suit=False)
    assert not is_run(P("7b 7b 10b"), SPANISH_40, same_suit=False)
    assert not is_run(P("1o 2o"), SPANISH_40) and is_run(P("1o 2o"), SPANISH_40, min_length=2)
    assert not is_run(P("1o 2o 3o 4o"), SPANISH_40, max_length=3)
    assert not is_run(P("AS 2S JK"), FRENCH_ACE_LOW)
    assert not is_run((), FRENCH_ACE_LOW, min_length=0)
    assert shows(runs(P("AS 2S 3S 4S AS"), FRENCH_ACE_LOW)) == [
        "AS 2S 3S", "AS 2S 3S 4S", "2S 3S 4S",
    ]
    assert shows(runs(P("AS 2S 3S 4S"), FRENCH_ACE_LOW, max_length=3)) == ["AS 2S 3S", "2S 3S 4S"]
    assert shows(runs(P("8o 9o 10o 7o"), SPANISH_40)) == []  # 8 and 9 are not in the 40-card order
    mixed = runs(P("3H 4S 5H 3S"), FRENCH_ACE_LOW, same_suit=False)
    assert shows(mixed) == ["3H 4S 5H", "3S 4S 5H"]
    with pytest.raises(ValueError):
        runs(P("AS"), FRENCH_ACE_LOW, min_length=0)


# ----------------------------------------------------------------- chain_up


@pytest.mark.parametrize(
    ("rank", "present", "expected"),
    [
        (7, {7, 10, 11}, (7, 10, 11)),  # y0uCeF example: 7 takes 7, 10, 11
        (7, {7, 10, 12}, (7, 10)),  # the missing 11 breaks the run, the 12 remains
        (2, {3, 4}, ()),  # no pair, no capture
        (1, {1, 2, 3, 4, 5, 6, 7, 10, 11, 12}, (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)),
        (12, {12, 1, 2}, (12,)),  # no wrap
        (11, {11, 12, 1}, (11, 12)),
        (6, {6, 8, 9}, (6,)),
        (5, set(), ()),
    ],
)
def test_chain_up_machuco_examples(rank: int, present: set[int], expected: tuple[int, ...]) -> None:
    assert chain_up(rank, present, SPANISH_40) == expected
    assert chain_up(rank, sorted(present), SPANISH_40) == expected  # any iterable
    assert chain_up(rank, iter(sorted(present)), SPANISH_40) == expected


def test_chain_up_other_orders() -> None:
    assert chain_up(7, {7, 8, 10}, SPANISH_48) == (7, 8)
    assert chain_up(7, {7, 10}, SPANISH_48) == (7,)
    assert chain_up(12, {12, 13, 1}, FRENCH_ACE_LOW) == (12, 13)
    with pytest.raises(ValueError):
        chain_up(8, {8, 9}, SPANISH_40)


@SETTINGS
@given(st.sampled_from(SPANISH_40.ranks), st.sets(st.sampled_from(SPANISH_40.ranks)))
def test_chain_up_matches_definition(rank: int, present: set[int]) -> None:
    chain = chain_up(rank, present, SPANISH_40)
    if rank not in present:
        assert chain == ()
        return
    assert chain[0] == rank and set(chain) <= present
    assert all(SPANISH_40.are_adjacent(a, b) for a, b in zip(chain, chain[1:]))
    nxt = SPANISH_40.successor(chain[-1])
    assert nxt is None or nxt not in present


# --------------------------------------------------------- counts and sorting


def test_counts_and_sorting() -> None:
    cards = P("7o 7c 12b JK 1o 7o")
    assert count_by_rank(cards) == Counter({7: 3, 12: 1, 1: 1})
    oros, copas, _, bastos = SPANISH_SUITS
    assert count_by_suit(cards) == Counter({oros: 3, copas: 1, bastos: 1})
    assert show(sort_cards(cards, SPANISH_40)) == "1o 7o 7o 7c 12b JK"
    assert show(sort_cards(P("9o 10o 8c 7o"), SPANISH_40)) == "7o 10o 8c 9o"
    assert show(sort_cards(P("KS AH 2C 10D"), FRENCH_ACE_LOW)) == "AH 2C 10D KS"


def test_is_meld() -> None:
    assert is_meld(P("4b 5b 6b"), SPANISH_48) and is_meld(P("4b 4o 4c"), SPANISH_48)
    assert not is_meld(P("4b 5o 6b"), SPANISH_48)
    assert not is_meld(P("4b 4o 4c 4e"), SPANISH_48, sizes={3})
    assert not is_meld(P("4b 4o 4c 4e"), SPANISH_48, max_group=3)


def test_public_names() -> None:
    assert combos.__all__ == sorted(combos.__all__)
    for name in combos.__all__:
        obj = getattr(combos, name)
        if callable(obj) and name not in ("Meld",):
            assert obj.__doc__ and "versionadded:: 0.1" in obj.__doc__, name
