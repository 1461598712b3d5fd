""":class:`LearnedBot`: plays a network trained by :mod:`naipes.learn.dmc`, with numpy alone, or a
world-value network of :mod:`naipes.learn.worlds` inside its small search of sampled worlds.

The weights that ship with naipes are in ``naipes/learn/weights/`` (one ``.npz``
per game and rules, see :func:`shipped`); ``load_bot("learned", game="machuco")``
plays them. A bot refuses weights made for other rules or another observation
layout with a :class:`~naipes.errors.UsageError` (code ``weights_mismatch``):
a network fed another encoding would play nonsense, silently.

>>> from naipes import machuco, play_game
>>> from naipes.bots import load_bot
>>> game = machuco.Game(machuco.Rules(players=2, scope="hand"), seed=3)
>>> result = play_game(game, [load_bot("learned", game="machuco"), load_bot("random", seed=1)])
>>> len(result.returns)
2

.. versionadded:: 1.2
"""

from __future__ import annotations

from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from naipes.errors import UsageError
from naipes.game import Move, View
from naipes.learn.network import QNetwork, WeightsMeta, load_weights
from naipes.learn.observe import Observer, rules_key
from naipes.learn.worlds import ValueNet, WorldsBot, WorldsMeta, is_worlds_file, load_worlds, open_features_of
from naipes.plugin import plugin_of

__all__ = ["LearnedBot", "load_any", "shipped"]

#: A weight file's network and metadata: a Q-network's, or a world-value network's.
Loaded = tuple[QNetwork, WeightsMeta] | tuple[ValueNet, WorldsMeta]
Meta = WeightsMeta | WorldsMeta


def load_any(source: str | Path | bytes) -> Loaded:
    """The network and metadata of a weight file of either kind (a path or its bytes): a
    Q-network's (:func:`~naipes.learn.network.load_weights`) or a world-value network's
    (:func:`~naipes.learn.worlds.load_worlds`, by its metadata's ``kind``).

    Raises:
        UsageError: for a file that is neither (code ``bad_weights``).
    """
    raw = source if isinstance(source, bytes) else Path(source).read_bytes()
    return load_worlds(raw) if is_worlds_file(raw) else load_weights(raw)


@cache
def shipped() -> tuple[tuple[str, Meta], ...]:
    """The weight files shipped with naipes: ``(file name, metadata)``, by name."""
    found = []
    for entry in sorted(resources.files("naipes.learn").joinpath("weights").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".npz"):
            found.append((entry.name, load_any(entry.read_bytes())[1]))
    return tuple(found)


@lru_cache(maxsize=16)
def _shipped_network(name: str) -> Loaded:
    return load_any(resources.files("naipes.learn").joinpath("weights").joinpath(name).read_bytes())


class LearnedBot:
    """The greedy move of a trained action-value network (see the module docstring).

    Args:
        seed: a Q-network's bot is deterministic (the first of equal values), the seed is accepted for
            the bot interface; a world-value network's samples its worlds with a generator of this seed
            (``None``: 0, so that ``learned`` plays the same moves from the same views either way).
        game: the game whose shipped weights to play (``None``: the game of the first view).
        network: weights to play instead of the shipped ones, as ``(network, metadata)``
            (:func:`load_any` of a file of one's own).

    Raises:
        UsageError: when choosing: no shipped weights for the view's game and rules
            (``no_weights``), or weights made for another game, rules or observation
            layout (``weights_mismatch``).

    .. versionadded:: 1.2
    """

    __slots__ = ("game", "_seed", "_given", "_ready", "_net", "_observer", "_obs", "_mask", "_worlds")

    def __init__(self, seed: int | None = None, *, game: str | None = None,
                 network: Loaded | None = None) -> None:
        self.game = game
        self._seed = seed
        self._given = network
        self._ready: Any = None
        self._net: QNetwork | None = None
        self._worlds: WorldsBot | None = None

    @classmethod
    def from_file(cls, path: str | Path) -> LearnedBot:
        """A bot playing the weights of the file at ``path`` (a trusted, local file)."""
        return cls(network=load_any(path))

    def __repr__(self) -> str:
        return f"LearnedBot(game={self.game!r})"

    def choose(self, view: View[Any]) -> Move:
        """The legal move of highest value (of mean value over the worlds, for a world-value network)."""
        net = self._network(view)
        if self._worlds is not None:
            return self._worlds.choose(view)  # type: ignore[no-any-return]
        assert net is not None
        self._observer.write(view, self._obs[0], self._mask[0])
        best = int(net.greedy(self._obs, self._mask)[0])
        move: Move = self._observer.space.move(best, view)
        return move

    def _network(self, view: View[Any]) -> QNetwork | None:
        """The Q-network for ``view``'s game and rules, checked once per rules (``None``: a
        world-value network's bot plays)."""
        rules = view.rules  # type: ignore[attr-defined]
        if self._ready is rules:
            return self._net
        name = plugin_of(view).info.name
        if self.game is not None and name != self.game:
            raise UsageError(f"this bot plays {self.game}, not {name}", code="weights_mismatch")
        net, meta = self._given if self._given is not None else _find(name, rules)
        if isinstance(meta, WorldsMeta):
            assert isinstance(net, ValueNet)
            _check_worlds(meta, name, rules)
            seed = self._seed if self._seed is not None else 0
            self._net, self._ready, self._worlds = None, rules, WorldsBot(net, meta, seed=seed)
            return None
        assert isinstance(net, QNetwork)
        observer = Observer(name, rules)
        _check(meta, name, rules, observer)
        self._net, self._observer, self._ready = net, observer, rules
        self._obs = np.zeros((1, observer.size), np.float32)
        self._mask = np.zeros((1, observer.ids), bool)
        return net


def _find(game: str, rules: Any) -> Loaded:
    """The shipped network for ``game`` under ``rules``."""
    key = rules_key(rules)
    for name, meta in shipped():
        if meta.game == game and dict(meta.rules) == key:
            return _shipped_network(name)
    offered = ", ".join(f"{m.game} {_differences(m.rules, {})}" for _, m in shipped()) or "none"
    raise UsageError(f"no learned weights ship for {game} under these rules (shipped: {offered})",
                     code="no_weights")


def _differences(a: Any, b: Any) -> str:
    """The rule fields of ``a`` that are not defaults, briefly (for messages)."""
    picked = {k: v for k, v in dict(a).items() if k in ("players", "scope", "rounds", "teams", "mode")}
    return ",".join(f"{k}={v}" for k, v in picked.items() if b.get(k) != v)


def _check(meta: WeightsMeta, game: str, rules: Any, observer: Observer) -> None:
    """Refuse weights whose game, rules or observation layout differ from the view's."""
    version = int(getattr(observer.space, "observation_version", 1))
    problems = []
    if meta.game != game:
        problems.append(f"game {meta.game} (not {game})")
    if dict(meta.rules) != rules_key(rules):
        problems.append("other rules")
    if meta.observation_version != version:
        problems.append(f"observation version {meta.observation_version} (not {version})")
    if meta.feature_version != observer.feature_version:
        problems.append(f"feature version {meta.feature_version} (not {observer.feature_version})")
    if (meta.main, meta.ids, meta.k) != (observer.main, observer.ids, observer.k) \
            or tuple(meta.features) != tuple(observer.features.names):
        problems.append("another observation layout")
    if problems:
        raise UsageError("these weights were made for " + ", ".join(problems), code="weights_mismatch")


def _check_worlds(meta: WorldsMeta, game: str, rules: Any) -> None:
    """Refuse world-value weights whose game, rules or open features differ from the view's."""
    if meta.game != game:
        raise UsageError(f"these weights were made for game {meta.game} (not {game})", code="weights_mismatch")
    problems = []
    if dict(meta.rules) != rules_key(rules):
        problems.append("other rules")
    features = open_features_of(meta.game)
    if (meta.state_version, meta.inputs) != (features.VERSION, features.SIZE):
        problems.append(f"open features version {meta.state_version} of {meta.inputs} "
                        f"(not {features.VERSION} of {features.SIZE})")
    if problems:
        raise UsageError("these weights were made for " + ", ".join(problems), code="weights_mismatch")
