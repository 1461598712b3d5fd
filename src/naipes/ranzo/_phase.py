"""The phases of a Ranzo game (internal; exported as :class:`naipes.ranzo.Phase`)."""

from __future__ import annotations

import enum

__all__ = ["OVER", "Phase", "STEAL", "TURN", "WINDOW"]


class Phase(enum.Enum):
    """What the game waits for: :attr:`Game.phase` and :attr:`View.phase`.

    - ``TURN``: the seat whose turn it is (it has drawn) calls ``ranzo`` or discards;
    - ``WINDOW``: the other seats answer the claim window on that discard;
    - ``STEAL``: the claim's winner calls ``ranzo`` or discards;
    - ``OVER``: the game is over.

    The values are the 0.1 phase strings (``"turn"``...), as state dicts store them.

    .. versionadded:: 1.0
       Replaces 0.1's phase strings and ``PHASES``.
    """

    TURN = "turn"
    WINDOW = "window"
    STEAL = "steal"
    OVER = "over"


TURN, WINDOW, STEAL, OVER = Phase.TURN, Phase.WINDOW, Phase.STEAL, Phase.OVER
