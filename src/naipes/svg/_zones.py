"""The generic table drawer: a game's :class:`~naipes.plugin.Zone` list drawn as seat rows.

A game whose plugin draws no table of its own (``draw_table`` returns ``None``)
gets this picture from its ``zones(view)``: a heading (the game, the scores,
whose turn), a row for every other seat, a row for the shared zones (the
table, piles, melds, foundations, stock, discards) and the seat's own row last.
Every zone is captioned with the name moves use for it and its label; face-down
cards are drawn as backs with their count, so the picture shows no more than
the zones do. The row of each seat to act is outlined.

Internal: the public API is :func:`naipes.svg.render`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from naipes.cards import Card
from naipes.errors import NaipesError, UsageError
from naipes.svg._layout import Item, Sheet, backs, cards, turn_line

if TYPE_CHECKING:
    from naipes.game import View
    from naipes.plugin import Zone

__all__ = ["draw_zones"]

#: Face-up cards a stacked zone (``fanned=False``) shows: its top ones.
STACK_SHOWN = 6


def draw_zones(view: View[Any], zones: Sequence[Zone], *, game: str, deck: str, w: float) -> str:
    """The table of ``view`` drawn from ``zones``, ``w`` pixels per card width.

    Args:
        view: the seat's view (its ``seat``, ``scores`` and ``to_act``).
        zones: what the game's plugin says lies on the table.
        game: the game's name, for the heading and the title.
        deck: ``"spanish"`` or ``"french"``, the colour of the backs.
        w: the width of one card.

    Raises:
        UsageError: for a zone whose cards are not card notation (code ``bad_zone``).
    """
    sheet = Sheet(w)
    scores = " · ".join(f"seat {s}: {x}" for s, x in enumerate(view.scores))
    sheet.heading(f"{game.capitalize()} · seen by seat {view.seat}", f"Scores: {scores}",
                  turn_line(view, lambda s: f"seat {s}"))
    mine, shared, others = _split(view, zones)
    for seat, group in others:
        sheet.row([f"seat {seat}"], _items(group, w, deck), active=seat in view.to_act)
    if shared:
        sheet.row(["Table"], _items(shared, w, deck), felt=True)
    sheet.row([f"You (seat {view.seat})"], _items(mine, w, deck), active=view.seat in view.to_act)
    return sheet.finish(f"{game.capitalize()} table seen by seat {view.seat}")


def _split(view: View[Any], zones: Sequence[Zone]) -> tuple[list[Zone], list[Zone],
                                                           list[tuple[int, list[Zone]]]]:
    """The seat's own zones, the shared ones, and every other seat's (in turn order after the seat)."""
    seats = {z.seat for z in zones if z.seat is not None} | set(view.to_act)
    seats.discard(view.seat)
    n = max([view.seat, *seats]) + 1
    order = sorted(seats, key=lambda s: (s - view.seat) % n)
    others = [(s, [z for z in zones if z.seat == s]) for s in order]
    mine = [z for z in zones if z.seat == view.seat]
    return mine, [z for z in zones if z.seat is None], others


def _items(zones: Sequence[Zone], w: float, deck: str) -> list[Item]:
    out: list[Item] = []
    for zone in zones:
        out.extend(_zone_items(zone, w, deck))
    return out


def _caption(zone: Zone) -> str:
    label = zone.label or zone.kind
    return f"{zone.name}: {label}" if zone.name else label


def _zone_items(zone: Zone, w: float, deck: str) -> list[Item]:
    """A zone as items: its face-down cards as backs with the count, then its face-up cards."""
    faces = _parse(zone)
    caption = _caption(zone)
    items: list[Item] = []
    if zone.hidden or not faces and zone.kind == "stock":
        items.append(backs(zone.hidden, w, deck=deck, caption=caption))
        caption = "face up" if faces else ""
        if not faces:
            return items
    if zone.fanned:
        step = 0.75 if zone.kind == "hand" else 0.42 if zone.kind == "meld" else 0.5
        items.append(cards(faces, w, caption=caption, step=step))
        return items
    shown = faces[-STACK_SHOWN:]
    more = f" ({len(faces)})" if len(faces) > len(shown) else ""
    items.append(cards(shown, w, caption=caption + more, step=0.3))
    return items


def _parse(zone: Zone) -> tuple[Card, ...]:
    try:
        return tuple(Card.parse(text) for text in zone.cards)
    except NaipesError as exc:
        raise UsageError(f"the zone {_caption(zone)!r} holds something that is not a card: {exc}",
                         code="bad_zone") from exc
