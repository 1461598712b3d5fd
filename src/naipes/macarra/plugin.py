"""Macarra's :class:`~naipes.plugin.GamePlugin`: what the layers above the engine read.

>>> from naipes.plugin import plugin
>>> p = plugin("macarra")
>>> type(p).__name__, list(p.quick_rules), sorted(p.bots())
('Plugin', ['race'], ['best', 'careless', 'perfect'])

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import Mapping

from naipes.macarra.moves import Move
from naipes.macarra.rules import Rules
from naipes.macarra.view import View
from naipes.bots import Bot
from naipes.plugin import GamePlugin

__all__ = ["Plugin"]


class Plugin(GamePlugin[Rules, Move, View]):
    """Macarra for every layer: one race is already a short game; a perfect and a careless bot."""

    quick_rules: Mapping[str, Mapping[str, object]] = {"race": {}}
    bot_specs: Mapping[str, str] = {"best": "naipes.macarra.bots:PerfectBot",
                                    "perfect": "naipes.macarra.bots:PerfectBot",
                                    "careless": "naipes.macarra.bots:CarelessBot"}

    # -- search (SR) ---------------------------------------------------------------------------

    def rollout_policy(self, seed: int | None = None) -> Bot[View, Move] | None:
        """The PerfectBot: cheaper to roll out with than random play, whose slips make races long
        (measured, see :mod:`naipes.search.rollout`)."""
        from naipes.macarra.bots import PerfectBot

        return PerfectBot(seed)
