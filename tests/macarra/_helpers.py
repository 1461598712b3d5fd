"""Shared helpers of the Macarra tests."""

from __future__ import annotations

from typing import Any

from naipes import Card
from naipes.events import Event
from naipes.macarra import Game, Rules


def position(players: int, stocks: list[str], piles: list[str] | None = None, **kw: Any) -> Game:
    rules = kw.pop("rules", None) or Rules(players=players)
    return Game.from_position(rules, stocks=stocks, piles=piles, **kw)


def forced_turn(game: Game) -> list[str]:
    """Play the forced moves of the current turn; return their notation."""
    seat = game.turn
    played = []
    while game.turn == seat and game.turn is not None:
        move = game.forced_move()
        assert move is not None
        played.append(str(move))
        game.play(move)
    return played


def piles(game: Game) -> list[str]:
    return [" ".join(str(c) for c in game.zones()[f"pile{s}"]) for s in range(game.num_players)]


def stocks(game: Game) -> list[str]:
    return [" ".join(str(c) for c in game.zones()[f"stock{s}"]) for s in range(game.num_players)]


def foundation_tops(game: Game) -> list[str]:
    return [str(c) for c in game.view(0).foundations]


def record_events(game: Game) -> list[Event]:
    seen: list[Event] = []
    game.events.subscribe(Event, seen.append)
    return seen


def cards(text: str) -> tuple[Card, ...]:
    return Card.parse_many(text)
