"""A table's clock, its game's record to download, and what else an update tells (no web framework).

A table may have a clock (:attr:`Table.clock <naipes.web.tables.Table.clock>`, seconds per
move, chosen at its creation): when a person's time for a move runs out, the server's takeover
bot plays that move for them (:func:`timed_out` says whose). Every play's seconds are kept
(``Table.times``, and in the table store), and the record a
player downloads (:func:`record_of`) is the game's :meth:`~naipes.game.Game.record` with a
``meta`` that readers of records ignore: the clock, the seconds of each play, the players.

.. versionadded:: 1.2
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from naipes._jsonable import JSON
from naipes.errors import InvalidStateError

if TYPE_CHECKING:
    from naipes.web.tables import Listener, Table

__all__ = ["deadlines", "record_of", "table_extras", "timed_out"]


def deadlines(table: Table, now: float | None = None) -> dict[str, float]:
    """The seconds left to each person to act (seat number as text, to a tenth), when the table has a clock."""
    return {str(s): round(left, 1) for s, left in _left(table, now).items()}


def timed_out(table: Table, now: float | None = None) -> list[int]:
    """The people to act whose time for this move ran out (the takeover bot moves for them).

    The time is compared unrounded: a person with 0.04 s left (which :func:`deadlines` shows
    as 0.0) has not run out yet.
    """
    return [s for s, left in _left(table, now).items() if left <= 0]


def _left(table: Table, now: float | None) -> dict[int, float]:
    """The unrounded seconds left (never below 0) to each person to act, when the table has a clock."""
    if table.clock is None or table.game.is_over or table.waiting:
        return {}
    now = time.monotonic() if now is None else now
    return {s: max(0.0, table.clock - (now - since)) for s, since in table.turn_since.items()
            if table.seats[s].bot is None and s in table.game.to_act}


def table_extras(table: Table, listener: Listener) -> dict[str, JSON]:
    """What an update tells besides the game: the open seats the game waits for (``waiting``),
    whether moves cannot be saved now (``paused``), the clock and the seconds left to each
    person to act (``clock``, ``deadlines``), and the rematch once one is asked (``rematch``:
    the new table, the seats that accepted, the seats asked; the new table's id is public, as
    any table's is)."""
    rematch: JSON = None
    if table.rematch is not None:
        people = [s.index for s in table.seats if s.bot_spec is None]
        accepted = list(table.rematch["accepted"])
        rematch = {"table": table.rematch["table"], "accepted": accepted,
                   "asked": [s for s in people if s not in accepted]}
    return {"waiting": list(table.waiting), "paused": table.paused, "clock": table.clock,
            "deadlines": deadlines(table), "rematch": rematch}


def record_of(table: Table) -> dict[str, JSON]:
    """The finished game's record (:meth:`naipes.game.Game.record`), which ``naipes replay`` opens,
    with a ``meta`` of the table: its name, the players' names, the clock and each play's seconds.

    Raises:
        InvalidStateError: ``not_over`` while the game runs (its record would tell hidden cards),
            ``not_replayable`` for a game without a record.
    """
    from naipes.web.messages import names_of

    if not table.game.is_over:
        raise InvalidStateError("a game's record is given once it is over", code="not_over")
    try:
        record = dict(table.game.record())
    except InvalidStateError as exc:
        raise InvalidStateError("this table's game has no record", code="not_replayable") from exc
    names = names_of(table, "en")
    record["meta"] = {"table": table.name, "players": [n or f"Seat {i}" for i, n in enumerate(names)],
                      "bots": [s.bot_spec for s in table.seats], "clock": table.clock,
                      "plays": [[seat, move] for seat, move in table.moves], "seconds": list(table.times)}
    return record
