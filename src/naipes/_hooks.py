"""Calling a game's optional hooks: finding them in its modules, passing only the keywords
each takes (:mod:`naipes.plugin` reads every hook through these).

.. versionadded:: 1.2
"""

from __future__ import annotations

import importlib
import inspect
from types import ModuleType
from typing import Any, Callable

__all__ = ["call", "find_hook", "keywords"]


def find_hook(module: ModuleType, name: str) -> Callable[..., Any] | None:
    """``name`` of ``module``'s ``describe`` submodule, else of ``module``, if callable."""
    describe: ModuleType | None = None
    if hasattr(module, "__path__"):  # only a package has a describe submodule
        try:
            describe = importlib.import_module(module.__name__ + ".describe")
        except ModuleNotFoundError as exc:
            if exc.name != module.__name__ + ".describe":
                raise  # the describe module is there but imports something missing
    for holder in (describe, module):
        hook = getattr(holder, name, None)
        if callable(hook):
            return hook  # type: ignore[no-any-return]
    return None


#: The keywords each hook takes (``None``: any), read once per hook: ``inspect.signature``
#: costs more than most hooks' own work.
_KEYWORDS: dict[Callable[..., Any], frozenset[str] | None] = {}


def keywords(fn: Callable[..., Any]) -> frozenset[str] | None:
    """The keywords ``fn`` takes (``None``: any, it has ``**kwargs``), read once per hook."""
    try:
        return _KEYWORDS[fn]
    except (KeyError, TypeError):
        pass
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        names: frozenset[str] | None = frozenset()
    else:
        any_keyword = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
        names = None if any_keyword else frozenset(params)
    if len(_KEYWORDS) < 4096:
        try:
            _KEYWORDS[fn] = names
        except TypeError:  # an unhashable callable: read again next time
            pass
    return names


def call(fn: Callable[..., Any], *args: object, **optional: object) -> Any:
    """``fn(*args, **optional)`` passing only the keywords ``fn`` takes."""
    names = keywords(fn)
    if names is None:
        return fn(*args, **optional)
    return fn(*args, **{k: v for k, v in optional.items() if k in names})
