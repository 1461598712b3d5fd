"""Machuco's extra features and progress for :mod:`naipes.adapters.training`.

Ten ranks in deck order (1–7, 10–12), four values each, all in [0, 1]:

================  ============================================================
feature           value per rank
================  ============================================================
``unseen_R``      the cards of rank R the seat has not seen (other hands, the
                  stock), over 4 (:meth:`~naipes.machuco.View.unseen`)
``hand_R``        the seat's cards of rank R, over 3
``table_R``       1 when a card of rank R lies on the table
``capture_R``     1 when the seat holds a card of rank R and the table one (a capture)
================  ============================================================

then ``lead``: the seat's side's points less the best other side's, over the
target, clipped to [-1, 1].

Per action id (``action_features`` = 4), for the id of every card in the seat's
hand (the other ids get zeros): the cards it would capture (its pair and the
run up, MC-12) over 10; 1 when it would clear the table (a limpia); 1 when it
matches the card just thrown (a majo); the unseen cards of its rank over 4 (the
chance the next player takes it back).

The progress is ``0.5 + 0.05 × lead in points`` clipped to [0, 1]: a hand
won on points returns 1, so every point taken is a small reward on the way
(:class:`~naipes.adapters.training.TrainingEnv` makes the rewards add up to the
return all the same).

>>> from naipes import machuco
>>> f = features(machuco.Rules(players=2, scope="hand"))
>>> len(f.names), f.names[-1], f.return_scale
(41, 'lead', 1.0)

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import Any

from naipes.machuco.actions import _BY_HASH
from naipes.machuco.rules import Rules
from naipes.machuco.scoring import capture_ranks
from naipes.machuco.view import View

__all__ = ["Features", "features"]

_RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
_INDEX = {r: i for i, r in enumerate(_RANKS)}
#: What one point of lead is worth in progress (a hand's return is 0 or 1).
POINT = 0.05


class Features:
    """Machuco's features under ``rules`` (see the module docstring)."""

    return_scale = 1.0
    action_features = 4

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.names = tuple(f"{kind}_{r}" for kind in ("unseen", "hand", "table", "capture") for r in _RANKS)
        self.names += ("lead",)
        self._target = float(rules.target)
        #: the last view read and its unseen cards per rank (``fill`` and ``fill_actions`` of one
        #: position read them once)
        self._last: tuple[View | None, list[int]] = (None, [])

    def _unseen(self, view: View) -> list[int]:
        """The unseen cards of ``view`` per rank (index: the rank), computed once per view."""
        last = self._last
        if last[0] is view:
            return last[1]
        unseen = [0] * 13
        for c in view.unseen():
            unseen[c.rank] += 1
        self._last = (view, unseen)
        return unseen

    def fill(self, view: View, out: Any) -> None:
        """Write the features of ``view`` into ``out`` (41 zeroed places)."""
        index, unseen = _INDEX, self._unseen(view)
        for i, r in enumerate(_RANKS):
            out[i] = 0.25 * unseen[r]
        hand = [0] * 10
        for c in view.hand:
            hand[index[c.rank]] += 1
        table = [0] * 10
        for c in view.table:
            table[index[c.rank]] = 1
        for i in range(10):
            out[10 + i] = hand[i] / 3.0
            out[20 + i] = table[i]
            out[30 + i] = 1.0 if hand[i] and table[i] else 0.0
        out[40] = max(-1.0, min(1.0, self._lead(view) / self._target))

    def fill_actions(self, view: View, out: Any) -> None:
        """Write the per-card features of the seat's hand into ``out`` (``(ids, 4)``, zeroed)."""
        if not view.hand:
            return
        table = [c.rank for c in view.table]
        unseen = self._unseen(view)
        for c in view.hand:
            row = out[_BY_HASH[c._hash]]
            taken = capture_ranks(c.rank, table)
            row[0] = len(taken) / 10.0
            row[1] = 1.0 if taken and len(taken) == len(table) else 0.0
            row[2] = 1.0 if c.rank == view.last_throw else 0.0
            row[3] = unseen[c.rank] / 4.0

    def progress(self, view: View) -> float:
        """``0.5 + POINT × lead``, clipped to [0, 1]."""
        return max(0.0, min(1.0, 0.5 + POINT * self._lead(view)))

    @staticmethod
    def _lead(view: View) -> float:
        scores = view.scores
        side = view.side
        mine = scores[side]
        return float(mine - max(v for s, v in enumerate(scores) if s != side))


def features(rules: Rules) -> Features:
    """Machuco's features under ``rules``."""
    return Features(rules)
