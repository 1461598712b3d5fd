""":class:`LearnedBot`: plays a network trained by :mod:`naipes.learn.dmc`, with numpy alone.

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
from naipes.plugin import plugin_of

__all__ = ["LearnedBot", "shipped"]


@cache
def shipped() -> tuple[tuple[str, WeightsMeta], ...]:
    """The weight files shipped with naipes: ``(file name, metadata)``, by name."""
    found = []
    for entry in sorted(resources.files("naipes.learn").joinpath("weights").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".npz"):
            found.append((entry.name, load_weights(entry.read_bytes())[1]))
    return tuple(found)


@lru_cache(maxsize=16)
def _shipped_network(name: str) -> tuple[QNetwork, WeightsMeta]:
    return load_weights(resources.files("naipes.learn").joinpath("weights").joinpath(name).read_bytes())


class LearnedBot:
    """The greedy move of a trained action-value network (see the module docstring).

    Args:
        seed: accepted for the bot interface; the bot is deterministic (the first of equal values).
        game: the game whose shipped weights to play (``None``: the game of the first view).
        network: weights to play instead of the shipped ones, as ``(network, metadata)``
            (:func:`~naipes.learn.network.load_weights` of a file of one's own).

    Raises:
        UsageError: when choosing: no shipped weights for the view's game and rules
            (``no_weights``), or weights made for another game, rules or observation
            layout (``weights_mismatch``).

    .. versionadded:: 1.2
    """

    __slots__ = ("game", "_given", "_ready", "_net", "_observer", "_obs", "_mask")

    def __init__(self, seed: int | None = None, *, game: str | None = None,
                 network: tuple[QNetwork, WeightsMeta] | None = None) -> None:
        self.game = game
        self._given = network
        self._ready: Any = None
        self._net: QNetwork | None = None

    @classmethod
    def from_file(cls, path: str | Path) -> LearnedBot:
        """A bot playing the weights of the file at ``path`` (a trusted, local file)."""
        return cls(network=load_weights(path))

    def __repr__(self) -> str:
        return f"LearnedBot(game={self.game!r})"

    def choose(self, view: View[Any]) -> Move:
        """The legal move of highest value."""
        net = self._network(view)
        self._observer.write(view, self._obs[0], self._mask[0])
        best = int(net.greedy(self._obs, self._mask)[0])
        move: Move = self._observer.space.move(best, view)
        return move

    def _network(self, view: View[Any]) -> QNetwork:
        """The network for ``view``'s game and rules, checked once per rules."""
        rules = view.rules  # type: ignore[attr-defined]
        if self._net is not None and self._ready is rules:
            return self._net
        name = plugin_of(view).info.name
        if self.game is not None and name != self.game:
            raise UsageError(f"this bot plays {self.game}, not {name}", code="weights_mismatch")
        net, meta = self._given if self._given is not None else _find(name, rules)
        observer = Observer(name, rules)
        _check(meta, name, rules, observer)
        self._net, self._observer, self._ready = net, observer, rules
        self._obs = np.zeros((1, observer.size), np.float32)
        self._mask = np.zeros((1, observer.ids), bool)
        return net


def _find(game: str, rules: Any) -> tuple[QNetwork, WeightsMeta]:
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
