"""PPO with action masking, in numpy alone: a CleanRL-style single file that learns naipes games.

Trains one seat against bots (``RandomBot`` by default) with
:class:`naipes.adapters.training.BatchEnv`: the game's encoding plus its extra
features, dense rewards from its progress, normalised rewards. Every
``--eval-every`` steps the greedy policy plays ``--eval-games`` games against
``RandomBot`` and against the game's heuristic bot (``best``) on fixed seeds;
the curve goes to ``--log`` as JSON lines (plot it with
``docs/_static/rl_plot.py``).

Run (the guide's runs; ``--smoke`` is the CI's few-hundred-step check)::

    python examples/train_ppo.py --game machuco --rules players=2,scope=hand --cpu-minutes 15
    python examples/train_ppo.py --game ranzo --rules rounds=1 --cpu-minutes 15
    python examples/train_ppo.py --smoke

The network is two tanh MLPs (actor and critic, 2 x ``--hidden``), the masked
logits put illegal ids at probability 0, the gradients are written out by hand
and Adam is ten lines. Deterministic for a seed (one BLAS thread).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any

# One BLAS thread: the batches are small, and a threaded BLAS on busy cores made the batched
# step five times slower (issue 41); set before numpy loads, and through threadpoolctl when it
# is installed (it also limits a BLAS loaded before this module, see one_blas_thread)
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from naipes.adapters.training import BatchEnv, RandomPolicy, Score, evaluate, evaluate_bot  # noqa: E402

NEG = -1e9


@dataclass
class Args:
    """The run's settings (CleanRL's names where it has them)."""

    game: str = "machuco"
    rules: str = "players=2,scope=hand"
    opponents: str = "random"
    seed: int = 1
    total_steps: int = 10_000_000
    cpu_minutes: float = 15.0
    num_envs: int = 16
    num_steps: int = 64
    learning_rate: float = 1e-3
    anneal_lr: bool = True
    gamma: float = 0.99
    gae_lambda: float = 0.95
    num_minibatches: int = 4
    update_epochs: int = 4
    clip_coef: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    hidden: int = 128
    eval_every: int = 50_000
    eval_games: int = 400
    final_games: int = 2000
    eval_seed: int = 1_000_000
    log: str = ""
    save: str = ""
    load: str = ""
    reference: bool = False


def parse_rules(text: str) -> dict[str, Any]:
    """``players=2,scope=hand`` as keywords (ints where they parse, else strings)."""
    out: dict[str, Any] = {}
    for part in filter(None, text.split(",")):
        key, _, value = part.partition("=")
        out[key] = int(value) if value.lstrip("-").isdigit() else value
    return out


# -- the network ----------------------------------------------------------------------------

def init_mlp(rng: np.random.Generator, sizes: list[int], last_std: float) -> list[np.ndarray]:
    """Orthogonal weights (gain sqrt 2, the last layer ``last_std``) and zero biases, as CleanRL."""
    params = []
    for k, (a, b) in enumerate(zip(sizes, sizes[1:])):
        q, _ = np.linalg.qr(rng.standard_normal((max(a, b), min(a, b))))
        w = q if a >= b else q.T
        gain = last_std if k == len(sizes) - 2 else np.sqrt(2.0)
        params += [(gain * w[:a, :b]).astype(np.float32), np.zeros(b, np.float32)]
    return params


def forward(params: list[np.ndarray], x: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    """The MLP's output and the activations backward() needs."""
    acts = [x]
    for k in range(0, len(params) - 2, 2):
        x = np.tanh(x @ params[k] + params[k + 1])
        acts.append(x)
    return x @ params[-2] + params[-1], acts


def backward(params: list[np.ndarray], acts: list[np.ndarray], grad: np.ndarray,
             extra: np.ndarray | None = None) -> list[np.ndarray]:
    """The gradients of every parameter given the output's gradient (and ``extra``, a gradient
    on the last hidden layer from elsewhere)."""
    grads: list[np.ndarray] = [np.empty(0)] * len(params)
    for k in range(len(params) - 2, -1, -2):
        a = acts[k // 2]
        grads[k], grads[k + 1] = a.T @ grad, grad.sum(0)
        if k:
            grad = grad @ params[k].T
            if extra is not None and k == len(params) - 2:
                grad = grad + extra
            grad = grad * (1.0 - a * a)
    return grads


class Adam:
    """Adam (eps 1e-5, as CleanRL) over a list of arrays."""

    def __init__(self, params: list[np.ndarray], lr: float) -> None:
        self.params, self.lr, self.t = params, lr, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def step(self, grads: list[np.ndarray]) -> None:
        """One update."""
        self.t += 1
        b1, b2 = 0.9, 0.999
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            p -= self.lr * (m / (1 - b1 ** self.t)) / (np.sqrt(v / (1 - b2 ** self.t)) + 1e-5)


class Agent:
    """Actor and critic MLPs; masked categorical policy.

    The MLPs read the first ``main`` numbers of an observation; when the env gives ``k``
    features per action id after them (an ``(ids, k)`` block), the logit of id ``i`` also
    gets ``row_i . (h @ V + c)``, ``h`` the actor's last hidden layer: every id is scored
    from its own features, with weights that depend on the position.
    """

    def __init__(self, obs: int, ids: int, hidden: int, rng: np.random.Generator, k: int = 0) -> None:
        self.main, self.ids, self.k = obs, ids, k
        self.actor = init_mlp(rng, [obs, hidden, hidden, ids], 0.01)
        if k:
            self.actor += [(0.01 * rng.standard_normal((hidden, k))).astype(np.float32), np.zeros(k, np.float32)]
        self.critic = init_mlp(rng, [obs, hidden, hidden, 1], 1.0)

    def _mlp(self) -> list[np.ndarray]:
        return self.actor[:-2] if self.k else self.actor

    def logits(self, obs: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        """Masked logits (illegal ids at -1e9) and the actor's activations."""
        z, acts = forward(self._mlp(), obs[:, :self.main])
        if self.k:
            rows = obs[:, self.main:].reshape(len(obs), self.ids, self.k)
            z = z + np.einsum("bak,bk->ba", rows, acts[-1] @ self.actor[-2] + self.actor[-1])
        return np.where(masks, z, NEG), acts

    def actor_grads(self, obs: np.ndarray, acts: list[np.ndarray], g_z: np.ndarray) -> list[np.ndarray]:
        """The actor's gradients given the logits' gradient."""
        if not self.k:
            return backward(self.actor, acts, g_z)
        rows = obs[:, self.main:].reshape(len(obs), self.ids, self.k)
        g_u = np.einsum("ba,bak->bk", g_z, rows)
        extra = g_u @ self.actor[-2].T
        return backward(self._mlp(), acts, g_z, extra) + [acts[-1].T @ g_u, g_u.sum(0)]

    def value(self, obs: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        """The critic's values and activations."""
        v, acts = forward(self.critic, obs[:, :self.main])
        return v[:, 0], acts

    def greedy(self, obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """The most likely legal id per row (the evaluation policy)."""
        return self.logits(obs, masks)[0].argmax(1)


def log_softmax(z: np.ndarray) -> np.ndarray:
    """Row-wise log-softmax."""
    z = z - z.max(1, keepdims=True)
    return z - np.log(np.exp(z).sum(1, keepdims=True))


def sample(rng: np.random.Generator, logp: np.ndarray) -> np.ndarray:
    """One id per row from the log-probabilities (Gumbel max)."""
    return (logp - np.log(-np.log(rng.random(logp.shape)))).argmax(1)


# -- PPO ------------------------------------------------------------------------------------

def ppo_update(agent: Agent, opt: Adam, batch: dict[str, np.ndarray], args: Args,
               rng: np.random.Generator) -> dict[str, float]:
    """CleanRL's PPO update (clipped surrogate, entropy bonus, global grad-norm clip)."""
    n = len(batch["obs"])
    size = n // args.num_minibatches
    stats: dict[str, list[float]] = {"pg_loss": [], "v_loss": [], "entropy": [], "approx_kl": [], "clipfrac": []}
    for _ in range(args.update_epochs):
        order = rng.permutation(n)
        for start in range(0, n, size):
            mb = order[start:start + size]
            obs, masks, actions = batch["obs"][mb], batch["masks"][mb], batch["actions"][mb]
            b = len(mb)
            z, a_acts = agent.logits(obs, masks)
            logp_all = log_softmax(z)
            p = np.exp(logp_all) * masks
            logp = logp_all[np.arange(b), actions]
            ratio = np.exp(logp - batch["logp"][mb])
            adv = batch["adv"][mb]
            adv = (adv - adv.mean()) / (adv.std() + 1e-8)
            pg1, pg2 = -adv * ratio, -adv * np.clip(ratio, 1 - args.clip_coef, 1 + args.clip_coef)
            safe_logp = np.where(masks, logp_all, 0.0)
            entropy = -(p * safe_logp).sum(1)
            # d loss / d logits: policy term, then the entropy bonus
            g_logp = np.where(pg1 >= pg2, -adv * ratio, 0.0) / b
            g_z = -p * g_logp[:, None]
            g_z[np.arange(b), actions] += g_logp
            g_z += args.ent_coef * p * (safe_logp + entropy[:, None]) / b
            g_z *= masks
            v, c_acts = agent.value(obs)
            g_v = (args.vf_coef * (v - batch["returns"][mb]) / b)[:, None]
            grads = agent.actor_grads(obs, a_acts, g_z.astype(np.float32))
            grads += backward(agent.critic, c_acts, g_v.astype(np.float32))
            norm = float(np.sqrt(sum(float((g * g).sum()) for g in grads)))
            if norm > args.max_grad_norm:
                grads = [g * (args.max_grad_norm / norm) for g in grads]
            opt.step(grads)
            stats["pg_loss"].append(float(np.maximum(pg1, pg2).mean()))
            stats["v_loss"].append(float(0.5 * ((v - batch["returns"][mb]) ** 2).mean()))
            stats["entropy"].append(float(entropy.mean()))
            stats["approx_kl"].append(float(((ratio - 1) - np.log(ratio)).mean()))
            stats["clipfrac"].append(float((np.abs(ratio - 1) > args.clip_coef).mean()))
    return {k: float(np.mean(v)) for k, v in stats.items()}


def rollout(agent: Agent, envs: BatchEnv, args: Args, rng: np.random.Generator) -> dict[str, np.ndarray]:
    """``num_steps`` steps of every env, with GAE advantages."""
    t_, e_ = args.num_steps, len(envs.envs)
    obs = np.zeros((t_, e_, envs.observation_size), np.float32)
    masks = np.zeros((t_, e_, envs.action_size), bool)
    actions = np.zeros((t_, e_), np.int64)
    logps, values, rewards, dones = (np.zeros((t_, e_), np.float32) for _ in range(4))
    for t in range(t_):
        obs[t], masks[t] = envs.obs, envs.masks
        logp_all = log_softmax(agent.logits(envs.obs, envs.masks)[0])
        a = sample(rng, logp_all)
        if not envs.masks[np.arange(e_), a].all():
            raise AssertionError("a masked-out id was sampled")
        actions[t], logps[t] = a, logp_all[np.arange(e_), a]
        values[t] = agent.value(envs.obs)[0]
        rewards[t], dones[t] = envs.step(a)
    next_value = agent.value(envs.obs)[0]
    adv = np.zeros((t_, e_), np.float32)
    last = np.zeros(e_, np.float32)
    for t in reversed(range(t_)):
        nonterminal = 1.0 - dones[t]
        nv = next_value if t == t_ - 1 else values[t + 1]
        delta = rewards[t] + args.gamma * nv * nonterminal - values[t]
        last = delta + args.gamma * args.gae_lambda * nonterminal * last
        adv[t] = last
    flat = {"obs": obs, "masks": masks, "actions": actions, "logp": logps, "adv": adv, "returns": adv + values}
    return {k: v.reshape(t_ * e_, *v.shape[2:]) for k, v in flat.items()}


def score_point(agent: Agent, args: Args, rules: dict[str, Any], step: int, cpu: float,
                games: int = 0) -> dict[str, Any]:
    """The greedy policy's scores against RandomBot and the heuristic bot (``games``: default
    ``eval_games``)."""
    games = games or args.eval_games
    point: dict[str, Any] = {"step": step, "cpu_s": round(cpu, 1), "games": games}
    for name, spec in (("random", "random"), ("best", "best")):
        s = evaluate(agent.greedy, args.game, opponents=spec, games=games, seed=args.eval_seed, **rules)
        point[name] = [round(s.mean, 4), round(s.low, 4), round(s.high, 4)]
    return point


def baselines(args: Args, rules: dict[str, Any]) -> dict[str, Any]:
    """Uniform random play's scores on the same seeds (the untrained level)."""
    out: dict[str, Any] = {"step": -1}
    for name, spec in (("random", "random"), ("best", "best")):
        s: Score = evaluate(RandomPolicy(0), args.game, opponents=spec, games=args.eval_games,
                            seed=args.eval_seed, **rules)
        out[name] = [round(s.mean, 4), round(s.low, 4), round(s.high, 4)]
    return out


def reference(args: Args, rules: dict[str, Any]) -> dict[str, Any]:
    """The heuristic bot's own scores in the learner's seat on the final evaluation's games."""
    games = max(args.final_games, args.eval_games)
    out: dict[str, Any] = {"games": games}
    for name, spec in (("random", "random"), ("best", "best")):
        s = evaluate_bot("best", args.game, opponents=spec, games=games, seed=args.eval_seed, **rules)
        out[name] = [round(s.mean, 4), round(s.low, 4), round(s.high, 4)]
    return out


def train(args: Args) -> dict[str, Any]:
    """Train; returns the last update's stats, the curve and the CPU seconds."""
    rules = parse_rules(args.rules)
    rng = np.random.default_rng(args.seed)
    envs = BatchEnv(args.num_envs, seed=args.seed * 7919, game=args.game, opponents=args.opponents, **rules)
    agent = Agent(envs.main_size, envs.action_size, args.hidden, rng, k=envs.action_features)
    params = agent.actor + agent.critic
    if args.load:
        with np.load(args.load) as saved:
            for p, k in zip(params, sorted(saved.files, key=lambda f: int(f.split("_")[1]))):
                p[...] = saved[k]
    opt = Adam(params, args.learning_rate)
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(True))  # end with the final evaluation
    emit = open(args.log, "a") if args.log else None  # noqa: SIM115 - kept open for the run
    def write(record: dict[str, Any]) -> None:
        line = json.dumps(record)
        print(line, flush=True)
        if emit:
            emit.write(line + "\n")
            emit.flush()
    write({"args": asdict(args)})
    if args.eval_every:
        write({"baseline": baselines(args, rules)})
    if args.reference:
        write({"reference": reference(args, rules)})
    start = time.process_time()
    eval_cpu = 0.0
    per_update = args.num_envs * args.num_steps
    updates = args.total_steps // per_update
    budget = args.cpu_minutes * 60
    curve, stats, step, next_eval = [], {}, 0, 0
    for update in range(1, updates + 1):
        train_cpu = time.process_time() - start - eval_cpu
        if args.anneal_lr:  # by steps only, so that a seed gives the same run on any machine
            opt.lr = args.learning_rate * max(0.05, 1.0 - step / args.total_steps)
        if args.eval_every and step >= next_eval:
            t0 = time.process_time()
            point = score_point(agent, args, rules, step, train_cpu)
            eval_cpu += time.process_time() - t0
            curve.append(point)
            write({"eval": point})
            next_eval += args.eval_every
            if args.save:
                np.savez(args.save, *params)
        batch = rollout(agent, envs, args, rng)
        stats = ppo_update(agent, opt, batch, args, rng)
        step += per_update
        if not all(np.isfinite(v) for v in stats.values()):
            raise FloatingPointError(f"non-finite loss at update {update}: {stats}")
        if update % 20 == 0 or update == updates:
            recent = envs.finished[-500:]
            write({"update": update, "step": step, "train_cpu_s": round(time.process_time() - start - eval_cpu, 1),
                   "train_score": round(float(np.mean(recent)), 4) if recent else None,
                   **{k: round(v, 5) for k, v in stats.items()}})
        if time.process_time() - start - eval_cpu > budget or stop:
            break
    train_cpu = time.process_time() - start - eval_cpu
    if args.eval_every or args.final_games:
        games = max(args.final_games, args.eval_games) if args.eval_every else args.final_games
        point = score_point(agent, args, rules, step, train_cpu, games)
        curve.append(point)
        write({"eval": point, "final": True})
    if args.save:
        np.savez(args.save, *params)
    total = time.process_time() - start
    write({"done": {"steps": step, "train_cpu_s": round(train_cpu, 1), "total_cpu_s": round(total, 1)}})
    if emit:
        emit.close()
    return {"stats": stats, "curve": curve, "steps": step, "train_cpu_s": train_cpu, "total_cpu_s": total}


def one_blas_thread() -> bool:
    """Limit the loaded BLAS to one thread with ``threadpoolctl`` when it is installed (the
    environment variables above only act before numpy loads); whether it could."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return False
    threadpool_limits(1)
    return True


def main(argv: list[str] | None = None) -> int:
    """Parse the options (every :class:`Args` field as ``--name``) and train."""
    one_blas_thread()
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for name, value in asdict(Args()).items():
        flag = "--" + name.replace("_", "-")
        if isinstance(value, bool):
            parser.add_argument(flag, type=lambda s: s.lower() in ("1", "true", "yes"), nargs="?", const=True,
                                default=value)
        else:
            parser.add_argument(flag, type=type(value), default=value)
    parser.add_argument("--smoke", action="store_true", help="a few hundred steps and tiny evaluations")
    ns = vars(parser.parse_args(argv))
    smoke = ns.pop("smoke")
    args = Args(**ns)
    if smoke:
        args.total_steps, args.num_envs, args.num_steps = 320, 4, 16
        args.eval_every, args.eval_games, args.final_games, args.hidden = 160, 8, 8, 32
    train(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
