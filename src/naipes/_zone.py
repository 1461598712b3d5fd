"""A place on the table where cards lie, as a seat's view shows it: :class:`Zone` (re-exported
by :mod:`naipes.plugin`, where it is documented).

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import Any, Iterable

import attrs

from naipes.errors import UsageError

__all__ = ["ZONE_KINDS", "Zone"]

#: What a :class:`Zone` can be: the words the generic drawers and the browser client know.
ZONE_KINDS = ("hand", "table", "pile", "foundation", "meld", "stock", "discard", "captured")


def _strings(values: Iterable[object]) -> tuple[str, ...]:
    return tuple(str(v) for v in values)


def _count(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise UsageError(f"a zone's hidden count is a whole number >= 0, not {value!r}", code="bad_zone")


def _kind(_: object, attribute: attrs.Attribute[str], value: str) -> None:
    if value not in ZONE_KINDS:
        raise UsageError(f"a zone's kind is one of {', '.join(ZONE_KINDS)}, not {value!r}", code="bad_zone")


@attrs.frozen(kw_only=True)
class Zone:
    """A place on the table where cards lie, as one seat's view shows it.

    Attributes:
        kind: one of :data:`ZONE_KINDS`.
        name: the name moves use for it (``p0``, ``f1``, ``#3``), or ``""``.
        label: the words a person reads beside it (``"Seat 2's pile"``).
        cards: the cards face up, in order (card notation, e.g. ``"7o"``).
        hidden: how many more cards lie face down (another seat's hand, the stock).
        seat: the seat it belongs to, or ``None`` for a shared zone.
        fanned: whether the cards are spread out (a hand, a meld) or stacked (a pile).

    >>> Zone(kind="hand", seat=0, cards=("7o", "1e"), label="Your hand").count
    2
    """

    kind: str = attrs.field(validator=_kind)
    name: str = ""
    label: str = ""
    cards: tuple[str, ...] = attrs.field(default=(), converter=_strings)
    hidden: int = attrs.field(default=0, validator=_count)
    seat: int | None = None
    fanned: bool = True

    @property
    def count(self) -> int:
        """All the cards in the zone, face up and face down."""
        return len(self.cards) + self.hidden

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (what the web server sends the browser client)."""
        return {"kind": self.kind, "name": self.name, "label": self.label, "cards": list(self.cards),
                "hidden": self.hidden, "seat": self.seat, "fanned": self.fanned}
