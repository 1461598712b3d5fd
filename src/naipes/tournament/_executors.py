"""Shipping a tournament's chunks to where they are played (internal).

In-process, a process pool of ``jobs`` workers, or any
:class:`concurrent.futures.Executor` (Dask's ``Client.get_executor()``,
:class:`~naipes.tournament.RayExecutor`). Chunks are submitted one by one with
``submit`` (never ``map``, whose ``chunksize`` Dask ignores) and their records
are put back in game order, so the results do not depend on where or in what
order the chunks ran.
"""

from __future__ import annotations

import concurrent.futures as cf
import math
import multiprocessing
from typing import Callable, Iterator, Sequence

from naipes.errors import UsageError
from naipes.tournament._worker import Chunk, GameRecord, play_chunk

__all__ = ["CHUNK_MAX", "chunks", "execute"]

#: The most games in one chunk (a task); in this process, every game is a chunk of its own.
CHUNK_MAX = 16
#: Chunks per worker at least, so that a slow chunk does not leave the others idle.
CHUNKS_PER_WORKER = 8

Progress = Callable[[int, int], None]


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk for ``workers`` workers.

    >>> chunk_size(1000, 2), chunk_size(40, 2), chunk_size(3, 8)
    (16, 3, 1)
    """
    return max(1, min(CHUNK_MAX, math.ceil(games / (workers * CHUNKS_PER_WORKER))))


def chunks(template: Chunk, games: int, size: int) -> list[Chunk]:
    """The chunks of ``size`` games that cover games ``0..games-1``."""
    from attrs import evolve

    return [evolve(template, start=start, stop=min(games, start + size)) for start in range(0, games, size)]


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


def _collect(futures: Sequence[cf.Future[tuple[GameRecord, ...]]], games: int,
             progress: Progress | None) -> list[GameRecord]:
    done = 0
    try:
        for future in cf.as_completed(futures):
            done += len(future.result())
            if progress is not None:
                progress(done, games)
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return [record for future in futures for record in future.result()]


def _in_process(work: list[Chunk], games: int, progress: Progress | None) -> Iterator[GameRecord]:
    done = 0
    for chunk in work:
        records = play_chunk(chunk)
        done += len(records)
        if progress is not None:
            progress(done, games)
        yield from records


def execute(template: Chunk, games: int, *, executor: cf.Executor | None, jobs: int | None,
            progress: Progress | None) -> list[GameRecord]:
    """Play every game of the tournament and return the records in game order.

    Raises:
        UsageError: for both ``executor`` and ``jobs`` (``executor_and_jobs``) or
            ``jobs`` below 1 (``bad_jobs``).
    """
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise UsageError(f"jobs must be a whole number of at least 1, not {jobs!r}", code="bad_jobs")
    if executor is not None and jobs is not None:
        raise UsageError("give executor= or jobs=, not both", code="executor_and_jobs")
    if executor is None and (jobs is None or jobs == 1):
        return list(_in_process(chunks(template, games, 1), games, progress))
    if executor is None:
        assert jobs is not None
        with cf.ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context()) as pool:
            return _submit(pool, template, games, jobs, progress)
    return _submit(executor, template, games, _workers(executor), progress)


def _submit(executor: cf.Executor, template: Chunk, games: int, workers: int,
            progress: Progress | None) -> list[GameRecord]:
    work = chunks(template, games, chunk_size(games, workers))
    futures = [executor.submit(play_chunk, chunk) for chunk in work]
    return _collect(futures, games, progress)
