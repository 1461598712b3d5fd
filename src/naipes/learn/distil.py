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

.. versionadded:: 1.2
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from naipes.bots import load_bot
from naipes.errors import UsageError
from naipes.learn.observe import Observer
from naipes.learn.selfplay import TRAINING_SEEDS, Batch
from naipes.plugin import plugin

__all__ = ["TeacherPlay"]

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

    def collect(self, decisions: int) -> Batch:
        """Play whole games until at least ``decisions`` labelled decisions; them, with their CPU time.

        Raises:
            UsageError: when the teacher valued no move in them (code ``bad_option``).
        """
        start = time.process_time()
        rows: list[Array] = []
        labels: list[Array] = []
        actions: list[int] = []
        while len(rows) < decisions:
            self._game(rows, labels, actions)
        labelled = np.stack(labels)
        if np.isnan(labelled).all():  # e.g. Ranzo's strong, a policy: strong:play=search searches
            raise UsageError(f"the teacher {self.teacher!r} gave no per-move values in {len(rows)} decisions "
                             "(a bot that does not search has none)", code="bad_option")
        self.decisions += len(rows)
        return Batch(np.stack(rows), np.array(actions, np.int64), np.zeros(len(rows), np.float32),
                     time.process_time() - start, labels=np.nan_to_num(labelled), labelled=~np.isnan(labelled))

    def _game(self, rows: list[Array], labels: list[Array], actions: list[int]) -> None:
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
                if self.rng.random() < self.epsilon:
                    legal = np.flatnonzero(mask)
                    action = int(legal[self.rng.integers(len(legal))])
                    move = space.move(action, view)
                rows.append(obs)
                labels.append(label)
                actions.append(action)
            game.play(move, seat)
        self.games += 1
