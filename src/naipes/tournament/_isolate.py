"""Games played alone, each in a process of its own, to find the bot whose process died (internal).

When a process of the ``jobs=`` pool dies (a bot called ``os._exit``, crashed,
or was killed by the OOM killer), every chunk in flight fails with
``BrokenProcessPool`` and nothing says which game, let alone which bot, did it.
The driver then plays those chunks' games again here, one process per game, at
most ``lanes`` at a time. The process tells the driver, through a pipe, each
seat it is about to build a bot for or ask a move of, and each move played. If
it dies, the last step names the seat: the game is rebuilt in the driver from
the moves played (the game's own code only, never a bot's) and ends as that
entrant's forfeit (code ``bot_failed``, error ``worker_died``, the exit status or
signal in the message). A process that dies outside any bot is the game's
failure: :class:`~naipes.errors.NaipesError` ``worker_died``, whatever
``on_error``.
"""

from __future__ import annotations

import collections
import multiprocessing
import multiprocessing.connection
import signal
from typing import Any, Sequence

import attrs

from naipes.errors import NaipesError
from naipes.tournament._worker import BUILDING, CHOOSING, Chunk, Played, new_game, play_chunk, played, track

__all__ = ["died", "play_alone"]

#: The code and the ``Forfeit.error`` of a game whose process died.
WORKER_DIED = "worker_died"


class _PipeTracker:
    """Reports each step of the game to the driver (see :class:`~naipes.tournament._worker.Tracker`)."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    def step(self, seat: int, phase: int) -> None:
        self.conn.send(("step", seat, phase))

    def played(self, seat: int, move: Any) -> None:
        self.conn.send(("move", seat, move))


def _alone(chunk: Chunk, conn: Any) -> None:
    """The process's work: play the chunk, reporting each step, then hand back its games."""
    track(_PipeTracker(conn))
    try:
        out: tuple[Any, ...] = ("done", play_chunk(chunk))
    except Exception as exc:  # noqa: BLE001 - the game's own failure, raised again in the driver
        out = ("error", exc)
    try:
        conn.send(out)
    except Exception as exc:  # noqa: BLE001 - an error that cannot be pickled is sent as text
        conn.send(("error", NaipesError(f"{type(exc).__name__}: {exc}")))
    conn.close()


def died(status: int | None) -> str:
    """How a process ended, in words.

    >>> died(-11), died(3)
    ('killed by signal SIGSEGV', 'exit status 3')
    """
    if status is not None and status < 0:
        try:
            return f"killed by signal {signal.Signals(-status).name}"
        except ValueError:
            return f"killed by signal {-status}"
    return f"exit status {status}"


@attrs.define
class _Lane:
    """One process playing one chunk, and what it said so far."""

    chunk: Chunk
    process: Any
    seat: int = -1
    phase: int = 0
    moves: list[tuple[int, Any]] = attrs.Factory(list)


def _start(context: Any, chunk: Chunk) -> tuple[Any, _Lane]:
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_alone, args=(chunk, send), name=f"naipes-game-{chunk.start}")
    process.start()
    send.close()  # the child holds the only write end: its death is the pipe's end
    return receive, _Lane(chunk, process)


def _lost(lane: _Lane) -> tuple[Played, ...]:
    """The game of a lane whose process died: the deciding seat's forfeit."""
    lane.process.join()
    chunk, index = lane.chunk, lane.chunk.start
    how = died(lane.process.exitcode)
    if lane.phase not in (BUILDING, CHOOSING) or lane.seat < 0:
        raise NaipesError(f"game {index}: the process playing it died outside any bot ({how})", code=WORKER_DIED)
    game, seats = new_game(chunk, index)
    for seat, move in lane.moves:
        game.play(move, seat)
    doing = "building its bot" if lane.phase == BUILDING else "in choose"
    message = f"the process playing the game died {doing} ({how})"
    return (played(chunk, index, game, seats, (lane.seat, ("bot_failed", WORKER_DIED, message, None))),)


def _heard(receive: Any, lane: _Lane) -> tuple[Played, ...] | None:
    """Read what a lane said; its games when it is done, ``None`` while it plays."""
    while True:
        try:
            message = receive.recv()
        except EOFError:
            return _lost(lane)
        kind = message[0]
        if kind == "step":
            lane.seat, lane.phase = message[1], message[2]
        elif kind == "move":
            lane.moves.append((message[1], message[2]))
        elif kind == "error":
            lane.process.join()
            raise message[1]
        else:
            lane.process.join()
            return tuple(message[1])
        if not receive.poll():
            return None


def play_alone(chunks: Sequence[Chunk], lanes: int) -> list[tuple[Played, ...]]:
    """Play every game of ``chunks`` in a process of its own, at most ``lanes`` at a time.

    Returns each chunk's games, as :func:`~naipes.tournament._worker.play_chunk` would
    (with ``stop_on_error``, none after its first forfeit).

    Raises:
        NaipesError: when the game itself fails, or a process dies outside any bot
            (``worker_died``).
    """
    context = multiprocessing.get_context()
    singles = [(i, attrs.evolve(c, start=g, stop=g + 1)) for i, c in enumerate(chunks) for g in range(c.start, c.stop)]
    games: dict[int, Played] = {}
    queue = collections.deque(singles)
    running: dict[Any, _Lane] = {}
    try:
        while queue or running:
            while queue and len(running) < max(1, lanes):
                _, single = queue.popleft()
                receive, lane = _start(context, single)
                running[receive] = lane
            for ready in multiprocessing.connection.wait(list(running)):
                out = _heard(ready, running[ready])
                if out is not None:
                    lane = running.pop(ready)
                    ready.close()  # type: ignore[union-attr]  # our pipe's end, not a socket or an fd
                    games[lane.chunk.start] = out[0]
    finally:
        for receive, lane in running.items():
            lane.process.kill()
            lane.process.join()
            receive.close()
    out_chunks = []
    for chunk in chunks:
        kept: list[Played] = []
        for g in range(chunk.start, chunk.stop):
            kept.append(games[g])
            if chunk.stop_on_error and games[g].record.forfeit is not None:
                break
        out_chunks.append(tuple(kept))
    return out_chunks
