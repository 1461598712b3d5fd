"""Machiavelli's strong bot: :class:`StrongBot`, the solver's play weighed against the risk of the other seat going out.

SolverBot lays the most cards it can every turn. :class:`StrongBot` does the
same, except when the seat with the fewest cards could go out on the table
that play would leave:

- it goes out whenever it can (the solver places the whole hand);
- when the other seat with the fewest cards holds ``near`` cards or fewer,
  it deals that seat ``worlds`` hands from the unseen cards, keeping only
  hands that fit what the seat did, and asks
  :func:`~naipes.machiavelli.solver.can_go_out` whether each hand goes out
  on the table its candidate turn leaves. With two players the bot
  remembers the other seat's last turns (``memory``), seen from its own
  consecutive views: after a draw, the hand less the card drawn had no play
  on the table the seat faced; after a play, the rest of its hand had no
  play on the table it left (a player that lays the most it can, as
  SolverBot, would have laid it); walking back, the cards laid return to
  the hand. Cards that extend a meld of the last table by themselves (a run
  at an end, a group by a suit) are left out of the deal (none after a
  play, at most one after a draw: the one drawn), then the solver checks
  each hand; up to ten tries for every three worlds. Without a remembered
  turn (its first decision; more than two players: none), a two-player hand
  is kept when all its cards but one have no play on the present table;
- its candidate turns are then the solver's best play, the best play of the
  hand less each card of it (holding that card back) and a draw; it plays
  the one with the greatest ``cards laid - weight * risk`` (the risk: the
  share of the hands that go out), the solver's best play on ties. A
  candidate's risk is counted only until it cannot beat the best so far.

No rollouts: a decision costs a few solver calls, about as much as SolverBot's
when no seat is near going out. Held out against SolverBot (2 players, one
deal): the search guide's Machiavelli row.

The same views and seed always give the same moves: the hands come from a
generator seeded by the bot's seed and the solver calls have node budgets.
It reads only the views it is given (the memory is of its own earlier views;
a view that does not follow the last one, as in a new deal, starts it afresh).

>>> from naipes.machiavelli import Game, Rules, SolverBot
>>> from naipes.bots import play_game
>>> result = play_game(Game(Rules(players=2, mode="single_deal"), seed=3), [StrongBot(seed=1), SolverBot()])
>>> len(result.winners) >= 1
True

.. versionadded:: 1.2
"""

from __future__ import annotations

import math
import random
from typing import Sequence

from naipes.cards import JOKER, Card
from naipes.errors import UsageError
from naipes.machiavelli._memory import Memory
from naipes.machiavelli.melds import Meld
from naipes.machiavelli.moves import DRAW, FORFEIT, Move, Play
from naipes.machiavelli.solver import Budget, Solution, can_go_out, solve
from naipes.machiavelli.view import View

__all__ = ["StrongBot"]


def _best(view: View, table: Sequence[Meld], hand: Sequence[Card], budget: Budget, opened: bool) -> Solution | None:
    return solve(table, hand, view.rules, opened=opened, budget=budget)


def _check(name: str, value: object, low: float, integer: bool) -> None:
    kinds = (int,) if integer else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or not value >= low:
        what = "an int" if integer else "a number"
        raise UsageError(f"{name} must be {what} >= {low:g}, not {value!r}", code="bad_option")


class StrongBot:
    """The solver's play unless a seat near going out could go out on it (see the module).

    Args:
        seed: seeds the sampled hands; the bot is deterministic for a seed.
        worlds: hands dealt to the seat near going out, per decision.
        near: the seat with the fewest cards is weighed when it holds this many or fewer.
        weight: what a certain loss costs, in cards left in the bot's hand.
        memory: how many of the other seat's last turns the dealt hands must fit (two
            players; 0: the earlier rule, all its cards but one have no play on the present table).
        budget: node budget of each solver call (:attr:`SolverBot.DEFAULT_BUDGET
            <naipes.machiavelli.bots.SolverBot.DEFAULT_BUDGET>` by default).

    Raises:
        UsageError: ``bad_option`` for ``worlds`` below 1, ``near`` or ``memory`` below 0
            (ints), or ``weight`` that is not a number >= 0.

    .. versionadded:: 1.2
    """

    __slots__ = ("_memory", "_rng", "budget", "memory", "near", "seed", "weight", "worlds")

    def __init__(self, seed: int | None = None, *, worlds: int = 12, near: int = 4, weight: float = 40.0,
                 memory: int = 1, budget: Budget | None = None) -> None:
        _check("worlds", worlds, 1, True)
        _check("near", near, 0, True)
        _check("weight", weight, 0, False)
        _check("memory", memory, 0, True)
        self.seed = seed
        self.worlds = worlds
        self.near = near
        self.weight = float(weight)
        self.memory = memory
        self.budget = budget or Budget(nodes=30_000)
        self._rng = random.Random(seed)
        self._memory = Memory()

    def choose(self, view: View) -> Move:
        """Go out if possible; else the solver's play, or a safer turn when a seat is near going out."""
        self._memory.observe(view)
        move = self._choose(view)
        self._memory.moved(view, move)
        return move

    def _choose(self, view: View) -> Move:
        best = _best(view, view.table, view.hand, self.budget, view.is_opened)
        if best is None:
            return DRAW if view.stock_size else FORFEIT
        top = Play(best.table, best.played)
        if best.count == len(view.hand):
            return top
        other = self._nearest(view)
        if other is None:
            return top
        hands = self.hands(view, other)
        opened = view.opened[other]
        weight, n = self.weight, max(1, len(hands))

        def value(table: Sequence[Meld], count: int, bound: float) -> float:
            """``count - weight * risk`` of the table; once it is at most ``bound``, less at once."""
            out = 0
            for h in hands:
                out += can_go_out(table, h, view.rules, opened=opened)
                if out and count - weight * out / n <= bound:
                    break
            return count - weight * out / n

        top_value = value(best.table, best.count, -math.inf)
        if top_value == best.count:  # no hand goes out on it
            return top
        chosen: tuple[float, Move] = (top_value, top)  # the first of the best: the solver's play on ties
        seen = {frozenset(best.played)}
        for card in dict.fromkeys(best.played):
            rest = list(view.hand)
            rest.remove(card)
            s = _best(view, view.table, rest, self.budget, view.is_opened)
            if s is not None and frozenset(s.played) not in seen:
                seen.add(frozenset(s.played))
                if s.count > chosen[0]:  # else it cannot do better, whatever its risk
                    v = value(s.table, s.count, chosen[0])
                    chosen = max(chosen, (v, Play(s.table, s.played)), key=lambda t: t[0])
        if view.stock_size and -1 > chosen[0]:
            chosen = max(chosen, (value(view.table, -1, chosen[0]), DRAW), key=lambda t: t[0])
        return chosen[1]

    def _nearest(self, view: View) -> int | None:
        """The other seat with the fewest cards (the next in turn order on ties), if it holds ``near`` or fewer."""
        n = len(view.hand_sizes)
        others = [(view.seat + k) % n for k in range(1, n)]
        seat = min(others, key=lambda s: view.hand_sizes[s])
        return seat if view.hand_sizes[seat] <= self.near else None

    def hands(self, view: View, seat: int) -> list[tuple[Card, ...]]:
        """Up to ``worlds`` hands for ``seat`` dealt from the unseen cards and consistent with its play.

        With two players, a hand is kept only if it fits the other seat's last ``memory``
        turns the bot remembers (see the module; ``view`` is remembered too, so the turn
        that led to it counts); with none remembered, only if all its cards but the last
        (the card the seat may just have drawn) have no play on the present table.
        Jokers publicly known in the hand (MV-12) stay there.
        """
        pool = list(view.unseen().elements())
        known = view.known_jokers[seat]
        size = view.hand_sizes[seat] - known
        if size > len(pool):
            return []
        self._memory.observe(view)
        two = len(view.hand_sizes) == 2
        remembered = two and seat != view.seat and self.memory and self._memory.turns
        infer = two and size + known > 1
        deal = self._memory.dealer(pool, view, self.budget) if remembered else None
        out: list[tuple[Card, ...]] = []
        for _ in range(10 * self.worlds // 3):
            if len(out) >= self.worlds:
                break
            cards = deal(self._rng, size) if deal else self._rng.sample(pool, size)
            if len(cards) < size:
                break
            hand = (JOKER,) * known + tuple(cards)
            if remembered:
                if not self._memory.fits(hand, view, self._rng, self.budget, self.memory):
                    continue
            elif infer and _best(view, view.table, hand[:-1], self.budget, view.opened[seat]) is not None:
                continue
            out.append(hand)
        return out

    def __repr__(self) -> str:
        return f"StrongBot(seed={self.seed!r})"
