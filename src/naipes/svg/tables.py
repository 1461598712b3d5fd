"""Pictures of a table as one seat sees it: :func:`render` and one layout per game.

Everything drawn comes from the view, so a picture never shows a card the seat
may not see: the seat's own hand face up, the other hands as backs with their
counts, and the public zones (table, piles, melds, foundations, discards) face up.

.. versionadded:: 1.1
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Callable

from naipes.errors import UsageError
from naipes.game import View
from naipes.svg._doc import check_width
from naipes.svg._layout import Item, Sheet, backs, cards

if TYPE_CHECKING:
    from naipes.macarra.view import View as MacarraView
    from naipes.machuco.view import View as MachucoView

__all__ = ["render"]

_SIDES = "ABCD"


def render(view: View[Any], *, width: float = 60) -> str:
    """The table as ``view.seat`` sees it, as a standalone SVG document.

    Rows, top to bottom: a heading with the position and the scores, every
    other seat (its hand as backs with the count, its public cards face up),
    the table, and the seat's own hand face up. The row of each seat to act is
    outlined in gold with a marker.

    Args:
        view: a view of Machuco, Macarra, Ranzo or Machiavelli (``game.view(seat)``).
        width: the width of one card in pixels (the picture grows with it).

    Raises:
        UsageError: for a view of another game (code ``no_table_picture``) or a
            bad width (``bad_width``).

    >>> from naipes import machuco
    >>> from naipes.svg import render
    >>> picture = render(machuco.Game(machuco.Rules(players=2), seed=1).view(0))
    >>> picture.count('class="card"'), picture.count('class="back"') > 0
    (7, True)

    .. versionadded:: 1.1
    """
    w = check_width(width)
    return _drawer(view)(view, w)


def _drawer(view: object) -> Callable[[object, float], str]:
    from naipes.svg import _rummy

    drawers: tuple[tuple[str, Callable[[object, float], str]], ...] = (
        ("naipes.machuco.view", _machuco), ("naipes.macarra.view", _macarra),
        ("naipes.ranzo.view", _rummy.ranzo), ("naipes.machiavelli.view", _rummy.machiavelli))
    for module, draw in drawers:
        cls = importlib.import_module(module).View
        if isinstance(view, cls):
            return draw
    raise UsageError(f"no table picture for {type(view).__name__} (a view of Machuco, Macarra, Ranzo "
                     "or Machiavelli)", code="no_table_picture")


def turn_line(view: View[Any], names: Callable[[int], str]) -> str:
    """Who must act, in words, from the seat's point of view."""
    if not view.to_act:
        return "The game is over."
    if view.seat in view.to_act and view.legal_moves:
        return "Your move."
    return "Waiting for " + ", ".join(names(s) for s in view.to_act) + "."


# -- Machuco ------------------------------------------------------------------------------------
def _machuco(v: object, w: float) -> str:
    view: MachucoView = v  # type: ignore[assignment]
    sheet = Sheet(w)
    scores = "   ".join(f"{_SIDES[i]} (seat{'s' if len(seats) > 1 else ''} {'+'.join(map(str, seats))}): {view.scores[i]} "
                        f"({view.readings[i]})" for i, seats in enumerate(view.sides))
    lines = [f"Machuco · hand {view.hand_number}, deal {view.deal_number}/{view.rules.deals_per_hand}"
             f" · play {view.plays_done}/36 · dealer seat {view.dealer}, mano seat {view.mano}", scores]
    if view.cantes:
        lines.append("Cantes: " + ", ".join(f"seat {c.seat} {c.category.label} ({c.value})" for c in view.cantes))
    if view.contest is not None:
        lines.append(f"Contested {view.contest.category.label}: seat {view.contest.decider} decides")
    lines.append(turn_line(view, lambda s: f"seat {s}"))
    sheet.heading(*lines)
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


def _side(view: MachucoView, seat: int) -> int:
    return next(i for i, seats in enumerate(view.sides) if seat in seats)


# -- Macarra ------------------------------------------------------------------------------------
def _macarra(v: object, w: float) -> str:
    view: MacarraView = v  # type: ignore[assignment]
    sheet = Sheet(w)
    r = view.rules
    when = f"turn {view.turns + 1}" if view.turn is not None else f"{view.turns} turns played"
    net = "  ".join(f"seat {s} {'+' if x > 0 else ''}{x}" for s, x in enumerate(view.scores))
    sheet.heading(f"Macarra · {r.players} players · {r.num_decks} x {r.deck} cards · {when}",
                  f"Net macarras: {net}", *_macarra_phase(view), turn_line(view, lambda s: f"seat {s}"))
    sheet.row(["Foundations"], [cards(view.foundations, w, caption="tops")], felt=True)
    for s in [(view.seat + k) % r.players for k in range(r.players)]:
        sheet.row(_macarra_label(view, s), _macarra_items(view, s, w), active=s in view.to_act)
    return sheet.finish(f"Macarra table seen by seat {view.seat}")


def _macarra_label(view: MacarraView, s: int) -> list[str]:
    label = [f"You (seat {s})" if s == view.seat else f"seat {s}"]
    if s in view.out:
        label.append("out")
    if view.infractions[s]:
        label.append(f"{view.infractions[s]} slip" + ("s" if view.infractions[s] > 1 else ""))
    return label


def _macarra_items(view: MacarraView, s: int, w: float) -> list[Item]:
    turned = " (turned)" if view.recycled_stocks[s] is not None else ""
    pile = view.piles[s]
    more = f" ({len(pile)})" if len(pile) > 6 else ""
    items = [backs(view.stock_sizes[s], w, deck="spanish", caption="stock" + turned),
             cards(pile[-6:], w, caption="face-up" + more, step=0.4)]
    if view.held is not None and s == view.turn:
        items.append(cards((view.held,), w, caption="drawn", mark=view.held))
    return items


def _macarra_phase(view: MacarraView) -> list[str]:
    from naipes.macarra import Phase

    if view.phase is Phase.PUNISHMENT:
        return [f"seat {view.loser} lost: the others bid against the hidden card"]
    if view.phase is Phase.OVER:
        card = f"; the card was {view.punishment_card}" if view.punishment_card is not None else ""
        return [f"Game over: seat {view.loser} lost{card}"]
    return []

