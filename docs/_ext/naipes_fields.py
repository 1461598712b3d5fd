"""List the fields of an attrs class as a table, and keep its signature short.

An attrs class's ``__init__`` takes every field (``Rules`` of Machuco has
fifteen), so autodoc would print one huge signature. For a class whose
signature is longer than :data:`MAX_SIGNATURE`, the signature becomes
``(**fields)`` (``(*fields)`` when no field is keyword-only), and the class's
docstring gets a table of its fields: name, type, default, and the text of the
field in the Google-style ``Attributes:`` section, which the table replaces.
Names of that section that are not fields (properties) stay in it.
"""

from __future__ import annotations

import re
from typing import Any

import attrs
from docutils import nodes
from sphinx.application import Sphinx

#: Signatures up to this length are left as they are.
MAX_SIGNATURE = 72

_SECTION = re.compile(r"^(Attributes|Fields):\s*$")
_ENTRY = re.compile(r"^(\w+)(?:\s*\(([^)]*)\))?\s*:\s*(.*)$")


def _fields(cls: type) -> list[attrs.Attribute[Any]]:
    return [f for f in attrs.fields(cls) if f.init]


def _short(cls: object, signature: str | None) -> bool:
    return isinstance(cls, type) and attrs.has(cls) and len(signature or "") > MAX_SIGNATURE


def process_signature(
    app: Sphinx, what: str, name: str, obj: object, options: Any, signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    """Replace a long attrs signature by ``(**fields)`` and mark the class for a table."""
    if what != "class" or not _short(obj, signature):
        return None
    assert isinstance(obj, type)
    _TABLED.add(obj)
    if any(f.kw_only for f in _fields(obj)):
        return "(**fields)", return_annotation
    return "(*fields)", return_annotation


_TABLED: set[type] = set()


def _split_section(lines: list[str]) -> tuple[int, int, dict[str, list[str]], list[str]]:
    """Find ``Attributes:``; return its span, each entry's text, and its raw lines."""
    start = next((i for i, line in enumerate(lines) if _SECTION.match(line)), -1)
    if start < 0:
        return -1, -1, {}, []
    end = start + 1
    while end < len(lines) and (not lines[end].strip() or lines[end].startswith(" ")):
        end += 1
    entries: dict[str, list[str]] = {}
    order: list[str] = []
    current = ""
    for line in lines[start + 1:end]:
        match = _ENTRY.match(line.strip()) if _indent(line) == _indent(lines[start + 1]) else None
        if match:
            current = match.group(1)
            order.append(current)
            entries[current] = [match.group(3)]
        elif current and line.strip():
            entries[current].append(line.strip())
    return start, end, entries, order


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _default(field: attrs.Attribute[Any]) -> str:
    default = field.default
    if default is attrs.NOTHING:
        return "required"
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        factory = default.factory
        if isinstance(factory, type):
            return f"``{factory.__name__}()``"  # an empty list, dict...
        return "computed"  # from the other fields: the docstring says how
    return f"``{default!r}``"


def _type(field: attrs.Attribute[Any]) -> str:
    kind = field.type
    text = kind if isinstance(kind, str) else getattr(kind, "__name__", repr(kind))
    return f":naipes-type:`{text}`" if text else ""


def _type_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Any,
    options: dict[str, Any] | None = None, content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    """A field's type under its name: code, in the secondary colour."""
    return [nodes.literal(rawtext, text, classes=["naipes-type"])], []


def _table(cls: type, entries: dict[str, list[str]]) -> list[str]:
    rows = [
        ".. list-table:: Fields",
        "   :header-rows: 1",
        "   :widths: 30 14 56",
        "   :class: naipes-fields",
        "",
        "   * - Field",
        "     - Default",
        "     - Meaning",
    ]
    for field in _fields(cls):
        name = field.alias or field.name
        text = " ".join(entries.get(name, entries.get(field.name, [])))
        rows += [f"   * - ``{name}``", "", f"       {_type(field)}", f"     - {_default(field)}",
                 f"     - {text}"]
    return rows + [""]


def process_docstring(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Replace the ``Attributes:`` entries of the fields by the table."""
    if what != "class" or obj not in _TABLED:
        return
    assert isinstance(obj, type)
    start, end, entries, order = _split_section(lines)
    fields = {f.alias or f.name for f in _fields(obj)} | {f.name for f in _fields(obj)}
    rest = [n for n in order if n not in fields]
    table = _table(obj, entries)
    if start < 0:
        first_blank = next((i for i, line in enumerate(lines) if not line.strip()), len(lines))
        lines[first_blank:first_blank] = ["", *table]
        return
    kept = ["Attributes:"] + [
        f"    {n}: " + " ".join(entries[n]) for n in rest
    ] + [""] if rest else []
    lines[start:end] = [*table, *kept]


def untyped_data(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Keep napoleon from reading the first line of a constant's or a property's docs as
    ``type: text`` ("The bounds, ``{field: (low, high)}``: they keep..."): the
    constants' types are in their annotations."""
    if what in {"data", "attribute", "property"} and lines and ":" in lines[0]:
        lines[0:0] = ["..", ""]  # an empty comment: napoleon reads it as the first line


def setup(app: Sphinx) -> dict[str, object]:
    app.add_role("naipes-type", _type_role)
    app.connect("autodoc-process-signature", process_signature)
    # before napoleon (priority 500) turns the Google sections into fields
    app.connect("autodoc-process-docstring", process_docstring, priority=400)
    app.connect("autodoc-process-docstring", untyped_data, priority=400)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
