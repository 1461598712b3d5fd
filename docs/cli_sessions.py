"""Capture the terminal sessions that ``docs/guides/cli.rst`` shows.

Usage::

    python docs/cli_sessions.py [OUT_DIR]

Each session runs the ``naipes`` command of this Python (``python -m naipes``) in a
pseudo-terminal, in one scratch directory, with no colour and 100 columns; a
person's input is typed after each prompt, so the transcript reads as it did on
the screen. The transcripts go to ``OUT_DIR`` (default ``docs/guides/sessions``),
one ``<name>.txt`` each, starting with the command line. Run it again whenever
the command's output changes; it needs ``pexpect`` (not a dependency of naipes).
"""

from __future__ import annotations

import io
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: The prompts a person answers: a turn (every game, also Machiavelli's workspace)
#: and a replay step.
PROMPT = r"(your move \([^)]*\): |tu jugada \([^)]*\): |\[\d+/\d+\] )"
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")


@dataclass(frozen=True)
class Session:
    """One captured command: its name, its arguments, what a person types, the most
    lines to keep (the rest is cut with a ``...`` line) and, for a long start, how many
    lines before the first prompt to keep after the first three (``None``: all)."""

    name: str
    args: str
    typed: tuple[str, ...] = ()
    max_lines: int = 60
    before_prompt: int | None = None
    env: tuple[tuple[str, str], ...] = ()


SESSIONS = (
    Session("games", "games"),
    Session("rules", "rules ranzo", max_lines=24),
    Session("demo-machuco", "demo --game machuco --players 2 --seed 4 --max-moves 3"),
    Session("demo-macarra", "demo --game macarra --players 3 --seed 4 --max-moves 3"),
    Session("demo-ranzo", "demo --game ranzo --seed 4 --max-moves 3"),
    Session("demo-machiavelli", "demo --game machiavelli --players 2 --seed 3 --max-moves 2"),
    Session("play-machuco",
            "play machuco --players 2 --seed 11 --rule scope=hand --save machuco-11.json",
            typed=("1", "?", "2c", "q"), max_lines=90),
    Session("play-ranzo", "play ranzo --seed 2", typed=("discard 1e", "q"), max_lines=70),
    Session("play-macarra", "play macarra --players 3 --seed 2", typed=("1", "q"), max_lines=60,
            before_prompt=22),
    Session("play-machiavelli", "play machiavelli --players 2 --seed 2",
            typed=("hint", "draw", "q"), max_lines=70),
    Session("replay", "replay machuco-11.json", typed=("", "b", "g 4", "q"), max_lines=70),
    Session("simulate-macarra", "simulate macarra --players 3 --games 100 --bots best"),
    Session("simulate-machiavelli", "simulate machiavelli --players 3 --games 10 --rule threshold=50"),
    Session("simulate-ranzo",
            "simulate ranzo --games 100 --bots best,random,random,random "
            "--rule specials=real,mellizos"),
    Session("spanish", "--lang es demo --game ranzo --seed 4 --max-moves 2"),
    Session("ascii", "demo --game machiavelli --players 2 --seed 2 --max-moves 2",
            env=(("PYTHONIOENCODING", "cp1252"),)),
    Session("bad-bot", "simulate machuco --players 2 --bots random,os:path"),
)


def capture(session: Session, cwd: Path) -> str:
    """Run one session in a pseudo-terminal; return its transcript."""
    import pexpect

    env = {**os.environ, "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "100", "LINES": "50",
           "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8"}
    env.pop("LC_ALL", None)
    env.update(session.env)
    log = io.StringIO()
    child = pexpect.spawn(sys.executable, ["-m", "naipes", *session.args.split()], cwd=str(cwd),
                          env=env, encoding="utf-8", dimensions=(50, 100), timeout=60)
    child.logfile_read = log  # everything the terminal showed, the echoed typing included
    for line in session.typed:
        child.expect(PROMPT)
        child.sendline(line)
    child.expect(pexpect.EOF)
    child.close()
    text = _ANSI.sub("", log.getvalue())
    assigns = "".join(f"{key}={value} " for key, value in session.env)
    command = f"$ {assigns}naipes {session.args}\n"
    return _tidy(command + text, session.max_lines, session.before_prompt)


def _tidy(text: str, max_lines: int, before_prompt: int | None = None) -> str:
    # a carriage return starts the line again (a progress line): keep what is left on screen
    lines = [line.split("\r")[-1].rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    first = next((i for i, line in enumerate(lines) if re.search(PROMPT, line)), None)
    if before_prompt is not None and first is not None and first - before_prompt > 4:
        lines = [*lines[:3], "...", *lines[first - before_prompt:]]
    if len(lines) > max_lines:
        lines = [*lines[:max_lines], "..."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else HERE / "guides" / "sessions"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        for session in SESSIONS:
            text = capture(session, Path(scratch))
            (out / f"{session.name}.txt").write_text(text, encoding="utf-8")
            print(f"{out / session.name}.txt: {text.count(chr(10))} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
