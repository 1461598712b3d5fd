"""Shipping a tournament's chunks to where they are played (internal).

In-process, a process pool of ``jobs`` workers, or any
:class:`concurrent.futures.Executor` (Dask's ``Client.get_executor()``,
:class:`~naipes.tournament.RayExecutor`). Chunks are submitted one by one with
``submit`` (never ``map``, whose ``chunksize`` Dask ignores) and their records
are put back in game order, so the results do not depend on where or in what
order the chunks ran.
"""

from __future__ import annotations

import collections
import concurrent.futures as cf
import math
import multiprocessing
from typing import Callable, Generator, Iterator

import attrs

from naipes.errors import NaipesError
from naipes.tournament._isolate import play_alone
from naipes.tournament._worker import Chunk, Played, play_chunk

__all__ = ["CHUNKS_PER_WORKER", "CHUNK_MAX", "chunks", "execute", "pool_size"]

#: The most games in one chunk (a task); in this process, every game is a chunk of its own.
CHUNK_MAX = 16
#: Chunks per worker at least, so that a slow chunk does not leave the others idle; also the
#: most chunks per worker submitted and not yet collected.
CHUNKS_PER_WORKER = 8

Progress = Callable[[int, int], None]


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk for ``workers`` workers.

    >>> chunk_size(1000, 2), chunk_size(40, 2), chunk_size(3, 8)
    (16, 3, 1)
    """
    return max(1, min(CHUNK_MAX, math.ceil(games / (workers * CHUNKS_PER_WORKER))))


def chunks(template: Chunk, games: int, size: int) -> Iterator[Chunk]:
    """The chunks of ``size`` games that cover games ``0..games-1``, made one at a time."""
    from attrs import evolve

    for start in range(0, games, size):
        yield evolve(template, start=start, stop=min(games, start + size))


def pool_size(games: int, jobs: int) -> int:
    """The processes a pool of ``jobs`` gets for ``games`` games: at most one per chunk.

    >>> pool_size(2, 12), pool_size(1000, 12)
    (2, 12)
    """
    return max(1, min(jobs, math.ceil(games / chunk_size(games, jobs))))


def _workers(executor: cf.Executor) -> int:
    """How many workers an executor has: pools and RayExecutor say; a Dask executor's client
    counts its workers' threads; else 4."""
    count = getattr(executor, "_max_workers", None)
    if isinstance(count, int) and count > 0:
        return count
    client = getattr(executor, "_client", None)
    try:
        threads = sum(client.nthreads().values()) if client is not None else 0
    except Exception:  # noqa: BLE001 - a guess only: any failure means "unknown"
        threads = 0
    return threads if isinstance(threads, int) and threads > 0 else 4


def _in_process(work: Iterator[Chunk], games: int, progress: Progress | None) -> Iterator[Played]:
    done = 0
    for chunk in work:
        records = play_chunk(chunk)
        done += len(records)
        if progress is not None:
            progress(done, games)
        yield from records


def execute(template: Chunk, games: int, *, executor: cf.Executor | None, jobs: int | None,
            progress: Progress | None) -> Generator[Played, None, None]:
    """Play every game of the tournament, yielding the games in game order as they come.

    A chunk that ended at a forfeit (``stop_on_error``) hands back fewer games: the
    caller stops at that forfeit, and closing this generator cancels the chunks not
    yet collected.

    Chunks are made as they are submitted, never more than :data:`CHUNKS_PER_WORKER`
    per worker at a time, so memory does not grow with ``games`` before the games
    are played; a pool has at most one process per chunk (:func:`pool_size`).
    When a process of the ``jobs`` pool dies, the pool is replaced and the chunks it
    was playing are played again a game per process (:mod:`~naipes.tournament._isolate`),
    which finds the bot that ended its process: its game is its forfeit. On
    another executor, a dead worker (``BrokenExecutor``) is a ``worker_died`` error.
    The arguments are checked by :func:`naipes.tournament.run`.
    """
    if executor is None and (jobs is None or jobs == 1):
        yield from _in_process(chunks(template, games, 1), games, progress)
    elif executor is None:
        assert jobs is not None
        pools = _Pools(pool_size(games, jobs))
        try:
            yield from _submit(pools, template, games, pools.workers, progress)
        finally:
            pools.close()
    else:
        yield from _submit(executor, template, games, _workers(executor), progress)


class _Pools:
    """The process pool of ``jobs=``: replaced by a new one when one of its processes dies."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool = self._new()

    def _new(self) -> cf.ProcessPoolExecutor:
        return cf.ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context())

    def replace(self) -> None:
        """Shut the broken pool down (every future of it settles) and start a new one."""
        self.pool.shutdown(wait=True, cancel_futures=True)
        self.pool = self._new()

    def close(self) -> None:
        """Shut the pool down, dropping the chunks not started."""
        self.pool.shutdown(wait=True, cancel_futures=True)


@attrs.define
class _Slot:
    """A chunk on its way: its future while it runs, its games once back."""

    chunk: Chunk
    future: cf.Future[tuple[Played, ...]] | None = None
    games: tuple[Played, ...] | None = None


def _send(where: cf.Executor | _Pools, slot: _Slot) -> bool:
    """Submit the slot's chunk; ``False`` when the pool is already broken."""
    executor = where.pool if isinstance(where, _Pools) else where
    try:
        slot.future = executor.submit(play_chunk, slot.chunk)
    except cf.BrokenExecutor:
        slot.future = None
        return False
    return True


def _dead_worker(exc: BaseException | None = None) -> NaipesError:
    why = f" ({' '.join(str(exc).split())})" if exc is not None and str(exc) else ""
    return NaipesError(f"a worker process died{why}; run with jobs= (--jobs) to have the games of a bot "
                       "that ends its process forfeited", code="worker_died")


def _recover(where: cf.Executor | _Pools, pending: collections.deque[_Slot], workers: int) -> int:
    """After a process of the pool died: a new pool, the chunks that never started sent
    to it, the others played again a game per process. The games got back."""
    if not isinstance(where, _Pools):
        raise _dead_worker()
    where.replace()  # every future of the old pool is settled now
    lost, fresh, back = [], [], 0
    for slot in pending:
        future = slot.future
        if slot.games is not None:
            continue
        if future is None or future.cancelled():
            fresh.append(slot)
            continue
        error = future.exception()
        if error is None:
            slot.games = future.result()
            back += len(slot.games)
        elif isinstance(error, cf.BrokenExecutor):
            lost.append(slot)
        else:
            raise error  # the game's own failure, as when it comes first
    for slot, games in zip(lost, play_alone([s.chunk for s in lost], workers)):
        slot.games = games
        back += len(games)
    for slot in fresh:
        _send(where, slot)
    return back


def _submit(where: cf.Executor | _Pools, template: Chunk, games: int, workers: int,
            progress: Progress | None) -> Iterator[Played]:
    """Submit the chunks with a bounded number in flight; yield their records in order."""
    work = chunks(template, games, chunk_size(games, workers))
    window = max(2, workers * CHUNKS_PER_WORKER)
    pending: collections.deque[_Slot] = collections.deque()
    done = 0
    try:
        while True:
            while len(pending) < window and (chunk := next(work, None)) is not None:
                pending.append(slot := _Slot(chunk))
                _send(where, slot)
            if not pending:
                return
            broken = any(s.games is None and s.future is None for s in pending)  # refused: the pool broke
            waiting = {s.future: s for s in pending if s.games is None and s.future is not None}
            if waiting and not broken:
                for future in cf.wait(waiting, return_when=cf.FIRST_COMPLETED).done:
                    try:
                        waiting[future].games = future.result()  # a failed chunk raises here
                    except cf.BrokenExecutor as exc:
                        if not isinstance(where, _Pools):
                            raise _dead_worker(exc) from exc
                        broken = True
                        continue
                    done += len(future.result())
                    if progress is not None:
                        progress(done, games)
            if broken:
                done += _recover(where, pending, workers)
                if progress is not None:
                    progress(done, games)
            while pending and pending[0].games is not None:
                yield from pending.popleft().games or ()
    finally:
        for slot in pending:
            if slot.future is not None:
                slot.future.cancel()
