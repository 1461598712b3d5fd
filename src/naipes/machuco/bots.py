"""Machuco bots: :class:`MachucoBot`, a heuristic player that beats random play.

The bot sees only its view. It remembers every card shown (table, piles, the
plays of the hand), so it knows how many cards of each number are still
unseen, and plays for majos, contramajos, limpias and the last capture while
keeping the next player's best reply small.

>>> from naipes import RandomBot, play_game
>>> from naipes.machuco import Game, Rules
>>> result = play_game(Game(Rules(players=2, scope="chico"), seed=4), [MachucoBot(seed=0), RandomBot(1)])
>>> result.winners
(0,)

.. versionadded:: 0.1
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence

from naipes.cards import SPANISH_40, Card
from naipes.machuco._tables import Phase
from naipes.machuco.moves import MAYOR, NO_QUIERO, QUIERO, Envio, Move, PlayCard
from naipes.machuco.scoring import _FIGURES, capture_ranks
from naipes.machuco.view import View

__all__ = ["MachucoBot"]

_INDEX = {r: i for i, r in enumerate(SPANISH_40.ranks)}
#: What one won card is worth, in points, on average (the card count pays cards beyond 20).
CARD_VALUE = 0.55


def _p_holds(copies: int, unseen: int, hand: int) -> float:
    """Chance that a hand of ``hand`` unseen cards holds at least one of ``copies``."""
    if copies <= 0 or hand <= 0 or unseen <= 0:
        return 0.0
    miss = 1.0
    for i in range(hand):
        miss *= max(0, unseen - copies - i) / (unseen - i)
    return 1.0 - miss


class MachucoBot:
    """A fast heuristic Machuco player (one-ply, with the next player's threat).

    Args:
        seed: seed for breaking ties at random.
        card_value: points one won card is worth to it.

    .. versionadded:: 0.1
    """

    __slots__ = ("rng", "card_value")

    def __init__(self, seed: int | None = None, *, card_value: float = CARD_VALUE) -> None:
        self.rng = random.Random(seed)
        self.card_value = card_value

    def __repr__(self) -> str:
        return "MachucoBot()"

    def choose(self, view: View) -> Move:
        """The move it judges best among ``view.legal_moves``."""
        moves = view.legal_moves
        if len(moves) == 1:
            return moves[0]
        if view.phase is Phase.DECIDE:
            return self._decide(view, moves)
        if view.phase is Phase.RESPOND:
            return QUIERO if self._strength(view) >= 0.55 else NO_QUIERO
        unseen = Counter(c.rank for c in view.unseen())
        total = sum(unseen.values())
        best: list[Move] = []
        best_value = -1e9
        for move in moves:
            assert isinstance(move, PlayCard)
            value = self._value(view, move.card, unseen, total)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return best[self.rng.randrange(len(best))]

    # -- cantes ------------------------------------------------------------------------
    def _strength(self, view: View) -> float:
        """How likely its own figure wins the contested category (0–1, rough)."""
        cards = view.deal_plays(view.seat) + view.hand
        if len(cards) != 3 or view.contest is None:
            return 0.0
        fig = _FIGURES[(cards[0].rank, cards[1].rank, cards[2].rank)]
        if fig is None or fig.category != view.contest.category:
            return 0.0
        return _INDEX[fig.key] / 9

    def _decide(self, view: View, moves: Sequence[Move]) -> Move:
        strength = self._strength(view)
        envios = [m for m in moves if isinstance(m, Envio)]
        if envios and view.contest is not None and strength >= 0.7:
            return max(envios, key=lambda m: m.amount) if strength >= 0.85 else envios[0]
        return MAYOR

    # -- plays -------------------------------------------------------------------------
    def _value(self, view: View, card: Card, unseen: Counter[int], total: int) -> float:
        rank = card.rank
        table = view.table
        n = len(view.hand_sizes)
        nxt = (view.seat + 1) % n
        next_hand = view.hand_sizes[nxt]
        last_play = view.stock_size == 0 and sum(view.hand_sizes) == 1
        cv = self.card_value
        chain = view.chain
        if chain is not None and chain[0] == rank:
            level = chain[1] + 1
            gain = level + cv * (chain[3] + 1)
            if level == 2:
                gain -= _p_holds(unseen[rank], total, next_hand) * (3 + cv * (chain[3] + 2) * 2)
            return gain + 10
        ranks = {c.rank for c in table}
        taken = capture_ranks(rank, ranks)
        if taken:
            after = tuple(c for c in table if c.rank not in taken)
            gain = cv * (len(taken) + 1)
            majo = view.last_throw == rank
            if majo:
                gain += 1
                gain -= _p_holds(unseen[rank], total, next_hand) * (2 + 2 * cv * (len(taken) + 2))
            if not after and (not last_play or view.rules.limpia_on_last_play):
                gain += 1
            if view.stock_size == 0:
                gain += 0.5 * cv * len(after)
            return gain - self._threat(view, after, 0, unseen, total, next_hand)
        after = table + (card,)
        cost = self._threat(view, after, rank, unseen, total, next_hand)
        keep = 0.15 if rank == 1 else 0.0
        return -cost - keep - 0.01 * len(after)

    def _threat(self, view: View, table: tuple[Card, ...], thrown: int, unseen: Counter[int], total: int,
                hand: int) -> float:
        """The next player's expected best reply against this table."""
        if hand == 0 or not table:
            return 0.0
        ranks = {c.rank for c in table}
        cv = self.card_value
        values = []
        for q in ranks:
            p = _p_holds(unseen[q], total, hand)
            if p == 0.0:
                continue
            taken = capture_ranks(q, ranks)
            gain = cv * (len(taken) + 1) + (1 if len(taken) == len(ranks) else 0) + (1 if q == thrown else 0)
            values.append(p * gain)
        if not values:
            return 0.0
        top = max(values)
        return top + 0.3 * (sum(values) - top)


