"""The macarra ledger (MK-09): card values of the punishment, net scores, the :class:`Result`.

>>> punishment_value(Card.parse("11b"), 40), punishment_value(Card.parse("11b"), 48)
(9, 10)
>>> net_scores(((0, 5, 0), (2, 0, 0), (0, 2, 0)))
(3, -5, 2)
>>> settle_bid(5, 3), settle_bid(10, 9), settle_bid(10, 10)
((5, 2), (10, 1), (10, 0))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

import attrs

from naipes.cards import Card
from naipes.game import Result as BaseResult

__all__ = ["Result", "net_scores", "punishment_value", "settle_bid", "value_distribution"]

_VALUE_40 = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 10: 8, 11: 9, 12: 10}
_VALUE_48 = {r: min(r, 10) for r in range(1, 13)}


def punishment_value(card: Card, deck: int) -> int:
    """The macarras a punishment card is worth (MK-09c).

    40 cards: 1–7 face value, sota 8, caballo 9, rey 10 (Escoba values);
    48 cards: 1–9 face value, 10, 11 and 12 count 10.

    .. versionadded:: 0.1
    """
    return (_VALUE_40 if deck == 40 else _VALUE_48)[card.rank]


def value_distribution(deck: int) -> dict[int, Fraction]:
    """The probability of each punishment value when the card is drawn from a full deck.

    >>> value_distribution(48)[10]
    Fraction(1, 4)

    .. versionadded:: 0.1
    """
    values = _VALUE_40 if deck == 40 else _VALUE_48
    dist: dict[int, Fraction] = {}
    for v in values.values():
        dist[v] = dist.get(v, Fraction(0)) + Fraction(1, len(values))
    return dist


def settle_bid(bid: int, value: int) -> tuple[int, int]:
    """``(given, returned)`` for one bid against a card worth ``value`` (MK-09c).

    .. versionadded:: 0.1
    """
    return bid, max(0, bid - value)


def net_scores(ledger: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Macarras each seat gave minus those it received.

    .. versionadded:: 0.1
    """
    return tuple(sum(row) - sum(col) for row, col in zip(ledger, zip(*ledger)))


@attrs.frozen(kw_only=True)
class Result(BaseResult):
    """How a Macarra game ended (``game.result`` and ``GameEnded.result``).

    ``winners`` are every seat but the loser; ``scores`` and ``returns`` are the
    macarras each seat gave minus those it received.

    Attributes:
        loser: the loser (MK-08, MK-11).
        capped: True when the turn cap decided the loser (MK-11).
        ledger: ``ledger[giver][receiver]`` in two-finger macarras (MK-09).
        punishment_card: the loser's card, or ``None`` without a final punishment.
        bids: each seat's bid (``None`` for the loser and without a punishment).
        turns: turns played.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Named ``Result`` (0.1: ``MacarraResult``).
    """

    loser: int
    capped: bool
    ledger: tuple[tuple[int, ...], ...]
    punishment_card: Card | None
    bids: tuple[int | None, ...]
    turns: int
