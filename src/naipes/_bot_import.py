"""Finding the bot class a ``module:Class`` spec names, without running what the spec names (internal).

:func:`resolve` checks the names (public ASCII Python names only), imports the
module from the installed packages, ``PYTHONPATH`` and the directories asked for
(the current directory only when asked, although ``python -m`` and scripts put
it on ``sys.path``), looks the attribute up statically (no property,
``__getattr__`` or descriptor runs) and checks it is a class with ``choose``.
:mod:`naipes.bots` (``load_bot``, ``check_bot_spec``) calls it; errors are
:class:`~naipes.errors.UsageError` with the codes ``bad_bot_spec``,
``no_such_bot`` and ``not_a_bot``.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import re
import sys
from typing import Any, Sequence

from naipes.errors import UsageError

__all__ = ["attribute", "check_names", "directories", "is_bot_class", "one_line", "resolve"]


def one_line(exc: BaseException) -> str:
    """An exception's message on one line (its type's name when it has none)."""
    return " ".join(str(exc).split()) or type(exc).__name__


#: A public ASCII Python name: no leading ``_`` (so no private or dunder name), no odd characters.
_PUBLIC = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")


def check_names(spec: str, target: str) -> tuple[str, list[str]]:
    """The module name and attribute path of ``module:attr``, every part a public name."""
    module_name, _, attr = target.partition(":")
    parts = attr.split(".")
    if not all(_PUBLIC.match(p) for p in module_name.split(".") + parts):
        raise UsageError(f"no bot {spec!r}: module:Class names public Python names (ASCII letters, "
                         "digits and '_', not starting with '_')", code="bad_bot_spec")
    return module_name, parts


def directories(path: Sequence[str | os.PathLike[str]], search_cwd: bool) -> list[str]:
    """The extra directories to search, absolute, the current one first when asked."""
    dirs = [os.path.realpath(os.fspath(d)) for d in path]
    if search_cwd:
        dirs.insert(0, _cwd())
    return [d for i, d in enumerate(dirs) if d and d not in dirs[:i]]


def _cwd() -> str:
    try:
        return os.path.realpath(os.getcwd())
    except OSError:  # the current directory was removed
        return ""


def _locations(top: str) -> set[str] | None:
    """The directories the top-level module ``top`` would be imported from (several for a
    namespace package), found without importing it; ``None`` when there is no such module."""
    try:
        found = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return None
    if found is None:
        return None
    if found.submodule_search_locations is not None:  # a package: its directory's parent
        return {os.path.realpath(os.path.dirname(d)) for d in found.submodule_search_locations}
    if not found.origin or found.origin in ("built-in", "frozen"):
        return set()
    return {os.path.realpath(os.path.dirname(found.origin))}


def _pythonpath() -> frozenset[str]:
    """The directories ``PYTHONPATH`` names, resolved as Python resolved them at start."""
    if sys.flags.ignore_environment:
        return frozenset()
    entries = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    return frozenset(os.path.realpath(os.path.abspath(e)) for e in entries if e)


#: The directories ``PYTHONPATH`` named when naipes was imported: asked for, like ``path=``
#: (empty entries are not: Python drops them).
_PYTHONPATH = _pythonpath()


def _import(spec: str, module_name: str, dirs: list[str]) -> Any:
    """Import a module from ``sys.path`` and ``dirs``; the current directory only when in ``dirs``
    or named by ``PYTHONPATH``.

    A module not imported yet that would come from the current directory (which
    ``python -m`` and scripts put on ``sys.path``) is refused unless it was asked for.
    """
    top = module_name.partition(".")[0]
    for directory in dirs:
        if directory not in sys.path:
            sys.path.append(directory)
    if top not in sys.modules:
        if dirs:
            importlib.invalidate_caches()
        where, cwd = _locations(top), _cwd()
        asked = cwd in dirs or cwd in _PYTHONPATH
        beside = cwd and not asked and any(os.path.exists(os.path.join(cwd, top + end)) for end in ("", ".py"))
        if (where is None and beside) or (where is not None and cwd in where and not asked):
            raise UsageError(f"no bot {spec!r}: the module {top!r} is in the current directory, which "
                             "is searched only when asked (search_cwd=True, --bot-path ., or PYTHONPATH "
                             "naming it)", code="no_such_bot")
        if where is None:
            raise UsageError(f"no bot {spec!r}: no module named {top!r}", code="no_such_bot")
    try:
        return importlib.import_module(module_name)
    except ImportError as exc:
        raise UsageError(f"no bot {spec!r}: {one_line(exc)}", code="no_such_bot") from exc


def attribute(spec: str, obj: Any, parts: Sequence[str]) -> Any:
    """``obj.a.b`` looked up statically: no property, ``__getattr__`` or descriptor runs."""
    for part in parts:
        try:
            obj = inspect.getattr_static(obj, part)
        except AttributeError as exc:
            raise UsageError(f"no bot {spec!r}: {type(obj).__name__} {getattr(obj, '__name__', '')!r} "
                             f"has no {part!r}", code="no_such_bot") from exc
    return obj


def is_bot_class(obj: object) -> bool:
    """Whether ``obj`` is a class with a callable ``choose``, looked up without running anything."""
    if not isinstance(obj, type):
        return False
    try:
        choose = inspect.getattr_static(obj, "choose")
    except AttributeError:
        return False
    return callable(choose) or isinstance(choose, (staticmethod, classmethod))


def resolve(spec: str, target: str, dirs: list[str]) -> Any:
    """The Bot class ``module:Class`` names, checked before anything is called."""
    module_name, parts = check_names(spec, target)
    obj = attribute(spec, _import(spec, module_name, dirs), parts)
    if not is_bot_class(obj):
        what = "a class with no choose(view)" if isinstance(obj, type) else f"a {type(obj).__name__}"
        raise UsageError(f"{spec!r} is not a bot (it names {what}, not a bot class)", code="not_a_bot")
    return obj
