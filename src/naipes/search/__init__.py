"""Search bots over the hidden cards: :class:`ISMCTSBot`, :class:`PIMCBot` and :class:`DeterminizedBot`.

Both are generic over the shared game API: they see only the view they are
given, deal worlds consistent with it (:meth:`View.sample
<naipes.game.View.sample>`), and play those worlds out with a rollout policy
(:mod:`naipes.search.rollout`). Budgets are iterations or seconds per
decision; with an iteration budget a seeded bot is reproducible.

>>> from naipes import machuco, play_game
>>> from naipes.search import ISMCTSBot, PIMCBot
>>> game = machuco.Game(machuco.Rules(players=2, scope="hand"), seed=5)
>>> result = play_game(game, [ISMCTSBot(iterations=16, seed=1), PIMCBot(iterations=16, seed=2)])
>>> len(result.returns)
2

The game-specific knowledge (root candidates, the rollout policy, an
evaluation of capped rollouts) comes from the game's plugin
(:class:`naipes.plugin.GamePlugin`); this package names no game.

.. versionadded:: 1.1

.. versionchanged:: 1.2
   The defaults come from the game's plugin; ``HEURISTIC_ROLLOUTS`` and
   ``default_rollout`` are deprecated (see :mod:`naipes.search.rollout`).

.. versionchanged:: 1.2
   :class:`DeterminizedBot` (exact search of sampled worlds to the plugin's
   horizon); ISMCTS's ``bias=`` (progressive bias from the plugin's prior).

.. versionchanged:: 1.2
   Inference from play (:mod:`naipes.search.infer`): ``infer=`` of :class:`DeterminizedBot`
   and :class:`ISMCTSBot`; exact play of enumerable worlds (``exact=``).
"""

from __future__ import annotations

import warnings
from typing import Any

from naipes.search import infer
from naipes.search import rollout as _rollout
from naipes.search.exact import DeterminizedBot
from naipes.search.infer import HeuristicModel, InferredWorlds, PlayerModel
from naipes.search.ismcts import ISMCTSBot
from naipes.search.pimc import PIMCBot
from naipes.search.rollout import Rollout, default_rollout

__all__ = ["DeterminizedBot", "HeuristicModel", "ISMCTSBot", "InferredWorlds", "PIMCBot", "PlayerModel", "Rollout",
           "default_rollout", "infer"]


def __getattr__(name: str) -> Any:
    """The deprecated ``HEURISTIC_ROLLOUTS``, computed from the plugins, with a :class:`DeprecationWarning`."""
    if name == "HEURISTIC_ROLLOUTS":
        warnings.warn(_rollout._DEPRECATED[name], DeprecationWarning, stacklevel=2)
        return _rollout.heuristic_rollouts()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
