"""Private: the nodes and edges of the ISMCTS tree, UCB with availability counts, widening.

A node is reached by a sequence of edges from the root. An edge is keyed by
``(seat, move)`` for a decision, or by ``(CHANCE, answers)`` for a window whose
answers were drawn by the policy; moves are matched across sampled worlds by
equality (moves are frozen, hashable values).
"""

from __future__ import annotations

import math
from typing import Hashable, Sequence

from naipes.game import Move

#: The seat of a chance edge (window answers drawn by the policy): it has no mover to credit.
CHANCE = -1


class Edge:
    """One move out of a node, with its statistics for the seat that made it."""

    __slots__ = ("seat", "move", "visits", "avail", "total", "child")

    def __init__(self, seat: int, move: Move | None) -> None:
        self.seat = seat
        self.move = move
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.child = Node()


class Node:
    """The edges tried out of one history, and how often the node was visited."""

    __slots__ = ("edges", "visits")

    def __init__(self) -> None:
        self.edges: dict[Hashable, Edge] = {}
        self.visits = 0

    def edge(self, key: Hashable, seat: int, move: Move | None) -> Edge:
        """The edge under ``key``, created when new."""
        found = self.edges.get(key)
        if found is None:
            found = self.edges[key] = Edge(seat, move)
        return found


class Scale:
    """The range of returns seen so far in one search: means are normalised by it for UCB."""

    __slots__ = ("lo", "hi")

    def __init__(self) -> None:
        self.lo = math.inf
        self.hi = -math.inf

    def see(self, returns: Sequence[float]) -> None:
        """Widen the range to hold ``returns``."""
        low, high = min(returns), max(returns)
        if low < self.lo:
            self.lo = low
        if high > self.hi:
            self.hi = high

    def unit(self, value: float) -> float:
        """``value`` mapped to [0, 1] by the range seen (0.5 while the range is empty)."""
        span = self.hi - self.lo
        return (value - self.lo) / span if span > 0 else 0.5


def ucb_pick(edges: Sequence[Edge], c: float, scale: Scale, favoured: Move | None = None,
             bias: float = 0.0) -> Edge:
    """The edge of highest UCB1 score, exploring by availability counts (first of equals);
    the ``favoured`` move's score gets ``bias / (visits + 1)`` (progressive bias)."""
    best = edges[0]
    best_score = -math.inf
    for e in edges:
        score = scale.unit(e.total / e.visits) + c * math.sqrt(math.log(e.avail) / e.visits)
        if bias and e.move == favoured:
            score += bias / (e.visits + 1)
        if score > best_score:
            best, best_score = e, score
    return best


def widening(visits: int, k: float, alpha: float) -> int:
    """How many moves a node visited ``visits`` times may have tried: ``ceil(k * (visits + 1) ** alpha)``."""
    return max(1, int(math.ceil(k * float(visits + 1) ** alpha)))


def most_visited(edges: Sequence[Edge], scale: Scale) -> Edge:
    """The root's answer: most visits, then best mean, then the first listed."""
    return max(edges, key=lambda e: (e.visits, scale.unit(e.total / e.visits) if e.visits else 0.0))


def descend(root: Node, seen: Sequence[tuple[int, Move]]) -> Node | None:
    """The node ``seen`` leads to from ``root``, or ``None`` when the tree never went that way.

    Each ``(seat, move)`` follows its decision edge; where there is none, the next moves
    may be a window's answers drawn as a chance edge, matched as a set of ``(seat, move)``.
    """
    node, i = root, 0
    while i < len(seen):
        edge = node.edges.get(seen[i])
        if edge is not None:
            node, i = edge.child, i + 1
            continue
        found = _chance_child(node, seen, i)
        if found is None:
            return None
        node, i = found
    return node


def _chance_child(node: Node, seen: Sequence[tuple[int, Move]], i: int) -> tuple[Node, int] | None:
    """The child under the chance edge whose answers are the next moves of ``seen``, and the index after."""
    for key, edge in node.edges.items():
        if edge.seat != CHANCE:
            continue
        answers = key[1]  # type: ignore[index]
        k = len(answers)
        if k and set(answers) == set(seen[i:i + k]):
            return edge.child, i + k
    return None
