"""The named special combinations of Ranzo (§3.C, an invented default), as data.

A special is named by a string in ``Rules.specials``. Four names are built in
(§3.C); two patterns let a table define its own single-juego specials:

========================  ===========  ==============================================
name                      kind         matches
========================  ===========  ==============================================
``real``                  single       escalera 10-11-12 of one suit
``trio_de_ases``          single       trío of 1s
``escaleron``             pair         two escaleras of one suit, six consecutive numbers
``mellizos``              pair         two escaleras, same three numbers, other suits
``trio:<n>``              single       trío of number ``n`` (``trio:1`` = trío de ases)
``escalera:<n>``          single       escalera whose lowest number is ``n``, any suit
========================  ===========  ==============================================

Juegos here are tuples of three cards in the canonical order of
:func:`naipes.combos.sort_cards`.

>>> from naipes.cards import SPANISH_48, Card
>>> real = special("real")
>>> real.matches_single(Card.parse_many("10c 11c 12c"), SPANISH_48)
True
>>> special("escaleron").matches_pair(Card.parse_many("4b 5b 6b"), Card.parse_many("7b 8b 9b"), SPANISH_48)
True
>>> special("escalera:7").name
'escalera:7'

.. versionadded:: 0.1
"""

from __future__ import annotations

from typing import Literal, Sequence

import attrs

from naipes.cards import Card, RankOrder
from naipes.errors import RulesError

__all__ = ["BUILTIN_SPECIALS", "DEFAULT_SPECIALS", "Special", "is_escalera", "is_trio", "special"]

#: The names of §3.C, in the order of its table.
DEFAULT_SPECIALS: tuple[str, ...] = ("real", "trio_de_ases", "escaleron", "mellizos")


def is_trio(juego: Sequence[Card]) -> bool:
    """True when the three cards share their number.

    >>> is_trio(Card.parse_many("7o 7c 7b")), is_trio(Card.parse_many("5o 6o 7o"))
    (True, False)

    .. versionadded:: 0.1
    """
    return juego[0].rank == juego[1].rank == juego[2].rank


def is_escalera(juego: Sequence[Card]) -> bool:
    """True for a juego that is not a trío (an escalera, given the juego is valid).

    .. versionadded:: 0.1
    """
    return not is_trio(juego)


@attrs.frozen
class Special:
    """One named special combination.

    Attributes:
        name: the name used in ``Rules.specials``.
        kind: ``"single"`` (one juego) or ``"pair"`` (two juegos).
        shape: ``"trio"``, ``"escalera"``, ``"escaleron"`` or ``"mellizos"``.
        rank: for single specials, the trío's number or the escalera's lowest number.

    .. versionadded:: 0.1
    """

    name: str
    kind: Literal["single", "pair"]
    shape: str
    rank: int = 0

    def matches_single(self, juego: Sequence[Card], order: RankOrder) -> bool:
        """True when ``juego`` (canonical order) is this single special."""
        if self.kind != "single":
            return False
        if self.shape == "trio":
            return is_trio(juego) and juego[0].rank == self.rank
        return is_escalera(juego) and juego[0].rank == self.rank

    def matches_pair(self, first: Sequence[Card], second: Sequence[Card], order: RankOrder) -> bool:
        """True when the two juegos (canonical order) form this pair special."""
        if self.kind != "pair" or is_trio(first) or is_trio(second):
            return False
        if first[0].suit is second[0].suit:
            if self.shape != "escaleron":
                return False
            lo, hi = (first, second) if order.index(first[0].rank) < order.index(second[0].rank) else (second, first)
            return order.are_adjacent(lo[2].rank, hi[0].rank)
        return self.shape == "mellizos" and first[0].rank == second[0].rank


#: The named specials of §3.C, ``{name: Special}``, that ``Rules.specials`` may name.
BUILTIN_SPECIALS: dict[str, Special] = {
    "real": Special("real", "single", "escalera", 10),
    "trio_de_ases": Special("trio_de_ases", "single", "trio", 1),
    "escaleron": Special("escaleron", "pair", "escaleron"),
    "mellizos": Special("mellizos", "pair", "mellizos"),
}


def special(name: str) -> Special:
    """The special called ``name``: a built-in name or a ``trio:<n>`` / ``escalera:<n>`` pattern.

    Raises:
        RulesError: for an unknown name or a number outside 1–12.

    >>> special("trio:12")
    Special(name='trio:12', kind='single', shape='trio', rank=12)

    .. versionadded:: 0.1
    """
    if not isinstance(name, str):
        raise RulesError(f"a special is named by a string, not {name!r}", code="unknown_special")
    found = BUILTIN_SPECIALS.get(name)
    if found is not None:
        return found
    shape, sep, number = name.partition(":")
    if (sep and shape in ("trio", "escalera") and number.isascii() and number.isdigit()
            and len(number) <= 2 and 1 <= int(number) <= 12):
        return Special(name, "single", shape, int(number))
    known = ", ".join(BUILTIN_SPECIALS)
    raise RulesError(f"unknown special {name!r} (built in: {known}; patterns: trio:<n>, escalera:<n>)",
                     code="unknown_special")
