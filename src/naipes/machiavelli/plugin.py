"""Machiavelli's :class:`~naipes.plugin.GamePlugin`: what the layers above the engine read.

>>> from naipes.plugin import plugin
>>> p = plugin("machiavelli")
>>> type(p).__name__, dict(p.quick_rules), sorted(p.bots())
('Plugin', {'deal': {'mode': 'single_deal'}}, ['baseline', 'best', 'solver'])

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import Mapping, Sequence

from naipes.machiavelli.moves import Move
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.view import View
from naipes.plugin import GamePlugin, Zone

__all__ = ["Plugin"]


class Plugin(GamePlugin[Rules, Move, View]):
    """Machiavelli for every layer: a quick game of one deal; the solver and the baseline bot."""

    quick_rules: Mapping[str, Mapping[str, object]] = {"deal": {"mode": "single_deal"}}
    bot_specs: Mapping[str, str] = {"best": "naipes.machiavelli.bots:SolverBot",
                                    "solver": "naipes.machiavelli.bots:SolverBot",
                                    "baseline": "naipes.machiavelli.bots:BaselineBot"}

    # -- search and machine interfaces (SR) ---------------------------------------------------

    def root_candidates(self, view: View) -> Sequence[Move]:
        """The exact solver's play within a node budget: ``legal_moves`` lists only a family of plays."""
        from naipes.machiavelli._search import BudgetedSolver

        play = BudgetedSolver().choose(view)
        return () if play is None else (play,)

    def max_game_length(self, rules: Rules | None = None) -> int | None:
        """3,000 decisions: the game has no hard bound; OpenSpiel cuts it there."""
        return 3000

    # -- pictures (SV) -------------------------------------------------------------------------

    def zones(self, view: View) -> Sequence[Zone]:
        """Every zone of the table as ``view.seat`` sees it (:func:`naipes.machiavelli.pictures.zones`)."""
        from naipes.machiavelli.pictures import zones

        return zones(view)

    def draw_table(self, view: View, width: float) -> str | None:
        """The table picture :func:`naipes.svg.render` draws (:func:`naipes.machiavelli.pictures.draw_table`)."""
        from naipes.machiavelli.pictures import draw_table

        return draw_table(view, width)
