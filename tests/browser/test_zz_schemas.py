"""Runs after every other browser test (by its name): each WebSocket message the pages received
validates against the shipped schemas (each update's view against its own game's view schema)."""

from __future__ import annotations

import json

import pytest

from .conftest import FRAMES


def test_everything_the_pages_received_validates() -> None:
    pytest.importorskip("jsonschema")
    from web._check import check_message

    assert len(FRAMES) > 10, "run it with the other browser tests: it checks what their pages received"
    kinds = {m["type"] for m in FRAMES}
    assert {"welcome", "update", "position"} <= kinds, kinds
    distinct = {json.dumps(m, sort_keys=True): m for m in FRAMES}  # a message several pages got: checked once
    for message in distinct.values():
        check_message(message)
