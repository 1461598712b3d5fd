"""The one legality shape of every game (internal): each game's ``legality.check`` calls :func:`check_in`.

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from naipes.errors import IllegalMoveError

if TYPE_CHECKING:
    from naipes.game import Game

__all__ = ["check_in"]


def check_in(game_type: type[Game[Any, Any, Any]], label: str, game: object, move: Any, seat: int | None) -> None:
    """Raise ``wrong_game`` unless ``game`` is a ``game_type``, else whatever its ``check_move`` raises."""
    if not isinstance(game, game_type):
        raise IllegalMoveError(f"not a {label} game: {type(game).__name__}", code="wrong_game", seat=seat)
    game.check_move(move, seat)
