"""A stored table whose JSON nests too deep for the parser is a broken table, not a crash (issue 21)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from naipes.web import Lobby, Settings
from naipes.web.store import Store, StoreError

SETTINGS = Settings(bot_delay=0, idle_expiry=100.0, finished_expiry=10.0)
DEEP = "[" * 5000 + "]" * 5000


@pytest.mark.parametrize("column", ["rules", "start"])
def test_a_deeply_nested_stored_column_is_bad_store(tmp_path: Path, caplog: pytest.LogCaptureFixture,
                                                    column: str) -> None:
    db = tmp_path / "t.sqlite3"
    lobby = Lobby(SETTINGS, Store(db))
    broken, kept = lobby.create("machuco", players=2), lobby.create("machuco", players=2)
    assert lobby.store is not None
    lobby.store.close()
    with sqlite3.connect(db) as conn:
        conn.execute(f"UPDATE tables SET {column} = ? WHERE id = ?", (DEEP, broken.id))
    conn.close()
    store = Store(db)
    with pytest.raises(StoreError) as info:
        store.table(broken.id)
    assert info.value.code == "bad_store"
    store.close()
    again = Lobby(SETTINGS, Store(db))
    assert [t.id for t in again.load()] == [kept.id]  # the broken table is reported and skipped
    assert broken.id in caplog.text and "not reloaded" in caplog.text
