"""Machiavelli bots: :class:`BaselineBot` (simple search) and :class:`SolverBot` (exact solver).

Both read only the view. When they find no play they draw (or forfeit when
the stock is empty, which only happens in positions built by hand).

>>> from naipes.machiavelli import Game, Rules
>>> from naipes.bots import play_game
>>> result = play_game(Game(Rules(players=2, mode="single_deal"), seed=3),
...                    [BaselineBot(), BaselineBot()])
>>> len(result.winners) >= 1
True

.. versionadded:: 0.1
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.machiavelli.listing import _CARD, _POP, _WHERE, _extensions
from naipes.machiavelli.melds import Meld, meld_value
from naipes.machiavelli.moves import DRAW, FORFEIT, Move, Play
from naipes.machiavelli.solver import Budget
from naipes.machiavelli.view import View

__all__ = ["BaselineBot", "SolverBot", "greedy_play"]


def _runs_from(cards: list[Card]) -> list[Meld]:
    out = []
    for suit in FRENCH_SUITS:
        ranks = sorted({c.rank for c in cards if c.suit is suit})
        start = 0
        for i in range(1, len(ranks) + 1):
            if i == len(ranks) or ranks[i] != ranks[i - 1] + 1:
                if i - start >= 3:
                    out.append(Meld(tuple(Card(r, suit) for r in ranks[start:i])))
                start = i
    return out


def _groups_from(cards: list[Card]) -> list[Meld]:
    masks = [0] * 14
    for card in cards:
        where = _WHERE.get(card)
        if where is not None:
            masks[where[1]] |= 1 << where[0]
    out = []
    for rank, mask in enumerate(masks):
        if mask and _POP[mask] >= 3:
            out.append(Meld(tuple(_CARD[s][rank] for i, s in enumerate(FRENCH_SUITS) if mask >> i & 1)))
    return out


def _lay_new(hand: list[Card], new: list[Meld]) -> None:
    while True:
        found = _runs_from(hand) or _groups_from(hand)
        if not found:
            return
        for meld in found[:1]:
            for card in meld.cards:
                hand.remove(card)
            new.append(meld)


def _is_run(meld: Meld) -> bool:
    return meld.cards[0].suit is meld.cards[1].suit


def _extend(table: list[Meld], hand: list[Card]) -> None:
    """Put single hand cards on the ends of runs and into groups of three, until none fits."""
    changed = True
    while changed:
        changed = False
        wanted: dict[int, tuple[int, Meld]] = {}
        for i, meld in enumerate(table):
            for bigger, card in _extensions(meld):
                if card is not JOKER:
                    wanted.setdefault(id(card), (i, bigger))
        touched: set[int] = set()
        for card in list(hand):
            hit = wanted.get(id(card))
            if hit is not None and hit[0] not in touched:
                i, bigger = hit
                table[i] = bigger
                touched.add(i)
                hand.remove(card)
                changed = True


def _joker_melds(hand: list[Card], new: list[Meld], least: int) -> None:
    """Pairs in hand completed by a joker (when two naturals are enough)."""
    if least > 2:
        return
    while JOKER in hand:
        naturals = [c for c in hand if not c.is_joker]
        meld = _pair_with_joker(naturals)
        if meld is None:
            return
        for card in meld.naturals:
            hand.remove(card)
        hand.remove(JOKER)
        new.append(meld)


def _pair_with_joker(naturals: list[Card]) -> Meld | None:
    for a in naturals:
        for b in naturals:
            if a.suit is b.suit and b.rank == a.rank + 1:
                if b.rank < 13:
                    return Meld((a, b, Card(b.rank + 1, b.suit)), (2,))
                return Meld((Card(a.rank - 1, a.suit), a, b), (0,))
            if a.rank == b.rank and FRENCH_SUITS.index(a.suit) < FRENCH_SUITS.index(b.suit):  # type: ignore[arg-type,unused-ignore]
                third = next(s for s in FRENCH_SUITS if s is not a.suit and s is not b.suit)
                return Meld((a, b, Card(a.rank, third)), (2,)).normalized()
    return None


def _joker_on_runs(table: list[Meld], hand: list[Card], least: int) -> None:
    while JOKER in hand:
        for i, meld in enumerate(table):
            if _is_run(meld) and len(meld.naturals) >= least:
                top = meld.cards[-1]
                if top.rank < 13:
                    table[i] = Meld(meld.cards + (Card(top.rank + 1, top.suit),), meld.jokers + (len(meld),))
                    hand.remove(JOKER)
                    break
        else:
            return


def greedy_play(view: View) -> Play | None:
    """The baseline search: new melds from the hand, single cards onto table melds, jokers last.

    Before the opening (MV-11) only new melds worth enough are laid. Returns
    ``None`` when it finds nothing to play.

    .. versionadded:: 0.1
    """
    rules = view.rules
    hand = list(view.hand)
    new: list[Meld] = []
    least = rules.min_natural_per_combination
    _lay_new(hand, new)
    if rules.jokers:
        _joker_melds(hand, new, least)
    if not view.is_opened and rules.initial_meld_min:
        if not new or sum(map(meld_value, new)) < rules.initial_meld_min:
            return None
        return Play(view.table + tuple(new), _used(view.hand, hand))
    table = list(view.table) + new
    _extend(table, hand)
    if rules.jokers:
        _joker_on_runs(table, hand, least)
    used = _used(view.hand, hand)
    if not used:
        return None
    return Play(tuple(table), used)


def _used(start: tuple[Card, ...], left: list[Card]) -> tuple[Card, ...]:
    if len(left) == len(start):  # the search only ever removes cards
        return ()
    return tuple((Counter(start) - Counter(left)).elements())


def _fallback(view: View) -> Move:
    return DRAW if view.stock_size else FORFEIT


class BaselineBot:
    """Plays what :func:`greedy_play` finds, else draws.

    Args:
        seed: accepted for :func:`naipes.bots.load_bot`; the bot is deterministic.

    .. versionadded:: 0.1
    """

    __slots__ = ()

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, view: View) -> Move:
        """A play found by the greedy search, or a draw."""
        play = greedy_play(view)
        return _fallback(view) if play is None else play

    def __repr__(self) -> str:
        return "BaselineBot()"


class SolverBot:
    """Plays the solver's best play (MV-15: most cards, then most points), else draws.

    Args:
        seed: accepted for :func:`naipes.bots.load_bot`; the bot is deterministic
            with a ``nodes`` budget (a ``seconds`` budget depends on the machine).
        budget: the limit of each :func:`~naipes.machiavelli.solver.solve`
            call, :attr:`DEFAULT_BUDGET` (30,000 nodes) by default;
            ``Budget()`` for the exact solver however long it takes. When the
            budget runs out the bot plays the best play found so far, or draws
            if none is known.

    .. versionadded:: 0.1
    .. versionchanged:: 1.1
       The ``budget`` argument.
    .. versionchanged:: 1.2
       :attr:`DEFAULT_BUDGET` is 30,000 nodes (was 250,000: up to 1.5 s a decision).
    """

    __slots__ = ("budget",)

    #: A node count, so deterministic: a decision takes at most about 0.2 s of CPU on the positions
    #: of ``benchmarks/bench_solver.py`` (long unopened hands included), most a few milliseconds.
    DEFAULT_BUDGET: ClassVar[Budget] = Budget(nodes=30_000)

    def __init__(self, seed: int | None = None, *, budget: Budget | None = None) -> None:
        self.budget = self.DEFAULT_BUDGET if budget is None else budget

    def choose(self, view: View) -> Move:
        """The solver's answer as a play, or a draw when there is none."""
        from naipes.machiavelli.solver import solve

        best = solve(view.table, view.hand, view.rules, opened=view.is_opened, budget=self.budget)
        if best is None:
            return _fallback(view)
        return Play(best.table, best.played)

    def __repr__(self) -> str:
        if self.budget == self.DEFAULT_BUDGET:
            return "SolverBot()"
        return f"SolverBot(budget={self.budget!r})"
