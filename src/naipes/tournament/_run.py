"""``run()``: a tournament between bots, on any executor (internal)."""

from __future__ import annotations

import concurrent.futures as cf
import time
from typing import Any, Callable, Mapping, Sequence

from naipes.bots import load_bot
from naipes.errors import RulesError, UsageError
from naipes.registry import GameInfo, find_game
from naipes.tournament._executors import execute
from naipes.tournament._ratings import ratings
from naipes.tournament._result import TournamentResult
from naipes.tournament._schedule import Schedule, lineups
from naipes.tournament._stats import entrant_stats
from naipes.tournament._worker import Chunk

__all__ = ["run"]


def _rules(info: GameInfo, rules: object) -> object:
    rules_type = info.load().Rules
    if rules is None:
        return rules_type()
    if isinstance(rules, Mapping):
        try:
            return rules_type(**rules)
        except (TypeError, ValueError) as exc:
            raise RulesError(f"{info.name}: {' '.join(str(exc).split())}", code="bad_rules") from exc
    if not isinstance(rules, rules_type):
        raise UsageError(f"rules for {info.name} are a {rules_type.__name__} or a mapping of its "
                         f"fields, not {type(rules).__name__}", code="bad_rules")
    return rules


def _specs(info: GameInfo, bots: Sequence[str]) -> tuple[str, ...]:
    if isinstance(bots, str) or not all(isinstance(b, str) for b in bots):
        raise UsageError("bots are a sequence of bot specs, e.g. ['ismcts', 'random']", code="bad_bots")
    specs = []
    for spec in bots:
        spec = spec.strip()
        if spec == "best":
            if info.best_bot is None:
                raise UsageError(f"{info.name} names no best bot", code="no_such_bot")
            spec = info.best_bot
        load_bot(spec, seed=0)  # every spec fails here, in the caller, not in a worker
        specs.append(spec)
    return tuple(specs)


def _labels(bots: Sequence[str]) -> tuple[str, ...]:
    """The entrants' names: their specs, with ``#2``, ``#3``... on repeats."""
    seen: dict[str, int] = {}
    out = []
    for spec in (b.strip() for b in bots):
        seen[spec] = seen.get(spec, 0) + 1
        out.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return tuple(out)


def run(game: str | GameInfo, bots: Sequence[str], *, games: int, rules: object = None, seed: int = 0,
        duplicate: bool = True, executor: cf.Executor | None = None, jobs: int | None = None,
        progress: Callable[[int, int], None] | None = None) -> TournamentResult:
    """Play a tournament between bots and rate them.

    Each entrant sits at one side of the table (a seat, or a team in a team
    game) and the entrants rotate through the sides: the lineups (see
    :func:`lineups`) are played in turn. With ``duplicate``, each deal is played
    once in every lineup, so luck of the cards cancels out; ``games`` is then
    best a multiple of the number of lineups. Each game's bots are built afresh
    from their specs, where the game is played, with seeds derived from
    ``seed``; the deals too. The result is the same whatever ``executor`` or
    ``jobs``.

    Args:
        game: a game name (or alias) or its :class:`~naipes.registry.GameInfo`.
        bots: the entrants' bot specs (see :mod:`naipes.bots`); ``best`` names the
            game's best shipped bot.
        games: how many games.
        rules: the game's ``Rules``, or a mapping of its fields (default: its default rules).
        seed: the tournament's seed.
        duplicate: replay every deal in every lineup.
        executor: where to play: any :class:`concurrent.futures.Executor` (a Dask
            ``Client.get_executor()``, a :class:`RayExecutor`, a process pool);
            the tournament does not shut it down.
        jobs: play in a pool of this many processes (``None`` or 1: in this process).
        progress: called as ``progress(games_done, games)`` as games finish.

    Raises:
        UsageError: for an unknown game (``no_such_game``), a bad bot spec
            (``no_such_bot``, ``not_a_bot``, ``bad_bot_args``), fewer than two
            bots (``too_few_entrants``), ``games`` below 1 (``bad_games``), a
            ``seed`` that is not a whole number of at least 0 (``bad_seed``),
            both ``executor`` and ``jobs`` (``executor_and_jobs``), or rules of
            another game (``bad_rules``).
        RulesError: for rule fields the game refuses.
        NaipesError: naming the game, when a bot fails while playing.

    >>> from naipes import tournament
    >>> result = tournament.run("machuco", ["naipes.machuco.bots:MachucoBot", "random"], games=8,
    ...                         rules={"scope": "hand"}, seed=1)
    >>> [e.games for e in result.entrants], len(result.lineups)
    ([8, 8], 2)

    .. versionadded:: 1.1
    """
    info = game if isinstance(game, GameInfo) else find_game(game)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise UsageError(f"games must be a whole number of at least 1, not {games!r}", code="bad_games")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise UsageError(f"seed must be a whole number of at least 0, not {seed!r}", code="bad_seed")
    the_rules = _rules(info, rules)
    specs = _specs(info, bots)
    probe: Any = info.load().Game(the_rules, seed=0)
    schedule = Schedule(seed, lineups(len(specs), len(probe.sides)), duplicate)
    template = Chunk(info, the_rules, specs, schedule, 0, 0)
    start = time.perf_counter()
    records = tuple(execute(template, games, executor=executor, jobs=jobs, progress=progress))
    seconds = time.perf_counter() - start
    names = _labels(bots)
    return TournamentResult(game=info.name, players=probe.num_players, bots=names, games=games, seed=seed,
                            duplicate=duplicate, lineups=schedule.lineups, records=records,
                            entrants=entrant_stats(records, names), ratings=ratings(records, names, seed=seed),
                            seconds=seconds)
