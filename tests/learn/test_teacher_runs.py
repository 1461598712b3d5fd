"""naipes.learn: a teacher's labelling counted in decisions (the same weights, byte for byte, from run
to run and when resumed from its ``--teacher-data`` file), DAgger rounds, deterministic weight files."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from naipes import machuco  # noqa: E402
from naipes.errors import UsageError  # noqa: E402
from naipes.learn import QNetwork, load_weights, save_weights  # noqa: E402
from naipes.learn.distil import Labels, TeacherPlay  # noqa: E402
from naipes.learn.dmc import Settings, train, validate  # noqa: E402

HAND = machuco.Rules(players=2, scope="hand")


def _counted(tmp_path: Path, name: str, decisions: int, data: str = "", **more: Any) -> Settings:
    """A small counted distillation run (DAgger rounds of 40 labelled decisions, by default)."""
    return Settings(hidden=(16,), pool=40, minibatch=32, eval_every=10**9, eval_games=2, teacher="strong",
                    teacher_decisions=decisions, epochs=2, distil="policy", tau=0.01,
                    **{"dagger": 40, **more}, out=str(tmp_path / f"{name}.npz"),
                    teacher_data=str(tmp_path / (data or f"{name}-data.npz")))


class _RacingClock:
    """``time.process_time`` that jumps an hour at every call: a stop on CPU time would cut the run."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 3600.0
        return self.now


def test_the_counted_command_gives_the_same_weights_byte_for_byte(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    random.seed(1)
    np.random.seed(1)
    train(_counted(tmp_path, "a", 90))
    (tmp_path / "first.npz").write_bytes((tmp_path / "a.npz").read_bytes())
    (tmp_path / "a-data.npz").unlink()
    random.seed(2)  # unseeded randomness would now draw otherwise
    np.random.seed(2)
    monkeypatch.setattr(time, "process_time", _RacingClock())  # and a CPU-time stop would cut the run
    monkeypatch.setattr(time, "time", lambda: 2e9)  # another day: the file's bytes must not carry it
    train(_counted(tmp_path, "a", 90))
    assert (tmp_path / "a.npz").read_bytes() == (tmp_path / "first.npz").read_bytes()
    net, meta = load_weights(tmp_path / "a.npz")
    assert meta.trained["decisions"] >= 90 and "cpu_seconds" not in meta.trained


def test_a_run_resumed_from_its_teacher_data_equals_one_run(tmp_path: Path) -> None:
    train(_counted(tmp_path, "whole", 90))
    train(_counted(tmp_path, "part", 50))  # stops within the second DAgger round
    train(_counted(tmp_path, "part", 90))  # goes on from the file: its games, its rounds, its student
    assert (tmp_path / "part.npz").read_bytes() == (tmp_path / "whole.npz").read_bytes()
    with np.load(tmp_path / "whole-data.npz") as whole, np.load(tmp_path / "part-data.npz") as part:
        assert all((whole[k] == part[k]).all() for k in ("obs", "actions", "labels", "labelled"))
        assert len(whole["actions"]) >= 90


def test_dagger_rounds_change_the_games_and_the_weights(tmp_path: Path) -> None:
    train(_counted(tmp_path, "dagger", 90))
    train(_counted(tmp_path, "plain", 90, dagger=0))
    with np.load(tmp_path / "dagger-data.npz") as dagger, np.load(tmp_path / "plain-data.npz") as plain:
        assert (dagger["obs"][:40] == plain["obs"][:40]).all()  # the first round: the teacher plays
        size = min(len(dagger["obs"]), len(plain["obs"]))
        assert not (dagger["obs"][:size] == plain["obs"][:size]).all()  # then the student's positions
    assert (tmp_path / "dagger.npz").read_bytes() != (tmp_path / "plain.npz").read_bytes()


class _FirstLegal:
    """A student that plays the first legal id."""

    def greedy(self, obs: Any, masks: Any) -> Any:
        return masks.argmax(1)


def test_the_student_plays_the_learners_moves_and_the_teacher_labels_them() -> None:
    play = TeacherPlay("machuco", HAND, seed=3, teacher="strong", epsilon=0.0)
    batch = play.collect(30, _FirstLegal(), share=1.0)
    assert batch.labels is not None and batch.labelled is not None
    taught = 0
    for action, labels, labelled in zip(batch.actions, batch.labels, batch.labelled):
        assert action == np.flatnonzero(labelled)[0]  # the student's move, a labelled one
        taught += labels[action] < labels[labelled].max()
    assert taught  # somewhere the teacher would have played another move


def test_labels_read_from_another_seed_are_kept_and_new_games_added(tmp_path: Path) -> None:
    path = str(tmp_path / "d.npz")
    first = Labels(TeacherPlay("machuco", HAND, seed=1, teacher="strong"), 1, path, pool=20)
    first.until(20, fit=lambda batch: None)
    first.save()
    again = Labels(TeacherPlay("machuco", HAND, seed=1, teacher="strong"), 1, path, pool=20)
    other = Labels(TeacherPlay("machuco", HAND, seed=2, teacher="strong"), 2, path, pool=20)
    assert again.total == other.total == first.total
    assert again.play.games == first.play.games and other.play.games == 0  # seed 2 starts its own games


def test_weight_files_do_not_depend_on_the_time_of_day(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from naipes.learn.network import WeightsMeta

    net = QNetwork(main=6, ids=4, k=0, hidden=(5,), seed=1)
    meta = WeightsMeta("machuco", {}, 1, 6, 4, 0, (), (5,), {})
    save_weights(net, meta, tmp_path / "a.npz")
    monkeypatch.setattr(time, "time", lambda: 2e9)
    save_weights(net, meta, tmp_path / "b.npz")
    assert (tmp_path / "a.npz").read_bytes() == (tmp_path / "b.npz").read_bytes()
    loaded, _ = load_weights(tmp_path / "b.npz")
    assert all(np.allclose(p, q, atol=np.abs(p).max() / 100) for p, q in zip(loaded.params, net.params))


@pytest.mark.parametrize("changes", [
    {"teacher": "strong", "teacher_minutes": 1.0, "teacher_decisions": 100},
    {"teacher_decisions": 100},
    {"teacher": "strong", "teacher_minutes": 1.0, "dagger": 50},
    {"teacher": "strong", "teacher_decisions": 100, "student_share": 1.5},
])
def test_counted_teacher_settings_that_mean_nothing_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(UsageError) as info:
        validate(Settings(**changes))  # type: ignore[arg-type]
    assert info.value.code == "bad_option"


@pytest.mark.parametrize("changes", [{"teacher_decisions": -1}, {"dagger": -5}])
def test_negative_counts_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(UsageError) as info:
        validate(Settings(teacher="strong", **{"teacher_decisions": 100, **changes}))  # type: ignore[arg-type]
    assert info.value.code == "bad_budget"


def test_naipes_train_passes_the_counted_teacher_and_the_rounds(tmp_path: Path) -> None:
    from naipes.cli import main

    out = tmp_path / "w.npz"
    code = main(["train", "machuco", "--rule", "players=2", "--rule", "scope=hand", "--teacher", "strong",
                 "--teacher-decisions", "30", "--dagger", "15", "--student-share", "0.5", "--hidden", "8",
                 "--pool", "256", "--eval-games", "2", "--epochs", "1", "--out", str(out)])
    assert code == 0
    trained = load_weights(out)[1].trained
    assert trained["decisions"] >= 30
    assert {k: trained["settings"][k] for k in ("teacher_decisions", "dagger", "student_share", "teacher_minutes")} \
        == {"teacher_decisions": 30, "dagger": 15, "student_share": 0.5, "teacher_minutes": 0.0}


def test_a_teacher_data_file_that_is_not_one_is_refused_and_nothing_is_taken(tmp_path: Path) -> None:
    play = TeacherPlay("machuco", machuco.Rules(players=2, scope="hand"), 1, teacher="strong")
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not a zip at all")
    other = tmp_path / "other.npz"
    np.savez(other, obs=np.zeros((3, 5), np.float32), actions=np.zeros(3, np.int64),
             labels=np.zeros((3, 2), np.float32), labelled=np.zeros((3, 2), bool))
    for path in (junk, other):
        with pytest.raises(UsageError) as err:
            Labels(play, 1, str(path))
        assert err.value.code == "bad_teacher_data"
    assert play.games == play.decisions == 0


def test_going_on_with_a_teacher_data_file_in_other_dagger_rounds_is_refused(tmp_path: Path) -> None:
    train(_counted(tmp_path, "part", 50))  # DAgger rounds of 40, the student plays every decision
    before = (tmp_path / "part-data.npz").read_bytes()
    for changed in ({"dagger": 20}, {"dagger": 0}, {"student_share": 0.5}):
        with pytest.raises(UsageError) as err:
            train(_counted(tmp_path, "part", 90, **changed))
        assert err.value.code == "bad_teacher_data" and "labelled with" in str(err.value)
    assert (tmp_path / "part-data.npz").read_bytes() == before  # nothing written
    train(_counted(tmp_path, "part", 90))  # the same rounds go on
    with np.load(tmp_path / "part-data.npz") as part:
        assert len(part["actions"]) >= 90
