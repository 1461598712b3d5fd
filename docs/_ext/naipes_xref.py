"""Resolve the Python references of the naipes docs to the object they name.

Every game defines its own ``Game``, ``Rules``, ``Move``, ``View``, ``Result`` and
``ActionSpace``. A short name in a signature or a docstring (``Game`` in
``naipes.machuco.position``) then matches one target per game, and Sphinx would
link the first one. This post-transform runs before Sphinx resolves the
references and rewrites such a target to the object the name means *in the
module where it is written*: the module's own attribute, else the name its
imports bind (``from naipes.machuco.state import Game``, also under
``TYPE_CHECKING``). A dotted target through a re-export
(``naipes.machuco.Game``) is rewritten to the documented object the same way.

A reference into ``naipes`` that still has several targets, or none, is
reported as a warning, so ``sphinx -W`` fails on it instead of linking the
wrong game.
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import typing
from typing import Any

import attrs
from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.domains.python import PythonDomain
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

logger = logging.getLogger(__name__)


@functools.cache
def _imports(modname: str) -> dict[str, str]:
    """Map each name a module's ``from X import name`` statements bind to ``X.name``."""
    try:
        source = inspect.getsource(importlib.import_module(modname))
    except (ImportError, OSError, TypeError):
        return {}
    package = modname if _is_package(modname) else modname.rpartition(".")[0]
    bound: dict[str, str] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = _absolute(node.module or "", node.level, package)
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{base}.{alias.name}"
    return bound


def _is_package(modname: str) -> bool:
    return hasattr(importlib.import_module(modname), "__path__")


def _absolute(module: str, level: int, package: str) -> str:
    if level == 0:
        return module
    parts = package.split(".")
    base = ".".join(parts[: len(parts) - level + 1])
    return f"{base}.{module}" if module else base


def _lookup(dotted: str) -> object | None:
    """The object at a dotted path (``a.b.C.meth``), importing modules as needed."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr, _MISSING)
            if obj is _MISSING:
                return None
        return obj
    return None


_MISSING = object()


def _candidates(modnames: list[str], target: str) -> list[str]:
    """Full names the target may mean, best first."""
    head, _, rest = target.partition(".")
    found: list[str] = []
    for modname in modnames:
        if _lookup(f"{modname}.{head}") is not None:
            found.append(f"{modname}.{target}")
        bound = _imports(modname).get(head)
        if bound:
            found.append(bound + (f".{rest}" if rest else ""))
    if target.startswith("naipes."):
        found.append(target)
    names: list[str] = []
    for dotted in found:
        names += [dotted, *_defined_names(dotted)]
    return names


def _defined_names(dotted: str) -> list[str]:
    """Where the objects along a dotted path are defined (``naipes.machuco.Game.play`` ->
    ``naipes.machuco.state.Game.play``)."""
    parts = dotted.split(".")
    names = []
    for cut in range(len(parts), 1, -1):
        prefix = _lookup(".".join(parts[:cut]))
        defined = _defined_name(prefix)
        if defined:
            names.append(".".join([defined, *parts[cut:]]))
        if isinstance(prefix, type) and cut == len(parts) - 1:
            names += _member_names(prefix, parts[cut])
    return names


def _member_names(cls: type, attr: str) -> list[str]:
    """An inherited member where its class documents it; an attrs field on its class,
    whose fields table (_ext/naipes_fields.py) lists it."""
    owner = next((c for c in cls.__mro__ if attr in vars(c)), None)
    owner_name = _defined_name(owner)
    if owner is None or owner_name is None:
        return []
    names = [f"{owner_name}.{attr}"]
    if attrs.has(owner) and attr in attrs.fields_dict(owner):
        names.append(owner_name)
    return names


def _context(node: addnodes.pending_xref) -> list[str]:
    """The modules whose names a reference may use: its own, then, in the signature of a
    class, the modules of the class's bases (an inherited field's annotation)."""
    modules = [node["py:module"]] if node.get("py:module") else []
    parent = node.parent
    while parent is not None and not isinstance(parent, addnodes.desc_signature):
        parent = parent.parent
    ids = parent.get("ids") if parent is not None else None
    owner = _lookup(ids[0]) if ids else None
    if isinstance(owner, type):
        modules += [base.__module__ for base in owner.__mro__[1:] if base is not object]
    return modules


def _class_members(modname: str | None, clsname: str | None, target: str) -> list[str]:
    """A member named inside a class's docs that the class inherits (``encode`` in a
    game's ``ActionSpace``): where its base documents it."""
    owner = _lookup(f"{modname}.{clsname}") if modname and clsname else None
    if not isinstance(owner, type) or "." in target:
        return []
    return _member_names(owner, target.removesuffix("()"))


def _unlinkable(target: str, node: addnodes.pending_xref) -> bool:
    """Type variables and private names have no page, nor has a name of a signature that
    its module leaves out of ``__all__``; a reference to one stays text."""
    if any(part.startswith("_") for part in target.split(".")):
        return True
    if isinstance(_lookup(target), typing.TypeVar):
        return True
    module, _, name = target.rpartition(".")
    public = getattr(_lookup(module), "__all__", None)
    return _in_signature(node) and public is not None and name not in public


def _in_signature(node: addnodes.pending_xref) -> bool:
    parent = node.parent
    while parent is not None and not isinstance(parent, addnodes.desc_signature):
        parent = parent.parent
    return parent is not None


def _defined_name(obj: object) -> str | None:
    module = getattr(obj, "__module__", None)
    qualname = getattr(obj, "__qualname__", None)
    if isinstance(module, str) and isinstance(qualname, str) and "<" not in qualname:
        return f"{module}.{qualname}"
    return None


class ResolveByModule(SphinxPostTransform):
    """Rewrite ``py`` targets that Sphinx would find by their ending (one or several
    ``*.Game``) or not at all (a re-export) to the documented object they name."""

    default_priority = 5  # before sphinx.transforms.post_transforms.ReferencesResolver

    def run(self, **kwargs: Any) -> None:
        domain = self.env.domains["py"]
        assert isinstance(domain, PythonDomain)
        for node in self.document.findall(addnodes.pending_xref):
            if node.get("refdomain") == "py":
                self._resolve(domain, node)

    def _resolve(self, domain: PythonDomain, node: addnodes.pending_xref) -> None:
        target = node["reftarget"]
        modname, clsname = node.get("py:module"), node.get("py:class")
        mode = 1 if node.hasattr("refspecific") else 0
        matches = domain.find_obj(self.env, modname, clsname, target, node["reftype"], mode)
        exact = {target, f"{modname}.{target}", f"{clsname}.{target}", f"{modname}.{clsname}.{target}"}
        if len(matches) == 1 and matches[0][0] in exact:
            return  # Sphinx's own exact match, in the reference's module or class
        # else Sphinx would guess by the name's ending: use what the name means in its module
        names = _class_members(modname, clsname, target)
        for name in names + _candidates(_context(node), target.removesuffix("()")):
            entry = domain.objects.get(name)
            if entry is not None:
                node["reftarget"] = entry.node_id if entry.aliased else name
                if entry.objtype not in (domain.objtypes_for_role(node["reftype"]) or ()):
                    node["reftype"] = "obj"  # a type alias (data) in an annotation
                return
        if len({entry.node_id for _, entry in matches}) == 1:
            return
        if len(matches) > 1 or (target.startswith("naipes.") and not _unlinkable(target, node)):
            found = ", ".join(sorted({entry.node_id for _, entry in matches})) or "none"
            logger.warning(
                "reference %r in %s has no single target (%s)",
                target, modname or "the page", found,
                location=node, type="naipes", subtype="xref",
            )


def _drop_plain_bases(app: Sphinx, name: str, obj: object, options: Any, bases: list[Any]) -> None:
    """Leave out the bases that say nothing: ``object``, ``Generic[...]``, ``Protocol``."""
    bases[:] = [
        base for base in bases
        if base is not object
        and getattr(base, "__origin__", None) is not typing.Generic
        and base not in (typing.Generic, typing.Protocol)
    ]


def _drop_empty_bases(app: Sphinx, doctree: nodes.document) -> None:
    """Remove the "Bases:" line autodoc writes when no base is left to show."""
    for paragraph in list(doctree.findall(nodes.paragraph)):
        parent = paragraph.parent
        if isinstance(parent, addnodes.desc_content) and paragraph.astext().strip() == "Bases:":
            parent.remove(paragraph)


def setup(app: Sphinx) -> dict[str, object]:
    app.add_post_transform(ResolveByModule)
    app.connect("autodoc-process-bases", _drop_plain_bases)
    app.connect("doctree-read", _drop_empty_bases)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


__all__ = ["ResolveByModule", "setup"]
