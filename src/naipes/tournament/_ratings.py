"""Bradley–Terry ratings from the pairwise outcomes of each game's ranking (internal).

Each game gives, for every two sides held by different entrants, a win to the
side ranked higher (half a win each on a shared rank). The strengths ``p`` are
fitted by the minorization–maximization iteration of Hunter (2004), with one
virtual drawn game between every two entrants so that a clean sweep keeps a
finite rating. Ratings are on the Elo scale, ``400 * log10(p)``, centred on 0:
a 100-point gap means the stronger wins about 64 % of its meetings.

The intervals come from a bootstrap over deals (the games of a deal are drawn
together), seeded by the tournament's seed. The bootstrap cannot see past a
clean sweep: when an entrant won every meeting or lost every one (a bot that
forfeited every game), every resample is the same sweep and the interval would
be the point ``[r, r]``. Its interval then also spans the normal (Laplace)
interval of the fit: ``r ± 1.96`` standard errors from the curvature of the
likelihood with the same virtual draws that keep ``r`` finite
(:func:`laplace_intervals`); the same when the resamples do not vary for another
reason (every meeting a tie). That interval narrows as the games grow, as the
evidence of a sweep does.
"""

from __future__ import annotations

import math
import random
from typing import Sequence

import attrs

from naipes.tournament._schedule import derive_seed
from naipes.tournament._worker import GameRecord

__all__ = ["BOOTSTRAP_RESAMPLES", "Rating", "bradley_terry", "laplace_intervals", "pair_outcomes", "ratings"]

#: How many bootstrap resamples the rating intervals are taken from.
BOOTSTRAP_RESAMPLES = 200
#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054
#: Elo points per unit of log strength.
ELO = 400.0 / math.log(10.0)

Matrix = list[list[float]]


@attrs.frozen
class Rating:
    """The Bradley–Terry rating of one entrant.

    Attributes:
        entrant: its index in the tournament's ``bots``.
        bot: its spec.
        rating: Elo-scale rating (``400 * log10`` of the strength), the mean of the
            entrants that played being 0; ``nan`` for an entrant that played no game.
        interval: the 95 % bootstrap interval of ``rating`` (``nan`` bounds when undefined),
            widened to the normal (Laplace) interval for an entrant that won or lost every
            meeting, where the bootstrap gives a point (see :func:`ratings`).

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       An entrant that played no game is unrated (``nan``); a sweep's interval is not a point.
    """

    entrant: int
    bot: str
    rating: float
    interval: tuple[float, float]


def pair_outcomes(record: GameRecord, entrants: int) -> Matrix:
    """``w[i][j]``: the wins of entrant ``i`` over entrant ``j`` in this game."""
    rank = {seat: r for r, group in enumerate(record.ranking) for seat in group}
    places = [(record.lineup[i], rank.get(side[0], len(rank))) for i, side in enumerate(record.sides)]
    w = [[0.0] * entrants for _ in range(entrants)]
    for a, (ea, ra) in enumerate(places):
        for eb, rb in places[a + 1:]:
            if ea == eb:
                continue
            if ra == rb:
                w[ea][eb] += 0.5
                w[eb][ea] += 0.5
            elif ra < rb:
                w[ea][eb] += 1.0
            else:
                w[eb][ea] += 1.0
    return w


def bradley_terry(wins: Matrix, *, prior: float = 0.5, tolerance: float = 1e-10,
                  max_iterations: int = 10_000) -> tuple[float, ...]:
    """Elo-scale ratings (mean 0) fitted to ``wins[i][j]`` (wins of ``i`` over ``j``).

    ``prior`` virtual wins are added both ways between every two entrants.

    >>> [round(r) for r in bradley_terry([[0.0, 3.0], [1.0, 0.0]], prior=0.0)]
    [95, -95]
    """
    k = len(wins)
    w = [[wins[i][j] + (prior if i != j else 0.0) for j in range(k)] for i in range(k)]
    total = [sum(row) for row in w]
    meetings = [[w[i][j] + w[j][i] for j in range(k)] for i in range(k)]
    p = [1.0] * k
    for _ in range(max_iterations):
        new = []
        for i in range(k):
            denom = sum(meetings[i][j] / (p[i] + p[j]) for j in range(k) if j != i and meetings[i][j])
            new.append(total[i] / denom if denom and total[i] else 1e-12)
        scale = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / scale for x in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, p)) < tolerance
        p = new
        if done:
            break
    return tuple(400.0 * math.log10(x) for x in p)


def _deal_matrices(records: Sequence[GameRecord], entrants: int) -> list[Matrix]:
    by_deal: dict[int, Matrix] = {}
    for record in records:
        m = by_deal.setdefault(record.deal, [[0.0] * entrants for _ in range(entrants)])
        for i, row in enumerate(pair_outcomes(record, entrants)):
            for j, value in enumerate(row):
                m[i][j] += value
    return [by_deal[d] for d in sorted(by_deal)]


def _summed(matrices: Sequence[Matrix], counts: Sequence[int], k: int) -> Matrix:
    out = [[0.0] * k for _ in range(k)]
    for m, count in zip(matrices, counts):
        if count:
            for i in range(k):
                row, src = out[i], m[i]
                for j in range(k):
                    row[j] += count * src[j]
    return out


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    pos = q * (len(ordered) - 1)
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def _played(records: Sequence[GameRecord], k: int) -> list[int]:
    """The entrants that played at least one game, in order."""
    seen = [False] * k
    for record in records:
        for entrant in record.lineup:
            seen[entrant] = True
    return [e for e in range(k) if seen[e]]


def _restricted(matrices: Sequence[Matrix], keep: Sequence[int]) -> list[Matrix]:
    return [[[m[i][j] for j in keep] for i in keep] for m in matrices]


def _inverse(m: Matrix) -> Matrix:
    """The inverse of a small invertible matrix (Gauss–Jordan with partial pivoting)."""
    k = len(m)
    a = [list(row) + [1.0 if i == j else 0.0 for j in range(k)] for i, row in enumerate(m)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        a[col] = [x / lead for x in a[col]]
        for r in range(k):
            if r != col and a[r][col]:
                factor = a[r][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    return [row[k:] for row in a]


def laplace_intervals(wins: Matrix, *, prior: float = 0.5) -> tuple[tuple[float, float], ...]:
    """The 95 % normal intervals of the ratings :func:`bradley_terry` fits to ``wins``.

    The standard errors come from the curvature (observed information) of the
    log-likelihood at the fit, with the ``prior`` virtual wins both ways that keep
    a sweep's rating finite: a Laplace approximation of the posterior under that
    prior. The ratings are centred (mean 0), so the covariance is the
    pseudo-inverse of the information matrix (a graph Laplacian, singular along
    the all-equal direction).

    >>> [[round(x) for x in i] for i in laplace_intervals([[0.0, 8.0], [0.0, 0.0]])]   # 8 straight wins
    [[-2, 494], [-494, 2]]
    """
    k = len(wins)
    beta = [r / ELO for r in bradley_terry(wins, prior=prior)]
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j:
                meetings = wins[i][j] + wins[j][i] + 2 * prior
                p = 1.0 / (1.0 + math.exp(beta[j] - beta[i]))
                info[i][j] = -meetings * p * (1 - p)
                info[i][i] += meetings * p * (1 - p)
    shifted = _inverse([[x + 1.0 / k for x in row] for row in info])
    out = []
    for i in range(k):
        half = Z95 * ELO * math.sqrt(max(0.0, shifted[i][i] - 1.0 / k))
        out.append((ELO * beta[i] - half, ELO * beta[i] + half))
    return tuple(out)


def _swept(wins: Matrix) -> list[bool]:
    """Whether each entrant won every meeting it had, or lost every one."""
    k = len(wins)
    won = [sum(wins[i]) for i in range(k)]
    lost = [sum(wins[j][i] for j in range(k)) for i in range(k)]
    return [won[i] + lost[i] > 0 and (won[i] == 0 or lost[i] == 0) for i in range(k)]


def _interval(samples: Sequence[float], fallback: tuple[float, float], swept: bool) -> tuple[float, float]:
    """The bootstrap interval; the hull with ``fallback`` when it cannot be trusted (a sweep,
    resamples that do not vary) or is missing."""
    if not samples:
        return fallback if swept else (math.nan, math.nan)
    low, high = _percentile(samples, 0.025), _percentile(samples, 0.975)
    if swept or high - low <= 1e-9 * max(1.0, abs(high)):
        return min(low, fallback[0]), max(high, fallback[1])
    return low, high


def ratings(records: Sequence[GameRecord], specs: Sequence[str], *, seed: int,
            resamples: int = BOOTSTRAP_RESAMPLES) -> tuple[Rating, ...]:
    """The entrants' ratings with 95 % bootstrap intervals (deals resampled), seeded.

    The model is fitted on the entrants that played; one that played no game is
    unrated: ``nan`` rating and interval (not a rating drawn from the prior alone).
    An entrant that swept (won or lost every meeting), or whose resamples do not
    vary, gets the hull of the bootstrap and the Laplace interval
    (:func:`laplace_intervals`), which a sweep gets even from a single deal.
    """
    k = len(specs)
    keep = _played(records, k)
    matrices = _restricted(_deal_matrices(records, k), keep)
    n = len(keep)
    total = _summed(matrices, [1] * len(matrices), n)
    point = bradley_terry(total) if n > 1 else (math.nan,) * n
    normal = laplace_intervals(total) if n > 1 else ((math.nan, math.nan),) * n
    swept = _swept(total)
    rng = random.Random(derive_seed(seed, "bootstrap"))
    samples: list[list[float]] = [[] for _ in range(n)]
    d = len(matrices)
    for _ in range(resamples if d > 1 and n > 1 else 0):
        counts = [0] * d
        for _ in range(d):
            counts[rng.randrange(d)] += 1
        for i, r in enumerate(bradley_terry(_summed(matrices, counts, n))):
            samples[i].append(r)
    found = {e: i for i, e in enumerate(keep)}
    out = []
    for e in range(k):
        at = found.get(e)
        rating = point[at] if at is not None else math.nan
        interval = (_interval(samples[at], normal[at], swept[at] and n > 1) if at is not None
                    else (math.nan, math.nan))
        out.append(Rating(entrant=e, bot=specs[e], rating=rating, interval=interval))
    return tuple(out)
