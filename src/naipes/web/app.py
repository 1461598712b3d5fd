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
import time
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
from naipes.errors import NaipesError, UsageError
from naipes.registry import games
from naipes.web.pictures import back_svg, card_svg, table_svg
from naipes.web.protocol import MAX_MESSAGE_BYTES, PROTOCOL_VERSION, error, read_message
from naipes.web.tables import Listener, Lobby, Settings, Table
from naipes.web.workspace import workspace_command

__all__ = ["Server", "create_app"]

log = logging.getLogger("naipes.web")

STATIC = Path(__file__).with_name("static")

#: Seconds a client has to say hello.
HELLO_TIMEOUT = 10.0

#: Messages waiting for a slow client before the server drops it.
QUEUE_LIMIT = 512

#: A bot whose move took longer than this (seconds) moves in a worker thread from then on.
SLOW_BOT = 0.02


class RateLimit:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = float(burst), time.monotonic()

    def allow(self) -> bool:
        """Take one token; False when the client sends too fast."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


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
            start = time.perf_counter()
            try:
                move = await asyncio.to_thread(bot.choose, view) if info.slow else bot.choose(view)
            except Exception:  # noqa: BLE001 - a broken bot must not stop the table
                log.exception("bot of seat %s at table %s failed", seat, table.id)
                move = view.legal_moves[0]
            info.slow = info.slow or time.perf_counter() - start > SLOW_BOT
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

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """Run the watcher of gone clients while the app runs."""
        watcher = asyncio.get_running_loop().create_task(self.watch_away())
        try:
            yield
        finally:
            watcher.cancel()
            for task in tuple(self.tasks):
                task.cancel()


# -- HTTP ---------------------------------------------------------------------------------------
def _game_info() -> list[dict[str, JSON]]:
    import attrs

    from naipes._cli_games import GameKit
    from naipes._jsonable import to_jsonable

    out: list[dict[str, JSON]] = []
    for info in games():
        try:
            kit = GameKit.find(info.name)
        except (NaipesError, ImportError):
            continue
        defaults = kit.module.Rules()
        options = {f.name: to_jsonable(getattr(defaults, f.name)) for f in attrs.fields(type(defaults))}
        out.append({"name": info.name, "summary": info.summary, "player_counts": list(info.player_counts),
                    "players": getattr(defaults, "players", info.min_players), "rules": options,
                    "deck": info.deck, "bots": ["best", "random"]})
    return out


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_MESSAGE_BYTES:
        raise UsageError("the request is too long", code="too_long")
    try:
        data = json.loads(raw or b"{}")
    except ValueError:
        raise UsageError("the request is not JSON", code="not_json") from None
    if not isinstance(data, dict):
        raise UsageError("the request is a JSON object", code="bad_message")
    return data


def _refused(exc: NaipesError, status: int = 400) -> JSONResponse:
    return JSONResponse(error(exc.code, str(exc)), status_code=status)


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


def make_routes(server: Server) -> list[Any]:
    """The routes of the app (see :doc:`/guides/front-end`)."""

    def checked(request: Request) -> None:
        if not server.origin_ok(request.headers.get("origin"), request.headers.get("host")):
            raise UsageError("requests come from this server's own pages", code="bad_origin")

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def list_games(request: Request) -> Response:
        return JSONResponse(_game_info())

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
                                        bots=_bots(data))
        except NaipesError as exc:
            return _refused(exc)
        join = data.get("join")
        token = None
        if type(join) is int:
            try:
                token = table.join(join)
            except NaipesError as exc:
                del server.lobby.tables[table.id]
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
            seat = (await _body(request)).get("seat")
            token = table.join(seat)
        except NaipesError as exc:
            return _refused(exc, 404 if exc.code == "no_such_table" else 400)
        table.on_change()
        return JSONResponse({"table": table.id, "seat": table.seat_of(token), "token": token})

    async def show_table(request: Request) -> Response:
        try:
            return JSONResponse(server.lobby.get(request.path_params["table"]).summary())
        except NaipesError as exc:
            return _refused(exc, 404)

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
        Route("/cards/{card}.svg", card),
        Route("/backs/{deck}.svg", back),
        Route("/favicon.ico", lambda request: Response(card_svg("1o"), media_type="image/svg+xml")),
        Route("/tables/{table}/picture", picture),
        WebSocketRoute("/ws/tables/{table}", lambda ws: play_socket(server, ws)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


# -- WebSocket -------------------------------------------------------------------------------------
async def play_socket(server: Server, websocket: WebSocket) -> None:
    """One client of a table: hello, then updates out and moves in until it leaves."""
    if not server.origin_ok(websocket.headers.get("origin"), websocket.headers.get("host")):
        await websocket.close(code=1008, reason="bad origin")
        return
    await websocket.accept()
    try:
        table, listener = await _hello(server, websocket)
    except (NaipesError, asyncio.TimeoutError) as exc:
        reason = (error(exc.code, str(exc)) if isinstance(exc, NaipesError)
                  else error("timeout", "say hello first"))
        await websocket.send_json(reason)
        await websocket.close(code=1008)
        return
    queue: asyncio.Queue[dict[str, JSON] | None] = asyncio.Queue()
    listener.send = lambda message: _enqueue(queue, message)
    writer = asyncio.get_running_loop().create_task(_write(websocket, queue))
    try:
        table.attach(listener)
        await _read(server, table, listener, websocket, queue)
    except (WebSocketDisconnect, NaipesError):
        pass
    finally:
        table.detach(listener)
        queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await writer


def _enqueue(queue: asyncio.Queue[dict[str, JSON] | None], message: dict[str, JSON]) -> None:
    if queue.qsize() < QUEUE_LIMIT:
        queue.put_nowait(message)


async def _write(websocket: WebSocket, queue: asyncio.Queue[dict[str, JSON] | None]) -> None:
    while True:
        message = await queue.get()
        if message is None:
            return
        try:
            await websocket.send_text(json.dumps(message, separators=(",", ":")))
        except Exception:  # noqa: BLE001 - the client went away; the reader ends too
            return


async def _hello(server: Server, websocket: WebSocket) -> tuple[Table, Listener]:
    table = server.lobby.get(websocket.path_params["table"])
    text = await asyncio.wait_for(websocket.receive_text(), HELLO_TIMEOUT)
    message = read_message(text)
    if message["type"] != "hello":
        raise UsageError("say hello first", code="hello_first")
    token, since = message.get("token"), message.get("since", 0)
    if type(since) is not int or since < 0:
        raise UsageError("since is a sequence number >= 0", code="bad_seq")
    seat = table.seat_of(token) if isinstance(token, str) else None
    if token is not None and seat is None:
        raise UsageError("no seat of this table has that token", code="bad_token")
    await websocket.send_json({"type": "welcome", "v": PROTOCOL_VERSION, "table": table.id,
                               "game": table.kit.info.name, "seat": seat,
                               "players": table.game.num_players, "deck": table.kit.info.deck,
                               "rules": table.game.view(0).to_dict().get("rules")})
    return table, Listener(seat=seat, next_seq=min(since, len(table.log)))


async def _read(server: Server, table: Table, listener: Listener, websocket: WebSocket,
                queue: asyncio.Queue[dict[str, JSON] | None]) -> None:
    limit = RateLimit(server.settings.rate, server.settings.burst)
    strikes = 0
    while True:
        text = await websocket.receive_text()
        if not limit.allow():
            strikes += 1
            _enqueue(queue, error("rate_limited", "too many messages; slow down"))
            if strikes > server.settings.burst:
                await websocket.close(code=1008, reason="too many messages")
                return
            continue
        try:
            answer = handle(table, listener.seat, read_message(text))
        except NaipesError as exc:
            answer = error(exc.code, str(exc))
        if answer is not None:
            _enqueue(queue, answer)


def handle(table: Table, seat: int | None, message: Mapping[str, JSON]) -> dict[str, JSON] | None:
    """Do what one client message asks; returns the direct answer (updates go to everyone).

    Raises:
        NaipesError: for anything refused (the caller sends it as an ``error``).
    """
    kind = message["type"]
    if kind == "ping":
        return {"type": "pong"}
    if kind == "hello":
        raise UsageError("already said hello", code="hello_again")
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

    Args:
        settings: limits and timings (default :class:`Settings`).
        host: the address the server is bound to (it names the server's own origin).
        port: its port.

    .. versionadded:: 1.1
    """
    settings = settings or Settings()
    names = {host, "127.0.0.1", "localhost"} if host not in ("0.0.0.0", "::") else {"*"}
    origins = tuple(f"http://{name}:{port}" for name in names if name != "*")
    server = Server(settings, origins, any_host="*" in names)
    app = Starlette(routes=make_routes(server), lifespan=server.lifespan,
                    middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=sorted(names))])
    app.state.server = server
    return app
