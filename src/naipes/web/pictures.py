"""SVG pictures the server sends: cards, backs and tables, from :mod:`naipes.svg`.

When :mod:`naipes.svg` is not installed, a card is drawn as its notation in a
box, so the server still works.

>>> card_svg("7o").startswith("<svg")
True
>>> card_svg("99x")
Traceback (most recent call last):
...
naipes.errors.NotationError: '99x': ...

.. versionadded:: 1.1
"""

from __future__ import annotations

import functools
import importlib
from html import escape
from types import ModuleType
from typing import Any

from naipes.cards import Card

__all__ = ["back_svg", "card_svg", "table_svg"]

#: Width in px of the pictures (the page scales them).
WIDTH = 60


def _svg() -> ModuleType | None:
    try:
        return importlib.import_module("naipes.svg")
    except ImportError:
        return None


def _box(text: str) -> str:
    w, h = WIDTH, WIDTH * 3 // 2
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">'
            f'<rect x="1" y="1" width="{w - 2}" height="{h - 2}" rx="5" fill="#fff" stroke="#333"/>'
            f'<text x="{w // 2}" y="{h // 2}" text-anchor="middle" font-size="16" '
            f'font-family="sans-serif">{escape(text)}</text></svg>')


@functools.lru_cache(maxsize=256)
def card_svg(notation: str) -> str:
    """A card's picture.

    Raises:
        NotationError: for text that names no card.
    """
    card = Card.parse(notation)
    module = _svg()
    return module.card(card, width=WIDTH) if module is not None else _box(card.symbol())


@functools.lru_cache(maxsize=4)
def back_svg(deck: str) -> str:
    """A card back of the ``spanish`` or ``french`` deck."""
    module = _svg()
    if module is None:
        return _box("")
    return module.back(width=WIDTH, deck="french" if deck == "french" else "spanish")  # type: ignore[no-any-return]


def table_svg(view: Any) -> str:
    """The table as ``view``'s seat sees it."""
    module = _svg()
    if module is None:
        return _box(f"seat {view.seat}")
    return module.render(view, width=WIDTH)  # type: ignore[no-any-return]
