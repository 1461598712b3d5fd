"""Bots: the :class:`Bot` protocol, :class:`RandomBot` and :func:`play_game`.

Bots receive views, never the game, so they cannot see hidden cards.

.. versionadded:: 0.1
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol, Sequence, TypeVar, runtime_checkable

from naipes.errors import IllegalMoveError, UsageError
from naipes.game import Game, Move, Result, View

__all__ = ["Bot", "RandomBot", "load_bot", "play_game"]

V_contra = TypeVar("V_contra", bound=View[Any], contravariant=True)
M_co = TypeVar("M_co", bound=Move, covariant=True)
M = TypeVar("M", bound=Move)
V = TypeVar("V", bound=View[Any])


@runtime_checkable
class Bot(Protocol[V_contra, M_co]):
    """Anything that picks a move for the seat a view belongs to.

    ``Bot[V, M]`` takes views of type ``V`` and answers moves of type ``M``:
    a Machuco bot is a ``Bot[machuco.View, machuco.Move]``.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Generic in the view and move types.
    """

    def choose(self, view: V_contra) -> M_co:
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

    def choose(self, view: View[M]) -> M:
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


def play_game(game: Game[Any, M, V], bots: Sequence[Bot[V, M]]) -> Result:
    """Play ``game`` to the end with one bot per seat and return its result.

    Seats in ``to_act`` are asked in ascending order, each with its own view.

    Raises:
        IllegalMoveError: naming the bot and seat when a bot answers illegally.
        UsageError: when the number of bots is not the number of seats
            (code ``wrong_bot_count``).
    """
    if len(bots) != game.num_players:
        raise UsageError(f"{game.num_players} seats need {game.num_players} bots, not {len(bots)}",
                         code="wrong_bot_count")
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
                                       move=move, seat=seat, code=exc.code, rule=exc.rule) from exc
    result = game.result
    assert result is not None
    return result


def load_bot(spec: str, *, seed: int | None = None) -> Bot[Any, Any]:
    """Build a bot from ``"module:Class"`` or ``"random"``.

    The class is called with ``seed=`` when it accepts it, else with no argument.

    Raises:
        UsageError: when the bot cannot be found (``no_such_bot``, ``not_a_bot``).
    """
    if spec == "random":
        return RandomBot(seed)
    module_name, _, cls_name = spec.partition(":")
    try:
        cls = getattr(importlib.import_module(module_name), cls_name)
    except (ImportError, AttributeError, ValueError) as exc:
        raise UsageError(f"no bot {spec!r}: {exc}", code="no_such_bot") from exc
    try:
        bot = cls(seed=seed)
    except TypeError:
        bot = cls()
    if not isinstance(bot, Bot):
        raise UsageError(f"{spec!r} is not a bot (it has no choose(view))", code="not_a_bot")
    return bot
