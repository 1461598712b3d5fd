"""Macarra's :class:`~naipes.plugin.GamePlugin`: what the layers above the engine read.

>>> from naipes.plugin import plugin
>>> p = plugin("macarra")
>>> type(p).__name__, list(p.quick_rules), sorted(p.bots())
('Plugin', ['race'], ['best', 'careless', 'perfect', 'strong'])

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import Mapping, Sequence

from naipes.bots import Bot
from naipes.macarra.moves import Move
from naipes.macarra.rules import Rules
from naipes.macarra.view import View
from naipes.plugin import GamePlugin, Zone

__all__ = ["Plugin"]


class Plugin(GamePlugin[Rules, Move, View]):
    """Macarra for every layer: one race is already a short game; a perfect and a careless bot."""

    quick_rules: Mapping[str, Mapping[str, object]] = {"race": {}}
    bot_specs: Mapping[str, str] = {"best": "naipes.macarra.bots:PerfectBot",
                                    "perfect": "naipes.macarra.bots:PerfectBot",
                                    "careless": "naipes.macarra.bots:CarelessBot",
                                    "strong": "naipes.macarra.bots:PerfectBot"}

    # -- machine interfaces (SR) --------------------------------------------------------------

    def max_game_length(self, rules: Rules | None = None) -> int | None:
        """The hard bound on the decisions of a game with ``rules`` (:attr:`Rules.max_decisions
        <naipes.macarra.Rules.max_decisions>`; default rules when ``None``): fewer turns, decks or players make a shorter game."""
        return (rules if rules is not None else Rules()).max_decisions

    # -- search (SR) ---------------------------------------------------------------------------

    def rollout_policy(self, seed: int | None = None) -> Bot[View, Move] | None:
        """The PerfectBot: cheaper to roll out with than random play, whose slips make races long
        (measured, see :mod:`naipes.search.rollout`)."""
        from naipes.macarra.bots import PerfectBot

        return PerfectBot(seed)

    # -- pictures (SV) -------------------------------------------------------------------------

    def zones(self, view: View, lang: str = "en") -> Sequence[Zone]:
        """Every zone of the table as ``view.seat`` sees it, labelled in ``lang``
        (:func:`naipes.macarra.pictures.zones`)."""
        from naipes.macarra.pictures import zones

        return zones(view, lang)

    def draw_table(self, view: View, width: float) -> str | None:
        """The table picture :func:`naipes.svg.render` draws (:func:`naipes.macarra.pictures.draw_table`)."""
        from naipes.macarra.pictures import draw_table

        return draw_table(view, width)
