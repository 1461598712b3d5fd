"""Intervals that say something: never a point for a sweep or for returns that do not vary,
never past the returns a seat can get."""

from __future__ import annotations

import math

import pytest

from naipes import tournament
from naipes.tournament import GameRecord, wilson_interval
from naipes.tournament._ratings import laplace_intervals, ratings
from naipes.tournament._stats import entrant_stats, mean_interval


def _game(index: int, deal: int, seats: tuple[int, int], winner: int) -> GameRecord:
    returns = tuple(1.0 if s == winner else 0.0 for s in range(2))
    return GameRecord(index=index, deal=deal, lineup=seats, seats=seats, sides=((0,), (1,)),
                      ranking=((winner,), (1 - winner,)), winners=(winner,), returns=returns, moves=10)


def _sweep(deals: int) -> list[GameRecord]:
    """Entrant 0 wins every game, two games (both lineups) per deal."""
    return [_game(2 * d + k, d, ((0, 1), (1, 0))[k], k) for d in range(deals) for k in range(2)]


def test_returns_that_never_vary_get_an_interval_that_narrows_with_the_deals() -> None:
    widths = []
    for deals in (5, 50):
        a, b = entrant_stats(_sweep(deals), ["a", "b"])
        assert (a.mean_return, b.mean_return) == (1.0, 0.0)
        stray = wilson_interval(0, deals)[1]
        assert a.return_interval == pytest.approx((1.0 - stray, 1.0))  # was (1.0, 1.0)
        assert b.return_interval == pytest.approx((0.0, stray))  # was (0.0, 0.0)
        widths.append(stray)
    assert widths[1] < widths[0] / 5


def test_mean_return_intervals_stay_inside_the_returns() -> None:
    # entrant 0 wins all but one game: the normal interval reaches past 1
    records = _sweep(6)
    records[0] = _game(0, 0, (0, 1), 1)
    a, b = entrant_stats(records, ["a", "b"])
    _, (_, unclipped) = mean_interval([(2.0, 2)] * 5 + [(1.0, 2)])
    assert unclipped > 1.0
    assert 0.0 <= a.return_interval[0] < a.mean_return < a.return_interval[1] == 1.0
    assert 0.0 == b.return_interval[0] < b.mean_return < b.return_interval[1] <= 1.0


def test_the_rules_range_bounds_the_interval_and_a_return_outside_it_widens_it() -> None:
    clusters = [(0.5, 1), (0.5, 1), (0.5, 1)]
    assert mean_interval(clusters, (0.0, 1.0))[1] == pytest.approx((0.5 - 0.5 * wilson_interval(0, 3)[1],
                                                                     0.5 + 0.5 * wilson_interval(0, 3)[1]))
    wide = entrant_stats(_sweep(4), ["a", "b"], (0.0, 2.0))[0]
    assert wide.return_interval[1] == 1.0 + wilson_interval(0, 4)[1] * 1.0
    narrow = entrant_stats(_sweep(4), ["a", "b"], (0.0, 0.5))[0]  # a wrong range: the returns widen it
    assert narrow.return_interval[1] == 1.0


def test_a_tournament_keeps_every_interval_inside_the_games_returns() -> None:
    result = tournament.run("machuco", ["best", "random"], games=20, rules={"players": 2, "scope": "hand"}, seed=4)
    for e in result.entrants:
        low, high = e.return_interval
        assert 0.0 <= low <= e.mean_return <= high <= 1.0


def test_a_sweep_gets_a_rating_interval_that_narrows_with_the_games() -> None:
    for deals in (4, 40):
        swept = ratings(_sweep(deals), ["a", "b"], seed=0)
        for r in swept:
            assert r.interval[0] < r.rating < r.interval[1]  # was [r, r]
    tops = [laplace_intervals([[0.0, 0.0], [float(n), 0.0]])[0][1] for n in (8, 80, 800)]
    assert tops[0] > tops[1] > tops[2] and tops[2] < -300  # the loser's best case falls


def test_laplace_intervals_match_the_bootstrap_where_both_hold() -> None:
    # 60 % of 400 meetings: both give about +-35 Elo around +35
    boot = ratings([_game(i, i, (0, 1), 0 if i % 5 < 3 else 1) for i in range(400)], ["a", "b"], seed=1)
    normal = laplace_intervals([[0.0, 240.0], [160.0, 0.0]])
    for r, (low, high) in zip(boot, normal):
        assert math.isclose(r.interval[0], low, abs_tol=8) and math.isclose(r.interval[1], high, abs_tol=8)
