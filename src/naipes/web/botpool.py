"""Where the server's bots think: worker processes by default, so that no bot holds the
interpreter lock the event loop needs.

A bot that thinks in a thread of the server's own process shares its interpreter lock: while
a search bot computes, the event loop waits up to a switch interval (5 ms) each time it wants
the lock back, and a reply that needs several waits is late by tens of milliseconds. In a
worker process the bot has its own interpreter, and the loop answers on time.

A bot travels to the worker with the seat's view and comes back with its move, so a bot that
keeps state between moves (a random generator, a search tree) keeps it exactly as it would in
the server's process. A bot that cannot travel (it cannot be pickled) thinks in a thread.
Only bots the server built itself (registered names, or ``--allow-bot`` classes) ever travel:
nothing a client sends is unpickled.

>>> pool = BotPool(processes=0, threads=1)
>>> from naipes.bots import RandomBot
>>> from naipes.plugin import plugin
>>> game = plugin("machuco").new_game(None, seed=1)
>>> import asyncio
>>> move, bot = asyncio.run(pool.choose(RandomBot(seed=2), game.view(game.to_act[0])))
>>> move in game.legal_moves()
True
>>> pool.shutdown()

.. versionadded:: 1.2
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

__all__ = ["BotPool"]

log = logging.getLogger("naipes.web")


def _watch_parent(parent: int) -> None:
    """In each worker: exit once the server is gone (killed with ``kill -9`` it cannot say so)."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="naipes-bot-parent", daemon=True).start()


def _ready() -> int:
    """In a worker: nothing, to have it started before the first bot moves."""
    return os.getpid()


def _think(bot: Any, view: Any) -> tuple[Any, Any]:
    """In the worker: the bot's move, and the bot as the move left it."""
    return bot.choose(view), bot


def _think_here(bot: Any, view: Any) -> tuple[Any, Any]:
    """In a thread of the server: the same, the bot itself being shared."""
    return bot.choose(view), bot


class BotPool:
    """The workers bots choose their moves in.

    Args:
        processes: worker processes (``0``: threads only).
        threads: worker threads, for bots that cannot be pickled (and all bots when
            ``processes`` is ``0``).
    """

    def __init__(self, processes: int = 2, threads: int = 2) -> None:
        self.processes = max(0, processes)
        self.threads = max(1, threads)
        self._procs: ProcessPoolExecutor | None = None
        self._threads: ThreadPoolExecutor | None = None

    def _process_pool(self) -> ProcessPoolExecutor:
        if self._procs is None:  # spawn: the server's threads never leak into a forked child
            self._procs = ProcessPoolExecutor(max_workers=self.processes,
                                              mp_context=multiprocessing.get_context("spawn"),
                                              initializer=_watch_parent, initargs=(os.getpid(),))
        return self._procs

    def _thread_pool(self) -> ThreadPoolExecutor:
        if self._threads is None:
            self._threads = ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix="naipes-bot")
        return self._threads

    async def start(self) -> None:
        """Start the worker processes now (they take a second to import), not at the first
        bot move."""
        if self.processes:
            loop = asyncio.get_running_loop()
            pool = self._process_pool()
            await asyncio.gather(*(loop.run_in_executor(pool, _ready) for _ in range(self.processes)))

    def _travels(self, bot: Any) -> bool:
        if not self.processes:
            return False
        try:
            pickle.dumps(bot)
        except Exception:  # noqa: BLE001 - any failure to pickle means: think in a thread
            return False
        return True

    async def choose(self, bot: Any, view: Any) -> tuple[Any, Any]:
        """The bot's move for ``view`` and the bot to keep for its next move.

        The bot's own exceptions propagate; a worker process that died is replaced and the
        move is chosen again in a thread.
        """
        loop = asyncio.get_running_loop()
        if self._travels(bot):
            try:
                pool: Executor = self._process_pool()
                return await loop.run_in_executor(pool, _think, bot, view)
            except BrokenProcessPool:
                log.error("a bot worker process died; starting new ones")
                self._drop_processes()
        return await loop.run_in_executor(self._thread_pool(), _think_here, bot, view)

    def _drop_processes(self) -> None:
        procs, self._procs = self._procs, None
        if procs is not None:
            procs.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        """Stop the workers (the pool starts new ones when used again)."""
        self._drop_processes()
        threads, self._threads = self._threads, None
        if threads is not None:
            threads.shutdown(wait=False, cancel_futures=True)
