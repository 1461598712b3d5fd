"""The phases of a Machuco game: :class:`Phase` (also :class:`naipes.machuco.Phase`).

>>> Phase.PLAY == "play", Phase("decide") is Phase.DECIDE
(True, True)

.. versionadded:: 1.2
   The one home of ``Phase`` (1.0 and 1.1: the private ``naipes.machuco._tables``).
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(str, enum.Enum):
    """The phase of a game (``Game.phase``, ``View.phase``).

    A ``str`` enum: a phase equals its value (``Phase.PLAY == "play"``), the
    string that state dicts and views store.

    ``PLAY``: a seat plays a card; ``DECIDE``: the decider of a contested
    cante says ``mayor`` or ``envio N``; ``RESPOND``: the responder says
    ``quiero`` or ``no quiero``; ``OVER``: the game is over. Machuco has no
    simultaneous ``WINDOW``.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       An enum (0.1 had small ints here and strings on ``Game.phase``).
    .. versionchanged:: 1.2
       A ``str`` enum (``game.phase == "play"`` is true again).
    """

    PLAY = "play"
    DECIDE = "decide"
    RESPOND = "respond"
    OVER = "over"
