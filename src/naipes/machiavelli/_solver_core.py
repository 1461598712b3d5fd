"""Private: the rank-by-rank dynamic program behind :mod:`naipes.machiavelli.solver`.

The method is the one of van Rijn, Takes and Vis ("The Complexity of Rummikub
Problems", arXiv 1604.07553): ranks are processed from the ace to the king;
for each suit the state keeps the multiset of *open runs*, each run known only
by its length (1, 2, or 3 and more) and, with jokers, by its number of natural
cards (capped at the minimum a meld needs). At each rank the copies of each
card are split between runs (continuing an open run or starting a new one) and
groups of that rank; table cards must all be used, hand cards are optional.

A whole state is packed into one int (four suit-state ids, jokers used, swap
matches, an extra counter and the multiset of group demands of the rank being
processed); a layer is a dict from state to the best objective reached, and a
rank is processed suit by suit so that suits multiply only through the small
group-demand summary.

Everything here is plain ints, tuples and dicts: no public names.
"""

from __future__ import annotations

import itertools
from typing import Dict, List, Optional, Sequence, Tuple

#: Weight of one card in the packed objective: count first, then value.
SCALE = 1 << 16
NRANKS = 13
NSUITS = 4

# Bit layout of a packed state.
_SID_BITS = 12
_SID_MASK = (1 << _SID_BITS) - 1
_JU = 4 * _SID_BITS  # jokers used
_SW = _JU + 4  # swap matches
_GK = _SW + 4  # group-demand key of the rank in progress
_XS = _GK + 8  # extra counter (opening value or "a hand card was played")
_GK_MASK = (1 << 8) - 1
_GSTEP = (0, 1, 5, 25)  # group key: count of suits giving 1, 2, 3 cards to groups

# What an option records: (delta, new sid, n, g, b, dobj, dx, recipe)
Option = Tuple[int, int, int, int, int, int, int, object]


def rank_value(rank: int) -> int:
    """Penalty / opening value of a rank: A 1, 2–10 face, J/Q/K 10."""
    return rank if rank <= 10 else 10


class RunTable:
    """Interned per-suit run states and their transitions (cached per ``mn``).

    A run code is ``4 * length + naturals`` with the length capped at 3 and
    the naturals capped at ``mn``; a suit state is a tuple of codes, sorted
    descending.
    """

    def __init__(self, mn: int) -> None:
        self.mn = mn
        self.full = 12 + mn  # codes >= full are complete runs
        self.ids: Dict[Tuple[int, ...], int] = {(): 0}
        self.states: List[Tuple[int, ...]] = [()]
        self.closable: List[bool] = [True]
        self._trans: Dict[Tuple[int, int, int], Tuple[Tuple[int, object], ...]] = {}

    def intern(self, state: Tuple[int, ...]) -> int:
        sid = self.ids.get(state)
        if sid is None:
            sid = len(self.states)
            if sid > _SID_MASK:
                raise OverflowError("too many run states")
            self.ids[state] = sid
            self.states.append(state)
            self.closable.append(all(c >= self.full for c in state))
        return sid

    def step(self, code: int, joker: bool) -> int:
        length, nat = divmod(code, 4)
        return 4 * min(length + 1, 3) + (nat if joker else min(nat + 1, self.mn))

    def transitions(self, sid: int, a: int, b: int) -> Tuple[Tuple[int, object], ...]:
        """New suit states when ``a`` natural cards and ``b`` jokers go to this suit's runs.

        Each result carries a recipe ``(actions, new_naturals, new_jokers)``
        with one action per old run (0 natural, 1 joker, 2 end) for rebuilding
        the melds. Dominated results are dropped.
        """
        key = (sid, a, b)
        cached = self._trans.get(key)
        if cached is None:
            cached = self._trans[key] = self._compute(self.states[sid], a, b)
        return cached

    def _compute(self, state: Tuple[int, ...], a: int, b: int) -> Tuple[Tuple[int, object], ...]:
        choices = [(0, 1, 2) if c >= self.full else (0, 1) for c in state]
        found: Dict[Tuple[int, ...], object] = {}
        for actions in itertools.product(*choices):
            nat = actions.count(0)
            jok = actions.count(1)
            new_nat, new_jok = a - nat, b - jok
            if new_nat < 0 or new_jok < 0:
                continue
            if (new_nat or new_jok) and 2 in actions:
                continue  # merging the ended run with the new one dominates
            codes = [self.step(c, act == 1) for c, act in zip(state, actions) if act != 2]
            codes += [4 + min(1, self.mn)] * new_nat + [4] * new_jok
            new = tuple(sorted(codes, reverse=True))
            if new not in found:
                found[new] = (actions, new_nat, new_jok)
        kept = [s for s in found if not any(o != s and self._dominates(o, s) for o in found)]
        return tuple((self.intern(s), found[s]) for s in sorted(kept, reverse=True))

    def _dominates(self, x: Tuple[int, ...], y: Tuple[int, ...]) -> bool:
        """True if suit state ``x`` can do everything ``y`` can."""
        if len(x) < len(y):
            return False
        for perm in itertools.permutations(range(len(x)), len(y)):
            if all(x[i] // 4 >= c // 4 and x[i] % 4 >= c % 4 for i, c in zip(perm, y)):
                used = set(perm)
                if all(x[i] >= self.full for i in range(len(x)) if i not in used):
                    return True
        return False


_RUN_TABLES: Dict[int, RunTable] = {}


def run_table(mn: int) -> RunTable:
    """The shared :class:`RunTable` for ``mn`` natural cards per meld."""
    table = _RUN_TABLES.get(mn)
    if table is None:
        table = _RUN_TABLES[mn] = RunTable(mn)
    return table


class GroupTable:
    """Which per-suit group demands (with ``j`` jokers) split into valid groups of one rank."""

    def __init__(self, copies: int, jokers: int, mn: int) -> None:
        types = []
        for mask in range(1, 16):
            size = bin(mask).count("1")
            for j in range(0, jokers + 1):
                if size >= mn and 3 <= size + j <= 4:
                    types.append((mask, j))
        start = (0, 0, 0, 0, 0)
        self.witness: Dict[Tuple[int, ...], Optional[Tuple[Tuple[int, ...], Tuple[int, int]]]] = {start: None}
        frontier = [start]
        while frontier:
            nxt = []
            for vec in frontier:
                for mask, j in types:
                    new = tuple(vec[i] + (mask >> i & 1) for i in range(4)) + (vec[4] + j,)
                    if new in self.witness or max(new[:4]) > copies or new[4] > jokers:
                        continue
                    self.witness[new] = (vec, (mask, j))
                    nxt.append(new)
            frontier = nxt
        self.jokers_for: Dict[int, Tuple[int, ...]] = {}
        for vec in self.witness:
            gk = sum(_GSTEP[g] for g in vec[:4])
            self.jokers_for[gk] = tuple(sorted(set(self.jokers_for.get(gk, ())) | {vec[4]}))

    def groups(self, demand: Sequence[int], jokers: int) -> List[Tuple[int, int]]:
        """A split of ``demand`` (cards per suit) plus ``jokers`` into groups ``(suit mask, jokers)``."""
        vec: Tuple[int, ...] = tuple(demand) + (jokers,)
        out = []
        while True:
            link = self.witness[vec]
            if link is None:
                return out
            vec, group = link
            out.append(group)


_GROUP_TABLES: Dict[Tuple[int, int, int], GroupTable] = {}


def group_table(copies: int, jokers: int, mn: int) -> GroupTable:
    """The shared :class:`GroupTable` for these parameters."""
    key = (copies, jokers, mn)
    table = _GROUP_TABLES.get(key)
    if table is None:
        table = _GROUP_TABLES[key] = GroupTable(copies, jokers, mn)
    return table


class Problem:
    """One question for the dynamic program (all counts indexed ``[rank - 1][suit]``).

    Attributes:
        copies: copies of each natural card in the decks.
        mn: natural cards every meld needs.
        table: natural cards on the table (must all stay).
        must: hand cards that must be played.
        opt: hand cards that may be played.
        decl: table jokers declared as this card (a hand card equal to it may take one back).
        jt: jokers on the table; jokers: jokers that may end on the table (table + hand).
        jmin: jokers that must end on the table, less the swaps when ``allow_keep``.
        allow_keep: a joker taken back by a swap may stay in the hand.
        joker_penalty: value of a joker in hand.
        xmode: 0, or 1 for the opening (``xcap`` = its minimum value), or 2 to
            demand one natural hand card played.
    """

    def __init__(self, copies: int, mn: int) -> None:
        self.copies = copies
        self.mn = mn
        self.table = [[0] * NSUITS for _ in range(NRANKS)]
        self.must = [[0] * NSUITS for _ in range(NRANKS)]
        self.opt = [[0] * NSUITS for _ in range(NRANKS)]
        self.decl = [[0] * NSUITS for _ in range(NRANKS)]
        self.jt = 0
        self.jokers = 0
        self.jmin = 0
        self.allow_keep = True
        self.joker_penalty = 25
        self.xmode = 0
        self.xcap = 0


class Answer:
    """What the program found: the objective, per-card plays and the melds."""

    def __init__(self, obj: int, played: List[List[int]], jokers: int, melds: List[List[Tuple[int, int, bool]]]) -> None:
        self.obj = obj
        self.played = played  # natural hand cards played, [rank - 1][suit]
        self.jokers = jokers  # jokers on the final table
        self.melds = melds  # each meld: (rank, suit, is_joker) in order


def solve(p: Problem) -> Optional[Answer]:
    """Run the program; ``None`` when no layout satisfies the constraints."""
    runs = run_table(p.mn)
    groups = group_table(p.copies, p.jokers, p.mn)
    layer: Dict[int, int] = {0: 0}
    trail: List[Dict[int, Tuple[int, object]]] = []
    for r in range(1, NRANKS + 1):
        for i in range(NSUITS):
            layer = _suit_step(p, runs, layer, trail, r, i)
        layer = _rank_end(p, groups, layer, trail, r)
        if not layer:
            return None
    best_key, best = -1, 0
    for key, obj in layer.items():
        if (best_key < 0 or obj > best) and _final_ok(p, runs, key):
            best_key, best = key, obj
    if best_key < 0:
        return None
    path = []
    key = best_key
    for back in reversed(trail):
        key, choice = back[key]
        path.append(choice)
    path.reverse()
    return _build(p, runs, groups, best - p.jt * (SCALE + p.joker_penalty), path)


def _final_ok(p: Problem, runs: RunTable, key: int) -> bool:
    closable = runs.closable
    for i in range(NSUITS):
        if not closable[(key >> (i * _SID_BITS)) & _SID_MASK]:
            return False
    ju = (key >> _JU) & 15
    sw = (key >> _SW) & 15 if p.allow_keep else 0
    if ju + sw < p.jmin:
        return False
    return p.xmode == 0 or (key >> _XS) >= p.xcap


def _options(p: Problem, runs: RunTable, sid: int, r: int, i: int) -> List[Option]:
    shift = i * _SID_BITS
    t = p.table[r - 1][i]
    lo = t + p.must[r - 1][i]
    hi = lo + p.opt[r - 1][i]
    d = p.decl[r - 1][i]
    v = rank_value(r)
    hv = SCALE + v
    jv = SCALE + p.joker_penalty
    out: List[Option] = []
    for n in range(lo, hi + 1):
        for g in range(0, n + 1):
            for b in range(0, p.jokers + 1):
                for nsid, recipe in runs.transitions(sid, n - g, b):
                    delta = ((nsid - sid) << shift) + (b << _JU) + (min(d, n - t) << _SW) + (_GSTEP[g] << _GK)
                    dx = (n + b) * v if p.xmode == 1 else int(n > t)
                    out.append((delta, nsid, n, g, b, (n - t) * hv + b * jv, dx, recipe))
    out.sort(key=lambda o: o[4])
    return out


def _suit_step(
    p: Problem, runs: RunTable, layer: Dict[int, int], trail: List[Dict[int, Tuple[int, object]]], r: int, i: int
) -> Dict[int, int]:
    shift = i * _SID_BITS
    cache: Dict[int, List[Option]] = {}
    nxt: Dict[int, int] = {}
    back: Dict[int, Tuple[int, object]] = {}
    jokers = p.jokers
    xmode, xcap = p.xmode, p.xcap
    get = nxt.get
    for key, obj in layer.items():
        sid = (key >> shift) & _SID_MASK
        opts = cache.get(sid)
        if opts is None:
            opts = cache[sid] = _options(p, runs, sid, r, i)
        jleft = jokers - ((key >> _JU) & 15)
        for opt in opts:
            if opt[4] > jleft:
                break
            nk = key + opt[0]
            if xmode:
                x = nk >> _XS
                if x < xcap:
                    nk += min(opt[6], xcap - x) << _XS
            o = obj + opt[5]
            old = get(nk)
            if old is None or o > old:
                nxt[nk] = o
                back[nk] = (key, opt)
    trail.append(back)
    return nxt


def _rank_end(
    p: Problem, groups: GroupTable, layer: Dict[int, int], trail: List[Dict[int, Tuple[int, object]]], r: int
) -> Dict[int, int]:
    nxt: Dict[int, int] = {}
    back: Dict[int, Tuple[int, object]] = {}
    jokers_for = groups.jokers_for
    jv = SCALE + p.joker_penalty
    v = rank_value(r)
    xmode, xcap = p.xmode, p.xcap
    for key, obj in layer.items():
        gk = (key >> _GK) & _GK_MASK
        js = jokers_for.get(gk)
        if js is None:
            continue
        base = key - (gk << _GK)
        jleft = p.jokers - ((key >> _JU) & 15)
        for jg in js:
            if jg > jleft:
                break
            nk = base + (jg << _JU)
            if xmode == 1 and jg:
                x = nk >> _XS
                nk += min(jg * v, max(0, xcap - x)) << _XS
            o = obj + jg * jv
            old = nxt.get(nk)
            if old is None or o > old:
                nxt[nk] = o
                back[nk] = (key, jg)
    trail.append(back)
    return nxt


def _build(p: Problem, runs: RunTable, groups: GroupTable, obj: int, path: List[object]) -> Answer:
    played = [[0] * NSUITS for _ in range(NRANKS)]
    melds: List[List[Tuple[int, int, bool]]] = []
    open_runs: List[List[Tuple[int, List[Tuple[int, int, bool]]]]] = [[] for _ in range(NSUITS)]
    jokers = 0
    step = 0
    for r in range(1, NRANKS + 1):
        demand = [0] * NSUITS
        for i in range(NSUITS):
            opt = path[step]
            step += 1
            assert isinstance(opt, tuple)
            _, nsid, n, g, b, _, _, recipe = opt
            played[r - 1][i] = n - p.table[r - 1][i]
            demand[i] = g
            jokers += b
            open_runs[i] = _apply_recipe(runs, open_runs[i], recipe, r, i, melds)
            assert tuple(c for c, _ in open_runs[i]) == runs.states[nsid]
        jg = path[step]
        step += 1
        assert isinstance(jg, int)
        jokers += jg
        for mask, j in groups.groups(demand, jg):
            suits = [s for s in range(NSUITS) if mask >> s & 1]
            free = [s for s in range(NSUITS) if not mask >> s & 1]
            melds.append([(r, s, False) for s in suits] + [(r, s, True) for s in free[:j]])
    for suit_runs in open_runs:
        melds.extend(cards for _, cards in suit_runs)
    return Answer(obj, played, jokers, melds)


def _apply_recipe(
    runs: RunTable,
    current: List[Tuple[int, List[Tuple[int, int, bool]]]],
    recipe: object,
    r: int,
    suit: int,
    melds: List[List[Tuple[int, int, bool]]],
) -> List[Tuple[int, List[Tuple[int, int, bool]]]]:
    actions, new_nat, new_jok = recipe  # type: ignore[misc]
    out: List[Tuple[int, List[Tuple[int, int, bool]]]] = []
    for (code, cards), act in zip(current, actions):
        if act == 2:
            melds.append(cards)
        else:
            out.append((runs.step(code, act == 1), cards + [(r, suit, act == 1)]))
    out += [(4 + min(1, runs.mn), [(r, suit, False)]) for _ in range(new_nat)]
    out += [(4, [(r, suit, True)]) for _ in range(new_jok)]
    out.sort(key=lambda item: -item[0])
    return out
