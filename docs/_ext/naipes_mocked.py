"""Signatures and bases as the source writes them where autodoc mocks a framework.

``docs/conf.py`` mocks the frameworks of the optional extras that are not installed
(``autodoc_mock_imports``), so the adapters and the web server are documented in the
environment the README's commands make (``pip install -e ".[dev]"``). A class whose
base is a stand-in then takes the stand-in's ``(*args, **kwargs)``, an annotation
naming one reads ``numpy.ndarray.(typing.Any, typing.Any)`` and a subscripted
stand-in base reads ``Any)``. Here such a signature is read from the source text
instead (``inspect.signature(..., eval_str=False)``: the annotations as written) and
such a base is shown by the name the source gives it. With the frameworks installed
nothing is mocked and this extension changes nothing.
"""

from __future__ import annotations

import functools
import inspect
import sys
from typing import Any

from sphinx.application import Sphinx
from sphinx.ext.autodoc.mock import _MockObject, ismock


def _mocked(app: Sphinx) -> bool:
    return bool(app.config.autodoc_mock_imports)


def _is_stand_in(value: object) -> bool:
    """A mocked module or object, or a class made from one (a subclass of a stand-in)."""
    return ismock(value) or (isinstance(value, type) and issubclass(value, _MockObject))


@functools.cache
def _module_uses_stand_ins(name: str) -> bool:
    module = sys.modules.get(name)
    return module is not None and any(_is_stand_in(value) for value in list(vars(module).values()))


def _shows_a_mock(obj: object) -> bool:
    """Whether ``obj`` is a class made from a stand-in, or a function written in a module that
    imported one (its annotations may name it). Other classes keep their signature (and
    ``naipes_fields``' short form of an attrs class)."""
    if isinstance(obj, type):
        return issubclass(obj, _MockObject)
    target = getattr(obj, "__func__", obj)
    name = getattr(target, "__module__", None)
    return isinstance(name, str) and _module_uses_stand_ins(name)


def _param_text(param: inspect.Parameter) -> str:
    star = {param.VAR_POSITIONAL: "*", param.VAR_KEYWORD: "**"}.get(param.kind, "")
    text = star + param.name
    annotated = param.annotation is not param.empty
    if annotated:
        text += f": {param.annotation}"
    if param.default is not param.empty:
        text += (" = " if annotated else "=") + repr(param.default)
    return text


def signature_as_written(target: Any, drop_first: bool) -> tuple[str, str | None]:
    """``target``'s parameters and return annotation as the source writes them."""
    sig = inspect.signature(target, eval_str=False)
    params = list(sig.parameters.values())[1 if drop_first else 0:]
    parts: list[str] = []
    for i, param in enumerate(params):
        if param.kind is param.KEYWORD_ONLY and (i == 0 or params[i - 1].kind is param.POSITIONAL_OR_KEYWORD
                                                 or params[i - 1].kind is param.POSITIONAL_ONLY):
            parts.append("*")
        parts.append(_param_text(param))
        if param.kind is param.POSITIONAL_ONLY and (i + 1 == len(params)
                                                    or params[i + 1].kind is not param.POSITIONAL_ONLY):
            parts.append("/")
    returned = None if sig.return_annotation is sig.empty else str(sig.return_annotation)
    return "(" + ", ".join(parts) + ")", returned


def process_signature(app: Sphinx, what: str, name: str, obj: object, options: Any, signature: str | None,
                      return_annotation: str | None) -> tuple[str, str | None] | None:
    """A signature with a stand-in in it, read from the source text instead."""
    if not _mocked(app) or not _shows_a_mock(obj):
        return None
    if what == "class":
        init = vars(obj).get("__init__") if isinstance(obj, type) else None
        if init is None:
            return None
        text, _ = signature_as_written(init, drop_first=True)
        return text, return_annotation
    target = getattr(obj, "__func__", obj)
    if not callable(target):
        return None
    first = next(iter(inspect.signature(target, eval_str=False).parameters), "")
    return signature_as_written(target, drop_first=what in ("method", "classmethod") and first in ("self", "cls"))


def process_bases(app: Sphinx, name: str, obj: object, options: Any, bases: list[Any]) -> None:
    """A stand-in base (or a subscripted one) shown by the name the source gives it."""
    if not _mocked(app):
        return
    for i, base in enumerate(bases):
        if _is_stand_in(base) or _is_stand_in(getattr(base, "__origin__", None)):
            shown = getattr(base, "__display_name__", None) or getattr(base, "__name__", "")
            bases[i] = str(shown).split(".(")[0] or repr(base)


def setup(app: Sphinx) -> dict[str, object]:
    app.connect("autodoc-process-signature", process_signature, priority=400)
    app.connect("autodoc-process-bases", process_bases)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


__all__ = ["process_bases", "process_signature", "setup", "signature_as_written"]
