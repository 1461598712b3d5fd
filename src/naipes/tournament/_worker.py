"""What a worker does: play a chunk of a tournament's games (internal).

A :class:`Chunk` holds everything a worker needs (the game's registry entry, its rules,
the entrants' bot specs, the schedule and the game indices) and nothing that
lives only in the driver, so it can be pickled to a process, a Dask worker or a
Ray task; the bots are rebuilt from their specs there. A bot that fails does not
raise here: the game ends with a :class:`~naipes.tournament.Forfeit` and the driver
decides (``on_error``), so the games before it are reported and saved in order. A bot
that calls ``sys.exit`` fails like one that raises. A bot that ends its process
(``os._exit``, a crash, the OOM killer) cannot be caught here: the driver plays the
game again alone in a process of its own (:mod:`naipes.tournament._isolate`), where
:func:`track` says which seat was deciding when the process died.
"""

from __future__ import annotations

from typing import Any, Protocol

import attrs

from naipes.bots import Bot, load_bot
from naipes.errors import IllegalMoveError, NaipesError, NotationError
from naipes.game import Game
from naipes.plugin import plugin
from naipes.registry import GameInfo
from naipes.tournament._forfeit import Forfeit, failure
from naipes.tournament._schedule import Schedule

__all__ = ["Chunk", "GameRecord", "Played", "Tracker", "new_game", "play_chunk", "played", "track"]

#: A record's ``seed`` in a saved record's ``meta`` is a number below this, else text (JSON limit).
MAX_META_INT = 2**63

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
        seed: the deal's seed: ``Game(rules, seed=seed)`` deals its cards (``None`` only
            in a record made by hand).
        forfeit: how a bot failed, when the game ended in a forfeit (then ``ranking``
            puts the failing entrant's seats last, the others share the win, and
            ``returns`` is empty: the game has no result to take them from).

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       ``seed`` and ``forfeit``.
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
    seed: int | None = attrs.field(default=None, kw_only=True)
    forfeit: Forfeit | None = attrs.field(default=None, kw_only=True)


@attrs.frozen
class Chunk:
    """Games ``start`` to ``stop - 1`` of a tournament, to play in one task.

    ``bot_path``: the directories (absolute) the bots' modules may come from
    besides ``sys.path``, as :func:`naipes.bots.load_bot` takes them. ``names``: the
    entrants' names (for reports); ``stop_on_error``: end the chunk at the first
    forfeit; ``save``: also hand back each game's record.
    """

    game: GameInfo
    rules: Any
    specs: tuple[str, ...]
    schedule: Schedule
    start: int
    stop: int
    bot_path: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    stop_on_error: bool = True
    save: bool = False


@attrs.frozen
class Played:
    """One game as a worker hands it back: its :class:`GameRecord` and, when saving, the
    game's record (:meth:`naipes.game.Game.record` with a ``meta`` dict)."""

    record: GameRecord
    saved: dict[str, Any] | None = None


Failure = tuple[int, tuple[str, str, str, str | None]]

#: The phases a :class:`Tracker` is told of: outside any bot, building a seat's bot, in a
#: seat's ``choose``.
IN_GAME, BUILDING, CHOOSING = 0, 1, 2


class Tracker(Protocol):
    """What a process that plays one game alone reports as it goes, so that the driver
    knows where it was if the process dies (see :mod:`naipes.tournament._isolate`)."""

    def step(self, seat: int, phase: int) -> None:
        """About to enter ``phase`` for ``seat`` (-1: no seat)."""

    def played(self, seat: int, move: Any) -> None:
        """``seat``'s ``move`` was played."""


#: This process's tracker: ``None`` but in a process that plays one game alone.
_TRACKER: Tracker | None = None


def track(tracker: Tracker | None) -> None:
    """Report every step of this process's games to ``tracker`` (``None``: stop)."""
    global _TRACKER
    _TRACKER = tracker


def _seats(game: Game[Any, Any, Any], lineup: tuple[int, ...]) -> list[int]:
    seats = [0] * game.num_players
    for side, members in enumerate(game.sides):
        for seat in members:
            seats[seat] = lineup[side]
    return seats


def new_game(chunk: Chunk, index: int) -> tuple[Game[Any, Any, Any], list[int]]:
    """Game ``index``'s deal, not played yet, and the entrant of each of its seats."""
    game: Game[Any, Any, Any] = plugin(chunk.game).new_game(chunk.rules, seed=chunk.schedule.deal_seed(index))
    return game, _seats(game, chunk.schedule.lineup(index))


def _play_one(chunk: Chunk, index: int) -> Played:
    game, seats = new_game(chunk, index)
    return played(chunk, index, game, seats, _play(game, chunk, index, seats))


def played(chunk: Chunk, index: int, game: Game[Any, Any, Any], seats: list[int], failed: Failure | None) -> Played:
    """Game ``index`` as it ended: over, or forfeited by the seat ``failed`` names."""
    schedule = chunk.schedule
    seed = schedule.deal_seed(index)
    forfeit = None
    if failed is None:
        result = game.result
        assert result is not None
        ranking = tuple(tuple(r) for r in result.ranking)
        winners, returns = tuple(result.winners), tuple(float(r) for r in result.returns)
    else:
        seat, (code, error, message, move) = failed
        entrant = seats[seat]
        name = chunk.names[entrant] if chunk.names else chunk.specs[entrant]
        forfeit = Forfeit(game=index, seed=seed, entrant=entrant, bot=name, seat=seat, code=code, error=error,
                          message=message, move=move, moves=len(game.history))
        winners = tuple(s for s, e in enumerate(seats) if e != entrant)
        ranking, returns = (winners, tuple(s for s, e in enumerate(seats) if e == entrant)), ()
    record = GameRecord(index=index, deal=schedule.deal(index), lineup=schedule.lineup(index), seats=tuple(seats),
                        sides=tuple(tuple(side) for side in game.sides), ranking=ranking, winners=winners,
                        returns=returns, moves=len(game.history), seed=seed, forfeit=forfeit)
    return Played(record, _saved(game, chunk, record) if chunk.save else None)


def _play(game: Game[Any, Any, Any], chunk: Chunk, index: int, seats: list[int]) -> Failure | None:
    """Play the game to its end; the failing seat and what failed, if a bot failed."""
    bots: list[Bot[Any, Any]] = []
    for s, e in enumerate(seats):
        if _TRACKER is not None:
            _TRACKER.step(s, BUILDING)
        try:
            bots.append(load_bot(chunk.specs[e], seed=chunk.schedule.bot_seed(index, s), path=chunk.bot_path))
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - a bot that cannot be built fails its game
            return s, failure(exc, code="bot_failed")
    if _TRACKER is not None:
        _TRACKER.step(-1, IN_GAME)
    while not game.is_over:
        for seat in sorted(game.to_act):
            if seat not in game.to_act:
                continue
            view = game.view(seat)
            if _TRACKER is not None:
                _TRACKER.step(seat, CHOOSING)
            try:
                move = bots[seat].choose(view)
            except (Exception, SystemExit) as exc:  # noqa: BLE001 - any exception of a bot is its failure
                return seat, failure(exc, code="bot_failed")
            if _TRACKER is not None:
                _TRACKER.step(seat, IN_GAME)
            try:
                game.play(move, seat)
            except (IllegalMoveError, NotationError) as exc:
                return seat, failure(exc, code="illegal_bot_move", move=move)
            except Exception as exc:  # noqa: BLE001 - see _refused
                if not _refused(game, seat, move):
                    raise
                return seat, failure(exc, code="illegal_bot_move", move=move)
            if _TRACKER is not None:
                _TRACKER.played(seat, move)
    return None


def _refused(game: Game[Any, Any, Any], seat: int, move: object) -> bool:
    """Whether a move the game raised on is not one of its legal moves: the bot's fault (a
    ``None``, a move of another type...); a legal move that raises is the game's bug."""
    try:
        return not any(move == legal for legal in game.legal_moves(seat))
    except Exception:  # noqa: BLE001 - a move that cannot even be compared is no legal move
        return True


def _meta_int(value: int) -> int | str:
    return value if -MAX_META_INT < value < MAX_META_INT else str(value)


def _saved(game: Game[Any, Any, Any], chunk: Chunk, record: GameRecord) -> dict[str, Any]:
    """The game's record, with a ``meta`` saying which tournament game it is and how it ended."""
    saved = dict(game.record())
    schedule, seats = chunk.schedule, record.seats
    names = chunk.names or chunk.specs
    forfeit = None
    if record.forfeit is not None:
        forfeit = {**record.forfeit.to_dict(), "text": record.forfeit.describe()}
    saved["meta"] = {
        "bots": [names[e] for e in seats],
        "tournament": {"seed": _meta_int(schedule.seed), "game": record.index, "deal": record.deal,
                       "deal_seed": record.seed, "lineup": list(record.lineup), "seats": list(seats),
                       "specs": [chunk.specs[e] for e in seats],
                       "bot_seeds": [schedule.bot_seed(record.index, s) for s in range(len(seats))],
                       "ranking": [list(r) for r in record.ranking], "winners": list(record.winners),
                       "returns": list(record.returns)},
        "forfeit": forfeit,
    }
    return saved


def play_chunk(chunk: Chunk) -> tuple[Played, ...]:
    """Play the chunk's games, in order; with ``stop_on_error``, none after a forfeit.

    Raises:
        NaipesError: naming the game, when the game itself fails (not a bot).
    """
    out = []
    for index in range(chunk.start, chunk.stop):
        try:
            played = _play_one(chunk, index)
        except NaipesError as exc:
            raise NaipesError(f"game {index}: {exc}", code=exc.code) from exc
        out.append(played)
        if played.record.forfeit is not None and chunk.stop_on_error:
            break
    return tuple(out)
