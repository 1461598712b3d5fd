"""The French deck drawn: spades, hearts, diamonds and clubs, the court cards and the joker.

Suit pips are drawn paths, not font glyphs. Court cards show their letter
large under a motif of their own (a crown for the king, a tiara for the queen,
a feathered cap for the jack); the joker wears a jester's cap.

Internal: the public API is :mod:`naipes.svg`.
"""

from __future__ import annotations

from naipes.cards import JOKER, Card, Suit
from naipes.svg._doc import Node, group
from naipes.svg._frame import card_shell, corner_indices, place, poly

__all__ = ["card_name", "draw_card", "pip"]

_RED, _BLACK, _GOLD, _GOLD_DARK = "#c8102e", "#1a1a1a", "#f2b632", "#8a5a00"
_INK = {Suit.SPADES: _BLACK, Suit.HEARTS: _RED, Suit.DIAMONDS: _RED, Suit.CLUBS: _BLACK}
_SUIT_NAME = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}
_RANK_NAME = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
_RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}


def card_name(card: Card) -> str:
    """The card's English name, e.g. ``queen of diamonds`` or ``joker``.

    >>> card_name(Card.parse("7H")), card_name(Card.parse("JK"))
    ('7 of hearts', 'joker')
    """
    if card.suit is None:
        return "joker"
    return f"{_RANK_NAME.get(card.rank, str(card.rank))} of {_SUIT_NAME[card.suit]}"


# -- pips, in the unit box ------------------------------------------------------------------
_HEART = ("M 0 0.92 C -0.25 0.62 -1 0.2 -1 -0.34 C -1 -0.86 -0.32 -1.06 0 -0.55 "
          "C 0.32 -1.06 1 -0.86 1 -0.34 C 1 0.2 0.25 0.62 0 0.92 Z")
_SPADE = ("M 0 -0.96 C 0.25 -0.62 1 -0.24 1 0.2 C 1 0.66 0.42 0.78 0.1 0.44 L 0.34 0.96 "
          "L -0.34 0.96 L -0.1 0.44 C -0.42 0.78 -1 0.66 -1 0.2 C -1 -0.24 -0.25 -0.62 0 -0.96 Z")


def pip(suit: Suit) -> list[Node]:
    """The shapes of one pip of ``suit`` in the unit box."""
    ink = _INK[suit]
    if suit is Suit.HEARTS:
        return [Node("path", d=_HEART, fill=ink)]
    if suit is Suit.DIAMONDS:
        return [poly([(0, -1), (0.74, 0), (0, 1), (-0.74, 0)], fill=ink)]
    if suit is Suit.SPADES:
        return [Node("path", d=_SPADE, fill=ink)]
    return [Node("circle", cy=-0.5, r=0.42, fill=ink), Node("circle", cx=-0.47, cy=0.12, r=0.42, fill=ink),
            Node("circle", cx=0.47, cy=0.12, r=0.42, fill=ink),
            Node("path", d="M -0.1 0 L 0.1 0 L 0.32 0.96 L -0.32 0.96 Z", fill=ink)]


# -- number cards ---------------------------------------------------------------------------
_T = 1 / 3
_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0), (0.5, 1)),
    3: ((0.5, 0), (0.5, 0.5), (0.5, 1)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: ((0, 0), (1, 0), (0, _T), (1, _T), (0.5, 0.5), (0, 2 * _T), (1, 2 * _T), (0, 1), (1, 1)),
    10: ((0, 0), (1, 0), (0.5, 1 / 6), (0, _T), (1, _T), (0, 2 * _T), (1, 2 * _T), (0.5, 5 / 6),
         (0, 1), (1, 1)),
}


def _numbers(suit: Suit, rank: int) -> list[Node]:
    if rank == 1:
        return [place(pip(suit), 50, 75, 24)]
    return [place(pip(suit), 31 + 38 * u, 32 + 86 * v, 10, turn=v > 0.5) for u, v in _LAYOUTS[rank]]


# -- court cards and the joker ----------------------------------------------------------------
def _motif(rank: int, ink: str) -> Node:
    if rank == 13:
        return poly([(34, 50), (37, 32), (43, 42), (50, 28), (57, 42), (63, 32), (66, 50)],
                    fill=_GOLD, stroke=_GOLD_DARK, stroke_width=1)
    if rank == 12:
        return group(Node("path", d="M 36 50 Q 38 36 50 34 Q 62 36 64 50 Z", fill=_GOLD, stroke=_GOLD_DARK,
                          stroke_width=1),
                     *(Node("circle", cx=x, cy=y, r=2.4, fill="#ffffff", stroke=_GOLD_DARK, stroke_width=0.6)
                       for x, y in ((40, 41), (50, 33), (60, 41))))
    return group(Node("path", d="M 34 50 Q 36 38 50 38 Q 64 38 66 50 Z", fill=ink),
                 Node("path", d="M 58 40 Q 72 26 70 20 Q 64 30 56 38 Z", fill=_GOLD, stroke=_GOLD_DARK,
                      stroke_width=0.8))


def _court(suit: Suit, rank: int) -> list[Node]:
    ink = _INK[suit]
    return [Node("rect", x=20, y=22, width=60, height=106, rx=4, fill="#f7f0dc", stroke=ink, stroke_width=1.2),
            _motif(rank, ink),
            Node("text", _RANK_TEXT[rank], x=50, y=94, font_family="serif", font_size=44, font_weight="bold",
                 text_anchor="middle", fill=ink),
            place(pip(suit), 50, 112, 9)]


def _joker() -> list[Node]:
    cap = "M 22 84 Q 30 50 18 40 Q 40 46 50 30 Q 60 46 82 40 Q 70 50 78 84 Z"
    letters = [Node("text", ch, x=11, y=24 + 13 * i, font_family="sans-serif", font_size=12, font_weight="bold",
                    text_anchor="middle", fill="#6a1b9a") for i, ch in enumerate("JOKER")]
    return [Node("path", d=cap, fill="#6a1b9a", stroke="#2d0b42", stroke_width=1.2),
            Node("path", d="M 50 30 L 50 84", stroke="#2e7d32", stroke_width=6),
            *(Node("circle", cx=x, cy=y, r=4, fill=_GOLD, stroke=_GOLD_DARK, stroke_width=0.8)
              for x, y in ((18, 40), (50, 30), (82, 40))),
            Node("rect", x=20, y=84, width=60, height=9, rx=3, fill=_GOLD, stroke=_GOLD_DARK, stroke_width=0.8),
            Node("circle", cx=50, cy=110, r=14, fill="#f6d2ad", stroke="#2d0b42", stroke_width=1),
            Node("path", d="M 43 113 Q 50 120 57 113", fill="none", stroke=_RED, stroke_width=1.6),
            *letters, group(*letters, transform="rotate(180 50 75)")]


def draw_card(card: Card) -> Node:
    """The ``<g>`` of a French card or the joker, 100 x 150 units, titled with its name."""
    shell = card_shell(str(card), f"{card_name(card)} ({card})")
    suit = card.suit
    if card is JOKER or suit is None:
        return shell.add(*_joker())
    body = _court(suit, card.rank) if card.rank >= 11 else _numbers(suit, card.rank)
    text = _RANK_TEXT.get(card.rank, str(card.rank))
    return shell.add(*body, *corner_indices(text, pip(suit), _INK[suit], font="sans-serif"))
