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

from naipes import _validate
from naipes._cli_games import GameKit, _call, describe_event, lower_is_better
from naipes._cli_term import Quit, Term
from naipes._i18n import join, tr
from naipes.bots import Bot
from naipes.errors import IllegalMoveError, InvalidStateError, NaipesError, NotationError
from naipes.events import Event, MovePlayed
from naipes.game import RECORD_FORMAT, Game, Move, View

__all__ = ["Table", "load_record", "replay_record", "save_record"]

AnyGame = Game[Any, Any, Any]

#: Moves listed with numbers at most; longer lists show the first ones and say how many more.
MAX_LISTED = 60

#: What a person may type at a move prompt besides a move (Tab completes them too).
COMMANDS = ("help", "table", "quit")


class Table:
    """One game at a terminal: bots, at most one person, and a narrator.

    Args:
        kit: the game and its module.
        game: the game to play (its events are subscribed to).
        term: where to talk (and its language).
        bots: one ``(name, bot)`` per seat; ``None`` for the person's seat.
        person: the person's seat, or ``None`` when only bots play.
        confirm_forced: ask the person even when only one move is legal
            (otherwise it is played at once and said so).
    """

    def __init__(self, kit: GameKit, game: AnyGame, term: Term,
                 bots: Sequence[tuple[str, Bot[Any, Any]] | None], person: int | None = None,
                 *, confirm_forced: bool = False) -> None:
        self.kit = kit
        self.game = game
        self.term = term
        self.bots = list(bots)
        self.person = person
        self.confirm_forced = confirm_forced
        self.pending: list[Event] = []
        self.drawn_at = -1
        #: The seat whose view is drawn at the end when no person plays.
        self.viewer = 0
        game.events.subscribe(Event, self.pending.append)

    def t(self, key: str, **fields: object) -> str:
        """A message in the terminal's language."""
        return tr(key, self.term.lang, **fields)

    # -- naming ---------------------------------------------------------------------
    def who(self, seat: int) -> str:
        """How a seat is named in the narration: ``seat 1 (best)``, ``you (seat 0)``."""
        if seat == self.person:
            return self.t("you_seat", seat=seat)
        entry = self.bots[seat]
        return self.t("bot_seat", seat=seat, bot=entry[0]) if entry is not None else self.t("seat", seat=seat)

    # -- narration --------------------------------------------------------------------
    def draw(self, seat: int) -> None:
        """Draw the table as ``seat`` sees it (marked "you" only for the person's seat)."""
        game = self.game
        acting = ", ".join(str(s) for s in game.to_act) or self.t("nobody")
        entry = self.bots[seat]
        tag = f" ({self.t('you')})" if seat == self.person else f" ({entry[0]})" if entry is not None else ""
        self.term.heading(self.t("move_heading", n=len(game.history) + 1, acting=acting, who=self.who(seat),
                                 seat=seat, tag=tag))
        view = game.view(seat)
        self.term.say(self.kit.render(view, you=seat == self.person, lang=self.term.lang))
        self.drawn_at = len(game.history)

    def tell_events(self) -> None:
        """Tell the events since the last call that the person may see."""
        events, self.pending[:] = list(self.pending), []
        for event in events:
            if isinstance(event, MovePlayed):
                continue  # the moves are told by tell_moves
            private = event.private_to
            if self.person is not None and private not in (None, self.person):
                continue
            text = describe_event(self.kit, event, self.term.lang)
            if text:
                to = f" ({self.t('seen_by', seat=private)})" if private is not None and self.person is None else ""
                self.term.note(f"   . {text}{to}")

    def tell_moves(self, before: int, seat: int) -> None:
        """Tell the moves added to the history since ``before`` (a held answer as such)."""
        history = self.game.history
        if len(history) == before:
            self.term.say(self.t("answered_hidden", who=self.who(seat)))
            return
        resolved = len(history) - before > 1
        if resolved:
            self.term.say(self.t("everyone_answered"))
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
        """Ask the person for a move until one is legal, then tell what happened.

        A single legal move (in a game whose ``legal_moves`` is complete) is played
        without asking, unless :attr:`confirm_forced`.
        """
        before = len(self.game.history)
        hook = self.kit.terminal_turn()
        if self._only_move(seat):
            self._forced_turn(seat)
        elif hook is not None:
            self._hook_turn(hook, seat)
        else:
            self._listed_turn(seat)
        self.tell_moves(before, seat)
        self.tell_events()

    def _only_move(self, seat: int) -> bool:
        if self.confirm_forced or not self.kit.info.complete_moves:
            return False
        return len(self.game.view(seat).legal_moves) == 1

    def _forced_turn(self, seat: int) -> None:
        move = self.game.view(seat).legal_moves[0]
        self.draw(seat)
        self.term.note(self.t("forced", move=move))
        self.game.play(move, seat)

    def _ask(self, prompt: str, completions: Sequence[str] = ()) -> str:
        text = self.term.ask(prompt, completions)
        if text.strip().lower() in ("q", "quit", "exit"):
            raise Quit()
        return text

    def _hook_turn(self, hook: Any, seat: int) -> None:
        game = self.game
        self.draw(seat)
        moves = self.kit.completions(game.view(seat)) + ["quit"]

        def ask(prompt: str) -> str:
            return self._ask(prompt, moves)

        while True:
            try:
                move = _call(hook, game, seat, ask, self.term.say, lang=self.term.lang)
                game.play(move, seat)
                return
            except (NotationError, IllegalMoveError) as exc:
                self.term.warn(self.t("hook_not_allowed", reason=_reason(exc)))
            except NaipesError as exc:
                self.term.warn(self.t("hook_problem", reason=exc))

    def _list_moves(self, view: View[Any]) -> None:
        moves = view.legal_moves
        for i, move in enumerate(moves[:MAX_LISTED], 1):
            self.term.say(self._move_line(i, move, view))
        if len(moves) > MAX_LISTED:
            self.term.note(self.t("more_moves", n=len(moves) - MAX_LISTED))
        if view.forced_move is not None:
            self.term.note(self.t("prescribed", move=view.forced_move))

    def _move_line(self, i: int, move: Move, view: View[Any]) -> str:
        """One numbered move: its notation, and beside it the words the game's plugin has for it
        (``  3. 7o  — play the seven of coins``); the notation alone when the words are the same."""
        text = str(move)
        words = self.kit.describe_move(move, view, self.term.lang)
        if not words or words.strip() == text:
            return f"  {i:>3}. {text}"
        return f"  {i:>3}. {text}  \u2014 {words}"

    def _listed_turn(self, seat: int) -> None:
        game = self.game
        view = game.view(seat)
        self.draw(seat)
        self.term.say(self.t("choose"))
        self._list_moves(view)
        moves = view.legal_moves
        completions = self.kit.completions(view) + list(COMMANDS)
        while True:
            choices = f"1-{len(moves)}" if len(moves) > 1 else "1"
            text = self._ask(self.t("prompt", seat=seat, choices=choices), completions).strip()
            if not text:
                continue
            if text.lower() in ("?", "h", "help"):
                self.term.say(self.t("help", example=moves[0] if moves else "-"))
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
                self.term.warn(self.t("not_allowed", move=move, reason=_reason(exc)))
            except NaipesError as exc:
                self.term.warn(self.t("refused", move=move, reason=exc))

    def _read_move(self, text: str, moves: Sequence[Move], seat: int) -> Move | None:
        if text.isdigit():
            n = int(text)
            if 1 <= n <= min(len(moves), MAX_LISTED):
                return moves[n - 1]
            if moves:
                self.term.warn(self.t("no_move_number", n=n, last=min(len(moves), MAX_LISTED)))
                return None
        try:
            move: Move = self.game.parse_move(text, seat)
            return move
        except NotationError as exc:
            example = self.t("for_example", move=moves[0]) if moves else ""
            key = "ambiguous" if exc.code == "ambiguous" else "cannot_read"
            self.term.warn(self.t(key, text=text, reason=exc.reason, example=example))
        except IllegalMoveError as exc:
            self.term.warn(self.t("not_allowed", move=text, reason=_reason(exc)))
        except (NaipesError, ValueError, TypeError) as exc:
            self.term.warn(self.t("cannot_read", text=text, reason=exc, example=""))
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
        """Say how the game ended (and when lower scores are better)."""
        game = self.game
        result = game.result
        self.term.heading(self.t("game_over"))
        seat = self.person if self.person is not None else self.viewer
        self.term.say(self.kit.render(game.view(seat), you=seat == self.person, lang=self.term.lang))
        if result is None:
            return
        if result.winners:
            winners = join([self.who(s) for s in result.winners], self.term.lang)
            self.term.say(self.t("winner" if len(result.winners) == 1 else "winners", who=winners))
        else:
            self.term.say(self.t("no_winner"))
        sides = game.sides
        for i, score in enumerate(result.scores):
            seats = sides[i] if i < len(sides) else (i,)
            names = " + ".join(self.who(s) for s in seats)
            self.term.say(f"  {names}: {score}")
        lower = lower_is_better(self.kit, getattr(game, "rules", None), self.term.lang)
        if lower:
            self.term.note(self.t("lower_better", what=lower))
        self.term.note(self.t("moves_count", n=len(game.history)))


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
    """Read a record file of at most :data:`MAX_RECORD_BYTES` bytes.

    No more than that is read (a device or pipe that never ends, such as
    ``/dev/zero``, is refused at the limit); JSON nested too deep for the
    parser, or deeper than a record may nest, is refused, not a crash.

    Raises:
        InvalidStateError: when the file is missing, too large (``too_large``),
            not JSON (``not_json``), or not a record.
    """
    try:
        with Path(path).open("rb") as file:
            raw = file.read(MAX_RECORD_BYTES + 1)
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

    At each prompt: Enter plays the next move, ``b`` steps back one, ``g N``
    goes to just before move ``N``, ``a`` plays to the end, ``q`` quits.

    Args:
        record: a :meth:`naipes.game.Game.record` dict.
        term: where to talk (and read the keys from).
        interactive: wait for a key before each move; ``False`` prints everything.
        seat: draw the table as this seat sees it (default: the seat about to move).

    Raises:
        InvalidStateError: for a record of an unknown game or a broken record.
    """
    try:
        kit = GameKit.find(str(record.get("game")))
    except NaipesError as exc:
        raise InvalidStateError(f"a record of an unknown game: {exc}", code="wrong_game") from exc
    replay = _Replay(kit, record, term, seat)
    moves = replay.moves
    term.heading(tr("replay_heading", term.lang, game=kit.info.name, n=len(moves))
                 + (" " + tr("replay_keys", term.lang) if interactive else ""))
    go_on = not interactive
    while replay.at < len(moves):
        replay.draw()
        if not go_on:
            answer = _replay_key(term, replay.at, len(moves))
            if answer is None:
                return
            if answer == "all":
                go_on = True
            elif isinstance(answer, int):
                replay.go(answer)
                continue
        replay.forward()
    replay.table.finish()
    _tell_forfeit(record, term)


def _tell_forfeit(record: Mapping[str, Any], term: Term) -> None:
    """Say how a tournament game ended in a forfeit (``meta.forfeit.text``, which
    ``naipes tournament --save`` writes), if the record says so."""
    meta = record.get("meta")
    forfeit = meta.get("forfeit") if isinstance(meta, dict) else None
    text = forfeit.get("text") if isinstance(forfeit, dict) else None
    if isinstance(text, str):
        term.warn("forfeit: " + " ".join(text.split())[:500])


class _Replay:
    """A record's game at some move, stepped forward with narration or rebuilt at any move."""

    def __init__(self, kit: GameKit, record: Mapping[str, Any], term: Term, seat: int | None) -> None:
        self.kit, self.record, self.term, self.seat = kit, record, term, seat
        self.table = self._fresh()
        n = self.table.game.num_players
        self.moves = _validate.seat_moves(record.get("moves"), "moves", n, _validate.MAX_HISTORY)
        if seat is not None and not 0 <= seat < n:
            raise InvalidStateError(f"no seat {seat} in this {n}-player game", code="no_such_seat")
        self.at = 0

    def _fresh(self) -> Table:
        game = self.kit.module.Game.from_record({**self.record, "moves": []})
        table = Table(self.kit, game, self.term, [None] * game.num_players)
        table.viewer = self.seat if self.seat is not None else 0
        return table

    def draw(self) -> None:
        mover = self.moves[self.at][0]
        self.table.draw(self.seat if self.seat is not None else mover)

    def _play(self, table: Table) -> None:
        mover, text = self.moves[self.at]
        try:
            table.game.play(text, mover)
        except (IllegalMoveError, NotationError) as exc:
            raise InvalidStateError(f"move {self.at + 1} of the record ({text!r}) does not fit: {exc}") from exc
        self.at += 1

    def forward(self) -> None:
        """Play the next move and tell it."""
        before, mover = len(self.table.game.history), self.moves[self.at][0]
        self._play(self.table)
        self.table.tell_moves(before, mover)
        self.table.tell_events()

    def go(self, index: int) -> None:
        """Rebuild the game with the first ``index`` moves played, silently."""
        table = self._fresh()
        self.at = 0
        while self.at < index:
            self._play(table)
        table.pending.clear()
        self.table = table


def _replay_key(term: Term, at: int, total: int) -> int | str | None:
    """Ask what to do before move ``at + 1``: ``None`` to quit, ``"all"``, ``"next"``,
    or the number of moves to rebuild the game at (back one, or go to a move)."""
    while True:
        try:
            answer = term.ask(f"[{at + 1}/{total}] ", ("b", "g ", "a", "q")).strip().lower()
        except Quit:
            return None
        if answer in ("q", "quit", "exit"):
            return None
        if answer in ("", "n", "next"):
            return "next"
        if answer in ("a", "all"):
            return "all"
        if answer in ("b", "back", "p", "prev"):
            if at == 0:
                term.note(tr("replay_start", term.lang))
                continue
            return at - 1
        word, _, number = answer.partition(" ")
        if word in ("g", "go", "goto") and number.strip().isdigit():
            n = int(number)
            if 1 <= n <= total:
                return n - 1
            term.warn(tr("replay_no_move", term.lang, n=n, last=total))
            continue
        term.warn(tr("replay_unknown", term.lang))
