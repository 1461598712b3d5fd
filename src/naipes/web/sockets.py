"""The WebSocket side of ``naipes serve``: hello, limits, one reader and one writer per client.

Each connection says ``hello`` within :data:`HELLO_TIMEOUT` seconds, then its
messages are read one at a time (bounded, rate-limited by the connection's
own bucket and its address's shared one) and answered by :func:`handle`;
updates reach it through a queue of at most :data:`QUEUE_LIMIT` messages,
after which a slow client is dropped.

.. versionadded:: 1.2
   Split out of :mod:`naipes.web.app`, which re-exports :func:`handle` and
   :func:`play_socket`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import TYPE_CHECKING, Mapping

from starlette.requests import Request
from starlette.websockets import WebSocket, WebSocketDisconnect

from naipes._jsonable import JSON
from naipes.errors import NaipesError, UsageError
from naipes.web.limits import RateLimit
from naipes.web.messages import card_fields, deck_words, error_of, lang_of, names_of, position_message
from naipes.web.protocol import PROTOCOL_VERSION, ProtocolError, error, read_message
from naipes.web.rematch import accept_rematch
from naipes.web.tables import Listener, Table
from naipes.web.workspace import workspace_command

if TYPE_CHECKING:
    from naipes.web.app import Server

__all__ = ["HELLO_TIMEOUT", "QUEUE_LIMIT", "address_of", "handle", "play_socket"]

log = logging.getLogger("naipes.web")

#: Seconds a client has to say hello.
HELLO_TIMEOUT = 10.0

#: Messages waiting for a slow client before the server drops it.
QUEUE_LIMIT = 512


def address_of(connection: Request | WebSocket) -> str:
    """The client's address (its host), the key of the per-address limits."""
    return connection.client.host if connection.client is not None else "unknown"


class _Flooded(Exception):
    """The client kept sending faster than its limits after being told."""


class _Limits:
    """One connection's limits: its own bucket, its address's shared one, its strikes."""

    def __init__(self, server: Server, address: str) -> None:
        self.server, self.address = server, address
        self.own = RateLimit(server.settings.rate, server.settings.burst)
        self.strikes = 0

    def charge(self) -> None:
        """Count one message.

        Raises:
            ProtocolError: ``rate_limited`` when the socket or its address sends too fast.
            _Flooded: when it goes on after ``burst`` warnings.
        """
        if self.own.allow() and self.server.limits.allow(self.address):
            return
        self.strikes += 1
        if self.strikes > self.server.settings.burst:
            raise _Flooded
        raise ProtocolError("too many messages; slow down", code="rate_limited")


async def _next_text(websocket: WebSocket, limits: _Limits) -> str:
    """The next text message, charged to the limits.

    Raises:
        ProtocolError: ``rate_limited``, or ``not_text`` for a binary frame (the socket stays open).
        WebSocketDisconnect: when the client left.
    """
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    limits.charge()
    text = message.get("text")
    if not isinstance(text, str):
        raise ProtocolError("messages are JSON text, not binary frames", code="not_text")
    return text


async def play_socket(server: Server, websocket: WebSocket) -> None:
    """One client of a table: hello, then updates out and moves in until it leaves.

    Every connection counts against the server's and its address's limits
    (``server_busy``, ``too_many_connections``: an ``error`` and the socket closed).
    """
    if not server.origin_ok(websocket.headers.get("origin"), websocket.headers.get("host")):
        await websocket.close(code=1008, reason="bad origin")
        return
    await websocket.accept()
    address = address_of(websocket)
    try:
        server.limits.connect(address)
    except NaipesError as exc:
        await _send_and_close(websocket, error_of(exc), 1013)
        return
    try:
        await _serve(server, websocket, _Limits(server, address))
    except WebSocketDisconnect:
        pass
    except _Flooded:
        with contextlib.suppress(Exception):
            await websocket.close(code=1008, reason="too many messages")
    finally:
        server.limits.disconnect(address)


async def _send_and_close(websocket: WebSocket, message: dict[str, JSON], code: int = 1008) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_json(message)
        await websocket.close(code=code)


async def _serve(server: Server, websocket: WebSocket, limits: _Limits) -> None:
    try:
        table, listener = await _hello(server, websocket, limits)
    except (NaipesError, asyncio.TimeoutError) as exc:
        reason = (error_of(exc) if isinstance(exc, NaipesError)
                  else error("timeout", "say hello first"))
        await _send_and_close(websocket, reason)
        return
    queue: asyncio.Queue[dict[str, JSON] | None] = asyncio.Queue()
    listener.send = lambda message: _enqueue(queue, message)
    listener.close = lambda: queue.put_nowait(_GONE)
    try:
        table.attach(listener)  # table_full when others came in since the welcome
    except NaipesError as exc:
        await _send_and_close(websocket, error_of(exc))
        return
    writer = asyncio.get_running_loop().create_task(_write(websocket, queue))
    try:
        await _read(table, listener, websocket, queue, limits)
    finally:
        table.detach(listener)
        queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await writer


#: Put in a client's queue to end its connection.
_GONE: dict[str, JSON] = {}


def _enqueue(queue: asyncio.Queue[dict[str, JSON] | None], message: dict[str, JSON]) -> None:
    if queue.qsize() < QUEUE_LIMIT:
        queue.put_nowait(message)


async def _write(websocket: WebSocket, queue: asyncio.Queue[dict[str, JSON] | None]) -> None:
    while True:
        message = await queue.get()
        if message is None:
            return
        if message is _GONE:  # the table expired: end the connection (the reader ends too)
            with contextlib.suppress(Exception):
                await websocket.close(code=1000, reason="no such table")
            return
        try:
            await websocket.send_text(json.dumps(message, separators=(",", ":")))
        except Exception:  # noqa: BLE001 - the client went away; the reader ends too
            return


async def _hello_text(websocket: WebSocket, limits: _Limits) -> str:
    """The hello's text; binary frames and floods before it are answered, and the wait goes on."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + HELLO_TIMEOUT
    while True:
        try:
            return await asyncio.wait_for(_next_text(websocket, limits), max(0.0, deadline - loop.time()))
        except ProtocolError as exc:
            await websocket.send_json(error_of(exc))


async def _hello(server: Server, websocket: WebSocket, limits: _Limits) -> tuple[Table, Listener]:
    table = server.lobby.get(websocket.path_params["table"])
    message = read_message(await _hello_text(websocket, limits))
    if message["type"] != "hello":
        raise UsageError("say hello first", code="hello_first")
    token, since = message.get("token"), message.get("since", 0)
    if type(since) is not int or since < 0:
        raise UsageError("since is a sequence number >= 0", code="bad_seq")
    seat = table.seat_of(token) if isinstance(token, str) else None
    if token is not None and seat is None:
        raise UsageError("no seat of this table has that token", code="bad_token")
    if len(table.listeners) >= server.settings.max_listeners:
        raise UsageError(f"this table has {len(table.listeners)} clients, the most it takes",
                         code="table_full")
    lang = lang_of(message.get("lang", websocket.query_params.get("lang")))
    await websocket.send_json({"type": "welcome", "v": PROTOCOL_VERSION, "table": table.id,
                               "game": table.plugin.info.name, "seat": seat,
                               "players": table.game.num_players, "deck": table.plugin.info.deck,
                               "rules": table.game.view(0).to_dict().get("rules"),
                               "name": table.name, "lang": lang, "card_fields": list(card_fields(table.plugin.info.name)),
                               "cards": deck_words(table.plugin.info.deck, lang),
                               "seat_names": [n or f"{'Asiento' if lang == 'es' else 'Seat'} {i}"
                                              for i, n in enumerate(names_of(table, lang))]})
    return table, Listener(seat=seat, next_seq=min(since, len(table.log)), lang=lang)


async def _read(table: Table, listener: Listener, websocket: WebSocket,
                queue: asyncio.Queue[dict[str, JSON] | None], limits: _Limits) -> None:
    while True:
        try:
            answer = handle(table, listener.seat, read_message(await _next_text(websocket, limits)), listener)
        except NaipesError as exc:
            answer = error_of(exc)
        except (WebSocketDisconnect, _Flooded):
            raise
        except Exception:  # a bug must not take the socket down: say so, go on
            log.exception("message of seat %s at table %s failed", listener.seat, table.id)
            answer = error("server_error", "the server failed to handle this message")
        if answer is not None:
            _enqueue(queue, answer)


def handle(table: Table, seat: int | None, message: Mapping[str, JSON],
           listener: Listener | None = None) -> dict[str, JSON] | None:
    """Do what one client message asks; returns the direct answer (updates go to everyone).

    ``position`` answers the table at an earlier point as the seat saw it; ``lang``
    switches the client's language (``listener``'s) and answers a full ``update``.

    Raises:
        NaipesError: for anything refused (the caller sends it as an ``error``).
    """
    kind = message["type"]
    if kind == "ping":
        return {"type": "pong"}
    if kind == "hello":
        raise UsageError("already said hello", code="hello_again")
    if kind == "position":
        return position_message(table, seat, message["n"], listener.lang if listener is not None else "en")
    if kind == "lang":
        if listener is None:
            raise UsageError("lang needs a connected client", code="bad_message")
        listener.lang, listener.next_move = lang_of(message["lang"]), 0
        words = dict(deck_words(table.plugin.info.deck, listener.lang))
        return {**table.update_for(listener), "card_words": words}
    if kind == "rematch":
        return accept_rematch(table, seat)
    if seat is None:
        raise UsageError("spectators watch; take a seat to play", code="spectator")
    table.check_ready()
    if kind == "move":
        move = message["move"]
        if not isinstance(move, str):
            raise UsageError("move is the move's notation", code="bad_message")
        table.play(seat, move)
        return None
    if kind == "action":
        table.play_action(seat, message["id"])
        return None
    return workspace_command(table, seat, message)
