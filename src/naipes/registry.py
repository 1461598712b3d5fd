"""The games naipes knows, by name, imported only when used.

>>> [info.name for info in games()]
['machuco', 'macarra', 'ranzo', 'machiavelli']
>>> find_game("la ronda").name
'machuco'

.. versionadded:: 0.1
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

import attrs

from naipes.errors import RulesError

__all__ = ["GameInfo", "find_game", "games", "register"]


@attrs.frozen(kw_only=True)
class GameInfo:
    """Metadata of a registered game.

    Attributes:
        name: the canonical name (``machuco``).
        aliases: other names it is found by.
        min_players: fewest seats.
        max_players: most seats.
        deck: the deck it uses, e.g. ``"spanish-40"``, ``"french-52x2"``.
        complete_moves: whether ``legal_moves`` lists every legal move.
        max_decisions: a hard bound on the decisions of one game, or ``None``.
        module: the module that holds ``Game``, ``Rules``, ``Move`` (imported on demand).
        summary: one line saying what the game is.
        best_bot: ``"module:Class"`` of the strongest bot shipped, used by ``naipes demo``.
    """

    name: str
    aliases: tuple[str, ...] = ()
    min_players: int
    max_players: int
    deck: str
    complete_moves: bool = True
    max_decisions: int | None = None
    module: str
    summary: str = ""
    best_bot: str | None = None

    def load(self) -> ModuleType:
        """Import and return the game's module."""
        return importlib.import_module(self.module)

    @property
    def available(self) -> bool:
        """True when the game's module can be imported."""
        try:
            return importlib.util.find_spec(self.module) is not None
        except ModuleNotFoundError:
            return False


_GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    """Add a game (ours or a third party's) to the registry.

    Raises:
        RulesError: when the name or an alias is taken by another game.
    """
    for key in (info.name, *info.aliases):
        key = key.casefold()
        other = _GAMES.get(key)
        if other is not None and other.name != info.name:
            raise RulesError(f"the name {key!r} already belongs to {other.name!r}")
    for key in (info.name, *info.aliases):
        _GAMES[key.casefold()] = info


def games() -> tuple[GameInfo, ...]:
    """Every registered game whose module is installed, in registration order."""
    seen: dict[str, GameInfo] = {}
    for info in _GAMES.values():
        if info.name not in seen and info.available:
            seen[info.name] = info
    return tuple(seen.values())


def find_game(name: str) -> GameInfo:
    """The game called ``name`` (or one of its aliases), case-insensitive.

    Raises:
        RulesError: naming the games there are, when there is no such game.
    """
    info = _GAMES.get(name.casefold().strip())
    if info is None or not info.available:
        known = ", ".join(i.name for i in games()) or "none installed"
        raise RulesError(f"no game called {name!r} (games: {known})")
    return info


register(GameInfo(
    name="machuco", aliases=("ronda", "la ronda", "ronda canaria"), min_players=2, max_players=4,
    deck="spanish-40", complete_moves=True, max_decisions=None, module="naipes.machuco",
    summary="Machuco, the Canary Islands La Ronda: a fishing game with cantes, majos and limpias.",
    best_bot="naipes.machuco.bots:MachucoBot"))
register(GameInfo(
    name="macarra", aliases=(), min_players=2, max_players=32, deck="spanish-40",
    # MK-11 caps turns at 5,000; a turn of the default game holds at most 822 decisions
    # (naipes.macarra.Rules.max_decisions), plus the three bids of the punishment
    complete_moves=True, max_decisions=4_110_003, module="naipes.macarra",
    summary="Macarra: a patience race in which every slip costs macarras.",
    best_bot="naipes.macarra.bots:PerfectBot"))
register(GameInfo(
    name="ranzo", aliases=(), min_players=3, max_players=4, deck="spanish-48",
    complete_moves=True, max_decisions=1120, module="naipes.ranzo",
    summary="Ranzo: a four-player draw-and-discard rummy with envido and truco steals.",
    best_bot="naipes.ranzo.bots:RanzoBot"))
register(GameInfo(
    name="machiavelli", aliases=("machiavelli rummy",), min_players=2, max_players=6,
    deck="french-52x2", complete_moves=False, max_decisions=None, module="naipes.machiavelli",
    summary="Machiavelli: Italian open-table rummy with two decks.",
    best_bot="naipes.machiavelli.bots:SolverBot"))
