"""Fixtures of the server tests: an app on a TestClient and a recorder of every message sent."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from naipes.web import Settings

BASE = "http://127.0.0.1:8000"
WS = "ws://127.0.0.1:8000"

#: Every message the server sent in these tests, for the schema tests.
SENT: list[dict[str, Any]] = []


class Client:
    """A WebSocket client of one table that records what it receives."""

    def __init__(self, session: Any) -> None:
        self.session = session

    def send(self, message: dict[str, Any]) -> None:
        self.session.send_text(json.dumps(message))

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = self.session.receive_json()
        SENT.append(message)
        return message

    def until(self, kind: str, **fields: Any) -> dict[str, Any]:
        """The next message of this type (and fields), skipping others."""
        for _ in range(500):
            message = self.receive()
            if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message
        raise AssertionError(f"no {kind} message")


@pytest.fixture
def settings() -> Settings:
    return Settings(bot_delay=0, takeover=0.2, rate=1000, burst=1000)


#: The WebSocket sessions a test opened and did not close yet.
OPEN: list[Client] = []


def close(c: Client) -> None:
    """Close a client's session (once)."""
    if c in OPEN:
        OPEN.remove(c)
        try:
            c._cm.__exit__(None, None, None)  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001 - the server closed it already
            pass


@pytest.fixture
def client(settings: Settings) -> Iterator[Any]:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from naipes.web import create_app

    with TestClient(create_app(settings), base_url=BASE) as c:
        try:
            yield c
        finally:
            while OPEN:
                close(OPEN[-1])


def make_table(client: Any, game: str, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": game, **body})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    SENT.append({"type": "table", **data})
    return data


def connect(client: Any, table: str, token: str | None = None, since: int = 0,
            **headers: str) -> Any:
    session = client.websocket_connect(f"{WS}/ws/tables/{table}", headers=dict(headers))
    return session, {"type": "hello", "v": 1, "token": token, "since": since}
