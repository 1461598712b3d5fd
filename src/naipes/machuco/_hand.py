"""Pure steps of a Machuco hand (internal): values in, values out, no game.

The game (:mod:`naipes.machuco.state`) runs the hand as a linear sequence of
its own steps and asks these functions what the dealer draw, the turn-up, the
deal and a pending cante come to. Nothing here imports the game.

.. versionadded:: 1.0
"""

from __future__ import annotations

import random
from typing import Sequence

from naipes.cards import Card
from naipes.machuco._tables import _INDEX, _PLAY, DECK40, _shuffle40
from naipes.machuco.moves import PlayCard
from naipes.machuco.scoring import _FIGURES, Figure, PendingCante, contest_winner

__all__ = ["draw_dealer", "pending_winner", "sides_from", "turn_up"]

DrawRounds = tuple[tuple[tuple[int, Card], ...], ...]
Replacement = tuple[int, Card, Card]


def draw_dealer(rng: random.Random, players: int) -> tuple[DrawRounds, int]:
    """High-card draw; only the seats tied for the highest card redraw (MC-03).

    Returns:
        Each round's ``(seat, card)`` pairs, and the seat that deals.
    """
    deck = list(DECK40)
    _shuffle40(rng, deck)
    contenders = list(range(players))
    rounds = []
    while True:
        if len(deck) < len(contenders):
            deck = list(DECK40)
            _shuffle40(rng, deck)
        drawn = tuple((s, deck.pop(0)) for s in contenders)
        rounds.append(drawn)
        best = max(_INDEX[c.rank] for _, c in drawn)
        contenders = [s for s, c in drawn if _INDEX[c.rank] == best]
        if len(contenders) == 1:
            return tuple(rounds), contenders[0]


def turn_up(deck: list[PlayCard]) -> tuple[tuple[Card, ...], list[Card], list[PlayCard], list[Replacement]]:
    """Turn up four cards; a repeated number goes to the bottom until a new one comes (MC-05 a, d).

    Returns:
        The four cards as turned, the table after replacements, the stock
        (top first), and each replacement as ``(position, removed, added)``.
    """
    turned = tuple(m.card for m in deck[:4])
    stock = deck[4:]
    table = list(turned)
    replaced: list[Replacement] = []
    for i in range(1, 4):
        while any(table[j].rank == table[i].rank for j in range(i)):
            stock.append(_PLAY[table[i]])
            replaced.append((i + 1, table[i], stock[0].card))
            table[i] = stock.pop(0).card
    return turned, table, stock, replaced


def sides_from(first: int, side_of: Sequence[int]) -> list[int]:
    """The sides in turn order from seat ``first`` (the card count's order, MC-20)."""
    n = len(side_of)
    order: list[int] = []
    for k in range(n):
        side = side_of[(first + k) % n]
        if side not in order:
            order.append(side)
    return order


def pending_winner(pending: PendingCante, dealt: Sequence[tuple[int, int, Sequence[Card]]]
                   ) -> tuple[int, tuple[tuple[int, int], ...]] | None:
    """Who wins a contested cante at its resolution point (MC-08, MC-11).

    Args:
        pending: the cante.
        dealt: ``(seat, side, cards dealt in the cante's deal)`` in turn order
            from the mano.

    Returns:
        The winning side and the ``(seat, key)`` of the contenders' figures,
        or ``None`` when no contender holds the category any more.
    """
    holders: list[tuple[int, Figure]] = []
    keys = []
    for seat, side, cards in dealt:
        if side in pending.contenders and len(cards) == 3:
            fig = _FIGURES[(cards[0].rank, cards[1].rank, cards[2].rank)]
            if fig is not None and fig.category == pending.category:
                holders.append((side, fig))
                keys.append((seat, fig.key))
    winner = contest_winner(holders, pending.category)
    return None if winner is None else (winner, tuple(keys))
