"""Private: candidate moves offered to the search besides the listed ones.

A game whose ``legal_moves`` is not complete (``GameInfo.complete_moves`` is
false: Machiavelli) lists only a family of its plays; by default its best
shipped bot proposes one more move at the root of each decision. For
Machiavelli that is the exact solver's play, called through a small adapter
that passes a node budget when the solver takes one.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable

from naipes.bots import Bot, load_bot
from naipes.errors import UsageError
from naipes.game import Move, View
from naipes.registry import find_game

#: Node budget of the solver call that proposes Machiavelli's candidate (when the solver takes one).
SOLVER_NODES = 20_000


class Candidate:
    """Proposes one move for a view (or ``None``)."""

    __slots__ = ("choose",)

    def __init__(self, bot: Bot[Any, Any] | Callable[[Any], Move | None]) -> None:
        self.choose: Callable[[Any], Move | None] = bot.choose if isinstance(bot, Bot) else bot

    def propose(self, view: View[Any]) -> Move | None:
        """The proposed move for ``view``'s seat, or ``None``."""
        return self.choose(view)


class BudgetedSolver:
    """Machiavelli's solver as a proposer: its best play within ``nodes``, or ``None``."""

    __slots__ = ("nodes",)

    def __init__(self, nodes: int = SOLVER_NODES) -> None:
        self.nodes = nodes

    def choose(self, view: Any) -> Move | None:
        """The solver's play for the view's table and hand (``None`` when it finds none)."""
        from naipes.machiavelli.moves import Play
        from naipes.machiavelli.solver import solve

        kwargs: dict[str, Any] = {}
        if "budget" in inspect.signature(solve).parameters:
            from naipes.machiavelli import solver

            kwargs["budget"] = getattr(solver, "Budget")(seconds=None, nodes=self.nodes)
        best = solve(view.table, view.hand, view.rules, opened=view.is_opened, **kwargs)
        if best is None:
            return None
        play: Move = Play(best.table, best.played)
        return play


def make_candidate(spec: object, game: str) -> Candidate | None:
    """The proposer ``spec`` names for ``game``: ``True`` the default, ``False``/``None`` none.

    Raises:
        UsageError: for a spec that names no bot (code ``no_such_bot``, ``bad_candidate``).
    """
    if spec is False or spec is None:
        return None
    if spec is True:
        info = find_game(game)
        if info.complete_moves:
            return None
        if info.name == "machiavelli":
            return Candidate(BudgetedSolver())
        return Candidate(load_bot(info.best_bot, seed=0)) if info.best_bot else None
    if isinstance(spec, str):
        return Candidate(load_bot(spec, seed=0))
    if isinstance(spec, Bot) or callable(spec):
        return Candidate(spec)
    raise UsageError(f"candidate= takes True, False, a bot, a callable or a bot spec, not {spec!r}",
                     code="bad_candidate")
