"""The table store (naipes.web.store) and the lobby on it: reload, hashed tokens, refusals, expiry."""

from __future__ import annotations

import contextlib
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from naipes.errors import NaipesError
from naipes.web import Listener, Lobby, Settings
from naipes.web.store import SCHEMA_VERSION, Store, StoreError, hash_token

SETTINGS = Settings(bot_delay=0, idle_expiry=100.0, finished_expiry=10.0)


def _lobby(path: Path, settings: Settings = SETTINGS) -> Lobby:
    return Lobby(settings, Store(path))


def _play(table: Any, count: int) -> None:
    for _ in range(count):
        seat = table.game.to_act[0]
        table.play(seat, table.game.legal_moves(seat)[0])


def _streams(table: Any) -> list[list[tuple[int, dict[str, Any]]]]:
    seats: list[int | None] = [*range(table.game.num_players), None]
    return [[(i, e.to_dict()) for i, e in table.log.since(s, 0)] for s in seats]


def test_a_reloaded_table_is_the_same_table(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    lobby = _lobby(db)
    table = lobby.create("ranzo", players=3, rules={"rounds": 1}, bots={2: "random"})
    tokens = [table.join(0), table.join(1)]
    _play(table, 9)
    before = (_streams(table), table.game.to_dict(), len(table.log), table.moves)
    assert lobby.store is not None
    lobby.store.close()
    again = _lobby(db)
    assert [t.id for t in again.load()] == [table.id]
    back = again.get(table.id)
    assert (_streams(back), back.game.to_dict(), len(back.log), back.moves) == before
    assert [back.seat_of(t) for t in tokens] == [0, 1]
    assert [s.status for s in back.seats] == ["away", "away", "bot"]
    assert back.seats[2].bot is not None and back.expires == table.expires
    _play(back, 3)  # and play goes on, saved too
    assert again.store is not None and len(again.store.table(table.id).moves) == 12  # type: ignore[union-attr]


def test_tokens_are_stored_hashed(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    lobby = _lobby(db)
    table = lobby.create("machuco", players=2)
    token = table.join(1)
    assert table.seats[1].token == hash_token(token) != token
    assert lobby.store is not None
    lobby.store.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert token.encode() not in raw and hash_token(token).encode() in raw


def test_a_refused_move_is_not_stored(tmp_path: Path) -> None:
    lobby = _lobby(tmp_path / "t.sqlite3")
    table = lobby.create("machuco", players=2, rules={"scope": "hand"})
    _play(table, 1)
    with pytest.raises(NaipesError):
        table.play(table.game.to_act[0], "nonsense")
    with pytest.raises(NaipesError) as refused:
        table.play(1 - table.game.to_act[0], table.game.legal_moves()[0])
    assert refused.value.code == "not_your_turn"
    assert lobby.store is not None
    assert len(lobby.store.table(table.id).moves) == 1 == len(table.moves)  # type: ignore[union-attr]


def test_a_move_that_cannot_be_saved_is_undone_and_nobody_hears_of_it(tmp_path: Path) -> None:
    lobby = _lobby(tmp_path / "t.sqlite3")
    table = lobby.create("machuco", players=2, rules={"scope": "hand"})
    _play(table, 2)
    heard: list[dict[str, Any]] = []
    table.attach(Listener(seat=None, next_seq=len(table.log), send=heard.append))
    heard.clear()
    state, events = table.game.to_dict(), len(table.log)
    assert lobby.store is not None
    lobby.store.close()  # every write fails from now on
    seat = table.game.to_act[0]
    with pytest.raises(StoreError) as failed:
        table.play(seat, table.game.legal_moves(seat)[0])
    assert failed.value.code == "store_failed"
    assert table.game.to_dict() == state and len(table.log) == events
    # the clients are told only that moves cannot be saved now: no event, no move, no path
    assert [(m["paused"], m["events"], m["moves"]) for m in heard] == [(True, [], 2)]
    assert str(tmp_path) not in str(failed.value) and "disk" in str(failed.value)


@pytest.mark.parametrize(("setup", "code"), [
    ("junk", "bad_store"), ("newer", "store_too_new"), ("other", "not_a_store"), ("locked", "store_locked"),
])
def test_a_database_it_cannot_use_is_refused(tmp_path: Path, setup: str, code: str) -> None:
    db = tmp_path / "t.sqlite3"
    holder = None
    if setup == "junk":
        db.write_bytes(b"not a database at all" * 100)
    elif setup == "locked":
        holder = Store(db)
    else:
        with contextlib.closing(sqlite3.connect(db)) as con:
            con.execute("CREATE TABLE notes (x)" if setup == "other" else f"PRAGMA user_version={SCHEMA_VERSION + 1}")
            con.commit()
    with pytest.raises(StoreError) as refused:
        Store(db)
    assert refused.value.code == code and str(db) in str(refused.value)
    if holder is not None:
        holder.close()
        Store(db).close()  # free again once the other server is gone


def test_serve_refuses_a_bad_database_in_one_line(tmp_path: Path, capsys: Any) -> None:
    pytest.importorskip("uvicorn")
    from naipes.cli import main

    db = tmp_path / "t.sqlite3"
    db.write_bytes(b"junk" * 1000)
    assert main(["serve", "--db", str(db), "--port", "1"]) == 2
    assert "is not a naipes table store" in capsys.readouterr().err


def test_the_default_database_is_in_the_users_data_directory(tmp_path: Path, monkeypatch: Any) -> None:
    from naipes.web.store import default_path

    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "naipes" / "tables.sqlite3"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert default_path() == Path.home() / ".local" / "share" / "naipes" / "tables.sqlite3"
    monkeypatch.setattr("sys.platform", "win32")
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path))
    assert default_path() == tmp_path / "naipes" / "tables.sqlite3"


def test_idle_and_finished_tables_expire_from_lobby_and_store(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    lobby = _lobby(db)
    idle = lobby.create("machuco", players=2, rules={"scope": "hand"})
    done = lobby.create("machuco", players=2, rules={"scope": "hand"})
    while not done.game.is_over:
        _play(done, 1)
    assert idle.expires == pytest.approx(idle.last_activity + 100)
    assert done.expires == pytest.approx(done.last_activity + 10)
    assert lobby.store is not None
    stored = {t.id: t.expires for t in lobby.store.tables()}
    assert stored == {idle.id: idle.expires, done.id: done.expires}  # the expiry is saved
    told: list[dict[str, Any]] = []
    done.attach(Listener(seat=None, send=told.append))
    assert lobby.expire(now=done.expires + 1) == [done]
    assert told[-1]["code"] == "no_such_table" and done.closed
    with pytest.raises(NaipesError) as gone:
        lobby.get(done.id)
    assert gone.value.code == "no_such_table"
    assert [t.id for t in lobby.store.tables()] == [idle.id]
    lobby.store.close()
    later = _lobby(db)
    assert later.load(now=idle.expires + 1) == [] and later.store is not None
    assert list(later.store.tables()) == []  # an expired table is not brought back, and deleted


def test_a_broken_table_is_skipped_and_the_others_come_back(tmp_path: Path, caplog: Any) -> None:
    db = tmp_path / "t.sqlite3"
    lobby = _lobby(db)
    good, bad = (lobby.create("machuco", players=2, rules={"scope": "hand"}) for _ in range(2))
    _play(good, 2)
    _play(bad, 2)
    assert lobby.store is not None
    lobby.store.close()
    with contextlib.closing(sqlite3.connect(db)) as con:
        con.execute("UPDATE moves SET move = 'no such move' WHERE table_id = ? AND n = 1", (bad.id,))
        con.commit()
    again = _lobby(db)
    assert [t.id for t in again.load()] == [good.id]
    assert bad.id in caplog.text and "not reloaded" in caplog.text


def test_a_table_reloads_over_the_web_and_clients_resume_with_since(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from naipes.web import create_app

    settings = Settings(bot_delay=0, db=str(tmp_path / "t.sqlite3"), rate=1000, burst=1000)
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as client:
        made = client.post("/api/tables", json={"game": "machuco", "players": 2, "rules": {"scope": "hand"},
                                                "join": 0}).json()
        other = client.post(f"/api/tables/{made['table']}/join", json={"seat": 1}).json()
        with client.websocket_connect(f"ws://127.0.0.1:8000/ws/tables/{made['table']}") as ws:
            ws.send_json({"type": "hello", "v": 1, "token": made["token"], "since": 0})
            ws.receive_json()
            first = ws.receive_json()
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as client:  # a new server
        assert [t["table"] for t in client.get("/api/tables").json()] == [made["table"]]
        with client.websocket_connect(f"ws://127.0.0.1:8000/ws/tables/{made['table']}") as ws:
            ws.send_json({"type": "hello", "v": 1, "token": other["token"], "since": first["next"]})
            assert ws.receive_json()["seat"] == 1
            update = ws.receive_json()
    assert update["events"] == [] and update["next"] == first["next"]  # nothing missed, nothing twice
    assert update["seats"][0]["status"] == "away"


def test_clients_of_an_expired_table_are_told_and_disconnected(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

    from naipes.web import create_app

    settings = Settings(bot_delay=0, idle_expiry=0.3, db=str(tmp_path / "t.sqlite3"))
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as client:
        made = client.post("/api/tables", json={"game": "machuco", "players": 2, "join": 0}).json()
        with client.websocket_connect(f"ws://127.0.0.1:8000/ws/tables/{made['table']}") as ws:
            ws.send_json({"type": "hello", "v": 1, "token": made["token"], "since": 0})
            seen = [ws.receive_json() for _ in range(2)]
            started = time.monotonic()
            while seen[-1].get("type") != "error":
                seen.append(ws.receive_json())
            assert seen[-1]["code"] == "no_such_table" and time.monotonic() - started < 5
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()
        assert client.get("/api/tables").json() == []
        assert client.get(f"/api/tables/{made['table']}").status_code == 404
