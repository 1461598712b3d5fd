"""A learned evaluation inside a small determinized search: :class:`WorldsBot`.

``strong`` (the determinized search) is strong because it samples worlds
consistent with the seat's view and looks ahead in each with MachucoBot's
rollouts; those take tens of milliseconds. Here the rollouts are replaced by a
network: :class:`ValueNet` estimates, from an *open* position (every hand known,
:mod:`naipes.machuco._open_features`), the chance that the seat wins the hand
when MachucoBot plays on for both seats. At play time the bot samples ``worlds``
worlds from the view, plays each legal move in each, values all of them in one
batched forward pass, averages over the worlds and plays the best move, with
MachucoBot's own move raised by ``margin`` (the search overrules the heuristic
only where it finds it worse by more than that).

The labels are cheap, no search teacher: :func:`label_games` plays games of
MachucoBot (with a share ``epsilon`` of random moves, for variety) and, at every
decision with a choice, plays each legal move in a copy of the true position and
rolls MachucoBot out to the end of the hand; the position after the move is
labelled with the seat's score (1 a win, 1/2 a tie, 0 a loss). :func:`fit` regresses
the network on them (the cross-entropy of a sigmoid output, Adam).

Machuco with two players, one hand (``scope="hand"``), and Ranzo with four players, one round
(``rounds=1``; :mod:`naipes.ranzo._open_features`: the hands and the stock card by card, each
seat's outs, its next draws; labels of the benchmark's sides). A game's open-features module may
also give ``decides(moves)`` (the decisions the bot weighs; the others are the heuristic's),
``after_moves`` (the rows after each move, faster than playing each in a copy), ``score(returns,
seat)`` (the label), ``lead(returns, seat)`` (the margin kept beside it) and ``Sampler`` (worlds inferred from the other seats' play, ``infer``).
Ranzo's network does not beat RanzoBot (see the RL guide): it does not ship.

.. versionadded:: 1.2
.. versionchanged:: 1.2
   Ranzo (issue 41).
"""

from __future__ import annotations

import importlib
import io
import json
import random
from pathlib import Path
from typing import Any, Mapping

import attrs
import numpy as np

from naipes.errors import UsageError
from naipes.learn.network import _init_layer, _meta_from_json, _npz

__all__ = ["BLOCK", "KIND", "OPEN_FEATURES", "ValueNet", "WorldsBot", "WorldsMeta", "check_search", "heuristic_of", "is_worlds_file", "load_worlds", "open_features_of", "save_worlds", "score_of"]

Array = np.ndarray[Any, Any]
#: The ``kind`` of a world-value weight file (the Q-network files have none).
KIND = "worlds"
#: Rows a forward pass of :class:`WorldsBot` takes at a time: small enough that OpenBLAS keeps the
#: products on one thread (a whole decision's batch at once goes multi-threaded, and on a busy
#: machine its threads cost some 20 ms of CPU a decision, against 0.15 ms in blocks).
BLOCK = 4
#: The module of each game's open features (``VERSION``, ``SIZE``, ``open_features``), imported
#: on first use (a game's package is not imported by naipes.learn's modules).
OPEN_FEATURES = {"machuco": "naipes.machuco._open_features", "ranzo": "naipes.ranzo._open_features"}


def open_features_of(game: str) -> Any:
    """The open-features module of ``game``.

    Raises:
        UsageError: for a game without one (code ``bad_option``).
    """
    if game not in OPEN_FEATURES:
        raise UsageError(f"no world-value features for {game!r} (only {', '.join(OPEN_FEATURES)})",
                         code="bad_option")
    return importlib.import_module(OPEN_FEATURES[game])


def heuristic_of(game: str, seed: int | None) -> Any:
    """A new instance of ``game``'s heuristic bot (its registered best bot), seeded."""
    from naipes.bots import load_bot
    from naipes.registry import find_game

    best = find_game(game).best_bot
    assert best is not None
    return load_bot(best, seed=seed)


@attrs.frozen
class WorldsMeta:
    """What a world-value file was trained for, and how its bot searches.

    Attributes:
        game: the game's registered name.
        rules: the rule fields the network was trained under (as ``rules.to_dict()``).
        state_version: the open features' version (the ``VERSION`` of the game's open-features module).
        inputs: the number of features.
        hidden: the hidden layers' widths.
        worlds: the worlds the bot samples a decision.
        margin: the bonus of the heuristic's move over the network's mean values.
        trained: how the weights were made (command, games, CPU seconds), free-form.
        kind: :data:`KIND`.
        infer: whether its bot deals its worlds leaning to the other seats' play (the game's
            open-features module's ``Sampler``) rather than uniformly.
    """

    game: str
    rules: Mapping[str, Any]
    state_version: int
    inputs: int
    hidden: tuple[int, ...]
    worlds: int = 8
    margin: float = 0.0
    trained: Mapping[str, Any] = attrs.field(factory=dict)
    kind: str = KIND
    infer: bool = False

    def to_json(self) -> str:
        """The metadata as a JSON text (``infer`` only when true: the files of 1.2 stay byte for byte)."""
        fields = attrs.asdict(self)
        if not self.infer:
            del fields["infer"]
        return json.dumps(fields, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> WorldsMeta:
        """The metadata of :meth:`to_json`'s text.

        Raises:
            UsageError: for a text that is not such metadata (code ``bad_weights``).
        """
        meta = _meta_from_json(cls, text, ("hidden",), "world-value file")
        if meta.kind != KIND:
            raise UsageError(f"not a naipes world-value file: kind {meta.kind!r}", code="bad_weights")
        return meta


class ValueNet:
    """An MLP of open features to the logit of the seat's chance of winning.

    Args:
        inputs: the number of features.
        hidden: the hidden layers' widths.
        seed: the seed of the initial weights.
    """

    def __init__(self, inputs: int, hidden: tuple[int, ...] = (256, 128), seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.inputs, self.hidden = inputs, tuple(hidden)
        sizes = [inputs, *self.hidden]
        self.params: list[Array] = []
        for a, b in zip(sizes, sizes[1:]):
            self.params += _init_layer(rng, a, b, float(np.sqrt(2.0)))
        self.params += _init_layer(rng, sizes[-1], 1, 0.01)

    def forward(self, x: Array) -> tuple[Array, list[Array]]:
        """The logits of a batch ``(n, inputs)`` and the layers' inputs (for :meth:`grads`)."""
        p, acts, h = self.params, [x], x
        last = len(p) // 2 - 1
        for j in range(last):
            h = np.maximum(h @ p[2 * j] + p[2 * j + 1], 0.0)
            acts.append(h)
        return (h @ p[2 * last] + p[2 * last + 1])[:, 0], acts

    def values(self, x: Array) -> Array:
        """The chances of winning of a batch of feature rows."""
        logits, _ = self.forward(x)
        out: Array = 1.0 / (1.0 + np.exp(-np.clip(logits, -30.0, 30.0)))
        return out

    def grads(self, acts: list[Array], g_out: Array) -> list[Array]:
        """The gradients of the parameters given the loss's gradient by logit."""
        p = self.params
        grads: list[Array] = [np.empty(0)] * len(p)
        g = g_out[:, None].astype(np.float32)
        for j in range(len(p) // 2 - 1, -1, -1):
            grads[2 * j], grads[2 * j + 1] = acts[j].T @ g, g.sum(0)
            if j:
                g = (g @ p[2 * j].T) * (acts[j] > 0)
        return grads


def save_worlds(net: ValueNet, meta: WorldsMeta, path: str | Path) -> None:
    """Write ``net`` (in float16) and ``meta`` to ``path``, a compressed ``.npz`` of fixed bytes."""
    arrays = {f"p{i}": p.astype(np.float16) for i, p in enumerate(net.params)}
    Path(path).write_bytes(_npz({"meta": np.array(meta.to_json()), **arrays}))


def load_worlds(raw: bytes) -> tuple[ValueNet, WorldsMeta]:
    """The network and metadata of a world-value file's bytes.

    Raises:
        UsageError: for bytes that are not such a file, or arrays that do not fit their
            metadata (code ``bad_weights``).
    """
    try:
        with np.load(io.BytesIO(raw), allow_pickle=False) as data:
            meta = WorldsMeta.from_json(str(data["meta"]))
            params = [data[f"p{i}"].astype(np.float32) for i in range(len(data.files) - 1)]
    except (OSError, ValueError, KeyError) as exc:
        raise UsageError(f"not a naipes world-value file: {exc}", code="bad_weights") from None
    net = ValueNet(meta.inputs, meta.hidden)
    if [p.shape for p in params] != [p.shape for p in net.params]:
        raise UsageError("the weights' shapes do not fit their metadata", code="bad_weights")
    net.params = params
    return net, meta


def is_worlds_file(raw: bytes) -> bool:
    """Whether ``raw`` is a world-value file (its metadata's ``kind``), not a Q-network's."""
    try:
        with np.load(io.BytesIO(raw), allow_pickle=False) as data:
            return bool(json.loads(str(data["meta"])).get("kind") == KIND)
    except (OSError, ValueError, KeyError, AttributeError):
        return False


def check_search(worlds: object, margin: object) -> None:
    """Refuse ``worlds`` that is not an int from 1 to 256, or ``margin`` that is not a number >= 0
    (code ``bad_option``)."""
    if type(worlds) is not int or not 1 <= worlds <= 256:
        raise UsageError(f"worlds is an int from 1 to 256, not {worlds!r}", code="bad_option")
    if isinstance(margin, bool) or not isinstance(margin, (int, float)) or not margin >= 0:
        raise UsageError(f"margin is a number >= 0, not {margin!r}", code="bad_option")


class WorldsBot:
    """The move of best mean network value over worlds sampled from the view (module docstring).

    Args:
        net: the value network.
        meta: its metadata (``worlds`` and ``margin`` are the defaults of the options below).
        seed: seed of the generator that samples the worlds (and breaks MachucoBot's ties).
        worlds: worlds sampled a decision (``None``: the file's).
        margin: MachucoBot's move's bonus (``None``: the file's).
        infer: deal the worlds from the game's inference of the other hands from their play (its
            open-features module's ``Sampler``; Ranzo's, some 7 ms a world), not uniformly
            (``None``: the file's).
        endgame: once the stock is empty (two players: the other hand is the unseen cards, the one
            world is the true one) each move is valued exactly instead, by the end of the hand with
            the other seat playing MachucoBot's moves and the seat its best (a few dozen lines).

    Raises:
        UsageError: for ``worlds`` not an int from 1 to 256, ``margin`` not a number >= 0,
            ``endgame`` or ``infer`` not a bool, or ``infer`` true for a game without an inference
            of the hidden hands (code ``bad_option``).
    """

    __slots__ = ("net", "meta", "worlds", "margin", "endgame", "infer", "_rng", "_heuristic", "_model", "_open",
                 "_sampler")

    def __init__(self, net: ValueNet, meta: WorldsMeta, seed: int | None = None, *,
                 worlds: int | None = None, margin: float | None = None, endgame: bool = True,
                 infer: bool | None = None) -> None:
        worlds = meta.worlds if worlds is None else worlds
        margin = meta.margin if margin is None else margin
        check_search(worlds, margin)
        infer = meta.infer if infer is None else infer
        for name, flag in (("endgame", endgame), ("infer", infer)):
            if not isinstance(flag, bool):
                raise UsageError(f"{name} is True or False, not {flag!r}", code="bad_option")
        self.infer = infer
        self.net, self.meta, self.worlds, self.margin, self.endgame = net, meta, worlds, float(margin), endgame
        self._rng = random.Random(seed)
        self._heuristic = heuristic_of(meta.game, seed)
        #: The model of the other seat in the exact endgame.
        self._model = heuristic_of(meta.game, seed)
        self._open = open_features_of(meta.game)
        sampler = getattr(self._open, "Sampler", None) if infer else None
        if infer and sampler is None:
            raise UsageError(f"infer=True: {meta.game} has no inference of the hidden hands", code="bad_option")
        #: the game's inference of the hidden hands from play (``infer``)
        self._sampler = sampler() if sampler is not None else None

    def __repr__(self) -> str:
        return f"WorldsBot(worlds={self.worlds}, margin={self.margin}, endgame={self.endgame})"

    def choose(self, view: Any) -> Any:
        """The legal move of best mean value (MachucoBot's raised by ``margin``; the first of equals)."""
        moves = view.legal_moves
        if self._sampler is not None:
            self._sampler.observe(view)
        if len(moves) == 1:
            return moves[0]
        heuristic = self._heuristic.choose(view)
        decides = getattr(self._open, "decides", None)
        if decides is not None and not decides(moves):
            return heuristic
        favoured = moves.index(heuristic)
        exact = self.endgame and view.stock_size == 0 and len(view.hand_sizes) == 2
        means = self.exact_values(view) if exact else self.values(view)
        means[favoured] += self.margin
        return moves[int(np.argmax(means))]

    def values(self, view: Any) -> Array:
        """Each legal move's mean network value over ``worlds`` worlds sampled from ``view``."""
        moves, seat, n = view.legal_moves, view.seat, len(view.legal_moves)
        rows = np.zeros((self.worlds * n, self._open.SIZE), np.float32)
        write = self._open.open_features
        draw = getattr(view, "samples", None)
        if self._sampler is not None and not getattr(view, "peeked", False):
            worlds = self._sampler.worlds(view, self._rng, self.worlds)
        elif draw:
            worlds = draw(self._rng, self.worlds)
        else:
            worlds = [view.sample(self._rng) for _ in range(self.worlds)]
        batch = getattr(self._open, "after_moves", None)
        for w, world in enumerate(worlds):
            if batch is not None:
                batch(world, seat, moves, rows[w * n:(w + 1) * n])
                continue
            for i, move in enumerate(moves):
                branch = world.clone()
                branch.play(move, seat)
                write(branch, seat, rows[w * n + i])
        values = np.concatenate([self.net.values(rows[i:i + BLOCK]) for i in range(0, len(rows), BLOCK)])
        means: Array = values.reshape(self.worlds, n).mean(axis=0)
        return means

    def exact_values(self, view: Any) -> Array:
        """Each legal move's score (1 a win, 1/2 a tie, 0 a loss) at the end of the hand in one world
        sampled from ``view`` (the true one once the stock is empty, with two players), the other
        seat playing MachucoBot's moves and the seat its best."""
        world = view.sample(self._rng)
        seat, moves = view.seat, view.legal_moves
        out = np.empty(len(moves))
        for i, move in enumerate(moves):
            branch = world.clone()
            branch.play(move, seat)
            out[i] = self._line(branch, seat)
        return out

    def _line(self, world: Any, me: int) -> float:
        """``me``'s best score in ``world`` (consumed) against the model of the other seat."""
        while world.result is None:
            seat = world.to_act[0]
            if seat != me:
                world.play(self._model.choose(world.view(seat)), seat)
                continue
            moves = world.legal_moves(seat)
            if len(moves) == 1:
                world.play(moves[0], seat)
                continue
            best, last = 0.0, len(moves) - 1
            for i, move in enumerate(moves):
                branch = world if i == last else world.clone()
                branch.play(move, seat)
                best = max(best, self._line(branch, me))
            return best
        return score_of(world.result.returns, me)


def score_of(returns: Any, seat: int) -> float:
    """The seat's score of a two-player hand: 1 a win, 1/2 a tie, 0 a loss."""
    return 0.5 + 0.5 * (float(returns[seat]) - float(returns[1 - seat]))
