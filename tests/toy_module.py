"""Toy: the example third-party game (examples/toygame), as the command-line tests load it.

Each seat holds three cards; play a card onto the table, and take the table
when your card matches the rank of the top card. When the cards run out,
everybody bids 0 or 1 at once, and the bids count as points.

>>> 1 + 1
2
"""

from __future__ import annotations

from toygame import Game, Move, Result, Rules, View

from naipes.bots import RandomBot

__all__ = ["FirstBot", "Game", "Move", "Result", "Rules", "View"]


class FirstBot:
    """Always plays the first legal move (the toy's "best" bot)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: View) -> Move:
        return view.legal_moves[0]


assert RandomBot  # re-exported for tests that want it
