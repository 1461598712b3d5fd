"""Machuco's moves and their notation (MC-24).

The player on turn plays a card (``3o``); the decider of a contested cante
says ``mayor`` or ``envio N``; the responder says ``quiero`` or ``no quiero``.

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

__all__ = ["MAYOR", "NO_QUIERO", "QUIERO", "Envio", "Mayor", "Move", "NoQuiero", "PlayCard", "play_card"]


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
            raise NotationError(repr(text), "a Machuco move is written as text")
        t = " ".join(text.strip().lower().split())
        fixed = _WORDS.get(t)
        if fixed is not None:
            return fixed
        if t.startswith(("envio ", "envío ")):
            number = t.split(" ", 1)[1]
            if not number.isdigit():
                raise NotationError(text, "envío needs a whole number, e.g. 'envio 3'")
            return Envio(int(number))
        try:
            return play_card(Card.parse(text.strip()))
        except NotationError:
            raise NotationError(text, "not a card, 'mayor', 'envio N', 'quiero' or 'no quiero'") from None


@attrs.frozen
class PlayCard(Move):
    """Play a card from the hand: it captures or stays on the table (MC-12, MC-13).

    .. versionadded:: 0.1
    """

    card: Card

    def __str__(self) -> str:
        return str(self.card)


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

    amount: int

    def __str__(self) -> str:
        return f"envio {self.amount}"


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
_PLAYS: dict[Card, PlayCard] = {c: PlayCard(c) for c in spanish_deck(40)}


def play_card(card: Card) -> PlayCard:
    """The (interned) move that plays ``card``.

    >>> play_card(Card.parse("3o")) is play_card(Card.parse("3o"))
    True
    """
    move = _PLAYS.get(card)
    return move if move is not None else PlayCard(card)
