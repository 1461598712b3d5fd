"""Per-entrant sums of a tournament's games: games, wins, mean returns with intervals (internal).

The games of one deal are not independent in duplicate mode (they share the
cards), so the 95 % interval of a mean is computed with the deals as clusters
(the cluster-robust standard error of a mean), which is what makes duplicate
deals narrow the intervals honestly. The interval is clipped to the range of
returns the rules allow (a normal interval can spill past it: a mean of wins in
``[0, 1]`` near 1), and when every deal came to the same mean, where the
standard error is 0 and the interval would be a point, it is widened to how far
the deals could have strayed unseen (:func:`mean_interval`).

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
        mean_return: the mean of ``Result.returns`` over its seats and games
            (``nan`` when it has none: every game of it forfeited).
        return_interval: the 95 % interval of ``mean_return`` (deals as clusters;
            ``nan`` bounds with fewer than two deals), inside the range of the
            returns the rules allow (see :func:`mean_interval`). Forfeited games
            have no returns and are left out of it.
        score_interval: the 95 % Wilson interval of ``score`` (``nan`` bounds when it
            played no game; see :func:`wilson_interval`).
        forfeits: games it forfeited (a bot of its failed: see ``on_error``).

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       ``score_interval`` and ``forfeits``; ``mean_return`` is ``nan`` without returns;
       ``return_interval`` inside the range of the returns, and not a point when
       the returns do not vary.
    """

    entrant: int
    bot: str
    games: int
    wins: float
    outright: int
    shared: int
    score: float
    mean_return: float = attrs.field(eq=attrs.cmp_using(eq=lambda a, b: a == b or (a != a and b != b)))
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


def mean_interval(clusters: Sequence[tuple[float, int]],
                  bounds: tuple[float, float] | None = None) -> tuple[float, tuple[float, float]]:
    """The mean and its 95 % interval from per-cluster ``(sum, count)`` pairs.

    The interval is the mean plus or minus 1.96 cluster-robust standard errors
    (``nan`` bounds with fewer than two clusters; a ``nan`` mean with no data).

    With ``bounds``, the lowest and highest value a single value can take, the
    interval stays inside them, and when every cluster came to the same mean
    ``x`` (no spread for the standard error to measure: it would be the point
    ``[x, x]``) the interval says how far a cluster *could* have strayed unseen:
    with no straying cluster in ``c``, the share of clusters that stray is at most
    the Wilson upper bound ``u`` of 0 successes in ``c`` trials (about ``3.8 / c``),
    and a straying cluster lies within ``bounds``, so the mean lies in
    ``[x - u (x - low), x + u (high - x)]``. That holds whatever the distribution
    and narrows as ``c`` grows.

    >>> mean, (low, high) = mean_interval([(1.0, 1), (0.0, 1), (1.0, 1), (0.0, 1)])
    >>> mean, round(low, 2), round(high, 2)
    (0.5, -0.07, 1.07)
    >>> mean_interval([(1.0, 1), (0.0, 1), (1.0, 1), (0.0, 1)], bounds=(0.0, 1.0))[1]
    (0.0, 1.0)
    >>> [round(x, 3) for x in mean_interval([(0.0, 1)] * 20, bounds=(0.0, 1.0))[1]]   # 20 losses
    [0.0, 0.161]

    .. versionchanged:: 1.2
       ``bounds``; a ``nan`` mean (not 0) without data.
    """
    n = sum(count for _, count in clusters)
    if n == 0:
        return math.nan, (math.nan, math.nan)
    mean = sum(total for total, _ in clusters) / n
    c = len(clusters)
    if c < 2:
        return mean, (math.nan, math.nan)
    var = sum((total - count * mean) ** 2 for total, count in clusters) / (n * n) * c / (c - 1)
    if bounds is None:
        half = Z95 * math.sqrt(var)
        return mean, (mean - half, mean + half)
    low, high = bounds
    if all(math.isclose(total, count * mean, rel_tol=1e-12, abs_tol=1e-12) for total, count in clusters):
        stray = wilson_interval(0, c)[1]
        return mean, (max(low, mean - stray * (mean - low)), min(high, mean + stray * (high - mean)))
    half = Z95 * math.sqrt(var)
    return mean, (max(low, mean - half), min(high, mean + half))


def _wins(record: GameRecord) -> dict[int, float]:
    entrants = {record.seats[s] for s in record.winners}
    return {e: 1.0 / len(entrants) for e in entrants}


def entrant_stats(records: Sequence[GameRecord], specs: Sequence[str],
                  bounds: tuple[float, float] | None = None) -> tuple[EntrantStats, ...]:
    """The per-entrant table, records taken in their given (index) order.

    ``bounds``: the lowest and highest return a seat can get under the rules; the
    mean-return intervals stay inside them, widened to any return outside them
    (see :func:`mean_interval`). ``None``: inside the lowest and highest return seen.
    """
    k = len(specs)
    games, outright, shared, forfeits = [0] * k, [0] * k, [0] * k, [0] * k
    wins = [0.0] * k
    sums: list[dict[int, list[float]]] = [defaultdict(lambda: [0.0, 0]) for _ in range(k)]
    seen: list[float] = []
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
        if record.returns:
            seen += (min(record.returns), max(record.returns))
        for seat, entrant in enumerate(record.seats):
            cell = sums[entrant][record.deal]
            cell[0] += record.returns[seat]
            cell[1] += 1
    limits = _limits(bounds, seen)
    out = []
    for e in range(k):
        mean, interval = mean_interval([(total, int(count)) for total, count in sums[e].values()], limits)
        out.append(EntrantStats(entrant=e, bot=specs[e], games=games[e], wins=wins[e], outright=outright[e],
                                shared=shared[e], score=wins[e] / games[e] if games[e] else 0.0,
                                mean_return=mean, return_interval=interval,
                                score_interval=wilson_interval(wins[e], games[e]), forfeits=forfeits[e]))
    return tuple(out)


def _limits(bounds: tuple[float, float] | None, seen: Sequence[float]) -> tuple[float, float] | None:
    """The range a return can take: ``bounds`` widened to the returns ``seen``, or those alone."""
    if bounds is None:
        return (min(seen), max(seen)) if seen else None
    if not seen:
        return bounds
    return min(bounds[0], *seen), max(bounds[1], *seen)
