"""How a game of Ranzo ended: :class:`RanzoResult` (RZ-14, RZ-16).

>>> from naipes.ranzo.rules import Rules
>>> r = make_result(Rules(), (29, 33, 29, 29))
>>> r.winners, r.ranking, r.returns
((1,), ((1,), (0, 2, 3)), (-1.0, 3.0, -1.0, -1.0))
>>> make_result(Rules(teams=True), (29, 33, 29, 29)).ranking
((1, 3), (0, 2))

.. versionadded:: 0.1
"""

from __future__ import annotations

import attrs

from naipes.game import Result
from naipes.ranzo.rules import Rules
from naipes.ranzo.scoring import rank_balances

__all__ = ["RanzoResult", "make_result"]


@attrs.frozen(kw_only=True)
class RanzoResult(Result):
    """The final balances and ranking.

    ``scores`` holds one value per side: the balances, or with ``Rules.teams``
    the team totals (seats 0+2, then 1+3). ``ranking`` groups seats by final
    balance (by team total in the team variant); equal values share a place.
    ``returns`` is each seat's gain over the starting points (its team's gain
    in the team variant).

    Attributes:
        balances: every seat's final balance.
        team_totals: the team totals, or ``None`` without teams.

    .. versionadded:: 0.1
    """

    balances: tuple[int, ...]
    team_totals: tuple[int, ...] | None


def make_result(rules: Rules, balances: tuple[int, ...]) -> RanzoResult:
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
    return RanzoResult(winners=ranking[0], ranking=ranking, scores=scores, returns=returns,
                       balances=balances, team_totals=totals)
