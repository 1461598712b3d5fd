"""Hand value (§3.C, RZ-12), payments (RZ-13), the final ranking (RZ-14) and :class:`Result`.

The value of a winning hand is the best over every split of its cards into
juegos, open juegos kept fixed: ``Rules.special`` when the split holds a named
special, else ``Rules.regular``. Specials do not stack.

>>> from naipes.cards import Card
>>> from naipes.ranzo.rules import Rules
>>> hv = value_hand(Rules(), (), Card.parse_many("10c 11c 12c 2o 2e 2b"))
>>> hv.value, hv.specials, [" ".join(map(str, j)) for j in hv.split]
(6, ('real',), ['2o 2e 2b', '10c 11c 12c'])
>>> pay(3, winner=2, culprits=(3, 0, 1), balances=(30, 30, 30, 30))
((3, 1, 1), (0, 1, 1), (1, 1, 1))
>>> rank_balances((29, 33, 29, 29))
((1,), (0, 2, 3))
>>> r = make_result(Rules(), (29, 33, 29, 29))
>>> r.winners, r.ranking, r.returns
((1,), ((1,), (0, 2, 3)), (-1.0, 3.0, -1.0, -1.0))
>>> make_result(Rules(teams=True), (29, 33, 29, 29)).ranking
((1, 3), (0, 2))

.. versionadded:: 0.1
.. versionchanged:: 1.0
   :class:`Result` (0.1's ``RanzoResult``) and :func:`make_result` moved here.
"""

from __future__ import annotations

from typing import Sequence

import attrs

from naipes.cards import Card, RankOrder
from naipes.combos import partitions
from naipes.game import Result as BaseResult
from naipes.ranzo.rules import Rules
from naipes.ranzo.specials import Special

__all__ = ["HandValue", "Result", "make_result", "pay", "rank_balances", "specials_in", "value_hand"]

Juego = tuple[Card, ...]


@attrs.frozen(kw_only=True)
class HandValue:
    """The best split of a winning hand and what it is worth.

    Attributes:
        split: the juegos, open juegos first, then the others in canonical order.
        value: the points the culprits owe together.
        specials: the names of the specials the split holds (empty for a regular hand).

    .. versionadded:: 0.1
    """

    split: tuple[Juego, ...]
    value: int
    specials: tuple[str, ...]


def specials_in(split: Sequence[Juego], specials: Sequence[Special], order: RankOrder) -> tuple[str, ...]:
    """The names of the specials that a split of juegos holds (pairs: any two juegos).

    >>> from naipes.ranzo.specials import special
    >>> from naipes.cards import SPANISH_48
    >>> specials_in([Card.parse_many("2o 3o 4o"), Card.parse_many("2e 3e 4e")],
    ...             [special("mellizos")], SPANISH_48)
    ('mellizos',)

    .. versionadded:: 0.1
    """
    found: list[str] = []
    for sp in specials:
        if sp.kind == "single":
            hit = any(sp.matches_single(j, order) for j in split)
        else:
            hit = any(sp.matches_pair(split[i], split[k], order)
                      for i in range(len(split)) for k in range(i + 1, len(split)))
        if hit:
            found.append(sp.name)
    return tuple(found)


def value_hand(rules: Rules, fixed: Sequence[Juego], free: Sequence[Card]) -> HandValue | None:
    """The best value of a hand: open juegos ``fixed``, the other cards ``free``.

    Returns:
        The best :class:`HandValue`, or ``None`` when the cards do not split
        into ``rules.juegos_to_win`` juegos.

    .. versionadded:: 0.1
    """
    order = rules.order
    specials = rules.special_list
    need = rules.juegos_to_win - len(fixed)
    best: HandValue | None = None
    for part in partitions(free, order, sizes={3}, max_group=3):
        if len(part) != need:
            continue
        split = tuple(fixed) + tuple(part)
        names = specials_in(split, specials, order)
        value = rules.special if names else rules.regular
        if best is None or value > best.value:
            best = HandValue(split=split, value=value, specials=names)
    return best


def pay(value: int, *, winner: int, culprits: Sequence[int],
        balances: Sequence[int]) -> tuple[tuple[int, int, int], ...]:
    """What each culprit owes and pays (RZ-13).

    Each of k culprits owes ``value // k``; the first ``value % k`` of them (in
    turn order from the winner, as given) owe 1 more. Each pays at most his
    balance; nobody covers a shortfall.

    Returns:
        ``(culprit, owed, paid)`` per culprit; the winner receives the sum paid.

    .. versionadded:: 0.1
    """
    k = len(culprits)
    if not k:
        return ()
    share, extra = divmod(value, k)
    out = []
    for i, seat in enumerate(culprits):
        owed = share + (1 if i < extra else 0)
        out.append((seat, owed, min(owed, balances[seat])))
    return tuple(out)


def rank_balances(values: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Indices grouped by value, highest first; equal values share a place (RZ-14).

    .. versionadded:: 0.1
    """
    return tuple(tuple(i for i, v in enumerate(values) if v == level)
                 for level in sorted(set(values), reverse=True))


@attrs.frozen(kw_only=True)
class Result(BaseResult):
    """The final balances and ranking of a game of Ranzo (RZ-14, RZ-16).

    ``scores`` holds one value per side: the balances, or with ``Rules.teams``
    the team totals (seats 0+2, then 1+3). ``ranking`` groups seats by final
    balance (by team total in the team variant); equal values share a place.
    ``returns`` is each seat's gain over the starting points (its team's gain
    in the team variant).

    Attributes:
        balances: every seat's final balance.
        team_totals: the team totals, or ``None`` without teams.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Renamed from ``RanzoResult``.
    """

    balances: tuple[int, ...]
    team_totals: tuple[int, ...] | None


def make_result(rules: Rules, balances: tuple[int, ...]) -> Result:
    """The result for final ``balances`` under ``rules``.

    .. versionadded:: 0.1
    """
    start = rules.starting_points
    totals: tuple[int, ...] | None
    scores: tuple[int, ...]
    if rules.teams:
        totals = (balances[0] + balances[2], balances[1] + balances[3])
        sides = ((0, 2), (1, 3))
        ranking = tuple(tuple(sorted(s for i in group for s in sides[i])) for group in rank_balances(totals))
        returns = tuple(float(totals[s % 2] - 2 * start) for s in range(4))
        scores = totals
    else:
        totals = None
        ranking = rank_balances(balances)
        returns = tuple(float(b - start) for b in balances)
        scores = balances
    return Result(winners=ranking[0], ranking=ranking, scores=scores, returns=returns,
                  balances=balances, team_totals=totals)
