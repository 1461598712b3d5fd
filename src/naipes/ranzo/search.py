"""Ranzo's strongest bot: :class:`StrongBot`, determinized exact search with the game's knowledge.

It is :class:`naipes.search.DeterminizedBot` with the budget measured best
against :class:`~naipes.ranzo.RanzoBot` (see ``benchmarks/bots_search.py`` and
:doc:`/guides/search-and-tournaments`); the bot name ``strong`` of the game's
plugin (``load_bot("strong", game="ranzo")``).

.. versionadded:: 1.2
"""

from __future__ import annotations

from naipes.search import DeterminizedBot
from naipes.search.rollout import Rollout

__all__ = ["StrongBot"]


class StrongBot(DeterminizedBot):
    """DeterminizedBot with Ranzo's measured configuration: the other seats modelled by
    :class:`~naipes.ranzo.RanzoBot` (``others="policy"``, ``rollout="best"``), the seat's own
    moves searched ``depth=8`` plies deep in ``worlds=3`` sampled worlds, ``prior=0.5``.

    With ``others="search"`` (every seat's moves searched, 8 worlds, depth 2) it was level with
    RanzoBot; modelling the others by the heuristic lets the search reach the seat's next
    decisions within the same time. Max-n even in the team variant (``prune=False``): Ranzo's
    evaluation counts the promise of the searching seat's hand only, so the two teams' values
    do not add up to a constant.

    Args:
        seed: seed of the bot's generator.
        worlds, seconds, depth, nodes, rollout, prior, prune, others: as for
            :class:`~naipes.search.DeterminizedBot`.

    .. versionadded:: 1.2
    .. versionchanged:: 1.3
       RanzoBot models the other seats (``others="policy"``, ``rollout="best"``), 3 worlds, depth 8
       (was 8 worlds, depth 2, every seat searched).
    """

    __slots__ = ()

    def __init__(self, seed: int | None = None, *, worlds: int | None = 3, seconds: float | None = None,
                 depth: int = 8, nodes: int | None = None, rollout: Rollout = "best",
                 prior: float = 0.5, prune: bool = False, others: str = "policy") -> None:
        super().__init__(worlds=worlds, seconds=seconds, seed=seed, depth=depth, nodes=nodes, rollout=rollout,
                         prior=prior, prune=prune, others=others)
