"""Rematch: the next game of a finished table, dealt to the same seats (no web framework).

A seated person of a finished table sends ``{"type": "rematch"}``. The first one makes
the new table: the same game, rules, clock and name, each bot seat with the same bot, each
person's seat kept for that person (:attr:`Table.reserved <naipes.web.tables.Table.reserved>`:
no one else may take it). Each person who accepts takes their seat of the new table and is
answered ``{"type": "rematch", "table": id, "seat": n, "token": secret}`` (to that client
only); every client of the finished table sees who accepted and who is asked (an update's
``rematch``). The new table waits (nobody moves) until every person has accepted, then its
game starts (:attr:`Table.waiting <naipes.web.tables.Table.waiting>`).

.. versionadded:: 1.2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from naipes._jsonable import JSON
from naipes.errors import UsageError

if TYPE_CHECKING:
    from naipes.web.tables import Table

__all__ = ["accept_rematch"]


def accept_rematch(table: Table, seat: int | None) -> dict[str, JSON]:
    """``seat`` accepts (or asks for) the rematch of ``table``; returns the answer for its client.

    Raises:
        UsageError: ``spectator`` (no seat), ``not_over`` (the game runs), ``no_rematch`` (a seat a
            bot plays, or a table the server cannot make again), ``no_such_table`` (the rematch
            is gone), or what making a table raises (``lobby_full``, ``store_failed``).
    """
    if seat is None:
        raise UsageError("spectators watch; only the players ask for a rematch", code="spectator")
    if not table.game.is_over:
        raise UsageError("a rematch is asked once the game is over", code="not_over")
    if table.seats[seat].bot_spec is not None or table.lobby is None:
        raise UsageError("no rematch for this seat", code="no_rematch")
    new = _rematch_table(table)
    if seat not in table.rematch["accepted"]:  # type: ignore[index]
        token = new.join(seat, table.seats[seat].name, reserved=True)
        table.rematch["accepted"].append(seat)  # type: ignore[index]
    else:
        raise UsageError("you accepted this rematch already", code="rematch_accepted")
    table.notify()
    new.notify()
    return {"type": "rematch", "table": new.id, "seat": seat, "token": token}


def _rematch_table(table: Table) -> Table:
    """The rematch of ``table``: the one made already, else a new one."""
    if table.rematch is not None:
        made: Table | None = table.lobby.tables.get(table.rematch["table"])
        if made is None or made.closed:
            raise UsageError("the rematch table is gone", code="no_such_table")
        return made
    if len(table.lobby.tables) >= table.lobby.settings.max_tables:
        raise UsageError("the server holds as many tables as it may", code="lobby_full")
    people = frozenset(s.index for s in table.seats if s.bot_spec is None)
    bots = {s.index: s.bot_spec for s in table.seats if s.bot_spec is not None}
    new: Table = table.lobby.make(table.plugin, table.game.rules, bots, owner=table.owner,
                                  name=table.name, clock=table.clock, reserved=people)
    table.rematch = {"table": new.id, "accepted": []}
    table.on_new_table(new)
    return new
