"""naipes.learn.worlds: open features, the value network and its files, WorldsBot, the trainer."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

np = pytest.importorskip("numpy")

from naipes import machuco, play_game  # noqa: E402
from naipes.bots import RandomBot  # noqa: E402
from naipes.cli import main  # noqa: E402
from naipes.errors import UsageError  # noqa: E402
from naipes.learn import LearnedBot  # noqa: E402
from naipes.learn.bot import load_any  # noqa: E402
from naipes.learn.network import QNetwork  # noqa: E402
from naipes.learn.worlds import ValueNet, WorldsBot, WorldsMeta, load_worlds, save_worlds, score_of  # noqa: E402
from naipes.learn.worlds_train import check_worlds_run, fit, label_games, train_worlds  # noqa: E402
from naipes.machuco import MachucoBot  # noqa: E402
from naipes.machuco._open_features import SIZE, VERSION, open_features  # noqa: E402

HAND = machuco.Rules(players=2, scope="hand")


@pytest.fixture(scope="module")
def small() -> tuple[ValueNet, WorldsMeta]:
    return train_worlds(HAND, games=4, hidden=(16,), epochs=2, worlds=3)


def _row(game: machuco.Game, seat: int) -> np.ndarray:
    row = np.zeros(SIZE, np.float32)
    open_features(game, seat, row)
    return row


def test_open_features_swap_the_hands_between_the_seats() -> None:
    game = machuco.Game(HAND, seed=60_001)
    a, b = _row(game, 0), _row(game, 1)
    assert a[:10].sum() == pytest.approx(1.0) and a[10:20].sum() == pytest.approx(1.0)
    assert np.array_equal(a[:10], b[10:20]) and np.array_equal(a[10:20], b[:10])
    assert a[20:30].sum() == 4 and a[30:40].sum() == pytest.approx(30 / 4)
    assert a[60] != b[60]  # exactly one of them is to act


def test_score_of_a_two_player_hand() -> None:
    assert (score_of((1.0, 0.0), 0), score_of((1.0, 0.0), 1), score_of((1.0, 1.0), 0)) == (1.0, 0.0, 0.5)


def test_labels_are_the_same_for_a_seed_and_differ_across_seeds() -> None:
    x1, y1, lead1 = label_games(HAND, 7, 2)
    x2, y2, _ = label_games(HAND, 7, 2)
    x3, _, _ = label_games(HAND, 8, 2)
    assert np.array_equal(np.sign(lead1) * 0.5 + 0.5, y1)
    assert x1.shape[1] == SIZE and len(x1) == len(y1) > 10
    assert np.array_equal(x1, x2) and np.array_equal(y1, y2)
    assert x3.shape != x1.shape or not np.array_equal(x1, x3)
    assert set(np.unique(y1)) <= {0.0, 0.5, 1.0}


def test_fit_learns_a_separable_rule() -> None:
    rng = np.random.default_rng(0)
    x = rng.standard_normal((512, 4)).astype(np.float32)
    y = (x[:, 0] > 0).astype(np.float32)
    net = ValueNet(4, (8,), seed=0)
    losses = fit(net, x, y, epochs=30, lr=1e-2, batch=64)
    assert losses[-1] < 0.3 < losses[0]
    assert ((net.values(x) > 0.5) == (y > 0.5)).mean() > 0.9


def test_a_file_round_trips_and_load_any_tells_the_kinds_apart(tmp_path: Path,
                                                                small: tuple[ValueNet, WorldsMeta]) -> None:
    net, meta = small
    save_worlds(net, meta, tmp_path / "w.npz")
    again, meta2 = load_any(tmp_path / "w.npz")
    assert isinstance(again, ValueNet) and meta2 == meta
    x = np.random.default_rng(1).random((5, SIZE)).astype(np.float32)
    assert np.allclose(again.values(x), net.values(x), atol=2e-3)
    shipped_q = load_any(Path(__file__).resolve().parents[2] / "src/naipes/learn/weights/ranzo-4p-round.npz")
    assert isinstance(shipped_q[0], QNetwork)


def test_a_file_that_is_not_one_is_refused(tmp_path: Path, small: tuple[ValueNet, WorldsMeta]) -> None:
    with pytest.raises(UsageError) as err:
        load_worlds(b"not a zip")
    assert err.value.code == "bad_weights"
    net, meta = small
    save_worlds(ValueNet(SIZE, (8,)), meta, tmp_path / "bad.npz")  # hidden (16,) in its metadata
    with pytest.raises(UsageError) as err:
        load_worlds((tmp_path / "bad.npz").read_bytes())
    assert err.value.code == "bad_weights"
    with pytest.raises(UsageError) as err:
        WorldsMeta.from_json(attrs.evolve(meta, kind="q").to_json())
    assert err.value.code == "bad_weights"


@pytest.mark.parametrize("options", [{"worlds": 0}, {"worlds": 2.0}, {"worlds": 300}, {"margin": -0.1},
                                     {"margin": True}, {"margin": "1"}, {"endgame": 1},
                                     {"infer": True}])  # Machuco has no inference of the hidden hands
def test_bad_bot_options_are_refused(options: dict[str, object], small: tuple[ValueNet, WorldsMeta]) -> None:
    with pytest.raises(UsageError) as err:
        WorldsBot(*small, **options)  # type: ignore[arg-type]
    assert err.value.code == "bad_option"


def _moves(bot: object, seed: int = 60_002) -> list[object]:
    """The moves of a hand with ``bot`` on seat 0 and MachucoBot on seat 1."""
    game = machuco.Game(HAND, seed=seed)
    play_game(game, [bot, MachucoBot(seed=1)])  # type: ignore[list-item]
    return [move for _, move in game.history]


def test_the_bot_is_deterministic_for_a_seed_and_the_margin_yields_to_the_heuristic(
        small: tuple[ValueNet, WorldsMeta]) -> None:
    assert _moves(WorldsBot(*small, seed=3)) == _moves(WorldsBot(*small, seed=3))
    assert _moves(WorldsBot(*small, seed=3, margin=2.0)) == _moves(MachucoBot(seed=3))
    bot = WorldsBot(*small, seed=3)
    game = machuco.Game(HAND, seed=60_003)
    view = game.view(game.to_act[0])
    values = bot.values(view)
    assert len(view.legal_moves) > 1 and values.shape == (len(view.legal_moves),)
    assert ((values > 0) & (values < 1)).all()


def test_learned_bot_plays_a_world_value_file_and_refuses_other_rules(
        tmp_path: Path, small: tuple[ValueNet, WorldsMeta]) -> None:
    net, meta = small
    save_worlds(net, meta, tmp_path / "w.npz")
    result = play_game(machuco.Game(HAND, seed=60_004), [LearnedBot.from_file(tmp_path / "w.npz"), RandomBot(seed=1)])
    assert len(result.returns) == 2
    bot = LearnedBot(network=small)
    with pytest.raises(UsageError) as err:
        bot.choose(machuco.Game(machuco.Rules(players=2), seed=1).view(0))
    assert err.value.code == "weights_mismatch"
    old = LearnedBot(network=(net, attrs.evolve(meta, state_version=VERSION + 1)))
    with pytest.raises(UsageError) as err:
        old.choose(machuco.Game(HAND, seed=1).view(0))
    assert err.value.code == "weights_mismatch" and "open features" in str(err.value)
    other = LearnedBot(network=(net, attrs.evolve(meta, game="ranzo")))
    with pytest.raises(UsageError) as err:
        other.choose(machuco.Game(HAND, seed=1).view(0))
    assert err.value.code == "weights_mismatch"


@pytest.mark.parametrize("args", [(HAND, 0, 8, 0.0, 1), (HAND, 2, 0, 0.0, 1), (HAND, 2, 8, -1.0, 1),
                                  (HAND, 2, 8, 0.0, 0), (machuco.Rules(players=4, scope="hand"), 2, 8, 0.0, 1),
                                  (machuco.Rules(players=2), 2, 8, 0.0, 1)])
def test_runs_that_cannot_be_made_are_refused(args: tuple[object, int, int, float, int]) -> None:
    rules, games, worlds, margin, epochs = args
    with pytest.raises(UsageError) as err:
        check_worlds_run("machuco", rules, games, worlds, margin, epochs)
    assert err.value.code == "bad_option"
    with pytest.raises(UsageError):
        check_worlds_run("ranzo", HAND, 2, 8, 0.0, 1)


@pytest.mark.parametrize(("hidden", "lr"), [((0,), 1e-3), ((), 1e-3), ((64, True), 1e-3), ((64,), 0.0), ((64,), -1e-3)])
def test_widths_and_learning_rates_that_cannot_train_are_refused(hidden: tuple[int, ...], lr: float) -> None:
    with pytest.raises(UsageError) as err:
        check_worlds_run("machuco", HAND, 2, 8, 0.0, 1, hidden, lr)
    assert err.value.code == "bad_option"


def test_the_command_gives_the_same_bytes_in_processes_or_not(tmp_path: Path) -> None:
    common = ["train", "machuco", "--rule", "players=2", "--rule", "scope=hand", "--worlds-games", "3",
              "--epochs", "2", "--hidden", "8", "--worlds", "4", "--margin", "0.05"]
    assert main([*common, "--out", str(tmp_path / "a.npz")]) == 0
    assert main([*common, "--workers", "2", "--out", str(tmp_path / "b.npz")]) == 0
    assert (tmp_path / "a.npz").read_bytes() == (tmp_path / "b.npz").read_bytes()
    _, meta = load_any(tmp_path / "a.npz")
    assert isinstance(meta, WorldsMeta) and (meta.worlds, meta.margin, meta.hidden) == (4, 0.05, (8,))


@pytest.mark.parametrize("extra", [["--rule", "players=4"], ["--worlds", "0"], ["--teacher", "strong"]])
def test_the_command_refuses_what_it_cannot_do(extra: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["train", "machuco", "--rule", "players=2", "--rule", "scope=hand", "--worlds-games", "2",
                 *extra]) == 1
    assert "naipes train:" in capsys.readouterr().err


def test_view_samples_are_the_samples_of_as_many_calls() -> None:
    import random

    game = machuco.Game(HAND, seed=60_005)
    bot, checked = MachucoBot(seed=1), 0
    while game.result is None:
        seat = game.to_act[0]
        view = game.view(seat)
        one_by_one = [view.sample(rng) for rng in [random.Random(9)] for _ in range(3)]
        together = view.samples(random.Random(9), 3)
        for a, b in zip(one_by_one, together):
            assert a.view(1 - seat) == b.view(1 - seat) and a.to_dict() == b.to_dict()
        checked += 1
        game.play(bot.choose(view), seat)
    assert checked > 30


def test_the_endgame_is_valued_exactly_once_the_stock_is_empty(small: tuple[ValueNet, WorldsMeta]) -> None:
    game = machuco.Game(HAND, seed=60_006)
    bot, checked = MachucoBot(seed=1), 0
    while game.result is None:
        seat = game.to_act[0]
        view = game.view(seat)
        if view.stock_size == 0 and len(view.legal_moves) > 1:
            values = WorldsBot(*small, seed=2).exact_values(view)
            assert set(values) <= {0.0, 0.5, 1.0}
            for move, value in zip(view.legal_moves, values):  # the true world, the model's answers
                branch = game.clone()
                branch.play(move, seat)
                assert value >= WorldsBot(*small, seed=2)._line(branch, seat) - 1e-9
            checked += 1
        game.play(bot.choose(view), seat)
    assert checked >= 2
