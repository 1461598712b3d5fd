"""Toy with a terminal_turn hook: a test-only shim for the command-line tests."""

from __future__ import annotations

from typing import Callable

from toy_module import FirstBot, Game, Move, Rules, View

__all__ = ["BadBot", "FirstBot", "Game", "Move", "Rules", "View", "terminal_turn"]


def terminal_turn(game: Game, seat: int, ask: Callable[[str], str], say: Callable[[str], None]) -> Move:
    """Ask for a move in notation only (no numbers), as a richer game's hook would."""
    say(f"HOOK: your hand is {' '.join(map(str, game.view(seat).hand))}")
    return Move.parse(ask("hook move> ").strip())


class BadBot:
    """Answers a move that is never legal (to test how the command reports it)."""

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, view: View) -> Move:
        return Move.parse("bid 7")
