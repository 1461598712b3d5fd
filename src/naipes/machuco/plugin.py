"""Machuco's :class:`~naipes.plugin.GamePlugin`: what the layers above the engine read.

>>> from naipes.plugin import plugin
>>> p = plugin("machuco")
>>> type(p).__name__, dict(p.quick_rules), p.bots()["best"]
('Plugin', {'hand': {'scope': 'hand'}, 'chico': {'scope': 'chico'}}, 'naipes.machuco.bots:MachucoBot')

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from naipes.machuco.moves import Move
from naipes.machuco.rules import Rules
from naipes.machuco.view import View
from naipes.plugin import GamePlugin, Zone

__all__ = ["Plugin"]


class Plugin(GamePlugin[Rules, Move, View]):
    """Machuco (La Ronda) for every layer: quick games of one hand or one chico, its bot."""

    quick_rules: Mapping[str, Mapping[str, object]] = {"hand": {"scope": "hand"}, "chico": {"scope": "chico"}}
    bot_specs: Mapping[str, str] = {"best": "naipes.machuco.bots:MachucoBot",
                                    "strong": "naipes.machuco.search:StrongBot"}

    # -- search and machine interfaces (SR) ---------------------------------------------------

    def max_game_length(self, rules: Rules | None = None) -> int | None:
        """4,000 decisions: the game has no hard bound; OpenSpiel cuts it there."""
        return 4000

    # -- search knowledge (naipes.machuco._knowledge) ------------------------------------------

    def rollout_policy(self, seed: int | None = None) -> Any | None:
        """An epsilon-greedy cut-down of MachucoBot (:class:`naipes.machuco._knowledge.FastPolicy`)."""
        from naipes.machuco._knowledge import FastPolicy

        return FastPolicy(seed)

    def evaluate(self, view: View) -> Sequence[float] | None:
        """Each seat's chance of winning the hand, from points, won cards and leftovers."""
        from naipes.machuco._knowledge import evaluate

        return evaluate(view)

    def prior(self, view: View) -> Move | None:
        """MachucoBot's move."""
        from naipes.machuco._knowledge import prior

        return prior(view)

    def search_horizon(self, view: View) -> int | None:
        """The plays left in the current deal."""
        from naipes.machuco._knowledge import horizon

        return horizon(view)

    def observed_moves(self, before: View, after: View) -> Sequence[tuple[int, Move]] | None:
        """The plays between two views of a deal (:func:`naipes.machuco._knowledge.observed_moves`)."""
        from naipes.machuco._knowledge import observed_moves

        return observed_moves(before, after)

    # -- pictures (SV) -------------------------------------------------------------------------

    def zones(self, view: View, lang: str = "en") -> Sequence[Zone]:
        """Every zone of the table as ``view.seat`` sees it, labelled in ``lang``
        (:func:`naipes.machuco.pictures.zones`)."""
        from naipes.machuco.pictures import zones

        return zones(view, lang)

    def draw_table(self, view: View, width: float) -> str | None:
        """The table picture :func:`naipes.svg.render` draws (:func:`naipes.machuco.pictures.draw_table`)."""
        from naipes.machuco.pictures import draw_table

        return draw_table(view, width)
