"""The learned bots' network: a Q-value MLP in numpy, its gradients, Adam, and weight files.

``Q(s, a) = head(h(s))[a] + rows(s)[a] . (h(s) @ V + c)``: an MLP ``h`` of the
observation's main part (the game's encoding and extra features), a linear head
with one output per action id, plus, for games that give per-action features
(an ``(ids, k)`` block after the main part, see :mod:`naipes.adapters.training`),
each id's own features weighted by the position. The same form as the training
example's actor; here its outputs are values (deep Monte-Carlo), not logits.

A weight file is a compressed ``.npz``: the arrays in int8 with a float32 scale per
column (``q0``, ``s0``, ``q1`` ...; :func:`save_weights`) and ``meta``, a JSON text saying which game, rules and observation layout the
weights were trained on (:class:`WeightsMeta`).

.. versionadded:: 1.2
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any, Callable, Mapping, TypeVar

import attrs
import numpy as np

from naipes.errors import UsageError

__all__ = ["Adam", "QNetwork", "WeightsMeta", "check_training", "load_weights", "save_weights"]

Array = np.ndarray[Any, Any]
#: The value given to illegal ids (never the argmax of a row with a legal id).
NEG = -1e9


@attrs.frozen
class WeightsMeta:
    """What a weight file was trained for; a bot refuses weights whose layout differs.

    Attributes:
        game: the game's registered name.
        rules: the rule fields the weights were trained under (as ``rules.to_dict()``).
        observation_version: the game's :attr:`~naipes.actions.ActionSpace.observation_version`.
        main: the length of the observation's main part (encoding and extra features).
        ids: the number of action ids.
        k: the per-action features per id (0: none).
        features: the names of the extra features, in order.
        hidden: the hidden layers' widths.
        trained: how the weights were made (command, steps, CPU seconds), free-form.
        feature_version: the learned bots' features version
            (:data:`naipes.learn.observe.FEATURE_VERSION`; files without it: 1).
    """

    game: str
    rules: Mapping[str, Any]
    observation_version: int
    main: int
    ids: int
    k: int
    features: tuple[str, ...]
    hidden: tuple[int, ...]
    trained: Mapping[str, Any] = attrs.field(factory=dict)
    feature_version: int = 1

    def to_json(self) -> str:
        """The metadata as a JSON text."""
        return json.dumps(attrs.asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> WeightsMeta:
        """The metadata of :meth:`to_json`'s text.

        Raises:
            UsageError: for a text that is not such metadata (code ``bad_weights``).
        """
        return _meta_from_json(cls, text, ("features", "hidden"), "weights file")


_M = TypeVar("_M")


def _meta_from_json(cls: Callable[..., _M], text: str, tuples: tuple[str, ...], what: str) -> _M:
    """``cls`` of the JSON object ``text``, its lists under ``tuples`` made tuples.

    Raises:
        UsageError: for a text that is no such object (code ``bad_weights``, naming ``what``).
    """
    try:
        data = json.loads(text)
        for key in tuples:
            data[key] = tuple(data[key])
        return cls(**data)
    except (ValueError, TypeError, KeyError) as exc:
        raise UsageError(f"not a naipes {what}: {exc}", code="bad_weights") from None


def check_training(hidden: tuple[int, ...], learning_rate: float) -> None:
    """Refuse hidden widths that are not positive ints, or a learning rate that is not positive
    (code ``bad_option``)."""
    if not hidden or any(isinstance(h, bool) or not isinstance(h, int) or h < 1 for h in hidden):
        raise UsageError(f"hidden widths must be positive ints, not {hidden!r}", code="bad_option")
    if isinstance(learning_rate, bool) or not isinstance(learning_rate, (int, float)) or not learning_rate > 0:
        raise UsageError(f"the learning rate must be positive, not {learning_rate!r}", code="bad_option")


def _init_layer(rng: np.random.Generator, a: int, b: int, gain: float) -> list[Array]:
    """An orthogonal ``(a, b)`` matrix scaled by ``gain`` and a zero bias."""
    q, _ = np.linalg.qr(rng.standard_normal((max(a, b), min(a, b))))
    w = q if a >= b else q.T
    return [(gain * w[:a, :b]).astype(np.float32), np.zeros(b, np.float32)]


class QNetwork:
    """Action values for a batch of observations (see the module docstring).

    Args:
        main: the length of the observation's main part.
        ids: the number of action ids.
        k: per-action features per id (0: none).
        hidden: the hidden layers' widths.
        seed: the seed of the initial weights.
    """

    def __init__(self, main: int, ids: int, k: int, hidden: tuple[int, ...] = (256, 256),
                 seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.main, self.ids, self.k, self.hidden = main, ids, k, tuple(hidden)
        sizes = [main, *self.hidden]
        self.params: list[Array] = []
        for a, b in zip(sizes, sizes[1:]):
            self.params += _init_layer(rng, a, b, float(np.sqrt(2.0)))
        self.params += _init_layer(rng, sizes[-1], ids, 0.01)
        if k:
            self.params += [(0.01 * rng.standard_normal((sizes[-1], k))).astype(np.float32),
                            np.zeros(k, np.float32)]

    @property
    def _layers(self) -> int:
        """The number of (matrix, bias) pairs of the MLP and its head."""
        return len(self.hidden) + 1

    def forward(self, obs: Array) -> tuple[Array, list[Array]]:
        """Every id's value for each row of ``obs``, and the activations :meth:`grads` needs."""
        x = obs[:, :self.main]
        acts = [x]
        p = self.params
        for j in range(len(self.hidden)):
            x = np.maximum(x @ p[2 * j] + p[2 * j + 1], 0.0)
            acts.append(x)
        head = 2 * len(self.hidden)
        q = x @ p[head] + p[head + 1]
        if self.k:
            rows = obs[:, self.main:].reshape(len(obs), self.ids, self.k)
            q = q + np.einsum("bak,bk->ba", rows, x @ p[head + 2] + p[head + 3])
        return q, acts

    def values(self, obs: Array, masks: Array) -> Array:
        """The values with illegal ids at a very low number."""
        return np.where(masks, self.forward(obs)[0], NEG)

    def greedy(self, obs: Array, masks: Array) -> Array:
        """The id of highest value per row among the legal ones (the first of equals)."""
        best: Array = self.values(obs, masks).argmax(1)
        return best

    def grads(self, obs: Array, acts: list[Array], g_q: Array) -> list[Array]:
        """Every parameter's gradient given the values' gradient ``g_q`` (batch, ids)."""
        p = self.params
        head = 2 * len(self.hidden)
        last = acts[-1]
        grads: list[Array] = [np.empty(0)] * len(p)
        grads[head], grads[head + 1] = last.T @ g_q, g_q.sum(0)
        g_h = g_q @ p[head].T
        if self.k:
            rows = obs[:, self.main:].reshape(len(obs), self.ids, self.k)
            g_u = np.einsum("ba,bak->bk", g_q, rows)
            grads[head + 2], grads[head + 3] = last.T @ g_u, g_u.sum(0)
            g_h = g_h + g_u @ p[head + 2].T
        for j in range(len(self.hidden) - 1, -1, -1):
            g_h = g_h * (acts[j + 1] > 0)
            grads[2 * j], grads[2 * j + 1] = acts[j].T @ g_h, g_h.sum(0)
            if j:
                g_h = g_h @ p[2 * j].T
        return grads


class Adam:
    """Adam over a list of arrays, updated in place.

    Args:
        params: the arrays.
        lr: the learning rate.
    """

    def __init__(self, params: list[Array], lr: float) -> None:
        self.params, self.lr, self.t = params, lr, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def step(self, grads: list[Array]) -> None:
        """One update."""
        self.t += 1
        b1, b2 = 0.9, 0.999
        c1, c2 = 1 - b1 ** self.t, 1 - b2 ** self.t
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            p -= self.lr * (m / c1) / (np.sqrt(v / c2) + 1e-8)


def save_weights(net: QNetwork, meta: WeightsMeta, path: str | Path) -> None:
    """Write ``net``'s weights and ``meta`` to ``path`` (a compressed ``.npz``).

    Each array is stored as int8 with one float32 scale per output column (``q0``, ``s0`` ...):
    a quarter of float32's size, and the values within half a step of 1/127 of each
    column's largest weight.
    """
    arrays: dict[str, Array] = {}
    for i, p in enumerate(net.params):
        scale = np.abs(p).max(axis=0) / 127.0 if p.ndim > 1 else np.array(np.abs(p).max() / 127.0)
        scale = np.where(scale > 0, scale, 1.0).astype(np.float32)
        arrays[f"q{i}"] = np.round(p / scale).astype(np.int8)
        arrays[f"s{i}"] = scale
    Path(path).write_bytes(_npz({"meta": np.array(meta.to_json()), **arrays}))


def _npz(arrays: dict[str, Array]) -> bytes:
    """``arrays`` as a compressed ``.npz`` whose bytes depend on them alone (the entries' dates are
    fixed, where :func:`numpy.savez_compressed` writes the time of day)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, array in arrays.items():
            info = zipfile.ZipInfo(name + ".npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            with archive.open(info, "w") as entry:
                np.lib.format.write_array(entry, np.asanyarray(array), allow_pickle=False)
    return buffer.getvalue()


def load_weights(source: str | Path | bytes) -> tuple[QNetwork, WeightsMeta]:
    """The network and metadata of a weight file (a path or its bytes).

    Raises:
        UsageError: for a file that is not naipes weights or whose arrays do not fit its
            metadata (code ``bad_weights``).
    """
    raw = source if isinstance(source, bytes) else Path(source).read_bytes()
    try:
        with np.load(io.BytesIO(raw), allow_pickle=False) as data:
            meta = WeightsMeta.from_json(str(data["meta"]))
            count = (len(data.files) - 1) // 2
            params = [data[f"q{i}"].astype(np.float32) * data[f"s{i}"] for i in range(count)]
    except (OSError, ValueError, KeyError) as exc:
        raise UsageError(f"not a naipes weights file: {exc}", code="bad_weights") from None
    net = QNetwork(meta.main, meta.ids, meta.k, meta.hidden)
    if [p.shape for p in params] != [p.shape for p in net.params]:
        raise UsageError("the weights' shapes do not fit their metadata", code="bad_weights")
    net.params = params
    return net, meta
