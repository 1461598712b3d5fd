"""The value types of the game base (internal; documented and exported by :mod:`naipes.game`)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Generic, TypeVar

import attrs

from naipes._jsonable import JSON, to_jsonable
from naipes.cards import Card
from naipes.errors import IllegalMoveError

if TYPE_CHECKING:
    from naipes.game import Game

M = TypeVar("M", bound="Move")

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

    def _repr_html_(self) -> str:
        """The move in notebooks: its notation and its words (its game's ``describe_move``).

        .. versionadded:: 1.2
        """
        from naipes._html import move_html, safe

        return safe(lambda: move_html(self), self)


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

    def _repr_html_(self) -> str:
        """The result in notebooks: who won in words, and each seat's score and return as a table.

        .. versionadded:: 1.2
        """
        from naipes._html import result_html, safe

        return safe(lambda: result_html(self), self)


@attrs.frozen(kw_only=True)
class View(Generic[M]):
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
    legal_moves: tuple[M, ...] = ()
    forced_move: M | None = None
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

    def _repr_svg_(self) -> str | None:
        """The table as an SVG picture, for notebooks (:func:`naipes.svg.render`);
        ``None`` (no picture) for a game ``naipes.svg`` cannot draw.

        .. versionadded:: 1.1
        """
        from naipes.errors import UsageError
        from naipes.svg import render

        try:
            return render(self)
        except UsageError:
            return None




_Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def exact_field(kind: type) -> _Validator:
    """An attrs validator for move fields: the value is exactly a ``kind``.

    ``int`` fields refuse ``bool`` and ``float``; other kinds accept instances.
    A wrong value raises :class:`~naipes.errors.IllegalMoveError` with code
    ``bad_field``, so a malformed move cannot be built.

    >>> import attrs
    >>> from naipes.game import Move, exact_field
    >>> @attrs.frozen
    ... class Bid(Move):
    ...     amount: int = attrs.field(validator=exact_field(int))
    >>> Bid(True)
    Traceback (most recent call last):
    naipes.errors.IllegalMoveError: Bid.amount must be an int, not True

    .. versionadded:: 1.0
    """
    def check(move: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if type(value) is not kind if kind is int else not isinstance(value, kind):
            article = "an" if kind.__name__[0] in "AEIOUaeiou" else "a"
            raise IllegalMoveError(f"{type(move).__name__}.{attribute.name} must be {article} "
                                   f"{kind.__name__}, not {value!r:.40}", code="bad_field")

    return check


def spanish_card_field(move: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """An attrs validator for move fields: the value is a card of a Spanish suit (``bad_field``).

    .. versionadded:: 1.0
    """
    if not isinstance(value, Card) or value.suit is None or not value.suit.is_spanish:
        raise IllegalMoveError(f"{type(move).__name__}.{attribute.name} must be a Spanish Card, "
                               f"not {value!r:.40}", code="bad_field")


for _obj in (Move, Result, View, exact_field, spanish_card_field):
    _obj.__module__ = "naipes.game"
