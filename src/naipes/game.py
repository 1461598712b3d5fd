"""The shared game base: turn bookkeeping, atomic moves, windows, clones, state dicts.

Every game subclasses :class:`Game` and writes only its rules: which seats act
(``_acting``), the legal moves (``_legal``), the check of one move
(``_check``), its effect (``_apply`` / ``_resolve``), its views and its state
dict. The base writes the rest once: seat resolution, atomic failure, the
simultaneous-decision windows, event delivery after the move, ``clone``,
``history``, the versioned ``to_dict``/``from_dict`` envelope and game records.

.. versionadded:: 0.1
"""

from __future__ import annotations

import random
import secrets
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Mapping, Sequence, TypeVar

import attrs

from naipes._jsonable import JSON, to_jsonable
from naipes.cards import Card
from naipes.errors import IllegalMoveError, InvalidStateError, NaipesError, NotationError
from naipes.events import Event, EventBus

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "Game",
    "Move",
    "Result",
    "View",
    "replay",
    "rules_from_dict",
    "rules_to_dict",
]

#: The ``format`` tag of every state dict.
FORMAT = "naipes.game"
#: The version of the state-dict envelope.
FORMAT_VERSION = 1

R = TypeVar("R")
M = TypeVar("M", bound="Move")
V = TypeVar("V", bound="View")


class Move:
    """Base class of every game's moves.

    Each game defines ``class Move(naipes.game.Move)`` with frozen subclasses
    for its kinds of move; ``Move.parse(text)`` and ``str(move)`` round-trip.

    .. versionadded:: 0.1
    """

    __slots__ = ()
    __naipes_move__: ClassVar[bool] = True

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move from its notation (each game implements it)."""
        raise NotImplementedError(f"{cls.__name__} has no notation")


@attrs.frozen(kw_only=True)
class Result:
    """How a finished game ended.

    Attributes:
        winners: the winning seats.
        ranking: seats grouped by rank, best first (ties share a rank).
        scores: the final score of each side.
        returns: per seat, higher is better (for search and learning).

    .. versionadded:: 0.1
    """

    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    returns: tuple[float, ...]

    def to_dict(self) -> dict[str, JSON]:
        """The result as JSON-compatible data."""
        return {f.name: to_jsonable(getattr(self, f.name)) for f in attrs.fields(type(self))}


@attrs.frozen(kw_only=True)
class View:
    """What one seat may know: the public state plus its own private state.

    Games subclass it with their zones. A view never holds another seat's
    hidden cards, a deck order or the RNG state.

    Attributes:
        seat: whose view this is.
        hand: the seat's own cards, in the order received.
        scores: running score per side.
        to_act: the seats that must decide now (answers already given in a
            simultaneous window are not revealed; only the seat's own).
        legal_moves: the seat's legal moves when it is to act, else ``()``.
        forced_move: the move the rules prescribe, in games that have one.
        known: cards of hidden zones that were made public.

    .. versionadded:: 0.1
    """

    seat: int
    hand: tuple[Card, ...]
    scores: tuple[int, ...]
    to_act: tuple[int, ...]
    legal_moves: tuple[Move, ...] = ()
    forced_move: Move | None = None
    known: tuple[Card, ...] = ()

    def to_dict(self) -> dict[str, JSON]:
        """The view as JSON-compatible data: what a server sends to this seat."""
        out: dict[str, JSON] = {"type": type(self).__name__}
        for f in attrs.fields(type(self)):
            out[f.name] = to_jsonable(getattr(self, f.name))
        return out

    def sample(self, rng: random.Random) -> Game[Any, Any, Any]:
        """A full game consistent with this view: unseen cards dealt at random.

        Each game implements it; the result has an empty EventBus.
        """
        raise NotImplementedError(f"{type(self).__name__} cannot sample")

    def render(self) -> str:
        """The table drawn as text for a terminal (games override it)."""
        return "\n".join(f"{k}: {v}" for k, v in self.to_dict().items())


def rules_to_dict(rules: object) -> dict[str, JSON]:
    """An attrs ``Rules`` object as JSON-compatible data."""
    return {f.name: to_jsonable(getattr(rules, f.name)) for f in attrs.fields(type(rules))}  # type: ignore[arg-type]


def _tupled(value: JSON) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def rules_from_dict(rules_type: type[R], data: Mapping[str, JSON]) -> R:
    """Rebuild a ``Rules`` object from :func:`rules_to_dict` output (lists become tuples).

    Raises:
        InvalidStateError: when the data does not fit the rules class.
    """
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"rules must be a dict, not {type(data).__name__}")
    try:
        return rules_type(**{k: _tupled(v) for k, v in data.items()})
    except (TypeError, ValueError) as exc:
        raise InvalidStateError(f"bad rules: {exc}") from exc


def _rng_state(rng: random.Random) -> JSON:
    if isinstance(rng, random.SystemRandom):
        return None
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_from_state(state: JSON) -> random.Random:
    if state is None:
        return random.SystemRandom()
    try:
        version, internal, gauss = state
        rng = random.Random.__new__(random.Random)
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError) as exc:
        raise InvalidStateError(f"bad RNG state: {exc}") from exc
    return rng


def _copy_rng(rng: random.Random) -> random.Random:
    if isinstance(rng, random.SystemRandom):
        return rng
    # __new__ + setstate: __init__ would first seed itself from the OS (slow)
    new = random.Random.__new__(random.Random)
    new.setstate(rng.getstate())
    return new


class Game(Generic[R, M, V]):
    """Shared behaviour of every game (see the module docstring).

    Subclasses set the class attributes ``name``, ``rules_type`` and
    ``move_type``, keep ``_acting`` (the seats that must decide now) and
    ``_simultaneous`` (whether they answer together) up to date, and implement
    the underscored hooks.

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = ""
    rules_type: ClassVar[type[Any]]
    move_type: ClassVar[type[Move]] = Move

    __slots__ = ("rules", "num_players", "events", "_rng", "_history", "_acting",
                 "_simultaneous", "_answers", "_sink", "_start", "__weakref__")

    rules: R
    num_players: int

    # -- construction -----------------------------------------------------------------
    def __init__(self, rules: R | None = None, *, seed: int | None = None,
                 rng: random.Random | None = None,
                 deck: Sequence[Card] | Sequence[Sequence[Card]] | None = None, **options: Any) -> None:
        """Each game defines its constructor and calls :meth:`_init_base` first."""
        raise TypeError(f"{type(self).__name__} must define __init__")

    def _init_base(self, rules: R | None, *, seed: int | None, rng: random.Random | None,
                   start: dict[str, JSON] | None = None) -> None:
        """Set up the shared fields; a subclass ``__init__`` calls it first."""
        if rules is None:
            rules = self.rules_type()
        elif not isinstance(rules, self.rules_type):
            raise TypeError(f"rules must be {self.rules_type.__name__}, not {type(rules).__name__}")
        self.rules = rules
        self.events = EventBus()
        self._history: list[tuple[int, M]] = []
        self._acting: tuple[int, ...] = ()
        self._simultaneous = False
        self._answers: dict[int, M] = {}
        self._sink: list[Event] | None = None
        record: dict[str, JSON] = dict(start or {})
        if rng is not None:
            if seed is not None:
                raise TypeError("give seed= or rng=, not both")
            self._rng = rng
            record["rng"] = _rng_state(rng)
        else:
            if seed is None:
                seed = secrets.randbits(63)
            self._rng = random.Random(seed)
            record["seed"] = seed
        self._start: dict[str, JSON] | None = record

    @staticmethod
    def _deck_orders(deck: Sequence[Card] | Sequence[Sequence[Card]] | None) -> tuple[tuple[Card, ...], ...]:
        """Normalize ``deck=``: one order, or a sequence of orders, top first."""
        if deck is None:
            return ()
        items = list(deck)
        if not items:
            raise InvalidStateError("deck= is empty")
        if isinstance(items[0], str) and len(items) and all(isinstance(c, str) for c in items):
            return (tuple(Card.parse(c) for c in items),)  # type: ignore[arg-type]
        if isinstance(items[0], Card):
            if not all(isinstance(c, Card) for c in items):
                raise InvalidStateError("deck= mixes cards and other things")
            return (tuple(items),)  # type: ignore[arg-type]
        orders = []
        for order in items:
            order = tuple(Card.parse(c) if isinstance(c, str) else c for c in order)  # type: ignore[attr-defined]
            if not all(isinstance(c, Card) for c in order):
                raise InvalidStateError("deck= must hold cards")
            orders.append(order)
        return tuple(orders)

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

    def _seat(self, move: object, seat: int | None) -> int:
        acting = self.to_act
        if seat is None:
            if len(acting) == 1:
                return acting[0]
            if not acting:
                raise IllegalMoveError("the game is over", move=move)
            raise IllegalMoveError(f"seats {acting} must all act now: say which seat plays", move=move)
        if seat in acting and type(seat) is int:
            return seat
        if not acting:
            raise IllegalMoveError("the game is over", move=move, seat=seat)
        if isinstance(seat, int) and seat in self._answers:
            raise IllegalMoveError("this seat has already answered", move=move, seat=seat)
        raise IllegalMoveError(f"not this seat's turn (to act: {acting})", move=move, seat=seat)

    # -- moves --------------------------------------------------------------------------
    def _coerce(self, move: object) -> M:
        if isinstance(move, str):
            return self.move_type.parse(move)  # type: ignore[return-value]
        if not isinstance(move, self.move_type):
            raise IllegalMoveError(f"not a {self.name} move: {move!r}", move=move)
        return move  # type: ignore[return-value]

    def legal_moves(self, seat: int | None = None) -> tuple[M, ...]:
        """The legal moves of ``seat`` (default: the current player) in canonical order.

        A seat that is not to act has none.
        """
        if type(seat) is int:
            if seat in self._acting and seat not in self._answers:
                return self._legal(seat)
            return ()
        if seat is not None:
            return ()
        acting = self.to_act
        if not acting:
            return ()
        if len(acting) > 1:
            raise IllegalMoveError(f"seats {acting} must all act now: say which seat")
        return self._legal(acting[0])

    def check_move(self, move: M | str, seat: int | None = None) -> None:
        """Raise :class:`IllegalMoveError` (or NotationError) if the move is not legal now.

        Never changes anything.
        """
        m = self._coerce(move)
        self._check(m, self._seat(m, seat))

    def is_legal(self, move: M | str, seat: int | None = None) -> bool:
        """True when :meth:`check_move` would accept the move."""
        try:
            self.check_move(move, seat)
        except (IllegalMoveError, NotationError):
            return False
        return True

    def forced_move(self, seat: int | None = None) -> M | None:
        """The move the rules prescribe (games without prescribed moves return ``None``)."""
        return None

    def play(self, move: M | str, seat: int | None = None) -> None:
        """Check and apply a move, then deliver the events it caused.

        The move and every automatic step after it are applied up to the next
        decision; then the handlers run.

        Raises:
            IllegalMoveError: the move is not legal now (nothing changed).
            NotationError: a string move that does not parse (nothing changed).
            HandlerError: a handler raised; the move stands.
        """
        m = move if isinstance(move, self.move_type) else self._coerce(move)
        if type(seat) is int and seat in self._acting and seat not in self._answers:
            s: int = seat
        else:
            s = self._seat(m, seat)
        self._check(m, s)
        if not self.events._subs:
            self._commit(m, s)
            return
        sink: list[Event] = []
        self._sink = sink
        try:
            self._commit(m, s)
        finally:
            self._sink = None
        if sink:
            self.events.deliver(sink)

    def _commit(self, m: M, s: int) -> None:
        """Record a checked move: apply it, or hold it until its window is complete."""
        if self._simultaneous:
            answers = self._answers
            answers[s] = m
            if len(answers) == len(self._acting):
                ordered = tuple(sorted(answers.items()))
                self._answers = {}
                self._history.extend(ordered)
                self._resolve(ordered)
        else:
            self._history.append((s, m))
            self._apply(m, s)

    def _emit(self, event: Event) -> None:
        """Queue an event (call only when ``self._sink is not None``)."""
        sink = self._sink
        if sink is not None:
            sink.append(event)

    # -- hooks for the games ------------------------------------------------------------
    def _legal(self, seat: int) -> tuple[M, ...]:
        raise NotImplementedError

    def _check(self, move: M, seat: int) -> None:
        if move not in self._legal(seat):
            raise IllegalMoveError("not a legal move now", move=move, seat=seat)

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
        """Every card in play by zone name (hands, piles, stock, table...)."""
        raise NotImplementedError

    def view(self, seat: int) -> V:
        """What ``seat`` may know now (see :class:`View`)."""
        if type(seat) is not int or not 0 <= seat < self.num_players:
            raise IllegalMoveError(f"no seat {seat!r} in a {self.num_players}-player game", seat=None)
        return self._view(seat)

    def clone(self) -> Self:
        """An independent copy (same RNG state); its EventBus starts empty."""
        new = object.__new__(type(self))
        new.rules = self.rules
        new.num_players = self.num_players
        new.events = EventBus()
        new._rng = _copy_rng(self._rng)
        new._history = self._history.copy()
        new._acting = self._acting
        new._simultaneous = self._simultaneous
        new._answers = self._answers.copy()
        new._sink = None
        new._start = self._start
        self._clone_into(new)
        return new

    def to_dict(self) -> dict[str, JSON]:
        """The full state as JSON-compatible data (hidden cards and RNG included)."""
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.name,
            "rules": rules_to_dict(self.rules),
            "num_players": self.num_players,
            "rng": _rng_state(self._rng),
            "history": [[s, str(m)] for s, m in self._history],
            "acting": list(self._acting),
            "simultaneous": self._simultaneous,
            "answers": [[s, str(m)] for s, m in sorted(self._answers.items())],
            "start": self._start,
            "state": self._state_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a game from :meth:`to_dict` output.

        Raises:
            InvalidStateError: for data of another format, version or game, or broken data.
        """
        if not isinstance(data, Mapping) or data.get("format") != FORMAT:
            raise InvalidStateError("not a naipes game state (format tag missing)")
        if data.get("version") != FORMAT_VERSION:
            raise InvalidStateError(f"unsupported state version {data.get('version')!r}")
        if data.get("game") != cls.name:
            raise InvalidStateError(f"a {data.get('game')!r} state, not {cls.name!r}")
        game = object.__new__(cls)
        try:
            game.rules = rules_from_dict(cls.rules_type, data["rules"])
            game.num_players = int(data["num_players"])
            game.events = EventBus()
            game._rng = _rng_from_state(data["rng"])
            parse = cls.move_type.parse
            game._history = [(int(s), parse(m)) for s, m in data["history"]]  # type: ignore[misc]
            game._acting = tuple(int(s) for s in data["acting"])
            game._simultaneous = bool(data["simultaneous"])
            game._answers = {int(s): parse(m) for s, m in data["answers"]}  # type: ignore[misc]
            game._sink = None
            game._start = data.get("start")
            game._load_state(data["state"])
        except InvalidStateError:
            raise
        except (NaipesError, KeyError, TypeError, ValueError, IndexError) as exc:
            raise InvalidStateError(f"broken {cls.name} state: {exc!r}") from exc
        return game

    def record(self) -> dict[str, JSON]:
        """A replayable record: game, rules, how it started, and the moves.

        Raises:
            InvalidStateError: when the game was built from a generator that
                cannot be replayed (``random.SystemRandom``).
        """
        if self._start is None or ("rng" in self._start and self._start["rng"] is None):
            raise InvalidStateError("this game cannot be replayed (no seed or position)")
        return {"format": "naipes.record", "version": FORMAT_VERSION, "game": self.name,
                "rules": rules_to_dict(self.rules), "start": self._start,
                "moves": [[s, str(m)] for s, m in self._history]}

    def _mark_position(self) -> None:
        """Remember the current state as the start of the record (``from_position`` calls it)."""
        self._start = None
        self._start = {"position": self.to_dict()}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Self:
        """Replay a :meth:`record` and return the game at its end.

        Raises:
            InvalidStateError: for a record of another game or a broken record.
            IllegalMoveError: when a recorded move does not fit.
        """
        if not isinstance(record, Mapping) or record.get("format") != "naipes.record":
            raise InvalidStateError("not a naipes game record")
        if record.get("game") != cls.name:
            raise InvalidStateError(f"a {record.get('game')!r} record, not {cls.name!r}")
        start = dict(record.get("start") or {})
        if "position" in start:
            game = cls.from_dict(start["position"])
            game._start = {"position": start["position"]}
        else:
            rules = rules_from_dict(cls.rules_type, record["rules"])
            if "rng" in start:
                start["rng"] = _rng_from_state(start["rng"])
            game = cls(rules, **start)
        for i, (seat, move) in enumerate(record.get("moves", ())):
            try:
                game.play(move, int(seat))
            except IllegalMoveError as exc:
                raise IllegalMoveError(f"move {i} of the record: {exc.reason}", move=move, seat=seat) from exc
        return game

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} to_act={self.to_act} moves={len(self._history)}>"


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
