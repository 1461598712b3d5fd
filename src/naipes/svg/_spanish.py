"""The Spanish deck drawn: oros, copas, espadas and bastos, the numbers and the figures.

Pips are drawn shapes (no font glyphs): a gold coin, a red cup, a blue sword
and a green-brown club. The figures are told apart by their silhouettes and
colours: the **sota** is a page standing on foot (green), the **caballo** a
horseman (blue), the **rey** a crowned king in a long cloak (red and gold);
each holds its suit's pip and carries its initial, S, C or R.

Internal: the public API is :mod:`naipes.svg`.
"""

from __future__ import annotations

from naipes.cards import Card, Suit
from naipes.svg._doc import Node, group
from naipes.svg._frame import CARD_W, INK, card_shell, corner_indices, place, poly

__all__ = ["card_name", "draw_card", "pip"]

_GOLD, _GOLD_DARK = "#f2b632", "#8a5a00"
_RED, _RED_DARK = "#c62828", "#6d1010"
_BLUE, _BLUE_DARK = "#4f86c6", "#1d3f73"
_WOOD, _WOOD_DARK, _LEAF = "#b0703a", "#5a3310", "#2e7d32"
_SKIN = "#f6d2ad"

_SUIT_INK = {Suit.OROS: "#a86b00", Suit.COPAS: _RED, Suit.ESPADAS: _BLUE_DARK, Suit.BASTOS: _LEAF}
_SUIT_NAME = {Suit.OROS: "oros", Suit.COPAS: "copas", Suit.ESPADAS: "espadas", Suit.BASTOS: "bastos"}
_RANK_NAME = ("", "as", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve",
              "sota", "caballo", "rey")
#: Tall pips (sword, club) are drawn this much taller than wide ones.
_TALL = {Suit.ESPADAS: 1.45, Suit.BASTOS: 1.45}


def card_name(card: Card) -> str:
    """The card's Spanish name, e.g. ``sota de oros``.

    >>> card_name(Card.parse("Cb"))
    'caballo de bastos'
    """
    assert card.suit is not None
    return f"{_RANK_NAME[card.rank]} de {_SUIT_NAME[card.suit]}"


# -- pips, in the unit box ------------------------------------------------------------------
def _oros() -> list[Node]:
    return [Node("circle", r=0.92, fill=_GOLD, stroke=_GOLD_DARK, stroke_width=0.12),
            Node("circle", r=0.58, fill="none", stroke=_GOLD_DARK, stroke_width=0.09),
            poly([(0, -0.38), (0.11, -0.11), (0.38, 0), (0.11, 0.11), (0, 0.38), (-0.11, 0.11),
                  (-0.38, 0), (-0.11, -0.11)], fill=_RED)]


def _copas() -> list[Node]:
    cup = ("M -0.78 -0.8 L 0.78 -0.8 Q 0.78 -0.05 0.14 0.1 L 0.12 0.5 Q 0.5 0.62 0.6 0.92 "
           "L -0.6 0.92 Q -0.5 0.62 -0.12 0.5 L -0.14 0.1 Q -0.78 -0.05 -0.78 -0.8 Z")
    return [Node("path", d=cup, fill=_RED, stroke=_RED_DARK, stroke_width=0.1),
            Node("ellipse", cy=-0.8, rx=0.78, ry=0.16, fill=_GOLD, stroke=_RED_DARK, stroke_width=0.08),
            Node("ellipse", cy=0.32, rx=0.24, ry=0.09, fill=_GOLD, stroke=_RED_DARK, stroke_width=0.06),
            Node("path", d="M -0.45 -0.5 Q -0.4 -0.2 -0.05 -0.1", fill="none", stroke=_GOLD,
                 stroke_width=0.1)]


def _espadas() -> list[Node]:
    blade = "M 0 -1 L 0.23 -0.72 L 0.2 0.42 L -0.2 0.42 L -0.23 -0.72 Z"
    return [Node("path", d=blade, fill=_BLUE, stroke=_BLUE_DARK, stroke_width=0.07),
            Node("path", d="M 0 -0.85 L 0 0.38", stroke="#dbe8f7", stroke_width=0.06),
            Node("rect", x=-0.58, y=0.42, width=1.16, height=0.15, rx=0.07, fill=_GOLD,
                 stroke=_GOLD_DARK, stroke_width=0.05),
            Node("rect", x=-0.09, y=0.57, width=0.18, height=0.3, fill=_RED_DARK),
            Node("circle", cy=0.92, r=0.1, fill=_GOLD, stroke=_GOLD_DARK, stroke_width=0.05)]


def _bastos() -> list[Node]:
    club = "M -0.13 0.97 L 0.13 0.97 L 0.33 -0.68 Q 0.35 -0.98 0 -0.98 Q -0.35 -0.98 -0.33 -0.68 Z"
    return [Node("path", d=club, fill=_WOOD, stroke=_WOOD_DARK, stroke_width=0.08),
            Node("circle", cx=0.26, cy=-0.3, r=0.1, fill=_WOOD_DARK),
            Node("circle", cx=-0.22, cy=0.05, r=0.09, fill=_WOOD_DARK),
            Node("circle", cx=0.16, cy=0.45, r=0.08, fill=_WOOD_DARK),
            Node("path", d="M -0.3 -0.5 Q -0.75 -0.75 -0.62 -0.25 Q -0.45 -0.35 -0.3 -0.5 Z", fill=_LEAF),
            Node("path", d="M 0.25 0.2 Q 0.7 0.05 0.6 0.45 Q 0.4 0.4 0.25 0.2 Z", fill=_LEAF)]


_PIPS = {Suit.OROS: _oros, Suit.COPAS: _copas, Suit.ESPADAS: _espadas, Suit.BASTOS: _bastos}


def pip(suit: Suit) -> list[Node]:
    """The shapes of one pip of ``suit`` in the unit box (for :func:`~naipes.svg._frame.place`)."""
    return _PIPS[suit]()


# -- number cards ---------------------------------------------------------------------------
_L, _R, _C = 0.2, 0.8, 0.5
_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_C, 0.12), (_C, 0.88)),
    3: ((_C, 0.1), (_C, 0.5), (_C, 0.9)),
    4: ((_L, 0.14), (_R, 0.14), (_L, 0.86), (_R, 0.86)),
    5: ((_L, 0.12), (_R, 0.12), (_C, 0.5), (_L, 0.88), (_R, 0.88)),
    6: ((_L, 0.1), (_R, 0.1), (_L, 0.5), (_R, 0.5), (_L, 0.9), (_R, 0.9)),
    7: ((_L, 0.08), (_R, 0.08), (_C, 0.29), (_L, 0.5), (_R, 0.5), (_L, 0.92), (_R, 0.92)),
    8: ((_L, 0.06), (_R, 0.06), (_L, 0.35), (_R, 0.35), (_L, 0.65), (_R, 0.65), (_L, 0.94), (_R, 0.94)),
    9: ((0.1, 0.1), (_C, 0.1), (0.9, 0.1), (0.1, 0.5), (_C, 0.5), (0.9, 0.5), (0.1, 0.9), (_C, 0.9),
        (0.9, 0.9)),
}


def _numbers(suit: Suit, rank: int) -> list[Node]:
    tall = _TALL.get(suit, 1.0)
    if rank == 1:
        return [place(pip(suit), 50, 75, 26 if tall == 1.0 else 22, stretch=tall)]
    scale = (9.5 if rank >= 7 else 11.0) if tall == 1.0 else (8.0 if rank >= 7 else 9.5)
    x0, x1, y0, y1 = 24.0, 76.0, 26.0 + scale * tall * 0.55, 124.0 - scale * tall * 0.55
    return [place(pip(suit), x0 + (x1 - x0) * u, y0 + (y1 - y0) * v, scale, stretch=tall)
            for u, v in _LAYOUTS[rank]]


# -- figures --------------------------------------------------------------------------------
def _head(cx: float, cy: float, r: float) -> Node:
    return Node("circle", cx=cx, cy=cy, r=r, fill=_SKIN, stroke=INK, stroke_width=1)


def _sota(suit: Suit) -> list[Node]:
    """A page standing on two legs, in a short tunic and a flat cap."""
    ink = _SUIT_INK[suit]
    return [
        Node("rect", x=40, y=98, width=7, height=22, fill="#3b6e3b", stroke=INK, stroke_width=0.8),
        Node("rect", x=53, y=98, width=7, height=22, fill="#3b6e3b", stroke=INK, stroke_width=0.8),
        Node("path", d="M 37 121 h 11 v 4 h -11 Z M 52 121 h 11 v 4 h -11 Z", fill=INK),
        poly([(40, 62), (60, 62), (66, 100), (34, 100)], fill="#5aa65a", stroke=INK, stroke_width=1),
        Node("path", d="M 40 62 L 50 74 L 60 62", fill="none", stroke=ink, stroke_width=2),
        _head(50, 51, 9),
        Node("ellipse", cx=50, cy=42, rx=13, ry=4, fill=ink, stroke=INK, stroke_width=0.8),
        place(pip(suit), 71, 72, 9, stretch=_TALL.get(suit, 1.0)),
    ]


def _caballo(suit: Suit) -> list[Node]:
    """A horseman: a horse seen from the side with a rider on its back."""
    horse = ("M 24 92 Q 26 80 40 80 L 60 80 Q 64 68 67 57 L 70 50 L 74 53 Q 84 58 87 66 "
             "Q 86 71 81 70 L 75 67 Q 75 82 72 92 Q 66 98 58 96 L 36 96 Q 26 98 24 92 Z")
    legs = "M 30 94 l -2 24 M 38 96 l 0 24 M 60 96 l 2 24 M 68 93 l 5 22"
    return [
        Node("path", d=legs, stroke="#5b3a1e", stroke_width=4.5, stroke_linecap="round"),
        Node("path", d=horse, fill="#8a5a2b", stroke=INK, stroke_width=1),
        Node("path", d="M 24 88 Q 14 92 16 110", fill="none", stroke=INK, stroke_width=3),
        Node("circle", cx=77, cy=59, r=1.4, fill=INK),
        poly([(69, 52), (70, 44), (74, 53)], fill="#8a5a2b", stroke=INK, stroke_width=0.8),
        Node("path", d="M 68 52 Q 62 64 60 78", fill="none", stroke="#3b2412", stroke_width=3),
        Node("path", d="M 47 82 L 45 98", stroke=_BLUE_DARK, stroke_width=4, stroke_linecap="round"),
        poly([(40, 60), (56, 60), (60, 84), (38, 84)], fill=_BLUE, stroke=INK, stroke_width=1),
        _head(48, 50, 8),
        Node("path", d="M 40 46 Q 48 34 56 46 Z", fill=_SUIT_INK[suit], stroke=INK, stroke_width=0.8),
        place(pip(suit), 30, 58, 8, stretch=_TALL.get(suit, 1.0)),
    ]


def _rey(suit: Suit) -> list[Node]:
    """A king with a gold crown, a beard and a cloak down to his feet."""
    crown = [(37, 44), (40, 30), (45, 38), (50, 27), (55, 38), (60, 30), (63, 44)]
    return [
        Node("path", d="M 36 64 Q 28 100 26 124 L 74 124 Q 72 100 64 64 Z", fill="#b71c1c",
             stroke=INK, stroke_width=1),
        Node("path", d="M 44 66 L 44 124 M 56 66 L 56 124", stroke=_GOLD, stroke_width=3),
        _head(50, 53, 10),
        Node("path", d="M 41 56 Q 50 76 59 56 Q 50 62 41 56 Z", fill="#6d4c2f"),
        poly(crown, fill=_GOLD, stroke=_GOLD_DARK, stroke_width=1),
        Node("circle", cx=50, cy=40, r=1.8, fill=_RED),
        place(pip(suit), 72, 90, 9, stretch=_TALL.get(suit, 1.0)),
    ]


_FIGURES = {10: (_sota, "S", "#e3f1e0"), 11: (_caballo, "C", "#e1ebf7"), 12: (_rey, "R", "#fbe7c6")}


def _figure(suit: Suit, rank: int) -> list[Node]:
    draw, letter, tint = _FIGURES[rank]
    panel = Node("rect", x=19, y=22, width=62, height=106, rx=4, fill=tint, stroke=_SUIT_INK[suit],
                 stroke_width=1.5)
    badge = Node("text", letter, x=75, y=36, font_family="serif", font_size=15, font_weight="bold",
                 text_anchor="middle", fill=_SUIT_INK[suit])
    return [panel, group(*draw(suit)), badge]


def draw_card(card: Card) -> Node:
    """The ``<g>`` of a Spanish card, 100 x 150 units, titled with its name."""
    suit = card.suit
    assert suit is not None and suit.is_spanish
    shell = card_shell(str(card), f"{card_name(card)} ({card})")
    ink = _SUIT_INK[suit]
    shell.add(Node("rect", x=4, y=4, width=CARD_W - 8, height=142, rx=5, fill="none", stroke=ink,
                   stroke_width=0.8))
    body = _figure(suit, card.rank) if card.rank >= 10 else _numbers(suit, card.rank)
    shell.add(*body, *corner_indices(str(card.rank), pip(suit), ink, stretch=_TALL.get(suit, 1.0)))
    return shell
