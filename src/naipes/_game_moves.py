"""The moves half of :class:`naipes.game.Game`: seats, legal moves, checks and notation.

:class:`_Moves` is a base of :class:`~naipes.game.Game` (documented there): it
resolves the seat of a call, lists and checks moves and reads their notation,
and admits a move for :meth:`Game.play <naipes.game.Game.play>` (the listed
object, or the caller's rebuilt and checked). It holds no state of its own.

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import attrs

from naipes._values import Move, View
from naipes.errors import IllegalMoveError, NaipesError, NotationError, UsageError

__all__: list[str] = []

#: The type parameters of a game: its Rules, Move and View types (shared by ``Game``'s halves).
R = TypeVar("R")
M = TypeVar("M", bound="Move")
V = TypeVar("V", bound="View[Any]")


class _Moves(Generic[R, M, V]):
    """Seats, legal moves, move checks and notation of a game (a base of :class:`~naipes.game.Game`)."""

    if not TYPE_CHECKING:  # no fields of its own (mypy reads the game's slots)
        __slots__ = ()

    if TYPE_CHECKING:  # what the game class provides
        name: ClassVar[str]
        move_type: ClassVar[type[Move]]
        num_players: int
        _acting: tuple[int, ...]
        _answers: dict[int, M]

        @property
        def to_act(self) -> tuple[int, ...]: ...
        def _legal(self, seat: int) -> tuple[M, ...]: ...
        def _check(self, move: M, seat: int) -> None: ...

    def _real_seat(self, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < self.num_players:
            raise UsageError(f"no seat {seat!r} in a {self.num_players}-player game", code="no_such_seat")
        return seat

    def _seat(self, move: object, seat: int | None) -> int:
        acting = self.to_act
        if seat is None:
            if len(acting) == 1:
                return acting[0]
            if not acting:
                raise IllegalMoveError("the game is over", move=move, code="game_over")
            raise IllegalMoveError(f"seats {acting} must all act now: say which seat plays",
                                   move=move, code="say_which_seat")
        if type(seat) is not int or not 0 <= seat < self.num_players:
            raise IllegalMoveError(f"no seat {seat!r} in a {self.num_players}-player game",
                                   move=move, code="no_such_seat")
        if seat in acting:
            return seat
        if not acting:
            raise IllegalMoveError("the game is over", move=move, seat=seat, code="game_over")
        if seat in self._answers:
            raise IllegalMoveError("this seat has already answered", move=move, seat=seat,
                                   code="already_answered")
        raise IllegalMoveError(f"not this seat's turn (to act: {acting})", move=move, seat=seat,
                               code="not_your_turn")

    # -- moves --------------------------------------------------------------------------
    def _coerce(self, move: object) -> M:
        if isinstance(move, str):
            return self.move_type.parse(move)  # type: ignore[return-value]
        if not isinstance(move, self.move_type):
            raise IllegalMoveError(f"not a {self.name} move: {move!r}", move=move, code="wrong_game")
        return move  # type: ignore[return-value]

    def legal_moves(self, seat: int | None = None) -> tuple[M, ...]:
        """The legal moves of ``seat`` (default: the current player) in canonical order.

        A real seat that is not to act has none.

        Raises:
            UsageError: for a seat that does not exist (code ``no_such_seat``).
            IllegalMoveError: for ``seat=None`` while several seats must act.
        """
        acting = self._acting
        if seat is None:  # the usual call, inlined: one seat to act, no window half answered
            if len(acting) == 1 and not self._answers:
                return self._legal(acting[0])
        elif type(seat) is int and seat in acting and seat not in self._answers:
            return self._legal(seat)
        else:
            self._real_seat(seat)
            return ()
        acting = self.to_act
        if not acting:
            return ()
        if len(acting) > 1:
            raise IllegalMoveError(f"seats {acting} must all act now: say which seat",
                                   code="say_which_seat")
        return self._legal(acting[0])

    def check_move(self, move: M | str, seat: int | None = None) -> None:
        """Raise :class:`IllegalMoveError` (or NotationError) if the move is not legal now.

        Never changes anything.
        """
        m = self._coerce(move)
        self._admit(m, self._seat(m, seat), m is not move)

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

    def parse_move(self, text: str, seat: int | None = None) -> M:
        """Read notation in this position and return the legal move it names.

        Besides every move's full notation, each game accepts the short forms
        its docs list (e.g. a bare card where only one move plays it).

        Raises:
            NotationError: text that names no move, or several (code ``ambiguous``).
            IllegalMoveError: a move that is not legal now.
        """
        if not isinstance(text, str):
            raise NotationError(repr(text), "expected a string", code="not_text")
        s = self._seat(text, seat)
        try:
            move: M = self.move_type.parse(text)  # type: ignore[assignment]
            return self._admit(move, s, True)
        except (NotationError, IllegalMoveError) as exc:
            found = self._short_forms(text.strip(), s)
            if len(found) == 1:
                return found[0]
            if found:
                names = ", ".join(str(m) for m in found)
                raise NotationError(text, f"ambiguous: it could be {names}", code="ambiguous") from None
            raise exc

    def _short_forms(self, text: str, seat: int) -> tuple[M, ...]:
        """The legal moves of ``seat`` that ``text`` may abbreviate (games override it)."""
        return ()

    def _listing(self, seat: int) -> tuple[M, ...]:
        """The moves :meth:`play` looks a move up in first (default: ``_legal(seat)``).

        A move found there (by identity, else by equality) is legal by
        construction: the listed object is recorded and ``_check`` is skipped.
        A game whose listing costs far more than one ``_check`` may return
        only a listing it already holds, or ``()``.
        """
        return self._legal(seat)

    def _admit(self, move: M, seat: int, fresh: bool = False) -> M:
        """The move to record for ``move``: the listed move equal to it, or else ``move``
        rebuilt through its constructor (unless ``fresh``: just parsed) and checked.

        So a move whose field was forced past its validators never enters the history:
        its validators refuse it, or, when it equals a listed move with a field of another
        type (``True`` or ``2.0`` where the listed move has an ``int``), it is refused as
        malformed.

        Raises:
            IllegalMoveError: the move is not legal now, or malformed (code ``bad_field``).
        """
        legal = self._listing(seat)
        try:
            listed = legal[legal.index(move)]
        except ValueError:
            return self._unlisted(move, seat, fresh)
        except (TypeError, AttributeError, RecursionError) as exc:  # a forced field that cannot compare
            raise self._malformed(move, seat, exc) from exc
        if listed is not move and not fresh and _forged(move, listed):
            raise self._forged_error(move, listed, seat)
        return listed

    def _unlisted(self, move: M, seat: int, fresh: bool) -> M:
        """A move not in the listing: rebuilt (unless ``fresh``), then checked by the game."""
        if not fresh and attrs.has(type(move)):
            try:
                move = attrs.evolve(move)  # type: ignore[misc]  # the validators run again
            except IllegalMoveError:
                raise
            except (NaipesError, TypeError, ValueError, AttributeError, KeyError, IndexError,
                    OverflowError, RecursionError) as exc:
                raise self._malformed(move, seat, exc) from exc
        self._check(move, seat)
        return move

    @staticmethod
    def _malformed(move: object, seat: int, exc: BaseException) -> IllegalMoveError:
        return IllegalMoveError(f"malformed move: {exc!r:.80}", move=move, seat=seat, code="bad_field")

    @staticmethod
    def _forged_error(move: object, listed: object, seat: int) -> IllegalMoveError:
        field, value, kind = _forged_field(move, listed)
        return IllegalMoveError(f"malformed move: {type(move).__name__}.{field} is {value!r:.40}, "
                                f"not {kind}", move=move, seat=seat, code="bad_field")

def _same_kind(a: Any, b: Any) -> bool:
    """Whether ``a`` has the exact type of ``b`` (tuples: item by item)."""
    if type(a) is not type(b):
        return False
    if type(a) is tuple:
        return len(a) == len(b) and all(map(_same_kind, a, b))
    return True


def _forged_field(move: Any, listed: Any) -> tuple[str, object, str]:
    """The first field of ``move`` whose value is not of the type of ``listed``'s:
    ``(name, value, the type's name)``, or ``("", None, "")``."""
    if type(move) is not type(listed) or not attrs.has(type(move)):
        return ("", None, "")
    for f in attrs.fields(type(move)):
        a, b = getattr(move, f.name), getattr(listed, f.name)
        if not _same_kind(a, b):
            return (f.name, a, f"{type(b).__name__}")
    return ("", None, "")


def _forged(move: object, listed: object) -> bool:
    """Whether ``move``, equal to the listed move ``listed``, holds a field of another type:
    a ``bool`` or ``float`` where the listed move has an ``int`` (``True == 1``,
    ``2.0 == 2``), an enum's value for the member, a list for a tuple. Such a field was
    forced past the validators (``object.__setattr__``): a constructor refuses them all
    (:func:`~naipes.game.exact_field`), so the move is malformed, not the listed one."""
    return bool(_forged_field(move, listed)[0])
