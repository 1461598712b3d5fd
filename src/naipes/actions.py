"""Dense action ids and observation vectors: the base every game's ``ActionSpace`` extends.

A game's ``ActionSpace(rules)`` numbers its moves ``0..size-1`` once for the
rules, so an id means the same move in every state (Machiavelli's ids are play
*shapes* relative to the view: see that game). Bots and learning code work
with ints, masks and float vectors; the game keeps working with moves:

>>> from naipes import macarra
>>> space = macarra.ActionSpace(macarra.Rules(players=2))
>>> game = macarra.Game(macarra.Rules(players=2), seed=1)
>>> view = game.view(game.current_player)
>>> ids = space.legal_ids(view)
>>> [space.move(i, view) for i in ids] == [m for m in view.legal_moves if space.has_id(m, view)]
True
>>> len(space.encode(view)) == space.observation_size
True

A subclass sets ``size`` and ``observation_spec`` in ``__init__`` and
implements :meth:`ActionSpace._index`, :meth:`ActionSpace._move` and
:meth:`ActionSpace._encode`; the base checks ids, builds masks and fills
``out`` arrays.

.. versionadded:: 1.0
"""

from __future__ import annotations

import functools
import math
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Any, Generic, Mapping, Sequence, TypeVar

from naipes.errors import IllegalMoveError, UsageError

__all__ = ["ActionSpace", "Slice", "Tracker"]

R = TypeVar("R")
M = TypeVar("M")
V = TypeVar("V")

#: One named slice of an observation vector: ``(name, start, length)``.
Slice = tuple[str, int, int]


class ActionSpace(Generic[R, M, V]):
    """Integer ids for a game's moves and a float encoding of its views.

    Attributes:
        rules: the rules the numbering is made for.
        size: the number of ids (fixed for the rules).
        observation_spec: the named slices of :meth:`encode`'s vector, in order.

    .. versionadded:: 1.0
    """

    rules: R
    size: int
    observation_spec: tuple[Slice, ...]
    #: The bounds of ``Result.returns`` under these rules, where they depend on the rules
    #: (``None``: the game's ``GameInfo.returns_range``). The adapters read :meth:`bounds`.
    returns_range: tuple[float, float] | None = None

    #: The version of :meth:`encode`'s layout: a game bumps it when the meaning or the place of
    #: its values changes, so a model trained on one version is not fed another (the PettingZoo
    #: adapter names its environments ``<game>_v<version>``).
    #:
    #: .. versionadded:: 1.2
    observation_version: int = 1
    #: The bounds of :meth:`encode`'s values by slice name, ``{name: (low, high)}``, where the
    #: game knows them; slices it leaves out lie in ``[0, 1]``. ``None`` (the default): no bound
    #: known, every value in ``(-inf, inf)``. The adapters' observation spaces read
    #: :meth:`observation_bounds`.
    slice_bounds: Mapping[str, tuple[float, float]] | None = None

    @functools.cached_property
    def observation_size(self) -> int:
        """The length of :meth:`encode`'s vector."""
        return sum(length for _, _, length in self.observation_spec)

    def bounds(self, default: tuple[float, float]) -> tuple[float, float]:
        """:attr:`returns_range`, or ``default`` (the game's ``GameInfo.returns_range``)."""
        return self.returns_range if self.returns_range is not None else default

    def observation_bounds(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The lowest and highest value of every place of :meth:`encode`'s vector.

        From :attr:`slice_bounds` (the places of a slice it does not name lie in
        ``[0, 1]``); all ``-inf``/``inf`` when the game gives none.

        .. versionadded:: 1.2
        """
        low: list[float] = []
        high: list[float] = []
        given = self.slice_bounds
        for name, _, length in self.observation_spec:
            lo, hi = (-math.inf, math.inf) if given is None else given.get(name, (0.0, 1.0))
            low += [float(lo)] * length
            high += [float(hi)] * length
        return tuple(low), tuple(high)

    def returns_scale(self, default: tuple[float, float]) -> float:
        """What ``normalize_returns`` divides returns by: the larger magnitude of :meth:`bounds`.

        Dividing by it maps every return into ``[-1, 1]`` and keeps 0 at 0, the signs,
        and zero sums zero (a scale of 0 counts as 1).

        .. versionadded:: 1.2
        """
        low, high = self.bounds(default)
        return max(abs(float(low)), abs(float(high))) or 1.0

    def index(self, move: M, view: V | None = None) -> int:
        """The id of ``move`` (``view`` is needed where ids depend on the position).

        Raises:
            IllegalMoveError: for a move that has no id (code ``no_action_id``).
        """
        i = self._index(move, view)
        if i is None:
            raise IllegalMoveError("this move has no action id", move=move, code="no_action_id")
        return i

    def has_id(self, move: M, view: V | None = None) -> bool:
        """True when ``move`` has an id."""
        return self._index(move, view) is not None

    def move(self, i: int, view: V | None = None) -> M:
        """The move of id ``i``.

        Raises:
            UsageError: for an id that is not an int in ``range(size)`` (code ``no_such_action``).
            IllegalMoveError: for an id that names no move in ``view`` (code ``no_action_id``).
        """
        i = self._check_id(i)
        move = self._move(i, view)
        if move is None:
            raise IllegalMoveError(f"action {i} names no move here", code="no_action_id")
        return move

    def legal_ids(self, view: V) -> tuple[int, ...]:
        """The ids of the seat's legal moves that have one, ascending."""
        ids = {self._index(m, view) for m in view.legal_moves}  # type: ignore[attr-defined]
        ids.discard(None)
        return tuple(sorted(ids))  # type: ignore[arg-type]

    def mask(self, view: V) -> tuple[bool, ...]:
        """``size`` flags: True for the ids of the seat's legal moves."""
        flags = [False] * self.size
        for i in self.legal_ids(view):
            flags[i] = True
        return tuple(flags)

    def encode(self, view: V, out: Any = None) -> Any:
        """The view as a flat vector of floats, laid out by :attr:`observation_spec`.

        Built from the view alone. With ``out`` (a list or a numpy array of
        :attr:`observation_size`), the vector is written into it and ``out``
        is returned; else a tuple of floats.
        """
        values = self._encode(view)
        if len(values) != self.observation_size:
            raise AssertionError(f"{type(self).__name__} encoded {len(values)} values, "
                                 f"not {self.observation_size}")
        if out is None:
            return tuple(values)
        if len(out) != self.observation_size:
            raise UsageError(f"out has {len(out)} places, not {self.observation_size}", code="bad_out")
        out[:] = values
        return out

    def tracker(self, game: Any, seat: int, obs: Any = None) -> Tracker[M]:
        """A :class:`Tracker` of ``seat`` in ``game``: its ids, mask and observation kept up to date.

        ``obs`` is the array the tracker writes the observation into (a list or a numpy
        array of :attr:`observation_size`, e.g. a row of a batch array; default: a new list).

        Raises:
            UsageError: for a game under other rules than the space's (code ``wrong_rules``), a
                seat that is not in it (``no_such_seat``) or an ``obs`` of another length (``bad_out``).

        .. versionadded:: 1.2
        """
        return self._tracker_type()(self, game, seat, obs)

    def _tracker_type(self) -> type[Tracker[M]]:
        """The :class:`Tracker` class of this game (a game with a faster one returns it)."""
        return Tracker

    def slice(self, name: str) -> slice:
        """The part of the vector called ``name``.

        Raises:
            UsageError: for a name that is not in :attr:`observation_spec` (code ``no_such_slice``).
        """
        for n, start, length in self.observation_spec:
            if n == name:
                return slice(start, start + length)
        raise UsageError(f"no slice {name!r}", code="no_such_slice")

    def _check_id(self, i: object) -> int:
        try:
            index = i.__index__()  # type: ignore[attr-defined]
        except (AttributeError, TypeError):
            raise UsageError(f"an action id is an int, not {i!r}", code="no_such_action") from None
        if isinstance(i, bool) or not 0 <= index < self.size:
            raise UsageError(f"no action {i!r}: ids are 0 to {self.size - 1}", code="no_such_action")
        return int(index)

    @staticmethod
    def spec(*parts: tuple[str, int]) -> tuple[Slice, ...]:
        """Slices from ``(name, length)`` pairs laid end to end."""
        out: list[Slice] = []
        start = 0
        for name, length in parts:
            out.append((name, start, length))
            start += length
        return tuple(out)

    # -- a fixed catalogue of moves (games whose every move has one id) ----------------------
    def _set_catalogue(self, moves: Sequence[M]) -> None:
        """Number ``moves`` 0..n-1: sets :attr:`size`, and :meth:`_index`/:meth:`_move` use them.

        Lookups go by identity first (the engines' moves are interned and kept alive
        here), then by value.
        """
        self._moves: tuple[M, ...] = tuple(moves)
        self._ids: dict[M, int] = {m: i for i, m in enumerate(self._moves)}
        self._by_identity: dict[int, int] = {id(m): i for i, m in enumerate(self._moves)}
        self.size = len(self._moves)

    @staticmethod
    def _own_rules(rules: Any, rules_type: type[R]) -> R:
        """``rules`` (``None``: the defaults) when they are a ``rules_type``, else ``wrong_rules``."""
        if rules is None:
            return rules_type()
        if not isinstance(rules, rules_type):
            raise UsageError(f"this ActionSpace takes {rules_type.__module__}.{rules_type.__name__}, "
                             f"not {rules!r:.60}", code="wrong_rules")
        return rules

    # -- what a game implements ------------------------------------------------------------
    def _index(self, move: M, view: V | None) -> int | None:
        i = self._by_identity.get(id(move))
        if i is not None:
            return i
        try:
            return self._ids.get(move)
        except TypeError:  # an unhashable object is no move
            return None

    def _move(self, i: int, view: V | None) -> M | None:
        return self._moves[i]

    def _encode(self, view: V) -> Sequence[float]:
        raise NotImplementedError


class Tracker(Generic[M]):
    """One seat's action ids, mask and observation in one running game, kept up to date.

    Made by :meth:`ActionSpace.tracker`. It reads the game whenever it is asked, so
    any moves (by any seat, answers in a window included) may be played between two
    calls, and at every position :meth:`encode` equals ``space.encode(game.view(seat))``,
    :meth:`legal_ids` equals ``space.legal_ids(game.view(seat))`` and :meth:`move` is
    ``space.move(i, game.view(seat))``. This base builds the view (once per position);
    a game's own tracker (Machuco, Ranzo, Macarra, Machiavelli) reads the engine's state
    instead and rewrites only the places of ``obs`` a move changed: what a learning loop
    calls at every step.

    >>> from naipes import machuco
    >>> game = machuco.Game(machuco.Rules(players=2, scope="hand"), seed=4)
    >>> space = machuco.ActionSpace(game.rules)
    >>> seat = game.current_player
    >>> tracker = space.tracker(game, seat)
    >>> view = game.view(seat)
    >>> tracker.legal_ids() == space.legal_ids(view), tuple(tracker.encode()) == space.encode(view)
    (True, True)
    >>> game.play(tracker.move(tracker.legal_ids()[0]), seat)
    >>> tuple(tracker.encode()) == space.encode(game.view(seat))
    True

    The tracker owns ``obs``: what is written into it between two calls of
    :meth:`encode` may stay there (a game's tracker rewrites only what changed).

    Attributes:
        space: the action space.
        game: the game followed.
        seat: the seat whose observation this is.
        obs: the array :meth:`encode` writes into and returns.

    .. versionadded:: 1.2
    """

    __slots__ = ("space", "game", "seat", "obs", "_out", "_key", "_view", "_mask_out")

    def __init__(self, space: ActionSpace[Any, M, Any], game: Any, seat: int, obs: Any = None) -> None:
        if game.rules != space.rules:
            raise UsageError("this game has other rules than the action space", code="wrong_rules")
        if type(seat) is not int or not 0 <= seat < game.num_players:
            raise UsageError(f"no seat {seat!r} in a {game.num_players}-player game", code="no_such_seat")
        if obs is None:
            obs = [0.0] * space.observation_size
        elif len(obs) != space.observation_size:
            raise UsageError(f"obs has {len(obs)} places, not {space.observation_size}", code="bad_out")
        self.space, self.game, self.seat, self.obs = space, game, seat, obs
        #: what a game's tracker writes through: ``obs``, or a memoryview of it when it is a flat
        #: float buffer (a numpy array or a row of one), whose item writes cost a third
        self._out: Any = _writable_view(obs)
        self._key: tuple[int, object, int] | None = None
        self._view: Any = None
        self._mask_out: tuple[Any, Any, Any] | None = None  # (the last mask array, its view, zeros)

    def encode(self) -> Any:
        """:attr:`obs`, brought up to the current position, and returned."""
        self.space.encode(self._current_view(), out=self.obs)
        return self.obs

    def legal_ids(self) -> tuple[int, ...]:
        """The ids of the seat's legal moves now, ascending (empty when it is not to act)."""
        return self.space.legal_ids(self._current_view())

    def mask(self, out: Any) -> Any:
        """Write 1 for the ids of :meth:`legal_ids` and 0 elsewhere into ``out`` (``size``
        places, e.g. a numpy ``int8`` array) and return it."""
        ids = self.legal_ids()
        cached = self._mask_out
        if cached is None or cached[0] is not out:
            if len(out) != self.space.size:
                raise UsageError(f"out has {len(out)} places, not {self.space.size}", code="bad_out")
            view = _writable_view(out, _MASK_FORMATS)
            cached = self._mask_out = (out, view, _zeros_like(view, len(out)))
        view = cached[1]
        view[:] = cached[2]
        for i in ids:
            view[i] = 1
        return out

    def move(self, i: int) -> M:
        """The move of id ``i`` now (raises as :meth:`ActionSpace.move`)."""
        return self.space.move(i, self._current_view())

    @property
    def compiled(self) -> bool:
        """Whether this tracker's observation is written by compiled code: Machuco's, Macarra's
        and Ranzo's encoders in a ``NAIPES_MYPYC=1`` build (see :doc:`/guides/rl`). The values
        are the same either way; only the time differs.

        .. versionadded:: 1.2
        """
        encoder = self._encoder()
        if encoder is None:
            return False
        module = sys.modules.get(type(encoder).__module__)
        return str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))

    def _encoder(self) -> Any:
        """The object that writes the observation, when a game's tracker has one (else ``None``)."""
        return None

    def _follow(self, game: Any) -> bool:
        """Follow ``game`` from now on, as a new tracker of the same seat and ``obs`` would
        (a learning environment's next game, of the same rules), keeping the caches of the
        arrays written: True when done; False (nothing changed) when this tracker cannot, or
        ``game`` has other rules: then make a new tracker. (The base cannot: a game's tracker
        that knows all the state it keeps says how.)"""
        return False

    def _blank(self, length: int) -> Any:
        """``length`` zeros that can be slice-assigned into :attr:`_out` (``_out[a:a+length] = z``):
        a memoryview of the same item format, or a list."""
        return _zeros_like(self._out, length, 0.0)

    def _zero(self) -> None:
        """Set every place of :attr:`obs` to 0.0 (what a game's tracker starts from)."""
        _fill_zero(self.obs)

    def _current_view(self) -> Any:
        """The seat's view, built once per position (the history and the window's answers)."""
        game = self.game
        history, answers = game._history, len(game._answers)
        key, last = self._key, history[-1] if history else None
        if key is None or key[0] != len(history) or key[1] is not last or key[2] != answers:
            self._view = game.view(self.seat)
            self._key = (len(history), last, answers)
        return self._view


#: The item formats of the buffers a tracker writes observations and masks through.
_FLOAT_FORMATS = ("f", "d")
_MASK_FORMATS = ("b", "B", "?", "h", "i", "l", "q", "f", "d")


class _OneWriterTracker(Tracker[M]):
    """A game's tracker that runs the game's one observation writer (its ``_observation``
    module, shared with ``encode(view)``) over the seat's sight (internal).

    The writer is made, and :attr:`obs` zeroed, at the first :meth:`encode`
    (:meth:`_writer`); before that :meth:`_encoder` is the sight, whose class is the
    writer module's (compiled or not). A game's tracker sets ``_sight`` and gives
    :meth:`_new_writer`.
    """

    __slots__ = ("_enc", "_sight")

    def __init__(self, space: ActionSpace[Any, M, Any], game: Any, seat: int, obs: Any, sight: Any) -> None:
        super().__init__(space, game, seat, obs)
        self._enc: Any = None
        self._sight = sight

    def _encoder(self) -> Any:
        return self._sight if self._enc is None else self._enc

    def _writer(self) -> Any:
        """The writer, made (over the all-zero observation) the first time."""
        enc = self._enc
        if enc is None:
            self._zero()
            enc = self._enc = self._new_writer()
        return enc

    def _new_writer(self) -> Any:
        """A new writer of this seat's observation into :attr:`_out` (the game's hook)."""
        raise NotImplementedError


def _writable_view(obs: Any, formats: tuple[str, ...] = _FLOAT_FORMATS) -> Any:
    """A memoryview of ``obs`` when it is a writable, contiguous, flat buffer of one of ``formats``
    (a numpy array or a row of one: its item writes cost a third), else ``obs`` itself."""
    try:
        view = memoryview(obs)
    except TypeError:
        return obs
    if view.readonly or view.ndim != 1 or view.format not in formats or not view.c_contiguous:
        return obs
    return view


def _fill_zero(obs: Any) -> None:
    """Set every place of ``obs`` (a numpy array or a list) to 0.0."""
    if hasattr(obs, "fill"):
        obs.fill(0.0)
    else:
        obs[:] = [0.0] * len(obs)


def _zeros_like(target: Any, length: int, zero: float = 0) -> Any:
    """``length`` zeros that slice-assign into ``target``: a memoryview of its item format, or a
    list of ``zero``."""
    if isinstance(target, memoryview):
        return memoryview(bytearray(target.itemsize * length)).cast(target.format)  # type: ignore[call-overload]
    return [zero] * length
