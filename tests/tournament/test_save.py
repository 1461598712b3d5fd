"""``save=DIR`` / ``--save DIR``: every game a record that ``naipes replay`` opens, replaying to its result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from naipes import UsageError, tournament
from naipes.cli import main
from naipes.errors import NaipesError
from naipes.plugin import plugin
from naipes.tournament import MAX_SAVED_GAMES, BotFailedError
from naipes.tournament._save import SUMMARY, record_name

RULES = {"players": 2, "scope": "hand"}
ARGS = ["tournament", "machuco", "--games", "8", "--players", "2", "--rule", "scope=hand", "--seed", "5"]
RAISING = ("from naipes import RandomBot\n\nclass Raising(RandomBot):\n"
           "    def __init__(self, seed=None):\n        super().__init__(seed)\n"
           "        self.fails, self.calls = seed is not None and seed % 2 == 0, 0\n"
           "    def choose(self, view):\n        self.calls += 1\n"
           "        if self.fails and self.calls == 2:\n            raise KeyError('boom')\n"
           "        return super().choose(view)\n")


@pytest.fixture
def bots(tmp_path: Path) -> Path:
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "savebots_h24t.py").write_text(RAISING)
    return tmp_path / "bots"


def _replays_to(path: Path, record: tournament.GameRecord) -> None:
    """The saved file replays, through the game's own loader, to the game the tournament recorded."""
    data = json.loads(path.read_text())
    game: Any = plugin(data["game"]).Game.from_record(data)
    meta = data["meta"]["tournament"]
    assert data["start"] == {"seed": record.seed} and meta["deal_seed"] == record.seed
    assert meta["game"] == record.index and meta["lineup"] == list(record.lineup)
    assert len(game.history) == record.moves
    if record.forfeit is None:
        assert game.is_over and data["meta"]["forfeit"] is None
        assert tuple(tuple(r) for r in game.result.ranking) == record.ranking
        assert tuple(float(r) for r in game.result.returns) == record.returns
    else:
        assert not game.is_over and data["meta"]["forfeit"]["code"] == record.forfeit.code
        assert data["meta"]["forfeit"]["text"] == record.forfeit.describe()


@pytest.mark.parametrize("jobs", [None, 2])
def test_every_saved_game_opens_with_naipes_replay_and_replays_to_its_result(
        tmp_path: Path, bots: Path, capsys: pytest.CaptureFixture[str], jobs: int | None) -> None:
    out = tmp_path / "new" / "games"
    result = tournament.run("machuco", ["best", "savebots_h24t:Raising"], games=10, rules=RULES, seed=2,
                            bot_path=[bots], save=out, on_error="forfeit", jobs=jobs)
    assert result.forfeits and len(result.forfeits) < 10
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted([record_name(i, 10) for i in range(10)] + [SUMMARY])
    for record in result.records:
        path = out / record_name(record.index, 10)
        _replays_to(path, record)
        assert main(["replay", str(path), "--all"]) == 0
        text = capsys.readouterr().out
        assert ("forfeit: " in text) == (record.forfeit is not None)
    summary = json.loads((out / SUMMARY).read_text())
    expected = json.loads(json.dumps(result.to_dict(records=True)))
    summary.pop("seconds"), expected.pop("seconds")
    assert summary == expected
    assert [r["seed"] for r in summary["records"]] == [r.seed for r in result.records]


def test_stop_saves_the_games_up_to_the_failing_one(tmp_path: Path, bots: Path) -> None:
    out = tmp_path / "games"
    with pytest.raises(BotFailedError) as info:
        tournament.run("machuco", ["best", "savebots_h24t:Raising"], games=10, rules=RULES, seed=2,
                       bot_path=[bots], save=out)
    failed = info.value.forfeit.game
    assert sorted(p.name for p in out.iterdir()) == [record_name(i, 10) for i in range(failed + 1)]
    last = json.loads((out / record_name(failed, 10)).read_text())
    assert last["meta"]["forfeit"]["game"] == failed and len(last["moves"]) == info.value.forfeit.moves


def test_a_save_path_that_is_a_file_or_unwritable_is_refused_before_any_game(tmp_path: Path, bots: Path) -> None:
    (tmp_path / "file").write_text("x")
    bad = [tmp_path / "file", tmp_path / "file" / "below", Path("/proc/naipes-h24t-save")]
    for path in bad:
        with pytest.raises(UsageError) as info:
            tournament.run("machuco", ["random", "random"], games=2, rules=RULES, save=path)
        assert info.value.code == "bad_save_dir", path
    with pytest.raises(UsageError) as info:
        tournament.run("machuco", ["random", "random"], games=2, rules=RULES, save=5)  # type: ignore[arg-type]
    assert info.value.code == "bad_save_dir"


def test_a_non_empty_directory_needs_overwrite(tmp_path: Path) -> None:
    out = tmp_path / "games"
    first = tournament.run("machuco", ["best", "random"], games=4, rules=RULES, seed=1, save=out)
    before = {p.name: p.read_text() for p in out.iterdir()}
    with pytest.raises(UsageError) as info:
        tournament.run("machuco", ["best", "random"], games=4, rules=RULES, seed=9, save=out)
    assert info.value.code == "save_dir_not_empty"
    assert {p.name: p.read_text() for p in out.iterdir()} == before  # nothing touched
    (out / "notes.txt").write_text("mine")
    again = tournament.run("machuco", ["best", "random"], games=4, rules=RULES, seed=9, save=out, overwrite=True)
    assert (out / "notes.txt").read_text() == "mine"  # other files are left alone
    saved = json.loads((out / record_name(0, 4)).read_text())
    assert saved["start"]["seed"] == again.records[0].seed != first.records[0].seed


def test_bad_overwrite_too_many_saved_games_and_nothing_made_on_a_bad_argument(tmp_path: Path) -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"overwrite": "yes", "save": tmp_path / "a"}, "bad_overwrite"),
        ({"overwrite": 1}, "bad_overwrite"),
        ({"games": MAX_SAVED_GAMES + 1, "save": tmp_path / "a"}, "too_many_saved_games"),
        ({"bots": ["random", "nope_h24t"], "save": tmp_path / "a"}, "no_such_bot"),
    ]
    for kwargs, code in cases:
        args: dict[str, Any] = {"bots": ["random", "random"], "games": 2, "rules": RULES, **kwargs}
        with pytest.raises(UsageError) as info:
            tournament.run("machuco", **args)
        assert info.value.code == code
    assert not (tmp_path / "a").exists()


def test_a_file_that_appears_during_the_run_is_not_overwritten(tmp_path: Path) -> None:
    out = tmp_path / "games"

    def progress(done: int, total: int) -> None:
        if done == 1:
            (out / record_name(1, 4)).write_text("someone else's")

    with pytest.raises(NaipesError) as info:
        tournament.run("machuco", ["random", "random"], games=4, rules=RULES, save=out, progress=progress)
    assert info.value.code == "save_dir_not_empty"
    assert (out / record_name(1, 4)).read_text() == "someone else's"


# -- the command line ---------------------------------------------------------------------------


def test_the_command_saves_and_says_where(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games"
    assert main([*ARGS, "--bots", "best,random", "--save", str(out), "--json", str(tmp_path / "r.json")]) == 0
    text = capsys.readouterr().out
    assert f"every game saved in {out}" in text and "Wilson" in text and "rough" in text
    data = json.loads((tmp_path / "r.json").read_text())
    assert len(data["records"]) == 8 and all("seed" in r and "lineup" in r for r in data["records"])
    for i, r in enumerate(data["records"]):
        assert json.loads((out / record_name(i, 8)).read_text())["start"]["seed"] == r["seed"]
    assert main([*ARGS, "--bots", "best,random", "--save", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not empty" in err and "--overwrite" in err
    assert main([*ARGS, "--bots", "best,random", "--save", str(out), "--overwrite"]) == 0
    assert main([*ARGS, "--bots", "best,random", "--overwrite"]) == 1
    assert "--overwrite goes with --save" in capsys.readouterr().err


def test_the_command_forfeits_or_stops(tmp_path: Path, bots: Path, capsys: pytest.CaptureFixture[str]) -> None:
    common = [*ARGS, "--bots", "random,savebots_h24t:Raising", "--bot-path", str(bots)]
    assert main([*common, "--on-error", "forfeit"]) == 0
    out = capsys.readouterr().out
    assert "forfeited" in out and "savebots_h24t:Raising (entrant 1, seat" in out and "KeyError" in out
    assert main([*common, "--save", str(tmp_path / "g")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("naipes tournament: game ")
    assert "deal seed" in err and "bot_failed: KeyError" in err and f"saved in {tmp_path / 'g'}" in err
    assert main([*common]) == 1 and "saved in" not in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*common, "--on-error", "ignore"])
    assert "invalid choice" in capsys.readouterr().err


def test_the_command_refuses_a_file_as_save_dir_before_any_game(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "f").write_text("x")
    assert main([*ARGS, "--bots", "best,random", "--save", str(tmp_path / "f")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "it is a file, not a directory" in err


def test_the_command_lists_ten_forfeits_and_counts_the_rest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "alwaysbots_h24t.py").write_text(
        "from naipes import RandomBot\n\nclass Always(RandomBot):\n"
        "    def choose(self, view):\n        raise KeyError('always')\n")
    assert main(["tournament", "machuco", "--games", "14", "--players", "2", "--rule", "scope=hand",
                 "--bots", "random,alwaysbots_h24t:Always", "--bot-path", str(tmp_path), "--on-error", "forfeit"]) == 0
    out = capsys.readouterr().out
    assert "14 games forfeited" in out and out.count("alwaysbots_h24t:Always (entrant 1") == 10
    assert "... and 4 more (every one is in --json)" in out
