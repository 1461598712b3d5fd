"""Plugins for the example toy game: its own (zones, no drawer of its own) and broken ones.

The tests register the toy with these to check the generic drawer of
:func:`naipes.svg.render` on a third-party game. :data:`ZonedToy` is the toy's
real plugin (``naipes_toy.Plugin``, what a game's author writes); the others
are deliberately broken.
"""

from __future__ import annotations

from typing import Any, Sequence

from naipes_toy import Plugin

from naipes.plugin import GamePlugin, Zone

#: The toy's own plugin: every hand, the table, the stock and each seat's taken pile as zones.
ZonedToy = Plugin


class BadDrawer(GamePlugin[Any, Any, Any]):
    """A broken plugin: its table drawer gives bytes."""

    def draw_table(self, view: Any, width: float) -> Any:
        return b"<svg/>"


class BadZones(GamePlugin[Any, Any, Any]):
    """A broken plugin: its zones are not Zone objects."""

    def zones(self, view: Any) -> Any:
        return [{"kind": "hand", "cards": ["7H"]}]


class BadCards(GamePlugin[Any, Any, Any]):
    """A broken plugin: a zone holds text that is no card."""

    def zones(self, view: Any) -> Sequence[Zone]:
        return [Zone(kind="table", cards=("not-a-card",))]
