"""Per-entrant sums of a tournament's games: games, wins, mean returns with intervals (internal).

The games of one deal are not independent in duplicate mode (they share the
cards), so the 95 % interval of a mean is computed with the deals as clusters
(the cluster-robust standard error of a mean), which is what makes duplicate
deals narrow the intervals honestly.

The score (wins per game, a tie with ``m`` winning entrants counting ``1/m``: with
two entrants, wins + ½ ties) gets a Wilson score interval (:func:`wilson_interval`)
with the score's total as the count of successes: a tie enters as half a success.
A half success varies less than a whole one, so with ties the interval is, if
anything, wider than it needs to be.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Sequence

import attrs

from naipes.tournament._worker import GameRecord

__all__ = ["EntrantStats", "entrant_stats", "mean_interval", "wilson_interval"]

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054


@attrs.frozen
class EntrantStats:
    """What one entrant of a tournament came to.

    Attributes:
        entrant: its index in the tournament's ``bots``.
        bot: its spec.
        games: games it played.
        wins: games it won, a win shared with ``m`` entrants counting ``1/m``.
        outright: games it won alone (its seats only among the winners).
        shared: games it won together with another entrant.
        score: ``wins / games`` (0 when it played none).
        mean_return: the mean of ``Result.returns`` over its seats and games.
        return_interval: the 95 % interval of ``mean_return`` (deals as clusters;
            ``nan`` bounds with fewer than two deals). Forfeited games have no
            returns and are left out of it.
        score_interval: the 95 % Wilson interval of ``score`` (``nan`` bounds when it
            played no game; see :func:`wilson_interval`).
        forfeits: games it forfeited (a bot of its failed: see ``on_error``).

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       ``score_interval`` and ``forfeits``.
    """

    entrant: int
    bot: str
    games: int
    wins: float
    outright: int
    shared: int
    score: float
    mean_return: float
    return_interval: tuple[float, float]
    score_interval: tuple[float, float] = attrs.field(default=(math.nan, math.nan), kw_only=True)
    forfeits: int = attrs.field(default=0, kw_only=True)


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default).

    ``successes`` may be fractional: a tournament's score counts a tie as half a
    win, and the interval takes ``successes / trials`` as the observed proportion.
    ``nan`` bounds for no trials.

    >>> [round(x, 4) for x in wilson_interval(7, 10)]
    [0.3968, 0.8922]
    >>> wilson_interval(6 + 0.5 * 2, 10) == wilson_interval(7, 10)   # 6 wins, 2 ties
    True
    """
    if trials <= 0:
        return math.nan, math.nan
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(max(0.0, p * (1 - p) / trials + z2 / (4 * trials * trials)))
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(clusters: Sequence[tuple[float, int]]) -> tuple[float, tuple[float, float]]:
    """The mean and its 95 % interval from per-cluster ``(sum, count)`` pairs.

    >>> mean, (low, high) = mean_interval([(1.0, 1), (0.0, 1), (1.0, 1), (0.0, 1)])
    >>> mean, round(low, 2), round(high, 2)
    (0.5, -0.07, 1.07)
    """
    n = sum(count for _, count in clusters)
    if n == 0:
        return 0.0, (math.nan, math.nan)
    mean = sum(total for total, _ in clusters) / n
    c = len(clusters)
    if c < 2:
        return mean, (math.nan, math.nan)
    var = sum((total - count * mean) ** 2 for total, count in clusters) / (n * n) * c / (c - 1)
    half = Z95 * math.sqrt(var)
    return mean, (mean - half, mean + half)


def _wins(record: GameRecord) -> dict[int, float]:
    entrants = {record.seats[s] for s in record.winners}
    return {e: 1.0 / len(entrants) for e in entrants}


def entrant_stats(records: Sequence[GameRecord], specs: Sequence[str]) -> tuple[EntrantStats, ...]:
    """The per-entrant table, records taken in their given (index) order."""
    k = len(specs)
    games, outright, shared, forfeits = [0] * k, [0] * k, [0] * k, [0] * k
    wins = [0.0] * k
    sums: list[dict[int, list[float]]] = [defaultdict(lambda: [0.0, 0]) for _ in range(k)]
    for record in records:
        for entrant in set(record.seats):
            games[entrant] += 1
        won = _wins(record)
        for entrant, share in won.items():
            wins[entrant] += share
            if len(won) == 1:
                outright[entrant] += 1
            else:
                shared[entrant] += 1
        if record.forfeit is not None:
            forfeits[record.forfeit.entrant] += 1
            continue
        for seat, entrant in enumerate(record.seats):
            cell = sums[entrant][record.deal]
            cell[0] += record.returns[seat]
            cell[1] += 1
    out = []
    for e in range(k):
        mean, interval = mean_interval([(total, int(count)) for total, count in sums[e].values()])
        out.append(EntrantStats(entrant=e, bot=specs[e], games=games[e], wins=wins[e], outright=outright[e],
                                shared=shared[e], score=wins[e] / games[e] if games[e] else 0.0,
                                mean_return=mean, return_interval=interval,
                                score_interval=wilson_interval(wins[e], games[e]), forfeits=forfeits[e]))
    return tuple(out)
