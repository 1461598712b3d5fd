"""The games naipes knows, by name, imported only when used.

Our four games are registered here; a third-party game registers itself with
:func:`register`, or is found through the entry-point group ``naipes.games``
(each entry point names a :class:`GameInfo`; they are loaded on the first call
of :func:`games` or :func:`find_game`, and a broken one is skipped with a
warning that names it).

>>> [info.name for info in games()][:4]
['machuco', 'macarra', 'ranzo', 'machiavelli']
>>> find_game("la ronda").name, find_game("machuco").player_counts
('machuco', (2, 4))

.. versionadded:: 0.1
.. versionchanged:: 1.0
   The entry-point group ``naipes.games``; ``GameInfo.player_counts``;
   :func:`find_game` raises :class:`~naipes.errors.UsageError`.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import warnings
from types import ModuleType
from typing import Any, Iterable

import attrs

from naipes.errors import RulesError, UsageError

__all__ = ["ENTRY_POINT_GROUP", "GameInfo", "find_game", "games", "register"]

#: The entry-point group in which installed distributions name their games' :class:`GameInfo`.
ENTRY_POINT_GROUP = "naipes.games"


def _all_counts(info: GameInfo) -> tuple[int, ...]:
    return tuple(range(info.min_players, info.max_players + 1))


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


def _pairs(values: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple((str(code), str(text)) for code, text in values)


@attrs.frozen(kw_only=True)
class GameInfo:
    """Metadata of a registered game.

    Attributes:
        name: the canonical name (``machuco``).
        aliases: other names it is found by.
        min_players: fewest seats.
        max_players: most seats.
        player_counts: every number of seats the game takes, ascending
            (default: all from ``min_players`` to ``max_players``; Machuco: ``(2, 4)``).
        deck: the deck it uses, e.g. ``"spanish-40"``, ``"french-52x2"``.
        complete_moves: whether ``legal_moves`` lists every legal move.
        max_decisions: a hard bound on the decisions of one game, or ``None``.
        module: the module that holds ``Game``, ``Rules``, ``Move`` (imported on demand).
        summary: one line saying what the game is (in English).
        summaries: that line in other languages, as ``(language, text)`` pairs
            (``(("es", "Machuco, la ronda canaria: ..."),)``); :meth:`summary_in` picks one.
        best_bot: ``"module:Class"`` of the strongest bot shipped, used by ``naipes demo``.
        returns_range: the lowest and highest value ``Result.returns`` can hold for a seat
            under the default rules (``ActionSpace(rules).bounds(...)`` gives them for others).
        zero_sum: whether ``Result.returns`` sums to 0 in every game.
        plugin: ``"module:Class"`` of the game's :class:`~naipes.plugin.GamePlugin` subclass
            (imported on first use by :func:`naipes.plugin.plugin`), or ``None`` for the
            generic plugin, which reads the API 1.0 conventions of ``module``.

    Raises:
        UsageError: for ``player_counts`` that are not ascending, or outside
            ``min_players..max_players`` (code ``bad_game_info``).

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       ``player_counts``, ``returns_range``, ``zero_sum``, :meth:`action_space`.
    .. versionchanged:: 1.2
       ``plugin``, ``summaries``.
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
    player_counts: tuple[int, ...] = attrs.field(
        default=attrs.Factory(_all_counts, takes_self=True), converter=_ints)
    returns_range: tuple[float, float] = (-1.0, 1.0)
    zero_sum: bool = False
    plugin: str | None = None
    summaries: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_pairs)

    def summary_in(self, lang: str = "en") -> str:
        """:attr:`summary` in ``lang`` when :attr:`summaries` has it, else the English one.

        >>> find_game("ranzo").summary_in("es")[:6]
        'Ranzo:'

        .. versionadded:: 1.2
        """
        for code, text in self.summaries:
            if code == lang and text:
                return text
        return self.summary

    def __attrs_post_init__(self) -> None:
        counts = self.player_counts
        if (not counts or list(counts) != sorted(set(counts)) or counts[0] != self.min_players
                or counts[-1] != self.max_players):
            raise UsageError(f"{self.name}: player_counts {counts} must ascend from min_players "
                             f"{self.min_players} to max_players {self.max_players}", code="bad_game_info")

    def load(self) -> ModuleType:
        """Import and return the game's module."""
        return importlib.import_module(self.module)

    def action_space(self, rules: object = None) -> Any:
        """The game's ``ActionSpace`` for ``rules`` (default: the game's default rules).

        Raises:
            UsageError: for a game that has no ``ActionSpace`` (code ``no_action_space``).
        """
        space = getattr(self.load(), "ActionSpace", None)
        if space is None:
            raise UsageError(f"{self.name} has no ActionSpace", code="no_action_space")
        return space(rules)

    @property
    def available(self) -> bool:
        """True when the game's module can be imported."""
        try:
            return importlib.util.find_spec(self.module) is not None
        except ModuleNotFoundError:
            return False


_GAMES: dict[str, GameInfo] = {}
#: Whether the entry points of :data:`ENTRY_POINT_GROUP` were loaded (on first use).
_entry_points_loaded = False


def register(info: GameInfo) -> None:
    """Add a game (ours or a third party's) to the registry.

    Raises:
        RulesError: when the name or an alias is taken by another game (code ``name_taken``).
    """
    for key in (info.name, *info.aliases):
        key = key.casefold()
        other = _GAMES.get(key)
        if other is not None and other.name != info.name:
            raise RulesError(f"the name {key!r} already belongs to {other.name!r}", code="name_taken")
    for key in (info.name, *info.aliases):
        _GAMES[key.casefold()] = info


def _load_entry_points() -> None:
    """Register the games that installed distributions name in :data:`ENTRY_POINT_GROUP`, once.

    A broken entry point (it does not import, names no :class:`GameInfo`, or
    takes a name another game has) is skipped with a :class:`RuntimeWarning`.
    """
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            info = entry.load()
            if not isinstance(info, GameInfo):
                raise TypeError(f"it names a {type(info).__name__}, not a naipes.registry.GameInfo")
            register(info)
        except Exception as exc:  # noqa: BLE001 - a broken plug-in must not break naipes
            warnings.warn(f"naipes: skipped the game entry point {entry.name!r} ({entry.value}) "
                          f"of group {ENTRY_POINT_GROUP!r}: {exc}", RuntimeWarning, stacklevel=3)


def games() -> tuple[GameInfo, ...]:
    """Every registered game whose module is installed, in registration order.

    Entry-point games come after ours, the first time this (or
    :func:`find_game`) is called.
    """
    _load_entry_points()
    seen: dict[str, GameInfo] = {}
    for info in _GAMES.values():
        if info.name not in seen and info.available:
            seen[info.name] = info
    return tuple(seen.values())


def find_game(name: str) -> GameInfo:
    """The game called ``name`` (or one of its aliases), case-insensitive.

    Raises:
        UsageError: naming the games there are, when there is no such game
            (code ``no_such_game``).
    """
    _load_entry_points()
    info = _GAMES.get(name.casefold().strip()) if isinstance(name, str) else None
    if info is None or not info.available:
        known = ", ".join(i.name for i in games()) or "none installed"
        raise UsageError(f"no game called {name!r} (games: {known})", code="no_such_game")
    return info


register(GameInfo(
    name="machuco", aliases=("ronda", "la ronda", "ronda canaria"), min_players=2, max_players=4,
    player_counts=(2, 4), deck="spanish-40", complete_moves=True, max_decisions=None,
    module="naipes.machuco",
    summary="Machuco, the Canary Islands La Ronda: a fishing game with cantes, majos and limpias.",
    summaries=(("es", "Machuco, la ronda canaria: un juego de pesca con cantes, majos y limpias."),),
    returns_range=(0.0, 1.0), zero_sum=False,
    best_bot="naipes.machuco.bots:MachucoBot", plugin="naipes.machuco.plugin:Plugin"))
register(GameInfo(
    name="macarra", aliases=(), min_players=2, max_players=32, deck="spanish-40",
    # MK-11 caps turns at 5,000; a turn of the default game holds at most 822 decisions
    # (naipes.macarra.Rules.max_decisions), plus the three bids of the punishment
    complete_moves=True, max_decisions=4_110_003, module="naipes.macarra",
    summary="Macarra: a patience race in which every slip costs macarras.",
    summaries=(("es", "Macarra: una carrera de solitarios en la que cada descuido cuesta macarras."),),
    returns_range=(-12_330_034.0, 4_110_022.0), zero_sum=True,
    best_bot="naipes.macarra.bots:PerfectBot", plugin="naipes.macarra.plugin:Plugin"))
register(GameInfo(
    name="ranzo", aliases=(), min_players=3, max_players=4, deck="spanish-48",
    complete_moves=True, max_decisions=1120, module="naipes.ranzo",
    summary="Ranzo: a four-player draw-and-discard rummy with envido and truco steals.",
    summaries=(("es", "Ranzo: un rummy de robar y descartar para cuatro, con robos de envido y truco."),),
    returns_range=(-30.0, 90.0), zero_sum=True,
    best_bot="naipes.ranzo.bots:RanzoBot", plugin="naipes.ranzo.plugin:Plugin"))
register(GameInfo(
    name="machiavelli", aliases=("machiavelli rummy",), min_players=2, max_players=6,
    deck="french-52x2", complete_moves=False, max_decisions=None, module="naipes.machiavelli",
    summary="Machiavelli: Italian open-table rummy with two decks.",
    summaries=(("es", "Machiavelli: rummy italiano de mesa abierta con dos barajas."),),
    returns_range=(0.0, 1.0), zero_sum=False,
    best_bot="naipes.machiavelli.bots:SolverBot", plugin="naipes.machiavelli.plugin:Plugin"))
