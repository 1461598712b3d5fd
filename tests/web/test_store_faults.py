"""The operator's faults, against the real server and a real SQLite file: a store that cannot write
(a full database, a read-only one) refuses moves clearly and kills no table, bot tables pause and
resume once space returns, every failed save is logged (players never see a path), and a
corrupt database page is one line and an exit code at start."""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from naipes.web import Settings
from naipes.web.lobby import Lobby
from naipes.web.store import Store

from .conftest import BASE, WS

pytest.importorskip("starlette")
pytest.importorskip("httpx")


def _fill(db: sqlite3.Connection) -> None:
    """Fill the database to its page limit (a full disk): the last pages of the tables naipes
    appends to are filled with rows of a table no server knows, so every later insert fails."""
    db.execute("INSERT INTO tables (id, game, players, rules, start, created, last_activity, expires) "
               "VALUES ('~filler', '-', 0, '{}', '{}', 0, 0, 1e18)")
    db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}")
    n = 0
    for size in (400, 100, 20, 1):
        with contextlib.suppress(sqlite3.OperationalError):
            while True:
                n += 1
                db.execute("INSERT INTO moves (table_id, n, seat, move) VALUES ('~filler', ?, 0, ?)", (n, "x" * size))
        with contextlib.suppress(sqlite3.OperationalError):
            while True:
                n += 1
                db.execute("INSERT INTO tables (id, game, players, rules, start, created, last_activity, expires) "
                           "VALUES (?, '-', 0, '{}', ?, 0, 0, 1e18)", (f"~{n}", "x" * size))


def _free(db: sqlite3.Connection) -> None:
    """Space returns."""
    db.execute("PRAGMA max_page_count = 1073741823")
    db.execute("DELETE FROM tables WHERE id LIKE '~%'")


def _moves(client: Any, table: str) -> int:
    return int(client.get(f"/api/tables/{table}").json()["moves"])


@pytest.mark.parametrize("fault", ["full", "read_only"])
def test_a_store_that_cannot_write_refuses_moves_and_pauses_bots_until_it_can(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, fault: str) -> None:
    from starlette.testclient import TestClient

    from naipes.web import create_app

    path = tmp_path / "tables.sqlite3"
    settings = Settings(db=str(path), bot_delay=0.02, store_retry=0.1, bot_processes=0, takeover=600,
                        rate=1000, burst=1000)
    app = create_app(settings)
    with TestClient(app, base_url=BASE) as client:
        server = app.state.server
        db = server.lobby.store._db
        person = client.post("/api/tables", json={"game": "machuco", "players": 2, "join": 0,
                                                  "rules": {"scope": "hand"}, "bots": {"1": "random"}}).json()
        bots = client.post("/api/tables", json={"game": "macarra", "players": 2, "rules": {"max_turns": 30},
                                                "bots": {"0": "random", "1": "random"}}).json()
        with client.websocket_connect(f"{WS}/ws/tables/{person['table']}") as ws:
            ws.send_text(json.dumps({"type": "hello", "v": 1, "token": person["token"]}))
            ws.receive_json()
            update = ws.receive_json()
            while 0 not in update["to_act"]:
                update = ws.receive_json()
            time.sleep(0.1)
            caplog.clear()
            with caplog.at_level(logging.ERROR, logger="naipes.web"):
                if fault == "full":
                    _fill(db)
                else:
                    db.execute("PRAGMA query_only = ON")
                before = _moves(client, bots["table"])
                ws.send_text(json.dumps({"type": "move", "move": update["view"]["legal_moves"][0]}))
                answer = ws.receive_json()
                while answer["type"] != "error":
                    answer = ws.receive_json()
                time.sleep(0.5)
                stuck = _moves(client, bots["table"])
            # the move is refused, clearly, without the server's path; the table lives on
            assert answer["code"] == "store_failed"
            assert "cannot save" in answer["reason"] and str(tmp_path) not in json.dumps(answer)
            assert _moves(client, person["table"]) == update["moves"]
            # the bot table paused: no move, its task alive, its clients told
            assert stuck <= before + 1 and _moves(client, bots["table"]) == stuck
            assert server.drivers[bots["table"]].done() is False
            assert server.lobby.get(bots["table"]).paused
            # a new table is refused the same way
            refused = client.post("/api/tables", json={"game": "machuco"})
            assert refused.status_code == 503 and str(tmp_path) not in refused.text
            # every failed save is logged for the operator, with the file
            failed = [r.getMessage() for r in caplog.records if "could not save" in r.getMessage()]
            assert failed and all(str(path) in m for m in failed)
            assert len(failed) >= 3  # the person's move, the new table, the bots' tries
            assert not any("moved illegally" in r.getMessage() for r in caplog.records)
            # space returns: the person's move is taken, the bot table resumes to its end
            if fault == "full":
                _free(db)
            else:
                db.execute("PRAGMA query_only = OFF")
            ws.send_text(json.dumps({"type": "move", "move": update["view"]["legal_moves"][0]}))
            answer = ws.receive_json()
            while answer["type"] != "update" or answer["moves"] == update["moves"] or answer["paused"]:
                assert answer["type"] != "error", answer
                answer = ws.receive_json()
            assert answer["paused"] is False
        deadline = time.monotonic() + 60
        while not client.get(f"/api/tables/{bots['table']}").json()["over"]:
            assert time.monotonic() < deadline, "the bot table did not resume"
            time.sleep(0.1)
        assert not server.lobby.get(bots["table"]).paused
    # and everything played was saved
        played = server.lobby.get(bots["table"]).moves
    reopened = Store(path)
    row = reopened.table(bots["table"])
    assert row is not None and row.finished and list(row.moves) == played
    assert reopened.table("~filler") is None
    reopened.close()


def _corrupt(path: Path) -> None:
    """Overwrite the middle of the page that holds the moves (a real corrupt page)."""
    with sqlite3.connect(path) as con:
        page_size = con.execute("PRAGMA page_size").fetchone()[0]
        root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'moves'").fetchone()[0]
    con.close()
    with path.open("r+b") as f:
        f.seek((root - 1) * page_size + 8)
        f.write(b"\xde\xad\xbe\xef" * (page_size // 8))


def _damaged(path: Path) -> None:
    """A store of three tables with moves, one page of it overwritten."""
    store = Store(path)
    lobby = Lobby(Settings(bot_delay=0), store)
    for seed in range(3):
        table = lobby.create("machuco", players=2, seed=seed)
        for _ in range(4):
            seat = table.game.to_act[0]
            table.play(seat, table.game.legal_moves(seat)[0])
    store.close()
    _corrupt(path)


def test_a_corrupt_page_is_one_line_and_an_exit_code_at_start(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    _damaged(path)
    done = subprocess.run([sys.executable, "-m", "naipes", "serve", "--db", str(path), "--port", "1"],
                          capture_output=True, text=True, timeout=60)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert "damaged" in lines[0] and str(path) in lines[0]


def test_a_corrupt_page_is_store_damaged_when_the_store_opens(tmp_path: Path) -> None:
    from naipes.web.store import StoreError

    path = tmp_path / "tables.sqlite3"
    _damaged(path)
    with pytest.raises(StoreError) as failed:
        Store(path)
    assert failed.value.code == "store_damaged"
