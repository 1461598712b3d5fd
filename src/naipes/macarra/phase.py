"""The phases of a Macarra game: :class:`Phase` (also :class:`naipes.macarra.Phase`).

>>> Phase.PLAY == "play", Phase.WINDOW == "punishment", Phase.PUNISHMENT is Phase.WINDOW
(True, True, True)

.. versionadded:: 1.2
   The one home of ``Phase`` (1.0 and 1.1: the private ``naipes.macarra._tables``).
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(str, enum.Enum):
    """The phases of a game of Macarra (``Game.phase``, ``View.phase``).

    A ``str`` enum: a phase equals its value (``Phase.PLAY == "play"``), the
    string that state dicts and views store. The engine compares phases by
    identity (``is``).

    ``PLAY`` and ``WINDOW`` are the names every game uses for the same roles
    (the seat on turn acts; several seats answer at once). ``WINDOW`` keeps the
    value ``"punishment"`` that state dicts, views and the browser client store.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       An :class:`enum.Enum` (0.1: a class of ints, and strings in views and state dicts).
    .. versionchanged:: 1.2
       A ``str`` enum; ``WINDOW`` names the final punishment.

    .. deprecated:: 1.2
       ``Phase.PUNISHMENT`` is an alias of ``Phase.WINDOW`` (enum aliases cannot warn).
    """

    #: the race: the player to act places cards, draws or passes
    PLAY = "play"
    #: the final punishment: every seat but the loser bids at once (MK-09c)
    WINDOW = "punishment"
    #: the game is over
    OVER = "over"
    #: Deprecated alias of :attr:`WINDOW` (1.0 and 1.1).
    PUNISHMENT = "punishment"
