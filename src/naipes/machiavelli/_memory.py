"""Private: what the other seat did on its recent turns, for :class:`~naipes.machiavelli.search.StrongBot`.

With two players, between two of a seat's decisions the other seat moves
once, on the table the seat's own move left. :class:`Memory` keeps, from the
seat's own consecutive views, what each of those turns was: a draw (the
other seat could lay nothing on the table it faced), a play (the cards it
laid; after them the rest of its hand had no play on the new table, or it
would have laid more) or a turn that changed nothing. :meth:`Memory.fits`
then checks a hand dealt to the other seat against every remembered turn,
walking back from its present cards: a player that lays the most cards it
can (as :class:`~naipes.machiavelli.bots.SolverBot`) leaves only hands that
fit. A view that does not follow the last one (a new game, a skipped turn,
more than two players) starts the memory afresh; it reads only the views.

.. versionadded:: 1.2
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Callable, Sequence

import attrs

from naipes.cards import JOKER, Card
from naipes.machiavelli.melds import Meld, MeldKind, is_valid_meld, table_cards
from naipes.machiavelli.moves import Draw, Move, Play
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.solver import Budget, solve
from naipes.machiavelli.view import View

__all__ = ["Memory", "Turn"]


@attrs.frozen
class Turn:
    """One turn of the other seat: ``kind`` is ``"draw"``, ``"play"`` or ``"pass"``.

    ``table`` is the table it faced (a draw or a pass) or the one its play left;
    ``played`` the cards it laid; ``taken`` the jokers it took back; ``opened``
    whether it had opened (MV-11) when the test applies.
    """

    kind: str
    table: tuple[Meld, ...]
    opened: bool
    played: tuple[Card, ...] = ()
    taken: int = 0


def _after(view: View, move: Move) -> tuple[tuple[Meld, ...], Counter[Card]] | None:
    """The table and the hand ``move`` leaves from ``view`` (the drawn card unknown: not counted)."""
    hand = Counter(view.hand)
    if isinstance(move, Draw):
        return view.table, hand
    if not isinstance(move, Play):
        return None
    old, new = Counter(table_cards(view.table)), Counter(table_cards(move.table))
    hand.subtract(move.cards)
    hand[JOKER] += max(0, old[JOKER] - new[JOKER] + Counter(move.cards)[JOKER])
    return move.table, +hand


def _grows(table: Sequence[Meld], card: Card, rules: Rules) -> bool:
    """Whether ``card`` alone extends a meld of ``table`` (a run at an end, a group by a suit):
    then it has a play of its own. A play that needs the table rearranged is not seen."""
    if card.is_joker:
        return False
    for meld in table:
        kind, first = meld.kind, meld.cards[0]
        if (kind is MeldKind.RUN and first.suit == card.suit) or (kind is MeldKind.GROUP and first.rank == card.rank):
            if is_valid_meld(Meld((*meld.cards, card), meld.jokers).normalized(), rules):
                return True
    return False


class Memory:
    """The other seat's turns since the seat's views began to follow one another (two players)."""

    __slots__ = ("_last", "_seen", "turns")

    def __init__(self) -> None:
        self._last: tuple[View, Move, tuple[Meld, ...], Counter[Card]] | None = None
        self._seen: View | None = None
        self.turns: list[Turn] = []

    def observe(self, view: View) -> None:
        """Add the other seat's turn between the last decision and ``view`` (or start afresh);
        the view last observed again changes nothing."""
        if view is self._seen or view == self._seen:
            return
        self._seen = view
        turn = self._turn(view) if self._last is not None else None
        if turn is None:
            self.turns = []
        else:
            self.turns = [*self.turns[-15:], turn]
        self._last = None

    def moved(self, view: View, move: Move) -> None:
        """Remember the seat's own ``move`` from ``view``: the other seat faces its table next."""
        after = _after(view, move) if len(view.hand_sizes) == 2 else None
        self._last = None if after is None else (view, move, *after)

    def _turn(self, view: View) -> Turn | None:
        assert self._last is not None
        prev, move, faced, hand = self._last
        drew = isinstance(move, Draw)
        if (view.seat != prev.seat or view.hand_number != prev.hand_number or len(view.hand) != sum(hand.values()) + drew
                or +(hand - Counter(view.hand))):
            return None
        other = 1 - view.seat
        n0, n1 = prev.hand_sizes[other], view.hand_sizes[other]
        old, new = Counter(table_cards(faced)), Counter(table_cards(view.table))
        added, removed = new - old, old - new
        if not added and not removed:
            if n1 == n0 + 1 and view.stock_size == prev.stock_size - drew - 1:
                return Turn("draw", faced, prev.opened[other])
            return Turn("pass", faced, prev.opened[other]) if n1 == n0 else None
        taken = removed[JOKER]
        if (not added or sum(removed.values()) != taken or n1 != n0 - sum(added.values()) + taken
                or view.stock_size != prev.stock_size - drew):
            return None
        return Turn("play", view.table, view.opened[other], tuple(added.elements()), taken)

    def dealer(self, pool: Sequence[Card], view: View, budget: Budget) -> Callable[[random.Random, int], list[Card]]:
        """A dealer of ``size`` cards of ``pool`` (the unseen cards) for the other seat's hand.

        A card that extends a meld of the last turn's table by itself (:func:`_grows`)
        has a play of its own: none is dealt after a play; after a draw, the hand is the
        uniform deal with at most one such card (the one drawn). The other cards are dealt
        uniformly; :meth:`fits` still checks the whole hand, so the deal only saves tries.
        """
        turn = self.turns[-1]
        table, opened = turn.table, turn.opened
        alone = {c for c in set(pool) if opened and _grows(table, c, view.rules)}
        stuck = [c for c in pool if c not in alone]
        loose = [c for c in pool if c in alone]
        spare = 1 if turn.kind == "draw" else 0

        def deal(rng: random.Random, size: int) -> list[Card]:
            if size > len(stuck) + min(spare, len(loose)):
                return []
            one = 0
            if spare and loose and size:  # P(one loose card) in a uniform deal with at most one
                k, s, m = size, len(stuck), len(loose)
                with_one = m * math.comb(s, k - 1)
                one = rng.random() * (math.comb(s, k) + with_one) < with_one
            return [*rng.sample(stuck, size - one), *([rng.choice(loose)] if one else [])]

        return deal

    def fits(self, hand: Sequence[Card], view: View, rng: random.Random, budget: Budget, depth: int) -> bool:
        """Whether ``hand``, dealt to the other seat, fits its last ``depth`` remembered turns.

        Walking back: after a play, the rest of the hand had no play on the table it left;
        before a draw, the hand less one of its cards (the drawn one: the first, in ``rng``'s
        order, that leaves a hand with no play) had no play on the table it faced. A joker
        taken back ends the walk.
        """
        cur = list(hand)
        for turn in reversed(self.turns[-depth:] if depth else ()):
            loose = [c for c in dict.fromkeys(cur) if turn.opened and _grows(turn.table, c, view.rules)]
            if turn.kind == "draw":
                before = self._before_draw(cur, loose, turn, view, rng, budget)
                if before is None:
                    return False
                cur = before
            elif loose or (cur and solve(turn.table, cur, view.rules, opened=turn.opened, budget=budget) is not None):
                return False
            if turn.taken:
                break
            cur.extend(turn.played)
        return True

    @staticmethod
    def _before_draw(cur: list[Card], loose: list[Card], turn: Turn, view: View, rng: random.Random,
                     budget: Budget) -> list[Card] | None:
        """The hand before the draw: ``cur`` less a card (tried in ``rng``'s order) whose rest has no play.

        With a card of ``loose`` (one that extends a meld by itself) that card is the only one
        tried, and with two there is none.
        """
        if len(loose) > 1:
            return None
        order = loose or list(dict.fromkeys(cur))
        if not loose:
            rng.shuffle(order)
        for card in order:
            rest = list(cur)
            rest.remove(card)
            if not rest or solve(turn.table, rest, view.rules, opened=turn.opened, budget=budget) is None:
                return rest
        return None
