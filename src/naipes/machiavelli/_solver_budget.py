"""Private: the meter behind :class:`naipes.machiavelli.solver.Budget`.

The program's passes charge it after each suit step; when it runs out it
raises :class:`OutOfBudget`, which :func:`naipes.machiavelli.solver.solve`
turns into the best play known so far.
"""

from __future__ import annotations

import time
from typing import Iterable, Iterator


class OutOfBudget(Exception):
    """The meter of a problem ran out: the search stops without a proof."""


class Meter:
    """Counts the states the passes expand and watches a deadline (``perf_counter`` seconds).

    ``charge`` is called after each suit step of every pass (with the
    states it made, plus one), so a node budget overruns by at most one suit
    step; the deadline is also checked every :data:`CHUNK` states inside a
    step (see :func:`metered`), so a time budget overruns by a fraction of a
    millisecond of the program.
    """

    __slots__ = ("coarse", "deadline", "live", "nodes", "spent")

    def __init__(self, nodes: int | None, seconds: float | None, *, coarse: bool = False) -> None:
        self.nodes = nodes
        #: Nodes checked only after each suit step, never inside one (a cap on a side search, cheaper).
        self.coarse = coarse
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.spent = 0
        #: States the current pass holds (its trail): freeing them when the budget runs out takes
        #: time too, so the deadline is met that much earlier.
        self.live = 0

    def charge(self, states: int) -> None:
        """Count a suit step's ``states`` (held by the pass until it ends), then :meth:`check`."""
        self.spent += states
        self.live += states
        if self.nodes is not None and self.spent > self.nodes:
            raise OutOfBudget
        self.check()

    def check(self, ahead: float = 0.0) -> None:
        """Raise :class:`OutOfBudget` if the deadline has passed, or will have before ``ahead``
        more seconds of work and the freeing of the states held are done (nodes are not charged)."""
        if self.deadline is not None and time.perf_counter() + ahead + self.live * FREE_COST > self.deadline:
            raise OutOfBudget

    def sub(self, nodes: int) -> Meter:
        """A meter with this one's deadline and at most ``nodes`` more states (a side search's budget)."""
        meter = Meter(nodes if self.nodes is None else max(0, min(nodes, self.nodes - self.spent)), None)
        meter.deadline = self.deadline
        return meter


#: Seconds to free one state of a pass's trail (measured: 45-60 ns; margin for a loaded machine).
FREE_COST = 80e-9

#: States between two deadline checks inside a step of the program (a fraction of a millisecond).
CHUNK = 1024


def metered(
    items: dict[int, int] | list[tuple[int, int]], meter: Meter | None, out: dict[int, int] | None = None
) -> Iterable[tuple[int, int]]:
    """The (state, objective) pairs of a layer, checking the meter every :data:`CHUNK` on large ones.

    ``out``: the next layer being made; its states count against a node budget at each check,
    so a step that makes many states from each one stops in time too (at the same point every call).
    """
    pairs = items.items() if isinstance(items, dict) else items
    if meter is None or meter.coarse or (meter.deadline is None and meter.nodes is None) or len(items) <= CHUNK:
        return pairs
    return _checked(pairs, meter, out)


def _checked(pairs: Iterable[tuple[int, int]], meter: Meter, out: dict[int, int] | None) -> Iterator[tuple[int, int]]:
    nodes = meter.nodes
    for k, pair in enumerate(pairs):
        if not k % CHUNK:
            meter.check()
            if out is not None and nodes is not None and meter.spent + len(out) > nodes:
                raise OutOfBudget
        yield pair
