"""Private: Machuco's knowledge for the search bots (read through the game's plugin).

- :func:`evaluate`: every seat's chance of winning the hand from a position not
  yet over, from its side's points, the cards it won (the card count pays the
  cards beyond the threshold, MC-20) and the leftovers the last capturer takes;
- :class:`FastPolicy`: an epsilon-greedy cut-down of :class:`~naipes.machuco.MachucoBot`
  for rollouts: the capture that takes the most cards (a majo or a limpia
  first), else a throw that leaves the next player no pair; quieres on a strong figure;
- :func:`prior`: the heuristic's move (:class:`~naipes.machuco.MachucoBot`);
- :func:`horizon`: the plays left in the current deal (a deal is small enough to search exactly);
- :func:`observed_moves`: the plays between two views of one seat (ISMCTS's tree reuse);
- :func:`decisions`, :func:`move_scores`, :func:`enumerate_worlds`: inference from play and
  exact endgames (:mod:`naipes.machuco._inference`).

>>> from naipes import machuco
>>> game = machuco.Game(machuco.Rules(players=2, scope="hand"), seed=3)
>>> values = evaluate(game.view(0))
>>> len(values), all(0.0 < v < 1.0 for v in values)
(2, True)
>>> horizon(game.view(game.to_act[0])) > 0
True
"""

from __future__ import annotations

import math
import random
from typing import Sequence

from naipes._policy import EpsilonGreedy
from naipes.machuco._inference import decisions, enumerate_worlds, move_scores
from naipes.machuco._tables import Phase
from naipes.machuco.bots import MachucoBot
from naipes.machuco.moves import MAYOR, NO_QUIERO, QUIERO, Move, PlayCard
from naipes.machuco.scoring import capture_ranks
from naipes.machuco.view import View

__all__ = ["FastPolicy", "decisions", "enumerate_worlds", "evaluate", "horizon", "move_scores", "observed_moves",
           "prior"]

#: Points one won card is worth before the count (as MachucoBot's ``card_value``).
CARD_VALUE = 0.55
#: The spread of the final lead, in points, per card still to be played (and its floor).
SPREAD_PER_CARD = 0.09
SPREAD_FLOOR = 0.6
#: The most plies searched in a deal of more than two players.
WIDE_HORIZON = 5


def evaluate(view: View) -> tuple[float, ...]:
    """Each seat's chance of winning the hand (a logistic of its side's expected lead)."""
    sides = view.sides
    won = [len(p) for p in view.piles]
    left = 40 - sum(won) - len(view.aside)  # cards still to be won: table, hands, stock
    share = left / len(sides)
    threshold = view.rules.threshold
    expect = []
    for i in range(len(sides)):
        cards = won[i] + share
        if view.last_capturer == i and view.stock_size == 0:
            cards += 0.5 * len(view.table)
        expect.append(view.scores[i] + max(0.0, cards - threshold) + CARD_VALUE * 0.1 * won[i])
    spread = max(SPREAD_FLOOR, SPREAD_PER_CARD * left)
    values = [0.0] * len(view.hand_sizes)
    for i, seats in enumerate(sides):
        best_other = max((e for j, e in enumerate(expect) if j != i), default=0.0)
        lead = (expect[i] - best_other) / spread
        p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, lead))))
        for s in seats:
            values[s] = p
    return tuple(values)


def horizon(view: View) -> int:
    """The decisions left in the current deal: its plays, and the cante decision open now.

    With more than two players the deal is too large to search whole: at most
    :data:`WIDE_HORIZON` plies.
    """
    plies = sum(view.hand_sizes) + (0 if view.phase is Phase.PLAY else 2)
    return max(1, plies if len(view.hand_sizes) <= 2 else min(plies, WIDE_HORIZON))


def observed_moves(before: View, after: View) -> tuple[tuple[int, Move], ...] | None:
    """The moves from ``before`` to ``after``: the plays of the hand's public record between them.

    Only plays are in the record; a cante contest's decisions are not. So the answer
    is ``None`` unless both views are of the play phase of one hand, ``after`` continues
    ``before``'s record, and either the deal is the same or the one deal begun since
    sang no figure (a contest needs a sung figure).
    """
    if (before.seat != after.seat or before.hand_number != after.hand_number
            or before.phase is not Phase.PLAY or after.phase is not Phase.PLAY
            or after.plays[:len(before.plays)] != before.plays):
        return None
    new_deals = after.deal_number - before.deal_number
    if new_deals < 0 or new_deals > 1 or (new_deals and after.cantes):
        return None
    return tuple((seat, PlayCard(card)) for seat, card in after.plays[len(before.plays):])


class FastPolicy(EpsilonGreedy):
    """Epsilon-greedy cut-down of MachucoBot, a few microseconds a move (see the module docstring).

    Args:
        seed: seed of its generator.
        epsilon: the chance of a uniform move instead.
    """

    __slots__ = ()

    def choose(self, view: View) -> Move:
        """The greedy move, or a uniform one with chance ``epsilon``."""
        moves = view.legal_moves
        rng = self.rng
        if len(moves) == 1:
            return moves[0]
        if rng.random() < self.epsilon:
            return moves[rng.randrange(len(moves))]
        if view.phase is Phase.DECIDE:
            return MAYOR if MAYOR in moves else moves[0]
        if view.phase is Phase.RESPOND:
            return QUIERO if rng.random() < 0.5 else NO_QUIERO
        return _greedy(view, moves, rng)


def _greedy(view: View, moves: Sequence[Move], rng: random.Random) -> Move:
    ranks = {c.rank for c in view.table}
    chain = view.chain
    best: Move = moves[0]
    best_value = -1e9
    for move in moves:
        if not isinstance(move, PlayCard):
            continue
        rank = move.card.rank
        if chain is not None and chain[0] == rank:
            value = 20.0 + chain[1]
        else:
            taken = capture_ranks(rank, ranks)
            if taken:
                value = len(taken) + 1.0 + (2.0 if view.last_throw == rank else 0.0)
                value += 2.0 if len(taken) == len(ranks) else 0.0
            else:
                value = -0.5 * len(capture_ranks(rank, ranks | {rank})) - (0.3 if rank == 1 else 0.0)
        value += rng.random() * 0.01
        if value > best_value:
            best, best_value = move, value
    return best


_PRIOR = MachucoBot(seed=0)


def prior(view: View) -> Move:
    """The heuristic's move for ``view`` (MachucoBot's, ties broken by a generator seeded afresh each
    call, so the move depends on ``view`` alone, not on what was asked before in the process)."""
    _PRIOR.rng.seed(0)
    return _PRIOR.choose(view)
