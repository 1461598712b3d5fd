"""The golden playthroughs (tests/playthroughs): every transcript rebuilt and diffed against its file.

A transcript is a seeded game of one game and preset played to its end by seeded bots,
written position by position: the seats to act, each legal move with its action id and its
words in English and Spanish, each seat's view, observation digests (``encode`` and the
trackers), the captions of each seat's picture, and every event in words. A change of what
a seat sees changes a file; the change is then reviewed as a diff of these files. When the
check fails it prints the file, the first differing line, the expected and actual line and
the position that line belongs to. ``PYTHONPATH=src python tests/playthroughs/regenerate.py``
writes the files again.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import naipes_toy
import pytest
from playthroughs.regenerate import (
    COMMAND,
    COMMENTS,
    HERE,
    POSITION_MARK,
    PRESETS,
    Preset,
    check,
    first_difference,
    obs_digest,
    transcript,
)

from naipes import registry
from naipes.testing import ConformanceError, check_playthrough, playthrough

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The example third-party game in a copy of the registry, as its entry point registers it."""
    registry.games()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    registry.register(naipes_toy.GAME_INFO)
    yield


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.filename)
def test_the_playthrough_matches_its_file(preset: Preset) -> None:
    problem = check(preset)
    if problem is not None:
        pytest.fail(problem, pytrace=False)


def test_every_game_has_two_presets_and_every_file_a_preset() -> None:
    games = [p.game for p in PRESETS]
    for game in ("machuco", "macarra", "ranzo", "machiavelli", "toy"):
        assert games.count(game) >= 2, game
    names = [p.filename for p in PRESETS]
    assert len(set(names)) == len(names)
    assert sorted(path.name for path in HERE.glob("*.txt")) == sorted(names)


def test_each_file_says_how_to_regenerate_it() -> None:
    for preset in PRESETS:
        head = (HERE / preset.filename).read_text(encoding="utf-8").split("\n", 3)[:3]
        assert any(COMMAND in line for line in head), preset.filename


# -- the check fails, and says where -----------------------------------------------------------
TOY = next(p for p in PRESETS if p.game == "toy")


def _altered_copy(tmp_path: Path, preset: Preset, line_no: int, new: str) -> list[str]:
    """A copy of ``preset``'s file in ``tmp_path`` with line ``line_no`` (from 1) replaced."""
    lines = (HERE / preset.filename).read_bytes().decode("utf-8").split("\n")
    lines[line_no - 1] = new
    (tmp_path / preset.filename).write_bytes("\n".join(lines).encode("utf-8"))
    return lines


def test_one_changed_line_fails_the_check_naming_the_line_and_its_position(tmp_path: Path) -> None:
    original = (HERE / TOY.filename).read_bytes().decode("utf-8").split("\n")
    # a legal move's words inside position 2
    start = original.index(f"{POSITION_MARK}2 ==")
    line_no = next(i for i in range(start, len(original)) if original[i].startswith("  ")) + 1
    old = original[line_no - 1]
    _altered_copy(tmp_path, TOY, line_no, old.replace("play", "lay", 1))
    assert check(TOY, HERE) is None  # the real file passes
    problem = check(TOY, tmp_path)
    assert problem is not None
    first = problem.split("\n")[0]
    assert first == f"tests/playthroughs/{TOY.filename}: line {line_no} differs (position 2, before move 2)"
    assert f"expected (the file): {old.replace('play', 'lay', 1)}" in problem
    assert f"actual   (the code): {old}" in problem
    assert COMMAND in problem


def test_a_changed_header_line_or_end_is_placed_too(tmp_path: Path) -> None:
    lines = _altered_copy(tmp_path, TOY, 5, "rules {}")
    problem = check(TOY, tmp_path)
    assert problem is not None and "line 5 differs (the header, before the first position)" in problem
    last = max(i for i, line in enumerate(lines) if line.startswith("result ")) + 1
    _altered_copy(tmp_path, TOY, last, "result null")
    problem = check(TOY, tmp_path)
    assert problem is not None and f"line {last} differs (the end of the game)" in problem


def test_first_difference_of_a_shorter_or_longer_text() -> None:
    text = f"head\n{POSITION_MARK}0 ==\na\n{POSITION_MARK}1 ==\nb\n"
    assert first_difference(text, text) is None
    cut = first_difference(text[: text.index("b")], text)
    assert cut is not None and cut.line == 5 and cut.expected is None and cut.actual == "b"
    assert cut.position == "position 1, before move 1"
    assert "expected (the file): (the file ends here)" in cut.message("x.txt")
    more = first_difference(text, text + "c\n")
    assert more is not None and more.line == 6 and more.expected is None and more.actual == "c"
    newline = first_difference(text, text[:-1])
    assert newline is not None and newline.line == 5 and newline.expected == "b"
    assert newline.actual == "b (the newline at its end differs)"


def test_a_missing_file_is_reported(tmp_path: Path) -> None:
    problem = check(TOY, tmp_path)
    assert problem is not None and "missing" in problem and COMMAND in problem


# -- what a transcript holds --------------------------------------------------------------------
def test_a_transcript_writes_every_part_at_every_position() -> None:
    text = transcript(TOY)
    positions = text.split(POSITION_MARK)[1:]
    assert len(positions) == text.count("\nmove ") + 1  # one per move, and the end
    for block in positions[:-1]:
        assert "\nto act: " in block and "\ndecision en: " in block and "\ndecision es: " in block
        for seat in range(TOY.players):
            assert f"\nseat {seat} view " in block
            assert f"\nseat {seat} obs encode " in block and "; tracker same" in block
            assert f"\nseat {seat} picture " in block
        assert " legal moves (" in block
        assert ("en: play the " in block) or ("en: bid " in block)
        assert ("es: juega el " in block) or ("es: apuesta " in block)
    assert "toy.MovePlayed" in text and "toy.GameEnded" in text
    assert "tracker asked on own turns only same" in text
    # the other seat's stream shows a deal without its cards
    assert "\n    seat 1: en: seat 0 is dealt 3 cards | es: el asiento 0 recibe 3 cartas" in text


def test_a_third_party_game_gets_a_transcript_from_the_script(capsys: pytest.CaptureFixture[str]) -> None:
    from playthroughs.regenerate import main

    assert main(["--game", "toy", "--players", "4", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# naipes golden playthrough: toy custom;")
    assert "bot seat 3: naipes_toy.TakerBot" in out and "== end after " in out


def test_obs_digest_reads_numbers_not_their_container() -> None:
    assert obs_digest([0.0, 1.0, 0.25]) == obs_digest((0, 1, 0.25))
    assert obs_digest([0.0, 1.0]) != obs_digest([1.0, 0.0])


def test_the_files_do_not_depend_on_hash_randomisation() -> None:
    """Two files rebuilt in fresh interpreters with other hash seeds."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT / "examples" / "toygame")]))
    for seed in ("0", "4242"):
        env["PYTHONHASHSEED"] = seed
        done = subprocess.run([sys.executable, str(HERE / "regenerate.py"), "--check", "--only", TOY.filename,
                               "--only", "machuco-2p-hand.txt"], env=env, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr


# -- the package API, as a third-party game uses it ---------------------------------------------
TOY3 = next(p for p in PRESETS if p.filename == "toy-3p.txt")


def _toy3(**kwargs: object) -> str:
    return playthrough("toy", players=TOY3.players, seed=TOY3.seed, **kwargs)  # type: ignore[arg-type]


def test_the_package_writes_the_committed_toy_file() -> None:
    committed = (HERE / TOY3.filename).read_bytes().decode("utf-8")
    assert _toy3(name=TOY3.name, comments=COMMENTS) == committed
    check_playthrough(HERE / TOY3.filename, _toy3(name=TOY3.name, comments=COMMENTS), regenerate=False)
    # the default header: one comment naming the bots, then the same transcript
    lines = committed.split("\n")
    default = _toy3(name=TOY3.name).split("\n")
    assert default[1] == f"# Bots: 'best', seat s seeded {TOY3.seed}*100+s."
    assert [default[0]] + default[2:] == [lines[0]] + lines[3:]


def test_check_playthrough_names_the_line_and_its_position(tmp_path: Path) -> None:
    text = _toy3()
    lines = text.split("\n")
    line_no = lines.index(f"{POSITION_MARK}3 ==") + 2
    lines[line_no - 1] += " (edited)"
    golden = tmp_path / "toy.golden"
    golden.write_bytes("\n".join(lines).encode("utf-8"))
    with pytest.raises(ConformanceError) as caught:
        check_playthrough(golden, text, regenerate=False)
    message = str(caught.value)
    assert message.split("\n")[0] == f"{golden}: line {line_no} differs (position 3, before move 3)"
    assert f"expected (the file): {lines[line_no - 1]}" in message
    assert "NAIPES_REGENERATE=1" in message


def test_check_playthrough_reports_a_missing_file_and_writes_it_when_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    golden, text = tmp_path / "toy.golden", _toy3()
    monkeypatch.delenv("NAIPES_REGENERATE", raising=False)
    with pytest.raises(ConformanceError, match="missing"):
        check_playthrough(golden, text)
    monkeypatch.setenv("NAIPES_REGENERATE", "0")
    with pytest.raises(ConformanceError, match="missing"):
        check_playthrough(golden, text)
    monkeypatch.setenv("NAIPES_REGENERATE", "1")
    check_playthrough(golden, text)
    assert golden.read_bytes() == text.encode("utf-8")
    monkeypatch.delenv("NAIPES_REGENERATE")
    check_playthrough(golden, text)  # now it holds the text
    check_playthrough(golden, "other\n", regenerate=True)
    assert golden.read_bytes() == b"other\n"


def test_the_command_writes_the_same_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from naipes.cli import main

    out = tmp_path / "toy.golden"
    assert main(["playthrough", "toy", "--players", "3", "--seed", str(TOY3.seed), "--name", TOY3.name,
                 "-o", str(out)]) == 0
    assert out.read_bytes() == _toy3(name=TOY3.name).encode("utf-8")
    assert main(["playthrough", "toy", "--players", "2", "--seed", "1", "--rule", "no_such_field=1"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("naipes playthrough: ") and "no_such_field" in err and err.count("\n") == 1
