"""Terminal helpers of the ``naipes`` command (internal): colour, prompts, tables.

Colour is used when the output is a terminal and ``NO_COLOR`` is unset (or
forced with ``--color``). Cards found in text are painted by suit.

>>> term = Term(color=False)
>>> term.cards("you hold 7c 12o AS")
'you hold 7c 12o AS'
>>> Term(color=True).cards("7c")
'\\x1b[31m7c\\x1b[0m'
>>> print(table(["bot", "wins"], [["random", "12"], ["best", "8"]]))
bot     wins
------  ----
random    12
best       8
"""

from __future__ import annotations

import os
import re
import sys
import time
from typing import IO, Callable, Sequence

__all__ = ["Quit", "Term", "color_wanted", "table"]

_RESET = "\x1b[0m"
_STYLES = {"bold": "\x1b[1m", "dim": "\x1b[2m", "red": "\x1b[31m", "green": "\x1b[32m",
           "yellow": "\x1b[33m", "blue": "\x1b[34m", "magenta": "\x1b[35m", "cyan": "\x1b[36m"}
# Spanish: oros gold, copas red, espadas blue, bastos green; French: red hearts and diamonds.
_SUIT_STYLE = {"o": "yellow", "c": "red", "e": "blue", "b": "green",
               "H": "red", "D": "red", "S": "bold", "C": "bold",
               "♥": "red", "♦": "red", "♠": "bold", "♣": "bold"}
_CARD_RE = re.compile(r"(?<![\w♠♥♦♣])(?:JK|(?:1[0-2]|[1-9]|[SCR])[oceb]|(?:10|[2-9AJQKT])[SHDC♠♥♦♣])"
                      r"(?![\w♠♥♦♣])")


class Quit(Exception):
    """The person asked to stop (``q``, end of input or Ctrl-C)."""


def color_wanted(stream: IO[str], choice: str = "auto") -> bool:
    """Whether to paint: ``always``, ``never``, or ``auto`` (a TTY and no ``NO_COLOR``)."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Term:
    """Where the command talks: an output stream, an input reader and a colour switch.

    Args:
        color: paint styles and cards.
        out: the output stream (default ``sys.stdout``).
        read: reads one line after a prompt (default :func:`input`).
        delay: seconds :meth:`pause` sleeps.
    """

    def __init__(self, *, color: bool, out: IO[str] | None = None,
                 read: Callable[[str], str] | None = None, delay: float = 0.0) -> None:
        self.color = color
        self.out = out if out is not None else sys.stdout
        self._read = read if read is not None else input
        self.delay = delay

    def style(self, text: str, *styles: str) -> str:
        """``text`` in the given styles (``bold``, ``red``, ...) when colour is on."""
        if not self.color or not styles:
            return text
        return "".join(_STYLES[s] for s in styles) + text + _RESET

    def cards(self, text: str) -> str:
        """``text`` with every card notation painted in its suit's colour."""
        if not self.color:
            return text
        return _CARD_RE.sub(self._paint_card, text)

    def _paint_card(self, match: re.Match[str]) -> str:
        token = match.group(0)
        if token == "JK":
            return self.style(token, "magenta")
        return self.style(token, _SUIT_STYLE[token[-1]])

    def say(self, text: str = "") -> None:
        """Print a line (cards painted)."""
        print(self.cards(text), file=self.out, flush=True)

    def heading(self, text: str) -> None:
        """Print a bold heading line."""
        print(self.style(text, "bold"), file=self.out, flush=True)

    def note(self, text: str) -> None:
        """Print a dim side remark."""
        print(self.style(self.cards(text), "dim") if self.color else text, file=self.out, flush=True)

    def warn(self, text: str) -> None:
        """Print a problem the person can fix."""
        print(self.style(text, "red", "bold") if self.color else text, file=self.out, flush=True)

    def ask(self, prompt: str) -> str:
        """Read a line after ``prompt``.

        Raises:
            Quit: at end of input or on Ctrl-C.
        """
        try:
            return self._read(self.style(prompt, "bold"))
        except (EOFError, KeyboardInterrupt):
            print(file=self.out)
            raise Quit() from None

    def pause(self) -> None:
        """Sleep :attr:`delay` seconds (a demo's pace)."""
        if self.delay > 0:
            time.sleep(self.delay)


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain text table; columns holding only numbers are right-aligned."""
    cols = list(zip(*([list(headers)] + [list(r) for r in rows])))
    widths = [max(len(c) for c in col) for col in cols]
    numeric = [all(_is_number(c) for c in col[1:]) and len(col) > 1 for col in cols]

    def line(cells: Sequence[str]) -> str:
        out = [c.rjust(w) if num else c.ljust(w) for c, w, num in zip(cells, widths, numeric)]
        return "  ".join(out).rstrip()

    body = [line(headers), "  ".join("-" * w for w in widths)]
    body += [line(r) for r in rows]
    return "\n".join(body)


def _is_number(text: str) -> bool:
    t = text.strip().rstrip("%")
    if t.startswith("-"):
        t = t[1:]
    return t.replace(".", "", 1).isdigit()
