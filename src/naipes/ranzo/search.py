"""Ranzo's strongest bot: :class:`StrongBot`, RanzoBot's reckoning tuned, or a determinized search.

By default (``play="policy"``) it plays RanzoBot's reckoning with the weights
tuned on duplicate deals against :class:`~naipes.ranzo.RanzoBot`
(:data:`WEIGHTS`), each turn discard also weighed by the share of sampled
worlds in which it would hand another seat a claim Ranzo; ``play="search"`` is
:class:`naipes.search.DeterminizedBot` with the budget measured best before
(see ``benchmarks/bots_search.py``, ``benchmarks/ranzo_policy.py`` and
:doc:`/guides/search-and-tournaments`). It is the bot name ``strong`` of the
game's plugin (``load_bot("strong", game="ranzo")``).

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import Mapping

from naipes.errors import UsageError
from naipes.ranzo._belief import Belief
from naipes.ranzo._infer import History
from naipes.ranzo._policy import TUNED, Policy
from naipes.ranzo.moves import Move
from naipes.ranzo.state import Game
from naipes.ranzo.view import View, _sample
from naipes.search import DeterminizedBot
from naipes.search.rollout import Rollout

__all__ = ["BELIEFS", "ENDGAME", "ENDGAME_WORLDS", "FEED_WORLDS", "PLAYS", "WEIGHTS", "StrongBot", "plies_to_end"]

#: ``belief=`` by its names: ``"history"`` (every discard and pass, :mod:`naipes.ranzo._infer`),
#: ``"last"`` (each seat's last discard, :mod:`naipes.ranzo._belief`), ``"none"`` (uniform).
BELIEFS: dict[bool | str, str] = {"history": "history", "last": "last", "none": "none", True: "last", False: "none"}
#: With this many stock cards or fewer, :class:`StrongBot` searches each world to the round's end.
ENDGAME = 4
#: ... and searches this many times its worlds (a world is short to search then).
ENDGAME_WORLDS = 3
#: ``play=``: ``"policy"`` (RanzoBot's reckoning with :data:`WEIGHTS`, no search) or ``"search"``
#: (the determinized search of the other options).
PLAYS = ("policy", "search")
#: The weights :class:`StrongBot` plays with by default (``play="policy"``): RanzoBot's own
#: (``naipes.ranzo.bots``) but those tuned on duplicate deals against it
#: (``benchmarks/ranzo_policy.py``, tuning seeds; see :doc:`/guides/search-and-tournaments`).
WEIGHTS: Mapping[str, float] = TUNED
#: With ``play="policy"``: the worlds dealt (uniformly) at each turn discard to weigh what it feeds.
FEED_WORLDS = 100


class StrongBot(DeterminizedBot):
    """Ranzo's ``strong``: by default (``play="policy"``) RanzoBot's reckoning with :data:`WEIGHTS`
    (it claims more readily than RanzoBot), each turn discard weighed by the share of
    :data:`FEED_WORLDS` uniformly dealt worlds in which another seat could claim it and call
    Ranzo (the weight ``feed``), leaving out for a seat the worlds in which its hand could have
    called Ranzo with its own last turn discard or with one it let go by since (``passes``: the
    bot must see every view of its seat, as :func:`naipes.play_game` gives them); with 14 stock
    cards or fewer left a turn discard counts only ``(stock + 1) / 16`` of its hand's score
    (``late``: a hand with few draws left is worth less than a safe discard). No search: a
    decision costs well under a millisecond plus the worlds. Measured against RanzoBot on
    held-out duplicate deals in :doc:`/guides/search-and-tournaments`.

    With ``play="search"``, the determinized search of 1.2: DeterminizedBot with 6 worlds dealt by
    the inference from the other seats' play, 8 plies deep (to the round's end in the last
    turns), the other seats playing RanzoBot's move (``others="policy"``, ``rollout="best"``),
    ``prior=0.5``. Eight plies take the bot's move through the other seats' turns to its own next
    discard, each of which it tries. Max-n even in the team variant (``prune=False``): Ranzo's
    evaluation counts the promise of the searching seat's hand only, so the two teams' values
    do not add up to a constant. It scored 50.6 % against RanzoBot on held-out deals.

    Args:
        seed: seed of the bot's generator (and of the policy's tie-breaks and worlds).
        worlds, seconds, depth, nodes, rollout, prior, prune, others: with ``play="search"``, as for
            :class:`~naipes.search.DeterminizedBot`.
        belief: with ``play="search"``, how the worlds are dealt (:data:`BELIEFS`): ``"history"`` (the default) by
            everything the other seats did since their hands last changed in public, every
            turn discard, every answer in a claim window and every truco won, each weighed
            under RanzoBot's values with a softmax (``naipes.ranzo._infer``; their hands at
            each decision rebuilt backwards, the hidden draws drawn); ``"last"`` (or ``True``)
            by each seat's last turn discard only (``naipes.ranzo._belief``); ``"none"`` (or
            ``False``) uniformly. Both read the claim windows the bot answers, so the bot must
            see every view of its seat (as :func:`naipes.play_game` gives them).
        endgame: with this many stock cards or fewer, each world is searched to the round's
            end (:func:`plies_to_end` plies, more than ``depth``): the last turns are played
            exactly in each world, the others by RanzoBot, and :data:`ENDGAME_WORLDS` times
            the worlds are searched (0: never). With ``play="search"``.
        play: ``"policy"`` (the default) or ``"search"`` (:data:`PLAYS`).
        weights: with ``play="policy"``, the policy's weights (``None``: :data:`WEIGHTS`; a
            mapping replaces them all, missing names taking RanzoBot's own: ``weights={}`` plays
            RanzoBot's moves but for ``feed``'s, which is then 0).
        feed_worlds: with ``play="policy"``, the worlds dealt at each turn discard for ``feed``
            (0: none).

    .. versionadded:: 1.2
    .. versionchanged:: 1.2
       ``others`` and ``belief``; the default budget is the belief's (it was 8 uniform worlds,
       depth 2, the others searched: ``StrongBot(worlds=8, depth=2, others="search",
       rollout=None, belief=False)``).
    .. versionchanged:: 1.2
       ``belief="history"`` (the default; it was the last discards, ``belief=True``) and
       ``endgame`` (4; it was 0).
    .. versionchanged:: 1.2
       ``play="policy"`` is the default (it was the search, now ``play="search"``);
       ``weights`` and ``feed_worlds``.
    .. versionchanged:: 1.2
       :data:`WEIGHTS` has ``late=16`` (it had no ``late``).

    Raises:
        UsageError: an unknown ``belief``, ``play`` or weight (code ``bad_option``); a negative
            ``endgame`` or ``feed_worlds`` (code ``bad_budget``).
    """

    __slots__ = ("belief", "endgame", "play", "_policy", "_belief", "_history")

    def __init__(self, seed: int | None = None, *, worlds: int | None = 6, seconds: float | None = None,
                 depth: int = 8, nodes: int | None = None, rollout: Rollout = "best",
                 prior: float = 0.5, prune: bool = False, others: str = "policy", belief: bool | str = "history",
                 endgame: int = ENDGAME, play: str = "policy", weights: Mapping[str, float] | None = None,
                 feed_worlds: int = FEED_WORLDS) -> None:
        super().__init__(worlds=worlds, seconds=seconds, seed=seed, depth=depth, nodes=nodes, rollout=rollout,
                         prior=prior, prune=prune, others=others)
        if belief not in BELIEFS:
            raise UsageError(f"belief is one of {sorted(map(str, BELIEFS))}, not {belief!r}", code="bad_option")
        if type(endgame) is not int or endgame < 0:
            raise UsageError(f"endgame must be an int >= 0, not {endgame!r}", code="bad_budget")
        if play not in PLAYS:
            raise UsageError(f"play is one of {list(PLAYS)}, not {play!r}", code="bad_option")
        self.belief: str = BELIEFS[belief]
        self.endgame = endgame
        self.play = play
        if type(feed_worlds) is not int or feed_worlds < 0:
            raise UsageError(f"feed_worlds must be an int >= 0, not {feed_worlds!r}", code="bad_budget")
        self._policy = Policy(seed, WEIGHTS if weights is None else weights, worlds=feed_worlds)
        self._belief = Belief()
        self._history = History()

    def choose(self, view: View) -> Move:  # type: ignore[override]
        """As :meth:`DeterminizedBot.choose <naipes.search.DeterminizedBot.choose>`, the worlds
        dealt by what the other seats' discards tell (with ``belief``); with ``play="policy"``
        the policy's move, no search."""
        if self.play == "policy":
            return self._policy.choose(view)
        if self.belief == "last":
            self._belief.observe(view)
        elif self.belief == "history":
            self._history.observe(view)
        budget = self.iterations
        if view.stock_size > self.endgame or budget is None:
            return super().choose(view)
        self.iterations = budget * ENDGAME_WORLDS
        try:
            return super().choose(view)
        finally:
            self.iterations = budget

    def _sample(self, view: View) -> Game:  # type: ignore[override]
        if self.belief == "history":
            return _sample(view, self._rng, self._history.deal(view, self._rng))
        if self.belief == "last":
            return _sample(view, self._rng, self._belief.deal(view, self._rng))
        return view.sample(self._rng)

    def _limit(self, view: View, world: Game) -> int:  # type: ignore[override]
        """``depth``, or with ``endgame`` stock cards or fewer left the plies to the round's end
        (:func:`plies_to_end`): each world is then searched to its end."""
        if view.stock_size <= self.endgame:
            return max(self.depth, plies_to_end(view))
        return super()._limit(view, world)


def plies_to_end(view: View) -> int:
    """More plies than the round can last from ``view``: each stock card is one turn, its window
    and a steal's discard (3 plies), then the last window and steal."""
    return 3 * view.stock_size + 4
