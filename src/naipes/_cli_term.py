"""Terminal helpers of the ``naipes`` command (internal): colour, prompts, tables.

Colour is used when the output is a terminal and ``NO_COLOR`` is unset (or
forced with ``--color``). Cards found in text are painted by suit. Output the
stream cannot encode (suit symbols on an ASCII or cp1252 stream) is written
with ASCII stand-ins: ``7♠`` becomes ``7S``. On a terminal, prompts get
``readline`` line editing, a history and Tab completion of the moves offered.

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
>>> plain("7♠ · 10♦ … envío", "ascii"), plain("7♠ envío", "cp1252")
('7S . 10D ... envio', '7S envío')
"""

from __future__ import annotations

import codecs
import os
import re
import sys
import time
import unicodedata
from typing import IO, Callable, Sequence

__all__ = ["Quit", "Term", "color_wanted", "plain", "table"]

_RESET = "\x1b[0m"
_STYLES = {"bold": "\x1b[1m", "dim": "\x1b[2m", "red": "\x1b[31m", "green": "\x1b[32m",
           "yellow": "\x1b[33m", "blue": "\x1b[34m", "magenta": "\x1b[35m", "cyan": "\x1b[36m"}
# Spanish: oros gold, copas red, espadas blue, bastos green; French: red hearts and diamonds.
_SUIT_STYLE = {"o": "yellow", "c": "red", "e": "blue", "b": "green",
               "H": "red", "D": "red", "S": "bold", "C": "bold",
               "♥": "red", "♦": "red", "♠": "bold", "♣": "bold"}
_CARD_RE = re.compile(r"(?<![\w♠♥♦♣])(?:JK|(?:1[0-2]|[1-9]|[SCR])[oceb]|(?:10|[2-9AJQKT])[SHDC♠♥♦♣])"
                      r"(?![\w♠♥♦♣])")


# ASCII stand-ins for what the games print; other characters lose their accents, else become "?".
_ASCII = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "·": ".", "…": "...", "▮": "#", "—": "-", "–": "-",
          "→": "->", "←": "<-", "×": "x", "«": '"', "»": '"', "“": '"', "”": '"', "‘": "'", "’": "'",
          "¿": "", "¡": "", "≥": ">=", "≤": "<=", "•": "*", "│": "|", "─": "-"}


def plain(text: str, encoding: str | None) -> str:
    """``text`` as ``encoding`` can write it: unencodable characters by ASCII stand-ins."""
    try:
        text.encode(encoding or "utf-8")
        return text
    except (UnicodeEncodeError, LookupError):
        pass
    enc = _encoding(encoding)
    return "".join(ch if _encodable(ch, enc) else _stand_in(ch, enc) for ch in text)


def _encoding(name: str | None) -> str:
    try:
        return codecs.lookup(name or "utf-8").name
    except LookupError:
        return "ascii"


def _encodable(ch: str, encoding: str) -> bool:
    try:
        ch.encode(encoding)
        return True
    except UnicodeEncodeError:
        return False


def _stand_in(ch: str, encoding: str) -> str:
    if ch in _ASCII:
        return _ASCII[ch]
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    return base if base and _encodable(base, encoding) else "?"


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
        read: reads one line after a prompt (default :func:`input`, with
            ``readline`` editing when the input and output are a terminal).
        delay: seconds :meth:`pause` sleeps.
        lang: the language of the messages (``en`` or ``es``).
    """

    def __init__(self, *, color: bool, out: IO[str] | None = None,
                 read: Callable[[str], str] | None = None, delay: float = 0.0,
                 lang: str = "en") -> None:
        self.color = color
        self.out = out if out is not None else sys.stdout
        self.line_editing = read is None and _enable_readline(self)
        self._read = read if read is not None else input
        self.delay = delay
        self.lang = lang
        #: What Tab completes at the next prompt (moves, commands).
        self.completions: Sequence[str] = ()

    def style(self, text: str, *styles: str) -> str:
        """``text`` in the given styles (``bold``, ``red``, ...) when colour is on."""
        if not self.color or not styles:
            return text
        return "".join(_STYLES[s] for s in styles) + text + _RESET

    def cards(self, text: str, *within: str) -> str:
        """``text`` with every card notation painted in its suit's colour.

        ``within``: the styles of the whole line, restored after each card, so a
        card's colour does not end a dimmed line's dimming.
        """
        if not self.color:
            return text
        again = "".join(_STYLES[s] for s in within)
        return _CARD_RE.sub(lambda m: self._paint_card(m) + again, text)

    def _paint_card(self, match: re.Match[str]) -> str:
        token = match.group(0)
        if token == "JK":
            return self.style(token, "magenta")
        return self.style(token, _SUIT_STYLE[token[-1]])

    def write(self, text: str) -> None:
        """Print ``text`` as it is (styles included), in what the stream can encode."""
        print(plain(text, getattr(self.out, "encoding", None)), file=self.out, flush=True)

    def say(self, text: str = "") -> None:
        """Print a line (cards painted)."""
        self.write(self.cards(text))

    def heading(self, text: str) -> None:
        """Print a bold heading line."""
        self.write(self.style(text, "bold"))

    def note(self, text: str) -> None:
        """Print a dim side remark (its cards painted, the rest dim)."""
        self.write(self.style(self.cards(text, "dim"), "dim"))

    def warn(self, text: str) -> None:
        """Print a problem the person can fix."""
        self.write(self.style(text, "red", "bold"))

    def ask(self, prompt: str, completions: Sequence[str] = ()) -> str:
        """Read a line after ``prompt``; Tab completes ``completions`` on a terminal.

        Raises:
            Quit: at end of input or on Ctrl-C.
        """
        self.completions = completions
        shown = plain(prompt, getattr(self.out, "encoding", None))
        if self.color:
            bold = _STYLES["bold"]
            # readline must know which bytes take no room on the screen
            shown = (f"\001{bold}\002{shown}\001{_RESET}\002" if self.line_editing
                     else self.style(shown, "bold"))
        try:
            return self._read(shown)
        except (EOFError, KeyboardInterrupt):
            print(file=self.out)
            raise Quit() from None
        except UnicodeDecodeError:
            return ""  # a line the input encoding cannot read: asked again
        finally:
            self.completions = ()

    def complete(self, text: str, state: int) -> str | None:
        """The readline completer: the ``state``-th completion starting with ``text``."""
        low = text.lower()
        found = [c for c in self.completions if c.lower().startswith(low)]
        return found[state] if state < len(found) else None

    def pause(self) -> None:
        """Sleep :attr:`delay` seconds (a demo's pace)."""
        if self.delay > 0:
            time.sleep(self.delay)


def _enable_readline(term: Term) -> bool:
    """Line editing, history and Tab completion for :func:`input`, when both ends are a terminal."""
    try:
        if not (sys.stdin.isatty() and sys.stdout.isatty()) or term.out is not sys.stdout:
            return False
        import readline
    except (ImportError, AttributeError, ValueError):
        return False
    readline.set_completer_delims("")  # a move is completed whole, spaces included
    readline.set_completer(term.complete)
    doc = getattr(readline, "__doc__", "") or ""
    readline.parse_and_bind("bind ^I rl_complete" if "libedit" in doc else "tab: complete")
    return True


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
