"""Bots: the :class:`Bot` protocol, :class:`RandomBot` and :func:`play_game`.

Bots receive views, never the game, so they cannot see hidden cards.

.. versionadded:: 0.1
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol, Sequence, runtime_checkable

from naipes.errors import IllegalMoveError, NaipesError
from naipes.game import Game, Move, Result, View

__all__ = ["Bot", "RandomBot", "load_bot", "play_game"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a move for the seat a view belongs to.

    .. versionadded:: 0.1
    """

    def choose(self, view: View) -> Move:
        """Return one of ``view.legal_moves`` (or any move the game accepts)."""
        ...


class RandomBot:
    """Picks uniformly among ``view.legal_moves``, from its own seeded generator.

    Args:
        seed: seed of the bot's generator (``None``: fresh entropy).

    .. versionadded:: 0.1
    """

    __slots__ = ("rng",)

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        """A uniformly random legal move.

        Raises:
            IllegalMoveError: when the view lists no legal move.
        """
        moves = view.legal_moves
        if not moves:
            raise IllegalMoveError("the view has no legal move to choose from", seat=view.seat)
        return moves[self.rng.randrange(len(moves))]

    def __repr__(self) -> str:
        return "RandomBot()"


def play_game(game: Game[Any, Any, Any], bots: Sequence[Bot]) -> Result:
    """Play ``game`` to the end with one bot per seat and return its result.

    Seats in ``to_act`` are asked in ascending order, each with its own view.

    Raises:
        IllegalMoveError: naming the bot and seat when a bot answers illegally.
        ValueError: when the number of bots is not the number of seats.
    """
    if len(bots) != game.num_players:
        raise ValueError(f"{game.num_players} seats need {game.num_players} bots, not {len(bots)}")
    while not game.is_over:
        for seat in sorted(game.to_act):
            if seat not in game.to_act:
                continue
            bot = bots[seat]
            move = bot.choose(game.view(seat))
            try:
                game.play(move, seat)
            except IllegalMoveError as exc:
                raise IllegalMoveError(f"bot {bot!r} answered illegally: {exc.reason}",
                                       move=move, seat=seat) from exc
    result = game.result
    assert result is not None
    return result


def load_bot(spec: str, *, seed: int | None = None) -> Bot:
    """Build a bot from ``"module:Class"`` or ``"random"``.

    The class is called with ``seed=`` when it accepts it, else with no argument.

    Raises:
        NaipesError: when the bot cannot be found.
    """
    if spec == "random":
        return RandomBot(seed)
    module_name, _, cls_name = spec.partition(":")
    try:
        cls = getattr(importlib.import_module(module_name), cls_name)
    except (ImportError, AttributeError, ValueError) as exc:
        raise NaipesError(f"no bot {spec!r}: {exc}") from exc
    try:
        bot = cls(seed=seed)
    except TypeError:
        bot = cls()
    if not isinstance(bot, Bot):
        raise NaipesError(f"{spec!r} is not a bot (it has no choose(view))")
    return bot
