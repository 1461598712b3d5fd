"""The exception tree of naipes.

Every error naipes raises on purpose is a :class:`NaipesError`::

    NaipesError
    ├── NotationError      (also ValueError)  text that is not valid notation
    ├── IllegalMoveError   (also ValueError)  a move the rules do not allow now
    ├── InvalidStateError  (also ValueError)  an impossible position or state dict
    ├── RulesError         (also ValueError)  an impossible combination of rules
    └── HandlerError                          event handlers raised after a move

A failed check never changes anything: the game, its history and its RNG are
exactly as they were before the call.
"""

from __future__ import annotations

from typing import Sequence

__all__ = [
    "HandlerError",
    "IllegalMoveError",
    "InvalidStateError",
    "NaipesError",
    "NotationError",
    "RulesError",
]


class NaipesError(Exception):
    """Root of every error that naipes raises on purpose.

    .. versionadded:: 0.1
    """


class NotationError(NaipesError, ValueError):
    """Text that is not valid card, move or meld notation.

    Attributes:
        text: the offending input, quoted in the message.

    .. versionadded:: 0.1
    """

    def __init__(self, text: str, reason: str = "not valid notation") -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"{text!r}: {reason}")


class IllegalMoveError(NaipesError, ValueError):
    """A move that the rules do not allow in the current state.

    Attributes:
        move: the move that was refused (or ``None``).
        seat: the seat that tried it (or ``None``).
        reason: a sentence saying why.

    .. versionadded:: 0.1
    """

    def __init__(self, reason: str, *, move: object = None, seat: int | None = None) -> None:
        self.move = move
        self.seat = seat
        self.reason = reason
        who = f"seat {seat}: " if seat is not None else ""
        what = f"{move}: " if move is not None else ""
        super().__init__(f"{who}{what}{reason}")


class InvalidStateError(NaipesError, ValueError):
    """An impossible position, state dictionary or game record.

    .. versionadded:: 0.1
    """


class RulesError(NaipesError, ValueError):
    """An impossible combination of :class:`Rules` fields.

    .. versionadded:: 0.1
    """


class HandlerError(NaipesError):
    """One or more event handlers raised after a move was applied.

    The move stands; every handler ran. ``errors`` holds the exceptions in the
    order they were raised.

    .. versionadded:: 0.1
    """

    def __init__(self, errors: Sequence[BaseException]) -> None:
        self.errors = tuple(errors)
        first = self.errors[0] if self.errors else None
        super().__init__(f"{len(self.errors)} event handler(s) raised; first: {first!r}")
