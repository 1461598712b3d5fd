"""JSON Schemas of what naipes turns into JSON, shipped with the package.

One file per schema, named by what it describes: ``card``, ``move`` (with one
``$defs`` entry per game), ``event`` (every ``event.to_dict()``), ``record``
(``game.record()``), ``<game>.view`` (``view.to_dict()``), ``<game>.state``
(``game.to_dict()``), ``protocol`` (what ``naipes serve`` sends) and
``client`` (what a client sends it). Each has ``$id`` ``urn:naipes:<name>``
and refers to the others by it.

>>> "machuco.view" in names()
True
>>> load("card")["pattern"]
'^((1[0-2]|[1-9])[oceb]|(10|[2-9AJQK])[SHDC]|JK)$'
>>> validate("card", "7o")
>>> validate("card", "77")
Traceback (most recent call last):
...
jsonschema.exceptions.ValidationError: '77' does not match ...

.. versionadded:: 1.1
"""

from __future__ import annotations

import functools
import importlib
import json
from importlib import resources
from typing import Any

__all__ = ["load", "names", "validate", "validator"]


@functools.lru_cache(maxsize=1)
def names() -> tuple[str, ...]:
    """The names of the shipped schemas (file names without ``.json``), sorted."""
    files = resources.files(__name__).iterdir()
    return tuple(sorted(f.name[:-5] for f in files if f.name.endswith(".json")))


@functools.lru_cache(maxsize=None)
def _text(name: str) -> str:
    if name not in names():
        from naipes.errors import UsageError

        raise UsageError(f"no schema {name!r} (schemas: {', '.join(names())})", code="no_such_schema")
    return resources.files(__name__).joinpath(f"{name}.json").read_text(encoding="utf-8")


def load(name: str) -> dict[str, Any]:
    """A schema as a dict (a fresh copy).

    Raises:
        UsageError: for a name that is not in :func:`names` (code ``no_such_schema``).
    """
    schema: dict[str, Any] = json.loads(_text(name))
    return schema


def validator(name: str) -> Any:
    """A ``jsonschema`` validator of the schema, which resolves the others (needs ``jsonschema``)."""
    jsonschema = importlib.import_module("jsonschema")  # an optional dependency (dev)
    referencing = importlib.import_module("referencing")
    Registry, Resource = referencing.Registry, referencing.Resource

    registry: Any = Registry()
    for other in names():
        registry = registry.with_resource(f"urn:naipes:{other}", Resource.from_contents(load(other)))
    return jsonschema.Draft202012Validator(load(name), registry=registry)


def validate(name: str, data: object) -> None:
    """Check data against a schema.

    Raises:
        jsonschema.ValidationError: naming the first mismatch.
    """
    _validator(name).validate(data)


@functools.lru_cache(maxsize=None)
def _validator(name: str) -> Any:
    return validator(name)
