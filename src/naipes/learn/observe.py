"""What a learned bot reads: a view written as one observation row and its mask of legal ids.

The row is exactly :class:`naipes.adapters.training.TrainingEnv`'s observation with
``knowledge=True`` (the game's ``ActionSpace.encode``, its extra features, its
per-action block, then the heuristic's per-action columns,
:class:`~naipes.adapters.features.Knowledge`): both are written by one
:class:`~naipes.adapters.features.Observation`, so a network trained on either reads
the other.

.. versionadded:: 1.2
.. versionchanged:: 1.2
   The heuristic's per-action columns (:data:`FEATURE_VERSION` 2); weights of version 1
   are refused (``weights_mismatch``).
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import numpy as np

from naipes.adapters.features import GameFeatures, Knowledge, Observation, game_features
from naipes.plugin import plugin

__all__ = ["FEATURE_VERSION", "Observer", "rules_key"]

Array = np.ndarray[Any, Any]
#: The version of the learned bots' features on top of the game's encoding: 1, the game's
#: features only; 2, also the heuristic's per-action columns
#: (:data:`~naipes.adapters.features.KNOWLEDGE`). A weight file records it
#: (:attr:`~naipes.learn.network.WeightsMeta.feature_version`).
FEATURE_VERSION = 2


def rules_key(rules: Any) -> dict[str, Any]:
    """``rules`` as plain JSON values (what a weight file's metadata records)."""
    loaded: dict[str, Any] = json.loads(json.dumps(attrs.asdict(rules), sort_keys=True, default=str))
    return loaded


class Observer:
    """Writes views of one game under one set of rules as observation rows.

    Args:
        game: the game's registered name.
        rules: the rules.
        knowledge: whether the rows carry the heuristic's per-action columns (feature
            version 2; without them, version 1).

    Attributes:
        space: the game's action space for the rules.
        features: the game's extra features (:func:`~naipes.adapters.features.game_features`).
        layout: the writer (:class:`~naipes.adapters.features.Observation`).
        main: the length of the row's main part (encoding and extra features).
        ids: the number of action ids.
        k: per-action features per id.
        size: the row's length.
        feature_version: :data:`FEATURE_VERSION`, or 1 without ``knowledge``.
    """

    def __init__(self, game: str, rules: Any, knowledge: bool = True) -> None:
        self.space: Any = plugin(game).action_space(rules)
        self.features: GameFeatures = game_features(game, rules)
        self.layout = Observation(self.space, self.features, Knowledge(game, self.space) if knowledge else None)
        self.encoded = self.layout.encoded
        self.main = self.layout.main
        self.ids = self.layout.ids
        self.k = self.layout.action_features
        self.size = self.layout.size
        self.feature_version = FEATURE_VERSION if knowledge else 1

    def write(self, view: Any, obs: Array, mask: Array) -> None:
        """Write ``view``'s observation into ``obs`` and its legal ids into ``mask`` (zeroed first)."""
        self.layout.write(view, obs, mask)
