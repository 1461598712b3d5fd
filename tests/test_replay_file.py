"""``naipes replay FILE`` reads untrusted files: bounded in size and depth, one-line errors (issue 21)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from naipes import _cli_play
from naipes.cli import main
from naipes.errors import InvalidStateError

RECORD = {"format": "naipes.record", "version": 2, "game": "machuco", "rules": {}, "start": {"seed": 1},
          "moves": []}


def _replay(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, str]:
    code = main(["replay", str(path), "--all"])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("depth", [5_000, 200_000])
def test_a_deeply_nested_file_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                      depth: int) -> None:
    path = tmp_path / "deep.json"
    text = json.dumps({**RECORD, "meta": "X"})
    path.write_text(text.replace('"X"', "[" * depth + "]" * depth))
    code, err = _replay(capsys, path)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err and "Recursion" not in err, err


def test_a_file_over_the_limit_is_refused(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(_cli_play, "MAX_RECORD_BYTES", 1000)
    path = tmp_path / "big.json"
    path.write_text(json.dumps({**RECORD, "meta": "x" * 1000}))
    with pytest.raises(InvalidStateError) as info:
        _cli_play.load_record(path)
    assert info.value.code == "too_large"
    path.write_text(json.dumps(RECORD))
    assert _cli_play.load_record(path) == RECORD


@pytest.mark.skipif(not os.path.exists("/dev/zero") or sys.platform != "linux", reason="needs Linux /dev/zero")
def test_an_endless_file_is_read_only_up_to_the_limit() -> None:
    # Before: the whole "file" was read before its size was checked: /dev/zero grew to a MemoryError.
    limit = "import resource; resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30)); "
    code = limit + "from naipes.cli import main; raise SystemExit(main(['replay', '/dev/zero', '--all']))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr[-500:]
    assert done.stderr.count("\n") == 1 and "larger than" in done.stderr, done.stderr[-500:]
