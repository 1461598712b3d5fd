"""Machuco's strongest bot: :class:`StrongBot`, determinized exact search with the game's knowledge.

It is :class:`naipes.search.DeterminizedBot` with the configuration measured best
against :class:`~naipes.machuco.MachucoBot` on tuning deals (see
``benchmarks/bots_search.py`` and :doc:`/guides/search-and-tournaments`); the bot
name ``strong`` of the game's plugin (``load_bot("strong", game="machuco")``):

- its worlds are inferred from play (``infer="opponents"``, :mod:`naipes.search.infer`):
  drawn among twice as many candidates by the likelihood of the other side's plays
  of the deal under MachucoBot's values (a softmax at the temperature of
  ``naipes.machuco._inference.TEMPERATURE``, with a uniform share :data:`MODEL_EPSILON`);
  a partner's plays are not weighed (it is a ``strong`` bot too, not MachucoBot);
- the other seats play MachucoBot's move inside the search (``others="policy"``,
  ``rollout="best"``): the search branches on the seat's own plays only, to the end of
  the deal (``horizon="deal"``; with two players the plugin's horizon is the same);
- with two players the deal after it is then played on by MachucoBot for both seats
  before the evaluation (``lookahead=1``): what the cards left on the table give the
  next deal's plays, and in the next-to-last deal the real end of the hand;
- MachucoBot's own move gets a bonus of ``prior=0.02`` (two hundredths of a chance of
  winning the hand) over the search's mean values: the search overrules the heuristic only
  where it finds its move worse by more than that, rather than on sampling noise;
- once the stock is empty and the worlds are few (one with two players: the other
  hand is the unseen cards) each is searched once, exactly (``exact=4``).

The options that depend on the player count (``prior``, ``others``, ``horizon``,
``lookahead``, ``confidence``, ``pool``) take
their defaults from :data:`BY_PLAYERS` at each decision, by the view's player count;
given explicitly (``strong:others=search``) they hold for every count.

.. versionadded:: 1.2
.. versionchanged:: 1.2
   Inference from play, the other seats by MachucoBot, exact endgames; MachucoBot's move
   as a prior, the whole deal searched with four players, defaults by the player count;
   the next deal played on with two players.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from naipes.errors import UsageError
from naipes.machuco._tables import Phase
from naipes.machuco.bots import MachucoBot
from naipes.search import DeterminizedBot
from naipes.search._common import Context, others_answer
from naipes.search.infer import HeuristicModel, InferOption, InferredWorlds
from naipes.search.rollout import Rollout

__all__ = ["BY_PLAYERS", "MAX_LOOKAHEAD", "MODEL_EPSILON", "StrongBot"]

#: The uniform share of the player model of ``infer="heuristic"`` (measured on tuning deals).
MODEL_EPSILON = 0.02
#: The defaults of the options ``prior``, ``others``, ``horizon``, ``lookahead``, ``confidence``
#: and ``pool`` (``None``: twice ``worlds``) by the player count of the game the bot plays
#: (measured on tuning deals; an option given explicitly overrides them).
BY_PLAYERS: dict[int, dict[str, Any]] = {
    2: {"prior": 0.02, "others": "policy", "horizon": "game", "lookahead": 1, "confidence": 0.0, "pool": None},
    4: {"prior": 0.02, "others": "policy", "horizon": "deal", "lookahead": 0, "confidence": 0.0, "pool": None},
}
_HORIZONS = ("game", "deal", "next")
#: The most deals ``lookahead=`` plays on.
MAX_LOOKAHEAD = 2


class StrongBot(DeterminizedBot):
    """DeterminizedBot with Machuco's measured configuration (see the module docstring):
    ``worlds=32``, ``depth=12``, ``nodes=8000``, ``infer="opponents"``, ``rollout="best"``,
    ``exact=4``, and ``prior``, ``others``, ``horizon``, ``lookahead``, ``confidence`` and
    ``pool`` by the player count (:data:`BY_PLAYERS`).

    Args:
        seed: seed of the bot's generator.
        worlds, seconds, depth, nodes, rollout, exact: as for
            :class:`~naipes.search.DeterminizedBot`.
        pool: as for :class:`~naipes.search.DeterminizedBot`; ``None``: by the player count.
        infer: as for :class:`~naipes.search.DeterminizedBot`; ``"heuristic"`` and
            ``"opponents"`` model the seats by MachucoBot's values with the uniform share ``epsilon``.
        prior: the bonus of MachucoBot's move over the search's values (the bot's own
            MachucoBot, seeded as the bot is); ``None``: by the player count.
        others: ``"search"`` or ``"policy"`` (as for DeterminizedBot); ``None``: by the player count.
        horizon: ``"game"``: the plugin's horizon (the rest of the deal with two players, five
            plies with four); ``"deal"``: the rest of the deal whatever the player count;
            ``"next"``: the rest of the deal and the next one; ``None``: by the player count.
            Always capped by ``depth``.
        epsilon: the uniform share of the player model (default :data:`MODEL_EPSILON`).
        temperature: divides the player model's log-weights (1: Machuco's calibration, from the
            plays of MachucoBot and ``strong``; below 1 the model is sharper, nearer MachucoBot's
            own arg-max).
        lookahead: at the horizon, the deals (0 to :data:`MAX_LOOKAHEAD`; 0: none) played on by
            the rollout policy (MachucoBot) for every seat before the evaluation, or to the end
            of the hand (valued by its returns; a deal cut by the horizon counts as one): what
            the cards left on the table give the next deal. ``None``: by the player count.
        confidence: the favoured move's bonus grows by this many standard errors of the best
            other move's lead over it (its differences over the worlds): the search overrules
            MachucoBot only where the worlds agree (0: ``prior`` alone). ``None``: by the
            player count.

    Raises:
        UsageError: for an unknown ``horizon`` or ``others``, a ``prior`` or ``confidence`` that
            is not a number >= 0, a ``lookahead`` out of range, an ``epsilon`` or ``temperature``
            out of range (code ``bad_option``).

    .. versionadded:: 1.2
    .. versionchanged:: 1.2
       ``prior`` (MachucoBot's move as a tie-break), ``horizon``, ``epsilon``; defaults by the
       player count; ``temperature``, ``lookahead``, ``confidence``.
    """

    __slots__ = ("horizon", "lookahead", "confidence", "_given", "_heuristic")

    def __init__(self, seed: int | None = None, *, worlds: int | None = 32, seconds: float | None = None,
                 depth: int = 12, nodes: int | None = 8000, rollout: Rollout = "best",
                 infer: InferOption = "opponents", pool: int | None = None, exact: int = 4,
                 prior: float | None = None, others: str | None = None, horizon: str | None = None,
                 epsilon: float = MODEL_EPSILON, lookahead: int | None = None, confidence: float | None = None,
                 temperature: float = 1.0) -> None:
        if prior is not None and (isinstance(prior, bool) or not isinstance(prior, (int, float)) or not prior >= 0):
            raise UsageError(f"prior is a number >= 0, not {prior!r}", code="bad_option")
        if horizon is not None and horizon not in _HORIZONS:
            raise UsageError(f"horizon is 'game', 'deal' or 'next', not {horizon!r}", code="bad_option")
        if lookahead is not None and (type(lookahead) is not int or not 0 <= lookahead <= MAX_LOOKAHEAD):
            raise UsageError(f"lookahead is an int from 0 to {MAX_LOOKAHEAD}, not {lookahead!r}", code="bad_option")
        if confidence is not None and (isinstance(confidence, bool) or not isinstance(confidence, (int, float))
                                       or not confidence >= 0):
            raise UsageError(f"confidence is a number >= 0, not {confidence!r}", code="bad_option")
        model = HeuristicModel(epsilon=epsilon, temperature=temperature)  # checks both
        if infer in ("heuristic", "opponents"):
            infer = InferredWorlds(model, opponents=infer == "opponents")
        super().__init__(worlds=worlds, seconds=seconds, seed=seed, depth=depth, nodes=nodes, rollout=rollout,
                         infer=infer, pool=pool, exact=exact, prior=prior or 0.0, others=others or "policy")
        #: The search's horizon now (see ``horizon``; set by the player count when not given).
        self.horizon = horizon or "game"
        #: The deals played on by MachucoBot for every seat beyond the horizon, before the evaluation.
        self.lookahead = lookahead or 0
        #: Standard errors of the search's preference over MachucoBot's move added to ``prior``.
        self.confidence = float(confidence or 0.0)
        self._given: dict[str, Any] = {"prior": None if prior is None else float(prior), "others": others,
                                       "horizon": horizon, "lookahead": lookahead,
                                       "confidence": None if confidence is None else float(confidence),
                                       "pool": pool}
        #: The heuristic whose move ``prior=`` favours (its own generator breaks its ties).
        self._heuristic = MachucoBot(seed=seed)

    def choose(self, view: Any) -> Any:
        """The move of best weighted mean value over the worlds (MachucoBot's by ``prior``),
        with the options not given set by the view's player count (:data:`BY_PLAYERS`)."""
        defaults = BY_PLAYERS.get(len(view.hand_sizes), BY_PLAYERS[2])
        chosen = {**defaults, **{k: v for k, v in self._given.items() if v is not None}}
        self.prior = float(chosen["prior"])
        self.others = str(chosen["others"])
        self.horizon = str(chosen["horizon"])
        self.lookahead = int(chosen["lookahead"])
        self.confidence = float(chosen["confidence"])
        pool = chosen["pool"]
        self.pool = int(pool) if pool is not None else 2 * (self.iterations or 1)
        return super().choose(view)

    def _leans(self) -> bool:
        """Whether MachucoBot's move is favoured: ``prior`` or ``confidence`` is not 0."""
        return bool(self.prior or self.confidence)

    def _bonus(self, favoured: int, means: Sequence[float], rows: Sequence[tuple[float, Sequence[float]]]) -> float:
        """``prior``, plus ``confidence`` standard errors of the best other move's lead over
        MachucoBot's (its per-world differences, weighted as the worlds are)."""
        if not self.confidence or len(means) < 2:
            return self.prior
        best = max((i for i in range(len(means)) if i != favoured), key=lambda i: means[i])
        mass = sum(w for w, _ in rows)
        squares = sum(w * w for w, _ in rows)
        if not mass > 0 or not squares > 0:
            return self.prior
        lead = means[best] - means[favoured]
        spread = sum(w * (row[best] - row[favoured] - lead) ** 2 for w, row in rows) / mass
        return self.prior + self.confidence * math.sqrt(spread * squares) / mass

    def _favoured(self, view: Any, world: Any) -> Any:
        """MachucoBot's move for ``view`` (the bot's own MachucoBot, seeded as the bot is)."""
        return self._heuristic.choose(view)

    def _limit(self, view: Any, world: Any) -> int:
        """The plies to search: with ``horizon="deal"`` the decisions left in the current deal
        (its plays, and the cante decision open now), whatever the player count, capped by
        ``depth``; else the plugin's horizon (:meth:`DeterminizedBot._limit`)."""
        if self.horizon == "game":
            return super()._limit(view, world)
        plies: int = sum(view.hand_sizes) + (0 if view.phase is Phase.PLAY else 2)
        if self.horizon == "next" and view.stock_size:
            plies += 3 * len(view.hand_sizes) + 2
        return max(1, min(self.depth, plies))

    def _horizon(self, world: Any, observer: int, ctx: Context) -> tuple[float, ...]:
        """Every seat's value of ``world`` at the horizon: with ``lookahead``, the deals that
        follow played on by the rollout policy (MachucoBot) for every seat first, then the
        evaluation (or the returns, when the game ended); ``world`` is consumed."""
        if self.lookahead and world.result is None:
            hand, length = world._hand_no, world._deal_len
            target = (world._plays_done // length + self.lookahead) * length
            policy, rng = ctx.policy, self._rng
            while world.result is None and world._hand_no == hand and world._plays_done < target:
                acting = world.to_act
                if len(acting) > 1:
                    others_answer(world, -1, policy, rng)
                else:
                    world.play(policy.move(world, acting[0], rng), acting[0])
            if world.result is not None:
                return tuple(float(r) for r in world.result.returns)
        return super()._horizon(world, observer, ctx)
