"""What a learned bot reads: a view written as one observation row and its mask of legal ids.

The row is exactly :class:`naipes.adapters.training.TrainingEnv`'s observation
(the game's ``ActionSpace.encode``, its extra features, its per-action block),
so a network trained on either reads the other.

.. versionadded:: 1.2
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import numpy as np

from naipes.adapters.training import GameFeatures, game_features
from naipes.plugin import plugin

__all__ = ["Observer", "rules_key"]

Array = np.ndarray[Any, Any]


def rules_key(rules: Any) -> dict[str, Any]:
    """``rules`` as plain JSON values (what a weight file's metadata records)."""
    loaded: dict[str, Any] = json.loads(json.dumps(attrs.asdict(rules), sort_keys=True, default=str))
    return loaded


class Observer:
    """Writes views of one game under one set of rules as observation rows.

    Args:
        game: the game's registered name.
        rules: the rules.

    Attributes:
        space: the game's action space for the rules.
        features: the game's extra features (:func:`~naipes.adapters.training.game_features`).
        main: the length of the row's main part (encoding and extra features).
        ids: the number of action ids.
        k: per-action features per id.
        size: the row's length.
    """

    def __init__(self, game: str, rules: Any) -> None:
        self.space: Any = plugin(game).action_space(rules)
        self.features: GameFeatures = game_features(game, rules)
        self.encoded = int(self.space.observation_size)
        self.main = self.encoded + len(self.features.names)
        self.ids = int(self.space.size)
        self.k = int(self.features.action_features)
        self.size = self.main + self.ids * self.k

    def write(self, view: Any, obs: Array, mask: Array) -> None:
        """Write ``view``'s observation into ``obs`` and its legal ids into ``mask`` (zeroed first)."""
        mask.fill(False)
        mask[list(self.space.legal_ids(view))] = True
        self.space.encode(view, out=obs[:self.encoded])
        extra = obs[self.encoded:self.main]
        extra.fill(0.0)
        self.features.fill(view, extra)
        if self.k:
            rows = obs[self.main:].reshape(self.ids, self.k)
            rows.fill(0.0)
            self.features.fill_actions(view, rows)
            rows *= mask[:, None]
