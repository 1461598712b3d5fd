"""naipes.tournament.run: lineups, duplicate deals, the table, ratings, executors, errors."""

from __future__ import annotations

import concurrent.futures as cf
import json
import math
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes import UsageError, tournament
from naipes.errors import RulesError
from naipes.tournament import GameRecord, bradley_terry, lineups
from naipes.tournament._ratings import pair_outcomes
from naipes.tournament._schedule import Schedule
from naipes.tournament._stats import entrant_stats

BEST = "naipes.machuco.bots:MachucoBot"
HAND = {"scope": "hand"}


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 5), st.integers(2, 4))
def test_every_entrant_holds_every_side_equally_often(entrants: int, sides: int) -> None:
    found = lineups(entrants, sides)
    assert len(set(found)) == len(found)
    for side in range(sides):
        counts = Counter(lineup[side] for lineup in found)
        assert sorted(counts) == list(range(entrants))
        assert len(set(counts.values())) == 1
    assert all(len(set(x)) == min(entrants, sides) or entrants < sides for x in found)


def test_lineups_refuse_one_entrant_and_too_many() -> None:
    with pytest.raises(UsageError, match="at least 2") as info:
        lineups(1, 2)
    assert info.value.code == "too_few_entrants"
    with pytest.raises(UsageError) as info:
        lineups(12, 4)
    assert info.value.code == "too_many_lineups"


def test_duplicate_replays_each_deal_in_every_lineup() -> None:
    dup = Schedule(5, lineups(2, 2), True)
    assert [dup.deal(g) for g in range(6)] == [0, 0, 1, 1, 2, 2]
    assert dup.deal_seed(0) == dup.deal_seed(1) != dup.deal_seed(2)
    assert [dup.lineup(g) for g in range(4)] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    single = Schedule(5, lineups(2, 2), False)
    assert len({single.deal_seed(g) for g in range(6)}) == 6
    assert Schedule(6, lineups(2, 2), True).deal_seed(0) != dup.deal_seed(0)


def test_duplicate_games_of_one_deal_get_the_same_cards() -> None:
    from naipes import machuco

    result = tournament.run("machuco", [BEST, "random"], games=4, rules={"players": 2, **HAND}, seed=9)
    sched = Schedule(9, result.lineups, True)
    hands = [machuco.Game(machuco.Rules(players=2, scope="hand"), seed=sched.deal_seed(r.index)).view(0).hand
             for r in result.records]
    assert hands[0] == hands[1] != hands[2] == hands[3]
    assert [r.lineup for r in result.records] == [(0, 1), (1, 0), (0, 1), (1, 0)]


def test_one_entrant_per_side_in_a_team_game() -> None:
    result = tournament.run("machuco", [BEST, "random"], games=4, rules={"players": 4, **HAND}, seed=2)
    assert result.players == 4 and len(result.lineups) == 2
    assert [r.seats for r in result.records] == [(0, 1, 0, 1), (1, 0, 1, 0)] * 2
    assert all(r.sides == ((0, 2), (1, 3)) for r in result.records)


def test_more_sides_than_entrants_and_more_entrants_than_sides() -> None:
    three = tournament.run("machuco", [BEST, "random", "random:seed=1"], games=6,
                           rules={"players": 2, **HAND}, seed=1)
    assert len(three.lineups) == 6 and [e.games for e in three.entrants] == [4, 4, 4]
    ranzo = tournament.run("ranzo", ["best", "random"], games=14, rules={"rounds": 1}, seed=1)
    assert len(ranzo.lineups) == 14 and [e.games for e in ranzo.entrants] == [14, 14]


def _record(index: int, deal: int, seats: tuple[int, ...], ranking: tuple[tuple[int, ...], ...],
            returns: tuple[float, ...]) -> GameRecord:
    return GameRecord(index=index, deal=deal, lineup=seats, seats=seats, sides=tuple((s,) for s in range(len(seats))),
                      ranking=ranking, winners=ranking[0], returns=returns, moves=10)


def test_the_table_counts_outright_and_shared_wins() -> None:
    records = [_record(0, 0, (0, 1, 2), ((0,), (1, 2)), (2.0, -1.0, -1.0)),
               _record(1, 0, (1, 2, 0), ((0, 1), (2,)), (1.0, 1.0, -2.0)),
               _record(2, 1, (2, 0, 1), ((2,), (0,), (1,)), (-1.0, 3.0, 1.0))]
    stats = entrant_stats(records, ["a", "b", "c"])
    a, b, c = stats
    assert (a.games, a.wins, a.outright, a.shared) == (3, 1.0, 1, 0)
    assert (b.games, b.wins, b.outright, b.shared) == (3, 1.5, 1, 1)
    assert (c.games, c.wins, c.outright, c.shared) == (3, 0.5, 0, 1)
    assert a.mean_return == pytest.approx((2 - 2 + 3) / 3)
    low, high = a.return_interval
    assert low < a.mean_return < high
    assert b.score == pytest.approx(0.5)


def test_pairwise_outcomes_of_a_ranking() -> None:
    w = pair_outcomes(_record(0, 0, (0, 1, 2), ((1,), (0, 2)), (0.0, 0.0, 0.0)), 3)
    assert w == [[0.0, 0.0, 0.5], [1.0, 0.0, 1.0], [0.5, 0.0, 0.0]]


def test_bradley_terry_recovers_strengths_and_stays_finite() -> None:
    # i beats j with probability p_i / (p_i + p_j): strengths 4:2:1
    p = [4.0, 2.0, 1.0]
    wins = [[0.0 if i == j else 1000 * p[i] / (p[i] + p[j]) for j in range(3)] for i in range(3)]
    r = bradley_terry(wins, prior=0.0)
    assert r[0] - r[1] == pytest.approx(400 * math.log10(2), abs=0.01)
    assert r[1] - r[2] == pytest.approx(400 * math.log10(2), abs=0.01)
    assert sum(r) == pytest.approx(0.0, abs=1e-6)
    sweep = bradley_terry([[0.0, 10.0], [0.0, 0.0]])
    assert all(math.isfinite(x) for x in sweep)
    assert sweep[0] - sweep[1] == pytest.approx(400 * math.log10(10.5 / 0.5))


def test_result_identical_in_process_in_two_processes_and_on_a_thread_pool() -> None:
    kwargs = dict(games=24, rules={"players": 2, **HAND}, seed=11)
    here = tournament.run("machuco", [BEST, "random"], **kwargs)  # type: ignore[arg-type]
    procs = tournament.run("machuco", [BEST, "random"], jobs=2, **kwargs)  # type: ignore[arg-type]
    with cf.ThreadPoolExecutor(3) as pool:
        threads = tournament.run("machuco", [BEST, "random"], executor=pool, **kwargs)  # type: ignore[arg-type]
    assert here == procs == threads
    assert here.to_dict() | {"seconds": 0} == procs.to_dict() | {"seconds": 0}
    other = tournament.run("machuco", [BEST, "random"], games=24, rules={"players": 2, **HAND}, seed=12)
    assert other != here


def test_the_best_bot_rates_above_random_with_intervals() -> None:
    result = tournament.run("machuco", ["best", "random"], games=60, rules={"players": 2, **HAND}, seed=3)
    best, rnd = result.ratings
    assert best.rating > 0 > rnd.rating
    assert best.interval[0] <= best.rating <= best.interval[1]
    assert result.entrants[0].score > 0.5
    text = result.table()
    assert text.splitlines()[2].startswith("best")
    data = json.loads(json.dumps(result.to_dict(records=True), allow_nan=False))
    assert data["games"] == 60 and len(data["records"]) == 60 and data["bots"] == ["best", "random"]


def test_progress_is_reported_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    tournament.run("machuco", [BEST, "random"], games=10, rules={"players": 2, **HAND},
                   progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (10, 10)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_the_chart_is_an_svg_document() -> None:
    result = tournament.run("machuco", [BEST, "random"], games=8, rules={"players": 2, **HAND})
    root = ET.fromstring(result.svg())
    assert root.tag.endswith("svg")
    assert len([e for e in root.iter() if e.tag.endswith("circle")]) == 2


@pytest.mark.parametrize(("kwargs", "code"), [
    ({"bots": ["random"]}, "too_few_entrants"),
    ({"bots": "random,random"}, "bad_bots"),
    ({"bots": ["random", "nope"]}, "no_such_bot"),
    ({"games": 0}, "bad_games"),
    ({"seed": "x"}, "bad_seed"),
    ({"seed": -1}, "bad_seed"),
    ({"jobs": 0}, "bad_jobs"),
    ({"jobs": 2, "executor": cf.ThreadPoolExecutor(1)}, "executor_and_jobs"),
    ({"rules": object()}, "bad_rules"),
    ({"game": "chinchon"}, "no_such_game"),
])
def test_bad_arguments_are_usage_errors(kwargs: dict[str, object], code: str) -> None:
    args: dict[str, object] = {"game": "machuco", "bots": ["random", "random"], "games": 2}
    args.update(kwargs)
    with pytest.raises(UsageError) as info:
        tournament.run(**args)  # type: ignore[arg-type]
    assert info.value.code == code


def test_rules_the_game_refuses_are_rules_errors() -> None:
    with pytest.raises(RulesError):
        tournament.run("machuco", ["random", "random"], games=2, rules={"no_such_field": 1})


class CountingExecutor(cf.Executor):
    """Runs each call at once and counts the calls (a stand-in for a cluster)."""

    def __init__(self) -> None:
        self.calls = 0

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        self.calls += 1
        future: cf.Future[object] = cf.Future()
        future.set_result(fn(*args, **kwargs))
        return future


def test_any_executor_gets_chunks_of_games() -> None:
    executor = CountingExecutor()
    result = tournament.run("machuco", [BEST, "random"], games=40, rules={"players": 2, **HAND}, executor=executor)
    assert result == tournament.run("machuco", [BEST, "random"], games=40, rules={"players": 2, **HAND})
    assert 1 < executor.calls < 40


def test_search_bots_with_iteration_budgets_give_the_same_tournament_anywhere() -> None:
    pytest.importorskip("naipes.search")
    bots = ["ismcts:iterations=6", "pimc:iterations=6"]
    kwargs = dict(games=4, rules={"players": 2, **HAND}, seed=2)
    here = tournament.run("machuco", bots, **kwargs)  # type: ignore[arg-type]
    assert here == tournament.run("machuco", bots, jobs=2, **kwargs)  # type: ignore[arg-type]
    assert [e.bot for e in here.entrants] == bots
