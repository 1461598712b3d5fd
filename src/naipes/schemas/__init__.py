"""JSON Schemas of what naipes turns into JSON, shipped with the package.

One file per schema, named by what it describes: ``card``, ``move`` (with one
``$defs`` entry per game), ``event`` (every ``event.to_dict()``), ``record``
(``game.record()``), ``<game>.view`` (``view.to_dict()``), ``<game>.state``
(``game.to_dict()``), ``protocol`` (what ``naipes serve`` sends) and
``client`` (what a client sends it). Each has ``$id`` ``urn:naipes:<name>``
and refers to the others by it. The state and record schemas are as strict as
the loaders where a schema can be (constants, closed objects, ranges, card
patterns); :func:`validate` counts only ints as integers and refuses deep
nesting (code ``too_deep``) before it validates.

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

.. versionchanged:: 1.1
   Exact integers, the depth check, strict state and record schemas.
"""

from __future__ import annotations

import functools
import importlib
import json
from importlib import resources
from typing import Any

__all__ = ["MAX_DEPTH", "check_depth", "load", "names", "validate", "validator"]


@functools.lru_cache(maxsize=1)
def names() -> tuple[str, ...]:
    """The names of the shipped schemas (file names without ``.json``), sorted."""
    files = resources.files(__name__).iterdir()
    return tuple(sorted(f.name[:-5] for f in files if f.name.endswith(".json")))


@functools.cache
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


#: The deepest nesting :func:`validate` checks (a state dict nests about 8 deep, a message 10).
MAX_DEPTH = 64


def validator(name: str) -> Any:
    """A ``jsonschema`` validator of the schema, which resolves the others (needs ``jsonschema``).

    Its ``integer`` is a JSON number written without a fraction or an
    exponent, as the loaders read it: a Python ``int`` that is not a ``bool``
    (plain ``jsonschema`` also counts ``2.0``). ``number`` is an ``int`` or a
    ``float``, never a ``bool``.
    """
    jsonschema = importlib.import_module("jsonschema")  # an optional dependency (dev)
    draft = importlib.import_module("referencing.jsonschema").DRAFT202012
    registry: Any = importlib.import_module("referencing").Registry()
    for other in names():
        registry = registry.with_resource(f"urn:naipes:{other}", draft.create_resource(_unmarked(other)))
    return _strict_class(jsonschema)(_unmarked(name), registry=registry)


def _unmarked(name: str) -> dict[str, Any]:
    """A schema without its ``$schema``: with it, ``jsonschema`` would check what a ``$ref`` leads to
    with its own Draft 2020-12 class, and so with its loose ``integer``."""
    schema = load(name)
    schema.pop("$schema", None)
    return schema


def _strict_class(jsonschema: Any) -> Any:
    """Draft 2020-12 with the exact ``integer`` and ``number`` of JSON text read by :mod:`json`."""
    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine_many({
        "integer": lambda _checker, value: type(value) is int,
        "number": lambda _checker, value: type(value) in (int, float),
    })
    return jsonschema.validators.extend(base, type_checker=checker)


def check_depth(data: object, limit: int = MAX_DEPTH) -> None:
    """Refuse data nested deeper than ``limit`` lists and dicts (iteratively, before any recursion).

    Raises:
        InvalidStateError: code ``too_deep``.

    >>> check_depth([[[]]], limit=3)
    >>> check_depth([[[[]]]], limit=3)
    Traceback (most recent call last):
    ...
    naipes.errors.InvalidStateError: nested deeper than 3 lists and dicts
    """
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (list, tuple, dict)):
            if depth >= limit:
                from naipes.errors import InvalidStateError

                raise InvalidStateError(f"nested deeper than {limit} lists and dicts", code="too_deep")
            items = value.values() if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)


def validate(name: str, data: object) -> None:
    """Check data against a schema (with :func:`validator`'s exact integers).

    Raises:
        InvalidStateError: for data nested deeper than :data:`MAX_DEPTH` (code
            ``too_deep``), checked first, so deep data never recurses.
        jsonschema.ValidationError: naming the first mismatch.
    """
    check_depth(data)
    _validator(name).validate(data)


@functools.cache
def _validator(name: str) -> Any:
    return validator(name)
