"""End-to-end fixtures: ``naipes serve`` in a subprocess and a headless system Chromium (Playwright).

Skipped when Playwright, the web extra or ``/usr/bin/chromium`` is missing; never
runs ``playwright install``.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")
sync_api = pytest.importorskip("playwright.sync_api")

CHROMIUM = "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip(f"no {CHROMIUM}", allow_module_level=True)

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / ".ci" / "artifacts" / "browser"
#: The example third-party game the test server registers (tests/browser/test_toygame_browser.py plays it).
TOYGAME = Path(__file__).resolve().parents[2] / "examples" / "toygame"

#: Every message the server sent to the pages, for the schema tests.
FRAMES: list[dict[str, Any]] = []


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    port = _free_port()
    # The example third-party game is registered in the server process as its entry point would
    # register it (the server itself is the ordinary `naipes serve`; no client names a module).
    code = ("import sys; import naipes_toy; from naipes import registry; registry.register(naipes_toy.GAME_INFO); "
            "from naipes.cli import main; sys.exit(main(sys.argv[1:]))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(TOYGAME), os.environ.get("PYTHONPATH")]))}
    proc = subprocess.Popen([sys.executable, "-c", code, "serve", "--port", str(port), "--bot-delay", "0.01",
                             "--takeover", "600", "--rate", "50", "--db", ":memory:",
                             # every page comes from 127.0.0.1: the whole suite's tables and sockets from one address
                             "--max-tables-per-address", "500", "--max-connections-per-address", "500"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        except OSError:
            time.sleep(0.1)
    else:
        proc.kill()
        raise RuntimeError("naipes serve did not start: " + proc.stderr.read().decode())  # type: ignore[union-attr]
    yield url
    proc.terminate()
    proc.wait(10)


@pytest.fixture(scope="module")  # not the session: Playwright's sync API must stop before other modules use it
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


class Page:
    """A page of the client with the console errors and the messages it received."""

    def __init__(self, page: Any, url: str) -> None:
        self.page, self.url = page, url
        self.errors: list[str] = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("websocket", self._socket)
        page.set_viewport_size({"width": 1100, "height": 900})

    @staticmethod
    def _socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: FRAMES.append(json.loads(payload)))

    def shot(self, name: str) -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        # every card picture loaded (an <img> still loading is drawn as nothing)
        self.page.wait_for_function("() => Array.from(document.images).every((i) => i.complete)")
        # no card on its way (motion.js): the picture shows where the cards lie
        self.page.wait_for_function("() => !document.querySelector('.card.ghost') && document.getAnimations()"
                                    ".every((a) => !(a.effect && a.effect.target && a.effect.target.matches('.card')))")
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


@pytest.fixture
def new_page(browser: Any, server: str) -> Iterator[Any]:
    contexts: list[Any] = []

    def make() -> Page:
        context = browser.new_context()
        contexts.append(context)
        return Page(context.new_page(), server)

    yield make
    for c in contexts:
        c.close()
