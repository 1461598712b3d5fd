"""The phases of a Machiavelli game: :class:`Phase` (also :class:`naipes.machiavelli.Phase`).

>>> from naipes.machiavelli import Game
>>> Phase.of(Game(seed=1)) == "play"
True

.. versionadded:: 1.2
"""

from __future__ import annotations

import enum
from typing import Protocol

__all__ = ["Phase"]


class _Over(Protocol):
    @property
    def is_over(self) -> bool: ...


class Phase(str, enum.Enum):
    """What a Machiavelli game waits for (:meth:`of`).

    A ``str`` enum: ``Phase.PLAY == "play"``. Machiavelli has one seat on turn
    at a time (it plays, draws or forfeits), so it has only the two phases
    every game shares: ``PLAY`` and ``OVER``.

    .. versionadded:: 1.2
    """

    PLAY = "play"
    OVER = "over"

    @classmethod
    def of(cls, game: _Over) -> Phase:
        """The phase of ``game`` (a game or a view with ``is_over``)."""
        return cls.OVER if game.is_over else cls.PLAY
