"""Turn naipes values into JSON-compatible data (internal)."""

from __future__ import annotations

import enum
from typing import Any

import attrs

from naipes.cards import Card

JSON = Any  # what json.dumps accepts


_SCALARS = frozenset({type(None), bool, int, float, str})


def to_jsonable(value: object) -> JSON:
    """Cards and moves become their notation, enums their value, attrs classes dicts."""
    kind = type(value)  # the common types first, by identity: views hold thousands of them
    if kind in _SCALARS:
        return value
    if kind is Card:
        return str(value)
    if kind is tuple or kind is list:
        return [to_jsonable(v) for v in value]  # type: ignore[attr-defined]
    return _slow(value)


def _slow(value: object) -> JSON:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return to_jsonable(value.value)
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [to_jsonable(v) for v in value]
        if isinstance(value, (frozenset, set)):
            items.sort(key=repr)
        return items
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict) and not attrs.has(type(value)):
        return to_dict()
    if getattr(value, "__naipes_move__", False):
        return str(value)
    if attrs.has(type(value)):  # pragma: no branch
        return {f.name: to_jsonable(getattr(value, f.name)) for f in attrs.fields(type(value))}  # type: ignore[arg-type]
    raise TypeError(f"cannot turn {type(value).__name__} into JSON")
