"""The server against hostile clients: bot specs, malformed input, limits per address, headers, hosts."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient

from naipes.web import Settings, create_app

from .conftest import BASE, OPEN, Client, close, connect

DEEP = "[" * 4000 + "]" * 4000
SAFE = {"bot_delay": 0, "takeover": 600, "rate": 1000, "burst": 1000, "address_rate": 1000,
        "address_burst": 1000}


def _by_address(app: Any) -> Any:
    """The app, with the client's address taken from an ``x-test-address`` header (tests only)."""
    async def wrapped(scope: Any, receive: Any, send: Any) -> None:
        for key, value in scope.get("headers", ()):
            if key == b"x-test-address":
                scope = dict(scope, client=(value.decode(), 50000))
        await app(scope, receive, send)
    return wrapped


@contextlib.contextmanager
def _client(**settings: Any) -> Iterator[Any]:
    app = create_app(Settings(**{**SAFE, **settings}))
    with TestClient(_by_address(app), base_url=BASE) as c:
        c.app_state = app.state
        try:
            yield c
        finally:
            while OPEN:
                close(OPEN[-1])


def _open(cl: Any, table: str, token: str | None = None, hello: bool = True, **headers: str) -> Client:
    session, greeting = connect(cl, table, token, 0, **headers)
    c = Client(session.__enter__())
    c._cm = session  # type: ignore[attr-defined]
    OPEN.append(c)
    if hello:
        c.send(greeting)
    return c


def _table(cl: Any, **body: Any) -> dict[str, Any]:
    response = cl.post("/api/tables", json={"game": "machuco", "players": 2, **body})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def _pong(c: Client) -> None:
    c.send({"type": "ping"})
    assert c.until("pong") == {"type": "pong"}


# -- no code from clients --------------------------------------------------------------------------
def test_module_specs_from_clients_run_nothing_import_nothing(tmp_path: Path) -> None:
    target, victim = tmp_path / "FILE", tmp_path / "DIR"
    victim.mkdir()
    (victim / "keep").write_text("x")
    with _client() as cl:
        _table(cl, bots={"1": "random"})  # the server's own imports happen before the snapshot
        before = set(sys.modules)
        for spec in (f"os:system:command=id > {target}", f"shutil:rmtree:path={victim}",
                     "xmlrpc.server:SimpleXMLRPCServer", "antigravity:fly", "this:Bot"):
            answer = cl.post("/api/tables", json={"game": "machuco", "players": 2, "bots": {"1": spec}})
            assert answer.status_code == 400 and answer.json()["code"] in ("module_bots_refused",
                                                                            "bot_param_refused"), spec
        assert cl.get("/api/tables").json().__len__() == 1
    assert not target.exists() and (victim / "keep").exists()
    assert set(sys.modules) - before == set()


@pytest.mark.parametrize(("spec", "code"), [
    ("ismcts:iterations=1000000000", "bad_bot_args"),
    ("ismcts:iterations=10**9", "bad_bot_args"),
    ("pimc:seconds=1e9", "bad_bot_args"),
    ("ismcts:seconds=0", "bad_bot_args"),
    ("ismcts:iterations=2.5", "bad_bot_args"),
    ("ismcts:rollout=os:system", "bot_param_refused"),
    ("ismcts:max_rollout=100000000", "bot_param_refused"),
    ("random:seed=3", "bot_param_refused"),
    ("nosuchbot", "no_such_bot"),
])
def test_client_bot_parameters_are_bounded(spec: str, code: str) -> None:
    with _client(max_bot_iterations=500, max_bot_seconds=1.0) as cl:
        answer = cl.post("/api/tables", json={"game": "machuco", "players": 2, "bots": {"1": spec}})
        assert answer.status_code == 400 and answer.json()["code"] == code, answer.text
        assert cl.get("/api/tables").json() == []


def test_registered_bots_within_bounds_and_allowed_classes_are_taken() -> None:
    with _client(max_bot_iterations=500, max_bot_seconds=1.0) as cl:
        made = _table(cl, bots={"0": "ismcts:iterations=20,seconds=0.5", "1": "best"})
        assert [s["bot"] for s in made["seats"]] == ["ismcts:iterations=20,seconds=0.5", "best"]
        refused = cl.post("/api/tables", json={"game": "machuco", "players": 2,
                                                "bots": {"1": "web.threadbot:RecordingBot"}})
        assert refused.json()["code"] == "module_bots_refused"
    with _client(allowed_bots=("web.threadbot:RecordingBot",)) as cl:
        _table(cl, bots={"1": "web.threadbot:RecordingBot"})
        other = cl.post("/api/tables", json={"game": "machuco", "players": 2,
                                              "bots": {"1": "naipes.machuco.bots:MachucoBot"}})
        assert other.json()["code"] == "module_bots_refused"
        assert "web.threadbot:RecordingBot" in cl.get("/api/games").json()[0]["bots"]


def test_bots_think_off_the_event_loop() -> None:
    from . import threadbot

    threadbot.THREADS.clear()
    with _client(allowed_bots=("web.threadbot:RecordingBot",), bot_processes=0) as cl:
        spec = "web.threadbot:RecordingBot"
        made = _table(cl, rules={"scope": "hand"}, bots={"0": spec, "1": spec})
        deadline = time.monotonic() + 60
        while not cl.get(f"/api/tables/{made['table']}").json()["over"] and time.monotonic() < deadline:
            time.sleep(0.02)
        loop_thread = cl.app_state.server.loop_thread
    assert len(threadbot.THREADS) > 10 and loop_thread is not None
    assert all(t is not loop_thread and t.name.startswith("naipes-bot") for t in threadbot.THREADS)


def test_bots_think_in_worker_processes_and_keep_their_state() -> None:
    import os

    spec = "web.threadbot:TravellingBot"
    with _client(allowed_bots=(spec,), bot_processes=1) as cl:
        made = _table(cl, rules={"scope": "hand"}, bots={"0": spec, "1": spec})
        deadline = time.monotonic() + 120
        while not cl.get(f"/api/tables/{made['table']}").json()["over"] and time.monotonic() < deadline:
            time.sleep(0.02)
        table = cl.app_state.server.lobby.get(made["table"])
        moves = len(table.game.history)
        pids = [pid for seat in table.seats for pid in seat.bot.pids]
    assert table.game.is_over and len(pids) == moves > 4
    assert os.getpid() not in pids and len(set(pids)) == 1


def test_a_bot_that_cannot_be_pickled_thinks_in_a_thread() -> None:
    from . import threadbot

    threadbot.THREADS.clear()
    spec = "web.threadbot:RecordingBot"
    with _client(allowed_bots=(spec,), bot_processes=1) as cl:
        made = _table(cl, rules={"scope": "hand"}, bots={"0": spec, "1": spec})
        table = cl.app_state.server.lobby.get(made["table"])
        for seat in table.seats:
            seat.bot.unpicklable = lambda: None  # a lambda cannot be pickled
        deadline = time.monotonic() + 60
        while not cl.get(f"/api/tables/{made['table']}").json()["over"] and time.monotonic() < deadline:
            time.sleep(0.02)
    assert table.game.is_over and len(threadbot.THREADS) > 4
    assert all(t.name.startswith("naipes-bot") for t in threadbot.THREADS)


# -- malformed input ---------------------------------------------------------------------------------
def test_deep_json_is_bad_message_as_hello_after_it_and_over_http() -> None:
    with _client() as cl:
        made = _table(cl, join=0)
        first = _open(cl, made["table"], hello=False)
        first.session.send_text(DEEP)
        assert first.receive()["code"] == "bad_message"
        c = _open(cl, made["table"], made["token"])
        c.until("welcome"), c.until("update")
        c.session.send_text('{"type": "move", "move": ' + DEEP + "}")
        assert c.until("error")["code"] == "bad_message"
        _pong(c)
        body = cl.post("/api/tables", content=DEEP, headers={"content-type": "application/json"})
        assert body.status_code == 400 and body.json()["code"] == "bad_message"
        join = cl.post(f"/api/tables/{made['table']}/join", content='{"seat": ' + DEEP + "}")
        assert join.status_code == 400 and join.json()["code"] == "bad_message"


def test_binary_frames_are_answered_not_text_and_the_socket_goes_on() -> None:
    with _client() as cl:
        made = _table(cl, join=0)
        c = _open(cl, made["table"], made["token"], hello=False)
        c.session.send_bytes(b'{"type": "hello", "v": 1}')
        assert c.receive()["code"] == "not_text"
        c.send({"type": "hello", "v": 1, "token": made["token"], "since": 0})
        c.until("welcome"), c.until("update")
        c.session.send_bytes(b"\x00\xff")
        assert c.until("error")["code"] == "not_text"
        _pong(c)


def test_long_bodies_are_refused_with_413() -> None:
    with _client() as cl:
        long = cl.post("/api/tables", content=b'{"game": "' + b"x" * 20000 + b'"}',
                       headers={"content-type": "application/json"})
        assert long.status_code == 413 and long.json()["code"] == "too_long"

        def chunks() -> Iterator[bytes]:
            for _ in range(100):
                yield b" " * 1024
        streamed = cl.post("/api/tables", content=chunks())
        assert streamed.status_code == 413 and streamed.json()["code"] == "too_long"


# -- limits per address --------------------------------------------------------------------------------
def test_one_address_cannot_fill_the_lobby() -> None:
    with _client(max_tables_per_address=3) as cl:
        flood = {"x-test-address": "10.0.0.66"}
        for _ in range(3):
            assert cl.post("/api/tables", json={"game": "machuco"}, headers=flood).status_code == 200
        refused = cl.post("/api/tables", json={"game": "machuco"}, headers=flood)
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_tables"
        other = cl.post("/api/tables", json={"game": "machuco"}, headers={"x-test-address": "10.0.0.7"})
        assert other.status_code == 200
        # a finished table no longer counts
        done = cl.post("/api/tables", json={"game": "machuco", "players": 2, "rules": {"scope": "hand"},
                                            "bots": {"0": "random", "1": "random"}},
                       headers={"x-test-address": "10.0.0.8"})
        assert done.status_code == 200


def test_connections_per_address_and_in_all() -> None:
    with _client(max_connections_per_address=2, max_connections=3) as cl:
        made = _table(cl)
        a = {"x-test-address": "10.0.0.1"}
        for _ in range(2):
            _open(cl, made["table"], **a).until("welcome")
        assert _open(cl, made["table"], **a).receive()["code"] == "too_many_connections"
        _open(cl, made["table"], **{"x-test-address": "10.0.0.2"}).until("welcome")
        assert _open(cl, made["table"], **{"x-test-address": "10.0.0.3"}).receive()["code"] == "server_busy"
        close(OPEN[0])
        _open(cl, made["table"], **{"x-test-address": "10.0.0.3"}).until("welcome")


def test_the_message_bucket_is_shared_by_an_address_across_reconnects() -> None:
    with _client(address_rate=0.001, address_burst=4) as cl:
        made = _table(cl)
        a = {"x-test-address": "10.0.0.1"}
        first = _open(cl, made["table"], **a)  # hello: 1
        first.until("welcome")
        _pong(first), _pong(first)  # 3
        close(first)
        again = _open(cl, made["table"], **a)  # 4
        again.until("welcome")
        again.send({"type": "ping"})
        assert again.until("error")["code"] == "rate_limited"
        other = _open(cl, made["table"], **{"x-test-address": "10.0.0.2"})
        other.until("welcome")
        _pong(other)


def test_the_33rd_client_gets_table_full() -> None:
    with _client() as cl:
        made = _table(cl)
        for _ in range(32):
            _open(cl, made["table"]).until("welcome")
        last = _open(cl, made["table"])
        assert last.receive()["code"] == "table_full"


# -- headers, hosts, the page ------------------------------------------------------------------------
HEADERS = ("content-security-policy", "x-frame-options", "x-content-type-options", "referrer-policy")


def test_security_headers_on_every_response() -> None:
    with _client() as cl:
        made = _table(cl, join=0)
        answers = [cl.get(path) for path in ("/", "/static/app.js", "/static/style.css", "/api/games",
                                             "/api/tables", "/cards/7o.svg", "/backs/spanish.svg",
                                             "/nowhere", f"/tables/{made['table']}/picture?token=x")]
        answers += [cl.post("/api/tables", json={"game": "chess"}),
                    cl.post("/api/tables", content=b"x" * 20000),
                    cl.get("/", headers={"host": "evil.example"})]
        assert {a.status_code for a in answers} >= {200, 400, 403, 404, 413}
        for answer in answers:
            assert all(h in answer.headers for h in HEADERS), (answer.request.url, answer.headers)
            assert answer.headers["x-frame-options"] == "DENY"
            assert answer.headers["x-content-type-options"] == "nosniff"
            assert answer.headers["referrer-policy"] == "no-referrer"
            assert "script-src 'self'" in answer.headers["content-security-policy"]
            assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]


def test_the_shipped_page_has_no_inline_script_or_style_and_prints_no_secret() -> None:
    static = Path(__file__).resolve().parents[2] / "src" / "naipes" / "web" / "static"
    html, js = (static / "index.html").read_text(), (static / "app.js").read_text()
    assert "<script>" not in html and "<style" not in html and " style=" not in html
    assert "onclick=" not in html and "javascript:" not in js
    assert "location.href}" not in js and "textContent = location" not in js  # the seat's link is not shown


def test_other_addresses_than_loopback_need_allowed_hosts() -> None:
    from naipes.errors import UsageError

    with pytest.raises(UsageError) as refused:
        create_app(Settings(), host="0.0.0.0")
    assert refused.value.code == "allowed_host_required"
    app = create_app(Settings(allowed_hosts=("cards.example",)), host="0.0.0.0")
    with TestClient(app, base_url="http://cards.example:8000") as cl:
        assert cl.get("/api/games").status_code == 200
        assert cl.get("/api/games", headers={"host": "127.0.0.1:8000"}).status_code == 200
        assert cl.get("/api/games", headers={"host": "evil.example"}).status_code == 400
        ok = cl.post("/api/tables", json={"game": "machuco"}, headers={"origin": "http://cards.example:8000"})
        assert ok.status_code == 200
        foreign = cl.post("/api/tables", json={"game": "machuco"}, headers={"origin": "http://evil.example"})
        assert foreign.json()["code"] == "bad_origin"


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    code = "import sys; from naipes.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run([sys.executable, "-c", code, "serve", "--db", ":memory:", *args],
                          check=False, capture_output=True, text=True, timeout=60)


def test_serve_refuses_to_start_on_0000_without_allowed_host() -> None:
    pytest.importorskip("uvicorn")
    done = _serve("--host", "0.0.0.0", "--port", str(_free_port()))
    assert done.returncode == 2 and "--allowed-host" in done.stderr
    bad_bot = _serve("--allow-bot", "os:system", "--port", str(_free_port()))
    assert bad_bot.returncode == 2 and "not a bot" in bad_bot.stderr


# -- a real server: bodies refused before they are read ----------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def real_server() -> Iterator[int]:
    pytest.importorskip("uvicorn")
    port = _free_port()
    code = "import sys; from naipes.cli import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.Popen([sys.executable, "-c", code, "serve", "--port", str(port), "--db", ":memory:"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
            break
        time.sleep(0.1)
    else:
        proc.kill()
        raise RuntimeError("naipes serve did not start: " + proc.stderr.read().decode())  # type: ignore[union-attr]
    yield port
    proc.terminate()
    proc.wait(10)


def _post_raw(port: int, head: bytes, body_chunk: bytes, most: int) -> bytes:
    """Send ``head`` then up to ``most`` bytes of body, stopping as soon as an answer arrives."""
    import select

    with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
        s.sendall(head)
        sent = 0
        with contextlib.suppress(OSError):
            while sent < most and not select.select([s], [], [], 0)[0]:
                s.sendall(body_chunk)
                sent += len(body_chunk)
        assert sent < most or select.select([s], [], [], 20)[0], "no answer before the whole body"
        answer = b""
        with contextlib.suppress(OSError):
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                data = s.recv(65536)
                if not data:
                    break
                answer += data
        return answer


def test_a_200_mib_body_is_refused_unread(real_server: int) -> None:
    head = (b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: 209715200\r\n\r\n")
    answer = _post_raw(real_server, head, b" " * 65536, 4 * 2**20)
    assert answer.startswith(b"HTTP/1.1 413") and b"too_long" in answer


def test_a_chunked_body_is_cut_at_the_limit(real_server: int) -> None:
    head = (b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n")
    chunk = b"10000\r\n" + b" " * 65536 + b"\r\n"
    answer = _post_raw(real_server, head, chunk, 4 * 2**20)
    assert answer.startswith(b"HTTP/1.1 413") and b"too_long" in answer
    assert json.loads(answer.partition(b"\r\n\r\n")[2])["code"] == "too_long"


def test_the_lobby_offers_and_takes_each_games_strong_bot() -> None:
    with _client() as cl:
        games = {g["name"]: g["bots"] for g in cl.get("/api/games").json()}
        assert "strong" in games["machuco"] and games["machuco"].count("best") == 1
        made = _table(cl, rules={"scope": "hand"}, bots={"1": "strong"})
        assert made["seats"][1]["bot"] == "strong"
