"""Private: candidate moves offered to the search besides the listed ones.

A game whose ``legal_moves`` is not complete (``GameInfo.complete_moves`` is
false) lists only a family of its plays. By default the search asks the game's
plugin for the moves to add at the root of each decision
(:meth:`GamePlugin.root_candidates <naipes.plugin.GamePlugin.root_candidates>`);
a game whose plugin does not say falls back on the move its best shipped bot
proposes.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from naipes.bots import Bot, load_bot
from naipes.errors import UsageError
from naipes.game import Move, View
from naipes.plugin import GamePlugin, plugin


class Candidate:
    """Proposes one move for a view (or ``None``), from a bot or a callable."""

    __slots__ = ("choose",)

    def __init__(self, bot: Bot[Any, Any] | Callable[[Any], Move | None]) -> None:
        self.choose: Callable[[Any], Move | None] = bot.choose if isinstance(bot, Bot) else bot

    def propose(self, view: View[Any]) -> tuple[Move, ...]:
        """The proposed moves for ``view``'s seat: the one move, or none."""
        move = self.choose(view)
        return () if move is None else (move,)


class PluginCandidates:
    """Proposes the moves of the game's plugin (:meth:`~naipes.plugin.GamePlugin.root_candidates`).

    Holds the game's name only, so a bot that used it still pickles (a plugin holds its module).
    """

    __slots__ = ("game",)

    def __init__(self, game: str) -> None:
        self.game = game

    def propose(self, view: View[Any]) -> tuple[Move, ...]:
        """The plugin's root candidates for ``view``."""
        return tuple(plugin(self.game).root_candidates(view))


#: What a resolved ``candidate=`` is: it proposes moves for a view.
Proposer = Candidate | PluginCandidates


def overrides(game_plugin: GamePlugin[Any, Any, Any], name: str) -> bool:
    """Whether ``game_plugin``'s class defines method ``name`` itself (not the generic default)."""
    return getattr(type(game_plugin), name) is not getattr(GamePlugin, name)


def make_candidate(spec: object, game: str) -> Proposer | None:
    """The proposer ``spec`` names for ``game``: ``True`` the default, ``False``/``None`` none.

    The default is the game plugin's ``root_candidates`` when the plugin defines it; else,
    for a game whose ``legal_moves`` is not complete, the move of its best bot.

    Raises:
        UsageError: for a spec that names no bot (code ``no_such_bot``, ``bad_candidate``).
    """
    if spec is False or spec is None:
        return None
    if spec is True:
        return default_candidate(game)
    if isinstance(spec, str):
        return Candidate(load_bot(spec, seed=0))
    if isinstance(spec, Bot) or callable(spec):
        return Candidate(spec)
    raise UsageError(f"candidate= takes True, False, a bot, a callable or a bot spec, not {spec!r}",
                     code="bad_candidate")


def default_candidate(game: str) -> Proposer | None:
    """The game's own proposer (see :func:`make_candidate`), or ``None``."""
    game_plugin = plugin(game)
    if overrides(game_plugin, "root_candidates"):
        return PluginCandidates(game_plugin.info.name)
    info = game_plugin.info
    if info.complete_moves:
        return None
    best = shipped_best(game_plugin)
    return Candidate(load_bot(best, seed=0)) if best else None


def shipped_best(game_plugin: GamePlugin[Any, Any, Any]) -> str | None:
    """The spec of the best bot the game ships (its plugin's ``best``), or ``None`` when it ships none
    (:meth:`GamePlugin.bots <naipes.plugin.GamePlugin.bots>` then names random play)."""
    best = game_plugin.bot_specs.get("best") or game_plugin.info.best_bot
    return best or None


def extra_moves(proposed: Sequence[Move], listed: Sequence[Move], legal: Callable[[Move], bool]) -> tuple[Move, ...]:
    """The proposed moves that are legal and not listed, in order, each once."""
    extra: dict[Move, None] = {}
    for move in proposed:
        if move not in extra and move not in listed and legal(move):
            extra[move] = None
    return tuple(extra)
