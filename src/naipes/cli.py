"""The ``naipes`` command: list, explain, watch, simulate, play and replay games.

Every command works for every registered game (see :mod:`naipes.registry`)::

    naipes games                         the games installed
    naipes rules GAME                    the rules page and the options of a game
    naipes demo                          a short game between the best bots, move by move
    naipes simulate GAME --games 1000    many games between bots, summed up
    naipes play GAME                     you against the best bots
    naipes replay FILE                   step through a saved game

Colour is used when the output is a terminal and ``NO_COLOR`` is unset.

.. versionadded:: 0.1
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from typing import Sequence

from naipes._cli_games import GameKit, parse_settings, pick_demo_game, rules_text
from naipes._cli_play import Table, load_record, replay_record, save_record
from naipes._cli_sim import format_summary, simulate
from naipes._cli_term import Quit, Term, color_wanted, table
from naipes.errors import InvalidStateError, NaipesError, RulesError
from naipes.registry import games

__all__ = ["build_parser", "main"]

RULE_HELP = ("set an option of the game's Rules, e.g. --rule scope=hand (repeatable; "
             "'naipes rules GAME' lists them)")

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
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sub.add_parser("games", help="list the games installed")

    p = sub.add_parser("rules", help="print the rules and options of a game")
    p.add_argument("game", help="a game name or alias (see 'naipes games')")

    p = sub.add_parser("demo", help="watch a short game between the best bots")
    p.add_argument("--game", help="the game to show (default: machuco, else the first installed)")
    p.add_argument("--players", type=_positive_int, help="number of players")
    p.add_argument("--seed", type=_non_negative_int, help="seed of the deal (default: random)")
    p.add_argument("--delay", type=_seconds, help="seconds between moves (default: 0.7 on a terminal, else 0)")
    p.add_argument("--rule", action="append", metavar="FIELD=VALUE", help=RULE_HELP)
    p.add_argument("--max-moves", type=_non_negative_int, default=DEMO_MAX_MOVES,
                   help=f"stop after this many moves, 0 for no limit (default {DEMO_MAX_MOVES})")

    p = sub.add_parser("simulate", help="play many games between bots and sum them up")
    p.add_argument("game")
    p.add_argument("--games", type=_positive_int, default=100, help="number of games (default 100)")
    p.add_argument("--players", type=_positive_int, help="number of players (default: the rules' default)")
    p.add_argument("--seed", type=_non_negative_int, default=0, help="seed of the run (default 0)")
    p.add_argument("--bots", default="random",
                   help="comma-separated, one per seat or one for all: random, best or "
                        "module:Class (default random)")
    p.add_argument("--rule", action="append", metavar="FIELD=VALUE", help=RULE_HELP)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--save", metavar="DIR", help="save every game's record in DIR")

    p = sub.add_parser("play", help="play a game against the best bots")
    p.add_argument("game")
    p.add_argument("--seat", type=_non_negative_int, default=0, help="your seat (default 0: you start)")
    p.add_argument("--players", type=_positive_int, help="number of players")
    p.add_argument("--seed", type=_non_negative_int, help="seed of the deal (default: random)")
    p.add_argument("--bots", default="best", help="the other seats' bots, as for simulate (default best)")
    p.add_argument("--rule", action="append", metavar="FIELD=VALUE", help=RULE_HELP)
    p.add_argument("--save", metavar="FILE", help="save the game record (JSON) to FILE, even if you quit")

    p = sub.add_parser("replay", help="step through a saved game record")
    p.add_argument("file")
    p.add_argument("--all", action="store_true", help="print every move without waiting")
    p.add_argument("--seat", type=_non_negative_int,
                   help="draw the table as this seat sees it (default: the seat about to move)")
    return parser


# -- commands -----------------------------------------------------------------------------
def cmd_games(args: argparse.Namespace, term: Term) -> int:
    installed = games()
    if not installed:
        term.say("No game is installed yet.")
        return 0
    rows = []
    for info in installed:
        players = f"{info.min_players}-{info.max_players}"
        rows.append([info.name, players, info.deck, ", ".join(info.aliases) or "-"])
    term.say(table(["game", "players", "deck", "also called"], rows))
    term.say()
    for info in installed:
        term.say(f"{info.name}: {info.summary}")
    return 0


def cmd_rules(args: argparse.Namespace, term: Term) -> int:
    term.say(rules_text(GameKit.find(args.game)))
    return 0


def _bot_specs(text: str, count: int) -> list[str]:
    specs = [s.strip() for s in text.split(",") if s.strip()] or ["best"]
    if len(specs) == 1:
        return specs * count
    if len(specs) != count:
        raise NaipesError(f"the other {count} seats need one bot for all or one each, not {len(specs)}")
    return specs


#: Rules fields that make a game short, where a game has them: one hand, one round, one deal.
SHORT_GAME: dict[str, object] = {"scope": "hand", "rounds": 1, "mode": "single_deal"}


def _demo_rules(kit: GameKit, players: int | None, settings: dict[str, object]) -> object:
    """The shortest game the rules offer (see :data:`SHORT_GAME`), else the default game."""
    try:
        return kit.rules(players, settings, **SHORT_GAME)
    except RulesError:
        return kit.rules(players, settings)


def cmd_demo(args: argparse.Namespace, term: Term) -> int:
    kit = pick_demo_game(args.game)
    if kit is None:
        term.say("No game is installed yet, so there is nothing to show. "
                 "Once a game is installed, 'naipes games' lists it.")
        return 1
    seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
    game = kit.new_game(_demo_rules(kit, args.players, parse_settings(args.rule)), seed)
    bots = [kit.bot("best", seed * 64 + s) for s in range(game.num_players)]
    term.delay = args.delay if args.delay is not None else (0.7 if term.out.isatty() else 0.0)
    term.heading(f"naipes demo: {kit.info.name}, {game.num_players} players, seed {seed}")
    term.say(kit.info.summary)
    term.note("Each seat is played by a bot; the table is drawn as the seat to act sees it. "
              "Ctrl-C stops.")
    t = Table(kit, game, term, bots)
    try:
        while not game.is_over:
            if args.max_moves and len(game.history) >= args.max_moves:
                term.note(f"(stopped after {args.max_moves} moves; --max-moves 0 plays to the end)")
                return 0
            t.step()
            term.pause()
    except KeyboardInterrupt:
        term.say("\nDemo stopped.")
        return 0
    t.finish()
    again = f"naipes demo --game {kit.info.name} --seed {seed}"
    again += f" --players {args.players}" if args.players else ""
    again += "".join(f" --rule {r}" for r in args.rule or ())
    term.note(f"See it again: {again}")
    return 0


def cmd_simulate(args: argparse.Namespace, term: Term) -> int:
    kit = GameKit.find(args.game)
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    summary = simulate(kit, games=args.games, players=args.players, seed=args.seed,
                       bot_specs=specs, save=args.save, settings=parse_settings(args.rule))
    if args.json:
        print(json.dumps(summary.to_dict(), indent=1), file=term.out)
    else:
        term.say(format_summary(summary))
    return 0


def cmd_play(args: argparse.Namespace, term: Term) -> int:
    kit = GameKit.find(args.game)
    seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
    game = kit.new_game(kit.rules(args.players, parse_settings(args.rule)), seed)
    n = game.num_players
    if args.seat >= n:
        raise NaipesError(f"there is no seat {args.seat} in a {n}-player game: choose 0 to {n - 1}")
    specs = _bot_specs(args.bots, n - 1)
    others = iter(specs)
    bots = [None if s == args.seat else kit.bot(next(others), seed * 64 + s) for s in range(n)]
    term.heading(f"naipes play: {kit.info.name}, {n} players, seed {seed}; you are seat {args.seat}")
    if kit.terminal_turn() is not None:
        term.note(f"{kit.info.name} asks for your turns in its own commands; quit stops the game. "
                  f"The rules: naipes rules {kit.info.name}")
    else:
        term.note("Type a move's number or the move itself; ? for help, q to quit. "
                  f"The rules: naipes rules {kit.info.name}")
    t = Table(kit, game, term, bots, person=args.seat)
    try:
        while not game.is_over:
            t.step()
        t.finish()
    except Quit:
        term.say("Game stopped.")
    except KeyboardInterrupt:
        term.say("\nGame stopped.")
    finally:
        if args.save:
            path = save_record(game, args.save, bots=[b[0] if b else "person" for b in bots],
                               person=args.seat)
            term.say(f"Record saved to {path} (naipes replay {path})")
    return 0


def cmd_replay(args: argparse.Namespace, term: Term) -> int:
    """Replay a record file; a malformed file is one line on stderr and exit status 2."""
    try:
        record = load_record(args.file)
        replay_record(record, term, interactive=not args.all, seat=args.seat)
    except InvalidStateError as exc:
        print(f"naipes replay: {args.file}: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    return 0


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
    term = Term(color=color_wanted(sys.stdout, args.color))
    try:
        return COMMANDS[args.command](args, term)
    except NaipesError as exc:
        print(f"naipes {args.command}: {exc}", file=sys.stderr)
        return 1
    except (KeyboardInterrupt, Quit):
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
