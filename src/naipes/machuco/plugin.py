"""Machuco's :class:`~naipes.plugin.GamePlugin`: what the layers above the engine read.

>>> from naipes.plugin import plugin
>>> p = plugin("machuco")
>>> type(p).__name__, dict(p.quick_rules), p.bots()["best"]
('Plugin', {'hand': {'scope': 'hand'}, 'chico': {'scope': 'chico'}}, 'naipes.machuco.bots:MachucoBot')

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import Mapping, Sequence

from naipes.machuco.moves import Move
from naipes.machuco.rules import Rules
from naipes.machuco.view import View
from naipes.plugin import GamePlugin, Zone

__all__ = ["Plugin"]


class Plugin(GamePlugin[Rules, Move, View]):
    """Machuco (La Ronda) for every layer: quick games of one hand or one chico, its bot."""

    quick_rules: Mapping[str, Mapping[str, object]] = {"hand": {"scope": "hand"}, "chico": {"scope": "chico"}}
    bot_specs: Mapping[str, str] = {"best": "naipes.machuco.bots:MachucoBot"}

    # -- search and machine interfaces (SR) ---------------------------------------------------

    def max_game_length(self, rules: Rules | None = None) -> int | None:
        """4,000 decisions: the game has no hard bound; OpenSpiel cuts it there."""
        return 4000

    # -- pictures (SV) -------------------------------------------------------------------------

    def zones(self, view: View) -> Sequence[Zone]:
        """Every zone of the table as ``view.seat`` sees it (:func:`naipes.machuco.pictures.zones`)."""
        from naipes.machuco.pictures import zones

        return zones(view)

    def draw_table(self, view: View, width: float) -> str | None:
        """The table picture :func:`naipes.svg.render` draws (:func:`naipes.machuco.pictures.draw_table`)."""
        from naipes.machuco.pictures import draw_table

        return draw_table(view, width)
