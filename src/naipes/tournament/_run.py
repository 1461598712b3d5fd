"""``run()``: a tournament between bots, on any executor (internal)."""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import os
import time
from typing import Any, Callable, Iterator, Mapping, Sequence

from naipes.bots import game_bots, load_bot
from naipes.errors import NaipesError, RulesError, UsageError
from naipes.plugin import plugin
from naipes.registry import GameInfo, find_game
from naipes.tournament._executors import execute
from naipes.tournament._forfeit import ON_ERROR, BotFailedError
from naipes.tournament._ratings import ratings
from naipes.tournament._result import TournamentResult
from naipes.tournament._save import Saver, check_save_dir
from naipes.tournament._schedule import Schedule, lineups
from naipes.tournament._stats import entrant_stats
from naipes.tournament._worker import Chunk, GameRecord, Played

__all__ = ["MAX_GAMES", "MAX_JOBS", "run"]

#: The most games one tournament plays.
MAX_GAMES = 10**7
#: The most processes ``jobs=`` may ask for (a pool never has more processes than chunks).
MAX_JOBS = 256


def _rules(info: GameInfo, rules: object) -> object:
    rules_type = plugin(info).Rules
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


def _specs(info: GameInfo, bots: Sequence[str], bot_path: tuple[str, ...]) -> tuple[str, ...]:
    if isinstance(bots, str) or not isinstance(bots, Sequence) or not all(isinstance(b, str) for b in bots):
        raise UsageError("bots are a sequence of bot specs, e.g. ['ismcts', 'random']", code="bad_bots")
    specs = []
    named = game_bots(info)
    for spec in bots:
        spec = _game_spec(spec.strip(), named)
        # every spec fails here, in the caller, not in a worker; load_bot calls nothing before
        # the spec passed check_bot_spec (so names a bot class or a registered factory)
        load_bot(spec, seed=0, path=bot_path)
        specs.append(spec)
    return tuple(specs)


def _game_spec(spec: str, named: Mapping[str, str]) -> str:
    """A game's bot name (``best``, ``careless:x=1``, see :func:`naipes.bots.game_bots`) as the
    spec it stands for, so workers load plain specs; any other spec as it is."""
    head, sep, rest = spec.partition(":")
    if head in named and (not sep or "=" in rest):
        target = named[head]
        if not sep:
            return target
        return f"{target},{rest}" if "=" in target else f"{target}:{rest}"
    return spec


def _whole(name: str, value: object, low: int, high: int | None, code: str) -> None:
    """Refuse ``value`` unless it is an ``int`` (not a bool) in ``low..high``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        most = f" and at most {high:,}" if high is not None else ""
        raise UsageError(f"{name} must be a whole number of at least {low}{most}, not {value!r}", code=code)


def _check_games_and_jobs(games: object, jobs: object, executor: object) -> None:
    if isinstance(games, int) and not isinstance(games, bool) and games > MAX_GAMES:
        raise UsageError(f"at most {MAX_GAMES:,} games per tournament, not {games:,}", code="too_many_games")
    _whole("games", games, 1, None, "bad_games")
    if jobs is not None:
        if isinstance(jobs, int) and not isinstance(jobs, bool) and jobs > MAX_JOBS:
            raise UsageError(f"at most {MAX_JOBS} jobs, not {jobs}", code="too_many_jobs")
        _whole("jobs", jobs, 1, None, "bad_jobs")
    if executor is not None and not isinstance(executor, cf.Executor):
        raise UsageError(f"executor is a concurrent.futures.Executor, not {type(executor).__name__}",
                         code="bad_executor")
    if executor is not None and jobs is not None:
        raise UsageError("give executor= or jobs=, not both", code="executor_and_jobs")


def _check_arguments(games: object, seed: object, duplicate: object, executor: object, jobs: object,
                     progress: object, search_cwd: object, on_error: object) -> None:
    """Every argument of :func:`run` but the game, bots, rules and save, checked before anything runs."""
    _check_games_and_jobs(games, jobs, executor)
    if not isinstance(on_error, str) or on_error not in ON_ERROR:
        raise UsageError(f"on_error is 'stop' or 'forfeit', not {on_error!r}", code="bad_on_error")
    _whole("seed", seed, 0, None, "bad_seed")
    if not isinstance(duplicate, bool):
        raise UsageError(f"duplicate is True or False, not {duplicate!r}", code="bad_duplicate")
    if progress is not None and not callable(progress):
        raise UsageError(f"progress is a function progress(done, games) or None, not {progress!r}",
                         code="bad_progress")
    if not isinstance(search_cwd, bool):
        raise UsageError(f"search_cwd is True or False, not {search_cwd!r}", code="bad_bot_modules")


def _bot_path(bot_path: object, search_cwd: bool) -> tuple[str, ...]:
    """The directories bots may come from, absolute (the current one first with ``search_cwd``)."""
    if isinstance(bot_path, (str, os.PathLike)):
        bot_path = (bot_path,)
    if not isinstance(bot_path, Sequence) or not all(isinstance(d, (str, os.PathLike)) for d in bot_path):
        raise UsageError(f"bot_path is a sequence of directories, not {bot_path!r}", code="bad_bot_path")
    dirs = [os.path.realpath(os.fspath(d)) for d in bot_path]
    if search_cwd:
        try:
            dirs.insert(0, os.path.realpath(os.getcwd()))
        except OSError as exc:
            raise UsageError(f"search_cwd: no current directory ({exc.strerror})", code="bad_bot_path") from exc
    for directory in dirs:
        if not os.path.isdir(directory):
            raise UsageError(f"the bot path {directory} is not a directory", code="bad_bot_path")
    return tuple(dict.fromkeys(dirs))


def _returns_range(info: GameInfo, rules: object) -> tuple[float, float]:
    """The lowest and highest return of a seat under ``rules``: the game's action space
    says, where it has one, else its registry entry."""
    try:
        space = info.action_space(rules)
    except NaipesError:
        return info.returns_range
    low, high = space.bounds(info.returns_range)
    return float(low), float(high)


def _compact(records: Iterator[GameRecord]) -> Iterator[GameRecord]:
    """The records with equal tuples shared (lineups, seats, rankings... repeat), so that a long
    tournament keeps about 250 bytes per game. One table per field: ``(1, 0) == (1.0, 0.0)``.
    The games of a deal come one after the other and share its seed."""
    fields = ("lineup", "seats", "sides", "ranking", "winners", "returns")
    seen: dict[str, dict[tuple[Any, ...], tuple[Any, ...]]] = {name: {} for name in fields}
    seed: int | None = -1
    for r in records:
        shared = {name: seen[name].setdefault(getattr(r, name), getattr(r, name)) for name in fields}
        seed = seed if r.seed == seed else r.seed
        yield GameRecord(index=r.index, deal=r.deal, moves=r.moves, seed=seed, forfeit=r.forfeit, **shared)


def _collect(played: Iterator[Played], saver: Saver | None, stop: bool) -> Iterator[GameRecord]:
    """The games' records in order, each saved first; with ``stop``, a forfeit raises."""
    for game in played:
        if saver is not None and game.saved is not None:
            saver.record(game.record.index, game.saved)
        if stop and game.record.forfeit is not None:
            raise BotFailedError(game.record.forfeit)
        yield game.record


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
        progress: Callable[[int, int], None] | None = None, search_cwd: bool = False,
        bot_path: Sequence[str | os.PathLike[str]] = (), save: str | os.PathLike[str] | None = None,
        overwrite: bool = False, on_error: str = "stop") -> TournamentResult:
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
        games: how many games, at most :data:`MAX_GAMES`. They are handed out as
            they are played, so the first game starts at once whatever ``games``.
        rules: the game's ``Rules``, or a mapping of its fields (default: its default rules).
        seed: the tournament's seed.
        duplicate: replay every deal in every lineup.
        executor: where to play: any :class:`concurrent.futures.Executor` (a Dask
            ``Client.get_executor()``, a :class:`RayExecutor`, a process pool);
            the tournament does not shut it down.
        jobs: play in a pool of this many processes (``None`` or 1: in this
            process), at most :data:`MAX_JOBS`; never more processes than chunks
            of games (2 games make at most 2 processes).
        progress: called as ``progress(games_done, games)`` as games finish.
        search_cwd: look for the bots' modules in the current directory too.
        bot_path: more directories to look for the bots' modules in.
        save: a directory to write every game to as a record file that ``naipes
            replay`` opens (``game-000000.json``...), and the whole result to
            (``tournament.json``), at most :data:`MAX_SAVED_GAMES` games. It is
            made if missing, and must be empty unless ``overwrite``.
        overwrite: let ``save`` be a directory that holds files: files of the same
            names are replaced, the others left alone.
        on_error: what a bot that fails (raises or calls ``sys.exit``, answers a move the
            game refuses, or under ``jobs`` ends the process playing its game: ``os._exit``,
            a crash, the OOM killer; the pool is then replaced) does to the tournament: ``"stop"`` raises :class:`BotFailedError` (the
            games before it, and it, are saved first); ``"forfeit"`` ends that game
            as a loss for the failing entrant and goes on (see
            :attr:`TournamentResult.forfeits`).

    Raises:
        UsageError: before any game is played, for an unknown game
            (``no_such_game``), a bad bot spec (``no_such_bot``, ``not_a_bot``,
            ``bad_bot_spec``, ``bad_bot_args``), ``bots`` not a sequence of texts
            (``bad_bots``), fewer than two bots (``too_few_entrants``),
            ``games`` not a whole number of at least 1 (``bad_games``) or over
            :data:`MAX_GAMES` (``too_many_games``), ``jobs`` not a whole number
            of at least 1 (``bad_jobs``) or over :data:`MAX_JOBS`
            (``too_many_jobs``), a ``seed`` that is not a whole number of at
            least 0 (``bad_seed``), ``duplicate`` not a bool
            (``bad_duplicate``), ``progress`` neither callable nor ``None``
            (``bad_progress``), an ``executor`` that is not an Executor
            (``bad_executor``), both ``executor`` and ``jobs``
            (``executor_and_jobs``), a ``bot_path`` that is not directories
            (``bad_bot_path``), rules of another game (``bad_rules``), an
            ``on_error`` that is neither ``"stop"`` nor ``"forfeit"``
            (``bad_on_error``), a ``save`` path that is a file or cannot be
            created or written (``bad_save_dir``), a non-empty ``save`` directory
            without ``overwrite`` (``save_dir_not_empty``), ``overwrite`` not a bool
            (``bad_overwrite``), or more than :data:`MAX_SAVED_GAMES` games to save
            (``too_many_saved_games``).
        RulesError: for rule fields the game refuses.
        BotFailedError: with ``on_error="stop"``, when a bot fails (``illegal_bot_move``
            or ``bot_failed``), naming the game, its deal seed, the entrant and the error.
        NaipesError: naming the game, when the game itself fails; ``save_failed`` when
            a record cannot be written; ``worker_died`` when a process dies outside any
            bot, or a worker of a given ``executor`` dies.

    >>> from naipes import tournament
    >>> result = tournament.run("machuco", ["naipes.machuco.bots:MachucoBot", "random"], games=8,
    ...                         rules={"scope": "hand"}, seed=1)
    >>> [e.games for e in result.entrants], len(result.lineups)
    ([8, 8], 2)

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       ``search_cwd`` and ``bot_path`` (the current directory is no longer searched
       unless asked); bounds on ``games`` and ``jobs``; every argument checked first;
       games handed out lazily; entrants with no game unrated; ``save``, ``overwrite``
       and ``on_error``; a bot that ends its worker process forfeits its game.
    """
    _check_arguments(games, seed, duplicate, executor, jobs, progress, search_cwd, on_error)
    if not isinstance(overwrite, bool):
        raise UsageError(f"overwrite is True or False, not {overwrite!r}", code="bad_overwrite")
    save_dir = check_save_dir(save, overwrite=overwrite, games=games) if save is not None else None
    dirs = _bot_path(bot_path, search_cwd)
    info = game if isinstance(game, GameInfo) else find_game(game)
    the_rules = _rules(info, rules)
    specs = _specs(info, bots, dirs)
    probe: Any = plugin(info).new_game(the_rules, seed=0)
    schedule = Schedule(seed, lineups(len(specs), len(probe.sides)), duplicate)
    names = _labels(bots)
    template = Chunk(info, the_rules, specs, schedule, 0, 0, dirs, names=names, stop_on_error=on_error == "stop",
                     save=save_dir is not None)
    saver = Saver(save_dir, games, overwrite=overwrite) if save_dir is not None else None
    start = time.perf_counter()
    with contextlib.closing(execute(template, games, executor=executor, jobs=jobs, progress=progress)) as played:
        records = tuple(_compact(_collect(played, saver, on_error == "stop")))
    seconds = time.perf_counter() - start
    result = TournamentResult(game=info.name, players=probe.num_players, bots=names, games=games, seed=seed,
                              duplicate=duplicate, lineups=schedule.lineups, records=records,
                              entrants=entrant_stats(records, names, _returns_range(info, the_rules)),
                              ratings=ratings(records, names, seed=seed),
                              seconds=seconds)
    if saver is not None:
        saver.summary(result.to_dict(records=True))
    return result
