"""What a worker does: play a chunk of a tournament's games (internal).

A :class:`Chunk` holds everything a worker needs (the game's registry entry, its rules,
the entrants' bot specs, the schedule and the game indices) and nothing that
lives only in the driver, so it can be pickled to a process, a Dask worker or a
Ray task; the bots are rebuilt from their specs there.
"""

from __future__ import annotations

from typing import Any

import attrs

from naipes.bots import Bot, load_bot
from naipes.errors import IllegalMoveError, NaipesError
from naipes.game import Game
from naipes.plugin import plugin
from naipes.registry import GameInfo
from naipes.tournament._schedule import Schedule

__all__ = ["Chunk", "GameRecord", "play_chunk"]


@attrs.frozen
class GameRecord:
    """One game of a tournament, as the results are built from it.

    Attributes:
        index: the game's number in the tournament, from 0.
        deal: the deal it played (shared by the games of one deal in duplicate mode).
        lineup: the entrant of each side.
        seats: the entrant of each seat.
        sides: the seats of each side (``Game.sides``).
        ranking: the result's ranking, in seats (ties share a rank).
        winners: the winning seats.
        returns: ``Result.returns`` per seat.
        moves: the length of the game's history.

    .. versionadded:: 1.1
    """

    index: int
    deal: int
    lineup: tuple[int, ...]
    seats: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    ranking: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...]
    returns: tuple[float, ...]
    moves: int


@attrs.frozen
class Chunk:
    """Games ``start`` to ``stop - 1`` of a tournament, to play in one task.

    ``bot_path``: the directories (absolute) the bots' modules may come from
    besides ``sys.path``, as :func:`naipes.bots.load_bot` takes them.
    """

    game: GameInfo
    rules: Any
    specs: tuple[str, ...]
    schedule: Schedule
    start: int
    stop: int
    bot_path: tuple[str, ...] = ()


def _play_one(chunk: Chunk, index: int) -> GameRecord:
    schedule = chunk.schedule
    game: Game[Any, Any, Any] = plugin(chunk.game).new_game(chunk.rules, seed=schedule.deal_seed(index))
    lineup = schedule.lineup(index)
    seats = [0] * game.num_players
    for side, members in enumerate(game.sides):
        for seat in members:
            seats[seat] = lineup[side]
    bots = [load_bot(chunk.specs[e], seed=schedule.bot_seed(index, s), path=chunk.bot_path)
            for s, e in enumerate(seats)]
    _play(game, bots, chunk.specs, seats)
    result = game.result
    assert result is not None
    return GameRecord(index=index, deal=schedule.deal(index), lineup=lineup, seats=tuple(seats),
                      sides=tuple(tuple(side) for side in game.sides),
                      ranking=tuple(tuple(r) for r in result.ranking), winners=tuple(result.winners),
                      returns=tuple(float(r) for r in result.returns), moves=len(game.history))


def _play(game: Game[Any, Any, Any], bots: list[Bot[Any, Any]], specs: tuple[str, ...],
          seats: list[int]) -> None:
    while not game.is_over:
        for seat in sorted(game.to_act):
            if seat not in game.to_act:
                continue
            move = bots[seat].choose(game.view(seat))
            try:
                game.play(move, seat)
            except IllegalMoveError as exc:
                raise NaipesError(f"the bot {specs[seats[seat]]} of seat {seat} answered illegally: "
                                  f"{exc}", code="illegal_bot_move") from exc


def play_chunk(chunk: Chunk) -> tuple[GameRecord, ...]:
    """Play the chunk's games, in order, and return their records.

    Raises:
        NaipesError: naming the game, when a bot fails or answers illegally.
    """
    records = []
    for index in range(chunk.start, chunk.stop):
        try:
            records.append(_play_one(chunk, index))
        except NaipesError as exc:
            raise NaipesError(f"game {index}: {exc}", code=exc.code) from exc
    return tuple(records)
