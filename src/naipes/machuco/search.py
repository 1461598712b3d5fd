"""Machuco's strongest bot: :class:`StrongBot`, determinized exact search with the game's knowledge.

It is :class:`naipes.search.DeterminizedBot` with the budget measured best
against :class:`~naipes.machuco.MachucoBot` (see ``benchmarks/bots_search.py`` and
:doc:`/guides/search-and-tournaments`); the bot name ``strong`` of the game's
plugin (``load_bot("strong", game="machuco")``).

.. versionadded:: 1.2
"""

from __future__ import annotations

from naipes.search import DeterminizedBot
from naipes.search.infer import InferOption
from naipes.search.rollout import Rollout

__all__ = ["StrongBot"]


class StrongBot(DeterminizedBot):
    """DeterminizedBot with Machuco's measured budget (``worlds=32``, ``depth=12``, ``nodes=8000``).

    Args:
        seed: seed of the bot's generator.
        worlds, seconds, depth, nodes, rollout, infer, pool, exact, prior: as for
            :class:`~naipes.search.DeterminizedBot`.

    .. versionadded:: 1.2
    """

    __slots__ = ()

    def __init__(self, seed: int | None = None, *, worlds: int | None = 32, seconds: float | None = None,
                 depth: int = 12, nodes: int | None = 8000, rollout: Rollout = None, infer: InferOption = None,
                 pool: int | None = None, exact: int = 0, prior: float = 0.0) -> None:
        super().__init__(worlds=worlds, seconds=seconds, seed=seed, depth=depth, nodes=nodes, rollout=rollout,
                         infer=infer, pool=pool, exact=exact, prior=prior)
