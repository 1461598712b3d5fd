"""The back of a card: a lattice in the deck's colour, the same for every card of a deck.

Internal: the public API is :mod:`naipes.svg`.
"""

from __future__ import annotations

from naipes.svg._doc import Node, group
from naipes.svg._frame import CARD_H, CARD_W, INK

__all__ = ["DECK_COLOURS", "draw_back"]

#: The back colour of each deck.
DECK_COLOURS = {"spanish": "#9b1b30", "french": "#1f4e9b"}


def draw_back(deck: str, *, plain: bool = False) -> Node:
    """The ``<g>`` of a card back of ``deck`` (``spanish`` or ``french``), 100 x 150 units.

    ``plain`` leaves out the lattice and the emblem (for the backs under the top one of a fan).
    """
    colour = DECK_COLOURS[deck]
    back = group(Node("title", "card back"), class_="back", data_deck=deck)
    back.add(Node("rect", x=0.75, y=0.75, width=CARD_W - 1.5, height=CARD_H - 1.5, rx=7, fill="#ffffff",
                  stroke=INK, stroke_width=1.5),
             Node("rect", x=6, y=6, width=CARD_W - 12, height=CARD_H - 12, rx=4, fill=colour))
    if plain:
        return back
    back.add(Node("path", d=_LATTICE, fill="none", stroke="#ffffff", stroke_width=0.8, opacity=0.55))
    back.add(Node("ellipse", cx=50, cy=75, rx=20, ry=28, fill=colour, stroke="#ffffff", stroke_width=2),
             Node("ellipse", cx=50, cy=75, rx=12, ry=18, fill="none", stroke=_EMBLEM[deck], stroke_width=2.5))
    return back


_LATTICE = " ".join(f"M{x} {y - 5}l5 5-5 5-5-5z" for y in range(16, 140, 10)
                    for x in range(16 + (y // 10 % 2) * 5, 90, 10))
_EMBLEM = {"spanish": "#f2b632", "french": "#ffffff"}
