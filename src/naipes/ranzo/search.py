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
    """DeterminizedBot with Ranzo's measured budget (``worlds=8``, ``depth=2``, ``prior=0.5``).

    Max-n even in the team variant (``prune=False``): Ranzo's evaluation counts the promise
    of the searching seat's hand only, so the two teams' values do not add up to a constant.

    Args:
        seed: seed of the bot's generator.
        worlds, seconds, depth, nodes, rollout, prior, prune: as for :class:`~naipes.search.DeterminizedBot`.

    .. versionadded:: 1.2
    """

    __slots__ = ()

    def __init__(self, seed: int | None = None, *, worlds: int | None = 8, seconds: float | None = None,
                 depth: int = 2, nodes: int | None = None, rollout: Rollout = None,
                 prior: float = 0.5, prune: bool = False) -> None:
        super().__init__(worlds=worlds, seconds=seconds, seed=seed, depth=depth, nodes=nodes, rollout=rollout,
                         prior=prior, prune=prune)
