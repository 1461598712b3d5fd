"""naipes.learn: the heuristic's per-action columns, one observation writer, settings refused up front,
the distillation of a search bot's move values, feature versions of weight files."""

from __future__ import annotations

from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from naipes import machuco, ranzo  # noqa: E402
from naipes.adapters.training import KNOWLEDGE, TrainingEnv  # noqa: E402
from naipes.errors import UsageError  # noqa: E402
from naipes.learn import LearnedBot, QNetwork, WeightsMeta, load_weights, save_weights  # noqa: E402
from naipes.learn.distil import TeacherPlay  # noqa: E402
from naipes.learn.dmc import Settings, train, validate  # noqa: E402
from naipes.learn.observe import FEATURE_VERSION, Observer, rules_key  # noqa: E402
from naipes.machuco import MachucoBot  # noqa: E402

HAND = machuco.Rules(players=2, scope="hand")


@pytest.mark.parametrize("changes", [
    {"envs": 0}, {"envs": -3}, {"pool": 0}, {"passes": 0}, {"minibatch": 0}, {"minibatch": 9000, "pool": 8192},
    {"eval_every": 0}, {"eval_games": 0}, {"cpu_minutes": 0}, {"max_decisions": -1}, {"workers": -1},
    {"epochs": -1}, {"teacher_minutes": -1.0},
])
def test_counts_and_budgets_that_train_nothing_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(UsageError) as info:
        train(Settings(**changes))  # type: ignore[arg-type]
    assert info.value.code == "bad_budget"


@pytest.mark.parametrize("changes", [
    {"objective": "winn"}, {"epsilon": 1.5}, {"epsilon": -0.1}, {"heuristic": 2.0}, {"heuristic": -1.0},
    {"learning_rate": 0.0}, {"hidden": (16, 0)}, {"hidden": ()}, {"teacher": "strong"}, {"teacher_minutes": 1.0},
    {"margin": -0.5}, {"margin": True},
])
def test_options_outside_their_choices_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(UsageError) as info:
        train(Settings(**changes))  # type: ignore[arg-type]
    assert info.value.code == "bad_option"


def test_the_defaults_and_the_shipped_recipe_validate() -> None:
    validate(Settings())
    validate(Settings(teacher="strong", teacher_minutes=11, epochs=20, keep_best=True))


def _views(game: object, rules: object, seed: int, count: int) -> list[object]:
    """Views of the seat to act along a game played by the heuristic."""
    from naipes.bots import load_bot
    from naipes.plugin import plugin

    g = plugin(game).new_game(rules, seed=seed)  # type: ignore[arg-type]
    bots = [load_bot("best", seed=s, game=game) for s in range(g.num_players)]  # type: ignore[arg-type]
    views = []
    while not g.is_over and len(views) < count:
        seat = min(g.to_act)
        view = g.view(seat)
        views.append(view)
        g.play(bots[seat].choose(view), seat)
    return views


@pytest.mark.parametrize(("game", "rules", "fields"), [
    ("machuco", HAND, {"players": 2, "scope": "hand"}),
    ("ranzo", ranzo.Rules(rounds=1), {"rounds": 1}),
])
def test_the_observer_writes_the_training_envs_observation_with_knowledge(
        game: str, rules: object, fields: dict[str, object]) -> None:
    observer = Observer(game, rules)
    env = TrainingEnv(game, knowledge=True, **fields)
    assert observer.size == env.observation_size and observer.k == env.action_features
    obs, mask = env.reset(seed=5)
    rng = np.random.default_rng(1)
    for _ in range(25):
        row, legal = np.zeros(observer.size, np.float32), np.zeros(observer.ids, bool)
        view = env.game.view(env.seat)
        observer.write(view, row, legal)
        assert (legal == mask).all() and (row == obs).all()  # the tracker's path and the view's agree
        assert (env._observe(view, mask) == obs).all()
        obs, mask, _, done = env.step(int(rng.choice(np.flatnonzero(mask))))
        if done:
            obs, mask = env.reset()


def test_without_knowledge_the_observer_is_the_plain_training_observation() -> None:
    observer = Observer("machuco", HAND, knowledge=False)
    env = TrainingEnv("machuco", players=2, scope="hand")
    obs, mask = env.reset(seed=2)
    row, legal = np.zeros(observer.size, np.float32), np.zeros(observer.ids, bool)
    observer.write(env.game.view(env.seat), row, legal)
    assert observer.feature_version == 1 and (row == obs).all() and (legal == mask).all()


def test_the_knowledge_columns_mark_the_heuristics_moves() -> None:
    observer = Observer("machuco", HAND)
    best_column = observer.k - len(KNOWLEDGE)
    checked = 0
    for view in _views("machuco", HAND, 3, 40):
        row, legal = np.zeros(observer.size, np.float32), np.zeros(observer.ids, bool)
        observer.write(view, row, legal)
        rows = row[observer.main:].reshape(observer.ids, observer.k)
        knowledge = rows[:, best_column:]
        assert not knowledge[~legal].any()
        chosen = observer.space.index(MachucoBot(seed=7).choose(view), view)  # type: ignore[arg-type]
        assert knowledge[chosen, 0] == 1.0 and knowledge[chosen, 1] == 1.0  # one of the best, ratio 1
        assert ((knowledge[legal, 1] >= 0) & (knowledge[legal, 1] <= 1)).all()  # exp(gap) may underflow
        assert ((knowledge[legal, 2] >= -1) & (knowledge[legal, 2] <= 0)).all()
        checked += int(legal.sum() > 1)
    assert checked > 5


def test_an_untrained_network_with_the_prior_plays_the_heuristic() -> None:
    observer = Observer("machuco", HAND)
    net = QNetwork(observer.main, observer.ids, observer.k, (16,), seed=3)
    net.params[-1][observer.k - len(KNOWLEDGE)] = 0.3
    meta = WeightsMeta("machuco", rules_key(HAND), 1, observer.main, observer.ids, observer.k,
                       tuple(observer.features.names), net.hidden, feature_version=FEATURE_VERSION)
    bot = LearnedBot(network=(net, meta))
    for view in _views("machuco", HAND, 8, 40):
        ours = bot.choose(view)  # type: ignore[arg-type]
        values = [MachucoBot(seed=0)._value(view, m.card, *_unseen(view)) if hasattr(m, "card") else 0.0
                  for m in view.legal_moves]  # type: ignore[attr-defined]
        if len(view.legal_moves) > 1 and hasattr(ours, "card"):  # type: ignore[attr-defined]
            assert values[list(view.legal_moves).index(ours)] == pytest.approx(max(values))  # type: ignore[attr-defined]


def test_the_margin_raises_the_heuristics_move_at_the_end_and_is_a_curve_point(tmp_path: Path) -> None:
    base = dict(hidden=(16,), envs=4, max_decisions=200, cpu_minutes=5, pool=100, minibatch=32, eval_every=10**9,
                eval_games=4, behaviour="best")
    plain = train(Settings(**base))  # type: ignore[arg-type]
    log = tmp_path / "m.jsonl"
    raised = train(Settings(**base, margin=2.5, log=str(log), out=str(tmp_path / "m.npz")))  # type: ignore[arg-type]
    column = Observer("machuco", HAND).k - len(KNOWLEDGE)
    assert raised.params[-1][column] == pytest.approx(plain.params[-1][column] + 2.5)
    rows = [__import__("json").loads(line) for line in log.read_text().splitlines()]
    assert rows[-1]["margin"] == 2.5 and rows[-1]["decisions"] == rows[-2]["decisions"] and "margin" not in rows[-2]
    written, _ = load_weights(tmp_path / "m.npz")
    assert written.params[-1][column] == pytest.approx(raised.params[-1][column], abs=0.05)  # int8 weights


def _unseen(view: object) -> tuple[object, int]:
    from collections import Counter

    counts = Counter(c.rank for c in view.unseen())  # type: ignore[attr-defined]
    return counts, sum(counts.values())


def test_weights_of_the_first_feature_version_are_refused(tmp_path: Path) -> None:
    old = Observer("machuco", HAND, knowledge=False)
    net = QNetwork(old.main, old.ids, old.k, (8,), seed=0)
    meta = WeightsMeta("machuco", rules_key(HAND), 1, old.main, old.ids, old.k, tuple(old.features.names),
                       net.hidden)
    assert meta.feature_version == 1 and WeightsMeta.from_json(meta.to_json()) == meta
    save_weights(net, meta, tmp_path / "old.npz")
    with pytest.raises(UsageError) as info:
        LearnedBot.from_file(tmp_path / "old.npz").choose(machuco.Game(HAND, seed=1).view(0))
    assert info.value.code == "weights_mismatch" and "feature version 1" in str(info.value)


def test_a_teacher_labels_its_decisions_with_its_move_values() -> None:
    play = TeacherPlay("machuco", HAND, seed=3, teacher="strong", epsilon=0.0)
    batch = play.collect(12)
    assert len(batch) >= 12 and batch.labels is not None and batch.labelled is not None
    observer = play.observer
    for row, action, labels, labelled in zip(batch.obs, batch.actions, batch.labels, batch.labelled):
        assert labelled.sum() >= 2 and row.shape == (observer.size,)
        assert labels[action] == labels[labelled].max()  # epsilon 0: the teacher's move is its best
        assert ((labels[labelled] > -1.5) & (labels[labelled] < 1.5)).all()


def test_a_teacher_without_move_values_is_refused() -> None:
    with pytest.raises(UsageError) as info:
        TeacherPlay("machuco", HAND, seed=1, teacher="best")
    assert info.value.code == "bad_option"


def test_a_teacher_that_values_no_move_is_refused_with_nothing_counted() -> None:
    """Ranzo's ``strong`` plays a tuned policy (no search, so no per-move values)."""
    from naipes import ranzo

    play = TeacherPlay("ranzo", ranzo.Rules(rounds=1), seed=1, teacher="strong", epsilon=0.0)
    with pytest.raises(UsageError) as info:
        play.collect(8)
    assert info.value.code == "bad_option" and "no per-move values" in str(info.value)
    assert play.decisions == 0


def test_distillation_trains_towards_the_labels_and_keeps_the_best_point(tmp_path: Path) -> None:
    s = Settings(hidden=(16,), envs=4, max_decisions=10, cpu_minutes=5, pool=64, minibatch=32,
                 eval_every=10**9, eval_games=4, teacher="strong", teacher_minutes=0.01, epochs=3,
                 keep_best=True, out=str(tmp_path / "d.npz"), log=str(tmp_path / "d.jsonl"))
    net = train(s)
    lines = (tmp_path / "d.jsonl").read_text().splitlines()
    assert len(lines) >= 1 and '"loss"' in lines[0]
    bot = LearnedBot.from_file(tmp_path / "d.npz")
    assert bot.choose(machuco.Game(HAND, seed=2).view(0)) is not None
    assert all(np.isfinite(p).all() for p in net.params)


def test_the_teachers_decisions_are_saved_and_read_again(tmp_path: Path) -> None:
    data = tmp_path / "teacher.npz"
    base = dict(hidden=(16,), envs=4, max_decisions=10, cpu_minutes=5, pool=40, minibatch=32, eval_every=10**9,
                eval_games=2, teacher="strong", teacher_minutes=0.005, epochs=1, teacher_data=str(data))
    train(Settings(**base))  # type: ignore[arg-type]
    with np.load(data) as first:
        count, rows = len(first["actions"]), first["obs"].copy()
    assert count >= 40
    train(Settings(**{**base, "seed": 2}))  # type: ignore[arg-type]
    with np.load(data) as second:
        assert len(second["actions"]) >= count + 40
        assert (second["obs"][:count] == rows).all()  # the earlier decisions first, then the new ones


@pytest.mark.parametrize("changes", [{"distil": "imitate"}, {"tau": -0.1}])
def test_distillation_options_outside_their_choices_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(UsageError) as info:
        validate(Settings(**changes))  # type: ignore[arg-type]
    assert info.value.code == "bad_option"


@pytest.mark.parametrize(("distil", "tau"), [("policy", 0.0), ("policy", 0.05), ("centered", 0.0), ("values", 0.0)])
def test_each_distillation_loss_has_its_gradient(distil: str, tau: float) -> None:
    from naipes.learn.dmc import _distil_grad

    rng = np.random.default_rng(4)
    q = rng.standard_normal((3, 5))
    labels = rng.random((3, 5))
    weight = np.array([[1, 1, 0, 1, 0], [0, 1, 1, 0, 0], [1, 1, 1, 1, 1]], bool)
    grad, loss = _distil_grad(q, labels, weight, distil, tau)

    def total(x: np.ndarray) -> float:
        return _distil_grad(x, labels, weight, distil, tau)[1] * (len(x) if distil == "policy" else max(1, weight.sum()))

    assert not grad[~weight].any()
    for i, j in [(0, 0), (0, 3), (1, 2), (2, 4)]:
        step = np.zeros_like(q)
        step[i, j] = 1e-5
        numeric = (total(q + step) - total(q - step)) / 2e-5
        assert numeric == pytest.approx(grad[i, j], rel=1e-3, abs=1e-6)


def test_policy_distillation_learns_the_teachers_choices() -> None:
    from naipes.learn.dmc import _learn

    play = TeacherPlay("machuco", HAND, seed=5, teacher="strong", epsilon=0.0)
    batch = play.collect(60)
    observer = play.observer
    net = QNetwork(observer.main, observer.ids, observer.k, (32,), seed=0)
    from naipes.learn.network import Adam

    adam, rng = Adam(net.params, 3e-3), np.random.default_rng(0)
    assert batch.labels is not None and batch.labelled is not None
    choice = np.where(batch.labelled, batch.labels, -1e9).argmax(1)

    def agreement() -> float:
        return float((np.where(batch.labelled, net.forward(batch.obs)[0], -1e9).argmax(1) == choice).mean())

    before = agreement()
    for _ in range(60):
        _learn(net, adam, batch, 16, rng, "policy", 0.0)
    assert agreement() > max(before, 0.9)
