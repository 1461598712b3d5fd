"""Machiavelli's strong bot: :class:`StrongBot`, a look-ahead over sampled worlds.

SolverBot lays the most cards it can every turn. :class:`StrongBot` asks the
same exact solver (:func:`~naipes.machiavelli.solver.solve`) for a few
different turns and plays the one that does best over sampled worlds:

- it goes out whenever it can (the solver places the whole hand);
- otherwise its candidate turns are the solver's best play, the plays that
  hold cards back (the best play of the hand less one card, and each single
  card laid alone), and a draw;
- each candidate is played in the same ``worlds`` sampled worlds
  (:meth:`View.sample <naipes.machiavelli.view.View.sample>`: the hidden hand
  and the stock dealt at random from the unseen cards), then both seats play
  SolverBot's rule for ``plies`` more turns; the world is scored 1 when
  the bot won the hand (a share when it is shared), 0 when another seat did,
  and otherwise 0.5 plus 0.05 a card the bot holds fewer than the nearest
  other seat (within nine cards).

The same view and seed always give the same move: the worlds come from a
generator seeded by the bot's seed and the solver calls have node budgets.
It reads only the view (the worlds are dealt from it).

>>> from naipes.machiavelli import Game, Rules, SolverBot
>>> from naipes.bots import play_game
>>> result = play_game(Game(Rules(players=2, mode="single_deal"), seed=3), [StrongBot(seed=1), SolverBot()])
>>> len(result.winners) >= 1
True

.. versionadded:: 1.2
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Sequence

from naipes.cards import Card
from naipes.machiavelli.moves import DRAW, FORFEIT, Move, Play
from naipes.machiavelli.solver import Budget, Solution, solve
from naipes.machiavelli.view import View

if TYPE_CHECKING:
    from naipes.machiavelli.state import Game

__all__ = ["StrongBot"]


def _best(view: Any, hand: Sequence[Card], budget: Budget) -> Solution | None:
    return solve(view.table, hand, view.rules, opened=view.is_opened, budget=budget)


class StrongBot:
    """Plans its turn over sampled worlds with the solver as a subroutine (see the module).

    Args:
        seed: seeds the worlds; the bot is deterministic for a seed.
        worlds: sampled worlds per decision.
        plies: turns played in each world after the candidate (both seats).
        budget: node budget of the bot's own solver calls.
        rollout_budget: node budget of the solver calls inside the worlds.

    .. versionadded:: 1.2
    """

    __slots__ = ("_rng", "budget", "plies", "rollout_budget", "worlds", "seed")

    def __init__(self, seed: int | None = None, *, worlds: int = 8, plies: int = 6,
                 budget: Budget | None = None, rollout_budget: Budget | None = None) -> None:
        self.seed = seed
        self.worlds = worlds
        self.plies = plies
        self.budget = budget or Budget(nodes=30_000)
        self.rollout_budget = rollout_budget or Budget(nodes=5_000)
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        """Go out if possible, else the candidate turn that scores best over the sampled worlds."""
        best = _best(view, view.hand, self.budget)
        if best is None:
            return DRAW if view.stock_size else FORFEIT
        top = Play(best.table, best.played)
        if best.count == len(view.hand):
            return top
        options = self._candidates(view, top, best)
        if len(options) == 1:
            return options[0]
        return self._pick(view, options)

    def _candidates(self, view: View, top: Play, best: Solution) -> list[Move]:
        out: list[Move] = [top]
        seen = {frozenset(best.played)}
        if view.stock_size:
            out.append(DRAW)
        for card in dict.fromkeys(best.played):
            rest = list(view.hand)
            rest.remove(card)
            s = _best(view, rest, self.budget)
            if s is not None and frozenset(s.played) not in seen:
                seen.add(frozenset(s.played))
                out.append(Play(s.table, s.played))
        for card in dict.fromkeys(best.played):
            s = _best(view, (card,), self.budget)
            if s is not None and frozenset(s.played) not in seen:
                seen.add(frozenset(s.played))
                out.append(Play(s.table, s.played))
        return out

    def _pick(self, view: View, options: list[Move]) -> Move:
        seeds = [self._rng.getrandbits(64) for _ in range(self.worlds)]
        scores = [0.0] * len(options)
        for seed in seeds:
            for i, move in enumerate(options):
                world = view.sample(random.Random(seed))
                scores[i] += self._rollout(world, view.seat, move)
        return options[max(range(len(options)), key=lambda i: (scores[i], -i))]

    def _rollout(self, world: Game, seat: int, move: Move) -> float:
        world.play(move, seat)
        hand = world.hand_number
        for _ in range(self.plies):
            if world.is_over or world.hand_number != hand:
                break
            s = world.to_act[0]
            v = world.view(s)
            sol = _best(v, v.hand, self.rollout_budget)
            world.play(DRAW if sol is None else Play(sol.table, sol.played), s)
        if world.is_over or world.hand_number != hand:  # the hand ended: a shared win is shared
            winners = world.last_winners
            return 1.0 / len(winners) if seat in winners else 0.0
        sizes = world.view(seat).hand_sizes
        mine = sizes[seat]
        other = min(n for s, n in enumerate(sizes) if s != seat)
        return 0.5 + 0.05 * max(-9, min(9, other - mine))

    def __repr__(self) -> str:
        return f"StrongBot(seed={self.seed!r})"
