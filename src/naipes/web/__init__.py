"""``naipes serve``: a reference web server and browser client for every game (extra ``naipes[web]``).

People create a table for any game with its rules, take seats (each seat
joins with a secret token), fill the others with bots and play in the
browser. Each client receives only its seat's stream
(:meth:`naipes.events.EventLog.since`) and its view, never the game; see
:doc:`/guides/front-end` for the protocol.

- :mod:`naipes.web.protocol`: the messages and their checks;
- :mod:`naipes.web.tables`: tables, seats, tokens and listeners (no web framework);
- :mod:`naipes.web.lobby`: every table of a server;
- :mod:`naipes.web.messages`: what a client is told: zones, moves in words, the move list, positions;
- :mod:`naipes.web.store`: the tables saved in SQLite, so they survive a restart;
- :mod:`naipes.web.workspace`: a game's turn workspace (its plugin's) driven by messages;
- :mod:`naipes.web.app`: the Starlette application (:func:`create_app`), bots and limits.

.. versionadded:: 1.1
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from naipes.errors import UsageError
from naipes.web.lobby import Lobby
from naipes.web.protocol import PROTOCOL_VERSION, ProtocolError
from naipes.web.tables import Listener, Seat, Settings, Table

if TYPE_CHECKING:
    from starlette.applications import Starlette

__all__ = ["Listener", "Lobby", "PROTOCOL_VERSION", "ProtocolError", "Seat", "Settings", "Table",
           "create_app"]


def create_app(settings: Settings | None = None, *, host: str = "127.0.0.1", port: int = 8000) -> Starlette:
    """The web application (:func:`naipes.web.app.create_app`): serve it with uvicorn.

    Args:
        settings: limits and timings (default :class:`Settings`).
        host: the address the server is bound to (it names the server's own origin).
        port: its port.

    Raises:
        UsageError: when the ``web`` extra is not installed (code ``missing_extra``).

    .. versionadded:: 1.1
    """
    try:
        from naipes.web import app
    except ModuleNotFoundError as exc:
        raise UsageError(f"the web server needs the web extra (pip install 'naipes-games[web]'): {exc}",
                         code="missing_extra") from exc
    return app.create_app(settings, host=host, port=port)
