"""Rollout policies of the search bots: how a sampled world is played to its end.

A rollout plays every seat of a sampled world with one policy until the game
ends, or until ``max_rollout`` decisions were played: a capped rollout is
worth its *fallback value* (the ``evaluate`` function of the bot, else the
game plugin's evaluation, else the value of a draw: 0 for every seat of a
zero-sum game, the middle of ``GameInfo.returns_range`` otherwise).

The policy is given to a bot as ``rollout=``:

- ``None``: the game's default (its plugin's rollout policy, see below);
- ``"random"``: uniform over the legal moves, from the bot's generator;
- ``"best"``: the game's best shipped bot (``plugin.bots()["best"]``);
- any other string: a bot spec for :func:`naipes.bots.load_bot` (``"module:Class"``);
- a :class:`~naipes.bots.Bot` (its ``choose(view)`` plays every seat);
- a callable ``(view) -> move``.

A bot that also has ``choose_in_game(game, seat)`` (as RanzoBot does) is asked
that way instead: it must return what ``choose(game.view(seat))`` returns,
with the same draws from its generator, and it saves building the view.

The default (``rollout=None``) is the game plugin's
:meth:`~naipes.plugin.GamePlugin.rollout_policy`: a bot cheap enough to roll
out with, or ``None`` for random play. Measured on the reference machine
(``benchmarks/bots_search.py``, one ISMCTS iteration = one sampled world and
one rollout): with the best bot rolling out, an iteration costs about 3x a
random one in Machuco (MachucoBot), 11x in Ranzo (RanzoBot) and 20x in
Machiavelli (``SolverBot``, 33 ms a deal), while Macarra's PerfectBot is
cheaper than random play (random play's slips make games long). So Machuco's
and Ranzo's plugins give an epsilon-greedy cut-down of their heuristic bot
instead (a move costs less than building the seat's view: in Ranzo 8 us
after the view's 13 us, against RanzoBot's 100 us, a random step 13 us; measured
on RanzoBot games' positions with a choice), Macarra's gives its
PerfectBot, and Machiavelli rolls out at random (the solver's play is a root
candidate instead, see :class:`~naipes.search.ISMCTSBot`). A third party's
game rolls out at random unless its plugin says otherwise.

A capped rollout is valued by the bot's ``evaluate=`` when given, else by the
plugin's :meth:`~naipes.plugin.GamePlugin.evaluate` of the searching seat's
view of the world, else as a draw.

.. deprecated:: 1.2
   ``HEURISTIC_ROLLOUTS`` and ``default_rollout(game)`` warn with
   :class:`DeprecationWarning`: the game's plugin decides
   (``naipes.plugin.plugin(game).rollout_policy(seed)``). They still answer as
   before, computed from the plugins.

.. versionadded:: 1.1
"""

from __future__ import annotations

import random
import warnings
from typing import Any, Callable, Sequence, Union

from naipes.bots import Bot, load_bot
from naipes.errors import UsageError
from naipes.game import Game, Move, View
from naipes.plugin import GamePlugin, plugin
from naipes.registry import find_game, games
from naipes.search._candidates import shipped_best

__all__ = ["Rollout"]

#: What ``rollout=`` accepts (see the module docstring).
Rollout = Union[str, Bot[Any, Any], Callable[[Any], Move], None]

AnyGame = Game[Any, Any, Any]

_DEPRECATED = {
    "HEURISTIC_ROLLOUTS": "naipes.search.rollout.HEURISTIC_ROLLOUTS is deprecated since 1.2: "
                          "a game's rollout policy is its plugin's rollout_policy(seed)",
}


def __getattr__(name: str) -> Any:
    """The deprecated module attributes (``HEURISTIC_ROLLOUTS``), computed from the plugins, with a warning."""
    if name in _DEPRECATED:
        warnings.warn(_DEPRECATED[name], DeprecationWarning, stacklevel=2)
        return heuristic_rollouts()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def heuristic_rollouts() -> frozenset[str]:
    """The registered games whose plugin gives a rollout policy (what ``HEURISTIC_ROLLOUTS`` was)."""
    return frozenset(info.name for info in games() if _game_policy(info.name, 0) is not None)


def default_rollout(game: str) -> str:
    """The default rollout policy of a game: ``"best"`` when its plugin gives one, else ``"random"``.

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", DeprecationWarning)
    ...     default_rollout("macarra"), default_rollout("machiavelli")
    ('best', 'random')

    .. versionadded:: 1.1
    .. deprecated:: 1.2
       Warns with :class:`DeprecationWarning`; ask the game's plugin:
       ``naipes.plugin.plugin(game).rollout_policy(seed)`` (``None``: random play).
    """
    warnings.warn("naipes.search.default_rollout is deprecated since 1.2: use "
                  "naipes.plugin.plugin(game).rollout_policy(seed) (None means random play)",
                  DeprecationWarning, stacklevel=2)
    return "random" if _game_policy(game, 0) is None else "best"


def _game_policy(game: str, seed: int) -> Bot[Any, Any] | Callable[[Any], Move] | None:
    """The game plugin's rollout policy for ``seed``, checked.

    Raises:
        UsageError: for a plugin's policy that is not a bot or a callable (code ``bad_rollout``).
    """
    policy = plugin(game).rollout_policy(seed)
    if policy is None or isinstance(policy, Bot) or callable(policy):
        return policy
    raise UsageError(f"{game}: its plugin's rollout_policy gave {policy!r}, not a bot, a callable or None",
                     code="bad_rollout")


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

    __slots__ = ("choose", "in_game")

    def __init__(self, bot: Bot[Any, Any] | Callable[[Any], Move]) -> None:
        self.choose: Callable[[Any], Move] = bot.choose if isinstance(bot, Bot) else bot
        #: the bot's ``choose_in_game(game, seat)``, when it has one (see the module docstring)
        self.in_game: Callable[[Any, int], Move] | None = getattr(bot, "choose_in_game", None)

    def move(self, world: AnyGame, seat: int, rng: random.Random) -> Move:
        """The bot's choice for ``seat``'s view (a seat with one legal move plays it, unasked)."""
        listed: tuple[Move, ...] = world.legal_moves(seat)
        if len(listed) == 1:
            return listed[0]
        if self.in_game is not None:
            return self.in_game(world, seat)
        view: View[Any] = world.view(seat)
        return self.choose(view)


def make_policy(spec: Rollout, game: str, seed: int) -> Policy:
    """The policy ``spec`` names for ``game`` (a bot built from a spec gets ``seed``).

    Raises:
        UsageError: for a spec that names no bot, or a game without a best bot
            (code ``no_such_bot``); for a spec or a plugin's policy of the wrong type
            (code ``bad_rollout``).
    """
    if spec is None:
        policy = _game_policy(game, seed)
        return RandomPolicy() if policy is None else BotPolicy(policy)
    if spec == "random":
        return RandomPolicy()
    if spec == "best":
        best = shipped_best(plugin(game))
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


class Valuation:
    """The fallback value of a capped rollout for the searching seat ``observer``.

    ``evaluate(world)`` when the bot was given one; else the game plugin's
    ``evaluate(world.view(observer))`` (asked as
    :meth:`~naipes.plugin.GamePlugin.evaluate_game`) when the plugin defines it and
    gives a value; else :func:`neutral_value`. Holds the game's name only, so it pickles.
    """

    __slots__ = ("given", "game")

    def __init__(self, given: Callable[[AnyGame], Sequence[float]] | None, game: str) -> None:
        self.given = given
        game_plugin = plugin(game)
        ask = given is None and type(game_plugin).evaluate is not GamePlugin.evaluate
        self.game = game_plugin.info.name if ask else None

    def __call__(self, world: AnyGame, observer: int) -> tuple[float, ...]:
        """Every seat's value of ``world``.

        Raises:
            UsageError: for a value that does not have one number per seat (code ``bad_evaluation``).
        """
        if self.given is not None:
            value: Sequence[float] | None = self.given(world)
        elif self.game is not None:
            value = plugin(self.game).evaluate_game(world, observer)
        else:
            return neutral_value(world)
        if value is None:
            return neutral_value(world)
        out = tuple(value)
        if len(out) != world.num_players:
            raise UsageError(f"an evaluation of a {world.num_players}-player game gave {len(out)} values",
                             code="bad_evaluation")
        return out


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
