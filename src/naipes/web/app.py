"""The Starlette application of ``naipes serve``: lobby API, pictures, WebSockets, bots.

>>> from starlette.testclient import TestClient
>>> app = create_app(Settings(bot_delay=0))
>>> with TestClient(app, base_url="http://127.0.0.1:8000") as client:
...     made = client.post("/api/tables", json={"game": "machuco", "players": 2,
...                        "bots": {"1": "random"}, "join": 0}).json()
...     url = f"ws://127.0.0.1:8000/ws/tables/{made['table']}"
...     with client.websocket_connect(url) as ws:
...         ws.send_json({"type": "hello", "v": 1, "token": made["token"]})
...         welcome, update = ws.receive_json(), ws.receive_json()
>>> welcome["seat"], update["view"]["seat"]
(0, 0)

.. versionadded:: 1.1
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from pathlib import Path
from typing import Any, AsyncIterator, Mapping

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from naipes._jsonable import JSON
from naipes.bots import bot_names
from naipes.errors import NaipesError, UsageError
from naipes.plugin import GamePlugin, plugin
from naipes.registry import games
from naipes.web.botpool import BotPool
from naipes.web.guard import MAX_BODY_BYTES, Guard
from naipes.web.limits import AddressLimits, RateLimit
from naipes.web.lobby import Lobby
from naipes.web.messages import card_fields, deck_words, error_of, lang_of, position_message
from naipes.web.pictures import back_svg, card_svg, table_svg
from naipes.web.protocol import (
    PROTOCOL_VERSION,
    ProtocolError,
    error,
    parse_json,
    read_message,
)
from naipes.web.store import Store, StoreError
from naipes.web.tables import Listener, Settings, Table
from naipes.web.workspace import workspace_command

__all__ = ["LOOPBACK", "RateLimit", "Server", "create_app"]

log = logging.getLogger("naipes.web")

STATIC = Path(__file__).with_name("static")

#: Seconds a client has to say hello.
HELLO_TIMEOUT = 10.0

#: Messages waiting for a slow client before the server drops it.
QUEUE_LIMIT = 512

#: The names of this machine's loopback addresses: always accepted as ``Host``.
LOOPBACK = ("127.0.0.1", "localhost", "::1")


class Server:
    """The lobby, the bots' tasks and the checks of who may connect.

    Args:
        settings: limits and timings.
        origins: the origins (``http://host:port``) whose pages may open WebSockets.

    .. versionadded:: 1.1
    """

    def __init__(self, settings: Settings, origins: tuple[str, ...], *, any_host: bool = False) -> None:
        self.settings = settings
        self.lobby = Lobby(settings)
        self.origins = frozenset(origins) | frozenset(settings.origins)
        self.any_host = any_host
        self.wakes: dict[str, asyncio.Event] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        #: The bot task of each table, cancelled when the table expires.
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.limits = AddressLimits(max_connections=settings.max_connections,
                                    per_address=settings.max_connections_per_address,
                                    rate=settings.address_rate, burst=settings.address_burst)
        #: The processes (and threads) bots think in, so that no bot holds up the event loop.
        self.bot_pool = BotPool(processes=settings.bot_processes, threads=settings.bot_threads)
        #: The event loop's thread (set when the app starts), for checks that bots never run on it.
        self.loop_thread: threading.Thread | None = None

    def origin_ok(self, origin: str | None, host: str | None = None) -> bool:
        """True for no Origin (not a browser) or one of the server's own.

        A server bound to every address (``0.0.0.0``) takes the page's own
        host (the ``Host`` header) as its origin.
        """
        if origin is None or origin in self.origins:
            return True
        return self.any_host and host is not None and origin in (f"http://{host}", f"https://{host}")

    # -- bots -------------------------------------------------------------------------------
    def start(self, table: Table) -> None:
        """Start the task that moves for the table's bots."""
        wake = self.wakes[table.id] = asyncio.Event()
        table.on_change = wake.set
        task = asyncio.get_running_loop().create_task(self._drive(table, wake))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        self.drivers[table.id] = task
        task.add_done_callback(lambda done: self.drivers.pop(table.id, None) if self.drivers.get(table.id)
                               is done else None)
        wake.set()

    async def _drive(self, table: Table, wake: asyncio.Event) -> None:
        while not table.game.is_over:
            await wake.wait()
            wake.clear()
            while table.bot_seats() and not table.game.is_over:
                if self.settings.bot_delay:
                    await asyncio.sleep(self.settings.bot_delay)
                await self._bot_moves(table)
        self.wakes.pop(table.id, None)

    async def _bot_moves(self, table: Table) -> None:
        for seat in table.bot_seats():
            info = table.seats[seat]
            bot, view, moves = info.bot, table.game.view(seat), len(table.game.history)
            if bot is None:
                continue
            try:  # in a worker, whatever the bot: the loop keeps serving other tables
                move, thought = await self.bot_pool.choose(bot, view)
                if info.bot is bot:  # the bot as its move left it (its generator, its tree)
                    info.bot = thought
            except Exception:  # noqa: BLE001 - a broken bot must not stop the table
                log.exception("bot of seat %s at table %s failed", seat, table.id)
                move = view.legal_moves[0]
            if len(table.game.history) != moves or seat not in table.game.to_act:
                return  # the game moved on while the bot thought
            try:
                table.play(seat, move)
            except NaipesError:
                log.exception("bot of seat %s at table %s moved illegally", seat, table.id)
                table.play(seat, table.game.legal_moves(seat)[0])

    async def watch_away(self) -> None:
        """Every so often, let bots take over the seats whose clients are gone too long."""
        period = max(0.05, min(1.0, self.settings.takeover / 4))
        while True:
            await asyncio.sleep(period)
            for table in tuple(self.lobby.tables.values()):
                if not table.game.is_over and table.take_over_if_gone():
                    table.on_change()

    # -- persistence and lifetime -------------------------------------------------------------
    def open_store(self) -> None:
        """Open ``settings.db`` (unless ``":memory:"``), bring back its live tables and their bots.

        Raises:
            StoreError: the database cannot be used (see :class:`naipes.web.store.Store`).
        """
        if self.settings.db == ":memory:" or self.lobby.store is not None:
            return
        self.lobby.store = Store(self.settings.db, synchronous=self.settings.db_sync)
        for table in self.lobby.load():
            self.start(table)
        log.info("%s: %d tables reloaded", self.settings.db, len(self.lobby.tables))

    def expire(self) -> list[Table]:
        """Forget the tables that expired (their clients are told ``no_such_table``); returns them."""
        try:
            gone = self.lobby.expire()
        except StoreError:
            log.exception("could not forget the expired tables")
            return []
        for table in gone:
            task = self.drivers.pop(table.id, None)
            if task is not None:
                task.cancel()
            self.wakes.pop(table.id, None)
        return gone

    async def watch_expiry(self) -> None:
        """Every so often (at most a minute), forget the tables that expired."""
        settings = self.settings
        period = max(0.05, min(60.0, settings.idle_expiry / 10, settings.finished_expiry / 10))
        while True:
            await asyncio.sleep(period)
            self.expire()

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """Run the watcher of gone clients while the app runs; stop the bots' threads after."""
        self.loop_thread = threading.current_thread()
        self.open_store()
        await self.bot_pool.start()
        watcher = asyncio.get_running_loop().create_task(self.watch_away())
        sweeper = asyncio.get_running_loop().create_task(self.watch_expiry())
        try:
            yield
        finally:
            watcher.cancel()
            sweeper.cancel()
            if self.lobby.store is not None:
                self.lobby.store.close()
                self.lobby.store = None
            for task in tuple(self.tasks):
                task.cancel()
            self.bot_pool.shutdown()


# -- HTTP ---------------------------------------------------------------------------------------
def _game_info(allowed: tuple[str, ...] = ()) -> list[dict[str, JSON]]:
    """The games list: each registered game that loads, as its plugin describes it (the browser
    client reads ``quick_rules`` and ``workspace_ops`` from it, never a game's name)."""
    out: list[dict[str, JSON]] = []
    for info in games():
        try:
            game_plugin = plugin(info)
            defaults = game_plugin.rules()
        except (NaipesError, ImportError):
            continue
        out.append(_one_game(game_plugin, defaults, allowed))
    return out


def _one_game(game_plugin: GamePlugin[Any, Any, Any], defaults: Any,
              allowed: tuple[str, ...]) -> dict[str, JSON]:
    import attrs

    from naipes._jsonable import to_jsonable

    info = game_plugin.info
    options = ({f.name: to_jsonable(getattr(defaults, f.name)) for f in attrs.fields(type(defaults))}
               if attrs.has(type(defaults)) else {})
    bots: list[JSON] = ["best", *(name for name in bot_names(info.name) if name != "best"), *allowed]
    quick: dict[str, JSON] = {name: to_jsonable(dict(settings)) for name, settings in game_plugin.quick_rules.items()}
    return {"name": info.name, "summary": info.summary, "player_counts": list(info.player_counts),
            "players": getattr(defaults, "players", info.min_players), "rules": options,
            "deck": info.deck, "bots": bots, "quick_rules": quick,
            "workspace_ops": list(game_plugin.workspace_ops), "card_fields": list(card_fields(info.name))}


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()  # at most MAX_BODY_BYTES: the Guard refuses longer ones with 413
    if len(raw) > MAX_BODY_BYTES:
        raise UsageError("the request is too long", code="too_long")
    data = parse_json(raw or b"{}", "request")
    if not isinstance(data, dict):
        raise UsageError("the request is a JSON object", code="bad_message")
    return data


def _address(connection: Request | WebSocket) -> str:
    """The client's address, the key of the limits per address."""
    return connection.client.host if connection.client is not None else "unknown"


def _refused(exc: NaipesError, status: int = 400) -> JSONResponse:
    return JSONResponse(error_of(exc), status_code=status)


def _bots(data: Mapping[str, Any]) -> dict[int, str]:
    raw = data.get("bots") or {}
    if not isinstance(raw, dict):
        raise UsageError("bots is an object: seat -> bot spec", code="bad_message")
    out = {}
    for seat, spec in raw.items():
        if not (isinstance(seat, str) and seat.isdigit()) or not isinstance(spec, str):
            raise UsageError(f"bad bot seat {seat!r}", code="bad_message")
        out[int(seat)] = spec
    return out


def _player(value: object) -> str:
    """The player's name a join gives (``name`` of a join, ``player`` of a table's creation)."""
    return value if isinstance(value, str) else ""


def make_routes(server: Server) -> list[Any]:
    """The routes of the app (see :doc:`/guides/front-end`)."""

    def checked(request: Request) -> None:
        if not server.origin_ok(request.headers.get("origin"), request.headers.get("host")):
            raise UsageError("requests come from this server's own pages", code="bad_origin")

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def list_games(request: Request) -> Response:
        return JSONResponse(_game_info(server.settings.allowed_bots))

    async def list_tables(request: Request) -> Response:
        return JSONResponse([t.summary() for t in server.lobby.tables.values()])

    async def create_table(request: Request) -> Response:
        try:
            checked(request)
            data = await _body(request)
            players = data.get("players")
            rules = data.get("rules") or {}
            if not isinstance(rules, dict) or (players is not None and type(players) is not int):
                raise UsageError("rules is an object and players a number", code="bad_message")
            table = server.lobby.create(str(data.get("game", "")), players=players, rules=rules,
                                        bots=_bots(data), owner=_address(request), name=data.get("name"))
        except NaipesError as exc:
            return _refused(exc, 429 if exc.code == "too_many_tables" else 400)
        join = data.get("join")
        token = None
        if type(join) is int:
            try:
                token = table.join(join, _player(data.get("player")))
            except NaipesError as exc:
                server.lobby.remove(table.id)
                return _refused(exc)
        server.start(table)
        out: dict[str, JSON] = table.summary()
        if token is not None:
            out.update(seat=join, token=token)
        return JSONResponse(out)

    async def join_table(request: Request) -> Response:
        try:
            checked(request)
            table = server.lobby.get(request.path_params["table"])
            body = await _body(request)
            token = table.join(body.get("seat"), _player(body.get("name")))
        except NaipesError as exc:
            return _refused(exc, 404 if exc.code == "no_such_table" else 400)
        table.on_change()
        return JSONResponse({"table": table.id, "seat": table.seat_of(token), "token": token})

    async def show_table(request: Request) -> Response:
        try:
            return JSONResponse(server.lobby.get(request.path_params["table"]).summary())
        except NaipesError as exc:
            return _refused(exc, 404)

    async def position(request: Request) -> Response:
        try:
            checked(request)
            if not server.limits.allow(_address(request)):
                raise UsageError("too many requests; slow down", code="rate_limited")
            table = server.lobby.get(request.path_params["table"])
            token = request.query_params.get("token")
            seat = table.seat_of(token)
            if token and seat is None:
                return JSONResponse(error("bad_token", "no seat of this table has that token"), 403)
            n = request.path_params["n"]
            answer = position_message(table, seat, int(n) if n.isdigit() and len(n) < 9 else n,
                                      lang_of(request.query_params.get("lang")))
        except NaipesError as exc:
            status = {"no_such_table": 404, "rate_limited": 429, "bad_origin": 403}.get(exc.code, 400)
            return _refused(exc, status)
        return JSONResponse(answer)

    async def card(request: Request) -> Response:
        try:
            text = card_svg(request.path_params["card"])
        except NaipesError as exc:
            return _refused(exc, 404)
        return Response(text, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    async def back(request: Request) -> Response:
        return Response(back_svg(request.path_params["deck"]), media_type="image/svg+xml")

    async def picture(request: Request) -> Response:
        try:
            table = server.lobby.get(request.path_params["table"])
        except NaipesError as exc:
            return _refused(exc, 404)
        seat = table.seat_of(request.query_params.get("token"))
        if seat is None:
            return JSONResponse(error("bad_token", "the picture is of a seat: give its token"), 403)
        return Response(table_svg(table.game.view(seat)), media_type="image/svg+xml")

    return [
        Route("/", index),
        Route("/api/games", list_games),
        Route("/api/tables", list_tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table}", show_table),
        Route("/api/tables/{table}/join", join_table, methods=["POST"]),
        Route("/api/tables/{table}/position/{n}", position),
        Route("/cards/{card}.svg", card),
        Route("/backs/{deck}.svg", back),
        Route("/favicon.ico", lambda request: Response(card_svg("1o"), media_type="image/svg+xml")),
        Route("/tables/{table}/picture", picture),
        WebSocketRoute("/ws/tables/{table}", lambda ws: play_socket(server, ws)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


# -- WebSocket -------------------------------------------------------------------------------------
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
    address = _address(websocket)
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
                               "seat_names": [s.shown_name for s in table.seats]})
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
    if seat is None:
        raise UsageError("spectators watch; take a seat to play", code="spectator")
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


def create_app(settings: Settings | None = None, *, host: str = "127.0.0.1", port: int = 8000) -> Starlette:
    """The web application: serve it with uvicorn (``naipes serve`` does).

    It answers only requests whose ``Host`` is a loopback name or one of
    ``settings.allowed_hosts``; a server bound to another address than
    loopback needs at least one allowed host (so DNS rebinding needs a name
    the operator chose). Every response carries the security headers of
    :mod:`naipes.web.guard`, and request bodies are at most
    :data:`naipes.web.guard.MAX_BODY_BYTES`.

    Args:
        settings: limits and timings (default :class:`Settings`).
        host: the address the server is bound to (it names the server's own origin).
        port: its port.

    Raises:
        UsageError: ``allowed_host_required`` for a ``host`` other than loopback
            without ``settings.allowed_hosts``.

    .. versionadded:: 1.1
    .. versionchanged:: 1.2
       ``settings.allowed_hosts``, required off loopback; security headers; bounded bodies.
    """
    settings = settings or Settings()
    names = allowed_hosts(host, settings.allowed_hosts)
    origins = tuple(f"{scheme}://{name}:{port}" for name in names for scheme in ("http", "https"))
    server = Server(settings, origins, any_host=host not in LOOPBACK)
    app = Starlette(routes=make_routes(server), lifespan=server.lifespan,
                    middleware=[Middleware(Guard), Middleware(TrustedHostMiddleware, allowed_hosts=names)])
    app.state.server = server
    return app


def allowed_hosts(host: str, extra: tuple[str, ...]) -> list[str]:
    """The ``Host`` names a server bound to ``host`` answers: loopback's and ``extra``.

    >>> allowed_hosts("127.0.0.1", ())
    ['127.0.0.1', '::1', 'localhost']
    >>> allowed_hosts("0.0.0.0", ())
    Traceback (most recent call last):
    ...
    naipes.errors.UsageError: binding 0.0.0.0 lets other machines in: name the host names they use (--allowed-host NAME)

    Raises:
        UsageError: ``allowed_host_required`` (see :func:`create_app`); ``bad_host`` for a
            pattern (``*``), a port, a path or an IPv6 literal.
    """
    if host not in LOOPBACK and not extra:
        raise UsageError(f"binding {host} lets other machines in: name the host names they use "
                         "(--allowed-host NAME)", code="allowed_host_required")
    for name in extra:
        if not name or any(c in name for c in "*/:[] "):
            raise UsageError(f"an allowed host is a host name or IPv4 address without a port, not {name!r}",
                             code="bad_host")
    return sorted({*LOOPBACK, *(name.lower() for name in extra)})
