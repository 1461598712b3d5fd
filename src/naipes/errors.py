"""The exception tree of naipes.

Every error naipes raises on purpose is a :class:`NaipesError`::

    NaipesError
    ├── NotationError      (also ValueError)  text that is not valid notation
    ├── IllegalMoveError   (also ValueError)  a move the rules do not allow now
    ├── InvalidStateError  (also ValueError)  an impossible position or state dict
    ├── RulesError         (also ValueError)  an impossible combination of rules
    ├── UsageError         (also ValueError)  a call that is wrong without any move
    └── HandlerError                          event handlers raised after a move

Every error carries a stable snake_case ``code`` (listed on each game's rules
page) and the ruling it applies, ``rule`` (e.g. ``"RZ-08"``, or ``None``), so
a front end can translate or react without parsing messages.

A failed check never changes anything: the game, its history and its RNG are
exactly as they were before the call.

>>> try:
...     raise UsageError("no seat 99 in a 4-player game", code="no_such_seat")
... except NaipesError as exc:
...     exc.code, exc.rule
('no_such_seat', None)
"""

from __future__ import annotations

from typing import ClassVar, Sequence

__all__ = [
    "HandlerError",
    "IllegalMoveError",
    "InvalidStateError",
    "NaipesError",
    "NotationError",
    "RulesError",
    "UsageError",
]


class NaipesError(Exception):
    """Root of every error that naipes raises on purpose.

    Attributes:
        code: a stable snake_case identifier of the kind of error.
        rule: the ruling id the error applies (e.g. ``"MK-07"``), or ``None``.
        reason: a sentence saying what is wrong.
        move: the move concerned, or ``None``.
        seat: the seat concerned, or ``None``.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       ``code``, ``rule``, ``reason``, ``move`` and ``seat`` on every error.
    """

    #: The code used when the raiser gives none.
    default_code: ClassVar[str] = "error"

    def __init__(self, reason: str = "", *, code: str | None = None, rule: str | None = None,
                 move: object = None, seat: int | None = None) -> None:
        self.reason = reason
        self.code = code or self.default_code
        self.rule = rule
        self.move = move
        self.seat = seat
        super().__init__(self._message())

    def _message(self) -> str:
        return self.reason


class NotationError(NaipesError, ValueError):
    """Text that is not valid card, move or meld notation.

    Args:
        text: the offending input, quoted in the message.
        reason: why it is not valid.

    Attributes:
        text: the offending input.

    .. versionadded:: 0.1
    """

    default_code = "bad_notation"

    def __init__(self, text: str, reason: str = "not valid notation", *, code: str | None = None,
                 rule: str | None = None) -> None:
        self.text = text
        super().__init__(reason, code=code, rule=rule)

    def _message(self) -> str:
        return f"{self.text!r}: {self.reason}"


class IllegalMoveError(NaipesError, ValueError):
    """A move that the rules do not allow in the current state.

    .. versionadded:: 0.1
    """

    default_code = "illegal_move"

    def _message(self) -> str:
        who = f"seat {self.seat}: " if self.seat is not None else ""
        what = f"{self.move}: " if self.move is not None else ""
        return f"{who}{what}{self.reason}"


class InvalidStateError(NaipesError, ValueError):
    """An impossible position, state dictionary or game record.

    .. versionadded:: 0.1
    """

    default_code = "invalid_state"


class RulesError(NaipesError, ValueError):
    """An impossible combination of :class:`Rules` fields.

    .. versionadded:: 0.1
    """

    default_code = "bad_rules"


class UsageError(NaipesError, ValueError):
    """A call that is wrong without any move: a seat or card that cannot exist.

    Codes: ``no_such_seat`` (``game.view(99)``, ``legal_moves("0")``),
    ``no_such_card`` (``Card(13, Suit.OROS)``), ``too_late`` (an
    :class:`~naipes.events.EventLog` made after the first move), ``not_replayable``.

    .. versionadded:: 1.0
    """

    default_code = "usage"


class HandlerError(NaipesError):
    """One or more event handlers raised after a move was applied.

    The move stands; every handler ran. ``errors`` holds the exceptions in the
    order they were raised.

    .. versionadded:: 0.1
    """

    default_code = "handler_failed"

    def __init__(self, errors: Sequence[BaseException]) -> None:
        self.errors = tuple(errors)
        first = self.errors[0] if self.errors else None
        super().__init__(f"{len(self.errors)} event handler(s) raised; first: {first!r}")
