"""Inference from play: sampled worlds weighted by how likely the other seats' moves were.

A view says where the hidden cards *may* be; the other seats' moves say where
they probably are: a player who kept a card that would have captured three
probably did not hold it. :class:`InferredWorlds` draws candidate worlds with
:meth:`View.sample <naipes.game.View.sample>`, rebuilds in each the decisions
of the other seats that the observer saw (the game plugin's
:meth:`~naipes.plugin.GamePlugin.decisions`), weights each world by the product
of a :class:`PlayerModel`'s probabilities of those decisions and returns one by
weight (sampling-importance-resampling: the worlds lean to the deals that
explain the play, without ruling any out). :class:`HeuristicModel` is the
model: the game's heuristic player (:meth:`~naipes.plugin.GamePlugin.move_scores`,
a softmax of its scores at a calibrated temperature; else its
:meth:`~naipes.plugin.GamePlugin.prior` move with a uniform share ``epsilon``).

The search bots take it as ``infer=``: ``DeterminizedBot(infer="heuristic")``,
the spec ``determinized:infer=heuristic``.

>>> import random
>>> from naipes import machuco
>>> game = machuco.Game(machuco.Rules(players=2, scope="hand"), seed=4)
>>> worlds = InferredWorlds(HeuristicModel(), candidates=4)
>>> for _ in range(5):
...     seat = game.to_act[0]
...     if seat == 0:
...         worlds.observe(game.view(0))
...     game.play(machuco.MachucoBot(seed=seat).choose(game.view(seat)), seat)
>>> world = worlds.sample(game.view(game.to_act[0]) if 0 in game.to_act else game.view(0), random.Random(1))
>>> world.view(0).hand == game.view(0).hand
True

.. versionadded:: 1.2
"""

from __future__ import annotations

import math
import random
from typing import Any, Protocol, Sequence, Union

from naipes.errors import UsageError
from naipes.game import Game, Move, View
from naipes.plugin import GamePlugin, plugin, plugin_of

__all__ = ["CANDIDATES", "EPSILON", "HeuristicModel", "InferredWorlds", "MAX_DECISIONS", "PlayerModel",
           "make_inference", "pick", "systematic"]

AnyGame = Game[Any, Any, Any]
AnyView = View[Any]

#: Candidate worlds drawn per sample (the cost is this many rebuilds of the observed decisions).
CANDIDATES = 16
#: The most observed decisions weighed per world (the latest ones): a bound on the cost.
MAX_DECISIONS = 24
#: The uniform share of :class:`HeuristicModel`: every legal move keeps at least ``EPSILON / n``.
EPSILON = 0.05
#: The most views :class:`InferredWorlds` keeps (the oldest go first).
MAX_VIEWS = 64
#: The most probabilities :class:`InferredWorlds` remembers (then it starts afresh).
CACHE_SIZE = 50_000


class PlayerModel(Protocol):
    """A model of how the other seats play: the chance of ``move`` from ``view``.

    ``probability(view, move)`` must be strictly positive for every legal move of
    ``view`` (a world is never ruled out by a move the model did not expect).

    .. versionadded:: 1.2
    """

    def probability(self, view: Any, move: Any) -> float:
        """The chance that the seat of ``view`` plays ``move`` (``> 0``)."""
        ...  # pragma: no cover - a protocol


class HeuristicModel:
    """The game's heuristic player as a :class:`PlayerModel`.

    Where the game's plugin gives :meth:`~naipes.plugin.GamePlugin.move_scores` (log-weights at
    the game's calibrated temperature), the chance of a move is their softmax, the scores divided
    by ``temperature`` (1: the game's calibration), mixed with a uniform share ``epsilon``.
    Otherwise it is ``1 - epsilon`` on the plugin's :meth:`~naipes.plugin.GamePlugin.prior` move
    and ``epsilon`` spread uniformly (a game with neither: every move alike).

    Args:
        epsilon: the uniform share, in ``(0, 1]``.
        temperature: divides the game's log-weights (``> 0``).

    Raises:
        UsageError: for an ``epsilon`` or ``temperature`` out of range (code ``bad_option``).

    .. versionadded:: 1.2
    """

    __slots__ = ("epsilon", "temperature", "_plugins")

    def __init__(self, epsilon: float = EPSILON, temperature: float = 1.0) -> None:
        if isinstance(epsilon, bool) or not isinstance(epsilon, (int, float)) or not 0.0 < epsilon <= 1.0:
            raise UsageError(f"epsilon must be a number in (0, 1], not {epsilon!r}", code="bad_option")
        if isinstance(temperature, bool) or not isinstance(temperature, (int, float)) or not temperature > 0:
            raise UsageError(f"temperature must be a positive number, not {temperature!r}", code="bad_option")
        self.epsilon = float(epsilon)
        self.temperature = float(temperature)
        self._plugins: dict[type, GamePlugin[Any, Any, Any]] = {}

    def __repr__(self) -> str:
        return f"HeuristicModel(epsilon={self.epsilon!r}, temperature={self.temperature!r})"

    def probability(self, view: Any, move: Any) -> float:
        """The chance of ``move`` from ``view`` (see the class docstring); ``epsilon / n`` at least."""
        moves = tuple(view.legal_moves)
        n = len(moves)
        if n <= 1:
            return 1.0
        try:
            index = moves.index(move)
        except ValueError:
            return self.epsilon / n  # a move the view does not list (a candidate move): uniform share
        p = self._plugin(view)
        scores = p.move_scores(view)
        if scores is not None and len(scores) == n:
            top = max(scores)
            weights = [math.exp((s - top) / self.temperature) for s in scores]
            share = weights[index] / sum(weights)
        else:
            favoured = p.prior(view)
            share = (1.0 if favoured == move else 0.0) if favoured in moves else 1.0 / n
        return (1.0 - self.epsilon) * share + self.epsilon / n

    def _plugin(self, view: Any) -> GamePlugin[Any, Any, Any]:
        kind = type(view)
        found = self._plugins.get(kind)
        if found is None:
            found = self._plugins[kind] = plugin_of(view)
        return found


#: What ``infer=`` takes: a model, ``"heuristic"`` (or ``True``) for :class:`HeuristicModel`,
#: ``"opponents"`` for it on the other sides' seats only (a partner may not play like the
#: heuristic), an :class:`InferredWorlds` itself, ``None`` (or ``False``, ``"none"``) for none.
InferOption = Union[PlayerModel, "InferredWorlds", str, bool, None]


def make_inference(infer: InferOption, candidates: int = CANDIDATES) -> InferredWorlds | None:
    """The :class:`InferredWorlds` an ``infer=`` option stands for, or ``None`` (no inference).

    Raises:
        UsageError: for an option that names no model (code ``bad_option``).
    """
    if infer is None or infer is False or infer == "none":
        return None
    if infer is True or infer == "heuristic":
        return InferredWorlds(HeuristicModel(), candidates=candidates)
    if infer == "opponents":
        return InferredWorlds(HeuristicModel(), candidates=candidates, opponents=True)
    if isinstance(infer, InferredWorlds):
        return infer
    if isinstance(infer, str) or not callable(getattr(infer, "probability", None)):
        raise UsageError(f"infer is 'heuristic', 'opponents', a PlayerModel or None, not {infer!r}",
                         code="bad_option")
    return InferredWorlds(infer, candidates=candidates)


class InferredWorlds:
    """Worlds for one seat, resampled by the likelihood of the other seats' observed moves.

    Call :meth:`observe` with every view the seat's bot is given (it keeps the views of the
    current game, starting afresh when the seat or the game changes), then :meth:`sample`
    for each world. A world's weight (:meth:`weight`) is the product of ``model``'s
    probabilities of the decisions the game's plugin rebuilds in it
    (:meth:`~naipes.plugin.GamePlugin.decisions`; at most ``max_decisions``, the latest).
    Deterministic for the generator it is given.

    Args:
        model: the :class:`PlayerModel` of the other seats.
        candidates: worlds drawn per :meth:`sample` (the one returned is drawn among them by weight).
        max_decisions: the most decisions weighed per world.
        opponents: weigh only the decisions of the seats of the other sides (a partner's
            moves are left out: it may not play like the model).

    Attributes:
        last_weights: the weights of the last :meth:`sample`'s candidates.

    Raises:
        UsageError: for a ``candidates`` or ``max_decisions`` that is not a positive int
            (code ``bad_budget``).

    .. versionadded:: 1.2
    """

    __slots__ = ("model", "candidates", "max_decisions", "opponents", "last_weights", "_views", "_key", "_cache")

    def __init__(self, model: PlayerModel, *, candidates: int = CANDIDATES,
                 max_decisions: int = MAX_DECISIONS, opponents: bool = False) -> None:
        for name, value in (("candidates", candidates), ("max_decisions", max_decisions)):
            if type(value) is not int or value < 1:
                raise UsageError(f"{name} must be a positive int, not {value!r}", code="bad_budget")
        self.model = model
        self.candidates = candidates
        self.max_decisions = max_decisions
        self.opponents = bool(opponents)
        self.last_weights: tuple[float, ...] = ()
        self._views: list[AnyView] = []
        self._key: tuple[object, ...] | None = None
        #: The model's probabilities by ``(view, move)``: the same decision recurs in many worlds.
        self._cache: dict[tuple[AnyView, Move], float] = {}

    def __repr__(self) -> str:
        return f"InferredWorlds({self.model!r}, candidates={self.candidates})"

    @property
    def views(self) -> tuple[AnyView, ...]:
        """The views observed in the current game, oldest first."""
        return tuple(self._views)

    def observe(self, view: AnyView) -> None:
        """Keep ``view`` (the same view twice is kept once); a new seat or game type starts afresh."""
        key = (type(view), view.seat)
        if key != self._key:
            self._key, self._views = key, []
            self._cache.clear()
        if self._views and self._views[-1] == view:
            return
        self._views.append(view)
        if len(self._views) > MAX_VIEWS:
            del self._views[0]

    def reset(self) -> None:
        """Forget every view (a new game)."""
        self._key, self._views = None, []
        self._cache.clear()

    def decisions(self, world: AnyGame, view: AnyView) -> Sequence[tuple[AnyGame, int, Move]] | None:
        """The observed decisions rebuilt in ``world`` (a world for ``view``), the latest
        ``max_decisions``; ``None`` when the game cannot rebuild them."""
        views = self._views if self._views and self._views[-1] == view else [*self._views, view]
        found = plugin(world.name).decisions(world, views)
        if found is None:
            return None
        if self.opponents:
            ours = next((side for side in world.sides if view.seat in side), (view.seat,))
            found = [d for d in found if d[1] not in ours]
        return tuple(found)[-self.max_decisions:]

    def weight(self, world: AnyGame, view: AnyView) -> float:
        """The likelihood of the observed decisions in ``world`` under the model (1 with none)."""
        found = self.decisions(world, view)
        return 1.0 if found is None else self._likelihood(found)

    def _likelihood(self, found: Sequence[tuple[AnyGame, int, Move]]) -> float:
        model = self.model
        cache = self._cache
        if len(cache) > CACHE_SIZE:
            cache.clear()
        w = 1.0
        for position, seat, move in found:
            view = position.view(seat)
            p = cache.get((view, move))
            if p is None:
                p = cache[(view, move)] = model.probability(view, move)
            w *= p
        return w

    def sample(self, view: AnyView, rng: random.Random) -> AnyGame:
        """One world for ``view``: ``candidates`` drawn by ``view.sample(rng)``, one returned by
        weight (the first alone when the game rebuilds no decision)."""
        first = view.sample(rng)
        found = self.decisions(first, view)
        if not found:
            self.last_weights = (1.0,)
            return first
        worlds = [first] + [view.sample(rng) for _ in range(self.candidates - 1)]
        weights = [self._likelihood(found)] + [self.weight(w, view) for w in worlds[1:]]
        self.last_weights = tuple(weights)
        return worlds[pick(weights, rng)]

    def weights(self, worlds: Sequence[AnyGame], view: AnyView) -> list[float]:
        """The weight of each of ``worlds`` (:meth:`weight`)."""
        return [self.weight(w, view) for w in worlds]

    def resample(self, view: AnyView, rng: random.Random, count: int, pool: int) -> list[tuple[AnyGame, float]]:
        """``count`` worlds for ``view`` drawn from ``pool`` candidates by weight (systematic
        resampling), a candidate drawn more than once returned once with its multiplicity as its
        weight, the heaviest first: a search values each once and weights its value. Without
        decisions to weigh, the first ``count`` candidates, each of weight 1.

        Raises:
            UsageError: for a ``count`` or ``pool`` that is not a positive int (code ``bad_budget``).
        """
        for name, value in (("count", count), ("pool", pool)):
            if type(value) is not int or value < 1:
                raise UsageError(f"{name} must be a positive int, not {value!r}", code="bad_budget")
        first = view.sample(rng)
        found = self.decisions(first, view)
        if not found:
            worlds = [first] + [view.sample(rng) for _ in range(count - 1)]
            self.last_weights = (1.0,) * count
            return [(w, 1.0) for w in worlds]
        worlds = [first] + [view.sample(rng) for _ in range(max(pool, count) - 1)]
        weights = [self._likelihood(found)] + [self.weight(w, view) for w in worlds[1:]]
        self.last_weights = tuple(weights)
        chosen = systematic(weights, count, rng)
        return sorted(((worlds[i], float(k)) for i, k in chosen.items()), key=lambda wk: -wk[1])


def systematic(weights: Sequence[float], count: int, rng: random.Random) -> dict[int, int]:
    """``count`` indices drawn by systematic resampling with chance proportional to ``weights``,
    as ``{index: times drawn}`` (uniform when the weights sum to 0)."""
    total = sum(weights)
    if not total > 0:
        weights, total = [1.0] * len(weights), float(len(weights))
    step = total / count
    point = rng.random() * step
    chosen: dict[int, int] = {}
    acc = 0.0
    i = 0
    for _ in range(count):
        while i < len(weights) - 1 and acc + weights[i] <= point:
            acc += weights[i]
            i += 1
        chosen[i] = chosen.get(i, 0) + 1
        point += step
    return chosen


def pick(weights: Sequence[float], rng: random.Random) -> int:
    """An index drawn with chance proportional to ``weights`` (uniform when they sum to 0)."""
    total = sum(weights)
    if not total > 0:
        return rng.randrange(len(weights))
    x = rng.random() * total
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return len(weights) - 1
