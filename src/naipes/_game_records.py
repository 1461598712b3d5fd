"""The records half of :class:`naipes.game.Game`: state dicts, records, their replay, pickles.

:class:`_Records` is a base of :class:`~naipes.game.Game` (documented there):
the versioned ``to_dict``/``from_dict`` envelope, replayable records, and the
hooks of a game whose history is written in another layout, and pickling. It holds no state
of its own.

.. versionadded:: 1.2
"""

from __future__ import annotations

import copy
import functools
import random
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Mapping, Sequence

from naipes import _validate
from naipes._game_moves import M, R, V
from naipes._jsonable import JSON
from naipes._state import (
    _check_envelope,
    _copy_rng,
    _rng_from_state,
    _rng_state,
    check_replays,
    check_start,
    rules_from_dict,
    rules_to_dict,
)
from naipes._values import Move
from naipes.errors import IllegalMoveError, InvalidStateError, NaipesError, NotationError

if TYPE_CHECKING:
    from typing_extensions import Self


__all__: list[str] = []

#: The ``format`` tag of every state dict.
FORMAT = "naipes.game"
#: The ``format`` tag of every game record.
RECORD_FORMAT = "naipes.record"



class _Records(Generic[R, M, V]):
    """State dicts and records of a game (a base of :class:`~naipes.game.Game`)."""

    if not TYPE_CHECKING:  # no fields of its own (mypy reads the game's slots)
        __slots__ = ()

    if TYPE_CHECKING:  # what the game class provides
        name: ClassVar[str]
        rules_type: ClassVar[type[Any]]
        move_type: ClassVar[type[Move]]
        _format_version: ClassVar[int]
        _state_versions: ClassVar[tuple[int, ...]]
        _record_versions: ClassVar[tuple[int, ...]]
        rules: R

        def __init__(self, rules: Any = None, **options: Any) -> None: ...
        num_players: int
        _rng_own: random.Random
        _history: list[tuple[int, M]]
        _acting: tuple[int, ...]
        _simultaneous: bool
        _answers: dict[int, M]
        _start: dict[str, JSON] | None
        _shared: ClassVar[tuple[str, ...]]
        _rng_shared: bool

        def _share_tables(self) -> None: ...

        @classmethod
        def _blank(cls, rules: R, *, num_players: int | None = None,
                   rng: random.Random | None = None, own_rng: bool = False) -> Self: ...
        def _set_to_act(self, seats: tuple[int, ...], *, simultaneous: bool = False,
                        answers: Mapping[int, M] | None = None) -> None: ...
        def _state_dict(self) -> dict[str, JSON]: ...
        def _load_state(self, state: Mapping[str, Any]) -> None: ...
        def _listing(self, seat: int) -> tuple[M, ...]: ...
        def _check(self, move: M, seat: int) -> None: ...
        def _commit(self, m: M, s: int) -> None: ...
        def play(self, move: M | str, seat: int | None = None) -> None: ...

    def to_dict(self) -> dict[str, JSON]:
        """The full state as JSON-compatible data (hidden cards and RNG included)."""
        return {
            "format": FORMAT,
            "version": self._format_version,
            "game": self.name,
            "rules": rules_to_dict(self.rules),
            "num_players": self.num_players,
            "rng": _rng_state(self._rng_own),  # a read: no copy needed
            "history": self._encode_history(),
            "acting": list(self._acting),
            "simultaneous": self._simultaneous,
            "answers": [[s, str(m)] for s, m in sorted(self._answers.items())],
            "start": copy.deepcopy(self._start),
            "state": self._state_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a game from :meth:`to_dict` output.

        The ``start`` is checked exactly as :meth:`from_record` checks a
        record's (``None``, for a game nobody can replay, passes).

        Raises:
            InvalidStateError: for data of another format, version or game, or broken data.

        .. versionchanged:: 1.2
           The ``start`` is checked (junk such as ``{"seed": "x", "zzz": 1}`` is refused),
           and the state must be the one the ``start`` and the history lead to
           (:meth:`_check_loaded`: a ``start`` of another deal is refused, code ``bad_history``).
        """
        return cls._from_dict(data, json_checked=False)

    @classmethod
    def _from_dict(cls, data: Mapping[str, Any], *, json_checked: bool) -> Self:
        """:meth:`from_dict`; ``json_checked``: ``data`` lies inside data already checked
        by :func:`naipes._validate.check_json` (a record's position start), not checked again."""
        _check_envelope(data, FORMAT, cls.name, cls._state_versions, "game state")
        version: int = data["version"]
        cls._check_history(data.get("history"), version, "history", "game state")
        if not json_checked:  # the history and rng are checked exactly, once, below
            _validate.check_json(data, "state dict", exact=("history", "rng"))
        rules = rules_from_dict(cls.rules_type, data["rules"])
        players = getattr(rules, "players", data["num_players"])
        history, acting, simultaneous, answers = _validate.envelope(data, players)
        game = cls._blank(rules, num_players=players, rng=_rng_from_state(_validate.rng_state(data["rng"])),
                          own_rng=True)
        try:
            game._history = cls._decode_history(history, version, "history")
            game._set_to_act(acting, simultaneous=simultaneous,
                             answers={s: cls._parse_field(m, "answers") for s, m in answers})
            game._start = copy.deepcopy(data["start"])
            game._load_state(data["state"])
            # as a record's start: what record() writes replays, to this very state (the
            # start's JSON was checked with the state's)
            game._check_loaded(check_start(cls, rules, game._start, json_checked=True))
        except InvalidStateError:
            raise
        except (NaipesError, KeyError, TypeError, ValueError, IndexError, AttributeError,
                OverflowError, RecursionError) as exc:
            raise InvalidStateError(f"broken {cls.name} state: {exc!r}") from exc
        return game

    def _check_loaded(self, start: Self | None) -> None:
        """Hook: check a state :meth:`from_dict` loaded against the game its ``start`` names.

        ``start`` is that game before any move (built by
        :func:`naipes._state.check_start`), or ``None`` for a game nobody can
        replay; it may be played on. The default replays the history (and the
        sealed answers of an open window) on it and refuses a state it does not
        reach: a well-formed ``start`` of another deal is refused, so what
        :meth:`record` writes replays to this state. A game that checks this
        its own way (Ranzo, in ``_load_state``) overrides it.

        Raises:
            InvalidStateError: code ``bad_history``, for a state its start and history do not lead to.

        .. versionadded:: 1.2
        """
        if start is not None:
            check_replays(self, start)

    @classmethod
    def _parse_field(cls, text: str, field: str) -> M:
        try:
            return cls.move_type.parse(text)  # type: ignore[return-value]
        except NotationError as exc:
            raise InvalidStateError(f"{field}: {exc}", code="bad_field") from exc

    def record(self) -> dict[str, JSON]:
        """A replayable record: game, rules, how it started, and the moves (a fresh object).

        Raises:
            InvalidStateError: when the game was built from a generator that
                cannot be replayed (``random.SystemRandom``).
        """
        if self._start is None or ("rng" in self._start and self._start["rng"] is None):
            raise InvalidStateError("this game cannot be replayed (no seed or position)",
                                    code="not_replayable")
        return {"format": RECORD_FORMAT, "version": self._format_version, "game": self.name,
                "rules": rules_to_dict(self.rules), "start": copy.deepcopy(self._start),
                "moves": self._encode_history()}

    # -- the history as state dicts and records write it (hooks for versioned layouts) -----
    def _encode_history(self) -> list[list[JSON]]:
        """The history as fresh ``[seat, text]`` pairs, as :meth:`to_dict` and :meth:`record` write it.

        Hook: the default writes each move's notation. A game that writes a
        more compact layout overrides it together with :meth:`_decode_history`,
        :meth:`_check_history` (and ``_coerce`` for record moves) and raises
        :attr:`_format_version`.
        """
        return [[s, str(m)] for s, m in self._history]

    @classmethod
    def _decode_history(cls, pairs: Sequence[tuple[int, str]], version: int, field: str) -> list[tuple[int, M]]:
        """The moves of checked ``[seat, text]`` pairs written under ``version`` (hook).

        Raises:
            InvalidStateError: code ``bad_field``, for text that is no move.
        """
        return [(s, cls._parse_field(m, field)) for s, m in pairs]

    @classmethod
    def _check_history(cls, pairs: object, version: int, field: str, what: str) -> None:
        """Refuse a history or record ``field`` whose layout is not that of ``version`` (hook).

        Called once the envelope (format, version, game) is checked, before
        anything is read; the default layout (one move's notation per pair) has
        nothing to check.

        Raises:
            InvalidStateError: code ``bad_version``, for a layout of another version.
        """

    @property
    def _origin(self) -> Mapping[str, Any] | None:
        """How the game started, as its record writes it (seed, deck, ``{"position": ...}``), or
        ``None`` for a game nobody can replay: read-only, for a game's loader and checks."""
        start = self._start
        return MappingProxyType(start) if isinstance(start, dict) else None

    def _mark_position(self) -> None:
        """Remember the current state as the start of the record (``from_position`` calls it)."""
        self._start = None
        self._start = {"position": self.to_dict()}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Self:
        """Replay a :meth:`record` and return the game at its end.

        Records of format version 2 (1.0) and 1 (0.1) are replayed: a record
        is its moves' notation, which 1.0 reads unchanged.

        Raises:
            InvalidStateError: for a record of another game or a broken record.
            IllegalMoveError: when a recorded move does not fit.
        """
        game = cls._from_start(record)
        cls._play_record(game, record)
        return game

    @classmethod
    def _from_start(cls, record: Mapping[str, Any], *, json_checked: bool = False) -> Self:
        """The game a record starts from, before its moves (the record is checked first;
        ``json_checked``: its JSON was checked already, as part of a state dict)."""
        _check_envelope(record, RECORD_FORMAT, cls.name, cls._record_versions, "game record")
        cls._check_history(record.get("moves"), record["version"], "moves", "game record")
        if not json_checked:
            _validate.check_json(record, "record")
        start = _validate.record_start(record)
        if "position" in start:
            if record["version"] == 1:
                raise InvalidStateError("a 0.1 record that starts from a position cannot be replayed: "
                                        "0.1 state dicts are not read by 1.0", code="bad_version")
            game = cls._from_dict(start["position"], json_checked=True)
            game._start = {"position": copy.deepcopy(start["position"])}
            return game
        rules = rules_from_dict(cls.rules_type, record["rules"])
        if "rng" in start:
            start["rng"] = _rng_from_state(_validate.rng_state(start["rng"]))
        try:
            return cls(rules, **start)
        except TypeError as exc:
            raise InvalidStateError(f"start: {exc}", code="bad_field") from exc
        except NaipesError as exc:
            raise InvalidStateError(f"start: {exc}", code="bad_field") from exc

    def _replay(self, moves: Sequence[tuple[int, M]]) -> int | None:
        """Play trusted-shape moves on a game nobody listens to (a loader's check): the index
        of the first one that is not legal then (nothing of it applied), else ``None``.

        Each move is admitted as :meth:`play` admits it (the listed move equal to it, or
        ``_check``), without the events and the seat resolution of a caller's ``play``.
        """
        for i, (s, m) in enumerate(moves):
            if s not in self._acting or s in self._answers:
                return i
            legal = self._listing(s)
            try:
                m = legal[legal.index(m)]
            except ValueError:
                try:
                    self._check(m, s)
                except NaipesError:
                    return i
            self._commit(m, s)
        return None

    @staticmethod
    def _play_record(game: _Records[Any, Any, Any], record: Mapping[str, Any]) -> None:
        moves = _validate.seat_moves(record.get("moves", []), "moves", game.num_players, _validate.MAX_HISTORY)
        for i, (seat, move) in enumerate(moves):
            try:
                game.play(move, seat)
            except (IllegalMoveError, NotationError) as exc:
                raise IllegalMoveError(f"move {i} of the record: {exc.reason}", move=move, seat=seat,
                                       code=exc.code, rule=exc.rule) from exc

    def __getstate__(self) -> dict[str, Any]:
        """Pickle support: every field but the shared tables named in :attr:`_shared`."""
        skip = self._shared
        state = {name: getattr(self, name) for name in _slot_names(type(self))  # type: ignore[arg-type]
                 if name not in skip and hasattr(self, name)}
        if self._rng_shared:  # its own copy: the source may draw before this copy is loaded
            state.update(_rng_own=_copy_rng(self._rng_own), _rng_shared=False, _rng_private=True)
        state["_rng_waiting"] = None
        extra = getattr(self, "__dict__", None)
        if extra:
            state.update((k, v) for k, v in extra.items() if k not in skip)
        return state

    def __setstate__(self, state: Mapping[str, Any]) -> None:
        """Unpickle: set the fields, then point the shared tables at the module's (:meth:`_share_tables`)."""
        object.__setattr__(self, "_rng_private", False)  # a pickle of 1.1 has neither
        object.__setattr__(self, "_rng_waiting", None)
        for name, value in state.items():
            object.__setattr__(self, name, value)
        self._share_tables()


@functools.cache
def _slot_names(cls: Any) -> tuple[str, ...]:
    """Every slot a class and its bases declare (``__weakref__`` and ``__dict__`` aside)."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__weakref__", "__dict__") and name not in names:
                names.append(name)
    return tuple(names)
