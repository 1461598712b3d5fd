"""Table pictures of the two rummy games: Ranzo and Machiavelli (see :func:`naipes.svg.render`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.svg._layout import Item, Sheet, backs, cards, melds

if TYPE_CHECKING:
    from naipes.machiavelli.view import View as MachiavelliView
    from naipes.ranzo.view import View as RanzoView

__all__ = ["machiavelli", "ranzo"]


def _who(seat: int, me: int) -> str:
    return f"You (seat {seat})" if seat == me else f"seat {seat}"


# -- Ranzo --------------------------------------------------------------------------------------
def ranzo(v: object, w: float) -> str:
    """The Ranzo table seen by ``v.seat``."""
    from naipes.svg.tables import turn_line

    view: RanzoView = v  # type: ignore[assignment]
    sheet = Sheet(w)
    balances = "  ".join(f"seat {s} {b}" for s, b in enumerate(view.scores))
    if view.team_totals is not None:
        balances += f"   teams seats 0+2 {view.team_totals[0]}, seats 1+3 {view.team_totals[1]}"
    sheet.heading(f"Ranzo · hand {view.hand_number}/{view.num_hands} · dealer seat {view.dealer}",
                  f"Balances: {balances}", _ranzo_phase(view), turn_line(view, lambda s: f"seat {s}"))
    n = view.players
    for s in [(view.seat + k) % n for k in range(1, n)]:
        known = view.known_by_seat[s]
        items = [backs(view.hand_sizes[s] - len(known), w, deck="spanish",
                       caption=f"{view.hand_sizes[s]} concealed")]
        if known:
            items.append(cards(known, w, caption="known", step=0.5))
        items.extend(melds(view.open_juegos[s], w, caption="open juegos"))
        sheet.row([f"seat {s}", *_ranzo_marks(view, s)], items, active=s in view.to_act)
    shown = view.discards[-7:]
    more = f" ({len(view.discards)})" if len(view.discards) > 7 else ""
    mark = view.claim_card if view.phase.value == "window" else None
    sheet.row(["Table"], [backs(view.stock_size, w, deck="spanish", caption="stock"),
                          cards(shown, w, caption="discards" + more, step=0.45, mark=mark)], felt=True)
    mine = [cards(view.hand, w, caption="your hand", step=0.75)]
    mine.extend(melds(view.open_juegos[view.seat], w, caption="open juegos"))
    sheet.row([_who(view.seat, view.seat), *_ranzo_marks(view, view.seat)], mine,
              active=view.seat in view.to_act)
    return sheet.finish(f"Ranzo table seen by seat {view.seat}")


def _ranzo_marks(view: RanzoView, s: int) -> list[str]:
    marks = ["dealer"] if s == view.dealer else []
    if s in view.answered:
        marks.append("answered")
    if view.stealer == s:
        marks.append("stole")
    return marks


def _ranzo_phase(view: RanzoView) -> str:
    phase = view.phase.value
    if phase == "window":
        return f"seat {view.turn} discarded {view.claim_card}: claim window"
    if phase == "steal":
        return f"seat {view.stealer} won the claim ({view.claim}) and plays"
    if phase == "turn":
        return f"seat {view.turn} to discard or call ranzo · stock {view.stock_size}"
    return "The game is over"


# -- Machiavelli --------------------------------------------------------------------------------
def machiavelli(v: object, w: float) -> str:
    """The Machiavelli table seen by ``v.seat``."""
    from naipes.svg.tables import turn_line

    view: MachiavelliView = v  # type: ignore[assignment]
    sheet = Sheet(w)
    totals = "  ".join(f"seat {s} {t}" for s, t in enumerate(view.totals))
    sheet.heading(f"Machiavelli · hand {view.hand_number} · stock {view.stock_size}",
                  f"Penalty totals: {totals}", turn_line(view, lambda s: f"seat {s}"))
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
              [cards(_sorted_hand(view.hand), w, caption="your hand", step=0.5)],
              active=view.seat in view.to_act)
    return sheet.finish(f"Machiavelli table seen by seat {view.seat}")


def _opened(view: MachiavelliView, s: int) -> list[str]:
    return [] if view.opened[s] or not view.rules.initial_meld_min else ["not opened"]


def _sorted_hand(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    order = {suit: i for i, suit in enumerate(FRENCH_SUITS)}
    return tuple(sorted(hand, key=lambda c: (c.suit is None, order.get(c.suit, 9) if c.suit else 9, c.rank)))
