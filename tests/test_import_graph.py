"""The import graph of ``src/naipes``: no circle through ``naipes.svg`` or a generic layer.

The graph is built from the modules' ASTs. An edge ``a -> b`` is an import that
module ``a`` runs when it is imported (``import b``, ``from b import x``, and
``from pkg import b`` for a submodule ``b``), at module level: not inside a
function, not under ``if TYPE_CHECKING:``. A second, wider graph also holds the
imports inside functions and the ``TYPE_CHECKING`` ones (what runs some time, or
what a type checker follows): in it ``naipes.svg`` must still reach no game,
which is what broke the old 66-module circle (cards -> svg -> every game ->
events -> game -> cards). ``Card._repr_svg_`` may import ``naipes.svg`` lazily.

The generic layers are those of the plugin design (issue 22): they reach a game
only through its plugin, found in the registry at run time.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterable, Iterator

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"

#: Generic layers: modules and packages that must never name a game (PLUGIN_DESIGN.md).
GENERIC = ("naipes.svg", "naipes.search", "naipes.adapters", "naipes.web", "naipes.tournament", "naipes.cli",
           "naipes._cli_", "naipes.bots", "naipes.events", "naipes.game", "naipes.actions", "naipes.testing",
           "naipes._kit_", "naipes.cards", "naipes.plugin", "naipes.registry")

Graph = dict[str, set[str]]


def module_files(root: Path = SRC) -> dict[str, Path]:
    """Every module under ``root/naipes`` by dotted name (a package by its ``__init__``)."""
    out = {}
    for path in sorted((root / "naipes").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _module_level(body: Iterable[ast.stmt]) -> Iterator[ast.Import | ast.ImportFrom]:
    """The imports that run when the module is imported (class bodies, try/if/with blocks included)."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                yield from _module_level(node.body)
            yield from _module_level(node.orelse)
        elif isinstance(node, (ast.ClassDef, ast.With, ast.For, ast.While)):
            yield from _module_level(node.body)
        elif isinstance(node, ast.Try):
            for block in (node.body, *(h.body for h in node.handlers), node.orelse, node.finalbody):
                yield from _module_level(block)


def _everywhere(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node


def _targets(node: ast.Import | ast.ImportFrom, package: str, modules: dict[str, Path]) -> Iterator[str]:
    def known(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    if isinstance(node, ast.Import):
        for alias in node.names:
            found = known(alias.name)
            if found:
                yield found
        return
    base = node.module or ""
    if node.level:
        parts = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join(parts + ([node.module] if node.module else []))
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        found = sub if sub in modules else known(base)
        if found:
            yield found


def import_graph(root: Path = SRC, *, lazy: bool = False) -> Graph:
    """The import graph of ``root/naipes``: module-level imports, or every import when ``lazy``."""
    modules = module_files(root)
    graph: Graph = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        nodes = _everywhere(tree) if lazy else _module_level(tree.body)
        graph[name] = {t for node in nodes for t in _targets(node, package, modules)} - {name}
    return graph


def strongly_connected(graph: Graph) -> list[list[str]]:
    """The strongly connected components of more than one module, largest first (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            nxt = next(edges, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return sorted(out, key=len, reverse=True)


def a_cycle(graph: Graph, component: list[str], through: str) -> list[str]:
    """One import circle inside ``component`` from ``through`` back to it (the shortest, by BFS)."""
    members = set(component)
    paths = {through: [through]}
    frontier = [through]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node] & members):
                if nxt == through:
                    return paths[node] + [through]
                if nxt not in paths:
                    paths[nxt] = paths[node] + [nxt]
                    following.append(nxt)
        frontier = following
    return [through]


def is_generic(module: str) -> bool:
    return any(module == g or module.startswith(g if g.endswith("_") else g + ".") for g in GENERIC)


def game_packages() -> list[str]:
    """The packages of the built-in games (from the registry: this test names none)."""
    from naipes.registry import games

    return [i.module for i in games() if i.module.startswith("naipes.")]


def in_game(module: str, games: list[str]) -> bool:
    return any(module == g or module.startswith(g + ".") for g in games)


def reachable(graph: Graph, starts: Iterable[str]) -> set[str]:
    seen = set(starts)
    todo = list(seen)
    while todo:
        for nxt in graph[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def _report(graph: Graph, component: list[str]) -> str:
    generic = [m for m in component if is_generic(m)]
    cycle = a_cycle(graph, component, generic[0] if generic else component[0])
    return f"{len(component)} modules in a circle, e.g. {' -> '.join(cycle)}"


# -- the tests ---------------------------------------------------------------------------------


def test_the_graph_sees_the_imports() -> None:
    """The graph builder finds real edges (so the tests below cannot pass on an empty graph)."""
    graph = import_graph()
    assert "naipes.svg._doc" in graph["naipes.svg._pictures"]
    assert "naipes.cards" in graph["naipes.svg._layout"]
    assert "naipes.svg" not in graph["naipes.cards"], "Card._repr_svg_ imports naipes.svg lazily only"
    assert "naipes.svg" in import_graph(lazy=True)["naipes.cards"]
    assert len(game_packages()) >= 4


def test_no_module_level_circle_goes_through_a_generic_layer() -> None:
    graph = import_graph()
    bad = [_report(graph, c) for c in strongly_connected(graph) if any(is_generic(m) for m in c)]
    assert not bad, "import circles through a generic layer:\n" + "\n".join(bad)


def test_cards_and_svg_reach_no_game_at_module_level() -> None:
    graph = import_graph()
    games = game_packages()
    starts = ["naipes.cards", *(m for m in graph if m == "naipes.svg" or m.startswith("naipes.svg."))]
    reached = sorted(m for m in reachable(graph, starts) if in_game(m, games))
    assert not reached, f"naipes.cards / naipes.svg import games at module level: {reached}"


def test_svg_names_no_game_even_in_a_lazy_import() -> None:
    graph = import_graph(lazy=True)
    games = game_packages()
    named = sorted(f"{m} -> {t}" for m, targets in graph.items() if m == "naipes.svg" or m.startswith("naipes.svg.")
                   for t in targets if in_game(t, games))
    assert not named, f"naipes.svg imports a game (it must ask the game's plugin): {named}"


def test_no_circle_of_any_imports_holds_svg_and_a_game() -> None:
    """With lazy and TYPE_CHECKING imports too, ``naipes.svg`` shares no circle with a game
    (the old 66-module circle: cards -> svg -> every game -> events -> game -> cards)."""
    graph = import_graph(lazy=True)
    games = game_packages()
    bad = [_report(graph, c) for c in strongly_connected(graph)
           if any(m.startswith("naipes.svg") for m in c) and any(in_game(m, games) for m in c)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lazy", [False, True])
def test_the_circle_finder_finds_a_circle(lazy: bool) -> None:
    graph: Graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"} - {"e"}}
    (component,) = strongly_connected(graph)
    assert component == ["a", "b", "c"] and a_cycle(graph, component, "b") == ["b", "c", "a", "b"]
