"""Ranzo moves and their notation.

On a turn (after the automatic draw) and after winning a claim a player plays
``discard <card>`` or ``ranzo``; in a claim window each other seat answers
``pass``, ``envido <a> <b>`` or ``truco <card>``.

>>> Move.parse("truco 11c"), Move.parse("envido 8b 7b")
(Truco(card=Card.parse('11c')), Envido(a=Card.parse('7b'), b=Card.parse('8b')))
>>> str(Move.parse("Discard So")), str(Move.parse("7c")), str(Move.parse("RANZO"))
('discard 10o', 'discard 7c', 'ranzo')

Fields are checked when a move is built: a card that is not a Spanish
:class:`~naipes.cards.Card` raises :class:`~naipes.errors.IllegalMoveError`
with code ``bad_field``; notation longer than :data:`MAX_MOVE_TEXT` characters
is refused at once.

.. versionadded:: 0.1
"""

from __future__ import annotations

from typing import Union

import attrs

from naipes.cards import SPANISH_SUITS, Card
from naipes.errors import NotationError, UsageError
from naipes.game import Move as BaseMove
from naipes.game import spanish_card_field

__all__ = ["CallRanzo", "Claim", "Discard", "Envido", "Move", "Pass", "Truco", "short_forms"]

_SUIT_INDEX = {s: i for i, s in enumerate(SPANISH_SUITS)}
#: The longest move text :meth:`Move.parse` reads.
MAX_MOVE_TEXT = 200




def _card_key(card: Card) -> tuple[int, int]:
    return (card.rank, _SUIT_INDEX.get(card.suit, 9))  # type: ignore[arg-type]


def _spanish(text: str, whole: str) -> Card:
    card = Card.parse(text)
    if card.suit is None or not card.suit.is_spanish:
        raise NotationError(whole, f"{text!r} is not a Spanish card", code="not_a_card")
    return card


class Move(BaseMove):
    """Base class of the Ranzo moves; :meth:`parse` reads any of them.

    .. versionadded:: 0.1
    """

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move: ``discard 7c`` (or just ``7c``), ``ranzo``, ``pass``,
        ``envido 7b 8b``, ``truco 11c``. Keywords are case-insensitive.

        Raises:
            NotationError: quoting the text when it is not a Ranzo move.
        """
        if not isinstance(text, str):
            raise NotationError(repr(text), "a move must be a string", code="not_text")
        move = _PARSED.get(text)
        if move is None:
            move = _parse(text)
            if type(text) is str and str(move) == text:  # canonical texts only: at most one per move
                _PARSED[text] = move
        return move


def _parse(text: str) -> Move:
    """:meth:`Move.parse` of a string."""
    if len(text) > MAX_MOVE_TEXT:
        raise NotationError(text[:40] + "...", f"longer than {MAX_MOVE_TEXT} characters", code="too_long")
    words = text.split()
    if not words:
        raise NotationError(text, "empty move", code="empty_move")
    head = words[0].lower()
    if head in ("pass", "ranzo") and len(words) == 1:
        return PASS if head == "pass" else RANZO
    if head == "discard" and len(words) == 2:
        return discard(_spanish(words[1], text))
    if head == "truco" and len(words) == 2:
        return truco(_spanish(words[1], text))
    if head == "envido" and len(words) == 3:
        a, b = _spanish(words[1], text), _spanish(words[2], text)
        if a == b:
            raise NotationError(text, "an envido names two different cards", code="duplicate_card", rule="RZ-01")
        return envido(a, b)
    if len(words) == 1:
        try:
            return discard(_spanish(words[0], text))
        except NotationError:
            pass
    raise NotationError(text, "expected discard <card>, ranzo, pass, envido <a> <b> or truco <card>",
                        code="not_a_move")


@attrs.frozen
class Discard(Move):
    """Discard one concealed card (``discard 7c``).

    .. versionadded:: 0.1
    """

    card: Card = attrs.field(validator=spanish_card_field)

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class CallRanzo(Move):
    """Close the round by calling Ranzo (``ranzo``); the engine finds the best split.

    .. versionadded:: 0.1
    """

    def __str__(self) -> str:
        return "ranzo"


@attrs.frozen
class Pass(Move):
    """Make no claim on the discard (``pass``).

    .. versionadded:: 0.1
    """

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Envido(Move):
    """Claim the discard with two concealed cards it completes a juego with (``envido 7b 8b``).

    The two cards are kept in rank order, so ``Envido(8b, 7b) == Envido(7b, 8b)``.

    .. versionadded:: 0.1
    """

    a: Card = attrs.field(validator=spanish_card_field)
    b: Card = attrs.field(validator=spanish_card_field)

    def __attrs_post_init__(self) -> None:
        if _card_key(self.b) < _card_key(self.a):
            a, b = self.b, self.a
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b)

    def __str__(self) -> str:
        return f"envido {self.a} {self.b}"


@attrs.frozen
class Truco(Move):
    """Claim the discard by showing a concealed card of a higher number (``truco 11c``).

    .. versionadded:: 0.1
    """

    card: Card = attrs.field(validator=spanish_card_field)

    def __str__(self) -> str:
        return f"truco {self.card}"


#: An answer in a claim window.
Claim = Union[Pass, Envido, Truco]

#: The ``pass`` move.
PASS = Pass()
#: The ``ranzo`` move.
RANZO = CallRanzo()
#: The moves of canonical texts already read (the moves are interned: the same objects).
_PARSED: dict[str, Move] = {}
_DISCARDS: dict[Card, Discard] = {}
_TRUCOS: dict[Card, Truco] = {}
_ENVIDOS: dict[tuple[Card, Card], Envido] = {}


def _build_ids() -> None:
    from naipes.decks import spanish_deck
    for card in spanish_deck(48):
        DISCARD_BY_ID[id(card)] = discard(card)
        TRUCO_BY_ID[id(card)] = truco(card)


#: Interned moves by ``id(card)`` (cards are interned), for the engine's hot loops.
DISCARD_BY_ID: dict[int, Discard] = {}
TRUCO_BY_ID: dict[int, Truco] = {}


def discard(card: Card) -> Discard:
    """The interned ``discard`` move of a card."""
    move = _DISCARDS.get(card)
    if move is None:
        move = _DISCARDS[card] = Discard(card)
    return move


def truco(card: Card) -> Truco:
    """The interned ``truco`` move of a card."""
    move = _TRUCOS.get(card)
    if move is None:
        move = _TRUCOS[card] = Truco(card)
    return move


def envido(a: Card, b: Card) -> Envido:
    """The interned ``envido`` move of two cards (in either order)."""
    move = _ENVIDOS.get((a, b))
    if move is None:
        move = _ENVIDOS[(a, b)] = _ENVIDOS[(b, a)] = Envido(a, b)
    return move


_build_ids()


_KEYWORDS = {"p": "pass", "r": "ranzo", "d": "discard", "t": "truco", "e": "envido"}


def short_forms(text: str, legal: tuple[Move, ...], *, window: bool) -> tuple[Move, ...]:
    """The moves of ``legal`` that the short form ``text`` may name (``Game.parse_move``).

    ``p``, ``r``, ``d <card>``, ``t <card>``, ``e <a> <b>`` abbreviate the
    keywords. In a claim window (``window``) bare cards name the claims that
    use them: ``7b`` is ``truco 7b`` or an ``envido`` naming 7b, ``7b 8b`` is
    ``envido 7b 8b``.

    >>> legal = (PASS, envido(Card.parse("4o"), Card.parse("6o")), truco(Card.parse("6o")))
    >>> short_forms("6o", legal, window=True)
    (Envido(a=Card.parse('4o'), b=Card.parse('6o')), Truco(card=Card.parse('6o')))
    >>> short_forms("p", legal, window=True)
    (Pass(),)

    .. versionadded:: 1.0
    """
    words = text.split()
    if not words:
        return ()
    full = _KEYWORDS.get(words[0].lower())
    if full is not None:
        try:
            move = Move.parse(" ".join([full, *words[1:]]))
        except (NotationError, UsageError):
            return ()
        return tuple(m for m in legal if m == move)
    if not window or len(words) > 2:
        return ()
    try:
        named = {Card.parse(w) for w in words}
    except (NotationError, UsageError):
        return ()
    return tuple(m for m in legal if _claim_cards(m) >= named)


def _claim_cards(move: Move) -> frozenset[Card]:
    """The concealed cards a claim names (none for ``pass``)."""
    if type(move) is Truco:
        return frozenset((move.card,))
    if type(move) is Envido:
        return frozenset((move.a, move.b))
    return frozenset()
