"""``naipes tournament`` through naipes.cli.main, output captured."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from naipes import tournament
from naipes._cli_tournament import Bar
from naipes.cli import main

ARGS = ["tournament", "machuco", "--bots", "best,random", "--games", "12", "--players", "2",
        "--rule", "scope=hand", "--seed", "5"]


def test_the_table_the_json_and_the_chart(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_json, out_svg = tmp_path / "r.json", tmp_path / "r.svg"
    assert main([*ARGS, "--json", str(out_json), "--plot", str(out_svg)]) == 0
    out, err = capsys.readouterr()
    assert err == ""  # no progress bar when stderr is not a terminal
    assert "naipes tournament: machuco, 2 players, 12 games, seed 5" in out
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("bot "))
    assert {lines[header + 2].split()[0], lines[header + 3].split()[0]} == {"best", "random"}
    data = json.loads(out_json.read_text())
    expected = tournament.run("machuco", ["best", "random"], games=12, rules={"players": 2, "scope": "hand"},
                              seed=5)
    assert data["entrants"] == expected.to_dict()["entrants"]
    assert data["ratings"] == expected.to_dict()["ratings"]
    assert len(data["records"]) == 12
    assert ET.fromstring(out_svg.read_text()).tag.endswith("svg")


def test_jobs_gives_the_same_results(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    one, two = tmp_path / "1.json", tmp_path / "2.json"
    assert main([*ARGS, "--json", str(one)]) == 0
    assert main([*ARGS, "--jobs", "2", "--json", str(two)]) == 0
    a, b = json.loads(one.read_text()), json.loads(two.read_text())
    a.pop("seconds"), b.pop("seconds")
    assert a == b


def test_parameters_of_registered_bots_survive_the_comma_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "machuco", "--bots", "random:seed=1,random,best", "--games", "6",
                 "--players", "2", "--rule", "scope=hand"]) == 0
    out = capsys.readouterr().out
    assert "random:seed=1" in out and "6 lineups" in out


@pytest.mark.parametrize(("extra", "message"), [
    (["--bots", "best"], "at least 2"),
    (["--bots", "best,nope"], "no bot 'nope'"),
    (["--bots", "best,os:path"], "is not a bot"),
    (["--rule", "colour=red"], "no option"),
])
def test_errors_are_one_line_and_status_1(capsys: pytest.CaptureFixture[str], extra: list[str],
                                          message: str) -> None:
    assert main([*ARGS, *extra]) == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and err.startswith("naipes tournament: ")


def test_executors_are_exclusive(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([*ARGS, "--jobs", "2", "--ray", "auto"])
    assert "not allowed with" in capsys.readouterr().err


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_bar_is_drawn_on_a_terminal_only() -> None:
    tty, pipe = FakeTerminal(), io.StringIO()
    for stream in (tty, pipe):
        bar = Bar(stream)
        bar(5, 10)
        bar(10, 10)
        bar.close()
    assert pipe.getvalue() == ""
    text = tty.getvalue()
    assert "10/10 games" in text and "games/s" in text and text.endswith("\r")
    assert Bar(tty).line(0, 4, 0.0).endswith("time left unknown")
