"""Machiavelli's turn workspace driven by ``workspace`` messages (no web framework).

The server keeps one :class:`naipes.machiavelli.workspace.Workspace` per seat
whose turn it is; the page sends steps and shows what comes back, so the rules
of a valid table live only in the engine::

    {"type": "workspace", "op": "move", "card": "7S", "from": 0, "to": null}
    {"type": "workspace", "op": "take", "card": "7H", "to": 2}
    {"type": "workspace", "op": "commit"}

Every answer is a ``workspace`` message: the working melds, the hand, the
problems (meld index, code, reason), whether it is valid and the steps so far.

.. versionadded:: 1.1
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, cast

from naipes._jsonable import JSON
from naipes.errors import UsageError

if TYPE_CHECKING:
    from naipes.machiavelli.state import Game as MachiavelliGame
    from naipes.web.tables import Table

__all__ = ["workspace_command", "workspace_message"]


def _index(message: Mapping[str, JSON], key: str, *, optional: bool = False) -> int | None:
    value = message.get(key)
    if value is None and optional:
        return None
    if type(value) is not int:
        raise UsageError(f"{key!r} must be a meld number", code="bad_message")
    return value


def _card(message: Mapping[str, JSON]) -> str:
    card = message.get("card")
    if not isinstance(card, str) or len(card) > 16:
        raise UsageError("'card' must be a card's notation", code="bad_message")
    return card


def _workspace(table: Table, seat: int) -> Any:
    from naipes.machiavelli.workspace import Workspace

    game = table.game
    if table.kit.info.name != "machiavelli":
        raise UsageError(f"{table.kit.info.name} has no turn workspace", code="no_workspace")
    if game.to_act != (seat,):
        raise UsageError(f"seat {seat} is not to act now", code="not_your_turn")
    ws = table.workspaces.get(seat)
    if ws is None or ws._moves_at_begin != len(game.history):  # noqa: SLF001 - same turn?
        ws = Workspace.begin(cast("MachiavelliGame", game), seat)
        table.workspaces[seat] = ws
    return ws


def _step(ws: Any, op: str, message: Mapping[str, JSON]) -> None:
    if op == "take":
        ws.take(_card(message), _index(message, "to", optional=True))
    elif op == "put_back":
        ws.put_back(_card(message), _index(message, "from", optional=True))
    elif op == "move":
        ws.move(_card(message), _index(message, "from"), _index(message, "to", optional=True))
    elif op == "split":
        at = message.get("at")
        if type(at) is not int and not isinstance(at, str):
            raise UsageError("'at' is a position or a card", code="bad_message")
        ws.split(_index(message, "meld"), at)
    elif op == "merge":
        ws.merge(_index(message, "meld"), _index(message, "other"))
    elif op == "undo":
        ws.undo()
    elif op == "reset":
        ws.reset()
    elif op != "show":
        raise UsageError(f"no workspace step {op!r}", code="bad_message")


def workspace_command(table: Table, seat: int, message: Mapping[str, JSON]) -> dict[str, JSON]:
    """Do one workspace step for ``seat``; returns the ``workspace`` message to send back.

    ``commit``, ``draw`` and ``give_up`` end the turn: the move is played on
    the game (and every client gets its update).

    Raises:
        NaipesError: a step the workspace refuses (``workspace_step``), an
            invalid commit (the engine's code and reason), or a seat not to act.
    """
    op = message.get("op")
    if not isinstance(op, str):
        raise UsageError("'op' names a workspace step", code="bad_message")
    ws = _workspace(table, seat)
    if op in ("commit", "draw", "give_up"):
        move = _ending(ws, op)
        answer = workspace_message(ws, done=str(move))
        table.play(seat, move)
        return answer
    _step(ws, op, message)
    return workspace_message(ws)


def _ending(ws: Any, op: str) -> Any:
    from naipes.machiavelli.moves import DRAW, Forfeit, ForfeitReason

    if op == "commit":
        return ws.to_move()
    if op == "draw":
        return DRAW
    return Forfeit(ForfeitReason.GAVE_UP)


def workspace_message(ws: Any, *, done: str | None = None) -> dict[str, JSON]:
    """The ``workspace`` message: what the page draws of the turn in progress."""
    problems = [{"meld": p[0], "code": p.code, "reason": p[1]} for p in ws.problems()]
    return {"type": "workspace", "seat": ws.view.seat,
            "melds": [[str(c) for c in meld.physical] for meld in ws.melds],
            "melds_text": [str(meld) for meld in ws.melds],
            "hand": [str(c) for c in ws.hand], "taken": [str(c) for c in ws.taken],
            "problems": problems, "valid": not problems, "explain": ws.explain(),
            "steps": list(ws.steps), "done": done}

