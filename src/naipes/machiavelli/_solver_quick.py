"""Private: the quick layouts of :mod:`naipes.machiavelli.solver`, tried before its program.

A greedy layout of every card (:mod:`._solver_greedy`), repaired by a small
run of the program around the cards it left over, proves the optimum when the
whole hand goes down; the table's melds extended by the hand, or an opening
from the hand alone, give a legal play kept when a budget runs out first.
Also the small helpers both modules use (card grids, jokers, melds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.machiavelli import _solver_core as core
from naipes.machiavelli import _solver_greedy as greedy
from naipes.machiavelli._solver_budget import Meter, OutOfBudget
from naipes.machiavelli._solver_mirror import copied, mirror_first, unmirrored
from naipes.machiavelli._solver_tables import SCALE
from naipes.machiavelli.melds import Meld, MeldKind, card_value, is_valid_meld
from naipes.machiavelli.rules import Rules

if TYPE_CHECKING:
    from naipes.machiavelli.solver import _Position

_SUIT_INDEX = {suit: i for i, suit in enumerate(FRENCH_SUITS)}
_CELL = {Card(r, suit): (r - 1, i) for i, suit in enumerate(FRENCH_SUITS) for r in range(1, 14)}
_CARD_AT = [[Card(r, suit) for suit in FRENCH_SUITS] for r in range(1, 14)]

def _all_in(pos: _Position, opening: bool, check: bool = True, meter: Meter | None = None) -> core.Answer | None:
    """Every hand card on the table at once (no joker kept), if a quick layout finds it: then optimal."""
    if not pos.hand:
        return None
    rules = pos.rules
    played, grid, jokers = grids(pos, opening)
    hand = greedy.grid_of(played) if check else None
    attempt = greedy.arrange_all(greedy.grid_of(grid), jokers, rules.min_natural_per_combination, hand)
    if attempt is None:
        return None
    melds, left, rest = attempt
    if rest or any(map(any, left)):
        if not opening:  # a legal play if only hand cards are left: the answer if the budget runs out
            pos.attempt = ([list(m) for m in melds], left, rest, played)
        repaired = _repair(melds, left, rest, rules, meter, opening)
        if repaired is None:
            return None
        melds = repaired
    if opening and sum(min(r, 10) for m in melds for r, _, _ in m) < rules.initial_meld_min:
        return None
    value = sum(card_value(c, rules) for c in pos.hand)
    return core.Answer(len(pos.hand) * SCALE + value, played, jokers, melds)


def _partial(pos: _Position, melds: list[greedy.RawMeld], left: greedy.Grid, rest: int,
             hand: list[list[int]]) -> core.Answer | None:
    """The quick layout of everything but a few cards as a legal play, if those are all hand cards."""
    played = [[hand[r][i] - left[r + 1][i] for i in range(4)] for r in range(13)]
    jh = _jokers(pos.hand)
    if rest > jh or any(n < 0 for row in played for n in row):
        return None  # a table card (or joker) would be left over
    count = sum(map(sum, played)) + jh - rest
    if count <= 0:
        return None
    answer = core.Answer(0, played, pos.table_jokers + jh - rest, [list(m) for m in melds])
    if not all(is_valid_meld(m, pos.rules) for m in _melds(answer)):
        return None  # not expected; the search decides then
    value = sum(n * min(r + 1, 10) for r, row in enumerate(played) for n in row) + (jh - rest) * pos.rules.joker_penalty
    answer.obj = count * SCALE + value
    return answer


#: The states a repair may expand (a few milliseconds): it is a shortcut, not the search. The same
#: with three decks: a larger budget per joker (20,000 states each) once saved the search of the
#: whole table from blowing up, but since that search reads its ranks both ways it only cost
#: (measured side by side, swap-rich 3d 90/20: total 1.23 -> 0.56 s, slowest 305 -> 54 ms).
_REPAIR_NODES = 20_000
#: The same for a repair with three jokers or more among 60 natural cards or more, whose pass with
#: every joker, when it fails, mostly fails by running out of states (measured side by side, seed
#: 2024, 60 positions: 4 jokers 60/20 total -30 %, 95th percentile 32 -> 22 ms; swap-rich 3d 90/20
#: total -28 %, 95th percentile 36 -> 20 ms; 5,000 states made the median of 4 jokers 60/20 worse).
#: Not in the opening (the long unopened hands of ``--worst``: 14 of 50 over the 5 s cap with it, 11 without).
_REPAIR_NODES_MANY = 10_000
#: The repair's passes by jokers allowed: few first (the cheap ones), then every one; ``False``: each count.
_REPAIR_SKIP = True


def _repair_passes(total: int) -> list[int]:
    """The joker counts a repair tries: 0, 1 and ``total`` (a middle count succeeds only where
    ``total`` does too, at a few times less cost: not worth its share of the budget)."""
    if not _REPAIR_SKIP:
        return list(range(total + 1))
    return sorted({0, min(1, total), total})


#: Layouts of at most this many natural cards repair a single left-over card only.
_SMALL_REPAIR = 40
#: Layouts without jokers of fewer natural cards than this repair at most two left-over cards
#: (measured on the benchmark, seed 2024: on 40/20, 60 of 61 repairs of three cards or more failed,
#: 24 ms in all; from 60 natural cards on, a third to a half of them succeed, and with jokers about
#: half of them do on every size: swap-rich 40/13 24 of 44, 2+2 jokers 40/13 16 of 47).
_MID_REPAIR = 60


def _repair_pass(p: core.Problem) -> core.Answer | None:
    """One pass of a repair, its ranks read the way :func:`._solver_mirror.mirror_first` says (two
    decks; measured side by side: 10-13 % less time on the two-deck joker families, while with three
    decks the way it picks is more often the slow one for these small problems)."""
    flip = p.copies < 3 and mirror_first(p)
    answer = core.solve(copied(p, True) if flip else p)
    return unmirrored(answer) if flip and answer is not None else answer


def _repair(melds: list[greedy.RawMeld], left: greedy.Grid, jokers: int, rules: Rules,
            meter: Meter | None = None, opening: bool = False) -> list[greedy.RawMeld] | None:
    """Lay out the left-over cards again with the melds near them, by the program (``None``: no luck).

    Only the free-joker relaxation runs, on the neighbourhood, with a
    node budget: a small, cheap problem. A layout of everything found so is
    exact all the same (nothing can beat the whole hand).
    """
    lost = sum(map(sum, left))
    naturals = sum(1 for m in melds for c in m if not c[2])
    plain = not jokers and naturals == sum(map(len, melds))  # no joker left over or in a meld
    if lost > 8 or (lost > 1 and naturals <= _SMALL_REPAIR) or (lost > 2 and plain and naturals < _MID_REPAIR):
        return None  # measured: on small tables a repair of several cards almost never succeeds
    near, far = greedy.neighbours(melds, left)
    p = core.Problem(rules.num_decks, rules.min_natural_per_combination)
    for r in range(13):
        p.table[r] = left[r + 1][:]
    for meld in near:
        for r, s, joker in meld:
            if not joker:
                p.table[r - 1][s] += 1
    total = jokers + sum(1 for m in near for c in m if c[2])
    p.free_jokers = True
    # not in the opening: a long unopened hand has no search to fall back on that is any quicker
    nodes = _REPAIR_NODES_MANY if total >= 3 and naturals >= _MID_REPAIR and not opening else _REPAIR_NODES
    side = p.meter = Meter(nodes, None) if meter is None else meter.sub(nodes)
    try:
        for p.jokers in _repair_passes(total):
            answer = _repair_pass(p)
            if answer is not None:
                break
    except OutOfBudget:
        return None
    finally:
        if meter is not None:
            meter.spent += side.spent  # the caller's node budget pays for the repair too
    if answer is None or not _add_jokers(answer.melds, total - answer.jokers, answer):
        return None
    return far + answer.melds


def _opening_play(pos: _Position) -> core.Answer | None:
    """A legal opening (MV-11) from the hand alone by the quick layouts (``None``: none found)."""
    rules = pos.rules
    hand = [[0] * 4 for _ in range(13)]
    _fill(hand, [c for c in pos.hand if c is not JOKER])
    jh = _jokers(pos.hand)
    attempt = greedy.arrange_all(greedy.grid_of(hand), jh, rules.min_natural_per_combination, None)
    if attempt is None or not attempt[0]:
        return None
    melds, left, rest = attempt
    if sum(min(r, 10) for m in melds for r, _, _ in m) < rules.initial_meld_min:
        return None
    answer = core.Answer(0, [[hand[r][i] - left[r + 1][i] for i in range(4)] for r in range(13)], jh - rest, melds)
    if not all(is_valid_meld(m, rules) for m in _melds(answer)):
        return None  # not expected; the search decides then
    count = sum(map(sum, answer.played)) + answer.jokers
    value = sum(n * min(r + 1, 10) for r, row in enumerate(answer.played) for n in row)
    answer.obj = count * SCALE + value + answer.jokers * rules.joker_penalty
    return answer


def _extended(pos: _Position) -> core.Answer | None:
    """A legal play that keeps the table's melds and adds hand cards to them (``None``: none found)."""
    if pos.melds is None:
        return None
    hand = [[0] * 4 for _ in range(13)]
    _fill(hand, [c for c in pos.hand if c is not JOKER])
    raw = [[(_CELL[c][0] + 1, _CELL[c][1], k in m.jokers) for k, c in enumerate(m.cards)] for m in pos.melds]
    jh = _jokers(pos.hand)
    melds, left, jokers_left = greedy.extend(raw, greedy.grid_of(hand), jh, pos.rules.min_natural_per_combination)
    played = [[hand[r][i] - left[r + 1][i] for i in range(4)] for r in range(13)]
    count = sum(map(sum, played)) + jh - jokers_left
    if count <= 0:
        return None
    value = sum(n * min(r + 1, 10) for r, row in enumerate(played) for n in row)
    value += (jh - jokers_left) * pos.rules.joker_penalty
    return core.Answer(count * SCALE + value, played, pos.table_jokers + jh - jokers_left, melds)



def _add_jokers(melds: list[list[tuple[int, int, bool]]], count: int, answer: core.Answer) -> bool:
    """Put ``count`` more jokers into the melds (groups of three, run ends); False if they do not fit."""
    while count:
        placed = count
        for meld in melds:
            if not count:
                break
            ranks = {r for r, _, _ in meld}
            if len(ranks) == 1 and len(meld) == 3:
                suit = min({0, 1, 2, 3} - {s for _, s, _ in meld})
                meld.append((meld[0][0], suit, True))
            elif len(ranks) > 1 and meld[-1][0] < 13:
                meld.append((meld[-1][0] + 1, meld[-1][1], True))
            elif len(ranks) > 1 and meld[0][0] > 1:
                meld.insert(0, (meld[0][0] - 1, meld[0][1], True))
            else:
                continue
            count -= 1
            answer.jokers += 1
        if count == placed:
            return False
    return True



def _melds(answer: core.Answer) -> tuple[Meld, ...]:
    melds = []
    for raw in answer.melds:
        cards = tuple(_CARD_AT[rank - 1][suit] for rank, suit, _ in raw)
        melds.append(Meld(cards, tuple(k for k, (_, _, joker) in enumerate(raw) if joker)))
    return tuple(sorted(melds, key=_meld_order))


def _meld_order(meld: Meld) -> tuple[int, int, int]:
    first = meld.cards[0]
    if meld.kind is MeldKind.GROUP:
        return (1, first.rank, len(meld))
    return (0, _SUIT_INDEX[first.suit], first.rank)  # type: ignore[index]


def grids(pos: _Position, opening: bool) -> tuple[list[list[int]], list[list[int]], int]:
    """The hand's natural cards by rank and suit; the same with the table's natural cards too
    (not when opening: the table is not touched then); the jokers of both."""
    hand = [[0] * 4 for _ in range(13)]
    _fill(hand, [c for c in pos.hand if c is not JOKER])
    grid = [row[:] for row in hand]
    jokers = _jokers(pos.hand)
    if not opening:
        _fill(grid, [c for c in pos.table_cards if c is not JOKER])
        jokers += pos.table_jokers
    return hand, grid, jokers


def _fill(counts: list[list[int]], cards: Sequence[Card]) -> None:
    for card in cards:
        r, i = _CELL[card]
        counts[r][i] += 1



def _jokers(cards: Sequence[Card]) -> int:
    """The jokers among ``cards`` (cards are interned: an identity test)."""
    return sum(1 for c in cards if c is JOKER)
