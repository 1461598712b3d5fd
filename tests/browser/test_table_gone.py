"""A page whose table is gone after a restart says so and disables its moves (no endless "reconnecting…")."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import ARGS, CHROMIUM, _free_port, sync_api


class _Server:
    def __init__(self, db: str) -> None:
        self.db, self.port = db, _free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "naipes", "serve", "--db", self.db, "--port",
                                      str(self.port), "--bot-delay", "0.01", "--takeover", "600"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("naipes serve did not start")

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)


@pytest.fixture
def page() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield browser.new_context().new_page()
        browser.close()


def _start_table(page: Any, server: _Server) -> None:
    page.goto(f"http://127.0.0.1:{server.port}/")
    page.wait_for_selector("#game option[value=machuco]", state="attached")
    page.select_option("#game", "machuco")
    page.click("#create-button")
    page.wait_for_function("() => state.update !== null && myTurn()")
    assert page.query_selector_all("#moves button.move")


@pytest.mark.parametrize("db", ["memory", "file"])
def test_a_restart_keeps_or_loses_the_table_and_the_page_says_which(page: Any, tmp_path: Path, db: str) -> None:
    server = _Server(":memory:" if db == "memory" else str(tmp_path / "t.sqlite3"))
    server.start()
    try:
        _start_table(page, server)
        server.kill()
        page.wait_for_function("() => document.getElementById('status').textContent.includes('reconnecting')")
        server.start()
        if db == "memory":  # nothing saved: the table is gone
            page.wait_for_selector("#gone", timeout=15000)
            assert "This table no longer exists" in page.inner_text("#gone")
            assert page.inner_text("#status") == "table gone"
            buttons = page.query_selector_all("#table button")
            assert buttons and all(b.is_disabled() for b in buttons)
            time.sleep(1)
            assert page.inner_text("#status") == "table gone"  # and it stays so: no retry loop
        else:  # saved: the page reconnects and plays on
            page.wait_for_function("() => document.getElementById('status').textContent === 'connected'",
                                   timeout=15000)
            assert page.query_selector("#gone") is None
            # the reconnection's update redraws the moves: wait for an enabled one rather than hold an old button
            page.wait_for_function("() => { const b = document.querySelector('#moves button.move'); return b && !b.disabled; }",
                                   timeout=15000)
    finally:
        if server.proc is not None and server.proc.poll() is None:
            server.kill()
