"""Machiavelli moves and their notation: :class:`Play`, :class:`Draw`, :class:`Forfeit`.

A turn is exactly one move (MV-04, MV-06):

- ``play <hand cards>: <table>`` — the complete new table as melds, and the
  cards it takes from the player's hand (MV-05);
- ``draw`` — take the top card of the stock;
- ``forfeit gave_up`` / ``forfeit timeout`` — the failed turn: the table and
  the hand stay as they were and the player draws the penalty cards.

>>> m = Move.parse("play 7H 7D: [4S 5S 6S] [7S 7H 7D]")
>>> m.cards, len(m.table)
((Card.parse('7H'), Card.parse('7D')), 2)
>>> str(m)
'play 7H 7D: [4S 5S 6S] [7S 7H 7D]'
>>> Move.parse("draw"), Move.parse("give up"), str(Forfeit(ForfeitReason.TIMEOUT))
(Draw(), Forfeit(reason=<ForfeitReason.GAVE_UP: 'gave_up'>), 'forfeit timeout')
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from typing import TYPE_CHECKING, Sequence

import attrs

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.errors import IllegalMoveError, NotationError
from naipes.game import Move as BaseMove
from naipes.machiavelli.melds import Meld, format_table, parse_table

if TYPE_CHECKING:
    from naipes.machiavelli.rules import Rules

__all__ = ["MAX_MOVE_TEXT", "Draw", "Forfeit", "ForfeitReason", "Move", "Play", "short_forms"]

#: The longest move notation :meth:`Move.parse` reads (a play of every card of
#: three decks and four jokers is about 2,000 characters); longer text raises
#: :class:`~naipes.errors.NotationError` with code ``too_long`` before it is read.
MAX_MOVE_TEXT = 10_000


class ForfeitReason(enum.Enum):
    """Why a turn failed (MV-06, MV-14).

    .. versionadded:: 0.1
    """

    #: The player gave up the rearrangement (the workspace's "give up").
    GAVE_UP = "gave_up"
    #: The host's clock ran out (the timed-turns variant, MV-14).
    TIMEOUT = "timeout"


class Move(BaseMove):
    """A Machiavelli move: :class:`Play`, :class:`Draw` or :class:`Forfeit`.

    .. versionadded:: 0.1
    """

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move from its notation (see the module docstring).

        Raises:
            NotationError: quoting the text when it is not a move.
        """
        if not isinstance(text, str):
            raise NotationError(repr(text)[:80], "expected a string", code="not_text")
        if len(text) > MAX_MOVE_TEXT:
            raise NotationError(text[:40] + "...", f"longer than {MAX_MOVE_TEXT} characters", code="too_long")
        t = " ".join(text.split())
        low = t.lower()
        if low == "draw":
            return DRAW
        if low in ("forfeit", "give up", "giveup", "forfeit gave_up"):
            return FORFEIT
        if low == "forfeit timeout":
            return Forfeit(ForfeitReason.TIMEOUT)
        if low.startswith("forfeit "):
            raise NotationError(text, "a forfeit reason is gave_up or timeout", code="bad_forfeit_reason",
                                rule="MV-06")
        if low.startswith("play ") or low.startswith("play:"):
            return _parse_play(text, t[4:])
        raise NotationError(text, "expected 'play <cards>: <melds>', 'draw' or 'forfeit'", code="not_a_move")


def _parse_play(text: str, body: str) -> Play:
    cards_text, colon, table_text = body.partition(":")
    if not colon:
        raise NotationError(text, "a play is 'play <hand cards>: <melds>' (the colon is missing)",
                            code="no_colon")
    try:
        cards = Card.parse_many(cards_text.replace(",", " "))
    except NotationError as exc:
        raise NotationError(text, f"bad hand card: {exc.reason} ({exc.text!r})", code=exc.code) from None
    try:
        table = parse_table(table_text)
    except NotationError as exc:
        raise NotationError(text, exc.reason, code=exc.code, rule=exc.rule) from None
    return Play(table, cards)


def _bad(field: str, what: str) -> IllegalMoveError:
    return IllegalMoveError(f"{field}: {what}", code="bad_field")


def _tupled(value: object, field: str, what: str) -> tuple[object, ...]:
    """A list or tuple as a tuple (a copy: mutating the caller's list later changes no move)."""
    if type(value) is tuple:
        return value
    if isinstance(value, (str, bytes, bytearray)) or not isinstance(value, Sequence):
        raise _bad(field, f"must be a sequence of {what} (a tuple or a list), not {type(value).__name__}")
    return tuple(value)


def _to_table(value: Sequence[Meld]) -> tuple[Meld, ...]:
    return _tupled(value, "Play.table", "melds")  # type: ignore[return-value]  # the validator checks the items


def _to_cards(value: Sequence[Card]) -> tuple[Card, ...]:
    return _tupled(value, "Play.cards", "cards")  # type: ignore[return-value]


def _check_table(_: object, attribute: attrs.Attribute[tuple[Meld, ...]], value: object) -> None:
    if type(value) is not tuple:
        raise _bad("Play.table", f"must be a tuple of melds, not {type(value).__name__}")
    for m in value:
        if not isinstance(m, Meld):
            raise _bad("Play.table", f"holds melds, not {type(m).__name__}")


def _check_cards(_: object, attribute: attrs.Attribute[tuple[Card, ...]], value: object) -> None:
    if type(value) is not tuple:
        raise _bad("Play.cards", f"must be a tuple of cards, not {type(value).__name__}")
    for c in value:
        if not isinstance(c, Card):
            raise _bad("Play.cards", f"holds cards, not {type(c).__name__}")


def _check_reason(_: object, attribute: attrs.Attribute[ForfeitReason], value: object) -> None:
    if type(value) is not ForfeitReason:
        raise _bad("Forfeit.reason", f"must be a ForfeitReason, not {value!r}")


# Built at import (read-only afterwards, so safe to share between threads).
_TEXT: dict[Card, str] = {c: str(c) for c in [JOKER] + [Card(r, s) for s in FRENCH_SUITS for r in range(1, 14)]}


_TEXT_BY_ID: dict[int, str] = {id(c): t for c, t in _TEXT.items()}  # cards are interned: no hashing


def _card_text(card: Card) -> str:
    text = _TEXT_BY_ID.get(id(card))
    return str(card) if text is None else text


def _meld_text(meld: Meld) -> str:
    if not meld.jokers:
        return "[" + " ".join(map(_card_text, meld.cards)) + "]"
    return format_table((meld,))


@attrs.frozen
class Play(Move):
    """A play: the complete new table and the hand cards it uses (MV-04, MV-05).

    The game checks it atomically (:func:`naipes.machiavelli.legality.play_problems`):
    the table's cards are the old table's plus ``cards`` (minus jokers swapped
    back into the hand, MV-12), ``cards`` is not empty and comes from the hand,
    every meld is valid, and the opening and joker conditions hold.

    Args:
        table: every meld on the table after the play, jokers with their
            declared cards: a sequence (tuple or list) of
            :class:`~naipes.machiavelli.melds.Meld`, kept as a ``tuple``.
        cards: the cards taken from the hand (a joker as ``JK``): a sequence
            of :class:`~naipes.cards.Card`, kept as a ``tuple``.

    A list is copied into a tuple: the play stays immutable and hashable,
    and changing the list afterwards changes no play.

    >>> from naipes.machiavelli.melds import parse_table
    >>> melds = list(parse_table("[8H 8D 8C]"))
    >>> play = Play(melds, [Card.parse("8C")])
    >>> melds.clear()
    >>> str(play), type(play.table).__name__
    ('play 8C: [8H 8D 8C]', 'tuple')

    Raises:
        IllegalMoveError: code ``bad_field`` for a field that is no sequence
            (``None``, a number, a string: :meth:`of` reads notation) or holds
            other things than melds and cards.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       The fields must be tuples of melds and cards (no conversion).
    .. versionchanged:: 1.2
       Any sequence (a list) is taken and converted to a tuple; strings and
       other values are still refused with ``bad_field``.
    """

    table: tuple[Meld, ...] = attrs.field(converter=_to_table, validator=_check_table)
    cards: tuple[Card, ...] = attrs.field(converter=_to_cards, validator=_check_cards)

    @functools.cached_property
    def _text(self) -> str:  # a slot, not a field: computed once
        cards = " ".join(map(_card_text, self.cards))
        return f"play {cards}: {' '.join(map(_meld_text, self.table))}"

    def __str__(self) -> str:
        return self._text

    @classmethod
    def _trusted(cls, table: tuple[Meld, ...], cards: tuple[Card, ...]) -> Play:
        """Build without the validators (for tuples of melds and cards made by the engine, never input)."""
        if cls is Play:
            return _trusted_play(table, cards)
        play = super().__new__(cls)  # no __init__: the validators are skipped
        object.__setattr__(play, "table", table)
        object.__setattr__(play, "cards", cards)
        return play

    @classmethod
    def of(cls, table: str | Sequence[Meld], cards: str | Sequence[Card]) -> Play:
        """Build a play from notation or values.

        >>> str(Play.of("[8H 8D 8C]", "8C"))
        'play 8C: [8H 8D 8C]'
        """
        melds = parse_table(table) if isinstance(table, str) else tuple(table)
        hand = Card.parse_many(cards) if isinstance(cards, str) else tuple(cards)
        return cls(melds, hand)


_new_object = object.__new__
_set_table = Play.__dict__["table"].__set__  # the slots' own setters: no frozen-class check
_set_cards = Play.__dict__["cards"].__set__


def _trusted_play(table: tuple[Meld, ...], cards: tuple[Card, ...]) -> Play:
    """A :class:`Play` built without its validators, for tuples the engine made (never input)."""
    play: Play = _new_object(Play)
    _set_table(play, table)
    _set_cards(play, cards)
    return play


@attrs.frozen
class Draw(Move):
    """Take the top card of the stock; the turn ends (MV-04).

    .. versionadded:: 0.1
    """

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Forfeit(Move):
    """The failed turn (MV-06): table and hand unchanged, then the penalty cards.

    Args:
        reason: :attr:`ForfeitReason.GAVE_UP` or :attr:`ForfeitReason.TIMEOUT`.

    Raises:
        IllegalMoveError: code ``bad_field`` for a reason that is not a
            :class:`ForfeitReason` (``"timeout"`` included: write
            ``Forfeit(ForfeitReason.TIMEOUT)`` or ``Move.parse("forfeit timeout")``).

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       ``reason`` must be a :class:`ForfeitReason` (a string is refused).
    """

    reason: ForfeitReason = attrs.field(default=ForfeitReason.GAVE_UP, validator=_check_reason)

    def __str__(self) -> str:
        return f"forfeit {self.reason.value}"


#: The draw move (interned).
DRAW = Draw()
#: The forfeit of a player who gives up (interned).
FORFEIT = Forfeit(ForfeitReason.GAVE_UP)


def short_forms(text: str, legal: Sequence[Move], table: tuple[Meld, ...], hand: Sequence[Card],
                rules: Rules, *, opened: bool) -> tuple[Move, ...]:
    """The moves that the short form ``text`` may stand for (``Game.parse_move``'s hook).

    - ``d``: draw; ``f``: forfeit (gave up);
    - hand cards alone (``7H 8H 9H``, a joker as ``JK=10H``): those cards as
      one new meld, the table unchanged, when that is a legal play; else every
      listed play (``legal_moves``) that puts exactly those cards on the table
      (several: ambiguous).

    .. versionadded:: 1.0
    """
    low = text.lower()
    if low in ("d", "f"):
        want: Move = DRAW if low == "d" else FORFEIT
        return tuple(m for m in legal if m == want)
    if not text or "[" in text or ":" in text:
        return ()
    try:
        meld = parse_table(f"[{text.replace(',', ' ')}]")[0]
    except (NotationError, IndexError):
        return ()
    cards = Counter(meld.physical)
    plays = [m for m in legal if isinstance(m, Play) and Counter(m.cards) == cards]
    new = _as_new_meld(meld, table, hand, rules, opened=opened)
    if new is None:
        return tuple(plays)
    target = Counter(new.table)
    return next(((m,) for m in plays if Counter(m.table) == target), (new,))


def _as_new_meld(meld: Meld, table: tuple[Meld, ...], hand: Sequence[Card], rules: Rules, *,
                 opened: bool) -> Play | None:
    from naipes.machiavelli.legality import play_problems

    play = Play(table + (meld.normalized(),), meld.physical)
    if play_problems(table, hand, play.table, play.cards, rules, opened=opened):
        return None
    return play
