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
