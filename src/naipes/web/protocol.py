"""The message protocol of ``naipes serve``: JSON texts with a ``type`` field, version 1.

A client opens a WebSocket on ``/ws/tables/<id>`` and says who it is first::

    {"type": "hello", "v": 1, "token": "<secret of a seat>" | null, "since": 0}

The server answers ``welcome`` (the table, the seat or ``null`` for a
spectator) and then an ``update`` after every change: the events numbered
``>= since`` as that seat may see them, in words too, and the seat's view.
The client then sends ``move`` (notation), ``action`` (an id of the game's
``ActionSpace``), ``workspace`` (a game's turn workspace) or ``ping``.
A refused message is answered ``error`` with a stable ``code`` and a
``reason``; nothing changed.

This module is the protocol's vocabulary and the checks of what a client
sends; it needs no web framework.

>>> read_message('{"type": "move", "move": "7o"}')
{'type': 'move', 'move': '7o'}
>>> read_message('{"type": "fly"}')
Traceback (most recent call last):
...
naipes.web.protocol.ProtocolError: unknown message type 'fly' (send hello, move, action, workspace, position, lang, rematch or ping)

.. versionadded:: 1.1
"""

from __future__ import annotations

import json
import re
from typing import Any, Mapping

from naipes._jsonable import JSON
from naipes.errors import UsageError

__all__ = ["CLIENT_TYPES", "MAX_DEPTH", "MAX_MESSAGE_BYTES", "PROTOCOL_VERSION", "SERVER_TYPES",
           "WORKSPACE_OPS", "ProtocolError", "error", "parse_json", "read_message"]

#: The protocol version, sent as ``v`` in ``hello`` and ``welcome``.
PROTOCOL_VERSION = 1

#: The largest message a client may send, in bytes of UTF-8.
MAX_MESSAGE_BYTES = 8192

#: The deepest nesting of arrays and objects a client's JSON may have (HTTP bodies too).
MAX_DEPTH = 32

#: What a client sends, with the fields each requires.
CLIENT_TYPES: Mapping[str, tuple[str, ...]] = {
    "hello": (),
    "move": ("move",),
    "action": ("id",),
    "workspace": ("op",),
    "ping": (),
    "position": ("n",),
    "lang": ("lang",),
    "rematch": (),
}

#: What the server sends.
SERVER_TYPES = ("welcome", "update", "workspace", "error", "pong", "position", "rematch")

#: The steps of a game's turn workspace a client may ask for (the game's plugin lists its own).
WORKSPACE_OPS = ("show", "take", "put_back", "move", "split", "merge", "undo", "reset",
                 "commit", "draw", "give_up")


class ProtocolError(UsageError):
    """A client message that is not valid protocol (not JSON, too long, unknown type...).

    .. versionadded:: 1.1
    """

    default_code = "bad_message"


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?')
_BRACKET = re.compile(r"[\[\]{}]")


def _depth(text: str) -> int:
    """How deeply the JSON text nests (brackets inside strings do not count); no parsing."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_STRING.sub("", text)):
        depth += 1 if match.group() in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def parse_json(text: str | bytes, what: str = "message") -> Any:
    """Parse a client's JSON after checking its nesting (at most :data:`MAX_DEPTH`).

    >>> parse_json('{"a": [1, "[[["]}')
    {'a': [1, '[[[']}
    >>> parse_json("[" * 4000 + "]" * 4000)
    Traceback (most recent call last):
    ...
    naipes.web.protocol.ProtocolError: the message nests 4000 deep; the limit is 32

    Raises:
        ProtocolError: ``not_json`` (not UTF-8 JSON) or ``bad_message`` (too deep).
    """
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError(f"the {what} is not JSON", code="not_json") from None
    depth = _depth(text)
    if depth > MAX_DEPTH:
        raise ProtocolError(f"the {what} nests {depth} deep; the limit is {MAX_DEPTH}")
    try:
        return json.loads(text)
    except ValueError:
        raise ProtocolError(f"the {what} is not JSON", code="not_json") from None
    except RecursionError:  # a second line of defence: the depth check should have refused it
        raise ProtocolError(f"the {what} nests too deep") from None


def read_message(text: str | bytes) -> dict[str, JSON]:
    """Parse and check one client message.

    Args:
        text: the message as received.

    Returns:
        The message as a dict with a known ``type`` and its required fields.

    Raises:
        ProtocolError: with code ``too_long``, ``not_json`` or ``bad_message`` (also
            for JSON nested deeper than :data:`MAX_DEPTH`).
    """
    size = len(text.encode("utf-8")) if isinstance(text, str) else len(text)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message of {size} bytes; the limit is {MAX_MESSAGE_BYTES}", code="too_long")
    data = parse_json(text)
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("a message is a JSON object with a type")
    kind = data["type"]
    if kind not in CLIENT_TYPES:
        raise ProtocolError(f"unknown message type {kind!r} (send hello, move, action, workspace, position, lang, "
                            "rematch or ping)")
    missing = [f for f in CLIENT_TYPES[kind] if f not in data]
    if missing:
        raise ProtocolError(f"a {kind} message needs {', '.join(missing)}")
    return data


def error(code: str, reason: str) -> dict[str, JSON]:
    """The ``error`` message the server sends for a refused client message.

    >>> error("not_your_turn", "seat 1 is to play")
    {'type': 'error', 'code': 'not_your_turn', 'reason': 'seat 1 is to play'}
    """
    return {"type": "error", "code": code, "reason": reason}
