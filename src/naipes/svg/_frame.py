"""What every card face shares: the 100 x 150 card, its corner indices, placing shapes.

A card is drawn in a box of :data:`CARD_W` x :data:`CARD_H` units; pictures scale it.
Pip shapes are drawn in a unit box ([-1, 1] on both axes) and placed with :func:`place`.
"""

from __future__ import annotations

from typing import Sequence

from naipes.svg._doc import Node, fmt, group

__all__ = ["CARD_H", "CARD_W", "INK", "card_shell", "corner_indices", "place", "poly"]

#: The card's width in drawing units.
CARD_W = 100.0
#: The card's height in drawing units.
CARD_H = 150.0
#: Outline and text colour.
INK = "#222222"
_PAPER = "#fffdf7"


def place(shape: Node | Sequence[Node], x: float, y: float, scale: float, *, turn: bool = False,
          stretch: float = 1.0) -> Node:
    """``shape`` (drawn in the unit box) centred at ``(x, y)``, ``scale`` units per unit.

    ``turn`` draws it upside down (the lower half of a French card);
    ``stretch`` scales it vertically again.
    """
    spin = " rotate(180)" if turn else ""
    sy = f" {fmt(scale * stretch)}" if stretch != 1.0 else ""
    shapes = [shape] if isinstance(shape, Node) else list(shape)
    return group(*shapes, transform=f"translate({fmt(x)} {fmt(y)}){spin} scale({fmt(scale)}{sy})")


def poly(points: Sequence[tuple[float, float]], **attrs: str | float) -> Node:
    """A closed ``<polygon>`` through ``points``."""
    return Node("polygon", points=" ".join(f"{fmt(x)},{fmt(y)}" for x, y in points), **attrs)


def card_shell(notation: str, title: str, *, kind: str = "card") -> Node:
    """The ``<g>`` of one card: its ``<title>``, identity attributes and the paper."""
    shell = group(Node("title", title), class_=kind, data_card=notation)
    shell.add(Node("rect", x=0.75, y=0.75, width=CARD_W - 1.5, height=CARD_H - 1.5, rx=7,
                   fill=_PAPER, stroke=INK, stroke_width=1.5))
    return shell


def corner_indices(text: str, pip: Node | Sequence[Node], colour: str, *, pip_scale: float = 6.0,
                   stretch: float = 1.0, font: str = "sans-serif") -> list[Node]:
    """The rank and a small pip in the top-left corner and, upside down, the bottom-right."""
    size = 19 if len(text) < 2 else 16
    one = group(
        Node("text", text, x=10.5, y=20, font_family=font, font_size=size, font_weight="bold",
             text_anchor="middle", fill=colour, letter_spacing=-1 if len(text) > 1 else 0),
        place(pip, 10.5, 31, pip_scale, stretch=stretch),
    )
    other = group(*one.children, transform=f"rotate(180 {fmt(CARD_W / 2)} {fmt(CARD_H / 2)})")
    return [one, other]
