"""The exact best play of a Machiavelli position (MV-15).

:func:`solve` finds, for a table and a hand, the play that puts the most cards
from the hand on the table (ties: the greatest penalty value removed from the
hand), and returns the complete new table. :func:`can_go_out` and
:func:`can_play` answer the two yes/no questions. The answers are exact: the
solver is a dynamic program over ranks (van Rijn, Takes and Vis, arXiv
1604.07553), not a heuristic. It reads the ranks from the ace up or from the
king down, whichever leaves the ranks holding most cards for last, where its
bound prunes best; when that way runs long the other gets its turn, under
doubling caps on the states made (so the same position always takes the same
path).

The table is given as its melds (needed when it holds jokers, whose declared
cards matter for swaps, MV-12) or simply as its cards; every table card stays
on the table. Strings are read with :func:`~naipes.machiavelli.melds.parse_table`
and :meth:`Card.parse_many <naipes.cards.Card.parse_many>`.

>>> best = solve("[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]", "7H 7D JS 2C")
>>> best.count, best.value, format_table(best.table)
(3, 24, '[4S 5S 6S] [8S 9S 10S JS] [7S 7H 7D] [JH JD JC]')
>>> best.played, best.hand_after("7H 7D JS 2C")
((Card.parse('7H'), Card.parse('7D'), Card.parse('JS')), (Card.parse('2C'),))
>>> can_go_out("[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]", "7H 7D JS"), solve("[4S 5S 6S]", "9H")
(True, None)
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections import Counter
from typing import Callable, Iterator, Sequence, Union

import attrs

from naipes.cards import JOKER, Card
from naipes.errors import InvalidStateError, UsageError
from naipes.machiavelli import _solver_core as core
from naipes.machiavelli import _solver_greedy as greedy
from naipes.machiavelli import _solver_lagrange as lagrange
from naipes.machiavelli._solver_budget import Meter, OutOfBudget
from naipes.machiavelli._solver_quick import (
    _CELL,
    _SUIT_INDEX,
    _add_jokers,
    _all_in,
    _extended,
    _fill,
    _jokers,
    _melds,
    _opening_play,
    _partial,
    grids,
)
from naipes.machiavelli._solver_tables import SCALE
from naipes.machiavelli.melds import Meld, card_value, check_table, format_table, parse_table
from naipes.machiavelli.rules import Rules

__all__ = ["Budget", "HandInput", "Solution", "TableInput", "can_go_out", "can_play", "solve"]

#: A table: its melds, its cards (without jokers), or meld notation.
TableInput = Union[Sequence[Meld], Sequence[Card], str]
#: A hand: its cards, or card notation (``"7H 7D JK"``).
HandInput = Union[Sequence[Card], str]

_DEFAULT_RULES = Rules()


@attrs.frozen(kw_only=True)
class Solution:
    """The best play found by :func:`solve`.

    Attributes:
        played: the hand cards put on the table, in hand order (jokers from
            the hand last).
        taken: jokers taken back from the table into the hand by a swap (MV-12)
            and kept there.
        table: the complete new table, jokers with their declared cards.
        count: the net reduction of the hand: ``len(played) - len(taken)``.
        value: the net penalty value removed from the hand.
        optimal: ``True`` when the play is proven the best; ``False`` only
            when a :class:`Budget` ran out first (the play is then the best
            one found, and legal).

    .. versionadded:: 0.1
    .. versionchanged:: 1.1
       The ``optimal`` field.
    """

    played: tuple[Card, ...]
    taken: tuple[Card, ...]
    table: tuple[Meld, ...]
    count: int
    value: int
    optimal: bool = True

    def hand_after(self, hand: HandInput) -> tuple[Card, ...]:
        """The hand once the play is made: ``hand`` less :attr:`played`, plus :attr:`taken`.

        Raises:
            InvalidStateError: if ``hand`` does not hold the played cards.
        """
        rest = list(_read_hand(hand))
        for card in self.played:
            if card not in rest:
                raise InvalidStateError(f"the hand has no {card} to play", code="not_in_hand")
            rest.remove(card)
        return tuple(rest) + self.taken


def _check_budget_field(name: str, value: object) -> None:
    if value is None:
        return
    if name == "nodes" and (isinstance(value, bool) or not isinstance(value, int)):
        raise UsageError(f"a budget's nodes must be an int or None, not {value!r}", code="not_an_int")
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value >= 0:
        raise UsageError(f"a budget's {name} must be a number >= 0 or None, not {value!r}", code="out_of_range")


@attrs.frozen
class Budget:
    """A limit on one :func:`solve` call: wall-clock ``seconds``, search ``nodes``, or both.

    ``nodes`` counts the states the dynamic program makes, rank by rank,
    and the options it looks at where jokers are exact or a counter runs
    (four weigh one state), checked after each suit step and every thousand
    states inside one: the same position and budget always give the same
    answer. ``seconds`` is wall-clock time (``time.perf_counter``), checked
    there and between the solver's phases; the search stops early enough to
    free the states it holds and never starts a sort it cannot finish, so a
    call overruns it by a few milliseconds (a loaded machine adds its own
    delays; ``benchmarks/bench_solver.py --worst`` times the overshoot).
    When the budget runs out the answer is the best legal play
    known: the quick layout found before the search (the table's melds
    extended by the hand; before the opening, new melds of the hand alone),
    or ``None`` when there is none. ``Budget()`` sets no limit.

    Raises:
        UsageError: ``out_of_range`` for a negative or non-numeric field,
            ``not_an_int`` for ``nodes`` that is not an int.

    >>> Budget(seconds=0.5), Budget(nodes=20_000).seconds
    (Budget(seconds=0.5, nodes=None), None)

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       ``seconds`` is checked inside the search steps too, and a budget that
       runs out before the opening gives the quick opening found first.
    .. versionchanged:: 1.2
       ``nodes`` is checked inside a step and counts the options looked at
       by the exact-joker step; ``seconds`` leaves time to free the search.
    """

    seconds: float | None = None
    nodes: int | None = None

    def __attrs_post_init__(self) -> None:
        _check_budget_field("seconds", self.seconds)
        _check_budget_field("nodes", self.nodes)

    def meter(self) -> Meter | None:
        """Private: the program's meter for one call (``None``: unlimited)."""
        if self.seconds is None and self.nodes is None:
            return None
        return Meter(self.nodes, self.seconds)


class _Position:
    """A checked position: the table (melds or cards), the hand and the rules."""

    def __init__(self, table: TableInput, hand: HandInput, rules: Rules | None) -> None:
        self.rules = rules or _DEFAULT_RULES
        self.melds, self.table_cards = _read_table(table, self.rules)
        self.hand = _read_hand(hand)
        _check_cards(self.table_cards + self.hand, self.rules, "in table and hand")
        self.table_jokers = _jokers(self.table_cards)
        self.declared = [c for m in self.melds or () for c in m.declared]
        # the quick layout of all cards that left some over: (melds, cards left, jokers left, hand played)
        self.attempt: tuple[list[greedy.RawMeld], greedy.Grid, int, list[list[int]]] | None = None

    def problem(self, *, opening: bool) -> core.Problem:
        """A program question with the table filled in (nothing from the hand yet)."""
        p = core.Problem(self.rules.num_decks, self.rules.min_natural_per_combination)
        p.joker_penalty = self.rules.joker_penalty
        if opening:
            p.xmode, p.xcap = 1, self.rules.initial_meld_min
            return p
        _fill(p.table, [c for c in self.table_cards if c is not JOKER])
        _fill(p.decl, self.declared)
        p.jt = p.jokers = p.jmin = self.table_jokers
        return p

    def base_melds(self) -> tuple[Meld, ...]:
        """The table's own melds: as given, or one valid partition of its cards."""
        if self.melds is None:
            answer = core.solve(self.problem(opening=False))
            if answer is None:
                raise InvalidStateError(_NO_PARTITION, code="no_partition")
            self.melds = _melds(answer)
        return self.melds

    def check_partition(self) -> None:
        if self.table_cards:
            self.base_melds()


_NO_PARTITION = "the table cards cannot be partitioned into valid melds"


def solve(
    table: TableInput,
    hand: HandInput,
    rules: Rules | None = None,
    *,
    opened: bool = True,
    budget: Budget | None = None,
) -> Solution | None:
    """The play that reduces the hand the most (ties: the most penalty value), or ``None``.

    Args:
        table: the table's melds (with joker declarations), its cards
            (without jokers), or notation; all of it stays on the table.
        hand: the player's hand.
        rules: the variant rules (jokers, decks, natural cards per meld,
            opening minimum); the defaults when ``None``.
        opened: ``False`` for a player who has not yet made the opening of
            MV-11: with ``rules.initial_meld_min > 0`` the play is then new
            melds made from the hand only, worth at least that much.

    Returns:
        The best :class:`Solution`, or ``None`` when no legal play exists.

    Raises:
        InvalidStateError: for a table that is not valid melds, a card the
            decks do not have, or more copies than they hold.
        NotationError: for bad notation.

    >>> s = solve("[JK=5H 6H 7H]", "5H 8H", Rules(jokers=2))
    >>> s.count, s.value, format_table(s.table)
    (2, 13, '[5H 6H 7H 8H JK=9H]')
    >>> solve("", "QH QS 10D", Rules(initial_meld_min=36), opened=False) is None
    True
    >>> solve("[4S 5S 6S] [8H 8D 8C]", "7S 8S 2C", budget=Budget(nodes=0)).optimal
    False

    Exact rearrangement is NP-hard: the program is fast on the positions
    of ``benchmarks/bench_solver.py`` (its suites, ``--worst`` included),
    which is no promise for every position; pass a budget where a call
    must return in time.

    .. versionadded:: 0.1
    .. versionchanged:: 1.1
       The ``budget`` argument.
    """
    meter = None if budget is None else budget.meter()  # the clock starts here: reading counts too
    with _paused_gc():
        pos = _Position(table, hand, rules)
        return _solve(pos, not opened and pos.rules.initial_meld_min > 0, meter)


def _solve(pos: _Position, opening: bool, meter: Meter | None, *, check: bool = True,
           quick: bool = True) -> Solution | None:
    """:func:`solve` of a read position (``quick=False``: its quick layout already failed)."""
    pos.check_partition()
    with _paused_gc():
        known = _opening_play(pos) if opening else _extended(pos)  # a quick legal play, kept if time runs out
        try:
            return _exact(pos, opening, meter, known, check, quick)
        except OutOfBudget:
            known = _better_known(pos, known)
            if known is None:
                return None
            return attrs.evolve(_solution(pos, known, opening), optimal=False)


def _exact(pos: _Position, opening: bool, meter: Meter | None, known: core.Answer | None,
           check: bool, quick: bool = True) -> Solution | None:
    """The optimum: every hand card at once if a quick layout finds it, else the program's answer."""
    layout = _all_in(pos, opening, check, meter) if quick else None
    if layout is not None:
        return _solution(pos, layout, opening)
    if meter is not None:
        meter.check()
    p = pos.problem(opening=opening)
    _fill(p.opt, [c for c in pos.hand if c is not JOKER])
    p.jokers += _jokers(pos.hand)
    if _PARTIAL_FLOOR and not opening:
        known = _better_known(pos, known)
    if known is not None and not opening:
        p.floor = known.obj
        p.floor_naturals = sum(n * (SCALE + min(r + 1, 10)) for r, row in enumerate(known.played) for n in row)
    p.meter = meter
    p.skip_whole = 1  # the quick layouts of every card failed (or ran before): "every card" is unlikely
    return _search(pos, p, opening)


#: ``True``: the quick layout's attempt, when only hand cards are left out of it, is a legal play
#: whose value bounds the search from below when it beats the table's melds extended by the hand
#: (on the benchmark's joker families it is within a card or two of the optimum, the extended
#: melds three to eight cards below it).
_PARTIAL_FLOOR = True


def _better_known(pos: _Position, known: core.Answer | None) -> core.Answer | None:
    """The better of ``known`` and the legal play left by the quick layout's attempt (if any)."""
    partial = None if pos.attempt is None else _partial(pos, *pos.attempt)
    if partial is not None and (known is None or partial.obj > known.obj):
        return partial
    return known


_GC_LOCK = threading.Lock()
_GC_USERS = [0, False]  # calls in progress, and whether the collector was on before the first


@contextlib.contextmanager
def _paused_gc() -> Iterator[None]:
    """The cyclic garbage collector off during a call: the program makes millions of
    acyclic tuples, whose collections cost tens of milliseconds at random points."""
    with _GC_LOCK:
        if not _GC_USERS[0]:
            _GC_USERS[1] = gc.isenabled()
            gc.disable()
        _GC_USERS[0] += 1
    try:
        yield
    finally:
        with _GC_LOCK:
            _GC_USERS[0] -= 1
            if not _GC_USERS[0] and _GC_USERS[1]:
                gc.enable()


def _search(pos: _Position, p: core.Problem, opening: bool) -> Solution | None:
    """The program's exact answer (see :func:`solve`)."""
    try:
        answer = _relaxed(p, opening, core.best) or core.best(p)
    except _Infeasible:
        answer = None
    if answer is None and not opening:
        raise InvalidStateError(_NO_PARTITION, code="no_partition")
    if opening:
        pos.check_partition()
    if answer is None:
        return None
    best = _solution(pos, answer, opening)
    if best.count > 0 or opening:
        return best
    swap = _swap_and_keep(pos, p)
    return None if swap is None else _solution(pos, swap, opening)


def _relaxed(p: core.Problem, opening: bool, run: Callable[[core.Problem], core.Answer | None]) -> core.Answer | None:
    """Solve with jokers as free wildcards, then add the unused jokers to melds.

    The relaxation can only do better than the real problem, so when every
    unused joker finds a place its answer is exact. ``None`` when there are
    no jokers, in the opening, or when the jokers do not fit (then the caller
    runs the exact program).
    """
    if not p.jokers or opening:
        return None
    p.free_jokers = True
    try:
        answer = run(p)
    finally:
        p.free_jokers = False
    if answer is None:
        raise _Infeasible
    return answer if _add_jokers(answer.melds, p.jokers - answer.jokers, answer) else None


def _swap_and_keep(pos: _Position, p: core.Problem) -> core.Answer | None:
    """The best play that only swaps jokers and keeps them (net hand size unchanged)."""
    if not pos.declared or not set(pos.declared) & set(pos.hand):
        return None
    p.xmode, p.xcap = 2, 1
    p.lb = None
    p.free_jokers = False
    return core.solve(p)


class _Infeasible(Exception):
    """The relaxation has no answer, so neither has the real problem."""


def can_play(
    table: TableInput, hand: HandInput, cards: HandInput, rules: Rules | None = None, *, opened: bool = True
) -> bool:
    """True when exactly ``cards`` (a part of ``hand``) can be added to the table in one play.

    Jokers taken back by a swap may be played again or kept (MV-12).
    Answered by the search of :func:`solve` on ``cards`` alone; only when
    some of them could take a table joker back and that search keeps one of
    them in hand does a second, exact program decide.

    Raises:
        InvalidStateError: as :func:`solve`, or when ``cards`` are not in ``hand``.

    >>> can_play("[4S 5S 6S] [8H 8D 8C]", "7S 8S 2C", "7S 8S"), can_play("[4S 5S 6S]", "7S 9S", "7S 9S")
    (True, False)

    .. versionadded:: 0.1
    """
    with _paused_gc():  # the second program too (a collection costs tens of milliseconds)
        return _can_play(table, hand, cards, rules, opened)


def _can_play(table: TableInput, hand: HandInput, cards: HandInput, rules: Rules | None, opened: bool) -> bool:
    pos = _Position(table, hand, rules)
    chosen = _read_hand(cards)
    missing = Counter(chosen) - Counter(pos.hand)
    if missing:
        raise InvalidStateError(f"the hand has no {next(iter(missing))} to play", code="not_in_hand")
    if not chosen:
        return False
    best = solve(table if pos.melds is None else pos.melds, chosen, pos.rules, opened=opened)
    if best is not None and Counter(best.played) == Counter(chosen):
        return True
    opening = not opened and pos.rules.initial_meld_min > 0
    if opening or not set(pos.declared) & set(chosen):
        return False  # no swap: every chosen card would have counted
    return _must_play(pos, chosen, opened=opened, keep=True)


def can_go_out(table: TableInput, hand: HandInput, rules: Rules | None = None, *, opened: bool = True) -> bool:
    """True when the whole hand can be played at once, leaving it empty (no joker kept).

    Answered by the quick layout of :func:`solve`, else by one pass of its
    program that must place every hand card and leave every joker on the
    table, after a quick check that every hand card fits in some meld. When
    that pass is not quick (more than 2,000 states), the
    search of :func:`solve` answers instead, so the call is never much
    slower than :func:`solve` and always agrees with it.

    Raises:
        InvalidStateError: as :func:`solve`.

    >>> can_go_out("[4S 5S 6S 7S]", "7H 7D"), can_go_out("[4S 5S 6S 7S]", "7H 7D 2C")
    (True, False)

    .. versionadded:: 0.1
    """
    pos = _Position(table, hand, rules)
    if not pos.hand:
        return False
    opening = not opened and pos.rules.initial_meld_min > 0
    pos.check_partition()
    if _isolated(pos, opening):
        return False
    with _paused_gc():
        if _all_in(pos, opening, check=False) is not None:  # the check is done
            return True
        try:  # one feasibility pass (every hand card, every joker on the table), if it is quick
            return _must_play(pos, pos.hand, opened=opened, keep=False, meter=Meter(_MUST_NODES, None))
        except OutOfBudget:  # else the λ-priced refutation, else solve's search (never much slower)
            if _too_few_jokers(_must_problem(pos, pos.hand, opening, keep=False), opening):
                return False
            best = _solve(pos, opening, None, check=False, quick=False)  # the quick layout failed above
            return best is not None and best.count == len(pos.hand)


#: The states a feasibility pass of :func:`can_go_out` or :func:`can_play` may expand before
#: :func:`solve`'s search answers instead (the pass is fast when the hand fits, or clearly does not).
_MUST_NODES = 2_000
#: The states the λ-priced refutation of such a pass may make (past them it proves nothing).
_REFUTE_NODES = 2_000


def _isolated(pos: _Position, opening: bool) -> bool:
    """True if some hand card fits in no meld even with every other card: the hand cannot go out."""
    hand, grid, jokers = grids(pos, opening)
    return greedy.isolated(greedy.grid_of(grid), greedy.grid_of(hand), jokers, pos.rules.min_natural_per_combination)


def _must_play(pos: _Position, cards: tuple[Card, ...], *, opened: bool, keep: bool,
               meter: Meter | None = None) -> bool:
    """Whether exactly ``cards`` can be played (jokers taken back kept if ``keep``); may raise
    :class:`OutOfBudget` when ``meter`` runs out (unbudgeted: refuted first if it can be)."""
    opening = not opened and pos.rules.initial_meld_min > 0
    p = _must_problem(pos, cards, opening, keep)
    if meter is None and _too_few_jokers(p, opening):
        return False
    p.meter = meter
    try:
        if _relaxed(p, opening, core.solve) is not None:
            return True
    except _Infeasible:
        return False
    return core.solve(p) is not None


def _must_problem(pos: _Position, cards: tuple[Card, ...], opening: bool, keep: bool) -> core.Problem:
    """The program's question "can exactly ``cards`` be played?"."""
    pos.check_partition()
    p = pos.problem(opening=opening)
    _fill(p.must, [c for c in cards if c is not JOKER])
    p.jokers += _jokers(cards)
    p.jmin = p.jokers
    p.allow_keep = keep
    return p


def _too_few_jokers(p: core.Problem, opening: bool) -> bool:
    """True when even the free-joker relaxation needs more jokers than ``p`` has, counted by the
    λ-priced pass without a joker counter (see :mod:`._solver_lagrange`): no pass could succeed.
    ``False`` in the opening, without jokers, or past :data:`_REFUTE_NODES` states."""
    if opening or not p.jokers:
        return False
    p.free_jokers = True
    try:
        need = lagrange.fewest_jokers(p, _REFUTE_NODES)
    finally:
        p.free_jokers = False
    return need is None or need > p.jokers


def _solution(pos: _Position, answer: core.Answer, opening: bool) -> Solution:
    left = [row[:] for row in answer.played]
    played = []
    for card in pos.hand:
        cell = _CELL.get(card)
        if cell is not None and left[cell[0]][cell[1]] > 0:
            left[cell[0]][cell[1]] -= 1
            played.append(card)
    start = 0 if opening else pos.table_jokers
    played += [JOKER] * max(0, answer.jokers - start)
    taken = (JOKER,) * max(0, start - answer.jokers)
    new = _melds(answer)
    table = pos.base_melds() + new if opening else new
    value = sum(card_value(c, pos.rules) for c in played) - len(taken) * pos.rules.joker_penalty
    count = len(played) - len(taken)
    return Solution(played=tuple(played), taken=taken, table=table, count=count, value=value)


def _read_hand(hand: HandInput) -> tuple[Card, ...]:
    cards = Card.parse_many(hand) if isinstance(hand, str) else tuple(hand)
    for card in cards:
        if not isinstance(card, Card):
            raise InvalidStateError(f"not a card: {card!r}", code="not_a_card")
    return cards


def _read_table(table: TableInput, rules: Rules) -> tuple[tuple[Meld, ...] | None, tuple[Card, ...]]:
    items = parse_table(table) if isinstance(table, str) else tuple(table)
    if all(isinstance(m, Meld) for m in items):
        melds = tuple(m for m in items if isinstance(m, Meld))
        check_table(melds, rules)
        return melds, tuple(c for m in melds for c in m.physical)
    if not all(isinstance(c, Card) for c in items):
        raise InvalidStateError("a table is a sequence of melds or a sequence of cards, not a mix",
                                code="mixed_table")
    cards = tuple(c for c in items if isinstance(c, Card))
    if JOKER in cards:
        raise InvalidStateError("a table with jokers must be given as melds (the jokers' declared cards matter)",
                                code="joker_undeclared", rule="MV-12")
    return None, cards


def _check_cards(cards: Sequence[Card], rules: Rules, where: str) -> None:
    counts = Counter(cards)
    for card, n in counts.items():
        if card != JOKER and card.suit not in _SUIT_INDEX:
            raise InvalidStateError(f"{card} is not a card of the French decks", code="not_a_card")
        limit = rules.jokers if card == JOKER else rules.num_decks
        if n > limit:
            raise InvalidStateError(f"{n} × {card} {where}, but the decks hold {limit}", code="too_many_copies",
                                    rule="MV-01")


# Re-exported for the doctests above.
_ = format_table
