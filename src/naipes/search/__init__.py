"""Search bots over the hidden cards: :class:`ISMCTSBot` and :class:`PIMCBot`.

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

.. versionadded:: 1.1
"""

from __future__ import annotations

from naipes.search.ismcts import ISMCTSBot
from naipes.search.pimc import PIMCBot
from naipes.search.rollout import HEURISTIC_ROLLOUTS, Rollout, default_rollout

__all__ = ["HEURISTIC_ROLLOUTS", "ISMCTSBot", "PIMCBot", "Rollout", "default_rollout"]
