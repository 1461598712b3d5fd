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
    The arguments are checked by :func:`naipes.tournament.run`.
    """
    if executor is None and (jobs is None or jobs == 1):
        yield from _in_process(chunks(template, games, 1), games, progress)
    elif executor is None:
        assert jobs is not None
        workers = pool_size(games, jobs)
        with cf.ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context()) as pool:
            yield from _submit(pool, template, games, workers, progress)
    else:
        yield from _submit(executor, template, games, _workers(executor), progress)


def _submit(executor: cf.Executor, template: Chunk, games: int, workers: int,
            progress: Progress | None) -> Iterator[Played]:
    """Submit the chunks with a bounded number in flight; yield their records in order."""
    work = chunks(template, games, chunk_size(games, workers))
    window = max(2, workers * CHUNKS_PER_WORKER)
    pending: collections.deque[cf.Future[tuple[Played, ...]]] = collections.deque()
    counted: set[cf.Future[tuple[Played, ...]]] = set()
    done = 0
    try:
        while True:
            while len(pending) < window and (chunk := next(work, None)) is not None:
                pending.append(executor.submit(play_chunk, chunk))
            if not pending:
                return
            waiting = [f for f in pending if f not in counted]
            finished = cf.wait(waiting, return_when=cf.FIRST_COMPLETED).done if waiting else set()
            for future in finished:
                done += len(future.result())  # a failed chunk raises here
                counted.add(future)
                if progress is not None:
                    progress(done, games)
            while pending and pending[0] in counted:
                head = pending.popleft()
                counted.discard(head)
                yield from head.result()
    finally:
        for future in pending:
            future.cancel()
