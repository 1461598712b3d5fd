"""Deep Monte-Carlo self-play training (the method of DouZero), in numpy alone.

A decision's target is the final score of the seat that made it
(:func:`~naipes.learn.selfplay.target`); the network
(:class:`~naipes.learn.network.QNetwork`) regresses the value of the chosen id
on it. :class:`~naipes.learn.selfplay.SelfPlay` plays the games, epsilon-greedy
on the current network; every ``--pool`` decisions the network takes ``--passes`` passes of
minibatch Adam steps over them. Every ``--eval-every`` decisions the greedy
network plays ``--eval-games`` games against RandomBot and against the heuristic
(``best``) on fixed tuning seeds; the curve goes to ``--log`` as JSON lines and
to ``--svg`` (:mod:`naipes.learn.curve`).

The network reads the heuristic's per-action columns
(:class:`~naipes.adapters.features.Knowledge`); at the start its value of the
heuristic's best move is raised by ``--prior`` (the bias of the ``heuristic_best``
column), so it plays the heuristic's moves before it has learnt anything; ``--margin``
raises it again at the end of the run, so the trained network leaves the heuristic's move
only where it values another higher by more than the margin (a cautious step of policy
improvement: the values of the moves the heuristic seldom plays are the noisiest).
With ``--teacher BOT`` the run first labels the teacher's decisions with its value
of every move (:mod:`naipes.learn.distil`): up to ``--teacher-decisions`` of them
(counted: the same labels on every machine), optionally in DAgger rounds
(``--dagger``: after each round a student trained on the labels so far plays the
learner's seat), or for ``--teacher-minutes`` of CPU (not reproducible); it learns
them in ``--epochs`` passes over them all (``--distil``: the values, their
differences, or the teacher's choice), then goes on by deep Monte-Carlo, to
``--decisions`` when the labels were counted, else with the rest of the CPU budget.

Deterministic for a seed (one BLAS thread, the same numpy), the weight file byte for
byte, when nothing stops on CPU time: deep Monte-Carlo with ``--decisions``, the
teacher with ``--teacher-decisions``. A counted teacher's run may be cut into several
on one ``--teacher-data`` file (it keeps the labels, the generator's state and the
rounds): the same weights as one run. The recipe of the distilled Machuco weights (two
players, one hand; see the RL guide, "Learned bots", for the runs, their CPU time
and their scores; the shipped file is now a world-value network, :mod:`naipes.learn.worlds`)::

    naipes train machuco --rule players=2 --rule scope=hand --teacher strong \
        --teacher-decisions 40000 --dagger 20000 --distil policy --tau 0.01 --epochs 6 \
        --out machuco-2p-hand.npz

and the shipped Ranzo weights (4 players, one round), in 1.4 CPU minutes, by deep Monte-Carlo on
RanzoBot's moves with the margin::

    naipes train ranzo --rule rounds=1 --behaviour best --lr 3e-5 --decisions 240000 \
        --eval-every 60000 --eval-games 200 --margin 1.0 --out ranzo-4p-round.npz

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

from naipes.adapters.features import KNOWLEDGE
from naipes.adapters.training import evaluate
from naipes.errors import UsageError
from naipes.learn.network import NEG, Adam, QNetwork, WeightsMeta, check_training, save_weights
from naipes.learn.observe import Observer, rules_key
from naipes.learn.remote import RemoteSelfPlay
from naipes.learn.selfplay import Batch, SelfPlay

#: The targets of :func:`~naipes.learn.selfplay.target`.
OBJECTIVES = ("to_go", "points", "win")
#: How a teacher's labels are learnt (``--distil``): its values, their differences within a position, or
#: its choice (cross-entropy; with ``tau``, towards the softmax of its values).
DISTIL = ("values", "centered", "policy")

__all__ = ["DISTIL", "OBJECTIVES", "Settings", "train", "validate"]


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
    prior: float = 0.3
    margin: float = 0.0
    teacher: str = ""
    teacher_minutes: float = 0.0
    teacher_decisions: int = 0
    dagger: int = 0
    student_share: float = 1.0
    epochs: int = 10
    keep_best: bool = False
    teacher_data: str = ""
    distil: str = "values"
    tau: float = 0.0
    eval_every: int = 200_000
    eval_games: int = 400
    eval_seed: int = 50_000
    workers: int = 0
    ray: str = ""
    log: str = ""
    svg: str = ""
    out: str = ""


def validate(s: Settings) -> None:
    """Refuse settings that would train nothing, loop forever or mean something else than said.

    Raises:
        UsageError: code ``bad_budget`` for a count or budget that is not positive (``envs``,
            ``pool``, ``minibatch``, ``passes``, ``eval_every``, ``eval_games``, ``cpu_minutes``,
            a negative ``max_decisions``, ``workers``, ``teacher_minutes``, ``teacher_decisions``,
            ``dagger`` or ``epochs``) or a minibatch larger than the pool; code ``bad_option`` for
            an unknown objective, an ``epsilon``, ``heuristic`` or ``student_share`` outside [0, 1],
            a learning rate that is not positive, hidden widths that are not positive, a negative
            ``margin``, a teacher without ``teacher_minutes`` or ``teacher_decisions`` (or with
            both, or either without a teacher), or ``dagger`` without ``teacher_decisions``.
    """
    def positive(name: str, value: Any, kind: type[int] | type[float] = int) -> None:
        if isinstance(value, bool) or not isinstance(value, kind) or not value > 0:
            raise UsageError(f"{name} must be a positive {kind.__name__}, not {value!r}", code="bad_budget")

    for name in ("envs", "pool", "minibatch", "passes", "eval_every", "eval_games"):
        positive(name, getattr(s, name))
    positive("cpu_minutes", float(s.cpu_minutes) if isinstance(s.cpu_minutes, int) else s.cpu_minutes, float)
    for name in ("max_decisions", "workers", "epochs", "teacher_decisions", "dagger"):
        value = getattr(s, name)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise UsageError(f"{name} must be an int >= 0, not {value!r}", code="bad_budget")
    if isinstance(s.teacher_minutes, bool) or not isinstance(s.teacher_minutes, (int, float)) \
            or s.teacher_minutes < 0:
        raise UsageError(f"teacher_minutes must be >= 0, not {s.teacher_minutes!r}", code="bad_budget")
    if s.minibatch > s.pool:
        raise UsageError(f"the minibatch ({s.minibatch}) is larger than the pool ({s.pool}): nothing would "
                         "be learnt", code="bad_budget")
    if s.objective not in OBJECTIVES:
        raise UsageError(f"objective is one of {', '.join(OBJECTIVES)}, not {s.objective!r}", code="bad_option")
    if s.distil not in DISTIL:
        raise UsageError(f"distil is one of {', '.join(DISTIL)}, not {s.distil!r}", code="bad_option")
    if isinstance(s.tau, bool) or not isinstance(s.tau, (int, float)) or s.tau < 0:
        raise UsageError(f"tau must be >= 0, not {s.tau!r}", code="bad_option")
    for name in ("epsilon", "heuristic", "student_share"):
        value = getattr(s, name)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= 1.0:
            raise UsageError(f"{name} must be in [0, 1], not {value!r}", code="bad_option")
    check_training(s.hidden, s.learning_rate)
    if isinstance(s.margin, bool) or not isinstance(s.margin, (int, float)) or not s.margin >= 0:
        raise UsageError(f"margin must be >= 0, not {s.margin!r}", code="bad_option")
    if bool(s.teacher) != bool(s.teacher_minutes or s.teacher_decisions) or \
            bool(s.teacher_minutes and s.teacher_decisions):
        raise UsageError("a teacher needs teacher_minutes > 0 or teacher_decisions > 0 (one of them), and "
                         "either a teacher", code="bad_option")
    if s.dagger and not s.teacher_decisions:
        raise UsageError("dagger counts labelled decisions: it needs teacher_decisions", code="bad_option")


def _learn(net: QNetwork, adam: Adam, batch: Batch, size: int, rng: np.random.Generator,
           distil: str = "values", tau: float = 0.0) -> float:
    """One pass of minibatch steps over ``batch``; the mean loss seen. Deep Monte-Carlo's batch: the
    squared error of the chosen ids. A teacher's batch (:data:`DISTIL`): ``"values"`` the squared
    error of every labelled id; ``"centered"`` the same towards each label less the position's mean
    label (only the moves' differences); ``"policy"`` the cross-entropy of the softmax over the
    labelled ids towards the teacher's choice (``tau`` 0) or the softmax of its values at
    temperature ``tau``: the outputs become the teacher's preferences, not values."""
    order = rng.permutation(len(batch))
    losses = []
    for start in range(0, len(order) - size + 1, size):
        pick = order[start:start + size]
        obs = batch.obs[pick]
        q, acts = net.forward(obs)
        if batch.labels is not None and batch.labelled is not None:
            g_q, loss = _distil_grad(q, batch.labels[pick], batch.labelled[pick], distil, tau)
            g_q /= size
            losses.append(loss)
        else:
            actions = batch.actions[pick]
            chosen = q[np.arange(size), actions]
            err = chosen - batch.targets[pick]
            g_q = np.zeros_like(q)
            g_q[np.arange(size), actions] = 2.0 * err / size
            losses.append(float(np.mean(err * err)))
        adam.step(net.grads(obs, acts, g_q.astype(np.float32)))
    return float(np.mean(losses)) if losses else 0.0


def _distil_grad(q: Any, labels: Any, weight: Any, distil: str, tau: float) -> tuple[Any, float]:
    """The loss's gradient per output (summed over the rows) and the mean loss, for labelled rows."""
    if distil == "policy":
        z = np.where(weight, q, NEG)
        z = np.exp(z - z.max(1, keepdims=True)) * weight
        p = z / z.sum(1, keepdims=True)
        if tau > 0:
            t = np.where(weight, labels / tau, NEG)
            t = np.exp(t - t.max(1, keepdims=True)) * weight
            t /= t.sum(1, keepdims=True)
        else:
            t = np.zeros_like(p)
            t[np.arange(len(q)), np.where(weight, labels, NEG).argmax(1)] = 1.0
        loss = float(-(t * np.log(np.maximum(p, 1e-12))).sum(1).mean())
        return p - t, loss
    if distil == "centered":
        labels = labels - (labels * weight).sum(1, keepdims=True) / np.maximum(1, weight.sum(1, keepdims=True))
    error = np.where(weight, q - labels, 0.0)
    return 2.0 * error, float((error * error).sum() / max(1, weight.sum()))


class _Kept:
    """The weights of the best curve point so far against the heuristic, and its score."""

    def __init__(self) -> None:
        self.score = -1.0
        self.params: list[Any] = []


#: The best curve point of the run under way (``keep_best``), by network.
_KEPT: dict[int, _Kept] = {}


def _evaluate(net: QNetwork, s: Settings) -> dict[str, float]:
    """The greedy network's score against RandomBot and the heuristic on the tuning seeds; the
    weights of the best score against the heuristic so far are kept (``keep_best``)."""
    out = _scores(net, s)
    kept = _KEPT.setdefault(id(net), _Kept())
    if out["best"] > kept.score:
        kept.score, kept.params = out["best"], [p.copy() for p in net.params]
    return out


def _scores(net: QNetwork, s: Settings) -> dict[str, float]:
    """The greedy network's score against RandomBot and the heuristic on the tuning seeds."""
    policy: Callable[[Any, Any], Any] = net.greedy
    out = {}
    for name in ("random", "best"):
        score = evaluate(policy, s.game, opponents=name, games=s.eval_games, seed=s.eval_seed, knowledge=True,
                         **s.rules)
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

    validate(s)
    rules = plugin(s.game).rules(settings=s.rules)
    obs = Observer(s.game, rules)
    net, adam, rng = _fresh(s, obs)
    start = time.process_time()
    curve: list[dict[str, Any]] = []
    if s.teacher:
        curve = _distil(s, rules, net, adam, rng, report)
    with _source(s, rules) as source:
        curve += _loop(s, net, adam, rng, source, report, start, curve[-1]["decisions"] if curve else 0)
    kept = _KEPT.pop(id(net))
    if s.keep_best and kept.params:
        net.params[:] = kept.params
        curve[-1]["kept"] = kept.score
    if s.margin and obs.k:
        curve.append(_with_margin(net, s, obs, curve[-1]))
        report(curve[-1])
    _write(net, s, rules, obs, curve)
    return net


def _fresh(s: Settings, obs: Observer) -> tuple[QNetwork, Adam, np.random.Generator]:
    """A new network (the heuristic's best move ahead by the prior), its optimiser and the
    generator of its minibatches, all from ``s.seed``."""
    net = QNetwork(obs.main, obs.ids, obs.k, s.hidden, seed=s.seed)
    if obs.k:  # the heuristic's best move starts ahead (the bias of its per-action column)
        net.params[-1][obs.k - len(KNOWLEDGE)] = s.prior
    return net, Adam(net.params, s.learning_rate), np.random.default_rng(s.seed + 1)


def _with_margin(net: QNetwork, s: Settings, obs: Any, last: dict[str, Any]) -> dict[str, Any]:
    """Raise the weight of the heuristic's best move by ``s.margin`` (the network then leaves that
    move only where it values another higher by more than the margin); the curve's point for it."""
    net.params[-1][obs.k - len(KNOWLEDGE)] += s.margin
    keep = ("decisions", "samples", "cpu_seconds", "loss")
    return {**{k: last[k] for k in keep}, "margin": s.margin, **_scores(net, s)}


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


def _distil(s: Settings, rules: Any, net: QNetwork, adam: Adam, rng: np.random.Generator,
            report: Callable[[dict[str, Any]], None]) -> list[dict[str, Any]]:
    """The teacher's phase (:mod:`naipes.learn.distil`): label its decisions for ``teacher_minutes``
    of CPU or up to ``teacher_decisions`` (in DAgger rounds of ``dagger``), then ``epochs`` passes
    over them all; the curve."""
    from naipes.learn.distil import Labels, TeacherPlay

    start = time.process_time()
    first = {"decisions": 0, "samples": 0, "cpu_seconds": 0.0, "loss": 0.0, **_evaluate(net, s)}
    report(first)  # the untrained network: the heuristic's columns and the prior
    play = TeacherPlay(s.game, rules, s.seed, teacher=s.teacher, epsilon=s.epsilon)
    labels = Labels(play, s.seed, s.teacher_data, s.dagger, s.student_share, s.pool)
    curve, observer = [first], Observer(s.game, rules)
    before = labels.cpu  # the labelling of earlier runs on the same file

    def fit(batch: Batch) -> QNetwork:
        student, optimiser, order = _fresh(s, observer)
        for _ in range(s.epochs):
            _learn(student, optimiser, batch, s.minibatch, order, s.distil, s.tau)
        return student

    def point(rows: int, student: QNetwork) -> None:
        curve.append({"decisions": rows, "samples": rows, "dagger_round": len(labels.ends), "loss": 0.0,
                      "cpu_seconds": round(time.process_time() - start + before, 1), **_scores(student, s)})
        report(curve[-1])

    if s.teacher_decisions:
        labels.until(s.teacher_decisions, fit, point)
    else:
        while time.process_time() - start < 60 * s.teacher_minutes:
            labels.add(play.collect(s.pool))
    labels.save()
    every, loss = labels.rows(), 0.0
    for _ in range(s.epochs):
        loss = _learn(net, adam, every, s.minibatch, rng, s.distil, s.tau)
    row = {"decisions": labels.total if s.teacher_decisions else play.decisions, "samples": len(every),
           "cpu_seconds": round(time.process_time() - start + before, 1), "loss": loss, **_evaluate(net, s)}
    curve.append(row)
    report(row)
    return curve


def _loop(s: Settings, net: QNetwork, adam: Adam, rng: np.random.Generator,
          source: Callable[[QNetwork], tuple[Batch, int]], report: Callable[[dict[str, Any]], None],
          start: float, before: int = 0) -> list[dict[str, Any]]:
    """Pools of self-play and passes of learning until the budget (counted from ``start``) is
    spent; the curve (decisions counted from ``before``)."""
    curve: list[dict[str, Any]] = []
    decisions, samples, loss, remote_cpu = before, 0, 0.0, 0.0
    next_eval = before + (s.eval_every if before else 0)
    while True:
        spent = time.process_time() - start + remote_cpu
        if s.teacher_decisions:  # counted, never timed: on to max_decisions (0: none)
            over = decisions >= s.max_decisions
        else:
            over = spent > 60 * s.cpu_minutes or bool(s.max_decisions and decisions >= s.max_decisions)
        if over and before and not curve:
            return curve  # the teacher's phase spent the budget; its point ends the curve
        if decisions >= next_eval or over:
            row = {"decisions": decisions, "samples": samples, "cpu_seconds": round(spent, 1), "loss": loss,
                   **_evaluate(net, s)}
            curve.append(row)
            report(row)
            next_eval += s.eval_every
            if over:
                return curve
        batch, played = source(net)
        decisions = before + played
        samples += len(batch)
        remote_cpu += batch.cpu
        for _ in range(s.passes):
            loss = _learn(net, adam, batch, s.minibatch, rng)


def _concat(pool: list[Batch]) -> Batch:
    """The batches as one (their labels too, when they all have them)."""
    labels = labelled = None
    if pool and all(b.labels is not None for b in pool):
        labels = np.concatenate([b.labels for b in pool])
        labelled = np.concatenate([b.labelled for b in pool])
    return Batch(np.concatenate([b.obs for b in pool]), np.concatenate([b.actions for b in pool]),
                 np.concatenate([b.targets for b in pool]), labels=labels, labelled=labelled)


def _write(net: QNetwork, s: Settings, rules: Any, obs: Any, curve: list[dict[str, Any]]) -> None:
    """The weights, the curve's JSON lines and its SVG, where asked."""
    if s.out:
        version = int(getattr(obs.space, "observation_version", 1))
        trained = {"settings": {k: v for k, v in asdict(s).items() if k not in ("log", "svg", "out", "teacher_data")},
                   "decisions": curve[-1]["decisions"],
                   "final": {k: curve[-1][k] for k in ("random", "best")},
                   "kept_best": float(curve[-1].get("kept", curve[-1]["best"]))}
        meta = WeightsMeta(s.game, rules_key(rules), version, obs.main, obs.ids, obs.k,
                           tuple(obs.features.names), tuple(s.hidden), trained, obs.feature_version)
        save_weights(net, meta, s.out)
    if s.log:
        with open(s.log, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(row) + "\n" for row in curve)
    if s.svg:
        from naipes.learn.curve import curve_svg

        with open(s.svg, "w", encoding="utf-8") as f:
            f.write(curve_svg(curve, title=f"{s.game}: deep Monte-Carlo self-play"))
