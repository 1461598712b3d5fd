"""Cards in the words a person reads, in English and Spanish (internal; the games' text uses it).

>>> from naipes.cards import Card
>>> card_words(Card.parse("7o")), card_words(Card.parse("10c"), "es"), card_words(Card.parse("QH"))
('the seven of coins', 'la sota de copas', 'the queen of hearts')
>>> card_words(Card.parse("1e"), "es", article=False), cards_words([Card.parse("1b"), Card.parse("2b")])
('as de espadas', 'the ace of clubs and the two of clubs')

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import Sequence

from naipes.cards import Card, Suit

__all__ = ["card_words", "cards_words", "number_words"]

_NUMBERS = {"en": ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
            "es": ("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez")}
_SUITS = {"en": {Suit.OROS: "coins", Suit.COPAS: "cups", Suit.ESPADAS: "swords", Suit.BASTOS: "clubs",
                 Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"},
          "es": {Suit.OROS: "oros", Suit.COPAS: "copas", Suit.ESPADAS: "espadas", Suit.BASTOS: "bastos",
                 Suit.SPADES: "picas", Suit.HEARTS: "corazones", Suit.DIAMONDS: "diamantes", Suit.CLUBS: "tréboles"}}
# (name, Spanish article) of the figures and the ace
_Figures = dict[str, dict[int, object]]
_SPANISH_FIGURES: _Figures = {"en": {1: "ace", 10: "knave", 11: "knight", 12: "king"},
                    "es": {1: ("as", "el"), 10: ("sota", "la"), 11: ("caballo", "el"), 12: ("rey", "el")}}
_FRENCH_FIGURES: _Figures = {"en": {1: "ace", 11: "jack", 12: "queen", 13: "king"},
                   "es": {1: ("as", "el"), 11: ("jota", "la"), 12: ("reina", "la"), 13: ("rey", "el")}}


def _lang(lang: str) -> str:
    return "es" if lang == "es" else "en"


def number_words(n: int, lang: str = "en") -> str:
    """A small number in words (``seven``, ``siete``); digits from 11 on.

    >>> number_words(7), number_words(7, "es"), number_words(25)
    ('seven', 'siete', '25')
    """
    words = _NUMBERS[_lang(lang)]
    return words[n] if 0 <= n < len(words) else str(n)


def card_words(card: Card, lang: str = "en", *, article: bool = True) -> str:
    """One card in words: ``the seven of coins``, ``el caballo de bastos``, ``a joker``."""
    lang = _lang(lang)
    if card.is_joker or card.suit is None:
        if article:
            return "a joker" if lang == "en" else "un comodín"
        return "joker" if lang == "en" else "comodín"
    figures = _SPANISH_FIGURES if card.suit.is_spanish else _FRENCH_FIGURES
    figure = figures[lang].get(card.rank)
    suit = _SUITS[lang][card.suit]
    if lang == "en":
        name = figure if isinstance(figure, str) else number_words(card.rank)
        return f"{'the ' if article else ''}{name} of {suit}"
    name, the = (str(figure[0]), str(figure[1])) if isinstance(figure, tuple) else (number_words(card.rank, "es"), "el")
    return f"{the + ' ' if article else ''}{name} de {suit}"


def cards_words(cards: Sequence[Card], lang: str = "en") -> str:
    """Several cards in words, joined with ``and``/``y`` (``nothing``/``nada`` for none)."""
    words = [card_words(c, lang) for c in cards]
    if not words:
        return "nothing" if _lang(lang) == "en" else "nada"
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {'and' if _lang(lang) == 'en' else 'y'} {words[-1]}"
