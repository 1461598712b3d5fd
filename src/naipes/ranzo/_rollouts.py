"""Private: policy rollouts of a Ranzo decision (:class:`Rollouts`).

Each of the seat's candidate moves is played in sampled worlds and the round
is played out to its end: the seat by a :class:`~naipes.ranzo._policy.Policy`,
the other seats by RanzoBot. The same worlds (and the same generators) serve
every candidate, so the moves are compared on common draws. The move of the
best mean return is played, but the policy's own move gets a bonus (``margin``):
the rollouts overrule it only where they find it worse by more than that.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable, Sequence

from naipes.ranzo._policy import Policy
from naipes.ranzo.bots import RanzoBot
from naipes.ranzo.moves import CallRanzo, Move

if TYPE_CHECKING:
    from naipes.ranzo.state import Game
    from naipes.ranzo.view import View

__all__ = ["Rollouts"]

#: A world for a view, drawn with a generator.
Deal = Callable[["View", random.Random], "Game"]


class Rollouts:
    """Values the candidate moves of a view by rolling sampled worlds out (see the module).

    Args:
        policy: the seat's own policy (in the rollouts too).
        worlds: the worlds sampled per decision.
        margin: the bonus of the policy's move, in points of the seat's return.
        candidates: the most moves weighed: the policy's move and those it values next.
    """

    __slots__ = ("policy", "worlds", "margin", "candidates", "last_values")

    def __init__(self, policy: Policy, worlds: int, margin: float, candidates: int) -> None:
        self.policy = policy
        self.worlds = worlds
        self.margin = margin
        self.candidates = candidates
        self.last_values: tuple[tuple[Move, float], ...] = ()

    def choose(self, view: View, rng: random.Random, deal: Deal) -> Move:
        """The move for ``view``: the policy's, unless the rollouts value another better by ``margin``."""
        moves = view.legal_moves
        base = self.policy.choose(view)
        if len(moves) == 1 or isinstance(base, CallRanzo) or self.worlds == 0:
            return base
        listed = self._listed(view, base)
        if len(listed) == 1:
            return base
        totals = [0.0] * len(listed)
        for _ in range(self.worlds):
            world = deal(view, rng)
            seeds = [rng.randrange(1 << 30) for _ in range(view.players)]
            for i, move in enumerate(listed):
                totals[i] += self._play_out(world.clone(), view.seat, move, seeds)
        means = [t / self.worlds + (self.margin if m == base else 0.0) for t, m in zip(totals, listed)]
        self.last_values = tuple(zip(listed, means))
        best = max(range(len(listed)), key=lambda i: (means[i], listed[i] == base, -i))
        return listed[best]

    def _listed(self, view: View, base: Move) -> Sequence[Move]:
        """The candidates: the policy's move first, then the other legal moves by the policy's order."""
        others = [m for m in view.legal_moves if m != base]
        return [base, *others[: max(0, self.candidates - 1)]]

    def _play_out(self, world: Game, seat: int, move: Move, seeds: list[int]) -> float:
        """``seat``'s return when it plays ``move`` in ``world`` and the round is played out."""
        bots: list[Policy | RanzoBot] = [RanzoBot(seed=s) for s in seeds]
        own = Policy(seed=seeds[seat], **self.policy.weights)
        bots[seat] = own
        for s in sorted(world.to_act):
            if s != seat:
                world.play(bots[s].choose_in_game(world, s), s)
        world.play(move, seat)
        while world.result is None:
            for s in sorted(world.to_act):
                if s in world.to_act:
                    world.play(bots[s].choose_in_game(world, s), s)
        return float(world.result.returns[seat])
