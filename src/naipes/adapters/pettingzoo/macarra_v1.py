"""Macarra as a PettingZoo AEC environment, in PettingZoo's style (``from pettingzoo.classic import chess_v6``).

``import naipes.adapters.pettingzoo.macarra_v1``; :func:`env` is wrapped as PettingZoo's classic
games are, :func:`raw_env` is the bare :class:`~naipes.adapters.pettingzoo.NaipesAEC`. Both take
the environment's arguments but the game (``render_mode``, ``normalize_returns``, ``rules``
or rule fields).

.. versionadded:: 1.2
"""

from __future__ import annotations

from naipes.adapters.pettingzoo import _game_functions

__all__ = ["env", "raw_env"]

env, raw_env = _game_functions("macarra", __name__)
