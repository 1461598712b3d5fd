"""naipes.learn.worlds for Ranzo: open features, the fast rows after discards, labels, WorldsBot, files."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

np = pytest.importorskip("numpy")

from naipes import play_game, ranzo  # noqa: E402
from naipes.bots import RandomBot  # noqa: E402
from naipes.cli import main  # noqa: E402
from naipes.errors import UsageError  # noqa: E402
from naipes.learn import LearnedBot  # noqa: E402
from naipes.learn.bot import load_any  # noqa: E402
from naipes.learn.worlds import ValueNet, WorldsBot, WorldsMeta, save_worlds  # noqa: E402
from naipes.learn.worlds_train import check_worlds_run, label_games, train_worlds  # noqa: E402
from naipes.ranzo import Discard, RanzoBot  # noqa: E402
from naipes.ranzo._open_features import SIZE, VERSION, Sampler, after_moves, decides, open_features, score  # noqa: E402

ROUND = ranzo.Rules(rounds=1)


@pytest.fixture(scope="module")
def small() -> tuple[ValueNet, WorldsMeta]:
    return train_worlds(ROUND, games=2, hidden=(16,), epochs=2, worlds=3, game="ranzo")


def _row(game: ranzo.Game, seat: int) -> np.ndarray:
    row = np.zeros(SIZE, np.float32)
    open_features(game, seat, row)
    return row


def _positions(seed: int, games: int) -> list[tuple[ranzo.Game, int]]:
    """Every position with a choice of a few RanzoBot games (copies), with the seat to choose."""
    bot, out = RanzoBot(seed=0), []
    for g in range(games):
        game = ranzo.Game(ROUND, seed=seed + g)
        while game.result is None:
            seat = game.to_act[0]
            if len(game.legal_moves(seat)) > 1:
                out.append((game.clone(), seat))
            game.play(bot.choose_in_game(game, seat), seat)
    return out


def test_open_features_rotate_the_seats_and_count_the_cards() -> None:
    game = ranzo.Game(ROUND, seed=80_001)
    a, b = _row(game, 0), _row(game, 1)
    hands = [len(h) for h in game.hands]
    assert [a[48 * r:48 * r + 48].sum() for r in range(4)] == hands
    assert np.array_equal(a[48:96], b[0:48]) and np.array_equal(a[0:48], b[144:192])
    assert a[192:240].sum() == game.stock_size and a[240:384].sum() == 0
    assert a[:384].sum() == len(game.cards)
    game.play(game.legal_moves()[-1])  # a turn discard opens a window: the card under claim
    c = _row(game, 0)
    assert c[336:384].sum() == 1 and c[240:288].sum() == 0


def test_the_rows_after_discards_are_those_of_playing_each() -> None:
    rng, checked = random.Random(3), 0
    for game, seat in _positions(80_010, 3):
        world = game.view(seat).sample(rng)
        moves = world.legal_moves(seat)
        fast = np.zeros((len(moves), SIZE), np.float32)
        after_moves(world, seat, moves, fast)
        for i, move in enumerate(moves):
            branch = world.clone()
            branch.play(move, seat)
            assert np.array_equal(fast[i], _row(branch, seat)), (move, game.phase)
        checked += isinstance(moves[-1], Discard)
    assert checked > 20


def test_decides_takes_the_kinds_asked_and_score_the_benchmark_sides() -> None:
    kinds = {decides(game.legal_moves(seat)) for game, seat in _positions(80_020, 1)}
    assert kinds == {True, False}
    assert not decides((ranzo.CallRanzo(), *_discards()), ("discard", "window"))
    assert decides(_discards(), ("discard",)) and not decides(_discards())  # the default: windows only
    windows = [game.legal_moves(seat) for game, seat in _positions(80_020, 1) if game.phase is ranzo.Phase.WINDOW]
    assert windows and all(decides(m) and not decides(m, ("discard",)) for m in windows)
    assert score((3.0, -3.0, 0.0, 0.0), 0) == 1.0 and score((3.0, -3.0, 0.0, 0.0), 1) == 0.0
    assert score((2.0, 0.0, -2.0, 0.0), 0) == 0.5 and score((1.0, -1.0), 1) == 0.0


def _discards() -> tuple[Discard, ...]:
    game = ranzo.Game(ROUND, seed=80_030)
    return tuple(m for m in game.legal_moves() if isinstance(m, Discard))


def test_labels_are_the_same_for_a_seed_and_score_the_sides(monkeypatch: pytest.MonkeyPatch) -> None:
    import naipes.ranzo._open_features as features

    monkeypatch.setattr(features, "DECIDED", ("discard", "window"))
    x1, y1, lead1 = label_games(ROUND, 7, 1, game="ranzo")
    x2, y2, _ = label_games(ROUND, 7, 1, game="ranzo")
    assert x1.shape[1] == SIZE and len(x1) == len(y1) > 20
    assert np.array_equal(x1, x2) and np.array_equal(y1, y2)
    assert np.array_equal(np.sign(lead1) * 0.5 + 0.5, y1)
    claims = x1[:, 336:384].sum(1)  # a turn discard opens a window on its card, a resolved one has none
    assert set(claims) == {0.0, 1.0}
    assert set(x1[:, 436]) == {0.0, 1.0}  # the seat's own discards and its answers to others' are labelled


def _moves(bot: object, seed: int = 80_040) -> list[object]:
    """The moves of a round with ``bot`` on the even seats and RanzoBots on the odd ones."""
    game = ranzo.Game(ROUND, seed=seed)
    play_game(game, [bot if seat % 2 == 0 else RanzoBot(seed=seat) for seat in range(4)])  # type: ignore[misc]
    return [move for _, move in game.history]


def test_the_bot_is_deterministic_and_leaves_what_it_does_not_weigh_to_the_heuristic(
        small: tuple[ValueNet, WorldsMeta]) -> None:
    assert _moves(WorldsBot(*small, seed=3)) == _moves(WorldsBot(*small, seed=3))
    assert _moves(WorldsBot(*small, seed=3, margin=2.0)) == _moves(RanzoBot(seed=3))
    bot, heuristic = WorldsBot(*small, seed=3), RanzoBot(seed=3)
    for game, seat in _positions(80_050, 1):
        view = game.view(seat)
        if not decides(view.legal_moves):
            assert bot.choose(view) == heuristic.choose(view)


def test_learned_bot_plays_a_ranzo_file_and_refuses_a_mismatch(
        tmp_path: Path, small: tuple[ValueNet, WorldsMeta]) -> None:
    net, meta = small
    save_worlds(net, meta, tmp_path / "w.npz")
    bots = [LearnedBot.from_file(tmp_path / "w.npz")] + [RandomBot(seed=s) for s in (1, 2, 3)]
    assert len(play_game(ranzo.Game(ROUND, seed=80_060), bots).returns) == 4
    with pytest.raises(UsageError) as err:
        LearnedBot(network=small).choose(ranzo.Game(ranzo.Rules(rounds=2), seed=1).view(0))
    assert err.value.code == "weights_mismatch"
    old = LearnedBot(network=(net, attrs.evolve(meta, state_version=VERSION + 1)))
    with pytest.raises(UsageError) as err:
        old.choose(ranzo.Game(ROUND, seed=1).view(0))
    assert err.value.code == "weights_mismatch" and "open features" in str(err.value)
    _, meta2 = load_any(tmp_path / "w.npz")
    assert meta2 == meta and meta.game == "ranzo" and meta.inputs == SIZE


@pytest.mark.parametrize("rules", [ranzo.Rules(rounds=2), ranzo.Rules(players=3, rounds=1)])
def test_ranzo_runs_other_than_four_players_one_round_are_refused(rules: ranzo.Rules) -> None:
    with pytest.raises(UsageError) as err:
        check_worlds_run("ranzo", rules, 2, 8, 0.0, 1)
    assert err.value.code == "bad_option"
    check_worlds_run("ranzo", ROUND, 2, 8, 0.0, 1)


def test_the_ranzo_command_writes_a_file_and_refuses_other_rules(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    common = ["--worlds-games", "1", "--epochs", "1", "--hidden", "8"]
    assert main(["train", "ranzo", "--rule", "rounds=1", *common, "--out", str(tmp_path / "a.npz")]) == 0
    _, meta = load_any(tmp_path / "a.npz")
    assert isinstance(meta, WorldsMeta) and meta.game == "ranzo" and meta.hidden == (8,)
    assert main(["train", "ranzo", "--rule", "rounds=2", *common]) == 1
    assert "naipes train:" in capsys.readouterr().err


def test_the_inferring_sampler_deals_worlds_of_the_view_and_the_bot_refuses_a_bad_flag(
        small: tuple[ValueNet, WorldsMeta]) -> None:
    game, bot, sampler, rng, dealt = ranzo.Game(ROUND, seed=80_070), RanzoBot(seed=1), Sampler(3), random.Random(4), 0
    while game.result is None and dealt < 6:
        seat = game.to_act[0]
        view = game.view(seat)
        if seat == 0:
            sampler.observe(view)
            if decides(view.legal_moves) and len(view.legal_moves) > 1:
                for world in sampler.worlds(view, rng, 2):
                    assert world.view(0).hand == view.hand and world.stock_size == view.stock_size
                    assert [len(h) for h in world.hands] == list(view.hand_sizes)
                dealt += 1
        game.play(bot.choose(view), seat)
    assert dealt == 6
    assert _moves(WorldsBot(*small, seed=5, infer=True)) == _moves(WorldsBot(*small, seed=5, infer=True))
    with pytest.raises(UsageError) as err:
        WorldsBot(*small, infer=1)  # type: ignore[arg-type]
    assert err.value.code == "bad_option"


def test_labels_read_a_world_sampled_from_the_view_and_the_true_rollout(monkeypatch: pytest.MonkeyPatch) -> None:
    import naipes.ranzo._open_features as features

    monkeypatch.setattr(features, "DECIDED", ("discard", "window"))
    x2, y2, _ = label_games(ROUND, 9, 1, game="ranzo")
    monkeypatch.setattr(features, "LABEL_IN_SAMPLES", True)
    x1, y1, _ = label_games(ROUND, 9, 1, game="ranzo")
    assert np.array_equal(y1, y2)  # the same games, the same rollouts
    mine = (x2[:, 436] == 1) & (x2[:, 433] == 1)  # the window on its own discard: its hand is the same
    assert mine.sum() > 20 and np.array_equal(x1[mine, :48], x2[mine, :48])
    assert not np.array_equal(x1[:, 48:240], x2[:, 48:240])  # the other hands and the stock are sampled
    assert np.array_equal(x1[mine, 48:240].sum(1), x2[mine, 48:240].sum(1))
