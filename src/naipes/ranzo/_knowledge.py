"""Private: Ranzo's knowledge for the search bots (read through the game's plugin).

- :func:`evaluate`: every seat's points won so far in the round, and for the
  seat whose view it is, how close its concealed hand is to its juegos (the
  hand score of :class:`~naipes.ranzo.RanzoBot`: juegos held, pairs with live
  completions, outs to a Ranzo) times the points a hand pays;
- :class:`FastPolicy`: an epsilon-greedy cut-down of RanzoBot: it calls Ranzo
  whenever it can, claims only a card that makes Ranzo, and discards the card
  that sits in the fewest part-made juegos;
- :func:`prior`: RanzoBot's move;
- :func:`decisions`, :func:`move_scores`: the generic inference from play
  (:mod:`naipes.search.infer`; ``naipes.ranzo._inference``).

>>> from naipes import ranzo
>>> game = ranzo.Game(ranzo.Rules(rounds=1), seed=3)
>>> values = evaluate(game.view(0))
>>> len(values), values[0] > 0.0
(4, True)
"""

from __future__ import annotations

import random

from naipes._policy import EpsilonGreedy
from naipes.ranzo._glance import Glance
from naipes.ranzo._inference import decisions, move_scores
from naipes.ranzo._phase import WINDOW
from naipes.ranzo._tables import tables
from naipes.ranzo.bots import RanzoBot, _Context
from naipes.ranzo.moves import CallRanzo, Discard, Move, Pass
from naipes.ranzo.view import View

__all__ = ["FastPolicy", "decisions", "evaluate", "move_scores", "prior"]

#: RanzoBot's hand score at which a hand is worth about what a won hand pays.
SCORE_SCALE = 600.0
#: The generator the evaluation's reckoning holds (scoring a hand draws nothing from it).
_UNUSED_RNG = random.Random(0)


def evaluate(view: View | Glance) -> tuple[float, ...]:
    """Each seat's points won so far, plus for ``view.seat`` its hand's promise (see the module)."""
    start = view.rules.starting_points
    values = [float(s - start) for s in view.scores]
    ctx = _Context(view, _UNUSED_RNG)
    promise = ctx.score(ctx.hand, len(view.open_juegos[view.seat])) / SCORE_SCALE
    values[view.seat] += view.rules.regular * promise
    return tuple(values)


class FastPolicy(EpsilonGreedy):
    """Epsilon-greedy cut-down of RanzoBot (see the module docstring).

    Args:
        seed: seed of its generator.
        epsilon: the chance of a uniform discard instead.
    """

    __slots__ = ()

    def choose(self, view: View) -> Move:
        """Ranzo when it can; in a window a claim that makes Ranzo, else pass; else a greedy discard."""
        moves = view.legal_moves
        if len(moves) == 1:
            return moves[0]
        for m in moves:
            if isinstance(m, CallRanzo):
                return m
        t = tables(view.rules.deck)
        hand = t.mask(view.hand)
        if view.phase is WINDOW:
            card = view.claim_card
            if card is not None and t.can_split(hand | t.bit[card]):
                for m in moves:
                    if not isinstance(m, Pass):
                        return m
            return next((m for m in moves if isinstance(m, Pass)), moves[0])
        discards = [m for m in moves if isinstance(m, Discard)]
        if not discards:
            return moves[self.rng.randrange(len(moves))]
        if self.rng.random() < self.epsilon:
            return discards[self.rng.randrange(len(discards))]
        best, best_value = discards[0], 1e9
        for m in discards:
            bit = t.bit[m.card]
            value = 0.0
            for j in t.with_bit[bit]:
                held = bin(j & hand).count("1")
                value += 3.0 if held >= 3 else 1.0 if held == 2 else 0.0
            value += self.rng.random() * 0.01
            if value < best_value:
                best, best_value = m, value
        return best


_PRIOR = RanzoBot(seed=0)


def prior(view: View) -> Move:
    """RanzoBot's move for ``view``."""
    return _PRIOR.choose(view)
