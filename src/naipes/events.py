"""Typed game events, the shared event classes, the :class:`EventBus` and :class:`EventLog`.

Games emit events (frozen, named in the past tense) while they apply a move;
the bus delivers them in emission order **after** the move was applied. Events
are built only when a subscription wants them, so an unobserved game pays
nothing, and a game watched only for :class:`GameEnded` builds little else.

Every game's events subclass the shared classes below where they play the same
role, so a generic front end, logger or scoreboard subscribes once and works
for every game:

- :class:`MovePlayed` (emitted by the base for every move in the history),
- :class:`HandStarted`, :class:`CardsDealt`, :class:`HandEnded`,
- :class:`ScoresChanged` (every change of ``game.scores``, resets included),
- :class:`GameEnded`.

Failure policy: a handler that raises does not undo the move and does not stop
the other handlers; after all of them ran, :meth:`naipes.game.Game.play` raises
:class:`~naipes.errors.HandlerError` holding the exceptions.

>>> import attrs
>>> @attrs.frozen(kw_only=True)
... class Knocked(Event):
...     seat: int
>>> bus = EventBus()
>>> seen = []
>>> unsubscribe = bus.subscribe(Event, seen.append)
>>> bus.deliver([Knocked(seat=2)])
>>> seen, Knocked(seat=2).to_dict()
([Knocked(private_to=None, seat=2)], {'type': 'Knocked', 'kind': 'Event', 'private_to': None, 'seat': 2})
>>> unsubscribe(); bus.active
False

Per-seat subscriptions receive each event as that seat may see it
(:meth:`Event.visible_to`): other seats' dealt cards are redacted.

>>> mine = []
>>> _ = bus.subscribe(CardsDealt, mine.append, seat=1)
>>> bus.deliver([CardsDealt(seat=0, cards=(), count=3, private_to=0)])
>>> mine[0].count, mine[0].cards
(3, ())

.. versionadded:: 0.1
.. versionchanged:: 1.0
   Shared event classes, ``visible_to``, per-seat subscriptions, ``EventLog``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Mapping, TypeVar

import attrs

from naipes._jsonable import JSON, to_jsonable
from naipes.cards import Card
from naipes.errors import HandlerError, InvalidStateError, UsageError

if TYPE_CHECKING:
    from naipes.game import Game, Move, Result

__all__ = [
    "CardsDealt",
    "Event",
    "EventBus",
    "EventLog",
    "GameEnded",
    "HandEnded",
    "HandStarted",
    "HandlerError",
    "MovePlayed",
    "ScoresChanged",
]

E = TypeVar("E", bound="Event")


@attrs.frozen(kw_only=True)
class Event:
    """Base class of every event.

    Attributes:
        private_to: the only seat allowed to see this event whole (e.g. the
            cards it was dealt), or ``None`` for a public event.

    A game's events find their game's name (``game_name``, used by
    :meth:`to_dict`) from their module, ``naipes.<game>.events``; a
    third-party game sets ``game_name`` on its events' base class.

    .. versionadded:: 0.1
    """

    #: The game whose event this is (``""`` for events of no game).
    game_name: ClassVar[str] = ""

    private_to: int | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "game_name" not in cls.__dict__ and not cls.game_name:
            parts = cls.__module__.split(".")
            if len(parts) > 2 and parts[0] == "naipes":
                cls.game_name = parts[1]

    def visible_to(self, seat: int | None) -> Event | None:
        """What ``seat`` may see of this event: itself, a redacted copy, or ``None``.

        ``seat=None`` is the omniscient observer, who sees everything.
        """
        if seat is None or self.private_to is None or self.private_to == seat:
            return self
        return None

    @classmethod
    def kind(cls) -> str:
        """The name of the shared class this event subclasses (``"Event"`` if none)."""
        for klass in cls.__mro__:
            if klass in _SHARED:
                return klass.__name__
        return "Event"

    def to_dict(self) -> dict[str, JSON]:
        """The event as JSON-compatible data.

        ``type`` is ``"<game>.<ClassName>"`` and ``kind`` the shared class it
        subclasses; the fields follow, cards and moves in their notation.
        """
        name = type(self).__name__
        out: dict[str, JSON] = {"type": f"{self.game_name}.{name}" if self.game_name else name,
                                "kind": self.kind()}
        for f in attrs.fields(type(self)):
            out[f.name] = to_jsonable(getattr(self, f.name))
        return out


@attrs.frozen(kw_only=True)
class MovePlayed(Event):
    """A move entered the history (a window's answers: at resolution, in seat order).

    Attributes:
        seat: who played it.
        move: the move.

    .. versionadded:: 1.0
    """

    seat: int
    move: Move

    def to_dict(self) -> dict[str, JSON]:
        """As :meth:`Event.to_dict`; ``type`` names the game of the move by its registered
        name (``"ranzo.MovePlayed"``, ``"toy.MovePlayed"``): the registered game whose module
        holds the move's class, else the move's package (``naipes.<game>``) or module."""
        out = super().to_dict()
        out["type"] = f"{_move_game(type(self.move))}.MovePlayed"
        return out


#: The registered name of the game of each move class met (only games found: the registry may grow).
_MOVE_GAMES: dict[type, str] = {}


def _move_game(move_type: type) -> str:
    """The registered name of the game whose module holds ``move_type`` (or a base class)."""
    name = _MOVE_GAMES.get(move_type)
    if name is not None:
        return name
    from naipes.registry import games

    infos = games()
    for cls in move_type.__mro__:
        module = getattr(cls, "__module__", "") or ""
        owners = [i for i in infos if module == i.module or module.startswith(i.module + ".")]
        if owners:
            name = max(owners, key=lambda i: len(i.module)).name
            if len(_MOVE_GAMES) < 1024:
                _MOVE_GAMES[move_type] = name
            return name
    parts = move_type.__module__.split(".")
    return parts[1] if len(parts) > 2 and parts[0] == "naipes" else parts[0]


@attrs.frozen(kw_only=True)
class HandStarted(Event):
    """A hand (one shuffle played out) began.

    Attributes:
        hand: its number, counting from 1.
        dealer: the dealer's seat, or ``None`` in games without one.
        first: the seat that plays first.

    .. versionadded:: 1.0
    """

    hand: int
    dealer: int | None
    first: int


@attrs.frozen(kw_only=True)
class CardsDealt(Event):
    """Cards were dealt to ``seat``; other seats see only how many.

    Attributes:
        seat: who received them.
        cards: the cards, in the order received (``()`` in a redacted copy).
        count: how many.

    .. versionadded:: 1.0
    """

    seat: int
    cards: tuple[Card, ...]
    count: int

    def visible_to(self, seat: int | None) -> Event | None:
        """The event itself for its seat and the omniscient observer; else without the cards."""
        if seat is None or self.private_to is None or self.private_to == seat:
            return self
        return attrs.evolve(self, cards=())


@attrs.frozen(kw_only=True)
class ScoresChanged(Event):
    """``game.scores`` changed (resets too).

    Attributes:
        totals: ``game.scores`` after the change.

    .. versionadded:: 1.0
    """

    totals: tuple[int, ...]


@attrs.frozen(kw_only=True)
class HandEnded(Event):
    """A hand ended.

    Attributes:
        hand: its number, counting from 1.
        scores: ``game.scores`` at its end.

    .. versionadded:: 1.0
    """

    hand: int
    scores: tuple[int, ...]


@attrs.frozen(kw_only=True)
class GameEnded(Event):
    """The game is over.

    Attributes:
        result: how it ended (the game's :class:`~naipes.game.Result`).

    .. versionadded:: 1.0
    """

    result: Result


_SHARED: frozenset[type[Event]] = frozenset(
    {MovePlayed, HandStarted, CardsDealt, ScoresChanged, HandEnded, GameEnded})

_Sub = tuple[type[Event], Callable[[Any], object], "int | None"]


class EventBus:
    """Subscriptions of handlers to event types.

    Subscribing to a base class receives its subclasses too. Handlers are held
    by strong reference until unsubscribed.

    .. versionadded:: 0.1
    """

    __slots__ = ("_subs", "_wanted", "wants_moves")

    def __init__(self) -> None:
        self._subs: list[_Sub] = []
        self._wanted: dict[type[Event], bool] = {}
        #: Whether some subscription receives :class:`MovePlayed` (kept up to date).
        self.wants_moves = False

    @property
    def active(self) -> bool:
        """True when at least one handler is subscribed (games build events only then)."""
        return bool(self._subs)

    def wants(self, event_type: type[Event]) -> bool:
        """True when some subscription would receive events of ``event_type``."""
        try:
            return self._wanted[event_type]
        except KeyError:
            hit = any(issubclass(event_type, t) for t, _, _ in self._subs)
            self._wanted[event_type] = hit
            return hit

    def subscribe(self, event_type: type[E], handler: Callable[[E], object], *,
                  seat: int | None = None) -> Callable[[], None]:
        """Call ``handler(event)`` for every event that is an instance of ``event_type``.

        Args:
            event_type: the class to receive (its subclasses too).
            handler: called with each event, after the move was applied.
            seat: deliver events as this seat may see them
                (:meth:`Event.visible_to`); ``None``: the omniscient stream.

        Returns:
            A function that removes this subscription (calling it twice is harmless).

        Raises:
            UsageError: for an event type that is not an :class:`Event` class
                or a seat that is not an int.
        """
        if not (isinstance(event_type, type) and issubclass(event_type, Event)):
            raise UsageError(f"subscribe to an Event subclass, not {event_type!r}", code="not_an_event")
        if seat is not None and (type(seat) is not int or seat < 0):
            raise UsageError(f"seat must be a seat number, not {seat!r}", code="no_such_seat")
        entry: _Sub = (event_type, handler, seat)
        self._subs.append(entry)
        self._changed()

        def unsubscribe() -> None:
            for i, sub in enumerate(self._subs):
                if sub is entry:
                    del self._subs[i]
                    self._changed()
                    return

        return unsubscribe

    def _changed(self) -> None:
        self._wanted.clear()
        self.wants_moves = self.wants(MovePlayed)

    def deliver(self, events: Iterable[Event]) -> None:
        """Deliver events in order to every matching handler.

        Raises:
            HandlerError: after every handler ran, if any raised.
        """
        errors: list[BaseException] = []
        for event in events:
            for event_type, handler, seat in tuple(self._subs):
                if not isinstance(event, event_type):
                    continue
                seen = event if seat is None else event.visible_to(seat)
                if seen is None:
                    continue
                try:
                    handler(seen)
                except Exception as exc:  # noqa: BLE001 - the policy collects them
                    errors.append(exc)
        if errors:
            raise HandlerError(errors)


LOG_FORMAT = "naipes.eventlog"


class EventLog:
    """Every event of one game, numbered, for servers that resume per-seat streams.

    Sequence numbers count the game's events from 0, the opening events first,
    and are the same for every seat; an event a seat may not see leaves a gap
    in its stream.

    Args:
        game: the game to record; made before its first move.

    Raises:
        UsageError: when the game already has moves (code ``too_late``).

    >>> from naipes import macarra
    >>> game = macarra.Game(seed=3)
    >>> log = EventLog(game)
    >>> game.play(game.legal_moves()[0])
    >>> [seq for seq, _ in log.since(0, 0)] == list(range(len(log)))
    True

    .. versionadded:: 1.0
    """

    __slots__ = ("_game", "_events", "_unsubscribe")

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        if game.history:
            raise UsageError("an EventLog is made before the game's first move", code="too_late")
        self._game = game
        self._events: list[Event] = list(game.opening_events)
        self._unsubscribe = game.events.subscribe(Event, self._events.append)

    def __len__(self) -> int:
        return len(self._events)

    @property
    def game(self) -> Game[Any, Any, Any]:
        """The game being recorded."""
        return self._game

    def since(self, seat: int | None, seq: int = 0) -> tuple[tuple[int, Event], ...]:
        """The events numbered ``>= seq`` as ``seat`` may see them (``None``: all of them).

        Raises:
            UsageError: for a seat that is not in the game or a negative ``seq``.
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self._game.num_players):
            raise UsageError(f"no seat {seat!r} in a {self._game.num_players}-player game",
                             code="no_such_seat")
        if type(seq) is not int or seq < 0:
            raise UsageError(f"seq must be an int >= 0, not {seq!r}", code="bad_seq")
        out = []
        for i in range(seq, len(self._events)):
            seen = self._events[i].visible_to(seat)
            if seen is not None:
                out.append((i, seen))
        return tuple(out)

    def close(self) -> None:
        """Stop recording (the events recorded so far stay)."""
        self._unsubscribe()

    def to_dict(self) -> dict[str, JSON]:
        """The log as JSON-compatible data: the game's record and the event count.

        The events themselves are rebuilt by replaying the record, which is
        exact because games are deterministic.

        Raises:
            UsageError: for a game that cannot be replayed (code ``not_replayable``).
        """
        try:
            record = self._game.record()
        except InvalidStateError as exc:
            raise UsageError(f"this log cannot be saved: {exc.reason}", code="not_replayable") from exc
        return {"format": LOG_FORMAT, "version": 2, "record": record, "count": len(self._events)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], game: Game[Any, Any, Any] | None = None) -> EventLog:
        """Rebuild a log from :meth:`to_dict` output.

        Args:
            data: what :meth:`to_dict` returned.
            game: the live game to go on recording (its moves must be the
                record's); ``None``: a log of the replayed game.

        Raises:
            InvalidStateError: for data that is not such a log, or a game whose
                moves differ from the record's.
        """
        if not isinstance(data, Mapping) or data.get("format") != LOG_FORMAT or data.get("version") != 2:
            raise InvalidStateError("not a naipes event log (version 2)", code="bad_format")
        from naipes.registry import find_game

        record = data.get("record")
        if not isinstance(record, Mapping) or not isinstance(record.get("game"), str):
            raise InvalidStateError("the event log holds no game record", code="bad_format")
        game_type = type(game) if game is not None else find_game(record["game"]).load().Game
        replayed = game_type._from_start(record)
        log = cls(replayed)
        game_type._play_record(replayed, record)
        if len(log) != data.get("count"):
            raise InvalidStateError("the replayed record does not give the logged events", code="bad_log")
        log.close()
        if game is not None:
            if game.history != replayed.history:
                raise InvalidStateError("the game's moves are not the log's", code="bad_log")
            log._game = game
            log._unsubscribe = game.events.subscribe(Event, log._events.append)
        return log
