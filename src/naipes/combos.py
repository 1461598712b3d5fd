"""Pure combination primitives: n-of-a-kind, groups, runs, chains, partitions.

Small functions over iterables of :class:`~naipes.cards.Card`, in the style of
more-itertools: they never mutate their input, the ``X`` functions iterate
lazily and the ``is_X`` functions answer for one candidate. Ranks are compared
through a :class:`~naipes.cards.RankOrder`, so the 40-card Spanish order (7 and
10 adjacent) needs no special case; no order wraps around.

Piles are multisets: the copies of one card in a multi-deck game are equal, a
function yields each distinct combination once, and two identical cards are
never in one group or run. Jokers (rank 0, no suit) are wild, and what a joker
stands for belongs to the game, so every function here leaves jokers out (in
:func:`partitions` they can only be leftover).

>>> from naipes.cards import SPANISH_40, Card
>>> hand = Card.parse_many("7o 10o 11o 7c 7e")
>>> [" ".join(map(str, pair)) for pair in pairs(hand)]
['7o 7c', '7o 7e', '7c 7e']
>>> is_run(Card.parse_many("11o 7o 10o"), SPANISH_40)
True
>>> chain_up(7, {7, 10, 11, 1}, SPANISH_40)
(7, 10, 11)
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from typing import (
    Callable,
    Collection,
    Iterable,
    Iterator,
    Literal,
    NamedTuple,
    Sequence,
    TypeAlias,
    overload,
)

from naipes._partition_search import PartitionSearch, meld_candidates
from naipes.cards import Card, RankOrder, Suit

__all__ = [
    "Meld",
    "PartialPartition",
    "chain_up",
    "count_by_rank",
    "count_by_suit",
    "groups",
    "is_group",
    "is_meld",
    "is_run",
    "n_of_a_kind",
    "pairs",
    "partitions",
    "runs",
    "sort_cards",
]

#: A meld (a group or a run) as a tuple of cards.
Meld: TypeAlias = tuple[Card, ...]

_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}
_CardKey = tuple[int, int, int]


class PartialPartition(NamedTuple):
    """A split of some cards into melds, plus the cards left over.

    Yielded by :func:`partitions` with ``allow_leftover=True``.

    .. versionadded:: 0.1
    """

    #: The melds, in canonical order.
    melds: tuple[Meld, ...]
    #: The cards in no meld, in canonical order (see :func:`sort_cards`).
    leftover: tuple[Card, ...]


# --------------------------------------------------------------------- helpers


def _card_key(order: RankOrder) -> Callable[[Card], _CardKey]:
    """Sort key: ranks in ``order`` first (by position), then other ranks, then jokers."""

    def key(card: Card) -> _CardKey:
        if card.suit is None:
            return (2, 0, 0)
        if card.rank in order:
            return (0, order.index(card.rank), _SUIT_INDEX[card.suit])
        return (1, card.rank, _SUIT_INDEX[card.suit])

    return key


def _by_rank(cards: Iterable[Card]) -> dict[int, dict[Card, int]]:
    """Non-joker cards grouped by rank, each rank's distinct cards with their counts.

    Ranks and cards keep their order of first appearance.
    """
    out: dict[int, dict[Card, int]] = {}
    for card in cards:
        if card.suit is not None:
            same = out.setdefault(card.rank, {})
            same[card] = same.get(card, 0) + 1
    return out


def _multiset_combinations(
    items: Sequence[tuple[Card, int]], n: int
) -> Iterator[tuple[Card, ...]]:
    """Each distinct n-card sub-multiset of ``items`` ((card, count) pairs), lexicographically."""
    if n == 0:
        yield ()
        return
    for i, (card, count) in enumerate(items):
        rest = items[i + 1 :]
        for k in range(min(count, n), 0, -1):
            if k + sum(c for _, c in rest) < n:
                break
            for tail in _multiset_combinations(rest, n - k):
                yield (card,) * k + tail


def _check_positive(**values: int | None) -> None:
    for name, value in values.items():
        if value is not None and value < 1:
            raise ValueError(f"{name} must be at least 1, not {value!r}")


# ------------------------------------------------------------ counts and order


def count_by_rank(cards: Iterable[Card]) -> Counter[int]:
    """Count the cards of each rank (jokers are not counted).

    Args:
        cards: any cards.

    Returns:
        A new ``Counter`` from rank to number of cards.

    >>> count_by_rank(Card.parse_many("7o 7c 12b JK"))
    Counter({7: 2, 12: 1})

    .. versionadded:: 0.1
    """
    return Counter(card.rank for card in cards if card.suit is not None)


def count_by_suit(cards: Iterable[Card]) -> Counter[Suit]:
    """Count the cards of each suit (jokers are not counted).

    Args:
        cards: any cards.

    Returns:
        A new ``Counter`` from :class:`~naipes.cards.Suit` to number of cards.

    >>> count_by_suit(Card.parse_many("7o 1o 12b JK"))
    Counter({<Suit.OROS: 'o'>: 2, <Suit.BASTOS: 'b'>: 1})

    .. versionadded:: 0.1
    """
    return Counter(card.suit for card in cards if card.suit is not None)


def sort_cards(cards: Iterable[Card], order: RankOrder) -> tuple[Card, ...]:
    """Sort cards by rank in ``order``, then by suit; the canonical order of this module.

    Suits follow the :class:`~naipes.cards.Suit` order (``o c e b``, then
    ``S H D C``). Cards whose rank is not in ``order`` come after the others,
    by rank, and jokers come last.

    Args:
        cards: any cards; duplicates are kept.
        order: the rank order.

    >>> from naipes.cards import SPANISH_40
    >>> sort_cards(Card.parse_many("JK 10b 7c 1e 7o"), SPANISH_40)
    (Card.parse('1e'), Card.parse('7o'), Card.parse('7c'), Card.parse('10b'), Card.parse('JK'))

    .. versionadded:: 0.1
    """
    return tuple(sorted(cards, key=_card_key(order)))


# --------------------------------------------------------------- of a kind


def n_of_a_kind(cards: Iterable[Card], n: int) -> Iterator[tuple[Card, ...]]:
    """Yield each distinct combination of ``n`` cards of equal rank.

    Combinations are distinct as multisets: with several decks, two copies of
    one card may be in one combination, but swapping identical copies never
    gives a new one. Ranks come in order of first appearance, and within a rank
    the combinations come in the lexicographic order of itertools.combinations
    over the rank's distinct cards (in order of first appearance).

    Args:
        cards: any cards; jokers are ignored.
        n: the number of cards in a combination (at least 1).

    Raises:
        ValueError: if ``n`` is less than 1.

    >>> list(n_of_a_kind(Card.parse_many("3o 12b 3c 3e"), 3))
    [(Card.parse('3o'), Card.parse('3c'), Card.parse('3e'))]
    >>> list(n_of_a_kind(Card.parse_many("3o 3o 3c"), 2))
    [(Card.parse('3o'), Card.parse('3o')), (Card.parse('3o'), Card.parse('3c'))]

    .. versionadded:: 0.1
    """
    _check_positive(n=n)
    return _n_of_a_kind(cards, n)


def _n_of_a_kind(cards: Iterable[Card], n: int) -> Iterator[tuple[Card, ...]]:
    for counts in _by_rank(cards).values():
        yield from _multiset_combinations(tuple(counts.items()), n)


def pairs(cards: Iterable[Card]) -> Iterator[tuple[Card, Card]]:
    """Yield each distinct pair of cards of equal rank.

    Same as :func:`n_of_a_kind` with ``n=2``; three 7s give three pairs.

    Args:
        cards: any cards; jokers are ignored.

    >>> list(pairs(Card.parse_many("12o 1c 12b")))
    [(Card.parse('12o'), Card.parse('12b'))]

    .. versionadded:: 0.1
    """
    for first, second in n_of_a_kind(cards, 2):  # noqa: UP028 - narrows to a pair
        yield (first, second)


# ------------------------------------------------------------------- groups


def groups(
    cards: Iterable[Card], *, min_size: int = 3, max_size: int = 4
) -> Iterator[tuple[Card, ...]]:
    """Yield each distinct group: cards of equal rank and pairwise distinct suits.

    Ranks come in order of first appearance; within a rank, smaller groups
    first, then the order of itertools.combinations over the rank's distinct
    cards (in order of first appearance). Copies of a card add no new group.

    Args:
        cards: any cards; jokers are ignored.
        min_size: the fewest cards in a group.
        max_size: the most cards in a group (a suit occurs once, so at most 4).

    Raises:
        ValueError: if ``min_size`` is less than 1.

    >>> [" ".join(map(str, g)) for g in groups(Card.parse_many("5o 5c 5e 5o 5b"))]
    ['5o 5c 5e', '5o 5c 5b', '5o 5e 5b', '5c 5e 5b', '5o 5c 5e 5b']

    .. versionadded:: 0.1
    """
    _check_positive(min_size=min_size)
    return _groups(cards, min_size, max_size)


def _groups(cards: Iterable[Card], min_size: int, max_size: int) -> Iterator[tuple[Card, ...]]:
    for counts in _by_rank(cards).values():
        for size in range(min_size, max_size + 1):
            yield from combinations(counts, size)


def is_group(cards: Iterable[Card], *, min_size: int = 3, max_size: int = 4) -> bool:
    """Tell whether the cards form a group: equal rank, pairwise distinct suits.

    Args:
        cards: the candidate group, in any order.
        min_size: the fewest cards in a group.
        max_size: the most cards in a group.

    >>> is_group(Card.parse_many("8H 8S 8D")), is_group(Card.parse_many("8H 8H 8D"))
    (True, False)

    .. versionadded:: 0.1
    """
    cards = tuple(cards)
    if not min_size <= len(cards) <= max_size or any(c.suit is None for c in cards):
        return False
    return len({c.rank for c in cards}) <= 1 and len({c.suit for c in cards}) == len(cards)


# --------------------------------------------------------------------- runs


def runs(
    cards: Iterable[Card],
    order: RankOrder,
    *,
    min_length: int = 3,
    max_length: int | None = None,
    same_suit: bool = True,
) -> Iterator[tuple[Card, ...]]:
    """Yield each distinct run: cards of consecutive ranks in ``order``, lowest first.

    A run holds one card of each rank and never wraps (the top rank is not
    followed by the lowest). With ``same_suit`` (the default) all its cards
    share a suit; runs then come by suit in order of first appearance, then by
    lowest rank, then by length. With ``same_suit=False`` any suits mix, and
    runs come by lowest rank, then by length, then by the cards chosen for each
    rank (in order of first appearance). Copies of a card add no new run.

    Args:
        cards: any cards; jokers and ranks not in ``order`` are ignored.
        order: the rank order that says which ranks are consecutive.
        min_length: the fewest cards in a run.
        max_length: the most cards in a run (no limit when ``None``).
        same_suit: whether all the cards of a run must share a suit.

    Raises:
        ValueError: if ``min_length`` or ``max_length`` is less than 1.

    >>> from naipes.cards import SPANISH_40
    >>> def show(runs): return [" ".join(map(str, run)) for run in runs]
    >>> show(runs(Card.parse_many("6c 7c 10c 11c 6o"), SPANISH_40))
    ['6c 7c 10c', '6c 7c 10c 11c', '7c 10c 11c']
    >>> show(runs(Card.parse_many("6c 7c 10o 6o"), SPANISH_40, same_suit=False))
    ['6c 7c 10o', '6o 7c 10o']

    .. versionadded:: 0.1
    """
    _check_positive(min_length=min_length, max_length=max_length)
    top = len(order) if max_length is None else max_length
    if not same_suit:
        return _mixed_runs(cards, order, min_length, top)
    return _suited_runs(cards, order, min_length, top)


def _suited_runs(
    cards: Iterable[Card], order: RankOrder, min_length: int, max_length: int
) -> Iterator[tuple[Card, ...]]:
    by_suit: dict[Suit, list[Card]] = {}
    for card in cards:
        if card.suit is not None:
            by_suit.setdefault(card.suit, []).append(card)
    for suited in by_suit.values():
        yield from _mixed_runs(suited, order, min_length, max_length)


def _mixed_runs(
    cards: Iterable[Card], order: RankOrder, min_length: int, max_length: int
) -> Iterator[tuple[Card, ...]]:
    """Runs over any suits: every window of consecutive present ranks, every card choice."""
    present = {r: tuple(same) for r, same in _by_rank(cards).items() if r in order}
    for start in sorted(present, key=order.index):
        chain = chain_up(start, present, order)
        for length in range(min_length, min(len(chain), max_length) + 1):
            yield from product(*(present[rank] for rank in chain[:length]))


def is_run(
    cards: Iterable[Card],
    order: RankOrder,
    *,
    min_length: int = 3,
    max_length: int | None = None,
    same_suit: bool = True,
) -> bool:
    """Tell whether the cards, in any order, form a run in ``order``.

    Args:
        cards: the candidate run, in any order.
        order: the rank order that says which ranks are consecutive.
        min_length: the fewest cards in a run.
        max_length: the most cards in a run (no limit when ``None``).
        same_suit: whether all the cards must share a suit.

    >>> from naipes.cards import FRENCH_ACE_LOW, SPANISH_40, SPANISH_48
    >>> run = Card.parse_many("7b 10b 11b")
    >>> is_run(run, SPANISH_40), is_run(run, SPANISH_48)
    (True, False)
    >>> is_run(Card.parse_many("QS KS AS"), FRENCH_ACE_LOW)
    False
    >>> is_run(Card.parse_many("6o 7c 10e"), SPANISH_40, same_suit=False)
    True

    .. versionadded:: 0.1
    """
    cards = tuple(cards)
    if not cards or len(cards) < min_length or (max_length is not None and len(cards) > max_length):
        return False
    if any(c.suit is None or c.rank not in order for c in cards):
        return False
    if same_suit and len({c.suit for c in cards}) > 1:
        return False
    positions = sorted(order.index(c.rank) for c in cards)
    return positions == list(range(positions[0], positions[0] + len(positions)))


# ------------------------------------------------------------------- chains


def chain_up(rank: int, ranks_present: Iterable[int], order: RankOrder) -> tuple[int, ...]:
    """Return the upward chain of consecutive ranks from ``rank`` over the ranks present.

    This is Machuco's capture (rule MC-12): a card of number R captures only
    when a card of number R is on the table ("no pair, no capture"), and then
    it takes that card plus the maximal upward run R+1, R+2, ... (consecutive
    in ``order``) present on the table. The run stops at the first missing
    rank or at the top of the order; it never wraps (12 is not followed by 1)
    and never skips. In :data:`~naipes.cards.SPANISH_40` 7 and 10 are adjacent.

    Args:
        rank: the rank played (R).
        ranks_present: the ranks on the table, e.g. ``{c.rank for c in table}``.
        order: the rank order.

    Returns:
        The ranks captured, R first and ascending; ``()`` when R is not present.

    Raises:
        ValueError: if ``rank`` is not in ``order``.

    >>> from naipes.cards import SPANISH_40
    >>> chain_up(7, [7, 10, 11], SPANISH_40), chain_up(2, [3, 4], SPANISH_40)
    ((7, 10, 11), ())
    >>> chain_up(10, [10, 12, 1], SPANISH_40), chain_up(11, [11, 12, 1, 2], SPANISH_40)
    ((10,), (11, 12))

    .. versionadded:: 0.1
    """
    if rank not in order:
        raise ValueError(f"rank {rank!r} is not in the order {order.name!r}")
    present = ranks_present if isinstance(ranks_present, (set, frozenset)) else set(ranks_present)
    chain: list[int] = []
    current: int | None = rank
    while current is not None and current in present:
        chain.append(current)
        current = order.successor(current)
    return tuple(chain)


# --------------------------------------------------------------- partitions


def is_meld(
    cards: Iterable[Card],
    order: RankOrder,
    *,
    min_run: int = 3,
    min_group: int = 3,
    max_group: int = 4,
    sizes: Collection[int] | None = None,
) -> bool:
    """Tell whether the cards form one meld: a group or a same-suit run.

    The arguments mean what they mean for :func:`partitions`.

    >>> from naipes.cards import SPANISH_48
    >>> run = Card.parse_many("4b 5b 6b 7b")
    >>> is_meld(run, SPANISH_48), is_meld(run, SPANISH_48, sizes={3})
    (True, False)

    .. versionadded:: 0.1
    """
    cards = tuple(cards)
    if sizes is not None and len(cards) not in sizes:
        return False
    return is_group(cards, min_size=min_group, max_size=max_group) or is_run(
        cards, order, min_length=min_run
    )


@overload
def partitions(
    cards: Iterable[Card],
    order: RankOrder,
    *,
    min_run: int = ...,
    min_group: int = ...,
    max_group: int = ...,
    sizes: Collection[int] | None = ...,
    allow_leftover: Literal[False] = ...,
) -> Iterator[tuple[Meld, ...]]: ...


@overload
def partitions(
    cards: Iterable[Card],
    order: RankOrder,
    *,
    min_run: int = ...,
    min_group: int = ...,
    max_group: int = ...,
    sizes: Collection[int] | None = ...,
    allow_leftover: Literal[True],
) -> Iterator[PartialPartition]: ...


@overload
def partitions(
    cards: Iterable[Card],
    order: RankOrder,
    *,
    min_run: int = ...,
    min_group: int = ...,
    max_group: int = ...,
    sizes: Collection[int] | None = ...,
    allow_leftover: bool,
) -> Iterator[tuple[Meld, ...] | PartialPartition]: ...


def partitions(
    cards: Iterable[Card],
    order: RankOrder,
    *,
    min_run: int = 3,
    min_group: int = 3,
    max_group: int = 4,
    sizes: Collection[int] | None = None,
    allow_leftover: bool = False,
) -> Iterator[tuple[Meld, ...] | PartialPartition]:
    """Yield every way to split a multiset of cards into groups and same-suit runs.

    A group is ``min_group`` to ``max_group`` cards of equal rank and pairwise
    distinct suits; a run is at least ``min_run`` cards of one suit with
    consecutive ranks in ``order`` (no wrap). With ``sizes``, every meld must
    also have one of those sizes (Ranzo: ``sizes={3}``). Two identical cards
    (copies from several decks) are never in one meld. Jokers fit no meld.

    Each partition comes once (partitions that differ only by swapping identical
    copies are the same) and in canonical form: a meld lists its cards in the
    order of :func:`sort_cards` (a run lowest first, a group by suit), and the
    melds come ordered by their lowest card, then by their cards. Iteration is
    lazy and depth-first, choosing a meld for the lowest remaining card.

    Args:
        cards: the multiset to split.
        order: the rank order for runs.
        min_run: the fewest cards in a run.
        min_group: the fewest cards in a group.
        max_group: the most cards in a group.
        sizes: the meld sizes allowed, or ``None`` for any.
        allow_leftover: also yield partial splits, as :class:`PartialPartition`
            ``(melds, leftover)``; the complete ones have an empty leftover.

    Raises:
        ValueError: if ``min_run``, ``min_group`` or ``max_group`` is less than 1.

    >>> from naipes.cards import FRENCH_ACE_LOW, SPANISH_48
    >>> def show(p): return " | ".join(" ".join(map(str, m)) for m in p)
    >>> hand = Card.parse_many("4b 5b 6b 7b 7o 7c")
    >>> [show(p) for p in partitions(hand, SPANISH_48)]
    ['4b 5b 6b | 7o 7c 7b']
    >>> [show(p) for p in partitions(Card.parse_many("AS 2S 3S AS 2S 3S"), FRENCH_ACE_LOW)]
    ['AS 2S 3S | AS 2S 3S']
    >>> melds, leftover = next(partitions(Card.parse_many("1o 2o 3o 9c"), SPANISH_48,
    ...                                   allow_leftover=True))
    >>> show(melds), leftover
    ('1o 2o 3o', (Card.parse('9c'),))

    .. versionadded:: 0.1
    """
    _check_positive(min_run=min_run, min_group=min_group, max_group=max_group)
    return _partitions(cards, order, (min_run, min_group, max_group, sizes), allow_leftover)


def _partitions(
    cards: Iterable[Card],
    order: RankOrder,
    meld_sizes: tuple[int, int, int, Collection[int] | None],
    allow_leftover: bool,
) -> Iterator[tuple[Meld, ...] | PartialPartition]:
    counts: dict[Card, int] = Counter(cards)
    distinct = sorted(counts, key=_card_key(order))
    candidates = meld_candidates(distinct, order, *meld_sizes)
    search = PartitionSearch([counts[c] for c in distinct], candidates, allow_leftover)
    if allow_leftover or search.coverable():
        for melds_ix, left_ix in search.results():
            melds = tuple(tuple(distinct[j] for j in meld) for meld in melds_ix)
            if allow_leftover:
                yield PartialPartition(melds, tuple(distinct[j] for j in left_ix))
            else:
                yield melds
