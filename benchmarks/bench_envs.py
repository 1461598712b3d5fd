#!/usr/bin/env python3
"""Environment steps per second: naipes' adapters beside the bare API and the peers.

For every game with an ``ActionSpace``, one run measures random play through:

- ``bare``: ``legal_moves`` + a random move + ``play`` (the plain API);
- ``ids``: ``legal_ids`` + ``move(id)`` + ``play`` (integer actions, no framework);
- ``ids+mask+encode``: through one :class:`~naipes.actions.Tracker` per seat,
  ``legal_ids``, an int8 mask and ``encode`` into preallocated arrays, then
  ``move(id)`` + ``play``: what every learning step needs (``vs bare`` is the
  encoding's cost over the bare step; the issue-25 target is 3×; the line
  "trackers' encoders" says per game whether they ran compiled, a
  ``NAIPES_MYPYC=1`` build, or as Python);
- ``same from views``: the same from a view built at every step
  (``space.legal_ids(view)``, ``space.encode(view, out=...)``);
- ``no candidates`` (Machiavelli): ids + mask + encode with ``ActionSpace(rules,
  candidates=0)``, the step without the candidate slots; ``candidate fill``: what
  filling the slots adds per decision, timed on the same positions (a tracker with
  the slots and one without follow one game; the moves are not timed), and the
  line below the table gives it over the ``no candidates`` step (the issue-44
  target is 3×);
- ``vector N=1/16/256``: :class:`~naipes.adapters.vector.NaipesVectorEnv` of N
  games (``copy=False``), a random legal id per game; ``us/step`` is per game
  step (the opponents' moves included, as in ``gymnasium``);
- ``policy x1`` / ``policy x64`` (Machuco 2 players one hand, Ranzo one round):
  one :class:`~naipes.adapters.gymnasium.NaipesEnv` with an actor-critic MLP of
  the training example's size (2 x 128 tanh, numpy: masked logits, a sample, the
  value) asked at every step, beside
  :class:`~naipes.adapters.vector.NaipesVectorEnv` of 64 games (``copy=False``)
  asked once per step for all of them (only decisions count: not the step at
  which an ended game restarts, its action ignored); ``training x1`` / ``training x64``: the
  same with :class:`~naipes.adapters.training.TrainingEnv` (features, dense
  rewards) and :class:`~naipes.adapters.training.BatchEnv`. The lines below the
  table give each batch's steps per second over its single env's (the issue-41
  targets: 2x Machuco, 1.5x Ranzo). The benchmark runs with one BLAS thread
  (``OMP_NUM_THREADS`` and the like set to 1 before numpy loads, and
  ``threadpoolctl`` when it is installed), as the training example does;
- ``pettingzoo``: ``last()`` + a random id from the int8 mask + ``step``;
- ``gymnasium``: ``step`` of one seat (its opponents' random moves included in the step);
- ``openspiel``: ``legal_actions`` + ``apply_action`` on the adapter's states;

and beside them OpenSpiel's native ``gin_rummy`` and ``crazy_eights`` (C++) and
RLCard's ``uno`` and ``gin-rummy`` (Python) with the same loop. Rounds of every
cell are interleaved so this machine's drift cancels; the figures are medians.
Cells whose extra is not installed are skipped. ``vs bare`` is the cell's µs
per step over the bare API's, in the same run.

    python benchmarks/bench_envs.py                  # 2 s per cell, 3 rounds
    python benchmarks/bench_envs.py --games ranzo --seconds 1 --rounds 5
    python benchmarks/bench_envs.py --interfaces ids+mask+encode --rounds 7
    python benchmarks/bench_envs.py --smoke --json envs.json
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import sys
import time
from typing import Any, Callable

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):  # one BLAS thread, before numpy
    os.environ.setdefault(_var, "1")

import naipes  # noqa: E402

try:  # numpy loaded already (a BLAS pool started): limit it too
    from threadpoolctl import threadpool_limits
except ImportError:
    pass
else:
    threadpool_limits(1)

clock = time.process_time
#: The numbers of games of the vector environment's cells.
VECTOR_SIZES = (1, 16, 256)
#: The issue-25 target: ids + mask + encode at most this many times the bare step.
TARGET = 3.0
#: The issue-44 target: filling Machiavelli's candidate slots at most this many times the
#: ids + mask + encode step without them.
FILL_TARGET = 3.0
#: The issue-41 targets: steps per second of 64 games with one batched policy over one game with
#: a per-step policy, and the rules of those cells.
BATCH = 64
BATCH_TARGETS = {"machuco": 2.0, "ranzo": 1.5}
POLICY_RULES: dict[str, dict[str, Any]] = {"machuco": {"players": 2, "scope": "hand"}, "ranzo": {"rounds": 1}}
Loop = Callable[[random.Random, float], tuple[int, float]]


Episode = Callable[[random.Random], int]


def _timed(episode: Episode) -> Loop:
    """A loop that plays whole episodes until the deadline: (decisions, CPU seconds)."""
    def run(rng: random.Random, until: float) -> tuple[int, float]:
        steps, start = 0, clock()
        while clock() < until:
            steps += episode(rng)
        return steps, clock() - start
    return run


def _bare(module: Any) -> Loop:
    def episode(rng: random.Random) -> int:
        game, steps = module.Game(module.Rules(), seed=rng.randrange(2**31)), 0
        while not game.is_over:
            seat = min(game.to_act)
            moves = game.legal_moves(seat)
            game.play(moves[rng.randrange(len(moves))], seat)
            steps += 1
        return steps
    return _timed(episode)


def _ids(module: Any) -> Loop:
    space = module.ActionSpace(module.Rules())

    def episode(rng: random.Random) -> int:
        game, steps = module.Game(module.Rules(), seed=rng.randrange(2**31)), 0
        while not game.is_over:
            seat = min(game.to_act)
            view = game.view(seat)
            ids = space.legal_ids(view)
            game.play(space.move(ids[rng.randrange(len(ids))], view), seat)
            steps += 1
        return steps
    return _timed(episode)


def _viewed(module: Any) -> Loop:
    """ids + mask + encode from a view built at every step (the 1.2 way)."""
    import numpy as np

    space = module.ActionSpace(module.Rules())
    obs = np.zeros(space.observation_size, np.float32)
    mask = np.zeros(space.size, np.int8)

    def episode(rng: random.Random) -> int:
        game, steps = module.Game(module.Rules(), seed=rng.randrange(2**31)), 0
        while not game.is_over:
            seat = min(game.to_act)
            view = game.view(seat)
            ids = space.legal_ids(view)
            mask.fill(0)
            mask[list(ids)] = 1
            space.encode(view, out=obs)
            game.play(space.move(ids[rng.randrange(len(ids))], view), seat)
            steps += 1
        return steps
    return _timed(episode)


def _encoded(module: Any, **space_args: Any) -> Loop:
    """ids + mask + encode through one tracker per seat (``ActionSpace.tracker``), each
    writing its own preallocated arrays: what a learning loop does at every step."""
    import numpy as np

    space = module.ActionSpace(module.Rules(), **space_args)

    def episode(rng: random.Random) -> int:
        game, steps = module.Game(module.Rules(), seed=rng.randrange(2**31)), 0
        trackers = [space.tracker(game, s, np.zeros(space.observation_size, np.float32))
                    for s in range(game.num_players)]
        masks = [np.zeros(space.size, np.int8) for _ in trackers]
        while not game.is_over:
            seat = min(game.to_act)
            tracker = trackers[seat]
            ids = tracker.legal_ids()
            tracker.mask(masks[seat])
            tracker.encode()
            game.play(tracker.move(ids[rng.randrange(len(ids))]), seat)
            steps += 1
        return steps
    return _timed(episode)


def _takes_candidates(module: Any) -> bool:
    """Whether the game's ``ActionSpace`` has candidate slots (Machiavelli's ``candidates=``)."""
    import inspect

    return "candidates" in inspect.signature(module.ActionSpace).parameters


def _no_candidates(module: Any) -> Loop:
    """ids + mask + encode as ``_encoded``, with no candidate slots (``ActionSpace(candidates=0)``):
    the step before the slots."""
    return _encoded(module, candidates=0)


def _candidate_fill(module: Any) -> Loop:
    """What filling the candidate slots costs per decision: two trackers per seat follow the same
    game, one with the slots and one without (``candidates=0``); each decision times both trackers'
    ``legal_ids`` + mask + ``encode`` and counts the difference (the game's moves are not timed;
    the move is a random legal id of the space with the slots)."""
    import numpy as np

    rules = module.Rules()
    full, bare = module.ActionSpace(rules), module.ActionSpace(rules, candidates=0)
    tick = clock  # CPU time, as the other cells (wall-clock time would count the waits of a loaded machine)

    def run(rng: random.Random, until: float) -> tuple[int, float]:
        steps, spent = 0, 0.0
        while clock() < until:
            game = module.Game(rules, seed=rng.randrange(2**31))
            pairs = [(full.tracker(game, s, np.zeros(full.observation_size, np.float32)),
                      bare.tracker(game, s, np.zeros(bare.observation_size, np.float32)))
                     for s in range(game.num_players)]
            masks = (np.zeros(full.size, np.int8), np.zeros(bare.size, np.int8))
            while not game.is_over:
                with_slots, without = pairs[min(game.to_act)]
                game.legal_moves(min(game.to_act))  # the engine's listing, which both trackers read, made first
                a = tick()
                without.legal_ids()
                without.mask(masks[1])
                without.encode()
                b = tick()
                ids = with_slots.legal_ids()
                with_slots.mask(masks[0])
                with_slots.encode()
                spent += (tick() - b) - (b - a)
                steps += 1
                game.play(with_slots.move(ids[rng.randrange(len(ids))]), min(game.to_act))
        return steps, spent
    return run


def _vector(name: str, n: int) -> Loop:
    import numpy as np

    from naipes.adapters.vector import NaipesVectorEnv

    envs = NaipesVectorEnv(name, n, copy=False)

    def run(rng: random.Random, until: float) -> tuple[int, float]:
        noise = np.random.default_rng(rng.randrange(2**31))
        _, info = envs.reset(seed=rng.randrange(2**31))
        masks = info["action_mask"]
        steps, start = 0, clock()
        while clock() < until:
            actions = np.argmax(np.where(masks, noise.random(masks.shape), -1.0), axis=1)
            envs.step(actions)
            steps += n
        return steps, clock() - start
    return run


class _Policy:
    """An actor-critic of the training example's shape (2 x ``hidden`` tanh MLPs over the main
    features; masked logits, a Gumbel-max sample, the value): the per-step cost of a learner."""

    def __init__(self, main: int, ids: int, seed: int, hidden: int = 128) -> None:
        import numpy as np

        rng = np.random.default_rng(seed)
        self.main, self.rng = main, rng

        def mlp(sizes: list[int]) -> list[Any]:
            return [(rng.standard_normal((a, b)) / np.sqrt(a)).astype(np.float32) for a, b in zip(sizes, sizes[1:])]

        self.actor, self.critic = mlp([main, hidden, hidden, ids]), mlp([main, hidden, hidden, 1])

    def __call__(self, obs: Any, masks: Any) -> Any:
        import numpy as np

        x = obs[:, :self.main]
        z, v = x, x
        for w in self.actor[:-1]:
            z = np.tanh(z @ w)
        for w in self.critic[:-1]:
            v = np.tanh(v @ w)
        z = np.where(masks, z @ self.actor[-1], -1e9)
        self.value = v @ self.critic[-1]
        z = z - z.max(1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(1, keepdims=True))
        return (logp - np.log(-np.log(self.rng.random(logp.shape)))).argmax(1)


def _gym_single(name: str) -> Loop:
    """One Gymnasium :class:`NaipesEnv`, the policy asked at every step for its one game."""
    from naipes.adapters.gymnasium import NaipesEnv

    env = NaipesEnv(name, **POLICY_RULES[name])
    policy = _Policy(env.space.observation_size, env.space.size, 0)

    def run(rng: random.Random, until: float) -> tuple[int, float]:
        obs, info = env.reset(seed=rng.randrange(2**31))
        steps, start = 0, clock()
        while clock() < until:
            action = int(policy(obs[None], info["action_mask"][None])[0])
            obs, _, done, _, info = env.step(action)
            if done:
                obs, info = env.reset()
            steps += 1
        return steps, clock() - start
    return run


def _vector_batch(name: str, n: int = BATCH) -> Loop:
    """:class:`NaipesVectorEnv` of ``n`` games (``copy=False``), the policy asked once per step."""
    from naipes.adapters.vector import NaipesVectorEnv

    envs = NaipesVectorEnv(name, n, copy=False, **POLICY_RULES[name])
    policy = _Policy(envs.space.observation_size, envs.space.size, 0)

    def run(rng: random.Random, until: float) -> tuple[int, float]:
        obs, info = envs.reset(seed=rng.randrange(2**31))
        masks = info["action_mask"]
        steps, restarting, start = 0, 0, clock()
        while clock() < until:
            obs, _, ended, _, info = envs.step(policy(obs, masks))
            masks = info["action_mask"]
            steps += n - restarting  # a game that ended restarts at this step: no decision, not counted
            restarting = int(ended.sum())
        return steps, clock() - start
    return run


def _policy_single(name: str) -> Loop:
    """One :class:`TrainingEnv`, the policy asked at every step for its one game."""
    from naipes.adapters.training import TrainingEnv

    env = TrainingEnv(name, **POLICY_RULES[name])
    policy = _Policy(env.main_size, env.action_size, 0)

    def run(rng: random.Random, until: float) -> tuple[int, float]:
        obs, mask = env.reset(rng.randrange(2**31))
        steps, start = 0, clock()
        while clock() < until:
            action = int(policy(obs[None], mask[None])[0])
            obs, mask, _, done = env.step(action)
            if done:
                obs, mask = env.reset()
            steps += 1
        return steps, clock() - start
    return run


def _policy_batch(name: str, n: int = BATCH) -> Loop:
    """:class:`BatchEnv` of ``n`` games, the policy asked once per step for all of them."""
    from naipes.adapters.training import BatchEnv

    def run(rng: random.Random, until: float) -> tuple[int, float]:
        envs = BatchEnv(n, rng.randrange(2**31), game=name, **POLICY_RULES[name])
        policy = _Policy(envs.main_size, envs.action_size, 0)
        steps, start = 0, clock()
        while clock() < until:
            envs.step(policy(envs.obs, envs.masks))
            steps += n
        return steps, clock() - start
    return run


def _pick(mask: Any, rng: random.Random) -> int:
    import numpy as np

    legal = np.flatnonzero(mask)
    return int(legal[rng.randrange(len(legal))])


def _pettingzoo(name: str) -> Loop:
    from naipes.adapters.pettingzoo import env

    e = env(name)

    def episode(rng: random.Random) -> int:
        e.reset(seed=rng.randrange(2**31))
        steps = 0
        while True:
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                return steps
            e.step(_pick(obs["action_mask"], rng))
            steps += 1
    return _timed(episode)


def _gymnasium(name: str) -> Loop:
    from naipes.adapters.gymnasium import env

    e = env(name)

    def episode(rng: random.Random) -> int:
        _, info = e.reset(seed=rng.randrange(2**31))
        steps, done = 0, False
        while not done:
            _, _, done, _, info = e.step(_pick(info["action_mask"], rng))
            steps += 1
        return steps
    return _timed(episode)


def _spiel(game: Any) -> Loop:
    def episode(rng: random.Random) -> int:
        state, steps = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        return steps
    return _timed(episode)


def _openspiel_naipes(name: str) -> Loop:
    from naipes.adapters import openspiel

    return _spiel(openspiel.load(name, seed=1))


def _openspiel_native(name: str) -> Loop:
    import pyspiel

    return _spiel(pyspiel.load_game(name))


def _rlcard(env_id: str) -> Loop:
    import rlcard

    e = rlcard.make(env_id, config={"seed": 0})

    def episode(rng: random.Random) -> int:
        state, _ = e.reset()
        steps = 0
        while not e.is_over():
            state, _ = e.step(rng.choice(list(state["legal_actions"].keys())))
            steps += 1
        return steps
    return _timed(episode)


def _has(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def cells(names: list[str]) -> list[tuple[str, str, Callable[[], Loop]]]:
    """(game, interface, loop factory) for everything installed."""
    out: list[tuple[str, str, Callable[[], Loop]]] = []
    for name in names:
        module = naipes.find_game(name).load()
        out += [(name, "bare", lambda m=module: _bare(m)), (name, "ids", lambda m=module: _ids(m))]
        if _has("numpy"):
            out.append((name, "ids+mask+encode", lambda m=module: _encoded(m)))
            out.append((name, "same from views", lambda m=module: _viewed(m)))
            if name in POLICY_RULES:
                out.append((name, "training x1", lambda n=name: _policy_single(n)))
                out.append((name, f"training x{BATCH}", lambda n=name: _policy_batch(n)))
            if _takes_candidates(module):
                out.append((name, "no candidates", lambda m=module: _no_candidates(m)))
                out.append((name, "candidate fill", lambda m=module: _candidate_fill(m)))
        if _has("pettingzoo"):
            out.append((name, "pettingzoo", lambda n=name: _pettingzoo(n)))
        if _has("gymnasium"):
            out.append((name, "gymnasium", lambda n=name: _gymnasium(n)))
            out += [(name, f"vector N={k}", lambda n=name, k=k: _vector(n, k)) for k in VECTOR_SIZES]
            if name in POLICY_RULES:
                out.append((name, "policy x1", lambda n=name: _gym_single(n)))
                out.append((name, f"policy x{BATCH}", lambda n=name: _vector_batch(n)))
        if _has("pyspiel"):
            out.append((name, "openspiel", lambda n=name: _openspiel_naipes(n)))
    if _has("pyspiel"):
        out += [(g, "openspiel (C++)", lambda g=g: _openspiel_native(g)) for g in ("gin_rummy", "crazy_eights")]
    if _has("rlcard"):
        out += [(g, "rlcard (Python)", lambda g=g: _rlcard(g)) for g in ("uno", "gin-rummy")]
    return out


def measure(names: list[str], seconds: float, rounds: int, seed: int,
            interfaces: list[str] | None = None) -> list[dict[str, Any]]:
    """Interleaved rounds of every cell (of ``interfaces``, with ``bare`` always); medians of µs per step."""
    built = [(game, kind, make()) for game, kind, make in cells(names)
             if interfaces is None or kind == "bare" or kind in interfaces]
    times: dict[tuple[str, str], list[float]] = {(g, k): [] for g, k, _ in built}
    for r in range(rounds):
        for game, kind, loop in built:
            steps, spent = loop(random.Random(f"{seed}/{r}/{game}"), clock() + seconds)
            times[(game, kind)].append(1e6 * spent / max(steps, 1))
    rows = []
    for (game, kind), us in times.items():
        bare = times.get((game, "bare"))
        med = statistics.median(us)
        rows.append({"game": game, "interface": kind, "us_per_step": round(med, 2),
                     "steps_per_s": round(1e6 / med), "vs_bare": round(med / statistics.median(bare), 2)
                     if bare else None})
    return rows


def builds(names: list[str]) -> dict[str, str]:
    """Per game, how its tracker's observation is written here: ``compiled`` (a ``NAIPES_MYPYC=1``
    build), ``python`` (the game's own tracker, interpreted), or ``views`` (the base tracker:
    a view per position)."""
    from naipes.actions import Tracker

    out = {}
    for name in names:
        module = naipes.find_game(name).load()
        space = module.ActionSpace(module.Rules())
        tracker = space.tracker(module.Game(module.Rules(), seed=0), 0)
        out[name] = "compiled" if tracker.compiled else ("views" if type(tracker) is Tracker else "python")
    return out


def _interfaces(parser: argparse.ArgumentParser, text: str | None, names: list[str]) -> list[str] | None:
    """The interfaces ``--interfaces`` names (``None``: all); an unknown one stops with the known ones."""
    if not text:
        return None
    asked = [part.strip() for part in text.split(",") if part.strip()]
    known = sorted({kind for _, kind, _ in cells(names)})
    unknown = [kind for kind in asked if kind not in known]
    if unknown:
        parser.error(f"unknown interfaces {unknown} for these games; known: {', '.join(known)}")
    return asked


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", help="comma-separated names (default: every game with an ActionSpace)")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--interfaces", help="comma-separated interfaces to measure (default: all; bare always)")
    parser.add_argument("--smoke", action="store_true", help="0.2 s per cell, one round (CI)")
    parser.add_argument("--json", help="also write the table as JSON to this file")
    args = parser.parse_args(argv)
    if args.smoke:
        args.seconds, args.rounds = 0.2, 1
    names = args.games.split(",") if args.games else [
        i.name for i in naipes.games() if hasattr(i.load(), "ActionSpace")]
    interfaces = _interfaces(parser, args.interfaces, names)
    rows = measure(names, args.seconds, args.rounds, args.seed, interfaces)
    print(f"{'game':<14} {'interface':<17} {'us/step':>9} {'steps/s':>9} {'vs bare':>8}")
    for r in rows:
        vs = "-" if r["vs_bare"] is None else f"{r['vs_bare']:.2f}"
        print(f"{r['game']:<14} {r['interface']:<17} {r['us_per_step']:>9.2f} {r['steps_per_s']:>9} {vs:>8}")
    built = builds(names)
    print("trackers' encoders: " + ", ".join(f"{name} {kind}" for name, kind in built.items()))
    over = [r["game"] for r in rows if r["interface"] == "ids+mask+encode" and r["vs_bare"] > TARGET]
    if over:
        print(f"ids+mask+encode above {TARGET}x the bare step: {', '.join(over)}")
    for fill in (r for r in rows if r["interface"] == "candidate fill"):
        base = next((r for r in rows if r["game"] == fill["game"] and r["interface"] == "no candidates"), None)
        if base is not None:
            ratio = fill["us_per_step"] / base["us_per_step"]
            print(f"{fill['game']}: filling the candidate slots costs {fill['us_per_step']:.1f} us per decision, "
                  f"{ratio:.2f}x the ids+mask+encode step without them (issue-44 target: {FILL_TARGET}x)")
    for game, target in BATCH_TARGETS.items():
        for kind, what in (("policy", "vector env"), ("training", "training env")):
            one = next((r for r in rows if r["game"] == game and r["interface"] == f"{kind} x1"), None)
            many = next((r for r in rows if r["game"] == game and r["interface"] == f"{kind} x{BATCH}"), None)
            if one is not None and many is not None:
                print(f"{game}, {what}: {BATCH} games with one batched policy step "
                      f"{one['us_per_step'] / many['us_per_step']:.2f}x the steps per second of one game with a "
                      f"per-step policy (issue-41 target: {target}x)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"python": sys.version.split()[0], "encoders": built, "rows": rows}, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
