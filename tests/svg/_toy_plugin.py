"""A plugin for the example toy game that describes its table as zones (no drawer of its own).

The tests register the toy with this plugin to check the generic drawer of
:func:`naipes.svg.render` on a third-party game: what a game's author writes.
"""

from __future__ import annotations

from typing import Any, Sequence

from naipes.plugin import GamePlugin, Zone


def _notation(cards: Sequence[object]) -> tuple[str, ...]:
    return tuple(str(c) for c in cards)


class ZonedToy(GamePlugin[Any, Any, Any]):
    """The toy game's zones: every hand, the table, the stock and each seat's taken pile."""

    def zones(self, view: Any) -> Sequence[Zone]:
        n = len(view.hand_sizes)
        out = []
        for s in range(n):
            if s == view.seat:
                out.append(Zone(kind="hand", label="Your hand", cards=_notation(view.hand), seat=s))
            else:
                out.append(Zone(kind="hand", label=f"Seat {s}'s hand", hidden=view.hand_sizes[s], seat=s))
            out.append(Zone(kind="captured", name=f"pile{s}", label="taken", cards=_notation(view.piles[s]),
                            seat=s, fanned=False))
        out.append(Zone(kind="table", label="Table", cards=_notation(view.table)))
        out.append(Zone(kind="stock", label="Stock", hidden=view.stock_size, fanned=False))
        return out


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
