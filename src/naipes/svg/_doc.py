"""A tiny, safe SVG writer: elements as values, text and attributes always escaped.

Numbers are written with at most two decimals and no trailing zeros, and
attributes in the order given, so the same drawing always gives the same bytes.

>>> str(Node("rect", x=1.0, y=2.5, fill="#fff"))
'<rect x="1" y="2.5" fill="#fff"/>'
>>> str(Node("text", "a < b & \\"c\\"", x=3))
'<text x="3">a &lt; b &amp; "c"</text>'
"""

from __future__ import annotations

import math
from typing import Iterable, Union

__all__ = ["Node", "SVG_NS", "check_width", "escape", "fmt", "group", "svg_root"]

#: The SVG namespace.
SVG_NS = "http://www.w3.org/2000/svg"

Attr = Union[str, int, float]
Child = Union["Node", str]

_TEXT = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_ATTR = {**_TEXT, '"': "&quot;"}


def escape(text: str, *, attribute: bool = False) -> str:
    """``text`` escaped for XML character data (or for a double-quoted attribute).

    Characters XML 1.0 cannot hold (most control characters) become U+FFFD.
    """
    table = _ATTR if attribute else _TEXT
    return "".join(table.get(ch, ch) if _allowed(ch) else "\ufffd" for ch in text)


def _allowed(ch: str) -> bool:
    o = ord(ch)
    return o >= 0x20 and not 0xD800 <= o <= 0xDFFF and o not in (0xFFFE, 0xFFFF) or ch in "\t\n\r"


def fmt(value: Attr) -> str:
    """An attribute value as text: numbers rounded to two decimals, ``-0`` as ``0``."""
    if isinstance(value, bool):
        raise TypeError("an SVG attribute is not a bool")
    if isinstance(value, (int, float)):
        text = f"{float(value):.2f}".rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else text
    return value


class Node:
    """One SVG element: a tag, attributes (keyword, ``_`` for ``-``) and children.

    A trailing underscore is dropped (``class_`` is ``class``); other
    underscores become hyphens (``font_size`` is ``font-size``).
    """

    __slots__ = ("tag", "attrs", "children")

    def __init__(self, tag: str, *children: Child, **attrs: Attr) -> None:
        self.tag = tag
        self.attrs: tuple[tuple[str, str], ...] = tuple(
            (_name(k), fmt(v)) for k, v in attrs.items())
        self.children: list[Child] = list(children)

    def set(self, name: str, value: Attr) -> Node:
        """Set attribute ``name`` (replacing it in place, else appended); returns ``self``."""
        name, text = _name(name), fmt(value)
        if any(k == name for k, _ in self.attrs):
            self.attrs = tuple((k, text if k == name else v) for k, v in self.attrs)
        else:
            self.attrs += ((name, text),)
        return self

    def add(self, *children: Child) -> Node:
        """Append children; returns ``self``."""
        self.children.extend(children)
        return self

    def __str__(self) -> str:
        return "".join(self._parts())

    def _parts(self) -> Iterable[str]:
        head = "<" + self.tag + "".join(f' {k}="{escape(v, attribute=True)}"' for k, v in self.attrs)
        if not self.children:
            yield head + "/>"
            return
        yield head + ">"
        for child in self.children:
            if isinstance(child, Node):
                yield from child._parts()
            else:
                yield escape(child)
        yield f"</{self.tag}>"


def _name(key: str) -> str:
    if key.endswith("_"):
        key = key[:-1]
    return key.replace("_", "-")


def group(*children: Child, **attrs: Attr) -> Node:
    """A ``<g>`` element."""
    return Node("g", *children, **attrs)


def check_width(width: object) -> float:
    """``width`` as a float, or :class:`~naipes.errors.UsageError` (code ``bad_width``)."""
    from naipes.errors import UsageError

    if isinstance(width, bool) or not isinstance(width, (int, float)) or not math.isfinite(width) \
            or not 1 <= width <= 10_000:
        raise UsageError(f"a picture's width is a number from 1 to 10000, not {width!r:.40}", code="bad_width")
    return float(width)


def svg_root(body: Iterable[Child], *, view_width: float, view_height: float, width: float,
             title: str) -> str:
    """A standalone ``<svg>`` document: namespace, ``viewBox``, size and a ``<title>``."""
    height = width * view_height / view_width
    root = Node("svg", Node("title", title), *body, xmlns=SVG_NS,
                viewBox=f"0 0 {fmt(view_width)} {fmt(view_height)}", width=width, height=height,
                role="img")
    return str(root)
