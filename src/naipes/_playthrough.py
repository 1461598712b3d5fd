"""Golden playthroughs: a seeded game of any registered game written out position by position.

A transcript is one seeded game played to its end by seeded bots. At every position it
writes the seats to act, the open decision in words, and for every seat: its view as JSON,
a digest of its observation from ``ActionSpace.encode(view)`` and from the game's
incremental trackers, the captions of its picture (:func:`naipes.svg.render`) with a digest
of the whole picture, and, for a seat to act, each legal move with its action id and its
words in English and Spanish (and each legal id whose move the game does not list). Between
two positions it writes the move played and every event in words, in English and Spanish,
with what each seat's own stream shows of it when that differs.

Everything goes through the plugin layer (:func:`naipes.plugin.plugin`, the registry,
:func:`naipes.bots.load_bot`), so any registered game, ours or a third party's, gets one.
The public names are re-exported by :mod:`naipes.testing`.
"""

from __future__ import annotations

import hashlib
import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Iterator, Mapping, NamedTuple, Sequence

__all__ = ["Difference", "check_playthrough", "first_difference", "playthrough"]

#: The environment variable that makes :func:`check_playthrough` write the file instead of
#: comparing with it (any value but ``""`` and ``"0"``).
REGENERATE_ENV = "NAIPES_REGENERATE"
#: The languages every move and event is worded in.
LANGS = ("en", "es")
_SVG = "{http://www.w3.org/2000/svg}"
#: The classes of the groups that draw one card or one card back in a picture.
_CARD_CLASSES = frozenset({"card", "back"})
#: Where a position starts in a transcript (a :class:`Difference` names it).
POSITION_MARK = "== position "
_HOW = (f"write the file again (check_playthrough(..., regenerate=True), or {REGENERATE_ENV}=1 "
        "in the environment) and review the diff.")


# -- values as text ---------------------------------------------------------------------------
def _json(value: object) -> str:
    """Compact JSON with sorted keys: the same bytes on every run and Python version."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def obs_digest(values: Sequence[Any]) -> str:
    """A digest of an observation vector, read as text (``repr`` of each value as a float).

    A list, a tuple or a numpy array gives the same digest for the same numbers, so the
    digest needs no numpy.
    """
    return _digest(",".join(repr(float(v)) for v in values).encode())


def _seats(seats: Sequence[int]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + " ".join(map(str, seats))


def _words(text: str | None) -> str:
    return "(no words)" if text is None else " ".join(str(text).split()) or "(empty)"


def picture_line(view: object) -> str:
    """The digest of the seat's picture, its title and every caption it writes, in order."""
    from naipes.errors import UsageError
    from naipes.svg import render

    try:
        svg = render(view)  # type: ignore[arg-type]
    except UsageError as exc:
        return f"picture: none ({exc.code})"
    root = ET.fromstring(svg)
    title = root.find(_SVG + "title")
    head = _words(title.text if title is not None else None)
    return f"picture {_digest(svg.encode())} {head}: " + " | ".join(_captions(root))


def _captions(element: ET.Element) -> Iterator[str]:
    """The words of every ``<text>`` under ``element``, in document order, leaving out the
    drawings of cards and backs (their corner indices; the view names the cards)."""
    for child in element:
        if child.tag == _SVG + "text":
            text = " ".join("".join(child.itertext()).split())
            if text:
                yield text
        elif child.get("class") not in _CARD_CLASSES:
            yield from _captions(child)


# -- the transcript ---------------------------------------------------------------------------
class _Writer:
    """A game played by its bots, written line by line."""

    def __init__(self, game: str, players: int | None, rules: Mapping[str, object] | None,
                 seed: int, bots: str) -> None:
        from naipes.bots import load_bot
        from naipes.events import EventLog
        from naipes.plugin import plugin

        self.plugin = p = plugin(game)
        self.bot_spec, self.seed = bots, seed
        self.rules = p.rules(players=players, settings=rules or {})
        self.game = p.new_game(self.rules, seed=seed)
        self.log = EventLog(self.game)
        self.seen = 0
        self.seats = range(self.game.num_players)
        self.bots = [load_bot(bots, seed=seed * 100 + s, game=p.info.name) for s in self.seats]
        self._trackers()
        self.lines: list[str] = []
        #: each seat's view as JSON data at the last position (a position writes what changed)
        self.views: list[dict[str, Any] | None] = [None for _ in self.seats]

    def _trackers(self) -> None:
        """The action space, one tracker per seat asked at every position, and one asked only
        when its seat acts (and at the end), as a learning loop asks it."""
        from naipes.actions import Tracker
        from naipes.errors import UsageError

        try:
            self.space: Any = self.plugin.action_space(self.rules)
        except UsageError:
            self.space = None
        self.trackers: list[Tracker[Any]] = []
        self.own_turn: list[Tracker[Any]] = []
        if self.space is not None:
            self.trackers = [self.space.tracker(self.game, s) for s in self.seats]
            self.own_turn = [self.space.tracker(self.game, s) for s in self.seats]

    def write(self, line: str) -> None:
        self.lines.append(line)

    def header(self, name: str, comments: Sequence[str] | None) -> None:
        from naipes.game import rules_to_dict

        info = self.plugin.info
        self.write(f"# naipes golden playthrough: {info.name} {name}; generated, do not edit.")
        bots = f"Bots: {self.bot_spec!r}, seat s seeded {self.seed}*100+s."
        for comment in (bots,) if comments is None else comments:
            self.write("# " + comment.replace("{bots}", bots))
        self.write(f"game {info.name} (plugin {type(self.plugin).__module__}.{type(self.plugin).__name__})")
        self.write(f"rules {_json(rules_to_dict(self.rules))}")
        self.write(f"seed {self.seed}; players {self.game.num_players}")
        for s, bot in enumerate(self.bots):
            self.write(f"bot seat {s}: {type(bot).__module__}.{type(bot).__qualname__}")
        if self.space is None:
            self.write("action space: none")
        else:
            self.write(f"action space: {self.space.size} ids; observation {self.space.observation_size} values")
        for lang in LANGS:
            self.write(f"result unit {lang}: {_words(self.plugin.result_unit(self.rules, lang))}")

    def events(self, title: str) -> None:
        """Every event since the last call, in words, and how each seat's stream shows it."""
        fresh = self.log.since(None, self.seen)
        if not fresh:
            return
        streams = {s: dict(self.log.since(s, self.seen)) for s in self.seats}
        self.seen = len(self.log)
        self.write(title)
        for seq, event in fresh:
            self.write(f"  event {seq} {event.to_dict()['type']} {self._told(event)}")
            self.write(f"    json {_json(event.to_dict())}")
            shown: dict[str, list[int]] = {}  # what a seat's stream shows, when not the event itself
            for s in self.seats:
                mine = streams[s].get(seq)
                if mine is None:
                    shown.setdefault("not shown", []).append(s)
                elif mine != event:
                    shown.setdefault(f"{self._told(mine)} json {_json(mine.to_dict())}", []).append(s)
            for text, seats in shown.items():
                self.write(f"    {_seats(seats)}: {text}")

    def _told(self, event: object) -> str:
        return " | ".join(f"{lang}: {_words(self.plugin.describe_event(event, lang))}"  # type: ignore[arg-type]
                          for lang in LANGS)

    def _move_words(self, move: object, view: object) -> str:
        return " | ".join(f"{lang}: {_words(self.plugin.describe_move(move, view, lang))}"
                          for lang in LANGS)

    def _id(self, move: object, view: object) -> str:
        if self.space is None or not self.space.has_id(move, view):
            return "-"
        return str(self.space.index(move, view))

    def position(self, number: int) -> None:
        """The position before move ``number``: seats to act, and every seat's view, observation,
        picture and (when it acts) legal moves."""
        to_act = self.game.to_act
        self.write(f"{POSITION_MARK}{number} ==")
        self.write("to act: " + (" ".join(map(str, to_act)) if to_act else "nobody (the game is over)"))
        if to_act:
            view = self.game.view(min(to_act))
            for lang in LANGS:
                self.write(f"decision {lang}: {_words(self.plugin.describe_decision(view, lang))}")
        for s in self.seats:
            self.seat(s, s in to_act)

    def seat(self, s: int, acting: bool) -> None:
        """Seat ``s`` at this position: its view, observation, picture and, when it acts, its moves."""
        view = self.game.view(s)
        self.view_line(s, view.to_dict())
        if self.space is not None:
            self.observation(s, view, acting)
        self.write(f"seat {s} {picture_line(view)}")
        if acting:
            moves = view.legal_moves
            self.write(f"seat {s} legal moves ({len(moves)}):")
            for move in moves:
                self.write(f"  {self._id(move, view)} {move}: {self._move_words(move, view)}")
            self.unlisted_ids(s, view)

    def view_line(self, s: int, data: dict[str, Any]) -> None:
        """The view in full at the first position and the end, else the fields that changed."""
        before = self.views[s]
        if before is None or self.game.is_over:
            self.write(f"seat {s} view {_json(data)}")
        else:
            changed = {k: v for k, v in data.items() if k not in before or before[k] != v}
            gone = sorted(k for k in before if k not in data)
            self.write(f"seat {s} view changes {_json(changed)}" + (f" removed {_json(gone)}" if gone else ""))
        self.views[s] = data

    def observation(self, s: int, view: Any, acting: bool) -> None:
        """The digest of ``encode(view)``, whether the trackers agree, and their legal ids when not."""
        encoded = obs_digest(self.space.encode(view))
        line = f"seat {s} obs encode {encoded}; tracker {self._same(encoded, self.trackers[s])}"
        if acting or self.game.is_over:
            line += f"; tracker asked on own turns only {self._same(encoded, self.own_turn[s])}"
        self.write(line)
        if acting:  # the ids are written with the legal moves: a tracker's are written only when they differ
            ids = self.space.legal_ids(view)
            for which, tracker in (("tracker", self.trackers[s]), ("own-turn tracker", self.own_turn[s])):
                tracked = tracker.legal_ids()
                if tracked != ids:
                    self.write(f"seat {s} {which} legal ids DIFFER: {list(tracked)} (encode: {list(ids)})")

    def unlisted_ids(self, s: int, view: Any) -> None:
        """The legal ids whose moves ``legal_moves`` does not list (Machiavelli's candidate slots),
        each with its move in words; nothing for a game whose ids are its listed moves."""
        if self.space is None:
            return
        listed = {self.space.index(m, view) for m in view.legal_moves if self.space.has_id(m, view)}
        extra = [i for i in self.space.legal_ids(view) if i not in listed]
        if extra:
            self.write(f"seat {s} legal ids beyond the listed moves ({len(extra)}):")
            for i in extra:
                move = self.space.move(i, view)
                self.write(f"  {i} {move}: {self._move_words(move, view)}")

    @staticmethod
    def _same(encoded: str, tracker: Any) -> str:
        mine = obs_digest(tracker.encode())
        return "same" if mine == encoded else f"DIFFERS {mine}"

    def play(self) -> None:
        """Every position and move to the end, then the result."""
        self.events("opening events:")
        number = 0
        while not self.game.is_over:
            self.position(number)
            seat = min(self.game.to_act)
            view = self.game.view(seat)
            move = self.bots[seat].choose(view)
            self.write(f"move {number}: seat {seat} plays {move} (id {self._id(move, view)}): "
                       f"{self._move_words(move, view)}")
            self.game.play(move, seat)
            self.events(f"events of move {number}:")
            number += 1
        self.position(number)
        result = self.game.result
        self.write(f"== end after {number} moves ==")
        self.write(f"result {_json(result.to_dict() if result is not None else None)}")


def playthrough(game: str, *, players: int | None = None, seed: int = 0,
                rules: Mapping[str, object] | None = None, bots: str = "best", name: str = "custom",
                comments: Sequence[str] | None = None) -> str:
    """The transcript of one seeded game of ``game`` played to its end by seeded bots.

    The same arguments give the same text on every run, machine and Python version, so a
    transcript kept beside a game's tests shows, as a diff, every change of what a seat
    sees (compare it with :func:`check_playthrough`).

    Args:
        game: a registered game's name or alias (``naipes games`` lists them).
        players: the number of seats (default: the rules' default).
        seed: the seed of the game; seat ``s``'s bot is seeded ``seed * 100 + s``.
        rules: fields of the game's ``Rules`` to set, e.g. ``{"scope": "hand"}``.
        bots: the bot spec of every seat (:func:`naipes.bots.load_bot`; default: the
            game's best bot).
        name: a label for this game and rules, written in the first line.
        comments: the comment lines written after the first (without their ``#``);
            ``{bots}`` in one stands for the line that names the bots and their seeds,
            the only comment when this is ``None``.

    Returns:
        The transcript: lines ending in ``\\n``, a line ``== position N ==`` before each move.

    Raises:
        UsageError: for a game or bot spec that is not installed.
        RulesError: for a player count or rules field the game does not take.

    .. versionadded:: 1.2
    """
    writer = _Writer(game, players, rules, seed, bots)
    writer.header(name, comments)
    writer.play()
    return "\n".join(writer.lines) + "\n"


# -- comparing --------------------------------------------------------------------------------
class Difference(NamedTuple):
    """The first line where a transcript differs from the one expected (lines counted from 1).

    ``expected`` or ``actual`` is ``None`` where that text has ended; ``position`` says
    where the line is: ``"the header, before the first position"``, ``"position N, before
    move N"`` or ``"the end of the game"``.

    .. versionadded:: 1.2
    """

    line: int
    expected: str | None
    actual: str | None
    position: str

    def message(self, name: str, how: str = _HOW) -> str:
        """The failure message: ``name`` (the file), the line, its position, both texts and
        ``how`` the file is written again when the change is meant."""
        def show(text: str | None) -> str:
            return "(the file ends here)" if text is None else text

        return (f"{name}: line {self.line} differs ({self.position})\n"
                f"  expected (the file): {show(self.expected)}\n"
                f"  actual   (the code): {show(self.actual)}\n"
                f"If the change is meant, {how}")


def first_difference(expected: str, actual: str) -> Difference | None:
    """The first differing line of two transcripts, with the position it belongs to; ``None``
    when they are the same text.

    .. versionadded:: 1.2
    """
    if expected == actual:
        return None
    old, new = _lines(expected), _lines(actual)
    where = "the header, before the first position"
    for i in range(max(len(old), len(new))):
        a = old[i] if i < len(old) else None
        b = new[i] if i < len(new) else None
        if a != b:
            return Difference(i + 1, a, b, where)
        where = _where(a, where)
    # the same lines: only the newline at the end of the last one differs
    return Difference(len(old), old[-1] if old else None, (new[-1] if new else "") + " (the newline at its end differs)",
                      where)


def _where(line: str | None, where: str) -> str:
    """The part of the transcript after ``line``, which is in part ``where``."""
    if line is not None and line.startswith(POSITION_MARK):
        number = line[len(POSITION_MARK):].strip(" =")
        return f"position {number}, before move {number}"
    if line is not None and line.startswith("== end"):
        return "the end of the game"
    return where


def _lines(text: str) -> list[str]:
    """The lines of ``text``, split at ``\\n`` only (a view may hold other line separators)."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def _regenerating() -> bool:
    return os.environ.get(REGENERATE_ENV, "") not in ("", "0")


def check_playthrough(path: str | os.PathLike[str], text: str, *, regenerate: bool | None = None,
                      how: str = _HOW) -> None:
    """Check that the file at ``path`` holds ``text`` (a :func:`playthrough`), byte for byte.

    Use it in a test, with the transcript kept beside it::

        def test_what_every_seat_sees():
            check_playthrough(HERE / "mygame-3p.golden", playthrough("mygame", players=3, seed=4))

    Args:
        path: the transcript's file (UTF-8, ``\\n`` line ends).
        text: the transcript the code writes now.
        regenerate: write ``text`` to ``path`` instead of comparing (default: when the
            environment variable ``NAIPES_REGENERATE`` is set, and not to ``0``); review
            the diff of the file before committing it.
        how: the end of the failure message, saying how the file is written again.

    Raises:
        ConformanceError: when the file is missing or differs; the message names the file,
            the first differing line, the expected and actual text and the position the
            line belongs to.

    .. versionadded:: 1.2
    """
    from naipes.testing import ConformanceError

    file = Path(path)
    if _regenerating() if regenerate is None else regenerate:
        file.write_bytes(text.encode("utf-8"))
        return
    if not file.exists():
        raise ConformanceError(f"{file} is missing; {how}")
    diff = first_difference(file.read_bytes().decode("utf-8"), text)
    if diff is not None:
        raise ConformanceError(diff.message(str(file), how))
