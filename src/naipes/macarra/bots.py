"""Macarra bots: :class:`PerfectBot`, :class:`CarelessBot` and the :class:`BiddingStrategy`
of the final punishment.

The play of Macarra is prescribed (MK-03), so a perfect player simply plays
the forced move; a person slips now and then. The only free choice is the bid
of the final punishment (MK-09c): a bid ``n`` against a card worth ``v`` gives
``n`` macarras and gets ``max(0, n - v)`` back, so the macarras that stand are
``min(n, v)``. Their expectation rises with ``n`` as long as a card may be
worth ``n`` or more, and a rey is worth 10: the bid that maximizes "given
minus returned" is always 10 (the seed's advice: "no dar fuerte para esperar
clemencia después es de nenazas"). :class:`BiddingStrategy` computes the
optimum exactly, also for players who weigh a returned macarra more.

>>> BiddingStrategy().best_bid(40), BiddingStrategy(returned_weight=2).best_bid(40)
(10, 5)
>>> float(BiddingStrategy().expected(10, 40)), float(BiddingStrategy().expected(3, 40))
(5.5, 2.7)

.. versionadded:: 0.1
"""

from __future__ import annotations

import random
from fractions import Fraction

from naipes.errors import IllegalMoveError
from naipes.macarra._tables import Phase
from naipes.macarra.moves import BIDS, MAX_BID, Bid, Move
from naipes.macarra.scoring import value_distribution
from naipes.macarra.view import View

__all__ = ["BiddingStrategy", "CarelessBot", "PerfectBot"]


class BiddingStrategy:
    """Bids to maximize the expected macarras given minus ``returned_weight`` times
    those returned, under the distribution of the hidden card (a full deck).

    Args:
        returned_weight: how much a returned macarra hurts, against one given
            (1: the game's own count, MK-09c).

    .. versionadded:: 0.1
    """

    __slots__ = ("returned_weight", "_best")

    def __init__(self, returned_weight: float = 1.0) -> None:
        if returned_weight < 0:
            raise ValueError(f"returned_weight must be >= 0, not {returned_weight!r}")
        self.returned_weight = Fraction(returned_weight)
        self._best: dict[int, int] = {}

    def expected(self, bid: int, deck: int) -> Fraction:
        """E[bid - returned_weight * max(0, bid - value)] for a card from a full ``deck``-card deck."""
        w = self.returned_weight
        return sum((p * (bid - w * max(0, bid - v)) for v, p in value_distribution(deck).items()),
                   Fraction(0))

    def best_bid(self, deck: int) -> int:
        """The bid (0–10) of highest expectation; the lowest of equals."""
        best = self._best.get(deck)
        if best is None:
            best = max(range(MAX_BID + 1), key=lambda n: (self.expected(n, deck), -n))
            self._best[deck] = best
        return best

    def bid(self, view: View) -> Bid:
        """The bid for a view of the open punishment."""
        return BIDS[self.best_bid(view.rules.deck)]

    def __repr__(self) -> str:
        return f"BiddingStrategy(returned_weight={float(self.returned_weight)})"


def _forced(view: View) -> Move:
    if view.forced_move is not None:
        return view.forced_move
    if not view.legal_moves:
        raise IllegalMoveError("the view has no legal move to choose from", seat=view.seat,
                               code="no_legal_move")
    return view.legal_moves[0]


class PerfectBot:
    """Always plays the forced move (MK-03) and bids with a :class:`BiddingStrategy`.

    Args:
        seed: accepted for :func:`naipes.bots.load_bot`; the bot is deterministic.
        bidding: the bidding strategy (default: maximize given minus returned).

    .. versionadded:: 0.1
    """

    __slots__ = ("bidding",)

    def __init__(self, seed: int | None = None, *, bidding: BiddingStrategy | None = None) -> None:
        self.bidding = bidding if bidding is not None else BiddingStrategy()

    def choose(self, view: View) -> Move:
        """The forced move, or the strategy's bid in the final punishment."""
        if view.phase is Phase.PUNISHMENT:
            return self.bidding.bid(view)
        return _forced(view)

    def __repr__(self) -> str:
        return "PerfectBot()"


class CarelessBot:
    """A person who sometimes slips: with probability ``error_rate`` a move that fits
    but is not the forced one (an infraction, MK-10), otherwise the forced move.

    Under ``infractions="forbid"`` there is nothing to slip into. Bids with a
    :class:`BiddingStrategy`.

    Args:
        error_rate: chance of a slip at each decision that offers one (0–1).
        seed: seed of the bot's own generator.
        bidding: the bidding strategy (default: maximize given minus returned).

    .. versionadded:: 0.1
    """

    __slots__ = ("error_rate", "rng", "bidding")

    def __init__(self, error_rate: float = 0.1, seed: int | None = None, *,
                 bidding: BiddingStrategy | None = None) -> None:
        if not 0.0 <= error_rate <= 1.0:
            raise ValueError(f"error_rate must be between 0 and 1, not {error_rate!r}")
        self.error_rate = error_rate
        self.rng = random.Random(seed)
        self.bidding = bidding if bidding is not None else BiddingStrategy()

    def choose(self, view: View) -> Move:
        """The forced move, or now and then another move that fits."""
        if view.phase is Phase.PUNISHMENT:
            return self.bidding.bid(view)
        forced = _forced(view)
        if len(view.legal_moves) > 1 and self.rng.random() < self.error_rate:
            slips = [m for m in view.legal_moves if m != forced]
            return slips[self.rng.randrange(len(slips))]
        return forced

    def __repr__(self) -> str:
        return f"CarelessBot(error_rate={self.error_rate})"
