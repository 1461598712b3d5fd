"""Ranzo's extra features and progress for :mod:`naipes.adapters.training`.

With D cards in the deck (R = D / 4 ranks, every feature in [0, 1]):

=================  ==========================================================
feature            value
=================  ==========================================================
``unseen_R``       per rank, the cards the seat has not seen (not in its hand,
                   the open juegos, the discards, the known cards or under
                   claim), over 4
``hand_R``         per rank, the seat's concealed cards of that rank, over 4
``suit_S``         per suit, the seat's concealed cards of that suit, over
                   the hand size + 1
``partners_C``     per card C in deck order, the seat's concealed cards
                   (other than C) that make two thirds of a juego with C:
                   same rank, or same suit at most two ranks away; over 4
=================  ==========================================================

Per action id (``action_features`` = 2), for ``discard C`` of every concealed
card C (the other ids get zeros): its ``partners_C`` and the unseen cards of its
rank over 4.

The progress is the seat's balance less the starting points: exactly the
return, so with :class:`~naipes.adapters.training.TrainingEnv` every hand pays
its points when it ends. Rewards are divided by the value of a regular hand.

>>> from naipes import ranzo
>>> f = features(ranzo.Rules())
>>> len(f.names), f.return_scale
(76, 3.0)

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import Any

from naipes.ranzo._tables import tables
from naipes.ranzo.rules import Rules
from naipes.ranzo.view import View

__all__ = ["Features", "features"]


class Features:
    """Ranzo's features under ``rules`` (see the module docstring)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        deck = tables(rules.deck).deck
        self._deck = deck
        self._ranks = len(deck) // 4
        self._index = {id(c): i for i, c in enumerate(deck)}
        ranks = sorted({c.rank for c in deck})
        self._rank = {r: i for i, r in enumerate(ranks)}
        suits = sorted({c.suit for c in deck}, key=lambda s: [c.suit for c in deck].index(s))
        self._suit = {s: i for i, s in enumerate(suits)}
        self.names = tuple(f"unseen_{r}" for r in ranks) + tuple(f"hand_{r}" for r in ranks)
        self.names += tuple(f"suit_{getattr(s, 'value', s)}" for s in suits) + tuple(f"partners_{c}" for c in deck)
        self.return_scale = float(rules.regular)
        self.action_features = 2
        self._partners = 2 * self._ranks + 4
        self._start = rules.starting_points
        self._held = rules.hand_size + 1.0
        self._last: tuple[View, Any] | None = None
        n = len(deck)
        #: per card index j, the indices i != j that make two thirds of a juego with it (the
        #: ``partners`` relation, written out once)
        self._pairs = tuple(tuple(i for i in range(n) if i != j and (
            j % self._ranks == i % self._ranks or (j // self._ranks == i // self._ranks and abs(j - i) <= 2)))
            for j in range(n))

    def fill(self, view: View, out: Any) -> None:
        """Write the features of ``view`` into ``out`` (zeroed, ``len(names)`` places)."""
        r, idx, rank, suit = self._ranks, self._index, self._rank, self._suit
        seen = set(map(id, view.hand)) | set(map(id, view.discards))
        for juegos in view.open_juegos:
            for juego in juegos:
                seen.update(map(id, juego))
        for cards in view.known_by_seat:
            seen.update(map(id, cards))
        if view.claim_card is not None:
            seen.add(id(view.claim_card))
        for c in self._deck:
            if id(c) not in seen:
                out[rank[c.rank]] += 0.25
        pos = []
        for c in view.hand:
            out[r + rank[c.rank]] += 0.25
            out[2 * r + suit[c.suit]] += 1.0 / self._held
            pos.append(idx[id(c)])
        base, pairs = 2 * r + 4, self._pairs
        counts = [0] * len(self._deck)
        for j in pos:
            for i in pairs[j]:
                counts[i] += 1
        for i, n in enumerate(counts):
            out[base + i] = n / 4.0
        self._last = (view, out)

    def fill_actions(self, view: View, out: Any) -> None:
        """Write the features of the seat's discards into ``out`` (``(ids, 2)``, zeroed).

        Reads what :meth:`fill` wrote for the same view, else computes it."""
        own = self._last[1] if self._last is not None and self._last[0] is view else None
        if own is None:
            own = [0.0] * len(self.names)
            self.fill(view, own)
        idx, rank, base = self._index, self._rank, self._partners
        for c in view.hand:
            i = idx[id(c)]
            row = out[2 + i]
            row[0] = own[base + i]
            row[1] = own[rank[c.rank]]

    def progress(self, view: View) -> float:
        """The seat's balance less the starting points."""
        return float(view.scores[view.seat] - self._start)


def features(rules: Rules) -> Features:
    """Ranzo's features under ``rules``."""
    return Features(rules)
