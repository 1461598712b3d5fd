"""Check a message the server sent against the shipped schemas, naming the first mismatch."""

from __future__ import annotations

from typing import Any


def check_message(message: dict[str, Any]) -> None:
    """Raise AssertionError when the message does not validate.

    The protocol schema itself chooses the view's and the events' schemas by the
    message's ``game`` (a game it does not ship gets the generic ones).
    """
    import jsonschema

    from naipes import schemas

    try:
        schemas.validate("protocol", message)
    except jsonschema.ValidationError as exc:
        raise AssertionError(f"{message['type']} message does not validate: {exc.message[:300]} "
                             f"at {list(exc.absolute_path)}") from None
