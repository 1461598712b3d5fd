"""A small flow layout for table pictures: rows of captioned items that wrap.

Every length is in pixels and follows the card width ``w``: a card is
``w`` x ``1.5 w``, text is ``0.2 w`` high. Items (face-up cards, fans of
backs, melds, text) are laid out left to right in a row and wrap at
``MAX_COLUMNS`` card widths; rows stack downwards.

These are the primitives a game's own table drawer (``naipes/<game>/pictures.py``)
builds on; this module imports no game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from naipes.cards import Card
from naipes.svg._backs import draw_back
from naipes.svg._doc import Node, fmt, group, svg_root
from naipes.svg._frame import CARD_W, INK
from naipes.svg._pictures import draw

if TYPE_CHECKING:
    from naipes.game import View

__all__ = ["Item", "Sheet", "backs", "cards", "melds", "turn_line", "words"]

#: Content wraps at this many card widths.
MAX_COLUMNS = 11.0
_HIGHLIGHT, _ROW_FILL, _FELT = "#d99a00", "#f4f1e8", "#dcebdc"


class Item:
    """A box to place: its size and how to draw it at a position."""

    __slots__ = ("width", "height", "paint")

    def __init__(self, width: float, height: float, paint: Callable[[float, float], list[Node]]) -> None:
        self.width, self.height, self.paint = width, height, paint


def _text(text: str, x: float, y: float, size: float, *, bold: bool = False, fill: str = INK,
          anchor: str = "start") -> Node:
    return Node("text", text, x=x, y=y, font_family="sans-serif", font_size=size,
                font_weight="bold" if bold else "normal", fill=fill, text_anchor=anchor)


def _place(node: Node, x: float, y: float, w: float) -> Node:
    return group(node, transform=f"translate({fmt(x)} {fmt(y)}) scale({fmt(w / CARD_W)})")


def _caption(text: str, w: float) -> tuple[float, Callable[[float, float], list[Node]]]:
    size = 0.2 * w
    return (0.3 * w if text else 0.0), (lambda x, y: [_text(text, x, y + size, size)] if text else [])


def _text_width(text: str, size: float) -> float:
    return 0.56 * size * len(text)


def cards(row: Sequence[Card], w: float, *, caption: str = "", step: float = 1.08,
          mark: Card | None = None) -> Item:
    """Face-up cards side by side (``step`` card widths apart; under 1 they overlap).

    ``mark`` outlines the last card when it is that card (a card under claim).
    An empty row draws an empty place.
    """
    top, head = _caption(caption, w)
    n = len(row)
    width = max(w + (n - 1) * step * w if n else w, _text_width(caption, 0.2 * w))

    def paint(x: float, y: float) -> list[Node]:
        out = head(x, y)
        if not n:
            out.append(Node("rect", x=x, y=y + top, width=w, height=1.5 * w, rx=0.07 * w, fill="none",
                            stroke="#bbbbbb", stroke_width=1, stroke_dasharray="4 3"))
        for i, card in enumerate(row):
            out.append(_place(draw(card), x + i * step * w, y + top, w))
        if n and mark is not None and row[-1] == mark:
            out.append(Node("rect", x=x + (n - 1) * step * w - 2, y=y + top - 2, width=w + 4, height=1.5 * w + 4,
                            rx=0.09 * w, fill="none", stroke=_HIGHLIGHT, stroke_width=3))
        return out

    return Item(width, top + 1.5 * w, paint)


def backs(count: int, w: float, *, deck: str, caption: str = "", shown: int = 4) -> Item:
    """A fan of card backs with the number of cards written on it (an empty place for 0)."""
    top, head = _caption(caption, w)
    fan = min(count, shown)
    step = 0.16 * w
    width = max(w + max(fan - 1, 0) * step, _text_width(caption, 0.2 * w))

    def paint(x: float, y: float) -> list[Node]:
        out = head(x, y)
        if not count:
            out.append(Node("rect", x=x, y=y + top, width=w, height=1.5 * w, rx=0.07 * w, fill="none",
                            stroke="#bbbbbb", stroke_width=1, stroke_dasharray="4 3"))
        out.extend(_place(draw_back(deck, plain=i < fan - 1), x + i * step, y + top, w) for i in range(fan))
        cx, cy = x + (fan - 1) * step + w / 2 if fan else x + w / 2, y + top + 0.75 * w
        out.append(Node("circle", cx=cx, cy=cy, r=0.24 * w, fill="#ffffff", stroke=INK, stroke_width=1))
        out.append(_text(str(count), cx, cy + 0.1 * w, 0.28 * w, bold=True, anchor="middle"))
        return out

    return Item(width, top + 1.5 * w, paint)


def melds(groups: Sequence[Sequence[Card]], w: float, *, caption: str = "",
          notes: Sequence[str] = ()) -> list[Item]:
    """One item per meld (overlapped cards), the first with ``caption``; ``notes`` under each."""
    out = []
    for i, meld in enumerate(groups):
        item = cards(tuple(meld), w, caption=caption if i == 0 else (" " if caption else ""), step=0.42)
        note = notes[i] if i < len(notes) else ""
        out.append(_noted(item, note, w) if note else item)
    return out


def _noted(item: Item, note: str, w: float) -> Item:
    size = 0.17 * w

    def paint(x: float, y: float) -> list[Node]:
        return item.paint(x, y) + [_text(note, x, y + item.height + size * 1.1, size, fill="#555555")]

    return Item(max(item.width, _text_width(note, size)), item.height + size * 1.4, paint)


def words(lines: Sequence[str], w: float, *, bold_first: bool = False, size: float = 0.2) -> Item:
    """Lines of text."""
    px = size * w
    width = max((_text_width(t, px) for t in lines), default=0.0)

    def paint(x: float, y: float) -> list[Node]:
        return [_text(t, x, y + px * (1.25 * i + 1), px, bold=bold_first and i == 0) for i, t in enumerate(lines)]

    return Item(width, px * 1.25 * len(lines) + 0.1 * px, paint)


def turn_line(view: View[Any], names: Callable[[int], str]) -> str:
    """Who must act, in words, from the seat's point of view."""
    if not view.to_act:
        return "The game is over."
    if view.seat in view.to_act and view.legal_moves:
        return "Your move."
    return "Waiting for " + ", ".join(names(s) for s in view.to_act) + "."


class Sheet:
    """A table picture under construction: a title, then rows stacked downwards."""

    __slots__ = ("w", "nodes", "y", "right", "_rows")

    def __init__(self, w: float) -> None:
        self.w = w
        self.nodes: list[Node] = []
        self.y = 0.2 * w
        self.right = 8 * w
        self._rows: list[Node] = []

    def heading(self, *lines: str) -> None:
        """The picture's heading: the first line bold."""
        item = words(lines, self.w, bold_first=True, size=0.24)
        self.nodes.extend(item.paint(0.2 * self.w, self.y))
        self.right = max(self.right, item.width + 0.4 * self.w)
        self.y += item.height + 0.15 * self.w

    def row(self, label: Sequence[str], items: Sequence[Item], *, active: bool = False,
            felt: bool = False) -> None:
        """A row: a label column on the left, then ``items`` flowing and wrapping."""
        w, pad = self.w, 0.15 * self.w
        left = 2.1 * w
        x, y, line_h, placed = left, self.y + pad, 0.0, []
        for item in items:
            if x > left and x + item.width > left + MAX_COLUMNS * w:
                x, y, line_h = left, y + line_h + pad, 0.0
            placed.append((item, x, y))
            x += item.width + 0.25 * w
            line_h = max(line_h, item.height)
        label_item = words(label, w, bold_first=True)
        height = max(y + line_h - self.y, label_item.height) + pad
        width = max((px + it.width for it, px, _ in placed), default=left)
        self.right = max(self.right, width + pad)
        fill = _FELT if felt else _ROW_FILL
        box = Node("rect", x=0.05 * w, y=self.y, width=0, height=height, rx=0.1 * w, fill=fill,
                   stroke=_HIGHLIGHT if active else "#d8d2c0", stroke_width=3 if active else 1)
        self._rows.append(box)
        self.nodes.append(box)
        self.nodes.extend(_label(label_item, 0.2 * w, self.y + pad, w, active))
        for item, px, py in placed:
            self.nodes.extend(item.paint(px, py))
        self.y += height + 0.12 * w

    def finish(self, title: str) -> str:
        """The standalone SVG document."""
        width = self.right + 0.1 * self.w
        for box in self._rows:
            box.set("width", width - 0.15 * self.w)
        background = Node("rect", width=width, height=self.y + 0.1 * self.w, fill="#ffffff")
        return svg_root([background, *self.nodes], view_width=width, view_height=self.y + 0.1 * self.w,
                        width=width, title=title)


def _label(item: Item, x: float, y: float, w: float, active: bool) -> list[Node]:
    out = item.paint(x + (0.22 * w if active else 0), y)
    if active:
        out.append(Node("polygon", points=f"{fmt(x)},{fmt(y + 0.06 * w)} {fmt(x + 0.16 * w)},{fmt(y + 0.15 * w)} "
                                          f"{fmt(x)},{fmt(y + 0.24 * w)}", fill=_HIGHLIGHT))
    return out
