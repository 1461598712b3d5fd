"""A Machiavelli turn in a terminal: the workspace driven by a small command language.

``naipes play machiavelli`` calls :func:`terminal_turn` for the human seat.
Melds are numbered from 1 on screen. Every command is checked; a bad one is
explained and changes nothing, and nothing reaches the game until the turn
ends with ``commit``, ``draw`` or ``give up``.

>>> from naipes.machiavelli import Game, Rules
>>> game = Game.from_position(Rules(players=2), hands=["7H 7D JS 2C", "KD"],
...                           table="[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]", stock="KH")
>>> lines = iter(["take 7H", "split 1 at 7S", "move 7S from 9 to 3", "move 7S from 4 to 3",
...               "take 7D to 3", "check", "take JS to 2", "commit"])
>>> out = []
>>> move = terminal_turn(game, 0, lambda prompt: next(lines), out.append)
>>> str(move)
'play 7H 7D JS: [4S 5S 6S] [JS JH JD JC] [7S 7H 7D] [8S 9S 10S]'
>>> print(out[-1])
the play is valid: type commit
>>> [line for line in out if line.startswith("cannot")]
['cannot do that: there is no meld 9: melds are 1..4']
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable

from naipes.errors import IllegalMoveError, NaipesError
from naipes.machiavelli.melds import format_table
from naipes.machiavelli.moves import Move
from naipes.machiavelli.view import render_hand, render_table
from naipes.machiavelli.workspace import Workspace, WorkspaceError

if TYPE_CHECKING:
    from naipes.machiavelli.state import Game

__all__ = ["HELP", "TerminalTurn", "terminal_turn"]

HELP = """\
Commands (melds are numbered from 1; a card is written 7H, 10S, QD, or JK=7H for a joker):
  take 7H [to N]              put a hand card on meld N (default: a new meld)
  back 7H [from N]            put a card you took back into your hand
  move 8S from 2 to 5         move one table card between melds ("to new" for a new meld)
  move JK=8H from 2 to 3 as 9H   move a joker and say what it stands for now
  split 1 at 4                meld 1 keeps its first 4 cards; the rest become a new meld
  split 1 at 8S               split meld 1 just before 8S
  merge 2 3                   put all of meld 3 into meld 2
  swap 7H [in N]              put 7H in place of the joker standing for 7H; the joker comes to your hand
  declare JK=8H in 3 as 9H    change what a joker stands for
  check                       say what is invalid now, and why
  undo | reset                undo the last step | go back to the start of the turn
  show                        draw the table and your hand again
  hint | hint apply           the best play (exact solver) | lay it out in your workspace
  commit                      end the turn with this table (it must be valid)
  draw                        forget the rearrangement, take a card from the stock
  give up                     the failed turn: table restored, you draw the penalty
  help                        this text"""

_CARD = r"(JK(?:=\S+)?|\S+)"
_MELD = r"(\d+|new)"


class TerminalTurn:
    """The interpreter behind :func:`terminal_turn` (one instance per turn).

    Args:
        workspace: the turn's workspace (built from the player's view).
        say: prints one message.

    .. versionadded:: 0.1
    """

    def __init__(self, workspace: Workspace, say: Callable[[str], None]) -> None:
        self.ws = workspace
        self.say = say
        self.hint_table: str | None = None
        self._commands: list[tuple[re.Pattern[str], Callable[..., Move | None]]] = [
            (re.compile(rf"(?i)take {_CARD}(?: (?:to|on|in) {_MELD})?"), self._take),
            (re.compile(rf"(?i)(?:back|put back|return) {_CARD}(?: from {_MELD})?"), self._back),
            (re.compile(rf"(?i)put {_CARD} back(?: from {_MELD})?"), self._back),
            (re.compile(rf"(?i)move {_CARD} from {_MELD} to {_MELD}(?: as (\S+))?"), self._move),
            (re.compile(rf"(?i)split {_MELD} at (\S+)"), self._split),
            (re.compile(rf"(?i)merge {_MELD}(?: and| into)? {_MELD}"), self._merge),
            (re.compile(rf"(?i)swap {_CARD}(?: (?:in|on) {_MELD})?"), self._swap),
            (re.compile(rf"(?i)declare {_CARD} in {_MELD} as (\S+)"), self._declare),
            (re.compile(r"(?i)(check|undo|reset|show|hint|hint apply|commit|draw|give up|giveup|forfeit|help|\?)"),
             self._word),
        ]

    # -- helpers ------------------------------------------------------------------------
    def _index(self, text: str | None, *, allow_new: bool = False) -> int | None:
        if text is None or text == "NEW":
            if text == "NEW" and not allow_new:
                raise WorkspaceError("name a meld by its number here")
            return None
        n = int(text)
        count = len(self.ws.melds)
        if allow_new and n == count + 1:
            return None
        if not 1 <= n <= count:
            more = f" (or {count + 1} / new for a new meld)" if allow_new else ""
            raise WorkspaceError(f"there is no meld {n}: melds are 1..{count}{more}")
        return n - 1

    def show(self) -> None:
        """Print the working table and hand, and whether the play is valid."""
        lines = ["Table:" if self.ws.melds else "Table: (empty)"]
        lines.extend(render_table(self.ws.melds))
        lines.append("Hand: " + render_hand(self.ws.hand))
        self.say("\n".join(lines))

    def status(self) -> None:
        """Say in one line whether the play can be committed."""
        problems = self.ws.problems()
        if not problems:
            self.say("the play is valid: type commit")
        elif not self.ws.changed:
            self.say("nothing changed yet (take a card, or draw)")
        else:
            self.say(f"{len(problems)} problem(s): type check to see them")

    # -- commands -----------------------------------------------------------------------
    def _take(self, card: str, to: str | None) -> None:
        self.ws.take(card, self._index(to, allow_new=True))

    def _back(self, card: str, source: str | None) -> None:
        self.ws.put_back(card, self._index(source))

    def _move(self, card: str, source: str, to: str, declare: str | None) -> None:
        src = self._index(source)
        assert src is not None
        self.ws.move(card, src, self._index(to, allow_new=True), declare=declare)

    def _split(self, meld: str, at: str) -> None:
        index = self._index(meld)
        assert index is not None
        self.ws.split(index, int(at) if at.isdigit() else at)

    def _merge(self, into: str, other: str) -> None:
        a, b = self._index(into), self._index(other)
        assert a is not None and b is not None
        self.ws.merge(a, b)

    def _swap(self, card: str, meld: str | None) -> None:
        self.ws.swap(card, self._index(meld))

    def _declare(self, joker: str, meld: str, card: str) -> None:
        index = self._index(meld)
        assert index is not None
        self.ws.declare(index, joker, card)

    def _word(self, word: str) -> Move | None:
        if word in ("help", "?"):
            self.say(HELP)
        elif word == "check":
            self.say("the play is valid" if self.ws.is_valid else self.ws.explain())
        elif word == "undo":
            self.say(f"undone: {self.ws.undo()}")
            self.show()
        elif word == "reset":
            self.ws.reset()
            self.show()
        elif word == "show":
            self.show()
        elif word.startswith("hint"):
            self._hint(apply=word == "hint apply")
        elif word == "commit":
            return self._commit()
        elif word == "draw":
            return self.ws.draw()
        elif word in ("give up", "giveup", "forfeit"):
            return self.ws.give_up()
        return None

    def _commit(self) -> Move | None:
        try:
            return self.ws.to_move()
        except IllegalMoveError:
            self.say("not valid yet:\n" + self.ws.explain()
                     + "\n(fix it, undo, draw, or give up)")
            return None

    def _hint(self, *, apply: bool) -> None:
        if apply and self.hint_table is not None:
            self.ws.arrange(self.hint_table)
            self.show()
            self.status()
            return
        from naipes.machiavelli.solver import solve

        view = self.ws.view
        try:
            best = solve(view.table, view.hand, view.rules, opened=view.is_opened)
        except NaipesError as exc:
            self.say(f"no hint: {exc}")
            return
        if best is None:
            self.say("hint: no play is possible from the start of this turn; draw")
            return
        self.hint_table = format_table(best.table)
        cards = " ".join(c.symbol() for c in best.played)
        self.say(f"hint: you can play {best.count} card(s) ({cards}):\n"
                 + "\n".join(render_table(best.table))
                 + ("" if apply else "\n(type hint apply to lay it out)"))
        if apply:
            self.ws.arrange(self.hint_table)
            self.show()
            self.status()

    def run_line(self, line: str) -> Move | None:
        """Run one command; returns the move when the turn ends, else ``None``.

        Never raises for bad input: every problem is explained through ``say``.
        """
        if not isinstance(line, str):
            self.say("cannot read that line: type help")
            return None
        text = " ".join(line.strip().split())
        for symbol, letter in (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C")):
            text = text.replace(symbol, letter)
        if not text:
            return None
        for pattern, action in self._commands:
            match = pattern.fullmatch(text)
            if match is None:
                continue
            args = [g.lower() if action == self._word else g.upper() if g else None for g in match.groups()]
            try:
                result = action(*args)
            except (NaipesError, ValueError) as exc:
                self.say(f"cannot do that: {exc}")
                return None
            if result is None and action != self._word:
                self.show()
                self.status()
            return result
        self.say(f"unknown command {line.strip()!r}: type help")
        return None


def terminal_turn(game: Game, seat: int, ask: Callable[[str], str], say: Callable[[str], None], *,
                  render: bool = False) -> Move:
    """Run one Machiavelli turn for a person at a terminal; return the move to play.

    Args:
        game: the game (only read: the caller plays the returned move).
        seat: the human's seat, which must be to act.
        ask: reads one line (given a prompt).
        say: prints one message.
        render: draw the table first (``naipes play`` has drawn it already).

    Returns:
        A :class:`~naipes.machiavelli.moves.Play` (validated), a ``Draw`` or a ``Forfeit``.

    Raises:
        WorkspaceError: when ``seat`` is not to act. (``ask`` may raise
            ``EOFError``; it is passed on.)

    .. versionadded:: 0.1
    """
    ws = Workspace(game.view(seat), numbering=1)
    turn = TerminalTurn(ws, say)
    if render:
        say(game.view(seat).render())
    say("Your turn: rearrange the table with take / move / split / merge, then commit "
        "(or draw, or give up). Type help for every command.")
    while True:
        move = turn.run_line(ask("machiavelli> "))
        if move is not None:
            return move

