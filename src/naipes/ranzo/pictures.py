"""Ranzo's table as one seat sees it: the SVG picture and the zones (for the plugin).

:func:`draw_table` is what :func:`naipes.svg.render` draws for a Ranzo view
(through :meth:`naipes.ranzo.plugin.Plugin.draw_table`); :func:`zones` is the
same table as :class:`~naipes.plugin.Zone` objects, for the generic drawers
(the browser client). Both read only the view: another seat's hand is a count,
with the cards of it everyone saw (a truco card, a laid juego) face up.

>>> from naipes import ranzo
>>> view = ranzo.Game(seed=1).view(0)
>>> [(z.kind, z.seat, z.count) for z in zones(view)][:2]
[('hand', 1, 5), ('hand', 2, 5)]

.. versionadded:: 1.2
"""

from __future__ import annotations

from naipes.plugin import Zone
from naipes.ranzo.phase import Phase
from naipes.ranzo.view import View
from naipes.svg._layout import Sheet, backs, cards, melds, turn_line

__all__ = ["draw_table", "zones"]

#: Discards the picture shows (the top ones).
_SHOWN = 7


def _who(seat: int, me: int) -> str:
    return f"You (seat {seat})" if seat == me else f"seat {seat}"


def draw_table(view: View, w: float) -> str:
    """The Ranzo table seen by ``view.seat``, ``w`` pixels per card width."""
    sheet = Sheet(w)
    balances = "  ".join(f"seat {s} {b}" for s, b in enumerate(view.scores))
    if view.team_totals is not None:
        balances += f"   teams seats 0+2 {view.team_totals[0]}, seats 1+3 {view.team_totals[1]}"
    sheet.heading(f"Ranzo · hand {view.hand_number}/{view.num_hands} · dealer seat {view.dealer}",
                  f"Balances: {balances}", _phase(view), turn_line(view, lambda s: f"seat {s}"))
    n = view.players
    for s in [(view.seat + k) % n for k in range(1, n)]:
        known = view.known_by_seat[s]
        items = [backs(view.hand_sizes[s] - len(known), w, deck="spanish",
                       caption=f"{view.hand_sizes[s]} concealed")]
        if known:
            items.append(cards(known, w, caption="known", step=0.5))
        items.extend(melds(view.open_juegos[s], w, caption="open juegos"))
        sheet.row([f"seat {s}", *_marks(view, s)], items, active=s in view.to_act)
    shown = view.discards[-_SHOWN:]
    more = f" ({len(view.discards)})" if len(view.discards) > _SHOWN else ""
    mark = view.claim_card if view.phase is Phase.WINDOW else None
    sheet.row(["Table"], [backs(view.stock_size, w, deck="spanish", caption="stock"),
                          cards(shown, w, caption="discards" + more, step=0.45, mark=mark)], felt=True)
    mine = [cards(view.hand, w, caption="your hand", step=0.75)]
    mine.extend(melds(view.open_juegos[view.seat], w, caption="open juegos"))
    sheet.row([_who(view.seat, view.seat), *_marks(view, view.seat)], mine,
              active=view.seat in view.to_act)
    return sheet.finish(f"Ranzo table seen by seat {view.seat}")


def _marks(view: View, s: int) -> list[str]:
    marks = ["dealer"] if s == view.dealer else []
    if s in view.answered:
        marks.append("answered")
    if view.stealer == s:
        marks.append("stole")
    return marks


def _phase(view: View) -> str:
    if view.phase is Phase.WINDOW:
        return f"seat {view.turn} discarded {view.claim_card}: claim window"
    if view.phase is Phase.STEAL:
        return f"seat {view.stealer} won the claim ({view.claim}) and plays"
    if view.phase is Phase.PLAY:
        return f"seat {view.turn} to discard or call ranzo · stock {view.stock_size}"
    return "The game is over"


#: The words of the zones' labels.
_WORDS = {"en": {"you": "Your hand", "hand": "Seat {s}'s hand", "my_juego": "Your open juego {i}",
                 "juego": "Seat {s}'s open juego {i}", "stock": "Stock", "discards": "Discard pile"},
          "es": {"you": "Tu mano", "hand": "Mano del asiento {s}", "my_juego": "Tu juego bajado {i}",
                 "juego": "Juego bajado {i} del asiento {s}", "stock": "Mazo", "discards": "Descartes"}}


def zones(view: View, lang: str = "en") -> tuple[Zone, ...]:
    """Every zone of a Ranzo table as ``view.seat`` sees it, labelled in ``lang``.

    Per seat (the others first, in turn order, then the seat itself): the hand
    (the seat's own face up; another's as a count with its known cards face up)
    and each open juego. Shared: the stock (a count) and the discard pile,
    bottom first (its top is the card a claim is about). No move names a zone,
    so names are ``""``.

    >>> from naipes import ranzo
    >>> [z.label for z in zones(ranzo.Game(seed=1).view(0), "es")][-3:]
    ['Tu mano', 'Mazo', 'Descartes']
    """
    w = _WORDS["es" if lang == "es" else "en"]
    n = view.players
    out: list[Zone] = []
    for s in [(view.seat + k) % n for k in range(1, n + 1)]:
        out.append(_hand(view, s, w))
        label = w["my_juego"] if s == view.seat else w["juego"]
        out.extend(Zone(kind="meld", label=label.format(s=s, i=i + 1), cards=_notation(juego), seat=s)
                   for i, juego in enumerate(view.open_juegos[s]))
    out.append(Zone(kind="stock", label=w["stock"], hidden=view.stock_size, fanned=False))
    out.append(Zone(kind="discard", label=w["discards"], cards=_notation(view.discards), fanned=False))
    return tuple(out)


def _hand(view: View, s: int, w: dict[str, str]) -> Zone:
    if s == view.seat:
        return Zone(kind="hand", label=w["you"], cards=_notation(view.hand), seat=s)
    known = view.known_by_seat[s]
    return Zone(kind="hand", label=w["hand"].format(s=s), cards=_notation(known),
                hidden=view.hand_sizes[s] - len(known), seat=s)


def _notation(cards_: tuple[object, ...]) -> tuple[str, ...]:
    return tuple(str(c) for c in cards_)
