"""Private: run states, their transitions and group splits for the solver's program.

The method is the one of van Rijn, Takes and Vis ("The Complexity of Rummikub
Problems", arXiv 1604.07553): ranks are processed from the ace to the king;
for each suit the state keeps the multiset of *open runs*, each run known only
by its length (1, 2, or 3 and more) and, with jokers, by its number of natural
cards (capped at the minimum a meld needs). At each rank the copies of each
card are split between runs (continuing an open run or starting a new one) and
groups of that rank; table cards must all be used, hand cards are optional.

This module holds the per-suit and per-rank building blocks;
:mod:`._solver_core` runs the program. Everything here is plain ints, tuples
and dicts: no public names.
"""

from __future__ import annotations

import itertools
import threading
from typing import Sequence

#: Weight of one card in the packed objective: count first, then value.
SCALE = 1 << 16
NRANKS = 13
NSUITS = 4

# Bit layout of a packed state (see _solver_core).
SID_BITS = 12
SID_MASK = (1 << SID_BITS) - 1
JU = 4 * SID_BITS  # jokers on the final table so far
SW = JU + 4  # swap matches so far
GK = SW + 4  # group-demand key of the rank in progress
XS = GK + 8  # extra counter (opening value, or "a hand card was played")
GK_MASK = (1 << 8) - 1
GSTEP = (0, 1, 5, 25)  # group key: counts of suits giving 1, 2, 3 cards to groups


#: How to rebuild a run transition: one action per old run (0 natural, 1 joker,
#: 2 end), then how many runs start with a natural and with a joker.
Recipe = tuple[tuple[int, ...], int, int]


def rank_value(rank: int) -> int:
    """Penalty / opening value of a rank: A 1, 2–10 face, J/Q/K 10."""
    return rank if rank <= 10 else 10


#: The value of each rank (index 0 unused), and the same with the ranks read from the king down
#: (a mirrored problem, see :mod:`._solver_mirror`).
VALUES = tuple(rank_value(r) for r in range(NRANKS + 1))
MIRRORED_VALUES = (0,) + VALUES[:0:-1]


class RunTable:
    """Interned per-suit run states and their transitions.

    A run code is ``4 * length + naturals`` with the length capped at 3 and
    the naturals capped at ``mn``; a suit state is a tuple of codes, sorted
    descending. With ``free`` jokers (the relaxation of ``_solver_core``)
    jokers go only where a meld needs them: a joker after a complete run makes
    it *pending* (code ``16 + naturals``: a natural card must follow), and
    runs start with a joker only where ``lead`` allows it.
    """

    def __init__(self, mn: int, free: bool) -> None:
        self.mn = mn
        self.free = free
        self.ids: dict[tuple[int, ...], int] = {(): 0}
        self.states: list[tuple[int, ...]] = [()]
        self.closable: list[bool] = [True]
        # runs that need one more card, two more cards, one more natural card
        self.short: list[tuple[int, int, int]] = [(0, 0, 0)]
        self.weight: list[int] = [0]  # grows strictly along domination
        self.dom_memo: dict[int, bool] = {}
        self._trans: dict[tuple[int, int, int, bool], tuple[tuple[int, Recipe], ...]] = {}
        self._lock = threading.Lock()

    def complete(self, code: int) -> bool:
        """A run that may end here."""
        return 12 + self.mn <= code < 16

    def intern(self, state: tuple[int, ...]) -> int:
        """The id of a suit state, a new one for a state not seen before.

        Safe with threads (one lock) and against an exception that stops a
        call half-way (a timer signal, ``KeyboardInterrupt``): the new id is
        published last, and a call first drops what an interrupted one left.
        """
        sid = self.ids.get(state)
        if sid is not None:
            return sid
        closable = all(self.complete(c) for c in state)
        short = (
            sum(1 for c in state if not self.complete(c)),
            sum(1 for c in state if c < 8),
            sum(1 for c in state if c >= 16 or c % 4 < self.mn),
        )
        weight = _weight(state)
        with self._lock:
            sid = self.ids.get(state)
            if sid is None:
                sid = len(self.weight)  # the last list written: the others may hold an interrupted write
                if sid > SID_MASK:
                    raise OverflowError("too many run states")
                del self.states[sid:], self.closable[sid:], self.short[sid:]
                self.states.append(state)
                self.closable.append(closable)
                self.short.append(short)
                self.weight.append(weight)
                self.ids[state] = sid
        return sid

    def step(self, code: int, joker: bool) -> int:
        """The code of a run after one more card (a joker or a natural)."""
        nat = code % 4
        if code >= 16:
            return code if joker else 12 + min(nat + 1, self.mn)
        if joker and self.free and self.complete(code):
            return 16 + nat
        return 4 * min(code // 4 + 1, 3) + (nat if joker else min(nat + 1, self.mn))

    def transitions(self, sid: int, a: int, b: int, lead: bool) -> tuple[tuple[int, Recipe], ...]:
        """New suit states when ``a`` natural cards and ``b`` jokers go to this suit's runs.

        ``lead``: new runs may start with a joker. Each result carries a
        recipe ``(actions, new_naturals, new_jokers)`` with one action per old
        run (0 natural, 1 joker, 2 end) for rebuilding the melds. Dominated
        results are dropped.
        """
        key = (sid, a, b, lead)
        cached = self._trans.get(key)
        if cached is None:
            cached = self._trans[key] = self._compute(self.states[sid], a, b, lead)
        return cached

    def _compute(self, state: tuple[int, ...], a: int, b: int, lead: bool) -> tuple[tuple[int, Recipe], ...]:
        choices = [(0, 1, 2) if self.complete(c) else (0, 1) for c in state]
        found: dict[tuple[int, ...], Recipe] = {}
        for actions in itertools.product(*choices):
            new_nat, new_jok = a - actions.count(0), b - actions.count(1)
            if new_nat < 0 or new_jok < 0 or (new_jok and not lead):
                continue
            if (new_nat or new_jok) and 2 in actions:
                continue  # merging the ended run with the new one dominates
            codes = [self.step(c, act == 1) for c, act in zip(state, actions) if act != 2]
            codes += [4 + min(1, self.mn)] * new_nat + [4] * new_jok
            new = tuple(sorted(codes, reverse=True))
            if new not in found:
                found[new] = (actions, new_nat, new_jok)
        return tuple((self.intern(s), found[s]) for s in self._undominated(found))

    def _undominated(self, found: dict[tuple[int, ...], Recipe]) -> list[tuple[int, ...]]:
        """The states of ``found`` no other one dominates, sorted descending.

        Only a heavier state can dominate (the weight grows strictly along
        domination), so each state is checked against the heavier ones only.
        """
        if len(found) == 1:
            return list(found)
        weighed = sorted(((_weight(s), s) for s in found), reverse=True)
        kept = [s for i, (w, s) in enumerate(weighed)
                if not any(v > w and self._dominates(o, s) for v, o in weighed[:i])]
        return sorted(kept, reverse=True)

    def dominates(self, a: int, b: int) -> bool:
        """True if suit state ``a`` can do everything suit state ``b`` can (memoized)."""
        if a == b:
            return True
        key = (a << SID_BITS) | b
        found = self.dom_memo.get(key)
        if found is None:
            found = self.dom_memo[key] = self._dominates(self.states[a], self.states[b])
        return found

    def _run_dominates(self, x: int, y: int) -> bool:
        if y >= 16:
            return (x >= 16 or self.complete(x)) and x % 4 >= y % 4
        if x >= 16:
            return False
        return x // 4 >= y // 4 and x % 4 >= y % 4

    def _dominates(self, x: tuple[int, ...], y: tuple[int, ...]) -> bool:
        """True if suit state ``x`` can do everything ``y`` can.

        Each run of ``y`` needs its own run of ``x`` that dominates it, and
        every run of ``x`` that may not end yet needs a run of ``y`` it
        dominates. Two matchings decide it: by the Mendelsohn-Dulmage
        theorem, a matching covering all of ``y`` and one covering the
        incomplete runs of ``x`` give one matching covering both.
        """
        if len(x) < len(y):
            return False
        under = self._run_dominates
        edges = [[j for j, c in enumerate(y) if under(a, c)] for a in x]
        by_y: list[list[int]] = [[] for _ in y]
        for k, row in enumerate(edges):
            for j in row:
                by_y[j].append(k)
        if not all(by_y) or not _covers(by_y, len(x)):
            return False
        incomplete = [edges[k] for k in range(len(x)) if not self.complete(x[k])]
        return all(incomplete) and _covers(incomplete, len(y))


def _weight(state: tuple[int, ...]) -> int:
    """A suit state's weight: strictly greater for a state that dominates another."""
    return sum(8 + c % 4 if c >= 16 else c for c in state)


def _covers(adjacent: list[list[int]], size: int) -> bool:
    """True if every left vertex can be matched to its own right vertex (``size`` of them)."""
    match: list[int] = [-1] * size

    def augment(left: int, seen: list[bool]) -> bool:
        for right in adjacent[left]:
            if not seen[right]:
                seen[right] = True
                if match[right] < 0 or augment(match[right], seen):
                    match[right] = left
                    return True
        return False

    return all(augment(left, [False] * size) for left in range(len(adjacent)))


_RUN_TABLES: dict[tuple[int, bool], RunTable] = {}
#: Guards the writes of the shared tables and memos (reads need none: entries are stored whole).
_LOCK = threading.Lock()


def run_table(mn: int, free: bool = False) -> RunTable:
    """The shared :class:`RunTable` for ``mn`` natural cards per meld."""
    table = _RUN_TABLES.get((mn, free))
    if table is None:
        built = RunTable(mn, free)
        with _LOCK:
            table = _RUN_TABLES.setdefault((mn, free), built)
    return table


class GroupTable:
    """Which per-suit group demands (with ``j`` jokers) split into valid groups of one rank."""

    def __init__(self, copies: int, jokers: int, mn: int, free: bool) -> None:
        types = []
        for mask in range(1, 16):
            size = bin(mask).count("1")
            for j in range(0, jokers + 1):
                if size >= mn and 3 <= size + j <= 4 and not (free and j and size + j > 3):
                    types.append((mask, j))
        start: tuple[int, ...] = (0, 0, 0, 0, 0)
        self.witness: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, int]] | None] = {start: None}
        frontier = [start]
        while frontier:
            nxt: list[tuple[int, ...]] = []
            for vec in frontier:
                for mask, j in types:
                    new = tuple(vec[i] + (mask >> i & 1) for i in range(4)) + (vec[4] + j,)
                    if new in self.witness or max(new[:4]) > copies or new[4] > jokers:
                        continue
                    self.witness[new] = (vec, (mask, j))
                    nxt.append(new)
            frontier = nxt
        self.allowed: dict[tuple[int, ...], list[dict[int, tuple[int, ...]]]] = {}  # memo of _solver_core
        self.jokers_for: dict[int, tuple[int, ...]] = {}
        for vec in self.witness:
            gk = sum(GSTEP[g] for g in vec[:4])
            self.jokers_for[gk] = tuple(sorted(set(self.jokers_for.get(gk, ())) | {vec[4]}))

    def groups(self, demand: Sequence[int], jokers: int) -> list[tuple[int, int]]:
        """A split of ``demand`` (cards per suit) plus ``jokers`` into groups ``(suit mask, jokers)``."""
        vec: tuple[int, ...] = tuple(demand) + (jokers,)
        out: list[tuple[int, int]] = []
        while True:
            link = self.witness[vec]
            if link is None:
                return out
            vec, group = link
            out.append(group)


_GROUP_TABLES: dict[tuple[int, int, int, bool], GroupTable] = {}


def group_table(copies: int, jokers: int, mn: int, free: bool = False) -> GroupTable:
    """The shared :class:`GroupTable` for these parameters (``free``: jokers only to reach three cards)."""
    key = (copies, jokers, mn, free)
    table = _GROUP_TABLES.get(key)
    if table is None:
        built = GroupTable(copies, jokers, mn, free)
        with _LOCK:
            table = _GROUP_TABLES.setdefault(key, built)
    return table


