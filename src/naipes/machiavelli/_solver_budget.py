"""Private: the meter behind :class:`naipes.machiavelli.solver.Budget`.

The program's passes charge it after each suit step; when it runs out it
raises :class:`OutOfBudget`, which :func:`naipes.machiavelli.solver.solve`
turns into the best play known so far.
"""

from __future__ import annotations

import time


class OutOfBudget(Exception):
    """The meter of a problem ran out: the search stops without a proof."""


class Meter:
    """Counts the states the passes expand and watches a deadline (``perf_counter`` seconds).

    ``charge`` is called after each suit step of every pass (with the
    states it made, plus one), so a pass overruns its budget by at most one
    suit step.
    """

    __slots__ = ("deadline", "nodes", "spent")

    def __init__(self, nodes: int | None, seconds: float | None) -> None:
        self.nodes = nodes
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.spent = 0

    def charge(self, states: int) -> None:
        self.spent += states
        if self.nodes is not None and self.spent > self.nodes:
            raise OutOfBudget
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfBudget
