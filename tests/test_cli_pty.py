"""``naipes play`` at a real (pseudo-)terminal: readline line editing, history and Tab
completion of moves.

The command runs in a subprocess whose input and output are a pseudo-terminal, as a
person's would be; keys are written to it as a terminal sends them.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

pty = pytest.importorskip("pty")
pytest.importorskip("readline")

SRC = Path(__file__).resolve().parents[1] / "src"
LEFT, UP = "\x1b[D", "\x1b[A"
#: Generous bound on waiting for the command's next prompt (not a timing assertion).
WAIT_SECONDS = 60.0


class Session:
    """The ``naipes`` command on a pseudo-terminal."""

    def __init__(self, *argv: str) -> None:
        master, slave = pty.openpty()
        env = dict(os.environ, PYTHONPATH=str(SRC), TERM="xterm", INPUTRC=os.devnull, NO_COLOR="1",
                   LANG="C.UTF-8", LC_ALL="C.UTF-8", COLUMNS="200")
        self.proc = subprocess.Popen([sys.executable, "-m", "naipes", *argv], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, close_fds=True)
        os.close(slave)
        self.fd = master
        self.text = ""
        self.pos = 0  # where the next read_until looks from

    def read_until(self, pattern: str) -> str:
        """Everything up to and including the next match of ``pattern``."""
        start = self.pos
        regex = re.compile(pattern)
        while not regex.search(self.text, start):
            ready, _, _ = select.select([self.fd], [], [], WAIT_SECONDS)
            if not ready:
                raise AssertionError(f"no {pattern!r} in:\n{self.text[start:]}")
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # the command ended
                chunk = b""
            if not chunk:
                raise AssertionError(f"the command ended before {pattern!r}:\n{self.text[start:]}")
            self.text += chunk.decode("utf-8", "replace")
        match = regex.search(self.text, start)
        assert match is not None
        self.pos = match.end()
        return self.text[start:match.end()]

    def send(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        os.close(self.fd)


@pytest.fixture
def machuco() -> Session:
    session = Session("play", "machuco", "--players", "2", "--seed", "11", "--rule", "scope=hand")
    yield session  # type: ignore[misc]
    session.close()


PROMPT = r"Seat 0, your move \([^)]*\): "


def _listed_moves(screen: str) -> list[str]:
    """The notation of each numbered move (the words the plugin gives follow after ``  —``)."""
    listing = screen.rsplit("Choose:", 1)[-1]
    return [m.split("  \u2014 ", 1)[0] for m in re.findall(r"^\s+\d+\. (\S.*?)\s*$", listing, re.M)]


def test_tab_completes_a_move(machuco: Session) -> None:
    moves = _listed_moves(machuco.read_until(PROMPT))
    assert len(moves) >= 2
    # the shortest prefix that only one listed move (and no command) starts with
    words = moves + ["help", "table", "quit"]
    move, prefix = next((m, m[:k]) for k in range(1, 4) for m in moves
                        if sum(w.lower().startswith(m[:k].lower()) for w in words) == 1)
    machuco.send(prefix + "\t\r")
    out = machuco.read_until(r"you \(seat 0\): \S+")
    assert f"you (seat 0): {move}" in out


def test_arrow_keys_edit_the_line_and_recall_the_history(machuco: Session) -> None:
    machuco.read_until(PROMPT)
    machuco.send("hep" + LEFT + "l\r")  # the cursor moved back one: "help"
    machuco.read_until("Tab completes a move")
    machuco.read_until(PROMPT)
    machuco.send(UP + "\r")  # the previous line again
    out = machuco.read_until("Tab completes a move")
    assert "\\x1b" not in out and "^[[A" not in out
    machuco.read_until(PROMPT)
    machuco.send("q\r")
    machuco.read_until("Game stopped.")
