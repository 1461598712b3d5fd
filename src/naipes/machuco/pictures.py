"""Machuco's table as one seat sees it: the SVG picture and the zones (for the plugin).

:func:`draw_table` is what :func:`naipes.svg.render` draws for a Machuco view
(through :meth:`naipes.machuco.plugin.Plugin.draw_table`); :func:`zones` is the
same table as :class:`~naipes.plugin.Zone` objects, for the generic drawers
(the browser client). Both read only the view, so they show nothing the seat
may not see.

>>> from naipes import machuco
>>> view = machuco.Game(machuco.Rules(players=2), seed=1).view(0)
>>> [(z.kind, z.seat, z.count) for z in zones(view)][:4]
[('hand', 1, 3), ('hand', 0, 3), ('table', None, 4), ('stock', None, 30)]

.. versionadded:: 1.2
"""

from __future__ import annotations

from naipes.machuco.view import View
from naipes.plugin import Zone
from naipes.svg._layout import Sheet, backs, cards, turn_line

__all__ = ["draw_table", "zones"]

_SIDES = "ABCD"


def draw_table(view: View, w: float) -> str:
    """The Machuco table seen by ``view.seat``, ``w`` pixels per card width."""
    sheet = Sheet(w)
    sheet.heading(*_heading(view))
    n = len(view.hand_sizes)
    for s in [(view.seat + k) % n for k in range(1, n)]:
        side = _SIDES[_side(view, s)]
        sheet.row([f"seat {s}", f"side {side}"], [backs(view.hand_sizes[s], w, deck="spanish", caption="hand")],
                  active=s in view.to_act)
    table = [cards(view.table, w, caption="table")]
    table.append(backs(view.stock_size, w, deck="spanish", caption="stock"))
    table.extend(backs(len(p), w, deck="spanish", caption=f"won by {_SIDES[i]}") for i, p in enumerate(view.piles))
    chain = [f"majo on {view.chain[0]}"] if view.chain is not None else []
    sheet.row(["Table", *chain], table, felt=True)
    sheet.row([f"You (seat {view.seat})", f"side {_SIDES[view.side]}"], [cards(view.hand, w, caption="your hand")],
              active=view.seat in view.to_act)
    return sheet.finish(f"Machuco table seen by seat {view.seat}")


def _heading(view: View) -> list[str]:
    scores = "   ".join(f"{_SIDES[i]} (seat{'s' if len(seats) > 1 else ''} {'+'.join(map(str, seats))}): "
                        f"{view.scores[i]} ({view.readings[i]})" for i, seats in enumerate(view.sides))
    title = (f"Machuco · hand {view.hand_number}, deal {view.deal_number}/{view.rules.deals_per_hand}"
             f" · play {view.plays_done}/36 · dealer seat {view.dealer}, mano seat {view.mano}")
    lines = [title, scores]
    if view.cantes:
        lines.append("Cantes: " + ", ".join(f"seat {c.seat} {c.category.label} ({c.value})" for c in view.cantes))
    if view.contest is not None:
        lines.append(f"Contested {view.contest.category.label}: seat {view.contest.decider} decides")
    lines.append(turn_line(view, lambda s: f"seat {s}"))
    return lines


def _side(view: View, seat: int) -> int:
    return next(i for i, seats in enumerate(view.sides) if seat in seats)


#: The words of the zones' labels.
_WORDS = {"en": {"you": "Your hand", "hand": "Seat {s}'s hand{team}", "team": " (side {side})", "table": "Table",
                 "stock": "Stock", "won": "Won by {who}", "aside": "Set aside", "seat": "seat {s}",
                 "seats": "seats {s} (side {side})", "and": " and "},
          "es": {"you": "Tu mano", "hand": "Mano del asiento {s}{team}", "team": " (bando {side})", "table": "Mesa",
                 "stock": "Mazo", "won": "Ganadas por {who}", "aside": "Apartadas", "seat": "el asiento {s}",
                 "seats": "los asientos {s} (bando {side})", "and": " y "}}


def zones(view: View, lang: str = "en") -> tuple[Zone, ...]:
    """Every zone of a Machuco table as ``view.seat`` sees it, labelled in ``lang`` (no move
    names a zone: names are ``""``).

    The seat's hand face up, every other hand as a count, the table cards, the
    stock (its known bottom cards face up: the repeated turn-up cards sent under
    it, only while they are still in it), each side's won cards as a count
    (labelled with its seats: "Won by seat 1", "Won by seats 0 and 2 (side A)")
    and the leftovers set aside. A card is in one zone only.

    >>> from naipes import machuco
    >>> [z.label for z in zones(machuco.Game(machuco.Rules(players=2), seed=1).view(0), "es")][:4]
    ['Mano del asiento 1', 'Tu mano', 'Mesa', 'Mazo']
    """
    w = _WORDS["es" if lang == "es" else "en"]
    out = [_hand(view, s, w) for s in _seats_from(view)]
    out.append(Zone(kind="table", label=w["table"], cards=_notation(view.table)))
    known = _notation(view.known)[max(0, len(view.known) - view.stock_size):]  # the ones not dealt yet
    out.append(Zone(kind="stock", label=w["stock"], cards=known,
                    hidden=view.stock_size - len(known), fanned=False))
    for i, pile in enumerate(view.piles):
        out.append(Zone(kind="captured", label=w["won"].format(who=_side_name(view, i, w)),
                        hidden=len(pile), seat=view.sides[i][0] if len(view.sides[i]) == 1 else None,
                        fanned=False))
    if view.aside:
        out.append(Zone(kind="discard", label=w["aside"], cards=_notation(view.aside)))
    return tuple(out)


def _side_name(view: View, side: int, w: dict[str, str]) -> str:
    """``seat 1`` for a side of one seat, ``seats 0 and 2 (side A)`` for a team."""
    seats = view.sides[side]
    if len(seats) == 1:
        return w["seat"].format(s=seats[0])
    numbers = ", ".join(map(str, seats[:-1])) + w["and"] + str(seats[-1])
    return w["seats"].format(s=numbers, side=_SIDES[side])


def _seats_from(view: View) -> list[int]:
    n = len(view.hand_sizes)
    return [(view.seat + k) % n for k in range(1, n + 1)]


def _hand(view: View, s: int, w: dict[str, str]) -> Zone:
    if s == view.seat:
        return Zone(kind="hand", label=w["you"], cards=_notation(view.hand), seat=s)
    team = w["team"].format(side=_SIDES[_side(view, s)]) if len(view.sides[_side(view, s)]) > 1 else ""
    return Zone(kind="hand", label=w["hand"].format(s=s, team=team), hidden=view.hand_sizes[s], seat=s)


def _notation(cards_: tuple[object, ...]) -> tuple[str, ...]:
    return tuple(str(c) for c in cards_)
