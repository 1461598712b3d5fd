"""naipes.learn: the network's gradients, weight files, self-play targets, the trainer, LearnedBot."""

from __future__ import annotations

from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from naipes import machuco, play_game, ranzo  # noqa: E402
from naipes.bots import RandomBot, load_bot  # noqa: E402
from naipes.errors import UsageError  # noqa: E402
from naipes.learn import LearnedBot, QNetwork, WeightsMeta, load_weights, save_weights  # noqa: E402
from naipes.learn.dmc import Settings, train  # noqa: E402
from naipes.learn.observe import Observer, rules_key  # noqa: E402
from naipes.learn.selfplay import SelfPlay, target  # noqa: E402

HAND = machuco.Rules(players=2, scope="hand")


def _loss(net: QNetwork, obs: np.ndarray, actions: np.ndarray, targets: np.ndarray) -> float:
    q, _ = net.forward(obs)
    return float(((q[np.arange(len(obs)), actions] - targets) ** 2).mean())


def test_gradients_match_finite_differences() -> None:
    rng = np.random.default_rng(0)
    net = QNetwork(main=6, ids=4, k=2, hidden=(5, 3), seed=1)
    net.params = [p.astype(np.float64) + 0.1 * rng.standard_normal(p.shape) for p in net.params]
    obs = rng.standard_normal((7, 6 + 4 * 2))
    actions, targets = rng.integers(0, 4, 7), rng.standard_normal(7)
    q, acts = net.forward(obs)
    g_q = np.zeros_like(q)
    g_q[np.arange(7), actions] = 2 * (q[np.arange(7), actions] - targets) / 7
    grads = net.grads(obs, acts, g_q)
    for p, g in zip(net.params, grads):
        for index in list(np.ndindex(p.shape))[:6]:
            old = p[index]
            p[index] = old + 1e-6
            up = _loss(net, obs, actions, targets)
            p[index] = old - 1e-6
            down = _loss(net, obs, actions, targets)
            p[index] = old
            assert g[index] == pytest.approx((up - down) / 2e-6, rel=1e-4, abs=1e-7)


def _meta(net: QNetwork, observer: Observer) -> WeightsMeta:
    return WeightsMeta("machuco", rules_key(HAND), 1, observer.main, observer.ids, observer.k,
                       tuple(observer.features.names), net.hidden, feature_version=observer.feature_version)


def test_weights_round_trip_and_refusals(tmp_path: Path) -> None:
    observer = Observer("machuco", HAND)
    net = QNetwork(observer.main, observer.ids, observer.k, (16,), seed=2)
    save_weights(net, _meta(net, observer), tmp_path / "w.npz")
    again, meta = load_weights(tmp_path / "w.npz")
    assert meta.game == "machuco" and meta.hidden == (16,)
    for a, b in zip(net.params, again.params):  # int8 with a scale per column: within half a step
        step = np.abs(a).max(axis=0) / 127.0 if a.ndim > 1 else np.abs(a).max() / 127.0
        assert (np.abs(a - b) <= step / 2 + 1e-7).all()
    (tmp_path / "bad.npz").write_bytes(b"not a zip")
    with pytest.raises(UsageError) as info:
        load_weights(tmp_path / "bad.npz")
    assert info.value.code == "bad_weights"
    bot = LearnedBot.from_file(tmp_path / "w.npz")
    four = machuco.Game(machuco.Rules(players=4), seed=1)
    with pytest.raises(UsageError) as info:
        bot.choose(four.view(four.to_act[0]))
    assert info.value.code == "weights_mismatch"


def test_targets_are_each_seats_outcome() -> None:
    assert target((10, 3), 0, "win", 1.0) == 1.0
    assert target((10, 3), 1, "win", 1.0) == -1.0
    assert target((5, 5), 1, "win", 1.0) == 0.0
    assert target((4, 9, 9), 1, "win", 1.0) == 0.5  # ahead of one of two: head_to_head 0.75
    assert target((4, 9, 9), 0, "win", 1.0) == -1.0
    assert target((10, 3), 1, "points", 10.0) == pytest.approx(0.3)


def test_self_play_rows_are_the_observers_and_targets_follow_the_result() -> None:
    play = SelfPlay("machuco", HAND, envs=3, seed=4, heuristic=0.5, objective="win")
    net = QNetwork(play.observer.main, play.observer.ids, play.observer.k, (8,), seed=0)
    got = []
    while sum(len(b) for b in got) < 100:
        got.append(play.step(net, epsilon=0.3))
    targets = np.concatenate([b.targets for b in got])
    assert set(np.unique(targets)) <= {-1.0, 0.0, 1.0}
    assert play.finished >= 1 and play.decisions >= 100
    rows = np.concatenate([b.obs for b in got])
    assert rows.shape[1] == play.observer.size and np.isfinite(rows).all()


def test_training_is_deterministic_and_its_weights_play(tmp_path: Path) -> None:
    runs = []
    for name in ("a", "b"):
        s = Settings(hidden=(16,), envs=4, max_decisions=1500, cpu_minutes=5, pool=256, minibatch=64,
                     eval_every=10**9, eval_games=4, out=str(tmp_path / f"{name}.npz"),
                     log=str(tmp_path / f"{name}.jsonl"), svg=str(tmp_path / f"{name}.svg"))
        runs.append(train(s))
    for a, b in zip(runs[0].params, runs[1].params):
        assert np.array_equal(a, b)
    assert (tmp_path / "a.svg").read_text().startswith("<svg")
    assert (tmp_path / "a.jsonl").read_text().count("\n") == 2  # the first and the last point
    bot = LearnedBot.from_file(tmp_path / "a.npz")
    result = play_game(machuco.Game(HAND, seed=9), [bot, RandomBot(1)])
    assert len(result.returns) == 2


@pytest.mark.parametrize(("game", "rules"), [("machuco", HAND), ("ranzo", ranzo.Rules(rounds=1))])
def test_shipped_weights_play_legal_moves_deterministically(game: str, rules: object) -> None:
    from naipes.plugin import plugin

    choices = []
    for _ in range(2):
        g = plugin(game).new_game(rules, seed=21)  # type: ignore[arg-type]
        bot = load_bot("learned", game=game)
        picked = []
        while not g.is_over:
            seat = g.to_act[0]
            view = g.view(seat)
            move = bot.choose(view) if seat == 0 else view.legal_moves[0]
            assert move in view.legal_moves or seat != 0
            picked.append(move)
            g.play(move, seat)
        choices.append(picked)
    assert choices[0] == choices[1]


def _remote_settings(tmp_path: Path, name: str, **extra: object) -> Settings:
    return Settings(hidden=(16,), envs=4, max_decisions=1200, cpu_minutes=5, pool=600, minibatch=64,
                    eval_every=10**9, eval_games=4, out=str(tmp_path / f"{name}.npz"), **extra)  # type: ignore[arg-type]


def test_self_play_in_worker_processes_is_reproducible(tmp_path: Path) -> None:
    one = train(_remote_settings(tmp_path, "a", workers=2))
    two = train(_remote_settings(tmp_path, "b", workers=2))
    for a, b in zip(one.params, two.params):
        assert np.array_equal(a, b)
    assert LearnedBot.from_file(tmp_path / "a.npz").choose(machuco.Game(HAND, seed=2).view(0)) is not None
