"""Check a message the server sent against the shipped schemas, naming the first mismatch."""

from __future__ import annotations

from typing import Any


def _game_of(view: dict[str, Any]) -> str:
    if "opened" in view:
        return "machiavelli"
    if "foundations" in view:
        return "macarra"
    return "ranzo" if "open_juegos" in view else "machuco"


def check_message(message: dict[str, Any]) -> None:
    """Raise AssertionError when the message does not validate (its view first, by its game)."""
    import jsonschema

    from naipes import schemas

    try:
        view = message.get("view")
        if view is not None:
            schemas.validate(f"{_game_of(view)}.view", view)
        for item in message.get("events", ()):
            schemas.validate("event", item["event"])
        schemas.validate("protocol", message)
    except jsonschema.ValidationError as exc:
        raise AssertionError(f"{message['type']} message does not validate: {exc.message[:300]} "
                             f"at {list(exc.absolute_path)}") from None
