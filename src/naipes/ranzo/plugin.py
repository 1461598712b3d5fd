"""Ranzo's :class:`~naipes.plugin.GamePlugin`: what the layers above the engine read.

>>> from naipes.plugin import plugin
>>> p = plugin("ranzo")
>>> type(p).__name__, dict(p.quick_rules), p.bots()["best"]
('Plugin', {'round': {'rounds': 1}}, 'naipes.ranzo.bots:RanzoBot')

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from naipes.plugin import GamePlugin, Zone
from naipes.ranzo.moves import Move
from naipes.ranzo.rules import Rules
from naipes.ranzo.view import View

__all__ = ["Plugin"]


class Plugin(GamePlugin[Rules, Move, View]):
    """Ranzo for every layer: a quick game of one round, its bot."""

    quick_rules: Mapping[str, Mapping[str, object]] = {"round": {"rounds": 1}}
    bot_specs: Mapping[str, str] = {"best": "naipes.ranzo.bots:RanzoBot",
                                    "strong": "naipes.ranzo.search:StrongBot"}

    # -- machine interfaces (SR) --------------------------------------------------------------

    def max_game_length(self, rules: Rules | None = None) -> int | None:
        """The hard bound on the decisions of a game with ``rules`` (:attr:`Rules.max_decisions
        <naipes.ranzo.Rules.max_decisions>`; default rules when ``None``): one round is shorter than eight, and more rounds are longer."""
        return (rules if rules is not None else Rules()).max_decisions

    # -- search knowledge (naipes.ranzo._knowledge) --------------------------------------------

    def rollout_policy(self, seed: int | None = None) -> Any | None:
        """An epsilon-greedy cut-down of RanzoBot (:class:`naipes.ranzo._knowledge.FastPolicy`)."""
        from naipes.ranzo._knowledge import FastPolicy

        return FastPolicy(seed)

    def evaluate(self, view: View) -> Sequence[float] | None:
        """Points won so far in the round, and the promise of the seat's own hand."""
        from naipes.ranzo._knowledge import evaluate

        return evaluate(view)

    def evaluate_game(self, game: Any, seat: int) -> Sequence[float] | None:
        """:meth:`evaluate` of ``game.view(seat)``, read from the engine (no view built)."""
        from naipes.ranzo._glance import glance
        from naipes.ranzo._knowledge import evaluate

        return evaluate(glance(game, seat))

    def prior(self, view: View) -> Move | None:
        """RanzoBot's move."""
        from naipes.ranzo._knowledge import prior

        return prior(view)

    # -- pictures (SV) -------------------------------------------------------------------------

    def zones(self, view: View, lang: str = "en") -> Sequence[Zone]:
        """Every zone of the table as ``view.seat`` sees it, labelled in ``lang``
        (:func:`naipes.ranzo.pictures.zones`)."""
        from naipes.ranzo.pictures import zones

        return zones(view, lang)

    def draw_table(self, view: View, width: float) -> str | None:
        """The table picture :func:`naipes.svg.render` draws (:func:`naipes.ranzo.pictures.draw_table`)."""
        from naipes.ranzo.pictures import draw_table

        return draw_table(view, width)
