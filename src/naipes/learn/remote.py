"""Self-play on other processes or machines: chunks of :class:`~naipes.learn.selfplay.SelfPlay`
as tasks of a :class:`concurrent.futures.Executor` (a local process pool, or
:class:`~naipes.tournament.RayExecutor` for a Ray cluster: ``naipes train --ray local|ADDRESS``).

Each round the trainer sends the network's current weights with every task;
task ``i`` of round ``r`` plays ``decisions`` decisions from a seed made of the
run's seed, ``r`` and ``i``, and returns the decisions of the games it finished
(the games still going when it stops are dropped: a task carries no state, so
Ray can run a chunk again when its worker dies). The batches are
joined in task order, so a run is the same on one machine or many.

.. versionadded:: 1.2
"""

from __future__ import annotations

import concurrent.futures as cf
import time
from typing import Any, Sequence

import numpy as np

from naipes.learn.network import QNetwork
from naipes.learn.selfplay import Batch, SelfPlay

__all__ = ["RemoteSelfPlay", "play_chunk"]

Array = np.ndarray[Any, Any]


def play_chunk(game: str, rules: Any, envs: int, seed: int, params: Sequence[Array], shape: tuple[Any, ...],
               epsilon: float, decisions: int, heuristic: float, objective: str,
               behaviour: str | None = None) -> Batch:
    """Play ``decisions`` decisions of self-play with the given weights (a task's body); the
    finished decisions, with the CPU time spent."""
    start = time.process_time()
    main, ids, k, hidden = shape
    net = QNetwork(main, ids, k, hidden)
    net.params = [np.asarray(p, np.float32) for p in params]
    play = SelfPlay(game, rules, envs, seed, heuristic=heuristic, objective=objective, behaviour=behaviour)
    got: list[Batch] = []
    while play.decisions < decisions:
        batch = play.step(net, epsilon)
        if len(batch):
            got.append(batch)
    if not got:
        got.append(play.step(net, 0.0))
    return Batch(np.concatenate([b.obs for b in got]), np.concatenate([b.actions for b in got]),
                 np.concatenate([b.targets for b in got]), time.process_time() - start)


class RemoteSelfPlay:
    """Rounds of self-play chunks on ``executor`` (see the module docstring).

    Args:
        executor: where the chunks run.
        tasks: chunks per round.
        game, rules, envs, seed, heuristic, objective, behaviour: as for
            :class:`~naipes.learn.selfplay.SelfPlay`.
    """

    def __init__(self, executor: cf.Executor, tasks: int, game: str, rules: Any, envs: int, seed: int,
                 heuristic: float, objective: str, behaviour: str | None = None) -> None:
        self.executor, self.tasks = executor, tasks
        self.game, self.rules, self.envs, self.seed = game, rules, envs, seed
        self.heuristic, self.objective, self.behaviour = heuristic, objective, behaviour
        self.rounds = 0
        self.decisions = 0

    def collect(self, net: QNetwork, epsilon: float, decisions: int) -> Batch:
        """One round: about ``decisions`` decisions over the tasks (run at once), joined in task order."""
        shape = (net.main, net.ids, net.k, net.hidden)
        each = max(1, decisions // self.tasks)
        futures = [self.executor.submit(play_chunk, self.game, self.rules, self.envs, self._seed(i), net.params,
                                        shape, epsilon, each, self.heuristic, self.objective, self.behaviour)
                   for i in range(self.tasks)]
        batches = [f.result() for f in futures]
        self.rounds += 1
        self.decisions += each * self.tasks
        return Batch(np.concatenate([b.obs for b in batches]), np.concatenate([b.actions for b in batches]),
                     np.concatenate([b.targets for b in batches]), sum(b.cpu for b in batches))

    def _seed(self, i: int) -> int:
        """Task ``i``'s seed this round."""
        return (self.seed * 1_000_003 + self.rounds) * 1_009 + i
