"""Self-play that feeds deep Monte-Carlo: many games in lockstep, one batched network call a step.

:class:`SelfPlay` keeps ``envs`` games going. In a game every seat is a learner
(pure self-play), or, in a share of the games (``heuristic``), one seat is the
learner and the others play the game's heuristic bot (``best``), so the network
meets the player it has to beat. A step writes every game's next learner
decision into one batch, asks the network once, plays an epsilon-greedy move in
each game, and returns the decisions of the games that ended: each with its
target, the deciding seat's final score (:func:`target`).

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import Any

import numpy as np

from naipes.adapters.training import head_to_head
from naipes.bots import load_bot
from naipes.errors import UsageError
from naipes.learn.network import QNetwork
from naipes.learn.observe import Observer
from naipes.plugin import plugin

__all__ = ["Batch", "SelfPlay", "target"]

Array = np.ndarray[Any, Any]
#: Training deals are seeded from here up: far above the tuning (< 100,000) and the held-out
#: (from 1,000,000) deal seeds of ``benchmarks/bots_search.py``.
TRAINING_SEEDS = 10**9


def target(returns: Any, seat: int, objective: str, scale: float, progress: float = 0.0) -> float:
    """The value a decision of ``seat`` is trained towards once its game ended.

    ``"win"``: the seat's :func:`~naipes.adapters.training.head_to_head` score mapped to
    [-1, 1] (two players: 1 a win, -1 a loss, 0 a tie); ``"points"``: the return over ``scale``; ``"to_go"``: the
    return less ``progress``, the part of it already settled when the seat decided (the
    game's ``progress(view)``, see :mod:`naipes.adapters.training`), over ``scale``: the same
    best move at every position as ``"points"``, with less noise to learn through.
    """
    if objective == "points":
        return float(returns[seat]) / scale
    if objective == "to_go":
        return (float(returns[seat]) - progress) / scale
    if objective == "win":
        return 2.0 * head_to_head(returns, seat) - 1.0
    raise UsageError(f"objective is 'to_go', 'points' or 'win', not {objective!r}", code="bad_option")


class Batch:
    """Decisions with their targets: ``obs`` rows, chosen ``actions``, ``targets`` (numpy arrays),
    and ``cpu``, the CPU seconds another process spent playing them (0 here); for a teacher's
    decisions (:mod:`naipes.learn.distil`) ``labels``, a value per id, and ``labelled``, the ids
    that have one (else ``None``: the chosen id's target only)."""

    __slots__ = ("obs", "actions", "targets", "cpu", "labels", "labelled")

    def __init__(self, obs: Array, actions: Array, targets: Array, cpu: float = 0.0, *,
                 labels: Array | None = None, labelled: Array | None = None) -> None:
        self.obs, self.actions, self.targets, self.cpu = obs, actions, targets, cpu
        self.labels, self.labelled = labels, labelled

    def __len__(self) -> int:
        return len(self.targets)


class SelfPlay:
    """``envs`` games of ``game`` played in lockstep by a network (see the module docstring).

    Args:
        game: the game's registered name.
        rules: the rules.
        envs: the games kept going.
        seed: the seed of the deals, seats and exploration.
        heuristic: the share of games where one learner seat meets the heuristic bot.
        objective: what a decision is trained towards (:func:`target`).
        opponent: the bot spec of the other seats in those games.
        behaviour: a bot spec whose moves the learners play (with ``epsilon`` random ones)
            instead of the network's: the network then learns that bot's action values, and
            its greedy move is one step of policy improvement over the bot (``None``: the
            network's own moves).
    """

    def __init__(self, game: str, rules: Any, envs: int, seed: int, *, heuristic: float = 0.5,
                 objective: str = "to_go", opponent: str = "best", behaviour: str | None = None) -> None:
        self.game, self.rules, self.objective, self.opponent = game, rules, objective, opponent
        self.behaviour = behaviour
        self.guides: list[dict[int, Any]] = [{}] * envs
        self.plugin = plugin(game)
        self.observer = Observer(game, rules)
        self.heuristic = heuristic
        self.rng = np.random.default_rng(seed)
        self.scale = float(self.observer.features.return_scale)
        self.obs = np.zeros((envs, self.observer.size), np.float32)
        self.mask = np.zeros((envs, self.observer.ids), bool)
        self.games: list[Any] = [None] * envs
        self.learners: list[frozenset[int]] = [frozenset()] * envs
        self.bots: list[dict[int, Any]] = [{}] * envs
        self.records: list[list[tuple[int, Array, int, float]]] = [[] for _ in range(envs)]
        self.finished = 0
        self.decisions = 0
        for i in range(envs):
            self._new(i)

    def _new(self, i: int) -> None:
        """Start game ``i`` afresh: its deal, its learners, its bots."""
        draw = self.rng.integers
        game = self.plugin.new_game(self.rules, seed=TRAINING_SEEDS + int(draw(2**40)))
        seats = range(game.num_players)
        if self.rng.random() < self.heuristic:
            learner = int(draw(game.num_players))
            self.learners[i] = frozenset({learner})
            self.bots[i] = {s: load_bot(self.opponent, seed=int(draw(2**62)), game=self.game)
                            for s in seats if s != learner}
        else:
            self.learners[i], self.bots[i] = frozenset(seats), {}
        self.games[i] = game
        self.records[i] = []
        if self.behaviour is not None:
            self.guides[i] = {s: load_bot(self.behaviour, seed=int(draw(2**62)), game=self.game)
                              for s in sorted(self.learners[i])}

    def _to_decision(self, i: int, done: list[tuple[int, Array, int, float]]) -> int:
        """Play game ``i``'s bots up to a learner's decision (restarting ended games); its seat."""
        while True:
            game = self.games[i]
            if game.is_over:
                returns = game.result.returns
                for seat, row, action, progress in self.records[i]:
                    done.append((seat, row, action, target(returns, seat, self.objective, self.scale, progress)))
                self.finished += 1
                self._new(i)
                continue
            acting = game.to_act
            bots = self.bots[i]
            waiting = [s for s in acting if s in bots]
            if waiting:
                seat = min(waiting)
                game.play(bots[seat].choose(game.view(seat)), seat)
                continue
            return int(min(acting))

    def step(self, net: QNetwork, epsilon: float) -> Batch:
        """One decision in every game; the decisions of the games that ended, with their targets."""
        done: list[tuple[int, Array, int, float]] = []
        seats = [self._to_decision(i, done) for i in range(len(self.games))]
        views = [game.view(seat) for game, seat in zip(self.games, seats)]
        for i, view in enumerate(views):
            self.observer.write(view, self.obs[i], self.mask[i])
        actions = net.greedy(self.obs, self.mask) if self.behaviour is None else self._guided(seats, views)
        explore = self.rng.random(len(seats)) < epsilon
        space = self.observer.space
        for i, (game, seat, view) in enumerate(zip(self.games, seats, views)):
            action = int(actions[i])
            if explore[i]:
                legal = np.flatnonzero(self.mask[i])
                action = int(legal[self.rng.integers(len(legal))])
            progress = self.observer.features.progress(view) if self.objective == "to_go" else 0.0
            self.records[i].append((seat, self.obs[i].copy(), action, progress))
            game.play(space.move(action, view), seat)
        self.decisions += len(seats)
        return _batch(done, self.observer.size)

    def _guided(self, seats: list[int], views: list[Any]) -> Array:
        """The behaviour bot's ids for every game's decision."""
        space = self.observer.space
        return np.array([space.index(self.guides[i][seat].choose(view), view)
                         for i, (seat, view) in enumerate(zip(seats, views))], np.int64)


def _batch(done: list[tuple[int, Array, int, float]], size: int) -> Batch:
    """The finished decisions as arrays."""
    if not done:
        return Batch(np.zeros((0, size), np.float32), np.zeros(0, np.int64), np.zeros(0, np.float32))
    return Batch(np.stack([d[1] for d in done]), np.array([d[2] for d in done], np.int64),
                 np.array([d[3] for d in done], np.float32))
