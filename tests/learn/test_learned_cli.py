"""``naipes play`` and ``naipes simulate`` refuse ``learned`` up front under rules without weights."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

from naipes.cli import main  # noqa: E402


@pytest.mark.parametrize("argv", [
    ["play", "ranzo", "--bots", "learned", "--seed", "1"],
    ["play", "machuco", "--players", "4", "--bots", "learned", "--seed", "1"],
    ["simulate", "ranzo", "--bots", "learned", "--games", "2"],
    ["simulate", "ranzo", "--rule", "rounds=1", "--players", "3", "--bots", "learned", "--games", "2"],
])
def test_learned_is_refused_before_the_game_starts(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 1
    out, err = capsys.readouterr()
    assert out == "", "nothing of a game may be shown before the refusal"
    assert "plays only the rules it was trained for" in err and "players=" in err


def test_learned_plays_the_rules_its_weights_are_for(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "ranzo", "--rule", "rounds=1", "--bots", "learned,best,best,best",
                 "--games", "1", "--json"]) == 0
    assert '"games": 1' in capsys.readouterr().out
