"""Rollout policies of the search bots: how a sampled world is played to its end.

A rollout plays every seat of a sampled world with one policy until the game
ends, or until ``max_rollout`` decisions were played: a capped rollout is
worth its *fallback value* (the ``evaluate`` function of the bot, by default
the value of a draw: 0 for every seat of a zero-sum game, the middle of
``GameInfo.returns_range`` otherwise).

The policy is given to a bot as ``rollout=``:

- ``None``: the game's default (:func:`default_rollout`);
- ``"random"``: uniform over the legal moves, from the bot's generator;
- ``"best"``: the game's best shipped bot (``GameInfo.best_bot``);
- any other string: a bot spec for :func:`naipes.bots.load_bot` (``"module:Class"``);
- a :class:`~naipes.bots.Bot` (its ``choose(view)`` plays every seat);
- a callable ``(view) -> move``.

The default is the game's best shipped bot where it is cheap enough to roll out
with, else random play. Measured on the reference machine (``benchmarks/bots_search.py``,
one ISMCTS iteration = one sampled world and one rollout): with the best bot
rolling out, an iteration costs about 3x a random one in Machuco (MachucoBot),
11x in Ranzo (RanzoBot) and 20x in Machiavelli (``SolverBot``, 33 ms a deal),
while Macarra's PerfectBot is cheaper than random play (random play's slips
make games long). At equal time per decision, ISMCTS with MachucoBot rollouts
(40 iterations) scored 43.6 % ± 5.6 over 70 duplicate hands against ISMCTS with
random rollouts (130 iterations), so only Macarra rolls out with its best bot
(:data:`HEURISTIC_ROLLOUTS`); every other game, a third party's included, rolls
out at random. For Machiavelli the solver's play is a candidate move instead
(see :class:`~naipes.search.ISMCTSBot`).

.. versionadded:: 1.1
"""

from __future__ import annotations

import random
from typing import Any, Callable, Union

from naipes.bots import Bot, load_bot
from naipes.errors import UsageError
from naipes.game import Game, Move, View
from naipes.registry import find_game

__all__ = ["HEURISTIC_ROLLOUTS", "Rollout", "default_rollout"]

#: Games whose best shipped bot is the default rollout policy (cheap enough, measured).
HEURISTIC_ROLLOUTS = frozenset({"macarra"})

#: What ``rollout=`` accepts (see the module docstring).
Rollout = Union[str, Bot[Any, Any], Callable[[Any], Move], None]

AnyGame = Game[Any, Any, Any]


def default_rollout(game: str) -> str:
    """The default rollout policy of a game: ``"best"`` or ``"random"``.

    >>> default_rollout("macarra"), default_rollout("machuco")
    ('best', 'random')

    .. versionadded:: 1.1
    """
    return "best" if find_game(game).name in HEURISTIC_ROLLOUTS else "random"


class Policy:
    """Private base: picks a seat's move in a world."""

    __slots__ = ()

    def move(self, world: AnyGame, seat: int, rng: random.Random) -> Move:
        """The move ``seat`` plays in ``world``."""
        moves: tuple[Move, ...] = world.legal_moves(seat)
        return moves[rng.randrange(len(moves))]


class RandomPolicy(Policy):
    """Uniform over the legal moves, drawn from the search's generator."""

    __slots__ = ()


class BotPolicy(Policy):
    """Asks a bot with the seat's view of the world."""

    __slots__ = ("choose",)

    def __init__(self, bot: Bot[Any, Any] | Callable[[Any], Move]) -> None:
        self.choose: Callable[[Any], Move] = bot.choose if isinstance(bot, Bot) else bot

    def move(self, world: AnyGame, seat: int, rng: random.Random) -> Move:
        """The bot's choice for ``seat``'s view."""
        view: View[Any] = world.view(seat)
        listed: tuple[Move, ...] = view.legal_moves
        if len(listed) == 1:
            return listed[0]
        return self.choose(view)


def make_policy(spec: Rollout, game: str, seed: int) -> Policy:
    """The policy ``spec`` names for ``game`` (a bot built from a spec gets ``seed``).

    Raises:
        UsageError: for a spec that names no bot, or a game without a best bot
            (code ``no_such_bot``).
    """
    if spec is None:
        spec = default_rollout(game)
    if spec == "random":
        return RandomPolicy()
    if spec == "best":
        best = find_game(game).best_bot
        if best is None:
            raise UsageError(f"{game} ships no best bot to roll out with", code="no_such_bot")
        spec = best
    if isinstance(spec, str):
        return BotPolicy(load_bot(spec, seed=seed))
    if isinstance(spec, Bot) or callable(spec):
        return BotPolicy(spec)
    raise UsageError(f"rollout= takes a bot, a callable, a bot spec or None, not {spec!r}",
                     code="bad_rollout")


def neutral_value(game: AnyGame) -> tuple[float, ...]:
    """The default fallback value of a capped rollout: a draw for every seat."""
    info = find_game(game.name)
    lo, hi = info.returns_range
    value = 0.0 if info.zero_sum else (lo + hi) / 2
    return (value,) * game.num_players


def play_out(world: AnyGame, policy: Policy, rng: random.Random, cap: int,
             evaluate: Callable[[AnyGame], tuple[float, ...]]) -> tuple[float, ...]:
    """Play ``world`` to its end with ``policy`` (at most ``cap`` decisions); the returns per seat."""
    steps = 0
    while not world.is_over:
        if steps >= cap:
            return evaluate(world)
        for seat in sorted(world.to_act):
            if seat in world.to_act:
                world.play(policy.move(world, seat, rng), seat)
                steps += 1
    result = world.result
    assert result is not None
    return result.returns
