"""The tree helpers of naipes.search: UCB with availability counts, the returns scale, widening."""

from __future__ import annotations

import random

from naipes import machuco
from naipes.search import ISMCTSBot
from naipes.search._tree import Edge, Node, Scale, most_visited, ucb_pick, widening


def _edge(visits: int, avail: int, total: float) -> Edge:
    e = Edge(0, None)
    e.visits, e.avail, e.total = visits, avail, total
    return e


def test_widening_grows_with_the_square_root_of_visits() -> None:
    assert [widening(n, 2.0, 0.5) for n in (0, 3, 15, 48)] == [2, 4, 8, 14]
    assert widening(0, 0.1, 0.5) == 1


def test_scale_maps_the_range_seen_to_the_unit_interval() -> None:
    scale = Scale()
    assert scale.unit(3.0) == 0.5  # nothing seen yet
    scale.see((-3.0, 0.0, 9.0))
    assert scale.unit(-3.0) == 0.0 and scale.unit(9.0) == 1.0 and scale.unit(3.0) == 0.5


def test_ucb_explores_the_edge_seldom_tried_while_available() -> None:
    scale = Scale()
    scale.see((0.0, 1.0))
    good, rare = _edge(50, 60, 30.0), _edge(1, 60, 0.4)
    assert ucb_pick([good, rare], 0.7, scale) is rare
    assert ucb_pick([good, _edge(1, 1, 0.4)], 0.7, scale) is good  # never available: no bonus
    assert ucb_pick([good, rare], 0.0, scale) is good


def test_most_visited_breaks_ties_by_mean_then_order() -> None:
    scale = Scale()
    scale.see((0.0, 1.0))
    a, b, c = _edge(5, 5, 1.0), _edge(5, 5, 4.0), _edge(5, 5, 4.0)
    assert most_visited([a, b, c], scale) is b


def test_progressive_widening_limits_the_moves_tried() -> None:
    game = machuco.Game(machuco.Rules(players=2, scope="hand"), seed=1)
    seat = min(game.to_act)
    view = game.view(seat)
    bot = ISMCTSBot(iterations=4, seed=1, widen_above=1, widen_k=1.0)
    world = view.sample(random.Random(0))
    ctx, scale, node = bot._context(world), Scale(), Node()
    moves = view.legal_moves
    assert len(moves) >= 3
    for _ in range(3):
        edge, _added = bot._select(node, seat, moves, world, ctx, scale, None)
        edge.visits += 1
    assert len(node.edges) == widening(3, 1.0, 0.5) == 2
