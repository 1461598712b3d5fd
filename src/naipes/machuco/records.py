"""Public records of Machuco's cantes, shared by the game, its views and its bots.

.. versionadded:: 0.1
"""

from __future__ import annotations

import attrs

from naipes.machuco.scoring import Category

__all__ = ["Cante", "Contest", "PendingCante"]


@attrs.frozen(kw_only=True)
class Cante:
    """A figure sung after a deal: the holder, its category and its value (MC-06).

    The key of an ordinary figure stays hidden; the value shows a real one.

    .. versionadded:: 0.1
    """

    seat: int
    category: Category
    value: int


@attrs.frozen(kw_only=True)
class Contest:
    """A contested cante waiting for the decider (or the responder) (MC-08, MC-09).

    Attributes:
        deal: the deal (1-based) it was sung in.
        category: the contested category.
        contenders: the sides tied at it.
        totals: per side, the sum of its figures' values.
        decider: the seat choosing ``mayor`` or ``envio N``.
        responder: the seat answering an envío.
        amount: the envío sent (0 until the decider sends one).

    .. versionadded:: 0.1
    """

    deal: int
    category: Category
    contenders: tuple[int, ...]
    totals: tuple[int, ...]
    decider: int
    responder: int
    amount: int = 0


@attrs.frozen(kw_only=True)
class PendingCante:
    """A contested cante to be paid at its resolution point (MC-11).

    Attributes:
        deal: the deal (1-based) it was sung in.
        category: the contested category.
        stake: the accepted envío, or 0 for ``mayor`` (the winner scores its total).
        contenders: the sides tied at the category.
        totals: per side, the sum of its figures' values.

    .. versionadded:: 0.1
    """

    deal: int
    category: Category
    stake: int
    contenders: tuple[int, ...]
    totals: tuple[int, ...]
