"""The moves of Macarra and their notation.

Moves are physical (MK-10): where a card goes, not which priority it obeys.

==========================  ===============  =========================================
Move                        Notation         Meaning
==========================  ===============  =========================================
:class:`Draw`               ``draw``         draw the top of your stock (recycling first)
:class:`Pass`               ``pass``         nothing to move and nothing to draw
:class:`StartFoundation`    ``1o new``       an ace starts a new foundation
:class:`PlaceOnFoundation`  ``3c f0``        onto foundation 0 (creation order)
:class:`PlaceOnPile`        ``12b p2``       onto seat 2's face-up pile (your own: lay it)
:class:`Bid`                ``bid 7``        macarras for the loser (final punishment)
==========================  ===============  =========================================

The card moved is your face-up top, or the card you hold after drawing.

>>> Move.parse("3c f0"), str(Move.parse("Rb p2")), Move.parse("bid 10")
(PlaceOnFoundation(card=Card.parse('3c'), foundation=0), '12b p2', Bid(amount=10))
>>> Move.parse("draw") is DRAW
True

Fields are checked when a move is built: a card that is not a Spanish
:class:`~naipes.cards.Card`, or an index, seat or amount that is not exactly an
``int`` (a bool or float is refused), raises
:class:`~naipes.errors.IllegalMoveError` with code ``bad_field``. Notation is at
most :data:`MAX_MOVE_TEXT` characters, and numbers at most
:data:`MAX_DIGITS` ASCII digits.
"""

from __future__ import annotations

import attrs

from naipes.cards import Card
from naipes.errors import NotationError
from naipes.game import Move as BaseMove
from naipes.game import exact_field, spanish_card_field
from naipes.macarra._tables import _CODE, CARDS
from naipes.macarra.rules import MAX_DECKS, MAX_PLAYERS

__all__ = [
    "BIDS",
    "Bid",
    "DRAW",
    "MAX_BID",
    "MAX_DIGITS",
    "MAX_MOVE_TEXT",
    "Draw",
    "Move",
    "PASS",
    "Pass",
    "PlaceOnFoundation",
    "PlaceOnPile",
    "StartFoundation",
]

#: Highest bid of the final punishment (MK-09c).
MAX_BID = 10
#: The longest move text :meth:`Move.parse` reads (longer text is refused at once).
MAX_MOVE_TEXT = 1000
#: The most digits of a foundation index, seat or bid in notation.
MAX_DIGITS = 9
#: Seats and foundations whose placements are built once at import (32 seats, 4 decks).
_TABLE_SEATS = MAX_PLAYERS
_TABLE_FOUNDATIONS = 4 * MAX_DECKS






class Move(BaseMove):
    """Any Macarra move; :meth:`parse` reads the notation of every kind.

    .. versionadded:: 0.1
    """

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move (``draw``, ``pass``, ``1o new``, ``3c f0``, ``12b p2``, ``bid 7``).

        Card aliases (``Rb``, ``So``) and ``->`` or ``to`` before the target are accepted.

        Raises:
            NotationError: quoting the text when it is not a move.
        """
        if not isinstance(text, str):
            raise NotationError(repr(text), "a move must be a string", code="not_text")
        if len(text) > MAX_MOVE_TEXT:
            raise NotationError(text[:40] + "...", f"a move is at most {MAX_MOVE_TEXT} characters",
                                code="too_long")
        words = text.replace("->", " ").split()
        if words and words[0].lower() == "bid":
            return _parse_bid(text, words)
        if len(words) == 1 and words[0].lower() in ("draw", "pass"):
            return DRAW if words[0].lower() == "draw" else PASS
        if len(words) == 3 and words[1].lower() == "to":
            words = [words[0], words[2]]
        if len(words) != 2:
            raise NotationError(text, "expected 'draw', 'pass', '<card> new', '<card> f<i>', "
                                      "'<card> p<seat>' or 'bid <n>'", code="not_a_move")
        card = Card.parse(words[0])
        c = _CODE.get(card, 0)
        if not c:
            raise NotationError(text, "not a Spanish card", code="not_a_card", rule="MK-01")
        target = words[1].lower()
        if target == "new":
            return start_foundation(c)
        if len(target) >= 2 and target[0] in "fp" and is_number(target[1:]):
            index = int(target[1:])
            return on_foundation(index, c) if target[0] == "f" else on_pile(index, c)
        raise NotationError(text, f"unknown target {words[1]!r} (new, f<i> or p<seat>)", code="bad_target")


def is_number(word: str) -> bool:
    """``word`` is 1 to :data:`MAX_DIGITS` ASCII digits (``int`` reads it; ``"²"`` is not one)."""
    return 0 < len(word) <= MAX_DIGITS and word.isascii() and word.isdigit()


def _parse_bid(text: str, words: list[str]) -> Bid:
    if len(words) != 2 or not is_number(words[1]):
        raise NotationError(text, "a bid is 'bid <n>' with n from 0 to 10", code="bad_bid")
    n = int(words[1])
    return BIDS[n] if n <= MAX_BID else Bid(n)


@attrs.frozen
class Draw(Move):
    """Draw the top card of your stock, turning your face-up pile over first if it is empty.

    .. versionadded:: 0.1
    """

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Pass(Move):
    """End the turn: no card to move and nothing to draw (MK-06).

    .. versionadded:: 0.1
    """

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class StartFoundation(Move):
    """Put an ace in the centre: it starts a new foundation (MK-04).

    .. versionadded:: 0.1
    """

    card: Card = attrs.field(validator=spanish_card_field)

    def __str__(self) -> str:
        return f"{self.card} new"


@attrs.frozen
class PlaceOnFoundation(Move):
    """Put the card on a foundation (index in creation order) whose top is its predecessor in suit.

    .. versionadded:: 0.1
    """

    card: Card = attrs.field(validator=spanish_card_field)
    foundation: int = attrs.field(validator=exact_field(int))

    def __str__(self) -> str:
        return f"{self.card} f{self.foundation}"


@attrs.frozen
class PlaceOnPile(Move):
    """Put the card on a face-up pile: another player's, whose top is its predecessor
    in any suit (MK-05), or your own (laying the drawn card, MK-03 priorities 4 and 5).

    .. versionadded:: 0.1
    """

    card: Card = attrs.field(validator=spanish_card_field)
    seat: int = attrs.field(validator=exact_field(int))

    def __str__(self) -> str:
        return f"{self.card} p{self.seat}"


@attrs.frozen
class Bid(Move):
    """How many macarras (0–10) to give the loser in the final punishment (MK-09c).

    .. versionadded:: 0.1
    """

    amount: int = attrs.field(validator=exact_field(int))

    def __str__(self) -> str:
        return f"bid {self.amount}"


#: The one :class:`Draw` move.
DRAW = Draw()
#: The one :class:`Pass` move.
PASS = Pass()
#: The legal bids, ``bid 0`` to ``bid 10``.
BIDS: tuple[Bid, ...] = tuple(Bid(n) for n in range(MAX_BID + 1))

# Interned placements, indexed by card code (and by foundation or seat), built once here
# for every seat and foundation the rules allow: the engine hands out the same objects
# every time, so checking a listed move is an identity test, and no table grows later.
_START: list[StartFoundation | None] = [StartFoundation(c) if c is not None else None for c in CARDS]
_ON_F: list[list[PlaceOnFoundation | None]] = [
    [PlaceOnFoundation(c, i) if c is not None else None for c in CARDS] for i in range(_TABLE_FOUNDATIONS)]
_ON_P: list[list[PlaceOnPile | None]] = [
    [PlaceOnPile(c, s) if c is not None else None for c in CARDS] for s in range(_TABLE_SEATS)]


def start_foundation(c: int) -> StartFoundation:
    """The interned move putting the card coded ``c`` on a new foundation."""
    move = _START[c]
    assert move is not None
    return move


def foundation_moves(count: int) -> list[list[PlaceOnFoundation | None]]:
    """The interned foundation moves (``count`` at most 16: four decks' aces; read-only)."""
    assert count <= len(_ON_F)
    return _ON_F


def pile_moves(count: int) -> list[list[PlaceOnPile | None]]:
    """The interned pile moves (``count`` at most 32 seats; read-only)."""
    assert count <= len(_ON_P)
    return _ON_P


def on_foundation(index: int, c: int) -> PlaceOnFoundation:
    """The (interned when in the table) move of the card coded ``c`` onto foundation ``index``."""
    card = CARDS[c]
    assert card is not None
    if index >= _TABLE_FOUNDATIONS:
        return PlaceOnFoundation(card, index)
    move = _ON_F[index][c]
    assert move is not None
    return move


def on_pile(seat: int, c: int) -> PlaceOnPile:
    """The (interned when in the table) move of the card coded ``c`` onto ``seat``'s pile."""
    card = CARDS[c]
    assert card is not None
    if seat >= _TABLE_SEATS:
        return PlaceOnPile(card, seat)
    move = _ON_P[seat][c]
    assert move is not None
    return move
