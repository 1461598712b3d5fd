"""Distillation of a search bot: positions labelled with the value the search gives each move.

:class:`TeacherPlay` plays games where the learner seat is a search bot with
per-move values (``strong``: :class:`~naipes.search.DeterminizedBot`, whose
``last_values`` are each weighed move's mean
value over its worlds) and the other seats the game's heuristic (``best``). At
each of the teacher's decisions with a choice, the position is written as an
observation row (:class:`~naipes.learn.observe.Observer`) and every weighed
move's id gets a label: its value less the game's ``progress`` (the part of the
return already settled), over the return scale, the same units as deep
Monte-Carlo's ``to_go`` target. The network regresses every labelled id at once
(:func:`naipes.learn.dmc.train` with ``teacher=``): one step of expert
iteration, then deep Monte-Carlo may go on from there. With ``epsilon`` the
learner plays a random legal move instead of the teacher's (the labels are the
teacher's all the same), so the positions are not only the teacher's.

:class:`Labels` runs the labelling for a count of decisions (``--teacher-decisions``),
deterministic for a seed, optionally in DAgger rounds (``--dagger``): after each
round the student network is trained on all the labels so far and plays the
learner's seat in the next round (a share ``student_share`` of its decisions),
the teacher still labelling every position visited, so the student learns the
positions its own moves lead to (the covariate shift of imitation). The labels,
the generator's state and the rounds go to a ``--teacher-data`` file, so a run
cut into several goes the same way as one.

.. versionadded:: 1.2
"""

from __future__ import annotations

import json
import time
import zipfile
from pathlib import Path
from typing import Any, Callable, Mapping

import numpy as np

from naipes.bots import load_bot
from naipes.errors import UsageError
from naipes.learn.observe import Observer
from naipes.learn.selfplay import TRAINING_SEEDS, Batch
from naipes.plugin import plugin

__all__ = ["Labels", "TeacherPlay"]

Array = np.ndarray[Any, Any]


class TeacherPlay:
    """Games of ``game`` with a search bot in one seat, labelling its decisions (see the module docstring).

    Args:
        game: the game's registered name.
        rules: the rules.
        seed: the seed of the deals, seats, bots and exploration.
        teacher: the bot spec of the labelling search bot (it must give ``last_values``).
        opponent: the bot spec of the other seats.
        epsilon: the share of the learner's moves played at random.

    Raises:
        UsageError: when the teacher gives no per-move values (code ``bad_option``).
    """

    def __init__(self, game: str, rules: Any, seed: int, *, teacher: str = "strong", opponent: str = "best",
                 epsilon: float = 0.1) -> None:
        self.game, self.rules, self.teacher, self.opponent, self.epsilon = game, rules, teacher, opponent, epsilon
        self.plugin = plugin(game)
        self.observer = Observer(game, rules)
        self.scale = float(self.observer.features.return_scale)
        self.rng = np.random.default_rng(seed)
        if not hasattr(load_bot(teacher, seed=0, game=game), "last_values"):
            raise UsageError(f"the teacher {teacher!r} gives no per-move values (last_values)", code="bad_option")
        self.decisions = 0
        self.games = 0

    def collect(self, decisions: int, student: Any = None, share: float = 1.0) -> Batch:
        """Play whole games until at least ``decisions`` labelled decisions; them, with their CPU time.
        With a ``student`` (a :class:`~naipes.learn.network.QNetwork`), a share ``share`` of the
        learner's decisions play the student's greedy move instead of the teacher's (DAgger); the
        teacher labels them all the same.

        Raises:
            UsageError: when the teacher valued no move in them (code ``bad_option``).
        """
        start = time.process_time()
        rows: list[Array] = []
        labels: list[Array] = []
        actions: list[int] = []
        while len(rows) < decisions:
            self._game(rows, labels, actions, student, share)
        labelled = np.stack(labels)
        if np.isnan(labelled).all():  # e.g. Ranzo's strong, a policy: strong:play=search searches
            raise UsageError(f"the teacher {self.teacher!r} gave no per-move values in {len(rows)} decisions "
                             "(a bot that does not search has none)", code="bad_option")
        self.decisions += len(rows)
        return Batch(np.stack(rows), np.array(actions, np.int64), np.zeros(len(rows), np.float32),
                     time.process_time() - start, labels=np.nan_to_num(labelled), labelled=~np.isnan(labelled))

    def _game(self, rows: list[Array], labels: list[Array], actions: list[int], student: Any = None,
              share: float = 1.0) -> None:
        """One game; its labelled decisions appended."""
        draw = self.rng.integers
        game = self.plugin.new_game(self.rules, seed=TRAINING_SEEDS + int(draw(2**40)))
        learner = int(draw(game.num_players))
        bots: dict[int, Any] = {s: load_bot(self.teacher if s == learner else self.opponent, seed=int(draw(2**62)), game=self.game)
                for s in range(game.num_players)}
        space, observer = self.observer.space, self.observer
        while not game.is_over:
            seat = min(game.to_act)
            view = game.view(seat)
            move = bots[seat].choose(view)
            if seat == learner and len(view.legal_moves) > 1:
                obs = np.zeros(observer.size, np.float32)
                mask = np.zeros(observer.ids, bool)
                observer.write(view, obs, mask)
                label = np.full(observer.ids, np.nan, np.float32)
                progress = observer.features.progress(view)
                for weighed, value in bots[seat].last_values:
                    label[space.index(weighed, view)] = (value - progress) / self.scale
                action = space.index(move, view)
                if student is not None and self.rng.random() < share:
                    action = int(student.greedy(obs[None], mask[None])[0])
                    move = space.move(action, view)
                if self.rng.random() < self.epsilon:
                    legal = np.flatnonzero(mask)
                    action = int(legal[self.rng.integers(len(legal))])
                    move = space.move(action, view)
                rows.append(obs)
                labels.append(label)
                actions.append(action)
            game.play(move, seat)
        self.games += 1


class Labels:
    """The teacher's labelled decisions of a run, counted, resumable and in DAgger rounds.

    Args:
        play: the games that label (their generator is restored from ``path`` when it
            holds the same seed's labels).
        seed: the seed of ``play`` (stored with the labels).
        path: the ``--teacher-data`` file: read first when it exists, written by :meth:`save`
            (``""``: none).
        dagger: labelled decisions per DAgger round (0: the teacher plays every round).
        share: the share of the learner's decisions the student plays after the first round.
        pool: labelled decisions per call of :meth:`TeacherPlay.collect`.
    """

    def __init__(self, play: TeacherPlay, seed: int, path: str = "", dagger: int = 0, share: float = 1.0,
                 pool: int = 8192) -> None:
        self.play, self.seed, self.path, self.dagger, self.share, self.pool = play, seed, path, dagger, share, pool
        self.pools: list[Batch] = []
        #: the row counts at the end of each finished DAgger round
        self.ends: list[int] = []
        #: the CPU seconds spent labelling, by earlier runs on the same file too
        self.cpu = 0.0
        #: the labelled decisions so far (those read from the file too)
        self.total = 0
        if path and Path(path).exists():
            self._load(path)

    def _load(self, path: str) -> None:
        """Read the labels of an earlier run (see the class; ``bad_teacher_data`` for a file that
        is not one, or is one of another game, rules or layout: nothing is taken from it)."""
        observer = self.play.observer
        try:
            with np.load(path) as data:
                batch = Batch(data["obs"], data["actions"], np.zeros(len(data["actions"]), np.float32),
                              labels=data["labels"], labelled=data["labelled"])
                stored = json.loads(str(data["state"])) if "state" in data.files else None
        except (OSError, ValueError, KeyError, TypeError, zipfile.BadZipFile) as exc:
            raise UsageError(f"{path!r} is no teacher data file ({exc})", code="bad_teacher_data") from exc
        assert batch.labels is not None and batch.labelled is not None
        if batch.obs.shape[1:] != (observer.size,) or batch.labels.shape[1:] != (observer.ids,) \
                or not len(batch.obs) == len(batch.actions) == len(batch.labels) == len(batch.labelled):
            raise UsageError(f"{path!r} holds teacher data of another game, rules or layout",
                             code="bad_teacher_data")
        if stored is not None:
            self._check_rounds(path, stored)
        self.pools.append(batch)
        self.total = len(batch)
        if stored is not None and stored["seed"] == self.seed:  # the same stream: go on where it stopped
            self.play.rng.bit_generator.state = stored["rng"]
            self.play.games, self.play.decisions = stored["games"], stored["decisions"]
            self.ends, self.cpu = list(stored["ends"]), float(stored["cpu"])
        # another seed (or a file without its state): its games are added to the labels so far

    def _check_rounds(self, path: str, stored: Mapping[str, Any]) -> None:
        """Refuse a file labelled in other DAgger rounds (``dagger`` or ``share``): its rows would
        mix two schedules under one file (code ``bad_teacher_data``). Files written before 1.2's
        check hold neither and are taken as they are."""
        for name, ours in (("dagger", self.dagger), ("share", self.share)):
            if name in stored and stored[name] != ours:
                raise UsageError(f"{path!r} was labelled with {name}={stored[name]}, not {ours}: use the "
                                 f"same value to go on with it, or another file", code="bad_teacher_data")

    def until(self, decisions: int, fit: Callable[[Batch], Any],
              report: Callable[[int, Any], None] = lambda rows, student: None) -> None:
        """Label until ``decisions`` rows in all (whole games), round by round; ``fit`` trains a
        student on the rows of the rounds before (DAgger), ``report`` is called with the rows and
        the student at the end of each round but the last."""
        student = None
        while self.total < decisions:
            goal = min(decisions, (len(self.ends) + 1) * self.dagger) if self.dagger else decisions
            if self.dagger and self.ends and student is None:
                student = fit(self.rows(self.ends[-1]))
            start = time.process_time()
            while self.total < goal:
                self.add(self.play.collect(min(self.pool, goal - self.total), student, self.share))
            self.cpu += time.process_time() - start
            if self.dagger and self.total >= (len(self.ends) + 1) * self.dagger:
                self.ends.append(self.total)
                if self.total < decisions:  # the last round's student is the run's network
                    student = fit(self.rows())
                    report(self.total, student)

    def add(self, batch: Batch) -> None:
        """Add labelled decisions."""
        self.pools.append(batch)
        self.total += len(batch)

    def rows(self, count: int | None = None) -> Batch:
        """The first ``count`` labelled decisions (all: ``None``) as one batch."""
        every = _concat(self.pools)
        self.pools = [every]
        if count is None or count >= len(every):
            return every
        assert every.labels is not None and every.labelled is not None
        return Batch(every.obs[:count], every.actions[:count], every.targets[:count],
                     labels=every.labels[:count], labelled=every.labelled[:count])

    def save(self) -> None:
        """Write the labels, the generator's state and the rounds to the file (when there is one)."""
        if not self.path:
            return
        every = self.rows()
        assert every.labels is not None and every.labelled is not None
        state = {"seed": self.seed, "rng": self.play.rng.bit_generator.state, "games": self.play.games,
                 "decisions": self.play.decisions, "ends": self.ends, "cpu": round(self.cpu, 1),
                 "dagger": self.dagger, "share": self.share}
        np.savez_compressed(self.path, obs=every.obs, actions=every.actions, labels=every.labels,
                            labelled=every.labelled, state=np.array(json.dumps(state)))


def _concat(pool: list[Batch]) -> Batch:
    """The labelled batches as one."""
    if len(pool) == 1:
        return pool[0]
    return Batch(np.concatenate([b.obs for b in pool]), np.concatenate([b.actions for b in pool]),
                 np.concatenate([b.targets for b in pool]),
                 labels=np.concatenate([b.labels for b in pool]),
                 labelled=np.concatenate([b.labelled for b in pool]))
