"""The phases of a Ranzo game: :class:`Phase` (also :class:`naipes.ranzo.Phase`).

>>> Phase.PLAY == "play", Phase("window") is Phase.WINDOW
(True, True)

.. versionadded:: 1.2
   The one home of ``Phase`` (1.0 and 1.1: the private ``naipes.ranzo._phase``).
"""

from __future__ import annotations

import enum

__all__ = ["Phase"]


class Phase(str, enum.Enum):
    """What the game waits for: :attr:`Game.phase` and :attr:`View.phase`.

    A ``str`` enum: a phase equals its value (``Phase.PLAY == "play"``), the
    string that state dicts and views store.

    - ``PLAY``: the seat whose turn it is (it has drawn) calls ``ranzo`` or discards;
    - ``WINDOW``: the other seats answer the claim window on that discard (at once);
    - ``STEAL``: the claim's winner calls ``ranzo`` or discards;
    - ``OVER``: the game is over.

    ``PLAY`` and ``WINDOW`` are the names every game uses for the same roles
    (the seat on turn acts; several seats answer at once).

    .. versionadded:: 1.0
    .. versionchanged:: 1.2
       A ``str`` enum; ``PLAY`` (value ``"play"``) replaces ``TURN`` (``"turn"``).

    .. deprecated:: 1.2
       ``Phase.TURN`` is an alias of ``Phase.PLAY`` (enum aliases cannot warn),
       and ``Phase("turn")`` (a state dict written before 1.2) reads as ``PLAY``.
    """

    PLAY = "play"
    WINDOW = "window"
    STEAL = "steal"
    OVER = "over"
    #: Deprecated alias of :attr:`PLAY` (1.0 and 1.1).
    TURN = "play"

    @classmethod
    def _missing_(cls, value: object) -> Phase | None:
        """Read the value of 1.0 and 1.1, ``"turn"``, as :attr:`PLAY`."""
        return cls.PLAY if value == "turn" else None
