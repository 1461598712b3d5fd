"""Deep Monte-Carlo self-play training (the method of DouZero), in numpy alone.

A decision's target is the final score of the seat that made it
(:func:`~naipes.learn.selfplay.target`); the network
(:class:`~naipes.learn.network.QNetwork`) regresses the value of the chosen id
on it. :class:`~naipes.learn.selfplay.SelfPlay` plays the games, epsilon-greedy
on the current network; every ``--pool`` decisions the network takes ``--passes`` passes of
minibatch Adam steps over them. Every ``--eval-every`` decisions the greedy
network plays ``--eval-games`` games against RandomBot and against the heuristic
(``best``) on fixed tuning seeds; the curve goes to ``--log`` as JSON lines and
to ``--svg`` (:mod:`naipes.learn.curve`). Deterministic for a seed (one BLAS thread).

The shipped weights were made by::

    naipes train machuco --rules players=2,scope=hand --cpu-minutes 60 --out machuco.npz
    naipes train ranzo --rules rounds=1 --cpu-minutes 60 --out ranzo.npz

.. versionadded:: 1.2
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import json
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterator

import numpy as np

from naipes.adapters.training import evaluate
from naipes.learn.network import Adam, QNetwork, WeightsMeta, save_weights
from naipes.learn.observe import Observer, rules_key
from naipes.learn.remote import RemoteSelfPlay
from naipes.learn.selfplay import Batch, SelfPlay

__all__ = ["Settings", "train"]


@dataclass
class Settings:
    """A training run's settings (``naipes train --help`` says each)."""

    game: str = "machuco"
    rules: dict[str, Any] = field(default_factory=lambda: {"players": 2, "scope": "hand"})
    seed: int = 1
    cpu_minutes: float = 60.0
    max_decisions: int = 0
    envs: int = 64
    hidden: tuple[int, ...] = (256, 256)
    learning_rate: float = 3e-4
    minibatch: int = 256
    pool: int = 8192
    passes: int = 4
    epsilon: float = 0.1
    heuristic: float = 0.5
    objective: str = "to_go"
    behaviour: str = ""
    eval_every: int = 200_000
    eval_games: int = 400
    eval_seed: int = 50_000
    workers: int = 0
    ray: str = ""
    log: str = ""
    svg: str = ""
    out: str = ""


def _learn(net: QNetwork, adam: Adam, batch: Batch, size: int, rng: np.random.Generator) -> float:
    """One pass of minibatch steps over ``batch``; the mean squared error seen."""
    order = rng.permutation(len(batch))
    losses = []
    for start in range(0, len(order) - size + 1, size):
        pick = order[start:start + size]
        obs, actions, targets = batch.obs[pick], batch.actions[pick], batch.targets[pick]
        q, acts = net.forward(obs)
        chosen = q[np.arange(size), actions]
        error = chosen - targets
        g_q = np.zeros_like(q)
        g_q[np.arange(size), actions] = 2.0 * error / size
        adam.step(net.grads(obs, acts, g_q))
        losses.append(float(np.mean(error * error)))
    return float(np.mean(losses)) if losses else 0.0


def _evaluate(net: QNetwork, s: Settings) -> dict[str, float]:
    """The greedy network's score against RandomBot and the heuristic on the tuning seeds."""
    policy: Callable[[Any, Any], Any] = net.greedy
    out = {}
    for name in ("random", "best"):
        score = evaluate(policy, s.game, opponents=name, games=s.eval_games, seed=s.eval_seed, **s.rules)
        out[name], out[name + "_low"], out[name + "_high"] = score.mean, score.low, score.high
    return out


def train(s: Settings, report: Callable[[dict[str, Any]], None] = lambda row: None) -> QNetwork:
    """Train a network by :mod:`deep Monte-Carlo <naipes.learn.dmc>` under ``s``; write its
    weights to ``s.out`` (when given) and its curve to ``s.log``/``s.svg``; return it.

    Self-play runs in this process, or in ``s.workers`` processes (a local pool), or on Ray
    (``s.ray``: ``"local"`` or a cluster's address; ``s.workers`` tasks a round, default the
    cluster's CPUs): see :mod:`naipes.learn.remote`.
    """
    from naipes.plugin import plugin

    rules = plugin(s.game).rules(settings=s.rules)
    obs = Observer(s.game, rules)
    net = QNetwork(obs.main, obs.ids, obs.k, s.hidden, seed=s.seed)
    adam, rng = Adam(net.params, s.learning_rate), np.random.default_rng(s.seed + 1)
    with _source(s, rules) as source:
        curve = _loop(s, net, adam, rng, source, report)
    _write(net, s, rules, obs, curve)
    return net


@contextlib.contextmanager
def _source(s: Settings, rules: Any) -> Iterator[Callable[[QNetwork], tuple[Batch, int]]]:
    """A function giving the next pool of decisions for the network, and the decisions played."""
    if not s.workers and not s.ray:
        play = SelfPlay(s.game, rules, s.envs, s.seed, heuristic=s.heuristic, objective=s.objective,
                        behaviour=s.behaviour or None)

        def local(net: QNetwork) -> tuple[Batch, int]:
            pool: list[Batch] = []
            while sum(len(b) for b in pool) < s.pool:
                pool.append(play.step(net, s.epsilon))
            return _concat(pool), play.decisions

        yield local
        return
    executor = _executor(s)
    try:
        tasks = s.workers or getattr(executor, "_max_workers", 1)
        remote = RemoteSelfPlay(executor, tasks, s.game, rules, s.envs, s.seed, s.heuristic, s.objective,
                                s.behaviour or None)
        yield lambda net: (remote.collect(net, s.epsilon, s.pool), remote.decisions)
    finally:
        executor.shutdown()


def _executor(s: Settings) -> cf.Executor:
    if s.ray:
        from naipes.tournament import RayExecutor

        return RayExecutor(s.ray, num_cpus=s.workers or None)
    return cf.ProcessPoolExecutor(s.workers)


def _loop(s: Settings, net: QNetwork, adam: Adam, rng: np.random.Generator,
          source: Callable[[QNetwork], tuple[Batch, int]], report: Callable[[dict[str, Any]], None]
          ) -> list[dict[str, Any]]:
    """Pools of self-play and passes of learning until the budget is spent; the curve."""
    start = time.process_time()
    decisions, samples, loss, next_eval, curve, remote_cpu = 0, 0, 0.0, 0, [], 0.0
    while True:
        spent = time.process_time() - start + remote_cpu
        over = spent > 60 * s.cpu_minutes or bool(s.max_decisions and decisions >= s.max_decisions)
        if decisions >= next_eval or over:
            row = {"decisions": decisions, "samples": samples, "cpu_seconds": round(spent, 1), "loss": loss,
                   **_evaluate(net, s)}
            curve.append(row)
            report(row)
            next_eval += s.eval_every
            if over:
                return curve
        batch, decisions = source(net)
        samples += len(batch)
        remote_cpu += batch.cpu
        for _ in range(s.passes):
            loss = _learn(net, adam, batch, s.minibatch, rng)


def _concat(pool: list[Batch]) -> Batch:
    return Batch(np.concatenate([b.obs for b in pool]), np.concatenate([b.actions for b in pool]),
                 np.concatenate([b.targets for b in pool]))


def _write(net: QNetwork, s: Settings, rules: Any, obs: Any, curve: list[dict[str, Any]]) -> None:
    """The weights, the curve's JSON lines and its SVG, where asked."""
    if s.out:
        version = int(getattr(obs.space, "observation_version", 1))
        trained = {"settings": {k: v for k, v in asdict(s).items() if k not in ("log", "svg", "out")},
                   "decisions": curve[-1]["decisions"], "cpu_seconds": curve[-1]["cpu_seconds"],
                   "final": {k: curve[-1][k] for k in ("random", "best")}}
        meta = WeightsMeta(s.game, rules_key(rules), version, obs.main, obs.ids, obs.k,
                           tuple(obs.features.names), tuple(s.hidden), trained)
        save_weights(net, meta, s.out)
    if s.log:
        with open(s.log, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(row) + "\n" for row in curve)
    if s.svg:
        from naipes.learn.curve import curve_svg

        with open(s.svg, "w", encoding="utf-8") as f:
            f.write(curve_svg(curve, title=f"{s.game}: deep Monte-Carlo self-play"))
