"""Private: rebuilding the melds of an optimal path of the solver's program.

:mod:`._solver_core` finds the best path through its layers, one choice per
suit step (an option tuple) and one per rank end (the jokers added to that
rank's groups); :func:`build` replays it and returns the hand cards played,
the jokers on the final table and the melds.
"""

from __future__ import annotations

from naipes.machiavelli._solver_tables import NRANKS, NSUITS, GroupTable, Recipe, RunTable

#: A meld under construction or finished: (rank, suit, is_joker) per card, in order.
RawMeld = list[tuple[int, int, bool]]
OpenRuns = list[tuple[int, RawMeld]]


def build(
    table: list[list[int]], runs: RunTable, groups: GroupTable, path: list[object]
) -> tuple[list[list[int]], int, list[RawMeld]]:
    """Replay ``path``: (natural hand cards played ``[rank - 1][suit]``, jokers on the table, melds)."""
    played = [[0] * NSUITS for _ in range(NRANKS)]
    melds: list[RawMeld] = []
    open_runs: list[OpenRuns] = [[] for _ in range(NSUITS)]
    jokers = 0
    step = 0
    for r in range(1, NRANKS + 1):
        demand = [0] * NSUITS
        for i in range(NSUITS):
            opt = path[step]
            step += 1
            assert isinstance(opt, tuple)
            _, _, b, _, nsid, n, g, recipe, _ = opt
            played[r - 1][i] = n - table[r - 1][i]
            demand[i] = g
            jokers += b
            if open_runs[i] or n > g or b:
                open_runs[i] = _apply_recipe(runs, open_runs[i], recipe, r, i, melds)
                assert tuple(c for c, _ in open_runs[i]) == runs.states[nsid]
            else:
                assert nsid == 0  # no runs before, none started
        jg = path[step]
        step += 1
        assert isinstance(jg, int)
        jokers += jg
        if jg or any(demand):
            for mask, j in groups.groups(demand, jg):
                suits = [s for s in range(NSUITS) if mask >> s & 1]
                free = [s for s in range(NSUITS) if not mask >> s & 1]
                melds.append([(r, s, False) for s in suits] + [(r, s, True) for s in free[:j]])
    for suit_runs in open_runs:
        melds.extend(cards for _, cards in suit_runs)
    return played, jokers, melds


def _apply_recipe(
    runs: RunTable, current: OpenRuns, recipe: Recipe, r: int, suit: int, melds: list[RawMeld]
) -> OpenRuns:
    actions, new_nat, new_jok = recipe
    out: OpenRuns = []
    for (code, cards), act in zip(current, actions):
        if act == 2:
            melds.append(cards)
        else:
            cards.append((r, suit, act == 1))
            out.append((runs.step(code, act == 1), cards))
    out += [(4 + min(1, runs.mn), [(r, suit, False)]) for _ in range(new_nat)]
    out += [(4, [(r, suit, True)]) for _ in range(new_jok)]
    if len(out) > 1:
        out.sort(key=lambda item: -item[0])
    return out
