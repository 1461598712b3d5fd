"""``naipes tournament``: bots rated over many games, on this machine or a cluster (internal).

::

    naipes tournament machuco --bots ismcts,best,random --games 600 --rule scope=hand
    naipes tournament ranzo --bots best,random --games 1400 --rule rounds=1 --jobs 2 --plot r.svg
    naipes tournament machuco --bots best,random --dask tcp://10.0.0.5:8786 --json out.json
    naipes tournament machuco --bots best,random --ray local
    naipes tournament machuco --bots best,mybots:Bot --save games/ --on-error forfeit

On a terminal a progress line on stderr shows the games done, games per second
and the time left; elsewhere nothing is shown until the table. ``--json`` and
``--plot`` paths and the ``--save`` directory are checked before the first game;
``--bot-path DIR`` lets ``module:Class`` bots come from DIR (``.`` for the current
directory). ``--save DIR`` writes every game as a record ``naipes replay`` opens;
``--on-error forfeit`` turns a bot's exception or illegal move, or under ``--jobs`` a
bot that ends its process (``os._exit``, a crash), into a lost game for its entrant
instead of stopping (``stop``, the default: one line, the games before it saved).
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import contextlib
import importlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import IO, Any, Iterator

from naipes._cli_games import GameKit, add_bot_path_option, bot_path, parse_settings
from naipes._cli_term import Term, color_wanted
from naipes._i18n import LANGUAGES, language_from_env, tr
from naipes.bots import check_bot_spec, split_bot_specs
from naipes.errors import NaipesError, UsageError
from naipes.tournament._forfeit import ON_ERROR, BotFailedError
from naipes.tournament._run import MAX_GAMES, MAX_JOBS
from naipes.tournament._save import MAX_SAVED_GAMES, SUMMARY, check_save_dir, record_name

__all__ = ["Bar", "add_parser", "check_output", "run"]

RULE_HELP = ("set an option of the game's Rules, e.g. --rule scope=hand (repeatable; "
             "'naipes rules GAME' lists them)")
#: The most forfeits listed under the table (all of them are in --json).
SHOWN_FORFEITS = 10


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("it must be at least 1")
    return value


def _games(text: str) -> int:
    value = _count(text)
    if value > MAX_GAMES:
        raise argparse.ArgumentTypeError(f"at most {MAX_GAMES:,} games")
    return value


def _jobs(text: str) -> int:
    value = _count(text)
    if value > MAX_JOBS:
        raise argparse.ArgumentTypeError(f"at most {MAX_JOBS} jobs")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def add_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``tournament`` command to the subparsers of ``naipes``."""
    p: argparse.ArgumentParser = sub.add_parser(
        "tournament", help="rate bots over many games, seats rotated and deals replayed",
        description="Play bots against each other with seats rotated and, by default, every deal "
                    "replayed in every lineup; print a table per bot and Bradley-Terry ratings.")
    p.add_argument("game", help="a game name or alias (see 'naipes games')")
    p.add_argument("--color", choices=("auto", "always", "never"), default=argparse.SUPPRESS,
                   help="colour the output (as before the command)")
    p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                   help="en or es (default: the locale's language, else en)")
    p.add_argument("--bots", required=True,
                   help="comma-separated bot specs, two or more: random, best (the game's best "
                        "shipped bot), ismcts, pimc, ismcts:iterations=400, module:Class[:key=value,...]")
    add_bot_path_option(p)
    p.add_argument("--games", type=_games, default=100,
                   help=f"number of games (default 100, at most {MAX_GAMES:,})")
    p.add_argument("--players", type=_count, help="number of players (default: the rules' default)")
    p.add_argument("--seed", type=_seed, default=0, help="seed of the tournament (default 0)")
    p.add_argument("--rule", action="append", metavar="FIELD=VALUE", help=RULE_HELP)
    p.add_argument("--no-duplicate", action="store_true",
                   help="give every game its own deal instead of replaying each deal in every lineup")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=_jobs,
                       help=f"play in this many processes on this machine (at most {MAX_JOBS}, "
                            "and never more than there are chunks of games)")
    where.add_argument("--dask", metavar="ADDRESS",
                       help="play on the Dask scheduler at ADDRESS, or 'local' for a local cluster "
                            "of one worker process per CPU (needs naipes-games[dask])")
    where.add_argument("--ray", metavar="auto|ADDRESS",
                       help="play on Ray: 'auto' (the cluster running here), an address, or 'local' "
                            "for a private local Ray (needs naipes-games[ray])")
    p.add_argument("--json", metavar="FILE", help="write the results (with every game) as JSON to FILE")
    p.add_argument("--plot", metavar="FILE", help="write an SVG chart of the ratings to FILE")
    p.add_argument("--save", metavar="DIR",
                   help="write every game to DIR as a record 'naipes replay' opens (game-000000.json...) and "
                        f"the results to DIR/tournament.json; DIR must be new or empty; at most "
                        f"{MAX_SAVED_GAMES:,} games")
    p.add_argument("--overwrite", action="store_true",
                   help="let --save write into a directory that holds files, replacing records of the same names")
    p.add_argument("--on-error", choices=ON_ERROR, default="stop",
                   help="when a bot raises, calls sys.exit, answers an illegal move or (with --jobs) ends its "
                        "process: stop the tournament (default) or forfeit that game for its entrant and go on")
    return p


class Bar:
    """A live progress line (games done, games/s, time left), drawn only on a terminal."""

    def __init__(self, stream: IO[str], *, width: int = 24, lang: str = "en") -> None:
        self.stream = stream
        self.lang = lang
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.start = time.perf_counter()
        self.last = float("-inf")
        self.width = width
        self.drawn = False

    def line(self, done: int, total: int, elapsed: float) -> str:
        """The progress text after ``done`` of ``total`` games in ``elapsed`` seconds.

        >>> Bar(sys.stderr).line(50, 200, 10.0)
        '[######..................]  50/200 games, 5.0 games/s, 30 s left'
        >>> Bar(sys.stderr, lang="es").line(50, 200, 10.0)
        '[######..................]  50/200 partidas, 5.0 partidas/s, quedan 30 s'
        """
        filled = self.width * done // total if total else self.width
        rate = done / elapsed if elapsed > 0 else 0.0
        left = tr("tour_left", self.lang, s=(total - done) / rate) if rate else tr("tour_left_unknown", self.lang)
        return (f"[{'#' * filled}{'.' * (self.width - filled)}] "
                + tr("tour_progress", self.lang, done=f"{done:>{len(str(total))}}", total=total, rate=rate,
                     left=left))

    def __call__(self, done: int, total: int) -> None:
        if not self.tty:
            return
        now = time.perf_counter()
        if now - self.last < 0.1 and done < total:
            return
        self.last = now
        self.stream.write("\r" + self.line(done, total, now - self.start).ljust(72))
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        """Wipe the line, if one was drawn."""
        if self.drawn:
            self.stream.write("\r" + " " * 72 + "\r")
            self.stream.flush()


@contextlib.contextmanager
def _executor(args: argparse.Namespace) -> Iterator[cf.Executor | None]:
    if args.dask:
        try:
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise UsageError("--dask needs Dask: pip install 'naipes-games[dask]'", code="missing_extra") from None
        if args.dask == "local":
            with tempfile.TemporaryDirectory(prefix="naipes-dask-") as scratch:
                cluster = distributed.LocalCluster(n_workers=os.cpu_count() or 1, threads_per_worker=1,
                                                   processes=True, dashboard_address=None,
                                                   local_directory=scratch)
                with cluster, distributed.Client(cluster) as client:
                    yield client.get_executor()
        else:
            with distributed.Client(args.dask) as client:
                yield client.get_executor()
    elif args.ray:
        from naipes.tournament import RayExecutor

        ray_executor = RayExecutor(None if args.ray == "local" else args.ray)
        try:
            yield ray_executor
        finally:
            ray_executor.shutdown()
    else:
        yield None


def check_output(option: str, path: str) -> None:
    """Refuse, before any game, an output path that cannot be written: a directory, a
    missing or read-only parent directory, a read-only file.

    Raises:
        UsageError: ``bad_output_path``.
    """
    target = Path(path)
    parent = target.parent if str(target.parent) else Path(".")
    problem = None
    if target.is_dir():
        problem = "it is a directory"
    elif not parent.is_dir():
        problem = f"there is no directory {parent}"
    elif not os.access(parent, os.W_OK | os.X_OK) or (target.exists() and not os.access(target, os.W_OK)):
        problem = "it is not writable"
    if problem is not None:
        raise UsageError(f"{option} {path}: {problem}", code="bad_output_path")


def _write(path: str, text: str) -> None:
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise NaipesError(f"cannot write {path}: {exc.strerror or exc}") from exc


def run(args: argparse.Namespace) -> int:
    """Run ``naipes tournament``: 0 when done, 1 for an error (one line on stderr), 130 when interrupted."""
    lang = getattr(args, "lang", None) or language_from_env(os.environ)
    term = Term(color=color_wanted(sys.stdout, getattr(args, "color", "auto")), lang=lang)
    try:
        return _run(args, term)
    except NaipesError as exc:
        print(f"naipes tournament: {' '.join(str(exc).split())}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


def _run(args: argparse.Namespace, term: Term) -> int:
    from naipes import tournament

    for option, path in (("--json", args.json), ("--plot", args.plot)):
        if path:
            check_output(option, path)
    if args.save is not None:
        check_save_dir(args.save, overwrite=args.overwrite, games=args.games)
    elif args.overwrite:
        raise UsageError("--overwrite goes with --save DIR", code="bad_overwrite")
    dirs = bot_path(args.bot_path)
    kit = GameKit.find(args.game)
    rules = kit.rules(args.players, parse_settings(args.rule))
    specs = split_bot_specs(args.bots)
    for spec in specs:  # before a cluster is started for them (the game's own names too)
        check_bot_spec(spec, path=dirs, game=kit.info)
    bar = Bar(sys.stderr, lang=term.lang)
    try:
        with _executor(args) as executor:
            result = tournament.run(kit.info, specs, games=args.games, rules=rules, seed=args.seed,
                                    duplicate=not args.no_duplicate, executor=executor, jobs=args.jobs,
                                    progress=bar, bot_path=dirs, save=args.save, overwrite=args.overwrite,
                                    on_error=args.on_error)
    except BotFailedError as exc:
        if args.save is not None:
            raise NaipesError(f"{exc}; the games up to it are saved in {args.save}", code=exc.code) from exc
        raise
    finally:
        bar.close()
    _report(result, term, args)
    return 0


def _report_forfeits(result: Any, term: Term) -> None:
    forfeits = result.forfeits
    if not forfeits:
        return
    term.warn(tr("tour_forfeit" if len(forfeits) == 1 else "tour_forfeits", term.lang, n=len(forfeits)))
    for forfeit in forfeits[:SHOWN_FORFEITS]:
        term.write(f"  {forfeit.describe()}")
    if len(forfeits) > SHOWN_FORFEITS:
        term.write(tr("tour_more_forfeits", term.lang, n=len(forfeits) - SHOWN_FORFEITS))
    term.write("")


def _report(result: Any, term: Term, args: argparse.Namespace) -> None:
    rate = result.games / result.seconds if result.seconds else 0.0
    lang = term.lang
    mode = tr("tour_duplicate" if result.duplicate else "tour_independent", lang)
    term.heading(tr("tour_heading", lang, game=result.game, players=result.players, games=result.games,
                    seed=result.seed))
    term.write(tr("tour_lineups", lang, n=len(result.lineups), mode=mode, seconds=result.seconds, rate=rate))
    if result.duplicate and result.games % len(result.lineups):
        term.note(tr("tour_unbalanced", lang, n=len(result.lineups)))
    term.write("")
    term.write(result.table(lang=lang))
    term.write("")
    _report_forfeits(result, term)
    term.note(tr("tour_note_wins", lang))
    term.note(tr("tour_note_rating", lang))
    if args.save is not None:
        first, summary = os.path.join(args.save, record_name(0, result.games)), os.path.join(args.save, SUMMARY)
        term.note(tr("tour_saved", lang, dir=args.save, first=first, summary=summary))
    if args.json:
        _write(args.json, json.dumps(result.to_dict(records=True), indent=1, allow_nan=False) + "\n")
        term.note(tr("tour_json", lang, path=args.json))
    if args.plot:
        _write(args.plot, result.svg())
        term.note(tr("tour_plot", lang, path=args.plot))
