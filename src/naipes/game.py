"""The shared game base: turn bookkeeping, atomic moves, windows, clones, state dicts.

Every game subclasses :class:`Game` and writes only its rules, through the
protected API: who acts (``_set_to_act``), the legal moves (``_legal``), the
check of one move (``_check``), its effect (``_apply`` / ``_resolve``), its
views and its state dict. The base writes the rest once: seat resolution, atomic failure, the
simultaneous-decision windows, event delivery after the move, ``clone``,
``history``, the versioned ``to_dict``/``from_dict`` envelope and game records.

.. versionadded:: 0.1
"""

from __future__ import annotations

import functools
import random
import secrets
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Sequence, TypeVar
from weakref import WeakSet

from naipes import _game_records
from naipes._deck_arg import deck_orders
from naipes._game_moves import M, R, V, _forged, _Moves
from naipes._game_records import _Records
from naipes._jsonable import JSON
from naipes._state import (
    _clone_rng,
    _copy_rng,
    _rng_state,
    rules_from_dict,
    rules_to_dict,
)
from naipes._values import Move, Result, View, exact_field, spanish_card_field
from naipes.cards import Card
from naipes.errors import IllegalMoveError, UsageError
from naipes.events import Event, EventBus, MovePlayed

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "Game",
    "Move",
    "RECORD_FORMAT",
    "Result",
    "View",
    "exact_field",
    "replay",
    "rules_from_dict",
    "rules_to_dict",
    "spanish_card_field",
]

#: The ``format`` tag of every state dict.
FORMAT = _game_records.FORMAT
#: The ``format`` tag of every game record.
RECORD_FORMAT = _game_records.RECORD_FORMAT
#: The version of the state-dict and record envelopes (1.0 writes 2).
FORMAT_VERSION = 2
#: Record versions that :meth:`Game.from_record` replays (a record is its moves' notation).
RECORD_VERSIONS = (1, 2)



class _Deferred(tuple[Event, ...]):
    """The opening events of a game that did not build them (:attr:`Game._lazy_opening`): empty,
    of its own class, so that a pickled game still knows it must make them."""

    __slots__ = ()


_DEFERRED = _Deferred()


class Game(_Moves[R, M, V], _Records[R, M, V]):
    """Shared behaviour of every game (see the module docstring).

    ``Game[R, M, V]`` is generic in the game's Rules, Move and View types.
    Subclasses set the class attributes ``name``, ``rules_type`` and
    ``move_type`` and write the rules through the protected API only:

    - :meth:`_init_base` (first thing in ``__init__``) and :meth:`_blank` (a
      bare instance for clone, from_dict, positions and samples);
    - :meth:`_set_to_act` (who must decide now, and whether together);
    - :attr:`_listening`, :meth:`_wants` and :meth:`_emit` (events, built
      only when a subscription wants them);
    - the hooks ``_legal``, ``_check``, ``_apply``, ``_resolve``, ``_view``,
      ``_clone_into``, ``_state_dict``, ``_load_state`` and, for short move
      forms, ``_short_forms``;
    - for a history written in another layout than one notation per move
      (a later format version): :attr:`_format_version` and the versions read,
      and the hooks :meth:`_encode_history`, :meth:`_decode_history` and
      :meth:`_check_history`; the base still writes and reads the envelopes.

    Events emitted while ``__init__`` runs become :attr:`opening_events`.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       The protected API; games no longer assign the base's private fields.
    .. versionchanged:: 1.2
       The history hooks (versioned records go through the base's envelopes).
    """

    name: ClassVar[str] = ""
    rules_type: ClassVar[type[Any]]
    move_type: ClassVar[type[Move]] = Move
    #: Whether a class defines its own ``_listing`` (else ``_listing`` is ``_legal`` itself).
    _own_listing: ClassVar[bool] = False
    #: Whether a class defines its own ``_commit`` (else :meth:`play` records a move of a turn
    #: nobody listens to itself, one frame less).
    _own_commit: ClassVar[bool] = False
    #: Whether :meth:`play` looks a move up in the listing by identity first: for games
    #: whose moves are costly to compare (a move taken from :meth:`legal_moves` is legal
    #: by construction and found without one ``==``).
    _listed_by_identity: ClassVar[bool] = False
    #: Whether a constructor seeded with ``seed=`` skips building its events: they are made
    #: when :attr:`opening_events` is first read, by the same constructor run again on a
    #: generator of that seed (for games whose constructor is run far more often than its
    #: opening events are read, such as a learning environment's new games).
    _lazy_opening: ClassVar[bool] = False
    #: Slots holding tables shared by every game of the same rules: never pickled, and
    #: shared (not copied) by :meth:`clone`; :meth:`_share_tables` sets them again.
    _shared: ClassVar[tuple[str, ...]] = ()
    #: The version :meth:`to_dict` and :meth:`record` write (a game whose history layout
    #: changed writes a later one, and overrides :meth:`_encode_history` and its kin).
    _format_version: ClassVar[int] = FORMAT_VERSION
    #: The state-dict versions :meth:`from_dict` reads.
    _state_versions: ClassVar[tuple[int, ...]] = (FORMAT_VERSION,)
    #: The record versions :meth:`from_record` replays.
    _record_versions: ClassVar[tuple[int, ...]] = RECORD_VERSIONS

    __slots__ = ("rules", "num_players", "events", "_rng_own", "_rng_shared", "_rng_private", "_rng_waiting",
                 "_history", "_acting",
                 "_simultaneous", "_answers", "_sink", "_start", "_opened", "_delivering", "_listening",
                 "__weakref__")

    rules: R
    num_players: int
    events: EventBus
    _rng_own: random.Random
    #: True for a clone still sharing its source's generator: it copies it on first use
    _rng_shared: bool
    #: True when the game made its generator itself (from a seed or a state): nobody outside
    #: draws from it, so clones may share it until they draw; a caller's generator is copied at once
    _rng_private: bool
    #: The clones still sharing the generator (of this game, or of the source this clone shares)
    _rng_waiting: WeakSet[Game[Any, Any, Any]] | None
    _history: list[tuple[int, M]]
    _acting: tuple[int, ...]
    _simultaneous: bool
    _answers: dict[int, M]
    _sink: list[Event] | None
    #: True while events are being collected (someone subscribed, or the constructor runs):
    #: test it before building an event, then ask :meth:`_wants` for its class.
    _listening: bool
    _start: dict[str, JSON] | None
    _opened: tuple[Event, ...] | None
    _delivering: bool

    # -- construction -----------------------------------------------------------------
    def __init__(self, rules: R | None = None, *, seed: int | None = None,
                 rng: random.Random | None = None,
                 deck: Sequence[Card] | Sequence[Sequence[Card]] | None = None, **options: Any) -> None:
        """Each game defines its constructor and calls :meth:`_init_base` first."""
        raise TypeError(f"{type(self).__name__} must define __init__")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_listing" in cls.__dict__:
            cls._own_listing = True
        elif not cls._own_listing:  # no class defines its own: play calls _legal, one frame less
            cls._listing = cls._legal  # type: ignore[method-assign,assignment]
        if "_commit" in cls.__dict__:
            cls._own_commit = True
        init = cls.__dict__.get("__init__")
        if init is None or getattr(init, "_naipes_opening", False):
            return

        @functools.wraps(init)
        def __init__(self: Game[Any, Any, Any], *args: Any, **kw: Any) -> None:  # noqa: N807 - wraps the subclass constructor
            init(self, *args, **kw)
            if type(self).__init__ is __init__:  # the outermost constructor closes the opening
                self._end_opening()

        __init__._naipes_opening = True  # type: ignore[attr-defined]
        cls.__init__ = __init__  # type: ignore[method-assign]

    def _init_base(self, rules: R | None, *, seed: int | None, rng: random.Random | None,
                   start: dict[str, JSON] | None = None) -> None:
        """Set up the shared fields; a subclass ``__init__`` calls it first.

        Raises:
            UsageError: for rules of another game, or both ``seed`` and ``rng``.
        """
        if rules is None:
            rules = self.rules_type()
        elif not isinstance(rules, self.rules_type):
            raise UsageError(f"rules must be {self.rules_type.__name__}, not {type(rules).__name__}",
                             code="wrong_rules")
        record: dict[str, JSON] = dict(start or {})
        own = rng is None
        if rng is not None:
            if seed is not None:
                raise UsageError("give seed= or rng=, not both", code="seed_and_rng")
            record["rng"] = _rng_state(rng)
        else:
            if seed is None:
                seed = secrets.randbits(63)
            elif type(seed) is not int:
                raise UsageError(f"seed must be an int, not {seed!r}", code="bad_seed")
            rng = random.Random(seed)
            record["seed"] = seed
        self._init_fields(rules, getattr(rules, "players", 0), rng)
        self._rng_private = own
        self._start = record
        if own and self._lazy_opening:  # made again from the seed when read (opening_events)
            self._sink, self._listening, self._opened = None, False, _DEFERRED
        else:
            self._sink = []  # the constructor's events become the opening events
            self._listening = True
            self._opened = None

    @property
    def _rng(self) -> random.Random:
        """The game's generator.

        Copy on write, on the clone's side only (most search clones never draw):
        a clone of a game whose generator is its own (:attr:`_rng_private`) shares
        it until the clone reads it, then takes a copy; before the source reads it,
        it hands a copy to each clone still sharing it. The source keeps its very
        generator object, so a caller's generator (a ``random.Random`` subclass,
        one shared by several games) stays the one it draws from.
        """
        if self._rng_shared:
            _own_copy(self)
        elif self._rng_waiting is not None:
            waiting, self._rng_waiting = self._rng_waiting, None
            for clone in list(waiting):
                if clone._rng_shared and clone._rng_own is self._rng_own:
                    _own_copy(clone)
        return self._rng_own

    @_rng.setter
    def _rng(self, rng: random.Random) -> None:
        self._rng_own = rng
        self._rng_shared = self._rng_private = False
        self._rng_waiting = None

    def _init_fields(self, rules: R, num_players: int, rng: random.Random, own_rng: bool = False) -> None:
        self.rules = rules
        self.num_players = num_players
        self.events = EventBus()
        self._rng = rng
        self._rng_private = own_rng
        self._history = []
        self._acting = ()
        self._simultaneous = False
        self._answers = {}
        self._sink = None
        self._listening = False
        self._start = None
        self._opened = ()
        self._delivering = False

    def _end_opening(self) -> None:
        if self._opened is None:
            self._opened = tuple(self._sink or ())
            self._sink = None
            self._listening = False

    @classmethod
    def _blank(cls, rules: R, *, num_players: int | None = None,
               rng: random.Random | None = None, own_rng: bool = False) -> Self:
        """A bare instance with the base's fields set, for the game to fill in.

        Used by clone, from_dict, positions and view samples: no constructor
        runs, nobody is to act, the history is empty, ``opening_events == ()``.
        ``own_rng``: ``rng`` was made for this game alone (a view sample's), so
        clones may share it until they draw; a caller's generator (the default)
        is copied by every clone at once, and this game keeps drawing from it.

        .. versionchanged:: 1.2
           ``own_rng``.
        """
        game = object.__new__(cls)
        players = getattr(rules, "players", 0) if num_players is None else num_players
        game._init_fields(rules, players, rng if rng is not None else random.Random(0),
                          own_rng=own_rng or rng is None)
        return game

    def _set_to_act(self, seats: tuple[int, ...], *, simultaneous: bool = False,
                    answers: Mapping[int, M] | None = None) -> None:
        """Who must decide now (``()``: the game is over), and whether they answer together.

        ``answers`` pre-fills the sealed answers of a simultaneous window (for
        positions and samples).
        """
        self._acting = seats
        self._simultaneous = simultaneous
        if answers:
            self._answers = dict(answers)
        elif self._answers:
            self._answers = {}

    @property
    def _window(self) -> bool:
        """True while the seats to act answer together (a simultaneous window)."""
        return self._simultaneous

    @property
    def _pending_answers(self) -> Mapping[int, M]:
        """The sealed answers already given in the open window (read-only)."""
        return MappingProxyType(self._answers)

    def _wants(self, event_type: type[Event]) -> bool:
        """True when an event of ``event_type`` would reach someone now: build it only then."""
        if self._sink is None:
            return False
        if self._opened is None:
            return True
        wanted = self.events._wanted.get(event_type)
        return self.events.wants(event_type) if wanted is None else wanted

    #: Normalize ``deck=``: one order, or a sequence of orders, top first (:func:`naipes._deck_arg.deck_orders`).
    _deck_orders = staticmethod(deck_orders)

    # -- whose turn -------------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now (in a simultaneous window: those yet to answer)."""
        if self._answers:
            return tuple(s for s in self._acting if s not in self._answers)
        return self._acting

    @property
    def current_player(self) -> int | None:
        """The one seat to act, or ``None`` when the game is over or several must act."""
        acting = self.to_act
        return acting[0] if len(acting) == 1 else None

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side (each seat its own side unless the game has teams)."""
        return tuple((s,) for s in range(self.num_players))

    @property
    def is_over(self) -> bool:
        """True when nobody is to act any more."""
        return not self._acting

    @property
    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it is running."""
        raise NotImplementedError

    @property
    def scores(self) -> tuple[int, ...]:
        """Running score per side."""
        raise NotImplementedError

    @property
    def history(self) -> tuple[tuple[int, M], ...]:
        """Every move played, as ``(seat, move)``, window answers in seat order."""
        return tuple(self._history)

    @property
    def opening_events(self) -> tuple[Event, ...]:
        """What the constructor did (dealer draw, deal, turn-up...), since nobody could subscribe yet.

        Games made by ``clone``, ``from_dict``, positions and ``view.sample``
        have none.
        """
        opened = self._opened
        if isinstance(opened, _Deferred):
            opened = self._opened = self._replay_opening()
        return opened or ()

    def _replay_opening(self) -> tuple[Event, ...]:
        """The events a seeded constructor skipped (:attr:`_lazy_opening`): the constructor run
        again with the same start, on a generator of the same seed, collecting its events."""
        start = dict(self._start or {})
        seed = start.pop("seed")
        twin = type(self)(self.rules, rng=random.Random(seed), **start)
        return twin._opened or ()

    def play(self, move: M | str, seat: int | None = None) -> None:
        """Check and apply a move, then deliver the events it caused.

        The move and every automatic step after it are applied up to the next
        decision; then the handlers run. The history records the listed move
        equal to ``move`` (a game's own object), never a caller's copy; a move
        that is not listed is rebuilt through its constructor, so its fields'
        validators run again (a field forced with ``object.__setattr__`` is
        refused with code ``bad_field``), and a caller's move equal to a listed
        one must hold fields of the same types (``Bid(amount=True)`` forced
        past the constructor equals ``Bid(1)``: refused, ``bad_field``).

        Raises:
            IllegalMoveError: the move is not legal now (nothing changed).
            NotationError: a string move that does not parse (nothing changed).
            HandlerError: a handler raised; the move stands.
            UsageError: ``play`` called from an event handler (code ``reentrant``),
                also by one that unsubscribed itself; play after the outer ``play()`` returns.
        """
        if self._delivering:  # with or without subscribers: a handler may have unsubscribed itself
            raise UsageError("play() was called from an event handler: play after play() returns",
                             code="reentrant")
        m = move if isinstance(move, self.move_type) else self._coerce(move)
        if type(seat) is int and seat in self._acting and seat not in self._answers:
            s: int = seat
        else:
            s = self._seat(m, seat)
        legal = self._listing(s)
        if not (self._listed_by_identity and id(m) in map(id, legal)):
            try:  # the usual case, inlined: a listed move (the same object, or an equal one)
                listed = legal[legal.index(m)]
            except ValueError:
                m = self._unlisted(m, s, m is not move)
            except (TypeError, AttributeError, RecursionError) as exc:
                raise self._malformed(m, s, exc) from exc
            else:
                if listed is not m and m is move and _forged(m, listed):  # a caller's equal copy
                    raise self._forged_error(m, listed, s)
                m = listed
        if not self.events._subs:
            if self._simultaneous or self._own_commit:
                self._commit(m, s)
            else:  # _commit of a turn nobody listens to, inlined
                self._history.append((s, m))
                self._apply(m, s)
            return
        sink: list[Event] = []
        self._sink = sink
        self._listening = True
        try:
            self._commit(m, s)
        finally:
            self._sink = None
            self._listening = False
        if sink:
            self._delivering = True
            try:
                self.events.deliver(sink)
            finally:
                self._delivering = False

    def _play_listed(self, move: M, seat: int) -> None:
        """Play ``move``, taken from ``legal_moves(seat)`` in this very position, for ``seat``
        (to act): legal by construction, so not looked up again when nobody listens (else, or in a
        window, :meth:`play` runs). For callers that just listed the moves (the adapters' random
        opponents); anything else calls :meth:`play`."""
        if self.events._subs or self._delivering or self._simultaneous or self._own_commit:
            self.play(move, seat)
        else:
            self._history.append((seat, move))
            self._apply(move, seat)

    def _commit(self, m: M, s: int) -> None:
        """Record a checked move: apply it, or hold it until its window is complete."""
        if self._simultaneous:
            answers = self._answers
            answers[s] = m
            if len(answers) == len(self._acting):
                ordered = tuple(sorted(answers.items()))
                self._answers = {}
                self._history.extend(ordered)
                if self._listening and self.events.wants_moves:
                    for seat, move in ordered:
                        self._emit(MovePlayed(seat=seat, move=move))
                self._resolve(ordered)
        else:
            self._history.append((s, m))
            if self._listening and self.events.wants_moves:
                self._emit(MovePlayed(seat=s, move=m))
            self._apply(m, s)

    def _emit(self, event: Event) -> None:
        """Queue an event for delivery after the move (a no-op when nobody listens)."""
        sink = self._sink
        if sink is not None:
            sink.append(event)

    # -- hooks for the games ------------------------------------------------------------
    def _legal(self, seat: int) -> tuple[M, ...]:
        raise NotImplementedError

    def _check(self, move: M, seat: int) -> None:
        if move not in self._legal(seat):
            raise IllegalMoveError("not a legal move now", move=move, seat=seat, code="not_legal")

    def _apply(self, move: M, seat: int) -> None:
        raise NotImplementedError

    def _resolve(self, answers: tuple[tuple[int, M], ...]) -> None:
        raise NotImplementedError

    def _view(self, seat: int) -> V:
        raise NotImplementedError

    def _clone_into(self, new: Self) -> None:
        raise NotImplementedError

    def _state_dict(self) -> dict[str, JSON]:
        raise NotImplementedError

    def _load_state(self, state: Mapping[str, Any]) -> None:
        raise NotImplementedError

    # -- views, clones, dicts -------------------------------------------------------------
    def zones(self) -> dict[str, tuple[Card, ...]]:
        """Every card in play by zone name (hands, piles, stock, table...): a fresh dict."""
        raise NotImplementedError

    def view(self, seat: int) -> V:
        """What ``seat`` may know now (see :class:`View`).

        Raises:
            UsageError: for a seat that does not exist (code ``no_such_seat``).
        """
        return self._view(self._real_seat(seat))

    def clone(self) -> Self:
        """An independent copy (same RNG state); its EventBus starts empty.

        The source is left exactly as it was, its generator object included:
        the clone copies the generator, at once when it is a caller's (passed
        as ``rng=``), else when the clone first draws (or the source does).

        .. versionchanged:: 1.2
           The source keeps its generator (it swapped it for a copy on its first draw).
        """
        new = self._blank(self.rules, num_players=self.num_players, rng=self._rng_own)
        if self._rng_private or self._rng_shared:
            waiting = self._rng_waiting
            if waiting is None:
                waiting = self._rng_waiting = WeakSet()
            waiting.add(new)
            new._rng_shared, new._rng_waiting = True, waiting
        else:
            new._rng = _clone_rng(self._rng_own)
            new._rng_private = True
        new._history = self._history.copy()
        new._set_to_act(self._acting, simultaneous=self._simultaneous, answers=self._answers)
        new._start = self._start
        for name in self._shared:  # the same tables, never a copy
            object.__setattr__(new, name, getattr(self, name))
        self._clone_into(new)
        return new

    def _share_tables(self) -> None:
        """Set the slots named in :attr:`_shared` for ``self.rules`` (hook; the default has none).

        A game keeps its tables module-level (one per rules variant) and points
        at them here, in its constructor and when loading; :meth:`clone` shares them.
        """

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """``copy.deepcopy(game)`` is :meth:`clone` (frameworks that copy states use it)."""
        return self.clone()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} to_act={self.to_act} moves={len(self._history)}>"

    def _repr_html_(self) -> str:
        """The game in notebooks: a line of words (whose turn, or who won) and the picture of
        the table as the seat to act sees it (:func:`naipes.svg.render`).

        .. versionadded:: 1.2
        """
        from naipes._html import game_html, safe

        return safe(lambda: game_html(self), self)


def _own_copy(game: Game[Any, Any, Any]) -> None:
    """A clone sharing its source's generator takes a copy of it (the state it was cloned with)."""
    if game._rng_waiting is not None:
        game._rng_waiting.discard(game)
    game._rng_own = _copy_rng(game._rng_own)
    game._rng_shared, game._rng_private, game._rng_waiting = False, True, None


G = TypeVar("G", bound=Game[Any, Any, Any])


def replay(game_type: type[G], moves: Sequence[tuple[int, Move | str]] | Sequence[Sequence[Any]],
           *, rules: object = None, seed: int | None = None,
           deck: Sequence[Card] | Sequence[Sequence[Card]] | None = None, **options: Any) -> G:
    """Rebuild a game from its rules, its seed or deck, and its moves.

    Example (not run here)::

        game = replay(machuco.Game, [(1, "3o"), (2, "12b")], seed=7)

    Raises:
        IllegalMoveError: when a move does not fit (naming its index).
    """
    game = game_type(rules, seed=seed, deck=deck, **options)
    for i, (seat, move) in enumerate(moves):
        try:
            game.play(move, int(seat))
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"move {i} of the replay: {exc.reason}", move=move, seat=seat) from exc
    return game
