"""Private: dropping the states of a layer that another state dominates (the solver's pruning).

State ``a`` dominates state ``b`` when every suit state of ``a`` dominates the
same suit's state of ``b`` (:meth:`RunTable.dominates`: whatever the next ranks
let ``b``'s open runs do, ``a``'s can do as well), the other fields are equal
(with free jokers, ``a`` may have used fewer jokers), and ``a``'s objective is at
least ``b``'s. Dropping ``b`` then never loses the best final state: whatever
completes ``b`` completes ``a`` at least as well. Both passes below only ever
drop a state that a *kept* state dominates, so each is exact whatever order the
states come in; the order only decides how much is dropped.

1. :func:`_pass_over_best`: each state against the best :data:`DOMINATORS`
   states kept with its other fields (a cost cap). Once a group holds all
   of them (it grows no more), a state is checked suit by suit instead:
   for each suit state met, the bits of the kept states whose suit state
   dominates it are computed once (:func:`_above`), and a state is dominated
   when the four suits' bits (and, with free jokers, the bits of the kept
   states that used no more jokers) share one. The same states are dropped
   either way: in the larger layers the same few suit states recur in
   every suit, so the bits spare most comparisons.
2. :func:`_pass_by_suit`: for each suit in turn, the states that agree on the
   three other suits and every other field are compared in one group, so a
   state meets the state that differs from it in that suit alone, however large
   the layer (the first pass's cap hides those in layers of 10**5 states, the
   layers of rich hands with several jokers).
"""

from __future__ import annotations

from naipes.machiavelli._solver_budget import CHUNK, Meter, metered
from naipes.machiavelli._solver_tables import JU, SID_BITS, SID_MASK, SW, RunTable

#: The best states of a layer that others are checked against (a cost cap).
DOMINATORS = 48

#: Seconds to sort one state by :func:`_pass_over_best`'s order (measured: 1.1-2 µs, loaded machine).
SORT_COST = 2.5e-6

#: Layers smaller than this skip the pass by suit (the first pass sees them whole).
BY_SUIT_FROM = 4 * DOMINATORS


def undominated(runs: RunTable, layer: dict[int, int], free_jokers: bool, meter: Meter | None = None) -> dict[int, int]:
    """The layer without the states that a state kept dominates (see the module's docstring)."""
    out = _pass_over_best(runs, layer, free_jokers, meter)
    if len(out) >= BY_SUIT_FROM:
        for suit in range(4):
            out = _pass_by_suit(runs, out, suit, free_jokers, meter)
    return out


def _pass_by_suit(runs: RunTable, layer: dict[int, int], suit: int, free_jokers: bool,
                  meter: Meter | None) -> dict[int, int]:
    """Drop the states that a kept state equal to them but in ``suit`` (and, with free jokers,
    in the jokers used: fewer or as many) dominates; at most :data:`DOMINATORS` kept per group."""
    shift = suit * SID_BITS
    other = ~((SID_MASK << shift) | ((((1 << SW) - 1) ^ ((1 << JU) - 1)) if free_jokers else 0))
    groups: dict[int, list[int]] = {}
    get = groups.get
    for key, _ in metered(layer, meter):
        members = get(key & other)
        if members is None:
            groups[key & other] = [key]
        else:
            members.append(key)
    out: dict[int, int] = {}
    since_check = CHUNK
    for members in groups.values():
        if meter is not None and since_check >= CHUNK:
            meter.check()
            since_check = 0
        since_check += len(members)
        if len(members) == 1:
            out[members[0]] = layer[members[0]]
            continue
        _keep_undominated(runs, layer, members, shift, out)
    return out


def _keep_undominated(runs: RunTable, layer: dict[int, int], members: list[int], shift: int,
                      out: dict[int, int]) -> None:
    """Copy into ``out`` the members of one group that no kept member dominates."""
    weight, dominates, memo = runs.weight, runs.dominates, runs.dom_memo
    # best objective first, then heaviest in the suit, then fewest jokers (one int: weights < 2**11)
    members.sort(key=lambda k: (-layer[k] << 15) + ((2047 - weight[(k >> shift) & SID_MASK]) << 4) + ((k >> JU) & 15))
    kept: list[tuple[int, int]] = []
    for key in members:
        sid, jokers = (key >> shift) & SID_MASK, (key >> JU) & 15
        for t, used in kept:
            if used <= jokers:
                if t == sid:
                    break
                d = memo.get((t << SID_BITS) | sid)
                if dominates(t, sid) if d is None else d:
                    break
        else:
            out[key] = layer[key]
            if len(kept) < DOMINATORS:
                kept.append((sid, jokers))


def _pass_over_best(runs: RunTable, layer: dict[int, int], free_jokers: bool, meter: Meter | None = None) -> dict[int, int]:
    """Drop states that another state dominates suit by suit, with as good an objective.

    The other fields must be equal, except that with ``free_jokers`` fewer
    jokers used dominates. Candidates come best objective first, then
    heaviest, then with fewest jokers (a dominating state comes first), so
    each needs checking only against the states kept (in a full group, by
    the bits of :func:`_full_group`).
    """
    weight, dominates, memo = runs.weight, runs.dominates, runs.dom_memo
    m = SID_MASK

    def order(kv: tuple[int, int]) -> int:
        # -objective, then -weight (below 2**11), then jokers (below 16), packed in one int
        key = kv[0]
        heavy = weight[key & m] + weight[(key >> SID_BITS) & m] + weight[(key >> (2 * SID_BITS)) & m]
        heavy += weight[(key >> (3 * SID_BITS)) & m]
        return (-kv[1] << 15) + ((2047 - heavy) << 4) + ((key >> JU) & 15)

    buckets: dict[int, dict[int, list[tuple[int, int, int, int]]]] = {}
    sizes: dict[int, int] = {}
    full: dict[int, _Full] = {}
    out: dict[int, int] = {}
    if meter is not None:
        meter.check(len(layer) * SORT_COST)  # the sort cannot stop half-way: time it ahead
    ordered = sorted(layer.items(), key=order)
    for key, obj in metered(ordered, meter):
        group = key >> SW if free_jokers else key >> JU
        bits = full.get(group)
        if bits is not None:
            if not _dominated_in_full(runs, bits, key):
                out[key] = obj
            continue
        s0 = key & m
        s1 = (key >> SID_BITS) & m
        s2 = (key >> (2 * SID_BITS)) & m
        s3 = (key >> (3 * SID_BITS)) & m
        ju = (key >> JU) & 15
        kept = buckets.get(group)
        if kept is None:
            kept = buckets[group] = {}
            sizes[group] = 0
        dominated = False
        for k0, rest in kept.items():
            if k0 != s0:
                d = memo.get((k0 << SID_BITS) | s0)
                if not (dominates(k0, s0) if d is None else d):
                    continue
            for k1, k2, k3, kju in rest:
                if kju != ju and not (free_jokers and kju < ju):
                    continue
                if k1 != s1:
                    d = memo.get((k1 << SID_BITS) | s1)
                    if not (dominates(k1, s1) if d is None else d):
                        continue
                if k2 != s2:
                    d = memo.get((k2 << SID_BITS) | s2)
                    if not (dominates(k2, s2) if d is None else d):
                        continue
                if k3 != s3:
                    d = memo.get((k3 << SID_BITS) | s3)
                    if not (dominates(k3, s3) if d is None else d):
                        continue
                dominated = True
                break
            if dominated:
                break
        if not dominated:
            if sizes[group] < DOMINATORS:
                kept.setdefault(s0, []).append((s1, s2, s3, ju))
                sizes[group] += 1
                if sizes[group] == DOMINATORS:
                    full[group] = _full_group(kept, free_jokers)
            out[key] = obj
    return out


# A full group of :func:`_pass_over_best`: per suit, the kept suit states -> bits of the kept states
# holding them; per jokers used, the bits of the kept states that used no more; per suit, the suit
# states met -> bits of the kept states whose suit state dominates them (filled as they come).
_Full = tuple[tuple[dict[int, int], ...], list[int], tuple[dict[int, int], ...]]


def _full_group(kept: dict[int, list[tuple[int, int, int, int]]], free_jokers: bool) -> _Full:
    """The bits of a group whose :data:`DOMINATORS` states are all kept (it grows no more)."""
    v0: dict[int, int] = {}
    v1: dict[int, int] = {}
    v2: dict[int, int] = {}
    v3: dict[int, int] = {}
    used = [0] * 16  # jokers used -> bits of the kept states that used exactly as many
    bit = 1
    for k0, rest in kept.items():
        for k1, k2, k3, kju in rest:
            v0[k0] = v0.get(k0, 0) | bit
            v1[k1] = v1.get(k1, 0) | bit
            v2[k2] = v2.get(k2, 0) | bit
            v3[k3] = v3.get(k3, 0) | bit
            used[kju if free_jokers else 0] |= bit  # without free jokers, all used as many
            bit <<= 1
    jokers, acc = [], 0
    for exact in used:  # as many or fewer
        acc |= exact
        jokers.append(acc)
    return (v0, v1, v2, v3), jokers, ({}, {}, {}, {})


def _dominated_in_full(runs: RunTable, bits: _Full, key: int) -> bool:
    """True if a kept state of the full group ``bits`` dominates ``key``."""
    values, jokers, seen = bits
    mask = jokers[(key >> JU) & 15]
    for suit in range(4):
        sid = (key >> (suit * SID_BITS)) & SID_MASK
        above = seen[suit].get(sid)
        if above is None:
            above = seen[suit][sid] = _above(runs, values[suit], sid)
        mask &= above
        if not mask:
            return False
    return True


def _above(runs: RunTable, held: dict[int, int], sid: int) -> int:
    """The bits of the kept states whose suit state (``held``: suit state -> bits) dominates ``sid``."""
    memo, dominates = runs.dom_memo, runs.dominates
    above = 0
    for k, bits in held.items():
        if k == sid:
            above |= bits
        else:
            d = memo.get((k << SID_BITS) | sid)
            if dominates(k, sid) if d is None else d:
                above |= bits
    return above
