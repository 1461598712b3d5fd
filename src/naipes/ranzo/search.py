"""Ranzo's strongest bot: :class:`StrongBot`, determinized exact search with the game's knowledge.

It is :class:`naipes.search.DeterminizedBot` with the budget measured best
against :class:`~naipes.ranzo.RanzoBot` (see ``benchmarks/bots_search.py`` and
:doc:`/guides/search-and-tournaments`); the bot name ``strong`` of the game's
plugin (``load_bot("strong", game="ranzo")``).

.. versionadded:: 1.2
"""

from __future__ import annotations

from naipes.ranzo._belief import Belief
from naipes.ranzo.moves import Move
from naipes.ranzo.state import Game
from naipes.ranzo.view import View, _sample
from naipes.search import DeterminizedBot
from naipes.search.rollout import Rollout

__all__ = ["StrongBot"]


class StrongBot(DeterminizedBot):
    """DeterminizedBot with Ranzo's measured budget: 6 worlds dealt by the belief, 8 plies deep,
    the other seats playing RanzoBot's move (``others="policy"``, ``rollout="best"``), ``prior=0.5``.

    Eight plies take the bot's move through the other seats' turns to its own next discard, each
    of which it tries. Max-n even in the team variant (``prune=False``): Ranzo's evaluation counts
    the promise of the searching seat's hand only, so the two teams' values do not add up to a
    constant. Measured against RanzoBot over 1,100 duplicate deals in
    :doc:`/guides/search-and-tournaments`.

    Args:
        seed: seed of the bot's generator.
        worlds, seconds, depth, nodes, rollout, prior, prune, others: as for
            :class:`~naipes.search.DeterminizedBot`.
        belief: deal each world by what the other seats' last discards tell of their hands
            (``naipes.ranzo._belief``: a hand that could have called Ranzo, or that RanzoBot
            would not have discarded from, is drawn less often) instead of uniformly. It reads
            the claim windows the bot answers, so the bot must see every view of its seat
            (as :func:`naipes.play_game` gives them).

    .. versionadded:: 1.2
    .. versionchanged:: 1.2
       ``others`` and ``belief``; the default budget is the belief's (it was 8 uniform worlds,
       depth 2, the others searched: ``StrongBot(worlds=8, depth=2, others="search",
       rollout=None, belief=False)``).
    """

    __slots__ = ("belief", "_belief")

    def __init__(self, seed: int | None = None, *, worlds: int | None = 6, seconds: float | None = None,
                 depth: int = 8, nodes: int | None = None, rollout: Rollout = "best",
                 prior: float = 0.5, prune: bool = False, others: str = "policy", belief: bool = True) -> None:
        super().__init__(worlds=worlds, seconds=seconds, seed=seed, depth=depth, nodes=nodes, rollout=rollout,
                         prior=prior, prune=prune, others=others)
        self.belief = bool(belief)
        self._belief = Belief()

    def choose(self, view: View) -> Move:  # type: ignore[override]
        """As :meth:`DeterminizedBot.choose <naipes.search.DeterminizedBot.choose>`, the worlds
        dealt by what the other seats' discards tell (with ``belief``)."""
        self._belief.observe(view)
        return super().choose(view)

    def _sample(self, view: View) -> Game:  # type: ignore[override]
        if not self.belief:
            return view.sample(self._rng)
        return _sample(view, self._rng, self._belief.deal(view, self._rng))
