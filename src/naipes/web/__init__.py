"""``naipes serve``: a reference web server and browser client for every game (extra ``naipes[web]``).

People create a table for any game with its rules, take seats (each seat
joins with a secret token), fill the others with bots and play in the
browser. Each client receives only its seat's stream
(:meth:`naipes.events.EventLog.since`) and its view, never the game; see
:doc:`/guides/front-end` for the protocol.

- :mod:`naipes.web.protocol`: the messages and their checks;
- :mod:`naipes.web.tables`: tables, seats, tokens and listeners (no web framework);
- :mod:`naipes.web.workspace`: Machiavelli's turn workspace driven by messages;
- :mod:`naipes.web.app`: the Starlette application (:func:`create_app`), bots and limits.

.. versionadded:: 1.1
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from naipes.web.protocol import PROTOCOL_VERSION, ProtocolError
from naipes.web.tables import Listener, Lobby, Seat, Settings, Table

if TYPE_CHECKING:
    from naipes.web.app import create_app

__all__ = ["Listener", "Lobby", "PROTOCOL_VERSION", "ProtocolError", "Seat", "Settings", "Table",
           "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":  # imports Starlette only when asked
        from naipes.web.app import create_app

        return create_app
    raise AttributeError(f"module 'naipes.web' has no attribute {name!r}")
