"""Golden playthroughs: a seeded game of every game and preset, written out position by position.

Each transcript in this directory (``<game>-<preset>.txt``) is one seeded game played to
its end by seeded bots. At every position it writes the seats to act, the open decision
in words, and for every seat: its view as JSON, a digest of its observation from
``ActionSpace.encode(view)`` and from the game's incremental trackers, the captions of its
picture (:func:`naipes.svg.render`) with a digest of the whole picture, and, for a seat to
act, each legal move with its action id and its words in English and Spanish (and each legal
id whose move the game does not list, with its move). Between two
positions it writes the move played and every event in words, in English and Spanish, with
what each seat's own stream shows of it when that differs.

Everything goes through the generic plugin layer (:func:`naipes.plugin.plugin`, the
registry, :func:`naipes.bots.load_bot`), so a third-party game gets a transcript from this
same script: ``--game NAME`` writes one for any registered game.

Regenerate every file (after a change that alters what a seat sees, then review the diff)::

    PYTHONPATH=src python tests/playthroughs/regenerate.py

Check them without writing (what ``tests/test_playthroughs.py`` does)::

    PYTHONPATH=src python tests/playthroughs/regenerate.py --check

A transcript of another game, e.g. an installed third-party one, to standard output::

    PYTHONPATH=src python tests/playthroughs/regenerate.py --game toy --players 3 --seed 5 --set key=value
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, Iterator, Mapping, NamedTuple, Sequence

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
#: The command that regenerates the files, as written at the top of each.
COMMAND = "PYTHONPATH=src python tests/playthroughs/regenerate.py"
#: The languages every move and event is worded in.
LANGS = ("en", "es")
#: The card width the pictures are drawn at.
PICTURE_WIDTH = 60
_SVG = "{http://www.w3.org/2000/svg}"
#: The classes of the groups that draw one card or one card back in a picture.
_CARD_CLASSES = frozenset({"card", "back"})
#: Where a position starts in a transcript (the failure message of the check names it).
POSITION_MARK = "== position "


class Preset(NamedTuple):
    """One golden playthrough: a game, its rules, a seed and the bots of its seats."""

    game: str
    name: str
    players: int
    settings: Mapping[str, object]
    seed: int
    bots: str = "best"

    @property
    def filename(self) -> str:
        """The transcript's file name in this directory."""
        return f"{self.game}-{self.name}.txt"


#: Every golden playthrough. The games are cut short where a full game would make a large
#: file (Macarra's turn cap ``max_turns``, one Ranzo round, one Machuco hand, one deal).
PRESETS: tuple[Preset, ...] = (
    Preset("machuco", "2p-hand", 2, {"scope": "hand"}, seed=8),
    Preset("machuco", "4p-teams-hand", 4, {"scope": "hand", "teams": True}, seed=4),
    Preset("macarra", "3p-12-turns", 3, {"max_turns": 12}, seed=7),
    Preset("macarra", "2p-careless-12-turns", 2, {"max_turns": 12}, seed=2, bots="careless:error_rate=0.3"),
    Preset("ranzo", "4p-one-round", 4, {"rounds": 1}, seed=3),
    Preset("ranzo", "4p-teams-one-round", 4, {"rounds": 1, "teams": True}, seed=17),
    Preset("machiavelli", "2p-single-deal", 2, {"mode": "single_deal"}, seed=18),
    Preset("machiavelli", "3p-single-deal", 3, {"mode": "single_deal"}, seed=12),
    Preset("toy", "2p", 2, {}, seed=3),
    Preset("toy", "3p", 3, {}, seed=4),
)


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

    def __init__(self, preset: Preset) -> None:
        from naipes.actions import Tracker
        from naipes.bots import load_bot
        from naipes.errors import UsageError
        from naipes.events import EventLog
        from naipes.plugin import plugin

        self.preset = preset
        self.plugin = p = plugin(preset.game)
        self.rules = p.rules(players=preset.players, settings=preset.settings)
        self.game = p.new_game(self.rules, seed=preset.seed)
        self.log = EventLog(self.game)
        self.seen = 0
        self.seats = range(self.game.num_players)
        self.bots = [load_bot(preset.bots, seed=preset.seed * 100 + s, game=preset.game) for s in self.seats]
        try:
            self.space: Any = p.action_space(self.rules)
        except UsageError:
            self.space = None
        #: one tracker per seat asked at every position, and one asked only when its seat acts
        #: (and at the end), as a learning loop asks it
        self.trackers: list[Tracker[Any]] = []
        self.own_turn: list[Tracker[Any]] = []
        if self.space is not None:
            self.trackers = [self.space.tracker(self.game, s) for s in self.seats]
            self.own_turn = [self.space.tracker(self.game, s) for s in self.seats]
        self.lines: list[str] = []
        #: each seat's view as JSON data at the last position (a position writes what changed)
        self.views: list[dict[str, Any] | None] = [None for _ in self.seats]

    def write(self, line: str) -> None:
        self.lines.append(line)

    def header(self) -> None:
        from naipes.game import rules_to_dict

        pre, info = self.preset, self.plugin.info
        self.write(f"# naipes golden playthrough: {info.name} {pre.name}; generated, do not edit.")
        self.write(f"# Regenerate: {COMMAND}   (then review the diff: docs/design.rst, Golden playthroughs)")
        self.write(f"# Checked by tests/test_playthroughs.py. Bots: {pre.bots!r}, seat s seeded {pre.seed}*100+s.")
        self.write(f"game {info.name} (plugin {type(self.plugin).__module__}.{type(self.plugin).__name__})")
        self.write(f"rules {_json(rules_to_dict(self.rules))}")
        self.write(f"seed {pre.seed}; players {self.game.num_players}")
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
        return " | ".join(f"{lang}: {_words(self.plugin.describe_move(move, view, lang))}" for lang in LANGS)

    def _id(self, move: object, view: object) -> str:
        if self.space is None or not self.space.has_id(move, view):
            return "-"
        return str(self.space.index(move, view))

    def position(self, number: int) -> None:
        """The position before move ``number``: seats to act, and every seat's view, observation,
        picture and (when it acts) legal moves."""
        game = self.game
        to_act = game.to_act
        self.write(f"{POSITION_MARK}{number} ==")
        self.write("to act: " + (" ".join(map(str, to_act)) if to_act else "nobody (the game is over)"))
        if to_act:
            view = game.view(min(to_act))
            for lang in LANGS:
                self.write(f"decision {lang}: {_words(self.plugin.describe_decision(view, lang))}")
        for s in self.seats:
            self.seat(s, s in to_act)

    def seat(self, s: int, acting: bool) -> None:
        view = self.game.view(s)
        data = view.to_dict()
        before = self.views[s]
        if before is None or self.game.is_over:
            self.write(f"seat {s} view {_json(data)}")
        else:
            changed = {k: v for k, v in data.items() if k not in before or before[k] != v}
            gone = sorted(k for k in before if k not in data)
            self.write(f"seat {s} view changes {_json(changed)}" + (f" removed {_json(gone)}" if gone else ""))
        self.views[s] = data
        if self.space is not None:
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
        self.write(f"seat {s} {picture_line(view)}")
        if acting:
            moves = view.legal_moves
            self.write(f"seat {s} legal moves ({len(moves)}):")
            for move in moves:
                self.write(f"  {self._id(move, view)} {move}: {self._move_words(move, view)}")
            self.unlisted_ids(s, view)

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
        self.header()
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


def transcript(preset: Preset) -> str:
    """The transcript of ``preset``, as the file holds it."""
    writer = _Writer(preset)
    writer.play()
    return "\n".join(writer.lines) + "\n"


# -- comparing --------------------------------------------------------------------------------
class Difference(NamedTuple):
    """The first line where a transcript differs from its file (line numbers from 1)."""

    line: int
    expected: str | None
    actual: str | None
    position: str

    def message(self, name: str) -> str:
        """What the failing check prints."""
        def show(text: str | None) -> str:
            return "(the file ends here)" if text is None else text

        return (f"tests/playthroughs/{name}: line {self.line} differs ({self.position})\n"
                f"  expected (the file): {show(self.expected)}\n"
                f"  actual   (the code): {show(self.actual)}\n"
                f"If the change is meant, regenerate with `{COMMAND}` and review the diff.")


def first_difference(expected: str, actual: str) -> Difference | None:
    """The first differing line of two transcripts, with the position it belongs to; ``None``
    when they are the same text."""
    if expected == actual:
        return None
    old, new = _lines(expected), _lines(actual)
    where = "the header, before the first position"
    for i in range(max(len(old), len(new))):
        a = old[i] if i < len(old) else None
        b = new[i] if i < len(new) else None
        if a != b:
            return Difference(i + 1, a, b, where)
        if a is not None and a.startswith(POSITION_MARK):
            number = a[len(POSITION_MARK):].strip(" =")
            where = f"position {number}, before move {number}"
        elif a is not None and a.startswith("== end"):
            where = "the end of the game"
    # the same lines: only the newline at the end of the last one differs
    return Difference(len(old), old[-1] if old else None, (new[-1] if new else "") + " (the newline at its end differs)",
                      where)


def _lines(text: str) -> list[str]:
    """The lines of ``text``, split at ``\\n`` only (a view may hold other line separators)."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def check(preset: Preset, directory: Path = HERE) -> str | None:
    """``None`` when the file of ``preset`` holds its transcript, else the failure message."""
    path = directory / preset.filename
    if not path.exists():
        return f"tests/playthroughs/{preset.filename} is missing; make it with `{COMMAND}`"
    diff = first_difference(path.read_bytes().decode("utf-8"), transcript(preset))
    return None if diff is None else diff.message(preset.filename)


# -- the command ------------------------------------------------------------------------------
def ensure_toy() -> None:
    """Register the example third-party game (examples/toygame) when nothing registered it."""
    from naipes import registry
    from naipes.errors import UsageError

    try:
        registry.find_game("toy")
    except UsageError:
        toy_dir = str(ROOT / "examples" / "toygame")
        if toy_dir not in sys.path:
            sys.path.append(toy_dir)
        import naipes_toy

        registry.register(naipes_toy.GAME_INFO)


def _setting(text: str) -> tuple[str, object]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"--set takes key=value, not {text!r}")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or ``--check``) every golden playthrough, or one of ``--game`` to standard output."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare with the files, write nothing")
    parser.add_argument("--game", help="a transcript of this registered game to standard output")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="best", help="the bot spec of every seat (default: best)")
    parser.add_argument("--set", dest="settings", type=_setting, action="append", default=[],
                        help="a rules field, key=value (value read as JSON, else text)")
    parser.add_argument("--only", action="append", default=[], metavar="FILE",
                        help="only this golden file (e.g. machuco-2p-hand.txt); repeatable")
    args = parser.parse_args(argv)
    ensure_toy()
    if args.game:
        from naipes.plugin import plugin

        players = args.players or plugin(args.game).info.min_players
        preset = Preset(args.game, "custom", players, dict(args.settings), args.seed, args.bots)
        sys.stdout.write(transcript(preset))
        return 0
    unknown = sorted(set(args.only) - {p.filename for p in PRESETS})
    if unknown:
        parser.error(f"no golden playthrough {', '.join(unknown)} (see PRESETS)")
    failed = 0
    for preset in PRESETS:
        if args.only and preset.filename not in args.only:
            continue
        if args.check:
            problem = check(preset)
            if problem:
                print(problem)
                failed += 1
            continue
        (HERE / preset.filename).write_bytes(transcript(preset).encode("utf-8"))
        print(f"wrote tests/playthroughs/{preset.filename}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
