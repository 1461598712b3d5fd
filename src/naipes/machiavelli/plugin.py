"""Machiavelli's :class:`~naipes.plugin.GamePlugin`: what the layers above the engine read.

>>> from naipes.plugin import plugin
>>> p = plugin("machiavelli")
>>> type(p).__name__, dict(p.quick_rules), sorted(p.bots())
('Plugin', {'deal': {'mode': 'single_deal'}}, ['baseline', 'best', 'solver', 'strong'])

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from naipes.machiavelli.moves import Move
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.view import View
from naipes.plugin import GamePlugin, Zone

if TYPE_CHECKING:
    from naipes.machiavelli.workspace import Workspace

__all__ = ["Plugin"]


class Plugin(GamePlugin[Rules, Move, View]):
    """Machiavelli for every layer: a quick game of one deal; the solver, the baseline bot and the
    solver's play weighed against the risk of the other seat going out (``strong``,
    :class:`~naipes.machiavelli.search.StrongBot`)."""

    quick_rules: Mapping[str, Mapping[str, object]] = {"deal": {"mode": "single_deal"}}
    bot_specs: Mapping[str, str] = {"best": "naipes.machiavelli.bots:SolverBot",
                                    "solver": "naipes.machiavelli.bots:SolverBot",
                                    "baseline": "naipes.machiavelli.bots:BaselineBot",
                                    "strong": "naipes.machiavelli.search:StrongBot"}

    # -- search and machine interfaces (SR) ---------------------------------------------------

    def root_candidates(self, view: View) -> Sequence[Move]:
        """The exact solver's play within a node budget, then the candidate plays of the action
        space's slots (:mod:`naipes.machiavelli.candidates`), each layout once: ``legal_moves``
        lists only a family of plays.

        .. versionchanged:: 1.2
           The candidate plays follow the solver's.
        """
        from naipes.machiavelli._search import root_candidates

        return root_candidates(view)

    def max_game_length(self, rules: Rules | None = None) -> int | None:
        """3,000 decisions: the game has no hard bound; OpenSpiel cuts it there."""
        return 3000

    # -- turn workspaces (WP) ------------------------------------------------------------------

    #: The steps of :class:`~naipes.machiavelli.workspace.Workspace` the web table drives.
    workspace_ops: tuple[str, ...] = ("take", "put_back", "move", "split", "merge", "undo", "reset",
                                      "commit", "draw", "give_up")

    def workspace(self, game: Any, seat: int) -> Workspace | None:
        """A :class:`~naipes.machiavelli.workspace.Workspace` for ``seat``'s turn, or ``None``
        when ``seat`` is not the one to act.

        It is not bound to ``game``: its ``commit``, ``draw`` and ``give_up`` return the
        move, and the caller plays it (the web table, through its seat).
        """
        from naipes.machiavelli.workspace import Workspace

        if game.to_act != (seat,):
            return None
        return Workspace(game.view(seat))

    # -- pictures (SV) -------------------------------------------------------------------------

    def zones(self, view: View, lang: str = "en") -> Sequence[Zone]:
        """Every zone of the table as ``view.seat`` sees it, labelled in ``lang``
        (:func:`naipes.machiavelli.pictures.zones`)."""
        from naipes.machiavelli.pictures import zones

        return zones(view, lang)

    def draw_table(self, view: View, width: float) -> str | None:
        """The table picture :func:`naipes.svg.render` draws (:func:`naipes.machiavelli.pictures.draw_table`)."""
        from naipes.machiavelli.pictures import draw_table

        return draw_table(view, width)
