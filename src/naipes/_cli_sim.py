"""``naipes simulate``: many seeded games between bots, summed up (internal).

Game ``i`` of a run with seed ``S`` uses seed ``S + i``; the bot of seat ``k``
in that game uses seed ``(S + i) * 64 + k``. So any single game of a run can be
played again from its seed alone.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import IO, Any, Mapping, Sequence

import attrs

from naipes._cli_games import GameKit
from naipes._cli_play import save_record
from naipes._cli_term import table
from naipes.bots import Bot
from naipes.errors import IllegalMoveError, NaipesError
from naipes.game import Game, Result

__all__ = ["Summary", "format_summary", "simulate"]

AnyGame = Game[Any, Any, Any]


@attrs.define
class Summary:
    """What a run of simulated games came to."""

    game: str
    games: int
    players: int
    seed: int
    bots: list[str]
    wins: list[float]
    outright: list[int]
    scores: list[list[int]]
    lengths: list[int] = attrs.field(factory=list)
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON-compatible data."""
        seats = []
        for s in range(self.players):
            sc = self.scores[s]
            seats.append({"seat": s, "bot": self.bots[s], "wins": self.wins[s],
                          "outright_wins": self.outright[s],
                          "win_rate": self.wins[s] / self.games if self.games else 0.0,
                          "mean_score": statistics.fmean(sc) if sc else 0.0})
        lengths = self.lengths or [0]
        return {"game": self.game, "games": self.games, "players": self.players, "seed": self.seed,
                "seats": seats,
                "length": {"mean": statistics.fmean(lengths), "min": min(lengths), "max": max(lengths)},
                "seconds": round(self.seconds, 3)}


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

    def __init__(self, stream: IO[str], total: int) -> None:
        self.stream = stream
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
        line = f"{done}/{self.total} games, {rate:.1f} games/s, about {left:.0f} s left"
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
             settings: Mapping[str, object] | None = None) -> Summary:
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

    Raises:
        NaipesError: for a bad bot, bad players or an illegal bot answer.
    """
    rules = kit.rules(players, settings)
    n = kit.new_game(rules, seed).num_players
    specs = list(bot_specs) or ["random"]
    if len(specs) == 1:
        specs = specs * n
    if len(specs) != n:
        raise NaipesError(f"{n} seats need 1 or {n} bots, not {len(specs)}")
    names = [kit.bot(spec, 0)[0] for spec in specs]
    summary = Summary(kit.info.name, games, n, seed, names, [0.0] * n, [0] * n, [[] for _ in range(n)])
    out_dir = Path(save) if save else None
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    bar = _Progress(progress if progress is not None else sys.stderr, games)
    start = time.perf_counter()
    try:
        for i in range(games):
            game_seed = seed + i
            game = kit.new_game(rules, game_seed)
            bots = [kit.bot(spec, game_seed * 64 + k) for k, spec in enumerate(specs)]
            try:
                result = _play(game, bots)
            except NaipesError as exc:
                raise NaipesError(f"game {i} (seed {game_seed}): {exc}") from exc
            _count(summary, game, result)
            if out_dir is not None:
                save_record(game, out_dir / f"{kit.info.name}-{game_seed}.json", bots=names)
            bar.update(i + 1)
    finally:
        bar.close()
    summary.seconds = time.perf_counter() - start
    return summary


def _count(summary: Summary, game: AnyGame, result: Result) -> None:
    share = 1.0 / len(result.winners) if result.winners else 0.0
    for s in result.winners:
        summary.wins[s] += share
        if len(result.winners) == 1:
            summary.outright[s] += 1
        elif len(game.sides) < game.num_players:  # a team won: every member wins outright
            summary.outright[s] += 1
            summary.wins[s] += 1.0 - share
    side_of = {seat: i for i, side in enumerate(game.sides) for seat in side}
    for seat in range(summary.players):
        i = side_of.get(seat, seat)
        if i < len(result.scores):
            summary.scores[seat].append(result.scores[i])
    summary.lengths.append(len(game.history))


def _wins(wins: float) -> str:
    return str(round(wins)) if abs(wins - round(wins)) < 1e-6 else f"{wins:.1f}"


def format_summary(summary: Summary) -> str:
    """The summary as a text table."""
    data = summary.to_dict()
    rows = []
    for seat in data["seats"]:
        rows.append([str(seat["seat"]), seat["bot"], _wins(seat["wins"]), str(seat["outright_wins"]), f"{100 * seat['win_rate']:.1f}%",
                     f"{seat['mean_score']:.2f}"])
    length = data["length"]
    head = (f"{summary.game}: {summary.games} games, {summary.players} players, seed {summary.seed}, "
            f"{summary.seconds:.2f} s ({summary.games / summary.seconds if summary.seconds else 0:.1f} games/s)")
    foot = (f"game length (moves): mean {length['mean']:.1f}, min {length['min']}, max {length['max']}\n"
            "(wins: a tie shares the win among the tied seats; outright: games won alone;\n"
            " a team's win counts fully for every member)")
    return "\n".join([head, "", table(["seat", "bot", "wins", "outright", "win rate", "mean score"], rows), "", foot])
