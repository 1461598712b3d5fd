"""``naipes demo``, ``naipes play`` and ``naipes replay`` (internal).

A :class:`Table` drives one game: bots play their seats, a person (if any)
plays one seat through the terminal, and every move and visible event is told
as it happens. Answers in a simultaneous window stay hidden until the window
resolves, so a person never learns what the others answered before answering.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping, Sequence

from naipes._cli_games import GameKit, describe_event
from naipes._cli_term import Quit, Term
from naipes.bots import Bot
from naipes import _validate
from naipes.errors import IllegalMoveError, InvalidStateError, NaipesError, NotationError
from naipes.events import Event
from naipes.game import RECORD_FORMAT, Game, Move, View

__all__ = ["Table", "load_record", "replay_record", "save_record"]

AnyGame = Game[Any, Any, Any]

#: Moves listed with numbers at most; longer lists show the first ones and say how many more.
MAX_LISTED = 60

HELP = """\
Type the number of a move from the list, or the move itself in notation
(for example the first listed move: {example}).
  t  or table   draw the table again and list your moves
  ?  or help    this help
  q  or quit    stop the game (saved first when you gave --save)"""


class Table:
    """One game at a terminal: bots, at most one person, and a narrator.

    Args:
        kit: the game and its module.
        game: the game to play (its events are subscribed to).
        term: where to talk.
        bots: one ``(name, bot)`` per seat; ``None`` for the person's seat.
        person: the person's seat, or ``None`` when only bots play.
    """

    def __init__(self, kit: GameKit, game: AnyGame, term: Term,
                 bots: Sequence[tuple[str, Bot[Any, Any]] | None], person: int | None = None) -> None:
        self.kit = kit
        self.game = game
        self.term = term
        self.bots = list(bots)
        self.person = person
        self.pending: list[Event] = []
        self.drawn_at = -1
        #: The seat whose view is drawn at the end when no person plays.
        self.viewer = 0
        game.events.subscribe(Event, self.pending.append)

    # -- naming ---------------------------------------------------------------------
    def who(self, seat: int) -> str:
        """How a seat is named in the narration."""
        if seat == self.person:
            return f"you (seat {seat})"
        entry = self.bots[seat]
        return f"seat {seat} ({entry[0]})" if entry is not None else f"seat {seat}"

    # -- narration --------------------------------------------------------------------
    def draw(self, seat: int) -> None:
        """Draw the table as ``seat`` sees it."""
        game = self.game
        acting = ", ".join(str(s) for s in game.to_act) or "nobody"
        self.term.heading(f"-- move {len(game.history) + 1} -- to act: {acting} -- "
                          f"view of {self.who(seat)} --")
        self.term.say(game.view(seat).render())
        self.drawn_at = len(game.history)

    def tell_events(self) -> None:
        """Tell the events since the last call that the person may see."""
        events, self.pending[:] = list(self.pending), []
        for event in events:
            private = event.private_to
            if self.person is not None and private not in (None, self.person):
                continue
            text = describe_event(self.kit, event)
            if text:
                to = f" (to seat {private})" if private is not None and self.person is None else ""
                self.term.note(f"   . {text}{to}")

    def tell_moves(self, before: int, seat: int) -> None:
        """Tell the moves added to the history since ``before`` (a held answer as such)."""
        history = self.game.history
        if len(history) == before:
            self.term.say(f"{self.who(seat)} answered (hidden until everyone has answered)")
            return
        resolved = len(history) - before > 1
        if resolved:
            self.term.say("everyone answered:")
        for s, move in history[before:]:
            self.term.say(f"{'  ' if resolved else ''}{self.who(s)}: {move}")

    # -- turns ------------------------------------------------------------------------
    def bot_turn(self, seat: int) -> None:
        """Let the seat's bot choose and play, then tell what happened."""
        entry = self.bots[seat]
        assert entry is not None
        name, bot = entry
        game = self.game
        before = len(game.history)
        move = bot.choose(game.view(seat))
        try:
            game.play(move, seat)
        except IllegalMoveError as exc:
            raise NaipesError(f"the bot {name} of seat {seat} answered illegally: {exc}") from exc
        self.tell_moves(before, seat)
        self.tell_events()

    def person_turn(self, seat: int) -> None:
        """Ask the person for a move until one is legal, then tell what happened."""
        before = len(self.game.history)
        hook = self.kit.terminal_turn()
        if hook is not None:
            self._hook_turn(hook, seat)
        else:
            self._listed_turn(seat)
        self.tell_moves(before, seat)
        self.tell_events()

    def _ask(self, prompt: str) -> str:
        text = self.term.ask(prompt)
        if text.strip().lower() in ("q", "quit", "exit"):
            raise Quit()
        return text

    def _hook_turn(self, hook: Any, seat: int) -> None:
        game = self.game
        self.draw(seat)
        while True:
            try:
                move = hook(game, seat, self._ask, self.term.say)
                game.play(move, seat)
                return
            except (NotationError, IllegalMoveError) as exc:
                self.term.warn(f"Not allowed: {_reason(exc)}. Try again.")
            except NaipesError as exc:
                self.term.warn(f"Problem: {exc}. Try again.")

    def _list_moves(self, view: View[Any]) -> None:
        moves = view.legal_moves
        for i, move in enumerate(moves[:MAX_LISTED], 1):
            self.term.say(f"  {i:>3}. {move}")
        if len(moves) > MAX_LISTED:
            self.term.note(f"  ... and {len(moves) - MAX_LISTED} more: type them in notation")
        if view.forced_move is not None:
            self.term.note(f"  (the rules prescribe: {view.forced_move})")

    def _listed_turn(self, seat: int) -> None:
        game = self.game
        view = game.view(seat)
        self.draw(seat)
        self.term.say("Choose:")
        self._list_moves(view)
        moves = view.legal_moves
        while True:
            choices = f"1-{len(moves)}" if len(moves) > 1 else "1"
            text = self._ask(f"Seat {seat}, your move ({choices}, a move, ? for help): ").strip()
            if not text:
                continue
            if text.lower() in ("?", "h", "help"):
                self.term.say(HELP.format(example=moves[0] if moves else "-"))
                continue
            if text.lower() in ("t", "table"):
                self.draw(seat)
                self._list_moves(view)
                continue
            move = self._read_move(text, moves, seat)
            if move is None:
                continue
            try:
                game.play(move, seat)
                return
            except (IllegalMoveError, NotationError) as exc:
                self.term.warn(f"{move} is not allowed now: {_reason(exc)}. Try again.")
            except NaipesError as exc:
                self.term.warn(f"{move} was refused: {exc}. Try again.")

    def _read_move(self, text: str, moves: Sequence[Move], seat: int) -> Move | None:
        if text.isdigit():
            n = int(text)
            if 1 <= n <= min(len(moves), MAX_LISTED):
                return moves[n - 1]
            if moves:
                self.term.warn(f"There is no move number {n}: choose 1 to "
                               f"{min(len(moves), MAX_LISTED)}, or type a move.")
                return None
        try:
            move: Move = self.game.parse_move(text, seat)
            return move
        except NotationError as exc:
            example = f" (for example {moves[0]})" if moves else ""
            what = f"{text!r} is ambiguous" if exc.code == "ambiguous" else f"I cannot read {text!r} as a move"
            self.term.warn(f"{what}: {exc.reason}. "
                           f"Type a number from the list or a move in notation{example}.")
        except IllegalMoveError as exc:
            self.term.warn(f"{text} is not allowed now: {_reason(exc)}. Try again.")
        except (NaipesError, ValueError, TypeError) as exc:
            self.term.warn(f"I cannot read {text!r} as a move: {exc}. Try again.")
        return None

    # -- the game ---------------------------------------------------------------------
    def step(self) -> None:
        """Let the next seat to act decide (the person first in a simultaneous window)."""
        game = self.game
        acting = sorted(game.to_act)
        if self.person in acting:
            seat = self.person
        else:
            seat = acting[0]
        assert seat is not None
        if seat == self.person:
            self.person_turn(seat)
        else:
            if self.person is None and self.drawn_at != len(game.history):
                self.draw(seat)
            self.bot_turn(seat)

    def finish(self) -> None:
        """Say how the game ended."""
        game = self.game
        result = game.result
        self.term.heading("== game over ==")
        self.term.say(game.view(self.person if self.person is not None else self.viewer).render())
        if result is None:
            return
        winners = ", ".join(self.who(s) for s in result.winners) or "nobody"
        self.term.say(f"Winner{'s' if len(result.winners) != 1 else ''}: {winners}")
        sides = game.sides
        for i, score in enumerate(result.scores):
            seats = sides[i] if i < len(sides) else (i,)
            names = " + ".join(self.who(s) for s in seats)
            self.term.say(f"  {names}: {score}")
        self.term.note(f"{len(game.history)} moves")


def _reason(exc: NaipesError) -> str:
    reason = getattr(exc, "reason", None)
    return str(reason) if reason else str(exc)


def save_record(game: AnyGame, path: str | Path, **meta: object) -> Path:
    """Write ``game.record()`` (plus a ``meta`` dict) as JSON; return the path."""
    record = dict(game.record())
    if meta:
        record["meta"] = dict(meta)
    out = Path(path)
    if out.parent and not out.parent.exists():
        out.parent.mkdir(parents=True)
    out.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return out


#: The largest record file ``naipes replay`` reads.
MAX_RECORD_BYTES = 256 * 2**20


def load_record(path: str | Path) -> Mapping[str, Any]:
    """Read a record file.

    Raises:
        InvalidStateError: when the file is missing, not JSON, or not a record.
    """
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise InvalidStateError(f"cannot read {path}: {exc.strerror or exc}", code="unreadable") from exc
    if len(raw) > MAX_RECORD_BYTES:
        raise InvalidStateError(f"{path} is larger than {MAX_RECORD_BYTES} bytes", code="too_large")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise InvalidStateError(f"{path} is not UTF-8 text (byte {exc.start})", code="not_json") from exc
    except json.JSONDecodeError as exc:
        raise InvalidStateError(f"{path} is not JSON: {exc}", code="not_json") from exc
    except (RecursionError, ValueError) as exc:
        raise InvalidStateError(f"{path} is not JSON a record can hold: {exc}", code="not_json") from exc
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise InvalidStateError(f"{path} is not a naipes game record", code="bad_format")
    return data


def replay_record(record: Mapping[str, Any], term: Term, *, interactive: bool,
                  seat: int | None = None) -> None:
    """Step through a record: the table, then each move and its events.

    Args:
        record: a :meth:`naipes.game.Game.record` dict.
        term: where to talk (and read Enter / ``q`` from).
        interactive: wait for Enter before each move; ``False`` prints everything.
        seat: draw the table as this seat sees it (default: the seat about to move).

    Raises:
        InvalidStateError: for a record of an unknown game or a broken record.
    """
    try:
        kit = GameKit.find(str(record.get("game")))
    except NaipesError as exc:
        raise InvalidStateError(f"a record of an unknown game: {exc}", code="wrong_game") from exc
    game = kit.module.Game.from_record({**record, "moves": []})
    moves = _validate.seat_moves(record.get("moves"), "moves", game.num_players, _validate.MAX_HISTORY)
    if seat is not None and not 0 <= seat < game.num_players:
        raise InvalidStateError(f"no seat {seat} in this {game.num_players}-player game", code="no_such_seat")
    table = Table(kit, game, term, [None] * game.num_players)
    table.viewer = seat if seat is not None else 0
    term.heading(f"Replay of a {kit.info.name} game: {len(moves)} moves. "
                 + ("Enter: next move, a: play to the end, q: quit." if interactive else ""))
    go_on = not interactive
    for i, (mover, text) in enumerate(moves):
        table.draw(seat if seat is not None else mover)
        if not go_on:
            try:
                answer = term.ask(f"[{i + 1}/{len(moves)}] ").strip().lower()
            except Quit:
                return
            if answer in ("q", "quit", "exit"):
                return
            go_on = answer in ("a", "all")
        before = len(game.history)
        try:
            game.play(text, mover)
        except (IllegalMoveError, NotationError) as exc:
            raise InvalidStateError(f"move {i + 1} of the record ({text!r}) does not fit: {exc}") from exc
        table.tell_moves(before, mover)
        table.tell_events()
    table.finish()
