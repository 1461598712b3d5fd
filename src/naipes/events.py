"""Typed game events and the :class:`EventBus` that delivers them.

Games emit events (frozen, named in the past tense) while they apply a move;
the bus delivers them in emission order **after** the move was applied. Events
are built only when someone subscribed, so an unobserved game pays nothing.

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
([Knocked(private_to=None, seat=2)], {'type': 'Knocked', 'private_to': None, 'seat': 2})
>>> unsubscribe(); bus.active
False
"""

from __future__ import annotations

from typing import Callable, Iterable, TypeVar

import attrs

from naipes._jsonable import JSON, to_jsonable
from naipes.errors import HandlerError

__all__ = ["Event", "EventBus", "HandlerError"]

E = TypeVar("E", bound="Event")


@attrs.frozen(kw_only=True)
class Event:
    """Base class of every event.

    Attributes:
        private_to: the only seat allowed to see this event (e.g. the cards it
            was dealt), or ``None`` for a public event.

    .. versionadded:: 0.1
    """

    private_to: int | None = None

    def to_dict(self) -> dict[str, JSON]:
        """The event as JSON-compatible data, with its class name under ``type``."""
        out: dict[str, JSON] = {"type": type(self).__name__}
        for f in attrs.fields(type(self)):
            out[f.name] = to_jsonable(getattr(self, f.name))
        return out


class EventBus:
    """Subscriptions of handlers to event types.

    Subscribing to a base class receives its subclasses too. Handlers are held
    by strong reference until unsubscribed.

    .. versionadded:: 0.1
    """

    __slots__ = ("_subs",)

    def __init__(self) -> None:
        self._subs: list[tuple[type[Event], Callable[[Event], object]]] = []

    @property
    def active(self) -> bool:
        """True when at least one handler is subscribed (games build events only then)."""
        return bool(self._subs)

    def subscribe(self, event_type: type[E], handler: Callable[[E], object]) -> Callable[[], None]:
        """Call ``handler(event)`` for every event that is an instance of ``event_type``.

        Returns:
            A function that removes this subscription (calling it twice is harmless).
        """
        if not (isinstance(event_type, type) and issubclass(event_type, Event)):
            raise TypeError(f"subscribe to an Event subclass, not {event_type!r}")
        entry = (event_type, handler)
        self._subs.append(entry)  # type: ignore[arg-type]

        def unsubscribe() -> None:
            for i, sub in enumerate(self._subs):
                if sub is entry:
                    del self._subs[i]
                    return

        return unsubscribe

    def deliver(self, events: Iterable[Event]) -> None:
        """Deliver events in order to every matching handler.

        Raises:
            HandlerError: after every handler ran, if any raised.
        """
        errors: list[BaseException] = []
        for event in events:
            for event_type, handler in tuple(self._subs):
                if isinstance(event, event_type):
                    try:
                        handler(event)
                    except Exception as exc:  # noqa: BLE001 - the policy collects them
                        errors.append(exc)
        if errors:
            raise HandlerError(errors)
