"""A bot that fails in a tournament game: the :class:`Forfeit`, and the error ``on_error="stop"`` raises.

A bot *fails* when building it or its ``choose`` raises an exception (``sys.exit``
too), when the move it answers is refused by the game, or when it ends the
process playing its game (under ``jobs=``: ``os._exit``, a crash, the OOM killer). With ``on_error="forfeit"`` the
game ends there and its entrant loses it; with ``on_error="stop"`` (the
default) the tournament stops with a :class:`BotFailedError`. Either way the
report names the game, its deal seed, the entrant and its seat, and the
error's code and message (bounded: :data:`MAX_MESSAGE` characters).
"""

from __future__ import annotations

import traceback

import attrs

from naipes.errors import NaipesError

__all__ = ["BotFailedError", "Forfeit", "MAX_MESSAGE", "failure"]

#: The most characters of an error's message a :class:`Forfeit` keeps.
MAX_MESSAGE = 300

#: The ``on_error`` choices of :func:`naipes.tournament.run`.
ON_ERROR = ("stop", "forfeit")


@attrs.frozen(kw_only=True)
class Forfeit:
    """How one bot failed in one game.

    Attributes:
        game: the game's number in the tournament.
        seed: the game's deal seed.
        entrant: the failing entrant's index in the tournament's ``bots``.
        bot: the failing entrant's name.
        seat: the seat it was playing.
        code: ``"illegal_bot_move"`` (the game refused its move) or ``"bot_failed"``
            (building the bot or its ``choose`` raised, or its process died).
        error: the error's own code (a :class:`~naipes.NaipesError`'s ``code``, such as
            ``"not_legal"``), the exception's class name (``"ZeroDivisionError"``,
            ``"SystemExit"``), or ``"worker_died"`` when the process died.
        message: the error's message, at most :data:`MAX_MESSAGE` characters, with
            where it was raised for an exception that is no NaipesError.
        move: the refused move, as text (``None`` for an exception).
        moves: the moves played before the failure.

    .. versionadded:: 1.2
    """

    game: int
    seed: int
    entrant: int
    bot: str
    seat: int
    code: str
    error: str
    message: str
    move: str | None
    moves: int

    def describe(self) -> str:
        """One line: which game, which deal seed, which entrant, which error.

        >>> Forfeit(game=3, seed=42, entrant=1, bot="random", seat=0, code="bot_failed",
        ...         error="KeyError", message="boom", move=None, moves=5).describe()
        'game 3 (deal seed 42): random (entrant 1, seat 0) failed after 5 moves: bot_failed: KeyError: boom'
        """
        what = f"answered {self.move!r}" if self.move is not None else "failed"
        return (f"game {self.game} (deal seed {self.seed}): {self.bot} (entrant {self.entrant}, seat "
                f"{self.seat}) {what} after {self.moves} moves: {self.code}: {self.error}: {self.message}")

    def to_dict(self) -> dict[str, object]:
        """The forfeit as JSON-compatible data."""
        return attrs.asdict(self)


class BotFailedError(NaipesError):
    """A tournament stopped (``on_error="stop"``) because a bot failed.

    Its ``code`` is the forfeit's: ``"illegal_bot_move"`` or ``"bot_failed"``;
    ``seat`` is the failing seat.

    Attributes:
        forfeit: the :class:`Forfeit` that says what failed.

    .. versionadded:: 1.2
    """

    default_code = "bot_failed"

    def __init__(self, forfeit: Forfeit) -> None:
        self.forfeit = forfeit
        super().__init__(forfeit.describe(), code=forfeit.code, seat=forfeit.seat, move=forfeit.move)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.forfeit,))


def _where(exc: BaseException) -> str:
    """Where an exception was raised: the innermost frame, ``file.py:12 in choose``."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    name = last.filename.replace("\\", "/").rsplit("/", 1)[-1]
    return f" (at {name}:{last.lineno} in {last.name})"


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE - 3] + "..."


def failure(exc: BaseException, *, code: str, move: object = None) -> tuple[str, str, str, str | None]:
    """``(code, error, message, move text)`` of a bot's failure, bounded in length."""
    if isinstance(exc, NaipesError):
        error, message = exc.code, str(exc.reason or exc)
    elif isinstance(exc, SystemExit):
        error, message = "SystemExit", f"the bot called sys.exit({exc.code!r}){_where(exc)}"
    else:
        error, message = type(exc).__name__, f"{exc}{_where(exc)}"
    return code, error, _short(message), None if code == "bot_failed" else _short(_text(move))


def _text(move: object) -> str:
    try:
        return str(move)
    except Exception:  # noqa: BLE001 - a move whose str() fails is named by its type
        return f"<{type(move).__name__}>"
