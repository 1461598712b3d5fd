"""Bots that fail in a tournament: ``on_error="stop"`` raises a report, ``"forfeit"`` loses the game.

The failing bots live in a module written to a temporary directory and reach the
workers through ``bot_path``, as a user's bots would.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from naipes import UsageError, tournament
from naipes.tournament import BotFailedError, Forfeit
from naipes.tournament._forfeit import MAX_MESSAGE
from naipes.tournament._schedule import Schedule, derive_seed

RULES = {"players": 2, "scope": "hand"}

FAILBOTS = '''
from naipes import RandomBot


class Raising(RandomBot):
    """Raises at its third decision in the games whose seed is even."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.fails = seed is not None and seed % 2 == 0
        self.calls = 0

    def choose(self, view):
        self.calls += 1
        if self.fails and self.calls == 3:
            return 1 // 0
        return super().choose(view)


class Stale(RandomBot):
    """Answers its previous move again once it is no longer legal (a real, illegal move), in the
    games whose seed is even."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.last = None
        self.fails = seed is not None and seed % 2 == 0

    def choose(self, view):
        if self.fails and self.last is not None and self.last not in view.legal_moves:
            return self.last
        self.last = super().choose(view)
        return self.last


class Broken(RandomBot):
    """Cannot even be built with an odd seed."""

    def __init__(self, seed=None):
        if seed is not None and seed % 2:
            raise RuntimeError("no bot today")
        super().__init__(seed)
'''


@pytest.fixture
def bots(tmp_path: Path) -> Path:
    (tmp_path / "failbots_h24t.py").write_text(FAILBOTS)
    return tmp_path


def _run(bots: Path, bad: str, **kwargs: Any) -> tournament.TournamentResult:
    return tournament.run("machuco", ["random", f"failbots_h24t:{bad}"], games=12, rules=RULES, seed=3,
                          bot_path=[bots], **kwargs)


@pytest.mark.parametrize(("bad", "code", "error"), [("Raising", "bot_failed", "ZeroDivisionError"),
                                                    ("Stale", "illegal_bot_move", "not_in_hand"),
                                                    ("Broken", "bot_failed", "RuntimeError")])
@pytest.mark.parametrize("jobs", [None, 2])
def test_stop_is_the_default_and_reports_the_entrant_seed_and_error(bots: Path, bad: str, code: str, error: str,
                                                                   jobs: int | None) -> None:
    with pytest.raises(BotFailedError) as info:
        _run(bots, bad, jobs=jobs)
    forfeit = info.value.forfeit
    assert info.value.code == code == forfeit.code and forfeit.error == error
    assert forfeit.entrant == 1 and forfeit.bot == f"failbots_h24t:{bad}"
    schedule = Schedule(3, ((0, 1), (1, 0)), True)
    assert forfeit.seed == schedule.deal_seed(forfeit.game)
    assert schedule.lineup(forfeit.game)[forfeit.seat] == 1  # the seat it was playing is its own
    text = str(info.value)
    assert f"game {forfeit.game} (deal seed {forfeit.seed})" in text and f"{code}: {error}" in text
    if bad == "Stale":
        assert forfeit.move is not None and repr(forfeit.move) in text
    else:
        assert forfeit.move is None and "failbots_h24t.py:" in forfeit.message  # where it was raised


def test_the_first_failure_stops_the_tournament(bots: Path) -> None:
    forfeits = _run(bots, "Raising", on_error="forfeit").forfeits
    with pytest.raises(BotFailedError) as info:
        _run(bots, "Raising")
    assert info.value.forfeit == forfeits[0]


@pytest.mark.parametrize("bad", ["Raising", "Stale", "Broken"])
def test_forfeit_loses_the_game_for_its_entrant_and_goes_on(bots: Path, bad: str) -> None:
    result = _run(bots, bad, on_error="forfeit")
    assert len(result.records) == 12 and result.forfeits
    failed = {f.game for f in result.forfeits}
    for record in result.records:
        if record.index not in failed:
            assert record.forfeit is None and len(record.returns) == 2
            continue
        forfeit = record.forfeit
        assert isinstance(forfeit, Forfeit) and forfeit.entrant == 1 and forfeit.seed == record.seed
        loser = record.seats.index(1)
        assert record.ranking == ((1 - loser,), (loser,)) and record.winners == (1 - loser,)
        assert record.returns == () and record.moves == forfeit.moves
    good, bad_entrant = result.entrants
    assert bad_entrant.forfeits == len(failed) and good.forfeits == 0
    # a forfeit is a win for the other entrant, and has no returns to average
    played = [r for r in result.records if r.forfeit is None]
    assert bad_entrant.wins == sum(1.0 for r in played if r.seats[r.winners[0]] == 1)
    expected = sum(r.returns[r.seats.index(0)] for r in played) / len(played)
    assert good.mean_return == pytest.approx(expected)
    data = result.to_dict(records=True)
    assert [f["game"] for f in data["forfeits"]] == sorted(failed)
    assert data["entrants"][1]["forfeits"] == len(failed)
    assert data["records"][min(failed)]["forfeit"]["code"] == result.forfeits[0].code
    assert "forfeits" in result.table().splitlines()[0]


def test_forfeits_are_the_same_in_a_process_pool(bots: Path) -> None:
    here = _run(bots, "Raising", on_error="forfeit")
    assert _run(bots, "Raising", on_error="forfeit", jobs=2) == here
    assert 0 < len(here.forfeits) < 12  # only the games with even bot seeds


def test_a_failure_message_is_bounded(bots: Path) -> None:
    (bots / "loudbots_h24t.py").write_text(
        "from naipes import RandomBot\n\nclass Loud(RandomBot):\n"
        "    def choose(self, view):\n        raise ValueError('x' * 100_000)\n")
    result = tournament.run("machuco", ["random", "loudbots_h24t:Loud"], games=2, rules=RULES,
                            bot_path=[bots], on_error="forfeit")
    assert all(len(f.message) <= MAX_MESSAGE for f in result.forfeits)


def test_the_json_holds_every_game_seed_and_lineup() -> None:
    result = tournament.run("machuco", ["best", "random"], games=6, rules=RULES, seed=11)
    schedule = Schedule(11, result.lineups, True)
    for i, record in enumerate(json.loads(json.dumps(result.to_dict(records=True)))["records"]):
        assert record["seed"] == schedule.deal_seed(i) and record["lineup"] == list(schedule.lineup(i))
        assert record["bot_seeds"] == [derive_seed(11, "bot", i, s) for s in range(2)]
        assert record["forfeit"] is None


def test_wilson_interval_against_a_hand_computed_example() -> None:
    # 7 successes in 10, z = 1.959964: z^2 = 3.8414588, 1 + z^2/n = 1.3841459,
    # centre = (0.7 + 0.1920729) / 1.3841459 = 0.6444934,
    # half = 1.959964 / 1.3841459 * sqrt(0.021 + 0.0096036) = 1.4160133 * 0.1749390 = 0.2477153
    low, high = tournament.wilson_interval(7, 10)
    assert low == pytest.approx(0.6444934 - 0.2477153, abs=1e-6)  # 0.3967781
    assert high == pytest.approx(0.6444934 + 0.2477153, abs=1e-6)  # 0.8922087
    # a tie is half a success: 6 wins, 2 ties and 2 losses score 7 of 10
    assert tournament.wilson_interval(6 + 2 / 2, 10) == (low, high)
    assert tournament.wilson_interval(0, 4)[0] == 0.0 and tournament.wilson_interval(4, 4)[1] == 1.0
    assert all(math.isnan(v) for v in tournament.wilson_interval(0, 0))


def test_every_entrant_gets_the_wilson_interval_of_its_score() -> None:
    result = tournament.run("machuco", ["best", "random"], games=20, rules=RULES, seed=2)
    for e in result.entrants:
        assert e.score_interval == tournament.wilson_interval(e.wins, e.games)
        assert e.score_interval[0] < e.score < e.score_interval[1]
    best = result.entrants[0]
    assert f"[{100 * best.score_interval[0]:.1f}, {100 * best.score_interval[1]:.1f}]" in result.table()


def test_fewer_than_30_deals_make_the_table_say_its_intervals_are_rough() -> None:
    few = tournament.run("machuco", ["random", "random"], games=58, rules=RULES)  # 29 deals
    enough = tournament.run("machuco", ["random", "random"], games=60, rules=RULES)  # 30 deals
    assert few.deals == 29 and few.rough and enough.deals == 30 and not enough.rough
    assert few.table().splitlines()[-1] == "(only 29 deals: fewer than 30, so the intervals are rough)"
    assert "rough" not in enough.table()
    assert few.to_dict()["rough"] is True and enough.to_dict()["rough"] is False
    single = tournament.run("machuco", ["random", "random"], games=2, rules=RULES, duplicate=False)
    assert single.deals == 2 and "only 2 deals" in single.table()


@pytest.mark.parametrize("value", ["ignore", None, 1, "STOP"])
def test_on_error_is_stop_or_forfeit(value: object) -> None:
    with pytest.raises(UsageError) as info:
        tournament.run("machuco", ["random", "random"], games=2, rules=RULES, on_error=value)  # type: ignore[arg-type]
    assert info.value.code == "bad_on_error"
