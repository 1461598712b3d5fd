"""Private: what Machiavelli tells the search bots (:mod:`naipes.search`) through its plugin.

Machiavelli's ``legal_moves`` lists only a family of its plays, so a search
over the listed moves alone can miss the best one. The plugin's
``root_candidates`` adds, at the root of every decision, the exact solver's
play, found within a node budget (:data:`SOLVER_NODES`), then the candidate
plays of the action space's slots (:func:`~naipes.machiavelli.candidates.candidates`:
rearrangements of the table), each final layout once (MV-05).

.. versionadded:: 1.2
   Moved here from ``naipes.search._candidates``.
"""

from __future__ import annotations

from typing import Any

from naipes.machiavelli.candidates import candidates, play_key
from naipes.machiavelli.moves import Move, Play
from naipes.machiavelli.solver import Budget, solve

#: Node budget of the solver call that proposes the root candidate.
SOLVER_NODES = 20_000


class BudgetedSolver:
    """The solver as a proposer: its best play within ``nodes`` expanded states, or ``None``.

    The same view and budget always give the same play (the budget counts nodes, not time).
    """

    __slots__ = ("nodes",)

    def __init__(self, nodes: int = SOLVER_NODES) -> None:
        self.nodes = nodes

    def choose(self, view: Any) -> Move | None:
        """The solver's play for the view's table and hand (``None`` when it finds none)."""
        best = solve(view.table, view.hand, view.rules, opened=view.is_opened,
                     budget=Budget(seconds=None, nodes=self.nodes))
        if best is None:
            return None
        return Play(best.table, best.played)


def root_candidates(view: Any) -> tuple[Move, ...]:
    """The solver's play (within :data:`SOLVER_NODES`), then the view's candidate plays, each layout once."""
    out: list[Move] = []
    play = BudgetedSolver().choose(view)
    seen = set()
    if isinstance(play, Play):
        out.append(play)
        seen.add(play_key(view.table, play))
    if view.legal_moves:
        for c in candidates(view.table, view.hand, view.rules, opened=view.is_opened):
            if c.key not in seen:
                seen.add(c.key)
                out.append(c.play)
    return tuple(out)
