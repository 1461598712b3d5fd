"""``naipes simulate``: many seeded games between bots, summed up (internal).

Game ``i`` of a run with seed ``S`` uses seed ``S + i``; the bot of seat ``k``
in that game uses seed ``(S + i) * 64 + k``. So any single game of a run can be
played again from its seed alone, and ``--jobs N`` (worker processes, each
playing a chunk of consecutive seeds, summed in seed order) gives the same
summary as one process.
"""

from __future__ import annotations

import multiprocessing
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import IO, Any, Iterator, Mapping, Sequence

import attrs

from naipes._cli_games import GameKit, lower_is_better
from naipes._cli_play import save_record
from naipes._cli_term import table
from naipes._i18n import tr
from naipes._learned_rules import check_learned_rules
from naipes.bots import Bot
from naipes.errors import IllegalMoveError, NaipesError
from naipes.game import Game, Result

__all__ = ["Summary", "format_summary", "simulate"]

AnyGame = Game[Any, Any, Any]


@attrs.define
class Summary:
    """What a run of simulated games came to.

    A seat *wins* a game when it is among the game's winners: *outright* when it
    won alone or with its own team, *shared* when other seats won with it (in
    3-player Macarra everyone but the loser wins). ``share`` splits each game's
    win among its winners, so the shares of a run add up to its decided games.
    """

    game: str
    games: int
    players: int
    seed: int
    bots: list[str]
    wins: list[int]
    outright: list[int]
    shared: list[int]
    share: list[float]
    scores: list[list[int]]
    lengths: list[int] = attrs.field(factory=list)
    seconds: float = 0.0
    #: What the scores count when lower is better (``penalty points``), else ``None``.
    lower_is_better: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON-compatible data."""
        seats = []
        for s in range(self.players):
            sc = self.scores[s]
            seats.append({"seat": s, "bot": self.bots[s], "wins": self.wins[s],
                          "outright_wins": self.outright[s], "shared_wins": self.shared[s],
                          "win_share": round(self.share[s], 9),
                          "win_rate": self.wins[s] / self.games if self.games else 0.0,
                          "mean_score": statistics.fmean(sc) if sc else 0.0})
        lengths = self.lengths or [0]
        return {"game": self.game, "games": self.games, "players": self.players, "seed": self.seed,
                "seats": seats, "lower_score_is_better": self.lower_is_better is not None,
                "score": self.lower_is_better or "score",
                "length": {"mean": statistics.fmean(lengths), "min": min(lengths), "max": max(lengths)},
                "seconds": round(self.seconds, 3)}


@attrs.frozen
class _Outcome:
    """One game's end, as a worker process sends it back."""

    winners: tuple[int, ...]
    team_won: bool
    scores: tuple[int | None, ...]
    length: int


def _play(game: AnyGame, bots: Sequence[tuple[str, Bot[Any, Any]]]) -> Result:
    while not game.is_over:
        for seat in sorted(game.to_act):
            if seat not in game.to_act:
                continue
            name, bot = bots[seat]
            move = bot.choose(game.view(seat))
            try:
                game.play(move, seat)
            except IllegalMoveError as exc:
                raise NaipesError(f"the bot {name} of seat {seat} answered illegally: {exc}") from exc
    result = game.result
    assert result is not None
    return result


class _Progress:
    """A progress line on stderr, shown once a run has taken more than a second."""

    def __init__(self, stream: IO[str], total: int, lang: str = "en") -> None:
        self.stream = stream
        self.lang = lang
        self.total = total
        self.start = time.perf_counter()
        self.last = float("-inf")
        self.shown = False
        self.tty = bool(getattr(stream, "isatty", lambda: False)())

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if now - self.start < 1.0 or now - self.last < (0.2 if self.tty else 5.0):
            return
        self.last = now
        rate = done / (now - self.start)
        left = (self.total - done) / rate if rate else 0.0
        line = tr("sim_progress", self.lang, done=done, total=self.total, rate=rate, left=left)
        if self.tty:
            self.stream.write("\r" + line.ljust(60))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown and self.tty:
            self.stream.write("\r" + " " * 60 + "\r")
            self.stream.flush()


def simulate(kit: GameKit, *, games: int, players: int | None, seed: int, bot_specs: Sequence[str],
             save: str | None = None, progress: IO[str] | None = None,
             settings: Mapping[str, object] | None = None, jobs: int = 1, lang: str = "en") -> Summary:
    """Play ``games`` seeded games between bots and sum them up.

    Args:
        kit: the game.
        games: how many games.
        players: seats per game (``None``: the rules' default).
        seed: the run's seed.
        bot_specs: one spec per seat, or one for every seat (``random``, ``best``, ``module:Class``).
        save: a directory to write each game's record to.
        progress: where the progress line goes (default stderr).
        settings: ``Rules`` fields to set.
        jobs: worker processes; each plays a chunk of the seeds, and the summary is
            the same as with one (only ``seconds`` differs).
        lang: the language of the progress line (``en`` or ``es``).

    Raises:
        NaipesError: for a bad bot, bad players or an illegal bot answer; ``no_weights`` for
            ``learned`` under rules naipes ships no weights for.
    """
    rules = kit.rules(players, settings)
    n = kit.new_game(rules, seed).num_players
    specs = list(bot_specs) or ["random"]
    if len(specs) == 1:
        specs = specs * n
    if len(specs) != n:
        raise NaipesError(f"{n} seats need 1 or {n} bots, not {len(specs)}")
    check_learned_rules(kit.info.name, rules, specs)
    names = [kit.bot(spec, 0)[0] for spec in specs]
    summary = Summary(kit.info.name, games, n, seed, names, [0] * n, [0] * n, [0] * n, [0.0] * n,
                      [[] for _ in range(n)], lower_is_better=lower_is_better(kit, rules))
    if save:
        Path(save).mkdir(parents=True, exist_ok=True)
    job = _Job(kit.info.name, rules, tuple(specs), tuple(names), save, kit.bot_path)
    bar = _Progress(progress if progress is not None else sys.stderr, games, lang)
    start = time.perf_counter()
    try:
        for outcome in _outcomes(kit, job, seed, games, jobs, bar):
            _count(summary, outcome)
    finally:
        bar.close()
    summary.seconds = time.perf_counter() - start
    return summary


@attrs.frozen
class _Job:
    """What every game of a run shares (sent to the worker processes)."""

    game: str
    rules: object
    specs: tuple[str, ...]
    names: tuple[str, ...]
    save: str | None
    bot_path: tuple[str, ...] = ()


def _outcomes(kit: GameKit, job: _Job, seed: int, games: int, jobs: int, bar: _Progress) -> Iterator[_Outcome]:
    """Every game's outcome in seed order, played here or by ``jobs`` worker processes."""
    if jobs <= 1 or games < 2:
        for i in range(games):
            yield _play_seed(kit, job, seed + i)
            bar.update(i + 1)
        return
    size = max(1, min(256, -(-games // (jobs * 4))))
    chunks = [range(seed + lo, seed + min(games, lo + size)) for lo in range(0, games, size)]
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    done = 0
    with ProcessPoolExecutor(max_workers=min(jobs, len(chunks)), mp_context=context) as pool:
        for part in pool.map(_play_chunk, [job] * len(chunks), chunks):
            for outcome in part:
                done += 1
                yield outcome
            bar.update(done)


def _play_chunk(job: _Job, seeds: range) -> list[_Outcome]:
    """A worker's chunk of the run (the game found again in the worker's registry)."""
    kit = GameKit.find(job.game, bot_path=job.bot_path)
    return [_play_seed(kit, job, s) for s in seeds]


def _play_seed(kit: GameKit, job: _Job, game_seed: int) -> _Outcome:
    game = kit.new_game(job.rules, game_seed)
    bots = [kit.bot(spec, game_seed * 64 + k) for k, spec in enumerate(job.specs)]
    try:
        result = _play(game, bots)
    except NaipesError as exc:
        raise NaipesError(f"game with seed {game_seed}: {exc}") from exc
    if job.save is not None:
        save_record(game, Path(job.save) / f"{kit.info.name}-{game_seed}.json", bots=list(job.names))
    side_of = {seat: i for i, side in enumerate(game.sides) for seat in side}
    scores = tuple(result.scores[side_of.get(seat, seat)] if side_of.get(seat, seat) < len(result.scores)
                   else None for seat in range(game.num_players))
    winners = tuple(result.winners)
    team = len(game.sides) < game.num_players and len({side_of.get(s, s) for s in winners}) == 1
    return _Outcome(winners, team, scores, len(game.history))


def _count(summary: Summary, outcome: _Outcome) -> None:
    winners = outcome.winners
    alone = len(winners) == 1 or outcome.team_won
    for s in winners:
        summary.wins[s] += 1
        summary.share[s] += 1.0 / len(winners)
        if alone:
            summary.outright[s] += 1
        else:
            summary.shared[s] += 1
    for seat, score in enumerate(outcome.scores):
        if score is not None:
            summary.scores[seat].append(score)
    summary.lengths.append(outcome.length)


_HEAD = {"en": ("seat", "bot", "wins", "outright", "shared", "win rate", "mean {score}"),
         "es": ("asiento", "bot", "gana", "solo", "compartidas", "% gana", "media {score}")}
_FOOT = {"en": ("game length (moves): mean {mean:.1f}, min {min}, max {max}\n"
                "(wins: games the seat is among the winners; outright: won alone or with its team;\n"
                " shared: won together with other seats; win rate: wins / games)"),
         "es": ("duración (jugadas): media {mean:.1f}, mínimo {min}, máximo {max}\n"
                "(gana: partidas en que el asiento está entre los ganadores; solo: ganadas solo o\n"
                " con su equipo; compartidas: ganadas junto a otros asientos; % gana: gana / partidas)")}


def format_summary(summary: Summary, lang: str = "en") -> str:
    """The summary as a text table (saying so when a lower score is better)."""
    data = summary.to_dict()
    lower = summary.lower_is_better
    rows = []
    for seat in data["seats"]:
        rows.append([str(seat["seat"]), seat["bot"], str(seat["wins"]), str(seat["outright_wins"]),
                     str(seat["shared_wins"]), f"{100 * seat['win_rate']:.1f}%", f"{seat['mean_score']:.2f}"])
    headers = list(_HEAD.get(lang, _HEAD["en"]))
    headers[-1] = headers[-1].format(score=lower or ("score" if lang != "es" else "puntos"))
    rate = summary.games / summary.seconds if summary.seconds else 0.0
    head = tr("sim_head", lang, game=summary.game, games=summary.games, players=summary.players,
              seed=summary.seed, seconds=summary.seconds, rate=rate)
    parts = [head, "", table(headers, rows), "", _FOOT.get(lang, _FOOT["en"]).format(**data["length"])]
    if lower:
        parts.append(tr("lower_better", lang, what=lower))
    return "\n".join(parts)
