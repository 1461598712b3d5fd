"""The atomic check of a play (MV-05, MV-11, MV-12), shared by the game and the workspace.

:func:`play_problems` lists everything wrong with a proposed new table, each
problem as ``(meld index, reason)`` (index ``-1`` for a problem of the whole
play); an empty tuple means the play is legal.

>>> from naipes.machiavelli.melds import parse_table
>>> start = parse_table("[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]")
>>> hand = Card.parse_many("7H 7D JS 2C")
>>> good = parse_table("[4S 5S 6S] [8S 9S 10S] [7S 7H 7D] [JH JD JC JS]")
>>> play_problems(start, hand, good, Card.parse_many("7H 7D JS"))
()
>>> bad = parse_table("[4S 5S 6S] [8S 9S 10S] [7S 7H] [JH JD JC JS]")
>>> play_problems(start, hand, bad, Card.parse_many("7H JS"))
((2, 'a meld of two cards'),)

.. versionadded:: 0.1
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.machiavelli.melds import Meld, meld_problem, meld_value
from naipes.machiavelli.rules import Rules

__all__ = ["WHOLE_PLAY", "describe_problems", "play_problems"]

#: The meld index of a problem that belongs to the play as a whole.
WHOLE_PLAY = -1

_DEFAULT = Rules()

Problem = tuple[int, str]


def _names(counts: Counter[Card]) -> str:
    return " ".join(str(c) for c in sorted(counts.elements(), key=lambda c: (c.rank, str(c))))


def play_problems(start: Sequence[Meld], hand: Sequence[Card], table: Sequence[Meld],
                  cards: Sequence[Card], rules: Rules | None = None, *,
                  opened: bool = True) -> tuple[Problem, ...]:
    """Everything that makes a play illegal, as ``(meld index, reason)`` pairs.

    Args:
        start: the table at the start of the turn.
        hand: the player's hand at the start of the turn.
        table: the proposed new table.
        cards: the hand cards the play puts on the table.
        rules: the variant rules (default :class:`Rules`).
        opened: whether the player has made his opening play (MV-11; only
            matters when ``rules.initial_meld_min`` is not 0).

    Returns:
        The problems in a stable order; ``()`` when the play is legal.

    .. versionadded:: 0.1
    """
    rules = rules or _DEFAULT
    out: list[Problem] = []
    played = Counter(cards)
    if not cards:
        out.append((WHOLE_PLAY, "no card from the hand is added (a play must add at least one, MV-05)"))
    missing = played - Counter(hand)
    if missing:
        out.append((WHOLE_PLAY, f"not in the hand: {_names(missing)}"))
    known = {id(m) for m in start}  # melds kept as they were (same objects) are valid already
    for i, meld in enumerate(table):
        if id(meld) in known or (not meld.jokers and _plainly_valid(meld.cards)):
            continue
        reason = meld_problem(meld, rules)
        if reason is not None:
            out.append((i, reason))
    out.extend(_multiset_problems(start, table, cards, played))
    if rules.initial_meld_min and not opened:
        out.extend(_opening_problems(start, table, rules.initial_meld_min))
    return tuple(out)


_FRENCH_IDS = frozenset(id(Card(r, s)) for s in FRENCH_SUITS for r in range(1, 14))


def _plainly_valid(cards: tuple[Card, ...]) -> bool:
    """A fast yes for a joker-free valid group or run (``False`` means: ask :func:`meld_problem`).

    Cards are interned, so equal cards are the same object and ``id`` stands for the card.
    """
    n = len(cards)
    if n < 3 or len({id(c) for c in cards}) != n or not all(id(c) in _FRENCH_IDS for c in cards):
        return False
    first = cards[0]
    if all(c.rank == first.rank for c in cards):
        return n <= 4  # distinct cards of one rank have distinct suits
    suit = first.suit
    if not all(c.suit is suit for c in cards):
        return False
    ranks = [c.rank for c in cards]
    return max(ranks) - min(ranks) == n - 1  # n distinct ranks in a span of n


def _balance(start: Sequence[Meld], table: Sequence[Meld], cards: Sequence[Card]) -> dict[Card, int]:
    """New table minus (old table + played cards), card by card; zeros mean preserved."""
    counts: dict[int, int] = {}
    names: dict[int, Card] = {}
    get = counts.get
    for m in table:
        for c in (m.physical if m.jokers else m.cards):
            i = id(c)
            counts[i] = get(i, 0) + 1
            names[i] = c
    for m in start:
        for c in (m.physical if m.jokers else m.cards):
            i = id(c)
            counts[i] = get(i, 0) - 1
            names[i] = c
    for c in cards:
        i = id(c)
        counts[i] = get(i, 0) - 1
        names[i] = c
    return {names[i]: n for i, n in counts.items() if n}


def _multiset_problems(start: Sequence[Meld], table: Sequence[Meld], cards: Sequence[Card],
                       played: Counter[Card]) -> list[Problem]:
    balance = _balance(start, table, cards)
    swapped = -balance.pop(JOKER, 0)
    if swapped >= 0 and not balance:
        if not swapped:
            return []
        extra: Counter[Card] = Counter()
        lost: Counter[Card] = Counter()
    else:
        extra = Counter({c: n for c, n in balance.items() if n > 0})
        lost = Counter({c: -n for c, n in balance.items() if n < 0})
        if swapped < 0:
            extra[JOKER] = -swapped
    out: list[Problem] = []
    if extra:
        out.append((WHOLE_PLAY, f"cards from nowhere (neither on the table nor played from the hand): {_names(extra)}"))
    unplaced = Counter({c: min(n, played[c]) for c, n in lost.items() if played[c]})
    if unplaced:
        out.append((WHOLE_PLAY, f"played from the hand but not on the new table: {_names(unplaced)}"))
        lost -= unplaced
    if lost:
        out.append((WHOLE_PLAY, f"table cards missing from the new table (they must stay on the table): {_names(lost)}"))
    if swapped > 0:
        declared = Counter(c for m in start for c in m.declared)
        matched = sum(min(n, played[card]) for card, n in declared.items())
        if swapped > matched:
            out.append((WHOLE_PLAY, f"{swapped} joker(s) left the table but only {matched} were swapped for "
                                    "the natural card they stood for (MV-12)"))
    return out


def _opening_problems(start: Sequence[Meld], table: Sequence[Meld], minimum: int) -> list[Problem]:
    old = Counter(m.normalized() for m in start)
    new = Counter(m.normalized() for m in table)
    out: list[Problem] = []
    if old - new:
        out.append((WHOLE_PLAY, "an opening play may not change the melds on the table (MV-11)"))
    added = new - old
    value = sum(meld_value(m) * n for m, n in added.items())
    if value < minimum:
        out.append((WHOLE_PLAY, f"the opening melds are worth {value}, less than {minimum} (MV-11)"))
    return out


def describe_problems(problems: Sequence[Problem], table: Sequence[Meld], *, base: int = 0) -> str:
    """One readable sentence per problem, melds numbered from ``base``.

    >>> from naipes.machiavelli.melds import parse_table
    >>> describe_problems(((1, "a meld of two cards"),), parse_table("[4S 5S 6S] [7S 7H]"), base=1)
    'meld 2 [7S 7H]: a meld of two cards'

    .. versionadded:: 0.1
    """
    lines = []
    for index, reason in problems:
        if 0 <= index < len(table):
            lines.append(f"meld {index + base} {table[index]}: {reason}")
        else:
            lines.append(reason)
    return "\n".join(lines)
