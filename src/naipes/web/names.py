"""Who sits where, by name: each bot by its kind ("Strong bot", "Random bot 2"), each person by the
name they gave, in English or Spanish (no web framework).

The names are what every client reads for a seat (:func:`seat_names`): the seats
around the board, the last move, the move list, the decision, the result and the
log (:func:`name_seats` puts them in the words the game wrote with seat numbers).

>>> bot_kind("strong", "en"), bot_kind("random", "es"), bot_kind("ismcts:iterations=50", "en")
('Strong bot', 'Bot al azar', 'ISMCTS bot')
>>> numbered(["Random bot", "", "Random bot", "Ana"], ["", "Seat 1", "", ""])
['Random bot 1', '', 'Random bot 2', 'Ana']
>>> name_seats("mano 1: reparte el asiento 0, sale el asiento 1", ["Ana", "Bot fuerte"], "es")
'mano 1: reparte Ana, sale Bot fuerte'
>>> name_seats("Seat 1 takes 7o with 7b", ["Ana", "Strong bot"], "en")
'Strong bot takes 7o with 7b'

.. versionadded:: 1.2
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from naipes.web.tables import Table

__all__ = ["BOT_KINDS", "bot_kind", "name_seats", "numbered", "seat_names"]

#: The words for the kinds of bots a server knows; any other registered name reads "Name bot".
BOT_KINDS = {
    "en": {"best": "Best bot", "strong": "Strong bot", "random": "Random bot", "learned": "Learned bot",
           "ismcts": "ISMCTS bot", "pimc": "PIMC bot", "careless": "Careless bot", "perfect": "Perfect bot"},
    "es": {"best": "Mejor bot", "strong": "Bot fuerte", "random": "Bot al azar", "learned": "Bot entrenado",
           "ismcts": "Bot ISMCTS", "pimc": "Bot PIMC", "careless": "Bot despistado", "perfect": "Bot perfecto"},
}


def bot_kind(spec: str, lang: str) -> str:
    """What a bot of this spec is called: its kind (the spec's name, without parameters or module)."""
    parts = spec.strip().split(":")
    named_class = len(parts) > 1 and "=" not in parts[1]  # module:Class (a registered name has params)
    name = (parts[1] if named_class else parts[0]).split(".")[-1].strip() or "bot"
    words = BOT_KINDS["es" if lang == "es" else "en"]
    if name.lower() in words:
        return words[name.lower()]
    return f"Bot {name}" if lang == "es" else f"{name[:1].upper()}{name[1:]} bot"


def numbered(names: Sequence[str], fallback: Sequence[str]) -> list[str]:
    """Names told apart: a name several seats share gets ``1``, ``2``... in seat order (``""`` stays
    ``""``; a name that equals another seat's ``fallback``, "Seat 2", is numbered too)."""
    taken = [n or f for n, f in zip(names, fallback)]
    out = list(names)
    for name in set(n for n in names if n):
        seats = [i for i, n in enumerate(taken) if n.casefold() == name.casefold()]
        if len(seats) > 1:
            for k, i in enumerate(seats, 1):
                out[i] = f"{names[i]} {k}" if names[i] else names[i]
    return out


def seat_names(table: Table, lang: str) -> list[str]:
    """Each seat's name in ``lang``: the player's own, a bot's kind (numbered when repeated), ``""``
    for an open seat or a person who gave none (the words then say "Seat N")."""
    raw = [s.name if s.bot_spec is None else bot_kind(s.bot_spec, lang) for s in table.seats]
    fallback = [("Asiento " if lang == "es" else "Seat ") + str(s.index) for s in table.seats]
    return numbered(raw, fallback)


_EN = re.compile(r"\b[Ss]eat (\d+)\b")
_ES = re.compile(r"\b(?:([Dd]el|[Aa]l|[Ee]l) )?[Aa]siento (\d+)\b")
_ES_CASE = {"del": "de ", "al": "a ", "el": ""}


def name_seats(text: str, names: Sequence[str], lang: str) -> str:
    """The words a game wrote with seat numbers ("seat 2 takes...", "reparte el asiento 0"), with
    each seat that has a name called by it ("Strong bot takes...", "reparte Ana")."""
    def named(seat: str) -> str | None:
        n = int(seat)
        return names[n] if 0 <= n < len(names) and names[n] else None

    if lang == "es":
        def es(m: re.Match[str]) -> str:
            name = named(m.group(2))
            return m.group(0) if name is None else _ES_CASE.get((m.group(1) or "el").lower(), "") + name
        return _ES.sub(es, text)
    return _EN.sub(lambda m: named(m.group(1)) or m.group(0), text)
