"""The ``naipes`` command: list, explain, watch, simulate, play and replay games.

Every command works for every registered game (see :mod:`naipes.registry`)::

    naipes games                         the games installed
    naipes rules GAME                    the rules page and the options of a game
    naipes demo                          a short game between the best bots, move by move
    naipes simulate GAME --games 1000    many games between bots, summed up
    naipes play GAME                     you against the best bots
    naipes replay FILE                   step through a saved game (back and forth)

Colour is used when the output is a terminal and ``NO_COLOR`` is unset. The
messages are in English or Spanish (``--lang es``, or a Spanish locale such as
``LANG=es_ES.UTF-8``). Output a stream cannot encode (suit symbols on cp1252)
is written in ASCII stand-ins. ``python -m naipes`` runs the same command.

.. versionadded:: 0.1
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import secrets
import sys
from types import ModuleType
from typing import Callable, Sequence

from naipes._cli_games import (
    GameKit,
    add_bot_path_option,
    bot_path,
    counts_text,
    option_names,
    parse_settings,
    pick_demo_game,
    rules_text,
)
from naipes._cli_play import Table, load_record, replay_record, save_record
from naipes._cli_sim import format_summary, simulate
from naipes._cli_term import Quit, Term, color_wanted, plain, table
from naipes._i18n import LANGUAGES, language_from_env, tr
from naipes._learned_rules import check_learned_rules
from naipes.bots import split_bot_specs
from naipes.errors import InvalidStateError, NaipesError, RulesError
from naipes.registry import games

__all__ = ["build_parser", "main"]

RULE_HELP = ("set an option of the game's Rules, e.g. --rule scope=hand or, for a list, "
             "--rule specials=real,mellizos (repeatable; 'naipes rules GAME' lists them)")

#: Modules that add a command: each has ``add_parser(subparsers)`` (adding one or more
#: subparsers) and ``run(args) -> int``. A module that cannot be imported is left out.
EXTRA_COMMANDS: tuple[str, ...] = ("naipes._cli_serve", "naipes._cli_tournament", "naipes._cli_playthrough",
                                  "naipes._cli_train")

#: Moves after which ``naipes demo`` stops a game that has not ended.
DEMO_MAX_MOVES = 400


def _non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is negative")
    return value


def _positive_int(text: str) -> int:
    value = _non_negative_int(text)
    if value == 0:
        raise argparse.ArgumentTypeError("it must be at least 1")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError("give 0 to 60 seconds")
    return value


def _common_options() -> argparse.ArgumentParser:
    """``--color`` and ``--lang`` again after the command (``naipes demo --lang es``)."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--color", choices=("auto", "always", "never"), default=argparse.SUPPRESS,
                        help="colour the output (as before the command)")
    common.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                        help="en or es (default: the locale's language, else en)")
    return common


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``naipes`` command."""
    from naipes import __version__

    parser = argparse.ArgumentParser(
        prog="naipes", description="Traditional card games in the terminal: "
        "watch bots play, play against them, simulate, replay.",
        epilog="Run 'naipes COMMAND --help' for the options of a command.")
    parser.add_argument("--version", action="version", version=f"naipes {__version__}")
    parser.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help="colour the output (auto: on a terminal, unless NO_COLOR is set)")
    parser.add_argument("--lang", choices=LANGUAGES,
                        help="the language of the messages (default: the locale's, else en)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    common = _common_options()

    sub.add_parser("games", parents=[common], help="list the games installed")

    p = sub.add_parser("rules", parents=[common], help="print the rules and options of a game")
    p.add_argument("game", help="a game name or alias (see 'naipes games')")

    p = sub.add_parser("demo", parents=[common], help="watch a short game between the best bots")
    p.add_argument("--game", help="the game to show (default: the first registered game)")
    p.add_argument("--players", type=_positive_int, help="number of players")
    p.add_argument("--seed", type=_non_negative_int, help="seed of the deal (default: random)")
    p.add_argument("--delay", type=_seconds, help="seconds between moves (default: 0.7 on a terminal, else 0)")
    p.add_argument("--rule", action="append", metavar="FIELD=VALUE", help=RULE_HELP)
    p.add_argument("--max-moves", type=_non_negative_int, default=DEMO_MAX_MOVES,
                   help=f"stop after this many moves, 0 for no limit (default {DEMO_MAX_MOVES})")

    p = sub.add_parser("simulate", parents=[common], help="play many games between bots and sum them up")
    p.add_argument("game")
    p.add_argument("--games", type=_positive_int, default=100, help="number of games (default 100)")
    p.add_argument("--players", type=_positive_int, help="number of players (default: the rules' default)")
    p.add_argument("--seed", type=_non_negative_int, default=0, help="seed of the run (default 0)")
    p.add_argument("--bots", default="random",
                   help="comma-separated, one per seat or one for all: random, best, a "
                        "search bot (ismcts:iterations=200, pimc) or module:Class (default random)")
    p.add_argument("--rule", action="append", metavar="FIELD=VALUE", help=RULE_HELP)
    add_bot_path_option(p)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--save", metavar="DIR", help="save every game's record in DIR")
    p.add_argument("--jobs", type=_positive_int, default=1,
                   help="worker processes, each playing a chunk of the seeds; the results are "
                        "the same as with --jobs 1 (default 1)")

    p = sub.add_parser("play", parents=[common], help="play a game against the best bots")
    p.add_argument("game")
    p.add_argument("--seat", type=_non_negative_int, default=0, help="your seat (default 0: you start)")
    p.add_argument("--players", type=_positive_int, help="number of players")
    p.add_argument("--seed", type=_non_negative_int, help="seed of the deal (default: random)")
    p.add_argument("--bots", default="best", help="the other seats' bots, as for simulate (default best)")
    add_bot_path_option(p)
    p.add_argument("--rule", action="append", metavar="FIELD=VALUE", help=RULE_HELP)
    p.add_argument("--save", metavar="FILE", help="save the game record (JSON) to FILE, even if you quit")
    p.add_argument("--confirm-forced", action="store_true",
                   help="ask even when only one move is legal (default: it is played at once)")

    p = sub.add_parser("replay", parents=[common], help="step through a saved game record",
                       description="Step through a saved game record. At each prompt: Enter "
                       "plays the next move, b steps back one, g N goes to move N, a plays "
                       "to the end, q quits.")
    p.add_argument("file")
    p.add_argument("--all", action="store_true", help="print every move without waiting")
    p.add_argument("--seat", type=_non_negative_int,
                   help="draw the table as this seat sees it (default: the seat about to move)")
    _add_extra_commands(sub)
    return parser


#: The ``run`` function of each command an :data:`EXTRA_COMMANDS` module added.
_EXTRA_RUN: dict[str, Callable[[argparse.Namespace], int]] = {}


def _add_extra_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    for name in EXTRA_COMMANDS:
        try:
            module: ModuleType = importlib.import_module(name)
        except ImportError:
            continue
        before = set(sub.choices)
        module.add_parser(sub)
        for command in set(sub.choices) - before:
            _EXTRA_RUN[command] = module.run


# -- commands -----------------------------------------------------------------------------
def cmd_games(args: argparse.Namespace, term: Term) -> int:
    """The games installed: the player counts each takes, its deck, names and options."""
    installed = games()
    if not installed:
        term.say(tr("no_game", term.lang))
        return 0
    rows = []
    for info in installed:
        rows.append([info.name, counts_text(info, term.lang), info.deck, ", ".join(info.aliases) or "-"])
    term.say(table(tr("games_headers", term.lang).split("|"), rows))
    for info in installed:
        term.say()
        term.say(f"{info.name}: {info.summary_in(term.lang)}")
        options = option_names(info)
        if options:
            term.note(tr("rule_options", term.lang, options=", ".join(options), game=info.name))
    return 0


def cmd_rules(args: argparse.Namespace, term: Term) -> int:
    term.say(rules_text(GameKit.find(args.game), term.lang))
    return 0


def _bot_specs(text: str, count: int) -> list[str]:
    specs = list(split_bot_specs(text)) or ["best"]
    if len(specs) == 1:
        return specs * count
    if len(specs) != count:
        raise NaipesError(f"the other {count} seats need one bot for all or one each, not {len(specs)}")
    return specs


def _demo_rules(kit: GameKit, players: int | None, settings: dict[str, object]) -> object:
    """The game's first quick game (:attr:`GamePlugin.quick_rules <naipes.plugin.GamePlugin.quick_rules>`)
    under the settings given, else its default game."""
    try:
        return kit.rules(players, {**kit.plugin.quick(), **settings})
    except RulesError:
        return kit.rules(players, settings)


def cmd_demo(args: argparse.Namespace, term: Term) -> int:
    kit = pick_demo_game(args.game)
    if kit is None:
        term.say(tr("demo_none", term.lang))
        return 1
    seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
    game = kit.new_game(_demo_rules(kit, args.players, parse_settings(args.rule)), seed)
    bots = [kit.bot("best", seed * 64 + s) for s in range(game.num_players)]
    term.delay = args.delay if args.delay is not None else (0.7 if term.out.isatty() else 0.0)
    term.heading(tr("demo_heading", term.lang, game=kit.info.name, n=game.num_players, seed=seed))
    term.say(kit.info.summary_in(term.lang))
    term.note(tr("demo_note", term.lang))
    t = Table(kit, game, term, bots)
    try:
        while not game.is_over:
            if args.max_moves and len(game.history) >= args.max_moves:
                term.note(tr("demo_stopped_after", term.lang, n=args.max_moves))
                return 0
            t.step()
            term.pause()
    except KeyboardInterrupt:
        term.say("\n" + tr("demo_stopped", term.lang))
        return 0
    t.finish()
    again = f"naipes demo --game {kit.info.name} --seed {seed}"
    again += f" --players {args.players}" if args.players else ""
    again += "".join(f" --rule {r}" for r in args.rule or ())
    term.note(tr("see_again", term.lang, command=again))
    return 0


def cmd_simulate(args: argparse.Namespace, term: Term) -> int:
    kit = GameKit.find(args.game, bot_path=bot_path(args.bot_path))
    specs = list(split_bot_specs(args.bots))
    summary = simulate(kit, games=args.games, players=args.players, seed=args.seed,
                       bot_specs=specs, save=args.save, settings=parse_settings(args.rule),
                       jobs=args.jobs, lang=term.lang)
    if args.json:
        print(json.dumps(summary.to_dict(), indent=1), file=term.out)
    else:
        term.say(format_summary(summary, term.lang))
    return 0


def cmd_play(args: argparse.Namespace, term: Term) -> int:
    kit = GameKit.find(args.game, bot_path=bot_path(args.bot_path))
    seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
    rules = kit.rules(args.players, parse_settings(args.rule))
    game = kit.new_game(rules, seed)
    n = game.num_players
    if args.seat >= n:
        raise NaipesError(f"there is no seat {args.seat} in a {n}-player game: choose 0 to {n - 1}")
    specs = _bot_specs(args.bots, n - 1)
    check_learned_rules(kit.info.name, rules, specs)
    others = iter(specs)
    bots = [None if s == args.seat else kit.bot(next(others), seed * 64 + s) for s in range(n)]
    name = kit.info.name
    term.heading(tr("play_heading", term.lang, game=name, n=n, seed=seed, seat=args.seat))
    term.note(tr("play_note_hook" if kit.terminal_turn() is not None else "play_note", term.lang, game=name))
    t = Table(kit, game, term, bots, person=args.seat, confirm_forced=args.confirm_forced)
    try:
        while not game.is_over:
            t.step()
        t.finish()
    except Quit:
        term.say(tr("game_stopped", term.lang))
    except KeyboardInterrupt:
        term.say("\n" + tr("game_stopped", term.lang))
    finally:
        if args.save:
            path = save_record(game, args.save, bots=[b[0] if b else "person" for b in bots],
                               person=args.seat)
            term.say(tr("record_saved", term.lang, path=path))
    return 0


def cmd_replay(args: argparse.Namespace, term: Term) -> int:
    """Replay a record file; a malformed file is one line on stderr and exit status 2."""
    try:
        record = load_record(args.file)
        replay_record(record, term, interactive=not args.all, seat=args.seat)
    except InvalidStateError as exc:
        _error(f"naipes replay: {args.file}: {' '.join(str(exc).split())}")
        return 2
    return 0


def _error(text: str) -> None:
    """One line on stderr, in what stderr can encode."""
    print(plain(text, getattr(sys.stderr, "encoding", None)), file=sys.stderr)


COMMANDS = {"games": cmd_games, "rules": cmd_rules, "demo": cmd_demo, "simulate": cmd_simulate,
            "play": cmd_play, "replay": cmd_replay}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``naipes`` command; return its exit status.

    0: done; 1: an error explained on stderr; 2: a usage error; 130: interrupted.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    lang = args.lang or language_from_env(os.environ)
    term = Term(color=color_wanted(sys.stdout, args.color), lang=lang)
    extra = _EXTRA_RUN.get(args.command)
    try:
        return extra(args) if extra is not None else COMMANDS[args.command](args, term)
    except NaipesError as exc:
        _error(f"naipes {args.command}: {' '.join(str(exc).split())}")
        return 1
    except (KeyboardInterrupt, Quit):
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
