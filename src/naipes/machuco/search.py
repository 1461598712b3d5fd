"""Machuco's strongest bot: :class:`StrongBot`, determinized exact search with the game's knowledge.

It is :class:`naipes.search.DeterminizedBot` with the configuration measured best
against :class:`~naipes.machuco.MachucoBot` on tuning deals (see
``benchmarks/bots_search.py`` and :doc:`/guides/search-and-tournaments`); the bot
name ``strong`` of the game's plugin (``load_bot("strong", game="machuco")``):

- its worlds are inferred from play (``infer="heuristic"``, :mod:`naipes.search.infer`):
  drawn among twice as many candidates by the likelihood of the other seats' plays
  of the deal under MachucoBot's values (a softmax at the temperature of
  ``naipes.machuco._inference.TEMPERATURE``, with a uniform share :data:`MODEL_EPSILON`);
- the other seats play MachucoBot's move inside the search (``others="policy"``,
  ``rollout="best"``): the search branches on the seat's own plays only, to the end of
  the deal;
- once the stock is empty and the worlds are few (one with two players: the other
  hand is the unseen cards) each is searched once, exactly (``exact=4``).

.. versionadded:: 1.2
.. versionchanged:: 1.2
   Inference from play, the other seats by MachucoBot, exact endgames.
"""

from __future__ import annotations

from naipes.search import DeterminizedBot
from naipes.search.infer import HeuristicModel, InferOption
from naipes.search.rollout import Rollout

__all__ = ["MODEL_EPSILON", "StrongBot"]

#: The uniform share of the player model of ``infer="heuristic"`` (measured on tuning deals).
MODEL_EPSILON = 0.02


class StrongBot(DeterminizedBot):
    """DeterminizedBot with Machuco's measured configuration (see the module docstring):
    ``worlds=32``, ``depth=12``, ``nodes=8000``, ``infer="heuristic"``, ``others="policy"``,
    ``rollout="best"``, ``exact=4``.

    Args:
        seed: seed of the bot's generator.
        worlds, seconds, depth, nodes, rollout, infer, pool, exact, prior, others: as for
            :class:`~naipes.search.DeterminizedBot`.

    .. versionadded:: 1.2
    """

    __slots__ = ()

    def __init__(self, seed: int | None = None, *, worlds: int | None = 32, seconds: float | None = None,
                 depth: int = 12, nodes: int | None = 8000, rollout: Rollout = "best",
                 infer: InferOption = "heuristic", pool: int | None = None, exact: int = 4,
                 prior: float = 0.0, others: str = "policy") -> None:
        if infer == "heuristic":
            infer = HeuristicModel(epsilon=MODEL_EPSILON)
        super().__init__(worlds=worlds, seconds=seconds, seed=seed, depth=depth, nodes=nodes, rollout=rollout,
                         infer=infer, pool=pool, exact=exact, prior=prior, others=others)
