"""The shared events in words, for any game (internal): what
:meth:`naipes.plugin.GamePlugin.describe_event` says of the events every game shares
(:mod:`naipes.events`) when the game has no words of its own.

>>> from naipes.events import HandStarted, ScoresChanged
>>> shared_event_text(HandStarted(hand=1, dealer=2, first=0), "en")
'hand 1: seat 2 deals, seat 0 plays first'
>>> shared_event_text(ScoresChanged(totals=(8, 7)), "es")
'puntos: 8, 7'
"""

from __future__ import annotations

import enum
from typing import Any, Callable, Sequence

import attrs

from naipes._card_words import cards_words
from naipes._i18n import winners_text
from naipes.events import CardsDealt, Event, GameEnded, HandEnded, HandStarted, MovePlayed, ScoresChanged

__all__ = ["event_fields_text", "shared_event_text"]

#: English and Spanish, by key.
_WORDS = {
    "en": {"scores": "scores: {s}", "over": "game over: {who}; scores: {s}", "over_bare": "game over: {who}",
           "hand_ends": "hand {hand} ends; scores: {s}", "hand_first": "hand {hand}: seat {first} plays first",
           "hand_dealer": "hand {hand}: seat {dealer} deals, seat {first} plays first",
           "dealt": "seat {seat} is dealt {cards}", "count": "seat {seat} is dealt {n} cards",
           "count_one": "seat {seat} is dealt 1 card", "move": "seat {seat}: {words}"},
    "es": {"scores": "puntos: {s}", "over": "fin de la partida: {who}; puntos: {s}",
           "over_bare": "fin de la partida: {who}",
           "hand_ends": "termina la mano {hand}; puntos: {s}", "hand_first": "mano {hand}: empieza el asiento {first}",
           "hand_dealer": "mano {hand}: reparte el asiento {dealer}, empieza el asiento {first}",
           "dealt": "el asiento {seat} recibe {cards}", "count": "el asiento {seat} recibe {n} cartas",
           "count_one": "el asiento {seat} recibe 1 carta", "move": "asiento {seat}: {words}"},
}


def _scores(totals: Sequence[int]) -> str:
    return ", ".join(str(t) for t in totals)


def _dealt(w: dict[str, str], e: CardsDealt, lang: str) -> str:
    if e.cards:  # in words ("the three of hearts"), as the log reads them
        return w["dealt"].format(seat=e.seat, cards=cards_words(e.cards, lang))
    return w["count_one" if e.count == 1 else "count"].format(seat=e.seat, n=e.count)


def _ended(w: dict[str, str], e: GameEnded, lang: str) -> str:
    result = e.result
    who = winners_text(getattr(result, "winners", ()), lang)
    scores = getattr(result, "scores", ())
    return w["over"].format(who=who, s=_scores(scores)) if scores else w["over_bare"].format(who=who)


def shared_event_text(event: Event, lang: str = "en",
                      move_words: Callable[[object], str] | None = None) -> str | None:
    """``event`` in words when it is one of the shared events (or a subclass), else ``None``.

    Args:
        event: the event.
        lang: ``en`` or ``es`` (another language: English).
        move_words: the words of a move (the game's ``describe_move``), for
            :class:`~naipes.events.MovePlayed`; ``None``: the move's notation.
    """
    w = _WORDS.get(lang, _WORDS["en"])
    lang = lang if lang in _WORDS else "en"
    if isinstance(event, MovePlayed):
        words = move_words(event.move) if move_words is not None else ""
        return w["move"].format(seat=event.seat, words=words or str(event.move))
    if isinstance(event, GameEnded):
        return _ended(w, event, lang)
    if isinstance(event, HandEnded):
        return w["hand_ends"].format(hand=event.hand, s=_scores(event.scores))
    if isinstance(event, HandStarted):
        key = "hand_first" if event.dealer is None else "hand_dealer"
        return w[key].format(hand=event.hand, dealer=event.dealer, first=event.first)
    if isinstance(event, CardsDealt):
        return _dealt(w, event, lang)
    if isinstance(event, ScoresChanged):
        return w["scores"].format(s=_scores(event.totals))
    return None


def _value_text(value: object) -> str:
    if isinstance(value, (tuple, list, frozenset, set)):
        return "[" + " ".join(_value_text(v) for v in value) + "]"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def event_fields_text(event: object) -> str:
    """An event as ``Name(field=value, ...)``: the words of a game that has none of its own.

    Lists show as ``[a b]``, enums by value; ``private_to`` is left out.

    >>> from naipes.events import MovePlayed
    >>> event_fields_text(MovePlayed(seat=1, move="draw"))
    'MovePlayed(seat=1, move=draw)'
    """
    kind: Any = type(event)
    if not attrs.has(kind):
        return str(event)
    fields = [f.name for f in attrs.fields(kind) if f.name != "private_to"]
    args = ", ".join(f"{name}={_value_text(getattr(event, name))}" for name in fields)
    return f"{type(event).__name__}({args})"
