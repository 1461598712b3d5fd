"""Machuco's moves and their notation (MC-24).

The player on turn plays a card (``3o``); the decider of a contested cante
says ``mayor`` or ``envio N``; the responder says ``quiero`` or ``no quiero``.
:func:`short_forms` lists what ``Game.parse_move`` also accepts in a position
(``7`` for the one seven in hand, ``si`` for ``quiero``...).

>>> Move.parse("12b"), Move.parse("envío 4"), Move.parse("no quiero")
(PlayCard(card=Card.parse('12b')), Envio(amount=4), NoQuiero())
>>> str(Move.parse("Rb")), str(Envio(3)), str(MAYOR)
('12b', 'envio 3', 'mayor')

.. versionadded:: 0.1
"""

from __future__ import annotations

import attrs

from naipes.cards import Card
from naipes.decks import spanish_deck
from naipes.errors import NotationError
from naipes.game import Move as BaseMove
from naipes.game import exact_field

__all__ = [
    "MAYOR", "MAX_MOVE_TEXT", "NO_QUIERO", "QUIERO", "Envio", "Mayor", "Move", "NoQuiero", "PlayCard",
    "Quiero", "envio", "play_card", "short_forms",
]

#: The longest text :meth:`Move.parse` and ``Game.parse_move`` read; longer text raises
#: :class:`~naipes.errors.NotationError` (code ``too_long``) before anything else is done.
MAX_MOVE_TEXT = 1000
#: The most digits an envío amount may be written with (``envio 123456``); more is ``bad_envio_amount``.
_MAX_DIGITS = 6


def _number(text: str) -> int | None:
    """``text`` as a whole number written in ASCII digits (at most six), else ``None``."""
    if text.isascii() and text.isdigit() and len(text) <= _MAX_DIGITS:
        return int(text)
    return None






class Move(BaseMove):
    """Base class of Machuco's moves; :meth:`parse` reads any of them.

    .. versionadded:: 0.1
    """

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move: a card, ``mayor``, ``envio N`` (or ``envío N``), ``quiero``, ``no quiero``.

        Raises:
            NotationError: quoting the text when it is no move.
        """
        if not isinstance(text, str):
            raise NotationError(repr(text), "a Machuco move is written as text", code="not_text")
        if len(text) > MAX_MOVE_TEXT:
            raise NotationError(text[:40] + "...", f"a move is at most {MAX_MOVE_TEXT} characters",
                                code="too_long")
        t = " ".join(text.strip().lower().split())
        fixed = _WORDS.get(t)
        if fixed is not None:
            return fixed
        if t.startswith(("envio ", "envío ")):
            number = _number(t.split(" ", 1)[1])
            if number is None:
                raise NotationError(text, "envío needs a whole number of at most six digits, e.g. 'envio 3'",
                                    code="bad_envio_amount", rule="MC-09")
            return envio(number)
        try:
            return play_card(Card.parse(text.strip()))
        except NotationError:
            raise NotationError(text, "not a card, 'mayor', 'envio N', 'quiero' or 'no quiero'",
                                code="not_a_move") from None


@attrs.frozen
class PlayCard(Move):
    """Play a card from the hand: it captures or stays on the table (MC-12, MC-13).

    .. versionadded:: 0.1
    """

    card: Card = attrs.field(validator=exact_field(Card))

    def __str__(self) -> str:
        return str(self.card)

    @classmethod
    def _trusted(cls, card: Card) -> PlayCard:
        """The move built without validation (the engine's own tables only)."""
        move = object.__new__(cls)
        object.__setattr__(move, "card", card)
        return move


@attrs.frozen
class Mayor(Move):
    """The decider lets the higher figure win the contested cante (MC-08).

    .. versionadded:: 0.1
    """

    def __str__(self) -> str:
        return "mayor"


@attrs.frozen
class Envio(Move):
    """The decider bets ``amount`` points on the contested cante (MC-09).

    .. versionadded:: 0.1
    """

    amount: int = attrs.field(validator=exact_field(int))

    def __str__(self) -> str:
        return f"envio {self.amount}"

    @classmethod
    def _trusted(cls, amount: int) -> Envio:
        """The move built without validation (the engine's own tables only)."""
        move = object.__new__(cls)
        object.__setattr__(move, "amount", amount)
        return move


@attrs.frozen
class Quiero(Move):
    """The responder accepts the envío (MC-09).

    .. versionadded:: 0.1
    """

    def __str__(self) -> str:
        return "quiero"


@attrs.frozen
class NoQuiero(Move):
    """The responder refuses the envío: the decider's side scores its total (MC-09).

    .. versionadded:: 0.1
    """

    def __str__(self) -> str:
        return "no quiero"


#: The one ``mayor`` move.
MAYOR = Mayor()
#: The one ``quiero`` move.
QUIERO = Quiero()
#: The one ``no quiero`` move.
NO_QUIERO = NoQuiero()

_WORDS: dict[str, Move] = {"mayor": MAYOR, "quiero": QUIERO, "no quiero": NO_QUIERO, "noquiero": NO_QUIERO}
_PLAYS: dict[Card, PlayCard] = {c: PlayCard._trusted(c) for c in spanish_deck(40)}
#: The envíos the rules can allow (``envio_limit`` is at most 100), built once at import.
_ENVIOS: tuple[Envio, ...] = tuple(Envio._trusted(a) for a in range(101))


def envio(amount: int) -> Envio:
    """The (interned, for 0..100) move that sends an envío of ``amount``.

    >>> envio(3) is envio(3), envio(3) == Envio(3)
    (True, True)

    Raises:
        IllegalMoveError: for an amount that is not an int (code ``bad_field``).
    """
    if type(amount) is int and 0 <= amount < len(_ENVIOS):
        return _ENVIOS[amount]
    return Envio(amount)


def play_card(card: Card) -> PlayCard:
    """The (interned) move that plays ``card``.

    >>> play_card(Card.parse("3o")) is play_card(Card.parse("3o"))
    True
    """
    move = _PLAYS.get(card)
    return move if move is not None else PlayCard(card)


#: Words a player may type for a card number (``sota`` 10, ``caballo`` 11, ``rey`` 12, ``as`` 1).
_RANK_WORDS: dict[str, int] = {"as": 1, "s": 10, "sota": 10, "c": 11, "caballo": 11, "r": 12, "rey": 12}
_YES = frozenset({"si", "sí", "s", "yes", "y", "q"})
_NO = frozenset({"no", "n"})
_MAYOR = frozenset({"a la mayor", "la mayor", "m"})
_ENVIO = frozenset({"envio", "envío", "e"})


def short_forms(text: str, legal: tuple[Move, ...]) -> tuple[Move, ...]:
    """The moves of ``legal`` that the short form ``text`` may name (``Game.parse_move``'s hook).

    - a card number alone (``7``, ``10``, or ``s``/``sota``, ``c``/``caballo``,
      ``r``/``rey``, ``as``): the legal card plays of that number;
    - ``envio`` (``envío``, ``e``) alone: the legal envíos; a bare number in
      the decider's turn: the envío of that amount;
    - ``m``, ``la mayor``, ``a la mayor``: ``mayor``;
    - ``si``/``sí``/``s``/``y``/``yes``/``q``: ``quiero``; ``no``/``n``: ``no quiero``.

    Several candidates make the form ambiguous (the caller raises).

    >>> hand = (play_card(Card.parse("7o")), play_card(Card.parse("7c")), play_card(Card.parse("10b")))
    >>> [str(m) for m in short_forms("sota", hand)], [str(m) for m in short_forms("7", hand)]
    (['10b'], ['7o', '7c'])
    >>> short_forms("si", (QUIERO, NO_QUIERO)), short_forms("envio", (MAYOR, Envio(5)))
    ((Quiero(),), (Envio(amount=5),))
    """
    if len(text) > MAX_MOVE_TEXT:
        return ()
    t = " ".join(text.strip().lower().split())
    plays = [m for m in legal if isinstance(m, PlayCard)]
    if plays:
        number = _number(t)
        rank = number if number is not None else _RANK_WORDS.get(t)
        return tuple(m for m in plays if m.card.rank == rank)
    if any(isinstance(m, Envio) for m in legal) or MAYOR in legal:
        if t in _MAYOR:
            return (MAYOR,) if MAYOR in legal else ()
        envios = tuple(m for m in legal if isinstance(m, Envio))
        if t in _ENVIO:
            return envios
        amount = _number(t)
        return tuple(m for m in envios if m.amount == amount)
    if t in _YES:
        return tuple(m for m in legal if isinstance(m, Quiero))
    if t in _NO:
        return tuple(m for m in legal if isinstance(m, NoQuiero))
    return ()
