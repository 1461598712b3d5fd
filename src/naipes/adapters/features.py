"""The observation a learner reads: the game's extra features, the heuristic's knowledge, and
the one writer of the whole training observation.

:class:`Observation` lays out and writes what :class:`~naipes.adapters.training.TrainingEnv`
and :mod:`naipes.learn` feed a network: the game's ``ActionSpace.encode`` vector, the game's
own extra features (:func:`game_features`, from its ``_features`` module), and a per-action
block (the game's numbers per action id, then the heuristic's :class:`Knowledge` columns).
Needs ``numpy``.

These names were defined in :mod:`naipes.adapters.training` before 1.2's split and are still
importable from there.

>>> features = game_features("machuco")
>>> features.names[:2]
('unseen_1', 'unseen_2')

.. versionadded:: 1.2
"""

from __future__ import annotations

import importlib
import math
import random
from typing import Any, Protocol

import attrs
import numpy as np

from naipes.adapters._common import resolve
from naipes.bots import load_bot
from naipes.plugin import plugin

__all__ = [
    "GameFeatures",
    "KNOWLEDGE",
    "KNOWLEDGE_GAP",
    "Knowledge",
    "NoFeatures",
    "Observation",
    "game_features",
]

Array = np.ndarray[Any, Any]


class GameFeatures(Protocol):
    """What a game's ``_features`` module gives for some rules (``features(rules)``).

    Attributes:
        names: one name per extra feature, in order (``unseen_1`` ...).
        action_features: the numbers per action id :meth:`fill_actions` writes (0: none).
        return_scale: a typical size of the seat's return; rewards are divided by it.
    """

    @property
    def names(self) -> tuple[str, ...]:
        """One name per extra feature."""

    @property
    def action_features(self) -> int:
        """The numbers per action id."""

    @property
    def return_scale(self) -> float:
        """A typical size of the seat's return."""

    def fill(self, view: Any, out: Any) -> None:
        """Write the view's features into ``out`` (zeroed, ``len(names)`` places)."""

    def fill_actions(self, view: Any, out: Any) -> None:
        """Write the features of every action id into ``out`` (zeroed, ``(size, action_features)``)."""

    def progress(self, view: Any) -> float:
        """The part of the seat's return already settled in ``view``, in return units."""


@attrs.frozen
class NoFeatures:
    """The features of a game that has no ``_features`` module: none, and no progress."""

    return_scale: float = 1.0
    names: tuple[str, ...] = ()
    action_features: int = 0

    def fill(self, view: Any, out: Any) -> None:
        """Nothing to write."""

    def fill_actions(self, view: Any, out: Any) -> None:
        """Nothing to write."""

    def progress(self, view: Any) -> float:
        """Always 0: the reward comes at the end."""
        return 0.0


def game_features(game: str, rules: Any = None) -> GameFeatures:
    """The extra features of ``game`` under ``rules``: its package's ``_features.features(rules)``,
    else :class:`NoFeatures` (scaled by the larger bound of the returns).

    >>> game_features("machuco").names[:2]
    ('unseen_1', 'unseen_2')
    """
    info, rules, space = resolve(game, rules)
    try:
        module = importlib.import_module(info.module + "._features")
    except ModuleNotFoundError as exc:
        if exc.name != info.module + "._features":
            raise
        low, high = space.bounds(info.returns_range)
        return NoFeatures(return_scale=max(abs(low), abs(high)) or 1.0)
    made: GameFeatures = module.features(rules)
    return made


#: The names of the per-action columns :class:`Knowledge` writes, in order.
KNOWLEDGE = ("heuristic_best", "heuristic_ratio", "heuristic_gap")
#: The gap to the heuristic's best move (in :meth:`~naipes.plugin.GamePlugin.move_scores` units,
#: log-likelihoods) that ``heuristic_gap`` reads as -1 (larger gaps too).
KNOWLEDGE_GAP = 32.0


class Knowledge:
    """The game's heuristic as per-action features (``knowledge=True``; :data:`KNOWLEDGE`).

    Per legal id, from the plugin's :meth:`~naipes.plugin.GamePlugin.move_scores` (the
    heuristic's log-likelihood of each legal move): ``heuristic_best`` 1 for the moves of
    the highest score, ``heuristic_ratio`` ``exp(score - best)`` (1 for the best),
    ``heuristic_gap`` ``(score - best) / KNOWLEDGE_GAP`` clipped to [-1, 0]. Where the game
    gives no scores for the position (a cante in Machuco, say), ``heuristic_best`` and
    ``heuristic_ratio`` are 1 for the move the game's ``best`` bot chooses (seed 0).

    Args:
        game: the game's registered name.
        space: the game's action space for the rules.

    .. versionadded:: 1.2
    """

    def __init__(self, game: str, space: Any) -> None:
        self.plugin = plugin(game)
        self.space = space
        self.game = game
        self._bot: Any = None
        self._rewind: list[tuple[random.Random, Any]] = []

    def fill(self, view: Any, out: Any) -> None:
        """Write the :data:`KNOWLEDGE` columns of ``view``'s legal ids into ``out`` (``(ids, 3)``, zeroed)."""
        moves = view.legal_moves
        if not moves:
            return
        index = self.space.index
        scores = self.plugin.move_scores(view) if len(moves) > 1 else None
        if scores is None or len(scores) != len(moves):
            row = out[index(self._choice(view) if len(moves) > 1 else moves[0], view)]
            row[0] = row[1] = 1.0
            return
        top = max(scores)
        for move, score in zip(moves, scores):
            row = out[index(move, view)]
            gap = float(score) - top
            row[0] = 1.0 if gap >= -1e-9 else 0.0
            row[1] = math.exp(gap)
            row[2] = max(-1.0, gap / KNOWLEDGE_GAP)

    def _choice(self, view: Any) -> Any:
        """The ``best`` bot's move, as a bot of seed 0 would choose it first: its generators are
        rewound before each call, so the columns depend on the view alone, not on the calls before."""
        if self._bot is None:
            self._bot = load_bot("best", seed=0, game=self.game)
            self._rewind = [(rng, rng.getstate()) for rng in _generators(self._bot)]
            if not self._rewind:  # a bot whose generator is out of sight: a new one each time
                self._bot = None
                return load_bot("best", seed=0, game=self.game).choose(view)
        for rng, state in self._rewind:
            rng.setstate(state)
        return self._bot.choose(view)


def _generators(bot: Any) -> list[random.Random]:
    """The ``random.Random`` generators a bot keeps in its attributes (``__slots__`` or ``__dict__``)."""
    names = {name for klass in type(bot).__mro__ for name in getattr(klass, "__slots__", ())}
    names.update(getattr(bot, "__dict__", {}))
    found = (getattr(bot, name, None) for name in sorted(names))
    return [value for value in found if isinstance(value, random.Random)]


class Observation:
    """The layout of a training observation, and the one writer of it: the encoding, the extra
    features, the per-action block (for :class:`~naipes.adapters.training.TrainingEnv` and
    :mod:`naipes.learn`).

    Args:
        space: the game's action space for the rules.
        features: the game's extra features.
        knowledge: the heuristic's per-action columns, appended to the game's own (``None``: none).

    Attributes:
        encoded: the encoding's length.
        main: the main part's length (encoding and extra features).
        ids: the number of action ids.
        own: the game's own numbers per id.
        action_features: the numbers per id (the game's, then :data:`KNOWLEDGE` with ``knowledge``).
        size: the observation's length.

    .. versionadded:: 1.2
    """

    def __init__(self, space: Any, features: GameFeatures, knowledge: Knowledge | None = None) -> None:
        self.space, self.features, self.knowledge = space, features, knowledge
        self.encoded = int(space.observation_size)
        self.main = self.encoded + len(features.names)
        self.ids = int(space.size)
        self.own = int(features.action_features)
        self.action_features = self.own + (len(KNOWLEDGE) if knowledge is not None else 0)
        self.size = self.main + self.ids * self.action_features

    def write(self, view: Any, obs: Array, mask: Array) -> None:
        """Write ``view``'s observation into ``obs`` and its legal ids into ``mask``, from the view alone."""
        mask.fill(False)
        mask[list(self.space.legal_ids(view))] = True
        self.space.encode(view, out=obs[:self.encoded])
        self.write_extras(view, obs, mask)

    def write_extras(self, view: Any, obs: Array, mask: Array) -> None:
        """Write the extra features and the per-action block of ``view`` into ``obs`` (the encoding
        and ``mask`` written already): rows of illegal ids stay zero."""
        extra = obs[self.encoded:self.main]
        if len(extra):
            extra.fill(0.0)
            self.features.fill(view, extra)
        if self.action_features:
            rows = obs[self.main:].reshape(self.ids, self.action_features)
            rows.fill(0.0)
            if self.own:
                self.features.fill_actions(view, rows[:, :self.own] if self.knowledge is not None else rows)
            if self.knowledge is not None:
                self.knowledge.fill(view, rows[:, self.own:])
            rows *= mask[:, None]  # only legal ids have per-action features
