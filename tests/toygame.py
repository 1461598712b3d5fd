"""The example third-party game, under the names the tests use.

The game itself lives in ``examples/toygame/naipes_toy.py`` (on the tests'
``pythonpath``), written as a game published outside naipes would be.
"""

from __future__ import annotations

from naipes_toy import (
    DECK,
    GAME_INFO,
    Bid,
    BidsRevealed,
    Captured,
    Dealt,
    Game,
    GameEnded,
    HandEnded,
    HandStarted,
    Move,
    Phase,
    PlayCard,
    Result,
    Rules,
    ToyEvent,
    View,
)

ToyGame = Game
ToyView = View

__all__ = [
    "Bid", "BidsRevealed", "Captured", "DECK", "Dealt", "GAME_INFO", "Game", "GameEnded", "HandEnded",
    "HandStarted", "Move", "Phase", "PlayCard", "Result", "Rules", "ToyEvent", "ToyGame", "ToyView", "View",
]
