"""A bot for the server tests: it notes the thread each of its moves is chosen in."""

from __future__ import annotations

import threading
from typing import Any

#: The threads every RecordingBot chose a move in.
THREADS: list[threading.Thread] = []


class RecordingBot:
    """Plays the first legal move, noting the thread it thinks in."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: Any) -> Any:
        THREADS.append(threading.current_thread())
        return view.legal_moves[0]


class TravellingBot:
    """Plays the first legal move, noting on itself the process each move is chosen in.

    Its notes are its state: they reach the server only if the bot comes back from the
    worker process with its move.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.pids: list[int] = []

    def choose(self, view: Any) -> Any:
        import os

        self.pids.append(os.getpid())
        return view.legal_moves[0]
