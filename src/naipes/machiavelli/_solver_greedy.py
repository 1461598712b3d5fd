"""Private: quick legal layouts for :mod:`naipes.machiavelli.solver` (no search).

Two uses, both exact in what they claim:

* :func:`arrange_all` tries to lay out *every* card (table and hand, jokers
  included). When it succeeds no play can do better (the whole hand goes and
  no joker is kept), so the solver returns it without running the program:
  whole decks, three decks and long hands mostly end here.
* :func:`extend` keeps the table's melds and adds what it can of the hand.
  Its layout is a legal play, so its objective is a lower bound for the
  program's passes and the answer kept when a budget runs out.

Both work on ``(rank, suit, is_joker)`` melds (jokers with the rank and suit
they are declared as) and count grids ``grid[rank][suit]`` with ranks 1..13
(row 0 unused). Runs are kept in rank order, groups in suit order.
"""

from __future__ import annotations

from naipes.machiavelli._solver_prune import _placeable

RawMeld = list[tuple[int, int, bool]]
Grid = list[list[int]]
SUITS = range(4)


def grid_of(counts: list[list[int]]) -> Grid:
    """A 1-based copy of a ``[rank - 1][suit]`` count table."""
    return [[0] * 4] + [row[:] for row in counts]


Attempt = tuple[list[RawMeld], Grid, int]


def arrange_all(counts: Grid, jokers: int, mn: int, hand: Grid | None) -> Attempt | None:
    """Melds for every card of ``counts`` and every joker: ``(melds, cards left, jokers left)``.

    The attempt succeeds when nothing is left; otherwise it is the one that
    leaves the fewest cards (``None``: some hand card has no meld at all).
    ``hand``: the cards among ``counts`` that may be isolated (the others
    already sit in valid melds; ``None``: the caller checked). Three orders are tried: longest runs
    first, runs grown rank by rank, groups first.
    """
    if hand is not None and isolated(counts, hand, jokers, mn):
        return None
    best: Attempt | None = None
    for first, second in ((_peel, _groups), (_grow, _groups), (_groups, _peel)):
        left = [row[:] for row in counts]
        melds: list[RawMeld] = []
        first(left, melds)
        second(left, melds)
        rest = _settle(left, melds, jokers, mn)
        if best is None or sum(map(sum, left)) + rest < sum(map(sum, best[1])) + best[2]:
            best = (melds, left, rest)
        if not rest and not any(map(any, left)):
            break
    return best


def neighbours(melds: list[RawMeld], left: Grid) -> tuple[list[RawMeld], list[RawMeld]]:
    """Split ``melds`` into those near the left-over cards (same suit within two ranks, same rank,
    or holding a joker) and the others."""
    cells = [(r, s) for r in range(1, 14) for s in SUITS if left[r][s]]
    near: list[RawMeld] = []
    far: list[RawMeld] = []
    for meld in melds:
        touch = any(c[2] for c in meld) or any(
            r == lr or (s == ls and abs(r - lr) <= 2) for r, s, _ in meld for lr, ls in cells
        )
        (near if touch else far).append(meld)
    return near, far


def isolated(counts: Grid, hand: Grid, jokers: int, mn: int) -> bool:
    """True if some hand card has no meld at all among ``counts`` (the test is necessary, not sufficient)."""
    for r in range(1, 14):
        for s in SUITS:
            if hand[r][s] and not _placeable(counts, jokers, mn, r, s):
                return True
    return False


def _grow(left: Grid, melds: list[RawMeld]) -> None:
    """New runs grown rank by rank: each card extends the shortest open run of its suit, else starts one."""
    for s in SUITS:
        open_runs: list[RawMeld] = []
        for r in range(1, 15):
            n = left[r][s] if r <= 13 else 0
            open_runs.sort(key=len)
            grown = []
            for run in open_runs:
                if n:
                    run.append((r, s, False))
                    n -= 1
                    grown.append(run)
                elif len(run) >= 3:  # shorter fragments are dropped: their cards stay left
                    melds.append(run)
                    for q, _, _ in run:
                        left[q][s] -= 1
            open_runs = grown + [[(r, s, False)] for _ in range(n)]


def extend(melds: list[RawMeld], hand: Grid, jokers: int, mn: int) -> tuple[list[RawMeld], Grid, int]:
    """Add hand cards (``hand`` naturals, ``jokers``) to copies of ``melds``: (melds, cards left, jokers left)."""
    out = [list(m) for m in melds]
    left = [row[:] for row in hand]
    _attach(left, out)
    _peel(left, out)
    _groups(left, out)
    jokers = _settle(left, out, jokers, mn)
    return out, left, jokers


def _settle(left: Grid, melds: list[RawMeld], jokers: int, mn: int) -> int:
    """Attach single cards, split runs for groups, then place jokers; returns the jokers left."""
    _attach(left, melds)
    if _split_for_groups(left, melds):
        _attach(left, melds)
    jokers = _joker_melds(left, melds, jokers, mn)
    _attach(left, melds)
    return _extra_jokers(melds, jokers, mn)


def _is_run(meld: RawMeld) -> bool:
    return meld[0][0] != meld[-1][0]


def _peel(left: Grid, melds: list[RawMeld]) -> None:
    """New runs: the longest stretches (three cards or more) of each suit, one copy at a time."""
    for s in SUITS:
        while True:
            best_lo, best_len, lo = 0, 0, 0
            for r in range(1, 15):
                if r <= 13 and left[r][s]:
                    if not lo:
                        lo = r
                    continue
                if lo and r - lo > best_len:
                    best_lo, best_len = lo, r - lo
                lo = 0
            if best_len < 3:
                break
            for r in range(best_lo, best_lo + best_len):
                left[r][s] -= 1
            melds.append([(r, s, False) for r in range(best_lo, best_lo + best_len)])


def _groups(left: Grid, melds: list[RawMeld]) -> None:
    """New groups: three or four distinct suits of one rank."""
    for r in range(1, 14):
        row = left[r]
        while sum(1 for s in SUITS if row[s]) >= 3:
            suits = [s for s in SUITS if row[s]]
            for s in suits:
                row[s] -= 1
            melds.append([(r, s, False) for s in suits])


def _attach(left: Grid, melds: list[RawMeld]) -> None:
    """Add single cards to run ends and to groups of three, as long as any fits."""
    changed = True
    while changed:
        changed = False
        for meld in melds:
            if _is_run(meld):
                s = meld[0][1]
                hi, lo = meld[-1][0], meld[0][0]
                while hi < 13 and left[hi + 1][s]:
                    hi += 1
                    left[hi][s] -= 1
                    meld.append((hi, s, False))
                    changed = True
                while lo > 1 and left[lo - 1][s]:
                    lo -= 1
                    left[lo][s] -= 1
                    meld.insert(0, (lo, s, False))
                    changed = True
            elif len(meld) == 3:
                r = meld[0][0]
                for s in set(SUITS) - {c[1] for c in meld}:
                    if left[r][s]:
                        left[r][s] -= 1
                        meld.append((r, s, False))
                        meld.sort(key=lambda c: c[1])
                        changed = True
                        break


def _donor(melds: list[RawMeld], r: int, s: int) -> int | None:
    """A natural run of suit ``s`` that can give up its rank ``r`` card (both parts stay valid)."""
    for k, meld in enumerate(melds):
        lo, suit, _ = meld[0]
        hi = meld[-1][0]
        if suit != s or not lo <= r <= hi or hi - lo < 3:  # hi - lo < 3: a group, or a short run
            continue
        if (r - lo == 0 or r - lo >= 3) and (hi - r == 0 or hi - r >= 3) and not any(c[2] for c in meld):
            return k
    return None


def _split_for_groups(left: Grid, melds: list[RawMeld]) -> bool:
    """Make groups of left-over cards with cards taken out of natural runs of other suits."""
    done = False
    for r in range(1, 14):
        while True:
            have = [s for s in SUITS if left[r][s]]
            if not have:
                break
            donors = []
            for s in SUITS:
                if s not in have:
                    k = _donor(melds, r, s)
                    if k is not None:
                        donors.append((s, k))
            need = 3 - len(have)
            if need < 1 or len(donors) < need:
                break
            for _, k in donors[:need]:
                _take(melds, k, r)
            for s in have:
                left[r][s] -= 1
            used = have + [s for s, _ in donors[:need]]
            melds.append([(r, s, False) for s in sorted(used)])
            done = True
    return done


def _take(melds: list[RawMeld], k: int, r: int) -> None:
    meld = melds[k]
    lo = meld[0][0]
    before, after = meld[: r - lo], meld[r - lo + 1 :]
    melds[k] = before or after
    if before and after:
        melds.append(after)


def _joker_melds(left: Grid, melds: list[RawMeld], jokers: int, mn: int) -> int:
    """New melds of left-over cards completed by jokers; returns the jokers left."""
    if mn > 2:
        return jokers
    for r in range(1, 14):
        for s in SUITS:
            while jokers and left[r][s]:
                meld = _with_jokers(left, r, s, jokers, mn)
                if meld is None:
                    break
                for rank, suit, joker in meld:
                    if not joker:
                        left[rank][suit] -= 1
                jokers -= sum(1 for c in meld if c[2])
                melds.append(meld)
    return jokers


def _with_jokers(left: Grid, r: int, s: int, jokers: int, mn: int) -> RawMeld | None:
    """A three-card meld of card ``(r, s)``, other left-over cards and jokers."""
    if r < 13 and left[r + 1][s]:
        j = (r + 2, s, True) if r + 2 <= 13 else (r - 1, s, True)
        return sorted([(r, s, False), (r + 1, s, False), j])
    if r < 12 and left[r + 2][s]:
        return [(r, s, False), (r + 1, s, True), (r + 2, s, False)]
    other = next((t for t in SUITS if t != s and left[r][t]), None)
    if other is not None:
        third = next(t for t in SUITS if t not in (s, other))
        return sorted([(r, s, False), (r, other, False), (r, third, True)], key=lambda c: c[1])
    if mn == 1 and jokers >= 2:
        lo = min(r, 11)
        return [(q, s, q != r) for q in range(lo, lo + 3)]
    return None


def _extra_jokers(melds: list[RawMeld], jokers: int, mn: int) -> int:
    """Put the remaining jokers into melds (groups of three, run ends, split long runs)."""
    while jokers:
        if not _one_joker(melds, mn):
            break
        jokers -= 1
    return jokers


def _one_joker(melds: list[RawMeld], mn: int) -> bool:
    for meld in melds:
        if not _is_run(meld) and len(meld) == 3:
            s = min(set(SUITS) - {c[1] for c in meld})
            meld.append((meld[0][0], s, True))
            meld.sort(key=lambda c: c[1])
            return True
    for meld in melds:
        if _is_run(meld):
            s = meld[0][1]
            if meld[-1][0] < 13:
                meld.append((meld[-1][0] + 1, s, True))
                return True
            if meld[0][0] > 1:
                meld.insert(0, (meld[0][0] - 1, s, True))
                return True
    tail = max(2, mn)
    for k, meld in enumerate(melds):
        naturals = [c for c in meld if not c[2]]
        if _is_run(meld) and len(naturals) == len(meld) and len(meld) >= 3 + tail:
            head, rest = meld[:-tail], meld[-tail:]
            melds[k] = head
            melds.append([(rest[0][0] - 1, rest[0][1], True)] + rest)
            return True
    return False
