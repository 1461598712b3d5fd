"""Machiavelli's table as one seat sees it: the SVG picture and the zones (for the plugin).

:func:`draw_table` is what :func:`naipes.svg.render` draws for a Machiavelli view
(through :meth:`naipes.machiavelli.plugin.Plugin.draw_table`); :func:`zones` is the
same table as :class:`~naipes.plugin.Zone` objects, the melds named ``#0``, ``#1``...
as the turn workspace numbers them, for the generic drawers (the browser client).

>>> from naipes import machiavelli
>>> view = machiavelli.Game(seed=1).view(0)
>>> [(z.kind, z.seat, z.count) for z in zones(view)][:2]
[('hand', 1, 13), ('hand', 2, 13)]

.. versionadded:: 1.2
"""

from __future__ import annotations

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.machiavelli.view import View
from naipes.plugin import Zone
from naipes.svg._layout import Item, Sheet, backs, cards, melds, turn_line

__all__ = ["draw_table", "zones"]


def _who(seat: int, me: int) -> str:
    return f"You (seat {seat})" if seat == me else f"seat {seat}"


def _scores_line(view: View) -> str:
    """Penalty totals in a session; in a single deal, each seat's score once it ended (MV-09)."""
    if view.rules.mode == "single_deal":
        if not view.last_points:
            return "Single deal"
        won = sum(p for s, p in enumerate(view.last_points) if s not in view.last_winners)
        return "Scores: " + "  ".join(f"seat {s} {won if s in view.last_winners else 0}"
                                      for s in range(len(view.last_points)))
    return "Penalty totals: " + "  ".join(f"seat {s} {t}" for s, t in enumerate(view.totals))


def draw_table(view: View, w: float) -> str:
    """The Machiavelli table seen by ``view.seat``, ``w`` pixels per card width."""
    sheet = Sheet(w)
    sheet.heading(f"Machiavelli · hand {view.hand_number} · stock {view.stock_size}",
                  _scores_line(view), turn_line(view, lambda s: f"seat {s}"))
    n = len(view.hand_sizes)
    for s in [(view.seat + k) % n for k in range(1, n)]:
        jokers = view.known_jokers[s]
        items: list[Item] = [backs(view.hand_sizes[s] - jokers, w, deck="french",
                                   caption=f"{view.hand_sizes[s]} cards")]
        if jokers:
            items.append(cards((JOKER,) * jokers, w, caption="known", step=0.5))
        sheet.row([f"seat {s}", *_opened(view, s)], items, active=s in view.to_act)
    table: list[Item] = [backs(view.stock_size, w, deck="french", caption="stock")]
    notes = [" ".join(f"JK={m.cards[p]}" for p in m.jokers) for m in view.table]
    table.extend(melds([m.physical for m in view.table], w, caption="melds", notes=notes))
    sheet.row(["Table"], table, felt=True)
    sheet.row([_who(view.seat, view.seat), *_opened(view, view.seat)],
              [cards(sorted_hand(view.hand), w, caption="your hand", step=0.5)],
              active=view.seat in view.to_act)
    return sheet.finish(f"Machiavelli table seen by seat {view.seat}")


def _opened(view: View, s: int) -> list[str]:
    return [] if view.opened[s] or not view.rules.initial_meld_min else ["not opened"]


def sorted_hand(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """A hand in suit order (spades, hearts, diamonds, clubs), by rank, jokers last."""
    order = {suit: i for i, suit in enumerate(FRENCH_SUITS)}
    return tuple(sorted(hand, key=lambda c: (c.suit is None, order.get(c.suit, 9) if c.suit else 9, c.rank)))


#: The words of the zones' labels.
_WORDS = {"en": {"you": "Your hand", "hand": "Seat {s}'s hand", "stock": "Stock", "meld": "Meld #{i}",
                 "out": "Out of play"},
          "es": {"you": "Tu mano", "hand": "Mano del asiento {s}", "stock": "Mazo", "meld": "Combinación #{i}",
                 "out": "Fuera de juego"}}


def zones(view: View, lang: str = "en") -> tuple[Zone, ...]:
    """Every zone of a Machiavelli table as ``view.seat`` sees it, labelled in ``lang``.

    Per seat (the others first, in turn order, then the seat itself): the hand
    (the seat's own face up, sorted; another's as a count, with the jokers it is
    known to hold face up). Shared: the stock (a count), each meld ``#<index>``
    as the workspace numbers them (its physical cards, a joker as ``JK``, the
    card each joker stands for in the label), and the cards out of play.

    >>> from naipes import machiavelli
    >>> [z.label for z in zones(machiavelli.Game(seed=1).view(0), "es")][-2:]
    ['Tu mano', 'Mazo']
    """
    w = _WORDS["es" if lang == "es" else "en"]
    n = len(view.hand_sizes)
    out = [_hand(view, (view.seat + k) % n, w) for k in range(1, n + 1)]
    out.append(Zone(kind="stock", label=w["stock"], hidden=view.stock_size, fanned=False))
    for i, meld in enumerate(view.table):
        stands = " ".join(f"JK={meld.cards[p]}" for p in meld.jokers)
        out.append(Zone(kind="meld", name=f"#{i}", label=w["meld"].format(i=i) + (f" ({stands})" if stands else ""),
                        cards=tuple(str(c) for c in meld.physical)))
    if view.out_of_play:
        out.append(Zone(kind="discard", label=w["out"], cards=tuple(str(c) for c in view.out_of_play)))
    return tuple(out)


def _hand(view: View, s: int, w: dict[str, str]) -> Zone:
    if s == view.seat:
        return Zone(kind="hand", label=w["you"], cards=tuple(str(c) for c in sorted_hand(view.hand)), seat=s)
    jokers = view.known_jokers[s]
    return Zone(kind="hand", label=w["hand"].format(s=s), cards=(str(JOKER),) * jokers,
                hidden=view.hand_sizes[s] - jokers, seat=s)
