"""Adapters to machine-learning and game-theory frameworks (optional extras).

- :mod:`naipes.adapters.pettingzoo` (``pip install naipes-games[pettingzoo]``): AEC environments;
- :mod:`naipes.adapters.gymnasium` (``naipes-games[gymnasium]``): one seat against bots;
- :mod:`naipes.adapters.vector` (``naipes-games[gymnasium]``): N games as one Gymnasium vector env;
- :mod:`naipes.adapters.openspiel` (``naipes-games[openspiel]``): games registered with ``pyspiel``.

Each imports its framework only when imported itself, and builds on the game's
:class:`~naipes.actions.ActionSpace` (ids, masks, observation vectors) and its
``Result.returns`` (rewards, unchanged; ``GameInfo.returns_range``).

.. versionadded:: 1.0
"""

from __future__ import annotations

__all__: list[str] = []
