"""Macarra's table as one seat sees it: the SVG picture and the zones (for the plugin).

:func:`draw_table` is what :func:`naipes.svg.render` draws for a Macarra view
(through :meth:`naipes.macarra.plugin.Plugin.draw_table`); :func:`zones` is the
same table as :class:`~naipes.plugin.Zone` objects named as moves name them
(``p2`` is seat 2's face-up pile, ``f0`` the first foundation), for the generic
drawers (the browser client).

>>> from naipes import macarra
>>> view = macarra.Game(seed=1).view(0)
>>> [(z.name, z.kind, z.count) for z in zones(view)][:2]
[('', 'stock', 10), ('p0', 'pile', 0)]

.. versionadded:: 1.2
"""

from __future__ import annotations

from naipes.macarra import Phase
from naipes.macarra.view import View
from naipes.plugin import Zone
from naipes.svg._layout import Item, Sheet, backs, cards, turn_line

__all__ = ["draw_table", "zones"]


def draw_table(view: View, w: float) -> str:
    """The Macarra table seen by ``view.seat``, ``w`` pixels per card width."""
    sheet = Sheet(w)
    r = view.rules
    when = f"turn {view.turns + 1}" if view.turn is not None else f"{view.turns} turns played"
    net = "  ".join(f"seat {s} {'+' if x > 0 else ''}{x}" for s, x in enumerate(view.scores))
    sheet.heading(f"Macarra · {r.players} players · {r.num_decks} x {r.deck} cards · {when}",
                  f"Net macarras: {net}", *_phase(view), turn_line(view, lambda s: f"seat {s}"))
    sheet.row(["Foundations"], [cards(view.foundations, w, caption="tops")], felt=True)
    for s in [(view.seat + k) % r.players for k in range(r.players)]:
        sheet.row(_label(view, s), _items(view, s, w), active=s in view.to_act)
    return sheet.finish(f"Macarra table seen by seat {view.seat}")


def _label(view: View, s: int) -> list[str]:
    label = [f"You (seat {s})" if s == view.seat else f"seat {s}"]
    if s in view.out:
        label.append("out")
    if view.infractions[s]:
        label.append(f"{view.infractions[s]} slip" + ("s" if view.infractions[s] > 1 else ""))
    return label


def _items(view: View, s: int, w: float) -> list[Item]:
    turned = " (turned)" if view.recycled_stocks[s] is not None else ""
    pile = view.piles[s]
    more = f" ({len(pile)})" if len(pile) > 6 else ""
    items = [backs(view.stock_sizes[s], w, deck="spanish", caption="stock" + turned),
             cards(pile[-6:], w, caption="face-up" + more, step=0.4)]
    if view.held is not None and s == view.turn:
        items.append(cards((view.held,), w, caption="drawn", mark=view.held))
    return items


def _phase(view: View) -> list[str]:
    if view.phase is Phase.WINDOW:
        return [f"seat {view.loser} lost: the others bid against the hidden card"]
    if view.phase is Phase.OVER:
        card = f"; the card was {view.punishment_card}" if view.punishment_card is not None else ""
        return [f"Game over: seat {view.loser} lost{card}"]
    return []


#: The words of the zones' labels (``{whose}``: "Your" / "Seat 2's"; "tu" / "del asiento 2").
_WORDS = {"en": {"your": "Your {what}", "its": "Seat {s}'s {what}", "stock": "stock", "over": " (turned over)",
                 "pile": "face-up pile p{s}", "held": "drawn card", "foundation": "Foundation f{i}"},
          "es": {"your": "Tu {what}", "its": "{What} del asiento {s}", "stock": "mazo", "over": " (dado la vuelta)",
                 "pile": "montón p{s}", "held": "carta robada", "foundation": "Escalera f{i}"}}


def zones(view: View, lang: str = "en") -> tuple[Zone, ...]:
    """Every zone of a Macarra table as ``view.seat`` sees it, named as moves name them,
    labelled in ``lang``.

    Per seat (from ``view.seat`` on): its stock (face down; a stock turned over
    from the pile is public, so its cards are listed, bottom first), its face-up
    pile ``p<seat>`` (bottom first) and the card it has drawn and not placed.
    Shared: the top card of each foundation ``f<index>``, in creation order.
    A Macarra player holds no hand.

    >>> from naipes import macarra
    >>> [z.label for z in zones(macarra.Game(seed=1).view(0), "es")][:3]
    ['Tu mazo', 'Tu montón p0', 'Mazo del asiento 1']
    """
    w = _WORDS["es" if lang == "es" else "en"]
    out: list[Zone] = []
    n = view.rules.players
    for s in [(view.seat + k) % n for k in range(n)]:
        out.extend(_seat_zones(view, s, w))
    out.extend(Zone(kind="foundation", name=f"f{i}", label=w["foundation"].format(i=i), cards=(str(top),),
                    fanned=False) for i, top in enumerate(view.foundations))
    return tuple(out)


def _whose(view: View, s: int, what: str, w: dict[str, str]) -> str:
    if s == view.seat:
        return w["your"].format(what=what)
    return w["its"].format(s=s, what=what, What=what[:1].upper() + what[1:])


def _seat_zones(view: View, s: int, w: dict[str, str]) -> list[Zone]:
    recycled = view.recycled_stocks[s]
    known = tuple(str(c) for c in reversed(recycled)) if recycled is not None else ()
    stock = _whose(view, s, w["stock"], w) + (w["over"] if recycled is not None else "")
    out = [Zone(kind="stock", label=stock, cards=known, hidden=view.stock_sizes[s] - len(known), seat=s, fanned=False),
           Zone(kind="pile", name=f"p{s}", label=_whose(view, s, w["pile"].format(s=s), w),
                cards=tuple(str(c) for c in view.piles[s]), seat=s, fanned=False)]
    if view.held is not None and s == view.turn:
        out.append(Zone(kind="hand", label=_whose(view, s, w["held"], w), cards=(str(view.held),), seat=s))
    return out
