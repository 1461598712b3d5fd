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

from naipes._jsonable import JSON
from naipes.bots import bot_names
from naipes.errors import NaipesError, UsageError
from naipes.plugin import GamePlugin, plugin
from naipes.registry import games
from naipes.web.botpool import BotPool
from naipes.web.botspecs import server_bot
from naipes.web.clocks import record_of, timed_out
from naipes.web.guard import MAX_BODY_BYTES, Guard
from naipes.web.limits import AddressLimits, RateLimit
from naipes.web.lobby import Lobby
from naipes.web.messages import card_fields, error_of, lang_of, position_message
from naipes.web.pictures import back_svg, card_svg, table_svg
from naipes.web.protocol import (
    error,
    parse_json,
)
from naipes.web.sockets import HELLO_TIMEOUT, QUEUE_LIMIT, address_of, handle, play_socket
from naipes.web.store import Store, StoreError
from naipes.web.tables import Settings, Table

__all__ = ["HELLO_TIMEOUT", "LOOPBACK", "QUEUE_LIMIT", "RateLimit", "Server", "create_app", "handle", "play_socket"]

log = logging.getLogger("naipes.web")

STATIC = Path(__file__).with_name("static")

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
        #: The moves being played for people out of time: (table, seat, plays so far).
        self.timeouts: set[tuple[str, int, int]] = set()

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
        table.on_new_table = self.start
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
            if not await self._bot_play(table, seat, move):
                return

    async def _bot_play(self, table: Table, seat: int, move: Any) -> bool:
        """Play a bot's move; False when it could not be saved (the table pauses a while:
        its bots try again once the store can write)."""
        try:
            try:
                table.play(seat, move)
            except StoreError:
                raise
            except NaipesError:
                log.exception("bot of seat %s at table %s moved illegally", seat, table.id)
                table.play(seat, table.game.legal_moves(seat)[0])
        except StoreError:
            log.error("table %s paused: its moves cannot be saved; trying again in %gs", table.id,
                      self.settings.store_retry)
            await asyncio.sleep(self.settings.store_retry)
            return False
        return True

    async def watch_away(self) -> None:
        """Every so often, let bots take over the seats whose clients are gone too long."""
        period = max(0.05, min(0.5, self.settings.takeover / 4))
        while True:
            await asyncio.sleep(period)
            for table in tuple(self.lobby.tables.values()):
                if not table.game.is_over and table.take_over_if_gone():
                    table.on_change()
                for seat in timed_out(table):
                    self._time_out(table, seat)

    def _time_out(self, table: Table, seat: int) -> None:
        """A person's time for this move ran out: the takeover bot plays it for them (once)."""
        key = (table.id, seat, len(table.moves))
        if key in self.timeouts:
            return
        self.timeouts.add(key)

        async def move() -> None:
            try:
                bot = server_bot(table.plugin, self.settings.takeover_bot, modules=True, path=self.settings.bot_path)
                moves, view = len(table.moves), table.game.view(seat)
                chosen, _ = await self.bot_pool.choose(bot, view)
                if len(table.moves) == moves and seat in table.game.to_act and not table.closed:
                    await self._bot_play(table, seat, chosen)
            except Exception:  # noqa: BLE001 - a broken takeover bot must not stop the watcher
                log.exception("the move of seat %s at table %s, out of time, failed", seat, table.id)
            finally:
                self.timeouts.discard(key)

        task = asyncio.get_running_loop().create_task(move())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

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


#: The HTTP status of a refusal, by its code (else 400).
_STATUS = {"no_such_table": 404, "rate_limited": 429, "too_many_tables": 429,
           "store_failed": 503, "lobby_full": 503}


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


def _token(request: Request) -> str | None:
    """The seat's token of an HTTP request: ``Authorization: Bearer <token>`` (kept out of
    URLs, so out of logs and history), else the ``token`` query parameter (for plain links)."""
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return request.query_params.get("token")


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
                                        bots=_bots(data), owner=address_of(request), name=data.get("name"),
                                        clock=data.get("clock"))
        except NaipesError as exc:
            return _refused(exc, _STATUS.get(exc.code, 400))
        join = data.get("join")
        token = None
        if type(join) is int:
            try:
                token = table.join(join, _player(data.get("player")))
            except NaipesError as exc:
                with contextlib.suppress(StoreError):
                    server.lobby.remove(table.id)
                return _refused(exc, _STATUS.get(exc.code, 400))
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
            return _refused(exc, _STATUS.get(exc.code, 400))
        table.notify_seats()  # everyone sees who sat down (and the game starts once no seat is open)
        return JSONResponse({"table": table.id, "seat": table.seat_of(token), "token": token})

    async def show_table(request: Request) -> Response:
        try:
            return JSONResponse(server.lobby.get(request.path_params["table"]).summary())
        except NaipesError as exc:
            return _refused(exc, 404)

    def limited_table(request: Request) -> Table:
        """The table a request names, once its origin is checked and its address is within its rate."""
        checked(request)
        if not server.limits.allow(address_of(request)):
            raise UsageError("too many requests; slow down", code="rate_limited")
        return server.lobby.get(request.path_params["table"])

    async def position(request: Request) -> Response:
        try:
            table = limited_table(request)
            token = _token(request)
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

    async def record(request: Request) -> Response:
        """A finished game's record, for its players (``Authorization: Bearer`` or ``token``)."""
        try:
            table = limited_table(request)
            if table.seat_of(_token(request)) is None:
                return JSONResponse(error("bad_token", "a game's record is for its players: give your seat's token"),
                                    403)
            answer = record_of(table)
        except NaipesError as exc:
            return _refused(exc, _STATUS.get(exc.code, 400))
        name = "".join(c if c.isalnum() else "-" for c in f"{table.plugin.info.name}-{table.id}")
        return JSONResponse(answer, headers={"Content-Disposition": f'attachment; filename="{name}.json"',
                                             "Cache-Control": "no-store"})

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
        seat = table.seat_of(_token(request))
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
        Route("/api/tables/{table}/record", record),
        Route("/cards/{card}.svg", card),
        Route("/backs/{deck}.svg", back),
        Route("/favicon.ico", lambda request: Response(card_svg("1o"), media_type="image/svg+xml")),
        Route("/tables/{table}/picture", picture),
        WebSocketRoute("/ws/tables/{table}", lambda ws: play_socket(server, ws)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]



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
