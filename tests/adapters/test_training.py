"""The training helpers and the numpy PPO example: a tiny run's mechanics (skipped without numpy)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from naipes.adapters.training import (  # noqa: E402
    BatchEnv,
    NoFeatures,
    RandomPolicy,
    Score,
    TrainingEnv,
    evaluate,
    game_features,
    head_to_head,
)
from naipes.errors import IllegalMoveError, UsageError  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_ppo.py"
GAMES = [("machuco", {"players": 2, "scope": "hand"}), ("ranzo", {"rounds": 1})]


def _example():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("train_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_ppo"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_shaped_rewards_add_up_to_the_return_less_the_first_progress(game: str, rules: dict[str, object]) -> None:
    env = TrainingEnv(game, seat=1, **rules)
    rng = np.random.default_rng(3)
    for episode in range(5):
        obs, mask = env.reset(seed=episode)
        first = env.features.progress(env.game.view(env.seat))
        total, done = 0.0, False
        while not done:
            assert obs.shape == (env.observation_size,) and obs.dtype == np.float32
            assert np.isfinite(obs).all() and mask.any()
            obs, mask, reward, done = env.step(int(rng.choice(np.flatnonzero(mask))))
            total += reward
        ret = env.game.result.returns[1]
        assert total * env.scale == pytest.approx(ret - first, abs=1e-9)
        assert not mask.any()


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_features_are_bounded_and_follow_the_encoding(game: str, rules: dict[str, object]) -> None:
    env = TrainingEnv(game, **rules)
    plain = TrainingEnv(game, features=False, **rules)
    k = env.action_features
    assert env.main_size == plain.observation_size + len(env.features.names) > plain.observation_size
    assert env.observation_size == env.main_size + env.action_size * k and k > 0
    obs, mask = env.reset(seed=5)
    bare, _ = plain.reset(seed=5)
    assert (obs[:plain.observation_size] == bare).all()
    extra = obs[plain.observation_size:]
    assert (extra >= -1).all() and (extra <= 1).all() and extra[:len(env.features.names)].any()
    rows = obs[env.main_size:].reshape(env.action_size, k)
    assert not rows[~mask].any()  # only legal ids have per-action features


def test_an_illegal_id_raises_and_leaves_the_game_unchanged() -> None:
    env = TrainingEnv("machuco", players=2, scope="hand")
    _, mask = env.reset(seed=2)
    before = env.game.view(env.seat)
    with pytest.raises(IllegalMoveError):
        env.step(int(np.flatnonzero(~mask)[0]))
    assert env.game.view(env.seat) == before
    with pytest.raises(UsageError):
        TrainingEnv("machuco", players=2, opponents=["random", "random"])


def test_a_game_without_a_features_module_gets_none() -> None:
    f = game_features("toy")
    assert isinstance(f, NoFeatures) and f.names == () and f.return_scale > 0


def test_head_to_head_and_scores() -> None:
    assert head_to_head((0.0, 1.0), 1) == 1.0
    assert head_to_head((1.0, 0.0, 1.0), 0) == 0.75
    s = Score.of([1.0] * 30 + [0.0] * 10)
    assert s.low < s.mean == 0.75 < s.high and s.games == 40
    with pytest.raises(UsageError):
        Score.of([])


def test_evaluation_is_seeded_and_random_play_scores_about_a_half() -> None:
    a = evaluate(RandomPolicy(1), "machuco", games=60, seed=9, batch=16, players=2, scope="hand")
    b = evaluate(RandomPolicy(1), "machuco", games=60, seed=9, batch=16, players=2, scope="hand")
    assert a == b and a.low < 0.5 < a.high
    with pytest.raises(IllegalMoveError):  # a policy that ignores the mask is caught
        evaluate(lambda obs, masks: np.argmin(masks, axis=1), "machuco", games=2, players=2, scope="hand")


def test_batch_env_autoresets() -> None:
    envs = BatchEnv(3, seed=4, game="ranzo", rounds=1)
    policy = RandomPolicy(0)
    for _ in range(200):
        assert envs.masks.any(axis=1).all()
        envs.step(policy(envs.obs, envs.masks))
    assert len(envs.finished) >= 3 and all(0.0 <= s <= 1.0 for s in envs.finished)


@pytest.mark.parametrize(("game", "rules"), [("machuco", "players=2,scope=hand"), ("ranzo", "rounds=1")])
def test_a_tiny_training_run_is_finite_masked_and_deterministic(game: str, rules: str) -> None:
    ppo = _example()
    runs = []
    for _ in range(2):
        args = ppo.Args(game=game, rules=rules, seed=3, total_steps=256, num_envs=4, num_steps=16,
                        hidden=16, eval_every=0, final_games=0)
        runs.append(ppo.train(args))  # the rollout asserts every sampled id is unmasked
    first, again = runs
    assert first["steps"] == 256 and first["stats"] == again["stats"]
    assert all(np.isfinite(v) for v in first["stats"].values())
    assert first["stats"]["entropy"] > 0


def test_the_policy_gradient_matches_finite_differences() -> None:
    ppo = _example()
    rng = np.random.default_rng(0)
    args = ppo.Args(num_minibatches=1, update_epochs=1, max_grad_norm=1e9)
    agent = ppo.Agent(5, 4, 6, rng, k=2)  # 5 numbers, then 2 per id for 4 ids
    agent.actor = [rng.standard_normal(p.shape) * 0.5 for p in agent.actor]
    agent.critic = [p.astype(float) for p in agent.critic]
    b = 7
    obs = rng.standard_normal((b, 5 + 4 * 2))
    masks = rng.random((b, 4)) < 0.7
    masks[:, 0] = True
    actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
    old = ppo.log_softmax(agent.logits(obs, masks)[0])[np.arange(b), actions] + rng.normal(0, 0.1, b)
    batch = {"obs": obs, "masks": masks, "actions": actions, "logp": old,
             "adv": rng.standard_normal(b), "returns": rng.standard_normal(b)}

    def loss() -> float:
        lp = ppo.log_softmax(agent.logits(obs, masks)[0])
        ratio = np.exp(lp[np.arange(b), actions] - old)
        adv = (batch["adv"] - batch["adv"].mean()) / (batch["adv"].std() + 1e-8)
        pg = np.maximum(-adv * ratio, -adv * np.clip(ratio, 0.8, 1.2)).mean()
        entropy = -(np.exp(lp) * masks * np.where(masks, lp, 0.0)).sum(1).mean()
        v = agent.value(obs)[0]
        return float(pg - args.ent_coef * entropy + 0.5 * args.vf_coef * ((v - batch["returns"]) ** 2).mean())

    class Capture:
        def step(self, grads: list[object]) -> None:
            self.grads = grads

    cap = Capture()
    ppo.ppo_update(agent, cap, batch, args, rng)
    for k, p in enumerate(agent.actor + agent.critic):
        for _ in range(4):
            idx = tuple(int(rng.integers(s)) for s in p.shape)
            keep = p[idx]
            p[idx] = keep + 1e-6
            up = loss()
            p[idx] = keep - 1e-6
            down = loss()
            p[idx] = keep
            assert cap.grads[k][idx] == pytest.approx((up - down) / 2e-6, abs=1e-6)


def test_the_gymnasium_env_passes_check_env_and_gives_action_masks() -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from naipes.adapters.training import gymnasium_env

    e = gymnasium_env("ranzo", rounds=1)
    check_env(e, skip_render_check=True)
    obs, info = e.reset(seed=1)
    done = False
    while not done:
        assert (e.action_masks() == info["action_mask"]).all()
        obs, reward, done, truncated, info = e.step(int(np.flatnonzero(e.action_masks())[-1]))
    assert e.observation_space.contains(obs) and not truncated


def test_the_heuristic_bot_in_the_learners_seat_beats_random_play() -> None:
    from naipes.adapters.training import evaluate_bot

    best = evaluate_bot("best", "machuco", games=60, seed=9, players=2, scope="hand")
    same = evaluate_bot("random", "machuco", games=60, seed=9, players=2, scope="hand")
    assert best.mean > same.mean and best.low > 0.5


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_64_batched_games_step_as_64_single_envs_with_the_same_seeds(game: str, rules: dict[str, object]) -> None:
    """Step by step, the batch's observations, masks, rewards and ends are those of 64 single
    :class:`TrainingEnv` seeded ``seed + i`` (an ended game restarting at once in both)."""
    envs = BatchEnv(64, seed=30, game=game, **rules)
    singles = [TrainingEnv(game, **rules) for _ in range(64)]
    firsts = [env.reset(30 + i) for i, env in enumerate(singles)]
    assert all((envs.obs[i] == o).all() and (envs.masks[i] == m).all() for i, (o, m) in enumerate(firsts))
    policy, ended = RandomPolicy(1), 0
    kept = envs.obs.copy()
    for _ in range(40):
        actions = policy(envs.obs, envs.masks)
        rewards, dones = envs.step(actions)
        for i, env in enumerate(singles):
            o, m, r, d = env.step(int(actions[i]))
            if d:
                o, m = env.reset()
                ended += 1
            assert (envs.obs[i] == o).all() and (envs.masks[i] == m).all()
            assert rewards[i] == np.float32(r) and dones[i] == d
    assert ended and not (kept == envs.obs).all()


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_a_single_env_returns_fresh_arrays_and_reused_features_match_fresh_ones(
        game: str, rules: dict[str, object]) -> None:
    env, fresh = TrainingEnv(game, **rules), TrainingEnv(game, **rules)
    obs, mask = env.reset(seed=8)
    rng = np.random.default_rng(2)
    for _ in range(30):
        before = obs.copy()
        new, mask2, _, done = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert (obs == before).all() and new is not obs  # what a step returned stays as it was
        fresh.game, fresh.seat = env.game, env.seat
        fresh.features = game_features(game, env.rules)  # no cache carried from earlier positions
        view = env.game.view(env.seat)
        assert (fresh._observe(view, mask2) == new).all()
        if done:
            break
        obs, mask = new, mask2


def test_the_observation_names_moved_to_features_are_still_importable_from_training() -> None:
    from naipes.adapters import features, training

    for name in features.__all__:
        assert getattr(training, name) is getattr(features, name)
    assert not set(features.__all__) & set(training.__all__)  # documented once, in features


def test_the_fallback_bot_is_rewound_before_each_choice() -> None:
    # Where the game gives no move scores the columns mark the ``best`` bot's choice: its
    # generators are rewound first, so a coin it tosses does not depend on the calls before.
    import random

    from naipes.adapters.features import Knowledge
    from naipes.machuco import Game, Rules
    from naipes.plugin import plugin

    rules = Rules(players=2, scope="hand")
    game = Game(rules, seed=0)
    knowledge = Knowledge("machuco", plugin("machuco").action_space(rules))
    fresh, drew = random.Random(0).getstate(), 0
    for _ in range(12):  # MachucoBot breaks the ties of its plays with its generator
        view = game.view(game.to_act[0])
        knowledge._choice(view)
        after = knowledge._bot.rng.getstate()
        drew += after != fresh
        knowledge._choice(view)
        assert knowledge._bot.rng.getstate() == after  # the second call drew the same numbers
        game.play(view.legal_moves[0], view.seat)
    assert drew and knowledge._rewind[0][1] == fresh
