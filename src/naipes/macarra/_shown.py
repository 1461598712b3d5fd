"""A Macarra view's contents under the engine's field names, as the observation writer reads
them: :class:`Shown`, made by :func:`shown_of_view` (internal; see :mod:`naipes.macarra._observation`).

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from naipes.errors import UsageError
from naipes.macarra._tables import _CODE, code, tables
from naipes.macarra.phase import Phase

if TYPE_CHECKING:
    from naipes.macarra._observation import Layout
    from naipes.macarra.view import View

__all__ = ["Shown", "shown_of_view"]


class Shown:
    """What a view shows, under the engine's field names the :class:`Hub` reads (see
    :mod:`naipes.macarra._observation`); made by :func:`shown_of_view`."""

    _history: list[Any]
    _pending_answers: dict[int, Any]
    to_act: tuple[int, ...]
    _turn: int
    _phase: Phase
    _held: int
    _ftop: list[int]
    _piles: list[list[int]]
    _stocks: list[list[int]]
    _recycled: list[bool]
    _infractions: list[int]
    _ledger: list[list[int]]
    _turns: int
    _loser: int
    _capped: bool
    _bids: list[int]
    _pcard: int
    #: the count of each card (in the fixed card order) not seen: in play, and in no open zone
    unseen: list[int]


def shown_of_view(view: View, lay: Layout) -> Shown:
    """The contents of ``view`` as the :class:`Hub` reads them (``lay``: the layout of its rules).

    Raises:
        UsageError: for a view holding a card that is not of the rules' deck (code ``wrong_rules``).
    """
    cidx, codes = lay.cidx, _CODE.__getitem__
    sh = Shown()
    sh._history, sh._pending_answers, sh.to_act = [], dict.fromkeys(view.answered), view.to_act
    sh._turn, sh._phase = view.turn if view.turn is not None else 0, view.phase
    try:
        sh._held = codes(view.held) if view.held is not None else 0
        sh._ftop = list(map(codes, view.foundations))
        sh._piles = [list(map(codes, pile)) for pile in view.piles]
        sh._stocks = [list(map(codes, reversed(known))) if known is not None else [0] * size
                      for known, size in zip(view.recycled_stocks, view.stock_sizes)]
    except (KeyError, TypeError):  # not a Spanish card
        raise UsageError("the view holds a card that is not of the rules' deck", code="wrong_rules") from None
    sh._recycled = [known is not None for known in view.recycled_stocks]
    sh._infractions, sh._ledger = list(view.infractions), [list(row) for row in view.ledger]
    sh._turns, sh._loser, sh._capped = view.turns, -1 if view.loser is None else view.loser, view.capped
    sh._bids = [-1 if b is None else b for b in view.bids]
    sh._pcard = code(view.punishment_card) if view.punishment_card is not None else 0
    seen = [sh._held] if sh._held else []
    t = tables(lay.k)
    for top in sh._ftop:
        seen += t.run_to(top)
    for pile in sh._piles:
        seen += pile
    for stock, recycled in zip(sh._stocks, sh._recycled):
        if recycled:
            seen += stock
    in_play = view.cards_in_play
    if in_play is None:
        unseen = [lay.d] * lay.k
    else:
        unseen = [0] * lay.k
        for c in in_play:
            j = cidx[code(c)]
            if j < 0:
                raise UsageError("the view holds a card that is not of the rules' deck", code="wrong_rules")
            unseen[j] += 1
    for x in seen:  # (a Spanish card's code is below 64: cidx is -1 for those not of the deck)
        j = cidx[x]
        if j < 0:
            raise UsageError("the view holds a card that is not of the rules' deck", code="wrong_rules")
        unseen[j] -= 1
    sh.unseen = unseen
    return sh
