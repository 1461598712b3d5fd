"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Each iteration deals a world consistent with the bot's view
(:meth:`View.sample <naipes.game.View.sample>`), descends the one tree of
the observer with UCB1 over the moves legal *in that world* (availability
counts: a move's exploration term counts the visits in which it was
available, not the parent's visits), adds one node, rolls the world out with
the rollout policy (:mod:`naipes.search.rollout`) and backs the returns up:
each edge is credited with ``Result.returns`` of the seat that made its move.
Moves are matched across worlds by equality (they are frozen values).

**Tree reuse.** After a decision the bot keeps, per seat, its tree and the
move it chose. At that seat's next decision the game plugin's
:meth:`~naipes.plugin.GamePlugin.observed_moves` tells the moves played in
between from the two views (Machuco: the plays of the same deal); when the
first is the kept move and the tree went down that path, the subtree there is
the new root and the search adds its budget to the visits already there
(``last_reused``). The moves come from the seat's own views and the tree's
statistics from worlds sampled from its own earlier view, so a reused tree
holds nothing the seat could not see: the bot's moves are a function of the
views it was shown and its seed. With an iteration budget a seeded bot
still plays the same moves when shown the same views in the same order (a
decision now depends on the same seat's earlier ones); ``reuse=False`` makes
each decision depend on its view alone. Otherwise (no hook, a new deal with
cantes in Machuco, another game) the search starts afresh.

**Simultaneous windows** (Ranzo's claims, Macarra's bids). The observer's
own answer in a window is a decision of the tree, chosen by UCB like any
other. The other seats' answers in a window are *chance* outcomes: each is
drawn by the rollout policy from that seat's own view of the world, which
shows no sealed answer, so no seat's answer can depend on another's (as at
the table). The drawn answers become public when the window resolves, so the
subtree below is keyed by them. Searching them with UCB instead would let the
tree fit the other seats' answers to the observer's sealed one.

**Large move sets** (Machiavelli). A node whose world lists more than
``widen_above`` moves may hold only ``ceil(widen_k * sqrt(visits + 1))`` of
them (progressive widening); when it may add one, the rollout policy's move
of that world comes first, then a random untried one. At the root, the
*candidates* of the game's plugin
(:meth:`~naipes.plugin.GamePlugin.root_candidates`: for Machiavelli, whose
``legal_moves`` is not complete, the solver's play within a node budget) are
added when legal and not listed, the first tried first; a game whose plugin
proposes none but whose ``legal_moves`` is not complete gets its best bot's move.

.. versionchanged:: 1.2
   The candidates, the default rollout policy and the value of a capped rollout
   come from the game's plugin (:class:`naipes.plugin.GamePlugin`).

.. versionadded:: 1.1
"""

from __future__ import annotations

from typing import Any, Sequence, TypeVar

from naipes.game import Move, View
from naipes.plugin import plugin
from naipes.search._common import AnyGame, Clock, Context, Evaluate, SearchBase, describe, legal_moves_of, others_answer
from naipes.search._tree import CHANCE, Edge, Node, Scale, descend, most_visited, ucb_pick, widening
from naipes.search.infer import CANDIDATES, InferOption, make_inference
from naipes.search.rollout import Rollout

__all__ = ["ISMCTSBot"]

M = TypeVar("M", bound=Move)


class ISMCTSBot(SearchBase):
    """A bot that searches the information set with SO-ISMCTS (see the module docstring).

    Args:
        iterations: iterations per decision (one sampled world each); ``None``
            for a time budget only.
        seconds: time per decision; with both, whichever runs out first. A
            decision with one legal move answers at once. Only an iteration
            budget alone is reproducible from the seed.
        seed: seed of the bot's generator (``None``: fresh entropy).
        rollout: the rollout policy (:mod:`naipes.search.rollout`; default per game).
        c: the UCB1 exploration constant, on returns scaled to [0, 1] by the
            range seen in the search.
        candidate: ``True`` (the game plugin's root candidates, see above),
            ``False`` (none), or a bot, a callable ``view -> move | None`` or a
            bot spec whose move is tried first.
        max_rollout: decisions after which a rollout stops and is valued by ``evaluate``.
        evaluate: the value per seat of a capped rollout's world (default: the
            game plugin's ``evaluate`` of the searching seat's view, else a
            draw, see :mod:`naipes.search.rollout`).
        widen_above: nodes listing more moves than this are widened progressively.
        widen_k: the widening factor.
        bias: the weight of progressive bias at the root: the move of the game
            plugin's :meth:`~naipes.plugin.GamePlugin.prior` is tried first and
            its UCB score gets ``bias / (visits + 1)`` (0: no bias).
        reuse: keep the tree between a seat's consecutive decisions when the game
            plugin's :meth:`~naipes.plugin.GamePlugin.observed_moves` says what was
            played in between (see *Tree reuse* above); ``False``: a fresh tree each time.
        infer: weight the sampled worlds by the other seats' observed moves
            (:mod:`naipes.search.infer`): ``"heuristic"``, ``"opponents"``, a
            :class:`~naipes.search.infer.PlayerModel`, or ``None`` (uniform worlds).
        candidates: with ``infer``, the candidate worlds drawn for each iteration's world.

            .. versionadded:: 1.2

    Attributes:
        last_iterations: the iterations the last decision that searched ran
            (for measuring iterations per second).
        last_reused: the root visits the last decision that searched took over from
            the previous decision's tree (0: it searched a fresh tree).

    Raises:
        UsageError: for a budget that is not positive (code ``bad_budget``), or
            a rollout or candidate that names no bot; while choosing, for an
            evaluation without one value per seat (code ``bad_evaluation``).

    >>> from naipes import machuco, play_game, RandomBot
    >>> game = machuco.Game(machuco.Rules(players=2, scope="hand"), seed=3)
    >>> result = play_game(game, [ISMCTSBot(iterations=20, seed=1), RandomBot(seed=2)])
    >>> game.is_over
    True

    .. versionadded:: 1.1
    """

    __slots__ = ("c", "widen_above", "widen_k", "bias", "reuse", "last_reused", "inference", "_kept")

    def __init__(self, iterations: int | None = 400, seconds: float | None = None, *,
                 seed: int | None = None, rollout: Rollout = None, c: float = 0.7,
                 candidate: Rollout | bool = True, max_rollout: int = 300,
                 evaluate: Evaluate | None = None, widen_above: int = 16, widen_k: float = 2.0,
                 bias: float = 0.0, reuse: bool = True, infer: InferOption = None,
                 candidates: int = CANDIDATES) -> None:
        super().__init__(iterations=iterations, seconds=seconds, seed=seed, rollout=rollout,
                         candidate=candidate, max_rollout=max_rollout, evaluate=evaluate)
        self.c = float(c)
        self.widen_above = widen_above
        self.widen_k = float(widen_k)
        self.bias = float(bias)
        self.reuse = bool(reuse)
        #: The inference the worlds are drawn by (``infer=``), else ``None``.
        self.inference = make_inference(infer, candidates)
        self.last_reused = 0
        #: Per seat: the view, the tree, its scale and the move of the seat's last decision.
        self._kept: dict[int, tuple[View[Any], Node, Scale, Move]] = {}

    def __repr__(self) -> str:
        return describe(self, iterations=self.iterations, seconds=self.seconds, c=self.c)

    def choose(self, view: View[M]) -> M:
        """The most visited root move after the search.

        Raises:
            IllegalMoveError: when the view lists no legal move (code ``no_legal_move``).
        """
        moves: Sequence[M] = legal_moves_of(view)
        if self.inference is not None:
            self.inference.observe(view)
        if len(moves) == 1:
            return moves[0]
        clock = Clock(self.iterations, self.seconds)
        first = self._sample(view)
        ctx = self._context(first)
        root, scale = self._tree(view, first)
        done, self.last_reused = 0, root.visits
        listed = self._root_moves(view, first, ctx)
        prefer = listed[0] if len(listed) > len(moves) else None  # the candidate, tried first
        favoured = plugin(first.name).prior(view) if self.bias > 0 else None
        if prefer is None and favoured in listed:
            prefer = favoured
        while clock.more(done):
            world = first if done == 0 else self._sample(view)
            self._iterate(root, world, view.seat, listed, (prefer, favoured), ctx, scale)
            done += 1
        self.last_iterations = done
        edges = [e for e in (root.edges.get((view.seat, m)) for m in listed) if e is not None and e.visits]
        move: M = most_visited(edges, scale).move if edges else moves[0]  # type: ignore[assignment]
        if self.reuse:
            self._kept[view.seat] = (view, root, scale, move)
        return move

    def _sample(self, view: View[M]) -> AnyGame:
        """One world for ``view``: by the inference with ``infer=``, else :meth:`View.sample
        <naipes.game.View.sample>` by the bot's generator."""
        if self.inference is not None:
            return self.inference.sample(view, self._rng)
        return view.sample(self._rng)

    def _tree(self, view: View[M], world: AnyGame) -> tuple[Node, Scale]:
        """The subtree of the seat's last decision that the moves seen since lead to, else a fresh tree.

        The kept tree is dropped either way: a seat keeps at most one.
        """
        kept = self._kept.pop(view.seat, None) if self.reuse else None
        if kept is None:
            return Node(), Scale()
        before, root, scale, move = kept
        seen = plugin(world.name).observed_moves(before, view) if type(before) is type(view) else None
        if not seen or tuple(seen[0]) != (view.seat, move):
            return Node(), Scale()
        node = descend(root, [(seat, step) for seat, step in seen])
        return (Node(), Scale()) if node is None else (node, scale)

    def _iterate(self, root: Node, world: AnyGame, observer: int, listed: Sequence[Move],
                 first: tuple[Move | None, Move | None], ctx: Context, scale: Scale) -> None:
        """One iteration: descend, expand one node, roll out, back up (``first``: the root's
        move tried first and its favoured move)."""
        prefer, favoured = first
        path: list[Edge] = []
        node, expanded = root, False
        while not world.is_over and not expanded:
            acting = world.to_act
            window = len(acting) > 1
            if window and observer not in acting:
                answers = others_answer(world, observer, ctx.policy, self._rng)
                path.append(node.edge((CHANCE, answers), CHANCE, None))
                node = path[-1].child
                continue
            seat = observer if window else acting[0]
            moves = listed if node is root else world.legal_moves(seat)
            edge, expanded = self._select(node, seat, moves, world, ctx, scale,
                                          prefer if node is root else None,
                                          favoured if node is root else None)
            answers = others_answer(world, observer, ctx.policy, self._rng) if window else ()
            world.play(edge.move, seat)
            path.append(edge)
            node = edge.child
            if window:
                path.append(node.edge((CHANCE, answers), CHANCE, None))
                node = path[-1].child
        returns = world.result.returns if world.result is not None else self._play_out(world, ctx, observer)
        scale.see(returns)
        for e in path:
            e.visits += 1
            if e.seat != CHANCE:
                e.total += returns[e.seat]

    def _select(self, node: Node, seat: int, moves: Sequence[Move], world: AnyGame, ctx: Context,
                scale: Scale, prefer: Move | None, favoured: Move | None = None) -> tuple[Edge, bool]:
        """The edge to follow from ``node`` for ``seat``, and whether it was just added."""
        node.visits += 1
        room = len(moves) if len(moves) <= self.widen_above else widening(node.visits, self.widen_k, 0.5)
        tried: list[Edge] = []
        untried: list[Move] = []
        for m in moves:
            e = node.edges.get((seat, m))
            if e is None:
                untried.append(m)
            else:
                e.avail += 1
                tried.append(e)
        if untried and len(tried) < room:
            move = prefer if prefer in untried else self._next_untried(untried, seat, world, ctx,
                                                                       widened=room < len(moves))
            assert move is not None
            return node.edge((seat, move), seat, move), True
        return ucb_pick(tried, self.c, scale, favoured, self.bias), False

    def _next_untried(self, untried: list[Move], seat: int, world: AnyGame, ctx: Context,
                      *, widened: bool) -> Move:
        """A random untried move; under widening the policy's move first when it is untried."""
        if widened:
            move = ctx.policy.move(world, seat, self._rng)
            if move in untried:
                return move
        return untried[0] if len(untried) == 1 else untried[self._rng.randrange(len(untried))]

