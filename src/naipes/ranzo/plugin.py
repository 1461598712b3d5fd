"""Ranzo's :class:`~naipes.plugin.GamePlugin`: what the layers above the engine read.

>>> from naipes.plugin import plugin
>>> p = plugin("ranzo")
>>> type(p).__name__, dict(p.quick_rules), p.bots()["best"]
('Plugin', {'round': {'rounds': 1}}, 'naipes.ranzo.bots:RanzoBot')

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import Mapping

from naipes.plugin import GamePlugin
from naipes.ranzo.moves import Move
from naipes.ranzo.rules import Rules
from naipes.ranzo.view import View

__all__ = ["Plugin"]


class Plugin(GamePlugin[Rules, Move, View]):
    """Ranzo for every layer: a quick game of one round, its bot."""

    quick_rules: Mapping[str, Mapping[str, object]] = {"round": {"rounds": 1}}
    bot_specs: Mapping[str, str] = {"best": "naipes.ranzo.bots:RanzoBot"}
