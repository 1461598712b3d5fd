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

The transcript is written by the package (:func:`naipes.testing.playthrough`, through the
plugin layer only, so any registered game gets one); this script holds naipes's own presets,
writes their files and compares them (:func:`naipes.testing.first_difference`). A third-party
game keeps its transcript with :func:`naipes.testing.check_playthrough`, or writes one with
``naipes playthrough GAME``; ``--game NAME`` here does the same.

Regenerate every file (after a change that alters what a seat sees, then review the diff)::

    PYTHONPATH=src python tests/playthroughs/regenerate.py

Check them without writing (what ``tests/test_playthroughs.py`` does)::

    PYTHONPATH=src python tests/playthroughs/regenerate.py --check

A transcript of another game, e.g. an installed third-party one, to standard output::

    PYTHONPATH=src python tests/playthroughs/regenerate.py --game toy --players 3 --seed 5 --set key=value
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Mapping, NamedTuple, Sequence

from naipes._playthrough import POSITION_MARK, obs_digest, picture_line
from naipes.testing import Difference, first_difference, playthrough

__all__ = ["COMMAND", "Difference", "HERE", "POSITION_MARK", "PRESETS", "Preset", "check", "first_difference",
           "main", "obs_digest", "picture_line", "transcript"]

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
#: The command that regenerates the files, as written at the top of each.
COMMAND = "PYTHONPATH=src python tests/playthroughs/regenerate.py"
#: The comment lines at the top of each file, after the first.
COMMENTS = (f"Regenerate: {COMMAND}   (then review the diff: docs/design.rst, Golden playthroughs)",
            "Checked by tests/test_playthroughs.py. {bots}")
#: How a failing check says the files are written again.
HOW = f"regenerate with `{COMMAND}` and review the diff."


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


def transcript(preset: Preset) -> str:
    """The transcript of ``preset``, as the file holds it."""
    return playthrough(preset.game, players=preset.players, seed=preset.seed, rules=preset.settings,
                       bots=preset.bots, name=preset.name, comments=COMMENTS)


def check(preset: Preset, directory: Path = HERE) -> str | None:
    """``None`` when the file of ``preset`` holds its transcript, else the failure message."""
    path = directory / preset.filename
    if not path.exists():
        return f"tests/playthroughs/{preset.filename} is missing; make it with `{COMMAND}`"
    diff = first_difference(path.read_bytes().decode("utf-8"), transcript(preset))
    return None if diff is None else diff.message(f"tests/playthroughs/{preset.filename}", HOW)


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
