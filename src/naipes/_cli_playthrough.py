"""``naipes playthrough``: the golden-playthrough transcript of a seeded game, to a file or standard output.

    naipes playthrough toy --players 3 --seed 4 -o toy-3p.golden
    naipes playthrough machuco --players 2 --seed 8 --rule scope=hand

The text is :func:`naipes.testing.playthrough`'s; :func:`naipes.testing.check_playthrough`
compares a kept one in a test.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from naipes._cli_games import parse_settings
from naipes.errors import NaipesError

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``playthrough`` command to the subparsers of ``naipes``."""
    p: argparse.ArgumentParser = sub.add_parser(
        "playthrough", help="write the transcript of a seeded game, position by position",
        description="Play one seeded game to its end between seeded bots and write what every seat "
                    "sees at every position (views, observation digests, picture captions, legal moves "
                    "with their ids and words, events in words): a golden playthrough to keep and diff.")
    p.add_argument("game", help="a game name or alias (see 'naipes games')")
    p.add_argument("--players", type=int, help="number of players (default: the rules' default)")
    p.add_argument("--seed", type=int, default=0, help="seed of the game (default 0)")
    p.add_argument("--bots", default="best", help="the bot spec of every seat (default: best)")
    p.add_argument("--rule", action="append", metavar="FIELD=VALUE",
                   help="set an option of the game's Rules (repeatable)")
    p.add_argument("--name", default="custom", help="a label for the game, written in the first line")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE (default: standard output)")
    return p


def run(args: argparse.Namespace) -> int:
    """Run ``naipes playthrough``: 0 when written, 1 for an error (one line on stderr)."""
    from naipes.testing import playthrough

    try:
        text = playthrough(args.game, players=args.players, seed=args.seed, rules=parse_settings(args.rule),
                           bots=args.bots, name=args.name)
        if args.output:
            _write(args.output, text)
        else:
            sys.stdout.write(text)
    except NaipesError as exc:
        print(f"naipes playthrough: {' '.join(str(exc).split())}", file=sys.stderr)
        return 1
    return 0


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_bytes(text.encode("utf-8"))
    except OSError as exc:
        raise NaipesError(f"cannot write {path}: {exc.strerror or exc}") from exc
