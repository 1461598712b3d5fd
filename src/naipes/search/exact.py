"""Determinized exact search: :class:`DeterminizedBot`.

For each sampled world (:meth:`View.sample <naipes.game.View.sample>`), every
legal move of the observer is valued *exactly* in that world by a max-n
search (each seat picks the move best for itself) down to a horizon: the
game plugin's :meth:`~naipes.plugin.GamePlugin.search_horizon` (for Machuco,
the plays left in the current deal, small enough to search to the end),
capped by ``depth``. A position at the horizon is valued by the plugin's
evaluation (:meth:`~naipes.plugin.GamePlugin.evaluate`); a position that is
over by its returns. The values are averaged over the worlds and the move of
best mean is played. Where the horizon is deeper than ``depth`` the search is
the depth-limited fallback, still valued by the evaluation.

In a game of two sides (two players, or two teams) the search below each root
move is alpha-beta on the observer's value (``prune=True``): the same values
as max-n where the sides' values add up to a constant (a win/lose game, and
Machuco's evaluation, each side's chance of winning), in fewer positions, so
more worlds or a deeper horizon fit in the same time.

In a simultaneous window the seats other than the mover answer by the rollout
policy from their own views (as in :class:`~naipes.search.ISMCTSBot`); inside
the search a window is answered by the policy for every seat (it is not
branched on).

>>> from naipes import machuco, play_game
>>> from naipes.search import DeterminizedBot
>>> game = machuco.Game(machuco.Rules(players=2, scope="hand"), seed=5)
>>> result = play_game(game, [DeterminizedBot(worlds=3, seed=1), DeterminizedBot(worlds=3, seed=2)])
>>> len(result.returns)
2

.. versionadded:: 1.2
"""

from __future__ import annotations

import math
from typing import Sequence, TypeVar

from naipes.errors import NaipesError, UsageError
from naipes.game import Move, View
from naipes.plugin import plugin, plugin_of
from naipes.search._common import AnyGame, Clock, Context, Evaluate, SearchBase, describe, legal_moves_of, others_answer
from naipes.search.infer import CANDIDATES, InferOption, make_inference
from naipes.search.rollout import Rollout, play_out

__all__ = ["DeterminizedBot"]

M = TypeVar("M", bound=Move)
#: The most decisions a rollout from the horizon plays (a game with no evaluation) before it is
#: valued as a draw.
ROLLOUT_CAP = 300


class DeterminizedBot(SearchBase):
    """Perfect-information search of sampled worlds to a horizon (see the module docstring).

    Args:
        worlds: worlds sampled per decision; ``None`` for a time budget only.
        seconds: time per decision; with both, whichever runs out first. Only a
            world budget alone is reproducible from the seed.
        seed: seed of the bot's generator (``None``: fresh entropy).
        depth: the most plies searched below a root move (the horizon's cap).
        nodes: no new world is sampled once the decision searched this many
            positions (``None``: no cap); counted, so still reproducible.
        rollout: the policy that answers the windows (:mod:`naipes.search.rollout`).
        candidate: as for :class:`~naipes.search.ISMCTSBot`.
        evaluate: the value per seat of a world at the horizon (default: the
            game plugin's evaluation, else a draw).
        prior: a bonus added to the mean value of the game plugin's
            :meth:`~naipes.plugin.GamePlugin.prior` move (0: none): the search then
            overrules the heuristic only where it finds the heuristic's move worse
            by more than this, in the returns' units. A game's bot may favour another
            move (the hook ``_favoured``; Machuco's ``strong`` asks its own MachucoBot), by a
            bonus a game's bot may size otherwise (the hooks ``_leans`` and ``_bonus``).
        prune: in a game of two sides, search by alpha-beta (the observer's side
            maximises its value, the other side minimises it), which values every
            root move as max-n does when the two sides' values add up to a constant
            (returns and evaluation alike), in far fewer positions; ``False``: max-n.
        others: ``"search"`` (the default): every seat's moves are searched;
            ``"policy"``: the other seats play the rollout policy's move (one branch),
            so the search branches only on the observer's own moves and reaches its
            next decisions within the same budget: an opponent model, right where
            the opponents play like the policy.

            .. versionadded:: 1.2
        infer: weight the sampled worlds by the other seats' observed moves
            (:mod:`naipes.search.infer`): ``"heuristic"`` (the game's heuristic as the model of
            them), ``"opponents"`` (the same, on the other sides' seats only), a
            :class:`~naipes.search.infer.PlayerModel`, or ``None`` (uniform worlds).
        candidates: with ``infer`` and no world budget (``seconds`` only), the candidate
            worlds drawn for each world searched.
        pool: with ``infer`` and a world budget, the candidate worlds drawn per decision, among
            which the ``worlds`` searched are drawn by weight (default: twice ``worlds``).
        exact: when the game's plugin can list every world consistent with the view and
            there are at most this many (:meth:`~naipes.plugin.GamePlugin.enumerate_worlds`),
            each is searched once, weighted by the inference, instead of sampling (0: never).

            .. versionadded:: 1.2

    Attributes:
        last_iterations: the worlds the last decision that searched valued.
        last_nodes: the positions the last decision searched.
        last_exact: whether the last decision that searched enumerated its worlds.
        last_values: the last decision that searched: ``(move, mean value)`` of every move it
            weighed, in the order listed (``()`` before any; a learner distils them, see
            :mod:`naipes.learn.distil`).

            .. versionadded:: 1.2
        inference: the :class:`~naipes.search.infer.InferredWorlds` of ``infer=``, else ``None``.

    Raises:
        UsageError: for a budget or a depth that is not positive (code ``bad_budget``).

    .. versionadded:: 1.2
    """

    __slots__ = ("depth", "nodes", "prior", "prune", "others", "exact", "pool", "last_nodes", "last_exact", "inference",
                 "last_values", "_nodes", "_cuts")

    def __init__(self, worlds: int | None = 8, seconds: float | None = None, *, seed: int | None = None,
                 depth: int = 6, nodes: int | None = None, rollout: Rollout = None,
                 candidate: Rollout | bool = True, evaluate: Evaluate | None = None,
                 prior: float = 0.0, prune: bool = True, others: str = "search",
                 infer: InferOption = None, candidates: int = CANDIDATES, pool: int | None = None,
                 exact: int = 0) -> None:
        if others not in ("search", "policy"):
            raise UsageError(f"others is 'search' or 'policy', not {others!r}", code="bad_option")
        super().__init__(iterations=worlds, seconds=seconds, seed=seed, rollout=rollout,
                         candidate=candidate, max_rollout=1, evaluate=evaluate)
        if type(depth) is not int or depth < 0:
            raise UsageError(f"depth must be an int >= 0, not {depth!r}", code="bad_budget")
        if nodes is not None and (type(nodes) is not int or nodes < 1):
            raise UsageError(f"nodes must be a positive int or None, not {nodes!r}", code="bad_budget")
        self.depth = depth
        self.nodes = nodes
        self.prior = float(prior)
        self.prune = bool(prune)
        self.others = others
        if type(exact) is not int or exact < 0:
            raise UsageError(f"exact must be an int >= 0, not {exact!r}", code="bad_budget")
        self.exact = exact
        if pool is not None and (type(pool) is not int or pool < 1):
            raise UsageError(f"pool must be a positive int or None, not {pool!r}", code="bad_budget")
        #: With ``infer=`` and a world budget: the candidate worlds weighed per decision.
        self.pool = pool if pool is not None else 2 * (worlds or 1)
        #: The inference the worlds are drawn by (``infer=``), else ``None``.
        self.inference = make_inference(infer, candidates)
        self.last_nodes = 0
        self.last_exact = False
        self.last_values: tuple[tuple[Move, float], ...] = ()
        self._nodes = 0
        #: The decision's history heuristic: how deep each ``(seat, move)`` cut off alpha-beta.
        self._cuts: dict[tuple[int, Move], int] = {}

    def __repr__(self) -> str:
        return describe(self, worlds=self.iterations, seconds=self.seconds, depth=self.depth, nodes=self.nodes)

    def choose(self, view: View[M]) -> M:
        """The move of best mean value over the sampled worlds (the first listed of equals).

        Raises:
            IllegalMoveError: when the view lists no legal move (code ``no_legal_move``).
        """
        moves: Sequence[M] = legal_moves_of(view)
        if self.inference is not None:
            self.inference.observe(view)
        if len(moves) == 1:
            return moves[0]
        clock = Clock(self.iterations, self.seconds)
        enumerated = self._enumerate(view) if self.exact else None
        self.last_exact = enumerated is not None
        if enumerated is None:
            enumerated = self._draw_worlds(view)
        first = enumerated[0][0] if enumerated else self._sample(view)
        ctx = self._context(first)
        listed = self._root_moves(view, first, ctx)
        limit = self._limit(view, first)
        totals = [0.0] * len(listed)
        #: every world's weight and the value of each move in it (for the prior's bonus)
        rows: list[tuple[float, list[float]]] = []
        done, mass, self._nodes = 0, 0.0, 0
        self._cuts = {}
        world: AnyGame | None = first
        while (done < len(enumerated) if enumerated else clock.more(done)) and (
                done == 0 or self.nodes is None or self._nodes < self.nodes):
            weight = 1.0
            if enumerated:
                world, weight = enumerated[done]
            world = world if world is not None else self._sample(view)
            row = []
            for i, move in enumerate(listed):
                branch = world.clone()
                if len(branch.to_act) > 1:
                    others_answer(branch, view.seat, ctx.policy, self._rng)
                branch.play(move, view.seat)
                value = self._root_value(branch, limit - 1, view.seat, ctx)
                totals[i] += weight * value
                row.append(value)
            rows.append((weight, row))
            done += 1
            mass += weight
            world = None
        self.last_iterations = done
        self.last_nodes = self._nodes
        means = [t / mass for t in totals]
        if self._leans():
            favoured = self._favoured(view, first)
            if favoured in listed:
                bonus = self._bonus(listed.index(favoured), means, rows)
                means = [m + bonus if move == favoured else m for m, move in zip(means, listed)]
        self.last_values = tuple(zip(listed, means))
        best = max(range(len(listed)), key=lambda i: (means[i], -i))
        return listed[best]

    def _leans(self) -> bool:
        """Whether a move is favoured at all (hook): ``prior`` is not 0."""
        return bool(self.prior)

    def _bonus(self, favoured: int, means: Sequence[float], rows: Sequence[tuple[float, Sequence[float]]]) -> float:
        """The bonus of the favoured move (hook; the index ``favoured`` in the moves listed):
        ``prior``. ``means`` are the moves' mean values, ``rows`` each world's weight and the
        value of every move in it."""
        return self.prior

    def _favoured(self, view: View[M], world: AnyGame) -> Move | None:
        """The move ``prior=`` favours (hook): the game plugin's
        :meth:`~naipes.plugin.GamePlugin.prior` for ``view`` (``world`` is a sampled world of
        it); ``None``: none."""
        return plugin(world.name).prior(view)

    def _draw_worlds(self, view: View[M]) -> list[tuple[AnyGame, float]] | None:
        """The decision's worlds with their weights, drawn at once (hook): with ``infer=`` and a
        world budget, ``worlds`` drawn among ``pool`` candidates by the inference's likelihood
        (:meth:`~naipes.search.infer.InferredWorlds.resample`); else ``None`` (each world drawn
        by :meth:`_sample` as the search goes)."""
        if self.inference is None or self.iterations is None:
            return None
        return self.inference.resample(view, self._rng, self.iterations, self.pool)

    def _enumerate(self, view: View[M]) -> list[tuple[AnyGame, float]] | None:
        """Every world of ``view`` with its weight (the inference's likelihood, else 1), when the
        game's plugin enumerates them (:meth:`~naipes.plugin.GamePlugin.enumerate_worlds`, at most
        ``exact``); else ``None`` (the worlds are sampled)."""
        try:
            found = plugin_of(view).enumerate_worlds(view, self.exact)
        except NaipesError:
            return None
        if not found:
            return None
        inference = self.inference
        weights = [1.0] * len(found) if inference is None else inference.weights(found, view)
        if not sum(weights) > 0:
            weights = [1.0] * len(found)
        return list(zip(found, weights))

    def _sample(self, view: View[M]) -> AnyGame:
        """One world for ``view`` (hook: :meth:`View.sample <naipes.game.View.sample>` by the
        bot's generator, or the inference's :meth:`~naipes.search.infer.InferredWorlds.sample`
        with ``infer=``; a game's bot may deal its worlds by what it inferred)."""
        if self.inference is not None:
            return self.inference.sample(view, self._rng)
        return view.sample(self._rng)

    def _limit(self, view: View[M], world: AnyGame) -> int:
        """The plies to search: the plugin's horizon for ``view``, capped by ``depth`` (at least 1)."""
        found = plugin(world.name).search_horizon(view)
        limit = self.depth if found is None else min(self.depth, int(found))
        return max(1, limit)

    def _root_value(self, world: AnyGame, depth: int, observer: int, ctx: Context) -> float:
        """The observer's exact value of ``world`` (after a root move): alpha-beta when the
        game has two sides and ``prune`` is on, else max-n (the others by the policy with
        ``others="policy"``)."""
        if self.others == "policy":
            return self._modelled(world, depth, observer, ctx)
        if self.prune and len(world.sides) == 2:
            ours = next(side for side in world.sides if observer in side)
            return self._alphabeta(world, depth, observer, frozenset(ours), ctx, -math.inf, math.inf)
        return self._value(world, depth, observer, ctx)[observer]

    def _horizon(self, world: AnyGame, observer: int, ctx: Context) -> tuple[float, ...]:
        """Every seat's value of ``world`` at the horizon: the evaluation (the bot's or the game
        plugin's); without one, the returns of a rollout of ``world`` by the policy (``world`` is
        consumed). A constant draw value there would make every move look alike until the end
        is within the horizon."""
        valuation = ctx.evaluate
        if valuation.given is not None or valuation.game is not None:
            return valuation(world, observer)
        return play_out(world, ctx.policy, self._rng, ROLLOUT_CAP, lambda w: valuation(w, observer))

    def _alphabeta(self, world: AnyGame, depth: int, observer: int, ours: frozenset[int], ctx: Context,
                   alpha: float, beta: float) -> float:
        """The observer's value of ``world``, its side maximising it and the other minimising it
        (exact inside ``(alpha, beta)``, a bound outside; ``world`` is consumed)."""
        self._nodes += 1
        if world.result is not None:
            return float(world.result.returns[observer])
        if depth <= 0:
            return self._horizon(world, observer, ctx)[observer]
        acting = world.to_act
        if len(acting) > 1:
            others_answer(world, -1, ctx.policy, self._rng)
            return self._alphabeta(world, depth - 1, observer, ours, ctx, alpha, beta)
        seat = acting[0]
        moves = world.legal_moves(seat)
        if len(moves) == 1:
            world.play(moves[0], seat)
            return self._alphabeta(world, depth - 1, observer, ours, ctx, alpha, beta)
        maximise = seat in ours
        best = -math.inf if maximise else math.inf
        last = len(moves) - 1
        cuts = self._cuts
        for i, move in enumerate(sorted(moves, key=lambda m: -cuts.get((seat, m), 0))):
            branch = world if i == last else world.clone()
            branch.play(move, seat)
            value = self._alphabeta(branch, depth - 1, observer, ours, ctx, alpha, beta)
            if maximise:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha >= beta:
                cuts[(seat, move)] = cuts.get((seat, move), 0) + depth * depth
                break
        return best

    def _modelled(self, world: AnyGame, depth: int, observer: int, ctx: Context) -> float:
        """The observer's value of ``world``: its own moves searched, the other seats' played by
        the policy (``world`` is consumed)."""
        while True:
            self._nodes += 1
            if world.result is not None:
                return float(world.result.returns[observer])
            if depth <= 0:
                return self._horizon(world, observer, ctx)[observer]
            acting = world.to_act
            if observer in acting and len(acting) == 1:
                break
            if len(acting) > 1:
                others_answer(world, observer if observer in acting else -1, ctx.policy, self._rng)
            else:
                world.play(ctx.policy.move(world, acting[0], self._rng), acting[0])
            depth -= 1
        moves = world.legal_moves(observer)
        best, last = -math.inf, len(moves) - 1
        for i, move in enumerate(moves):
            branch = world if i == last else world.clone()
            branch.play(move, observer)
            best = max(best, self._modelled(branch, depth - 1, observer, ctx))
        return best

    def _value(self, world: AnyGame, depth: int, observer: int, ctx: Context) -> tuple[float, ...]:
        """Every seat's value of ``world`` under max-n search ``depth`` plies deep (``world`` is consumed)."""
        self._nodes += 1
        if world.result is not None:
            return tuple(world.result.returns)
        if depth <= 0:
            return self._horizon(world, observer, ctx)
        acting = world.to_act
        if len(acting) > 1:
            others_answer(world, -1, ctx.policy, self._rng)
            return self._value(world, depth - 1, observer, ctx)
        seat = acting[0]
        moves = world.legal_moves(seat)
        if len(moves) == 1:
            world.play(moves[0], seat)
            return self._value(world, depth - 1, observer, ctx)
        best: tuple[float, ...] | None = None
        last = len(moves) - 1
        for i, move in enumerate(moves):
            branch = world if i == last else world.clone()
            branch.play(move, seat)
            value = self._value(branch, depth - 1, observer, ctx)
            if best is None or value[seat] > best[seat]:
                best = value
        assert best is not None
        return best
