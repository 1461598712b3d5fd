"""A game's ``Rules`` fields as typed OpenSpiel parameters, and back (internal; no OpenSpiel import).

OpenSpiel types a parameter by its registered default and refuses a value of another
type before the game sees it (``naipes_ranzo(rounds=1)`` gives an int), so every field
gets a parameter of the type its values have, read from the field's default and, for a
default of ``None``, from its annotation:

========================================  ===========  ==========================================
field                                     parameter    default (what it stands for)
========================================  ===========  ==========================================
default an int, float, bool or str        that type    the field's default
``int | None`` (``float``, ``str``)       int (...)    ``-1`` (``-1.0``, ``""``): ``None``
``bool | None``                           bool         ``True``: ``None``; ``False`` is ``False``
a collection (``tuple[str, ...]``...)     str          the default values joined by ``;``
anything else                             str          ``""``: the default; else JSON or text
========================================  ===========  ==========================================

The value that stands for ``None`` leaves the field at its default. A ``bool`` has no
third value, so for ``bool | None`` ``True`` stands for ``None``: Machuco's ``teams``
(its one such field) is ``None`` for "teams when four play", which ``True`` means
wherever it is allowed. A collection is written with ``;`` between its values (a game
string cannot hold a comma); ``,`` is read too, and ``""`` or ``[]`` is no value.
"""

from __future__ import annotations

import functools
import json
import re
import typing
from types import MappingProxyType
from typing import Any, Mapping

import attrs

from naipes.errors import RulesError

__all__ = ["NONE_STAND_INS", "Param", "as_text", "params_of", "read_text", "safe_text"]

#: The adapter's own parameters and their defaults (a field of the same name is left out).
ADAPTER: Mapping[str, Any] = {"seed": 0, "chance": "sampled", "normalize_returns": False}
#: The parameter value that stands for ``None`` in a field ``X | None``, by ``X``.
NONE_STAND_INS: Mapping[type, Any] = {int: -1, float: -1.0, str: "", bool: True}
_NATIVE = (int, float, bool, str)
_SCALARS = {"int": int, "float": float, "str": str, "bool": bool}
_OPTIONAL = re.compile(r"^\s*(?:(?:typing\.)?Optional\[\s*(\w+)\s*\]|(\w+)\s*\|\s*None|None\s*\|\s*(\w+))\s*$")
_COLLECTIONS = (tuple, list, frozenset, set)


@attrs.frozen
class Param:
    """One ``Rules`` field as an OpenSpiel parameter.

    Attributes:
        name: the field's name.
        kind: ``"native"``, ``"optional"`` (``X | None``), ``"values"`` (a collection) or ``"text"``.
        default: the parameter's OpenSpiel default (its type is the parameter's).
    """

    name: str
    kind: str
    default: Any

    def setting(self, value: Any) -> tuple[bool, Any]:
        """``(True, setting)`` for the rules' ``settings``, or ``(False, None)`` where ``value``
        keeps the field's default (the parameter's default)."""
        if self.kind == "native":
            return True, value
        if value == self.default and type(value) is type(self.default):
            return False, None
        if self.kind == "optional":
            return True, value
        from naipes._rule_values import parse_settings

        return True, parse_settings([f"{self.name}={read_text(str(value))}"])[self.name]

    def given(self, value: Any) -> Any:
        """A Python value for this field (``load(game, field=value)``) as its parameter's value.

        Raises:
            RulesError: for a value of another type than the parameter's (``bad_rule_value``).
        """
        if self.kind == "values" and isinstance(value, _COLLECTIONS):
            return as_text(value)
        if self.kind == "text" and not isinstance(value, str):
            return safe_text(json.dumps(value))
        if value is None and self.kind == "optional":
            return self.default
        want = type(self.default)
        if want is float and type(value) is int:
            value = float(value)
        if type(value) is not want:
            raise RulesError(f"OpenSpiel parameter {self.name} takes a {want.__name__}, not {value!r:.60}",
                             code="bad_rule_value")
        return value


def as_text(values: Any) -> str:
    """A collection as a text parameter: its values joined by ``;`` (``""`` for none)."""
    return safe_text(";".join(v if isinstance(v, str) else json.dumps(v) for v in values))


def safe_text(text: str) -> str:
    """``text`` as it may stand in a game string: commas as ``;``, a number or bool in quotes."""
    if re.fullmatch(r"[+-]?[0-9.eE]+|[Tt]rue|[Ff]alse", text):
        return f"'{text}'"
    return text.replace(",", ";")


def read_text(text: str) -> str:
    """A text parameter as a ``--rule`` value: quotes dropped, ``;`` back to commas."""
    if len(text) >= 2 and text[0] == text[-1] == "'":
        text = text[1:-1]
    return text.replace(";", ",")


def _optional_scalar(rules_type: type[Any], field: attrs.Attribute[Any]) -> type | None:
    """``X`` for a field annotated ``X | None`` with ``X`` an int, float, str or bool, else ``None``."""
    hint: Any = field.type
    try:
        hint = typing.get_type_hints(rules_type).get(field.name, hint)
    except (NameError, TypeError, AttributeError, SyntaxError):
        pass  # an annotation naming what the module imports for type checkers only: read the text
    if isinstance(hint, str):
        match = _OPTIONAL.match(hint)
        name = next((g for g in match.groups() if g), "") if match else ""
        return _SCALARS.get(name)
    args = typing.get_args(hint)
    if len(args) == 2 and type(None) in args:
        other = args[0] if args[1] is type(None) else args[1]
        return other if other in _NATIVE else None
    return None


def _param(rules_type: type[Any], field: attrs.Attribute[Any], default: Any) -> Param:
    if type(default) in _NATIVE:
        return Param(field.name, "native", default)
    if isinstance(default, _COLLECTIONS):
        return Param(field.name, "values", as_text(default))
    scalar = _optional_scalar(rules_type, field) if default is None else None
    if scalar is not None:
        return Param(field.name, "optional", NONE_STAND_INS[scalar])
    return Param(field.name, "text", "")


def params_of(rules_type: Any) -> Mapping[str, Param]:
    """Every field of ``rules_type`` (an attrs class) as a :class:`Param`, in field order
    (the adapter's own parameter names win over a field of the same name)."""
    return _params_of(rules_type)


@functools.lru_cache(maxsize=64)
def _params_of(rules_type: Any) -> Mapping[str, Param]:
    defaults = rules_type()
    return MappingProxyType({f.name: _param(rules_type, f, getattr(defaults, f.name))
                             for f in attrs.fields(rules_type) if f.name not in ADAPTER})
