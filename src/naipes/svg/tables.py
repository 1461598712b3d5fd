"""Pictures of a table as one seat sees it: :func:`render`, through the game's plugin.

:func:`render` names no game. It finds the game of a view in the registry (the
registered game whose module holds the view's class), then asks the game's
:class:`~naipes.plugin.GamePlugin`: ``draw_table(view, width)`` when the game
draws its own table (the four games of naipes do, in ``naipes/<game>/pictures.py``),
else the generic drawer draws ``zones(view)``.

Everything drawn comes from the view, so a picture never shows a card the seat
may not see: the seat's own hand face up, the other hands as backs with their
counts, and the public zones (table, piles, melds, foundations, discards) face up.

.. versionadded:: 1.1
.. versionchanged:: 1.2
   Any registered game has a picture (a third-party game's from its plugin's zones).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from naipes.errors import UsageError
from naipes.game import View
from naipes.svg._doc import check_width
from naipes.svg._zones import draw_zones

if TYPE_CHECKING:
    from naipes.plugin import GamePlugin, Zone
    from naipes.registry import GameInfo

__all__ = ["render"]


def render(view: View[Any], *, width: float = 60) -> str:
    """The table as ``view.seat`` sees it, as a standalone SVG document.

    Rows, top to bottom: a heading with the position and the scores, every
    other seat (its hand as backs with the count, its public cards face up),
    the table, and the seat's own hand face up. The row of each seat to act is
    outlined in gold with a marker.

    The game's plugin draws it (:meth:`~naipes.plugin.GamePlugin.draw_table`), or,
    when the plugin draws no table of its own, the generic drawer draws the
    plugin's :meth:`~naipes.plugin.GamePlugin.zones`, each captioned with the name
    moves use for it.

    Args:
        view: a view of a registered game (``game.view(seat)``).
        width: the width of one card in pixels (the picture grows with it).

    Raises:
        UsageError: for a view of no registered game (code ``no_table_picture``),
            a bad width (``bad_width``), a plugin whose ``draw_table`` gives
            something that is not text (``bad_plugin``) or whose zones are not
            :class:`~naipes.plugin.Zone` objects of card notation (``bad_zone``).

    >>> from naipes import machuco
    >>> from naipes.svg import render
    >>> picture = render(machuco.Game(machuco.Rules(players=2), seed=1).view(0))
    >>> picture.count('class="card"'), picture.count('class="back"') > 0
    (7, True)

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       Drawn by the game's plugin; any registered game has a picture.
    """
    w = check_width(width)
    game = _plugin(view)
    drawn = game.draw_table(view, w)
    if drawn is not None:
        if not isinstance(drawn, str):
            raise UsageError(f"the {game.info.name} plugin's draw_table gave a {type(drawn).__name__}, "
                             "not SVG text or None", code="bad_plugin")
        return drawn
    return draw_zones(view, _zones(game, view), game=game.info.name, deck=_deck(game.info), w=w)


def _plugin(view: object) -> GamePlugin[Any, Any, Any]:
    from naipes.plugin import plugin_of

    try:
        return plugin_of(view)
    except UsageError as exc:
        if exc.code != "no_such_game":
            raise
        raise UsageError(f"no table picture for {type(view).__name__}: it is not a view of a registered "
                         "game (naipes.games())", code="no_table_picture") from exc


def _zones(game: GamePlugin[Any, Any, Any], view: object) -> list[Zone]:
    from naipes.plugin import Zone

    given: Any = game.zones(view)
    zones = list(given) if isinstance(given, Iterable) and not isinstance(given, (str, bytes)) else None
    if zones is None or not all(isinstance(z, Zone) for z in zones):
        raise UsageError(f"the {game.info.name} plugin's zones are not naipes.plugin.Zone objects",
                         code="bad_zone")
    return zones


def _deck(info: GameInfo) -> str:
    """The colour of the backs: French for a French deck, else Spanish."""
    return "french" if info.deck.casefold().startswith("french") else "spanish"
