"""A game's turn workspace driven by ``workspace`` messages (no web framework, no game named).

A game whose :class:`~naipes.plugin.GamePlugin` gives a turn workspace
(:meth:`~naipes.plugin.GamePlugin.workspace`, Machiavelli's rearrangement of the
table) lists its steps in ``GamePlugin.workspace_ops`` (:class:`naipes.plugin.GamePlugin`). The
server keeps one workspace per seat whose turn it is; the page sends steps and
shows what comes back, so the rules of a valid table live only in the engine::

    {"type": "workspace", "op": "move", "card": "7S", "from": 0, "to": null}
    {"type": "workspace", "op": "take", "card": "7H", "to": 2}
    {"type": "workspace", "op": "commit"}

The protocol's steps (:data:`naipes.web.protocol.WORKSPACE_OPS`) call the
workspace's methods of the same name with the message's fields: ``take(card,
to)``, ``put_back(card, from)``, ``move(card, from, to)``, ``split(meld, at)``,
``merge(meld, other)``, ``undo()``, ``reset()``; ``show`` only answers. The
turn-ending steps (:data:`ENDINGS`: ``commit``, ``draw``, ``give_up``) return the
move the workspace stands for, which the table then plays for the seat. A step
the game's plugin does not list is refused.

Every answer is a ``workspace`` message: the working melds, the hand, the
problems (meld index, code, reason), whether it is valid and the steps so far.

.. versionadded:: 1.1
.. versionchanged:: 1.2
   Any game's workspace, found through its plugin.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

from naipes._jsonable import JSON
from naipes.errors import IllegalMoveError, UsageError
from naipes.web.messages import strip_rules
from naipes.web.protocol import WORKSPACE_OPS

if TYPE_CHECKING:
    from naipes.web.tables import Table

__all__ = ["ENDINGS", "workspace_command", "workspace_message"]

#: The steps that end the turn: the workspace's method returns the move to play.
ENDINGS = ("commit", "draw", "give_up")


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


def _at(message: Mapping[str, JSON]) -> int | str:
    at = message.get("at")
    if type(at) is not int and not isinstance(at, str):
        raise UsageError("'at' is a position or a card", code="bad_message")
    return at


#: The arguments of each step, read from the message (the protocol's field names).
_ARGS: Mapping[str, Callable[[Mapping[str, JSON]], tuple[object, ...]]] = {
    "take": lambda m: (_card(m), _index(m, "to", optional=True)),
    "put_back": lambda m: (_card(m), _index(m, "from", optional=True)),
    "move": lambda m: (_card(m), _index(m, "from"), _index(m, "to", optional=True)),
    "split": lambda m: (_index(m, "meld"), _at(m)),
    "merge": lambda m: (_index(m, "meld"), _index(m, "other")),
}


def _workspace(table: Table, seat: int) -> Any:
    """The seat's workspace for this turn: kept while no move was played, else a new one."""
    game, plugin = table.game, table.plugin
    if not plugin.workspace_ops:
        raise UsageError(f"{plugin.info.name} has no turn workspace", code="no_workspace")
    if game.to_act != (seat,):
        raise IllegalMoveError(f"seat {seat} is not to act now", code="not_your_turn", seat=seat)
    kept = table.workspaces.get(seat)
    if kept is not None and kept[0] == len(game.history):
        return kept[1]
    ws = plugin.workspace(game, seat)
    if ws is None:
        raise UsageError(f"{plugin.info.name} has no turn workspace now", code="no_workspace")
    table.workspaces[seat] = (len(game.history), ws)
    return ws


def _op(table: Table, message: Mapping[str, JSON]) -> str:
    op = message.get("op")
    if not isinstance(op, str):
        raise UsageError("'op' names a workspace step", code="bad_message")
    if op not in WORKSPACE_OPS or (op != "show" and op not in table.plugin.workspace_ops):
        steps = ", ".join(("show", *table.plugin.workspace_ops))
        raise UsageError(f"no workspace step {op!r} (the steps: {steps})", code="bad_message")
    return op


def workspace_command(table: Table, seat: int, message: Mapping[str, JSON]) -> dict[str, JSON]:
    """Do one workspace step for ``seat``; returns the ``workspace`` message to send back.

    The steps of :data:`ENDINGS` end the turn: the workspace gives the move, which
    is played on the table (and every client gets its update).

    Raises:
        NaipesError: a game without a workspace (``no_workspace``), a step it does
            not list (``bad_message``), a step the workspace refuses
            (``workspace_step``), an invalid commit (the engine's code and reason),
            or a seat not to act (``not_your_turn``).
    """
    op = _op(table, message)
    ws = _workspace(table, seat)
    if op == "show":
        return workspace_message(ws)
    args = _ARGS[op](message) if op in _ARGS else ()
    result = getattr(ws, op)(*args)
    if op in ENDINGS:
        answer = workspace_message(ws, done=str(result))
        table.play(seat, result)
        return answer
    return workspace_message(ws)


def _problem(problem: Any) -> dict[str, JSON]:
    """A problem of the workspace: its meld, code, reason (no rule id quoted) and rule."""
    reason, rule = strip_rules(str(problem[1]))
    return {"meld": problem[0], "code": problem.code, "reason": reason, "rule": rule}


def workspace_message(ws: Any, *, done: str | None = None) -> dict[str, JSON]:
    """The ``workspace`` message: what the page draws of the turn in progress.

    It reads the workspace's ``view.seat``, ``melds`` (each a sequence of cards, or
    an object whose ``physical`` is one), ``hand``, ``taken``, ``steps``,
    ``problems()`` (each ``(meld, reason)`` with a ``code``; the reason is sent without
    the rule ids it quotes, the first one as ``rule``) and ``explain()`` (sent without rule ids).
    """
    problems = [_problem(p) for p in ws.problems()]
    return {"type": "workspace", "seat": ws.view.seat,
            "melds": [[str(c) for c in getattr(meld, "physical", meld)] for meld in ws.melds],
            "melds_text": [str(meld) for meld in ws.melds],
            "hand": [str(c) for c in ws.hand], "taken": [str(c) for c in ws.taken],
            "problems": problems, "valid": not problems, "explain": strip_rules(str(ws.explain() or ""))[0],
            "steps": list(ws.steps), "done": done}
