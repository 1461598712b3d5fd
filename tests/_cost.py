"""Deterministic costs for tests that check "at once" or "linear": no clock, no flakiness.

Speed is measured by the scripts in ``benchmarks/``; a test that must show that
something is refused before work starts, or that work grows linearly, counts
instead: the function calls made (Python and C, through ``sys.setprofile``) and
the peak of memory allocated (``tracemalloc``). Both are the same on every run
and every machine load.
"""

from __future__ import annotations

import sys
import tracemalloc
from typing import Any, Callable


def calls(fn: Callable[[], object]) -> int:
    """The function calls (Python and C) that ``fn()`` makes; an exception it raises propagates."""
    count = 0

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return count


def peak_bytes(fn: Callable[[], object]) -> int:
    """The peak of memory allocated while ``fn()`` runs, in bytes (above what was allocated before)."""
    tracing = tracemalloc.is_tracing()
    if not tracing:
        tracemalloc.start()
    tracemalloc.reset_peak()
    before = tracemalloc.get_traced_memory()[0]
    try:
        fn()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        if not tracing:
            tracemalloc.stop()
    return peak - before


def refused(fn: Callable[[], object], error: type[BaseException]) -> Callable[[], None]:
    """``fn`` wrapped to expect ``error`` (so its cost can be counted); any other outcome fails."""

    def run() -> None:
        try:
            fn()
        except error:
            return
        raise AssertionError(f"{fn!r} did not raise {error.__name__}")

    return run
