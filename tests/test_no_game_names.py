"""The generic layers never name a game (issue 22): no import of a game package, no game name in code.

Docstrings (and the bare strings Sphinx reads as attribute docs) and comments may name
games: they are documentation. Everything else (string constants, f-strings,
identifiers, imports) may not. A layer reaches a game only through its plugin
(:func:`naipes.plugin.plugin`). The browser client's scripts ``web/static/*.js`` are grepped
outside its comments.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "naipes"

#: The games the registry lists: no generic module names them.
GAME_PACKAGES = ("machuco", "macarra", "ranzo", "machiavelli")
_NAME = re.compile("|".join(GAME_PACKAGES), re.IGNORECASE)

#: The generic layers (paths under src/naipes; a directory means every module in it).
GENERIC = (
    "svg",
    "search",
    "adapters",
    "web",
    "tournament",
    "cli.py",
    "_cli_*.py",
    "bots.py",
    "events.py",
    "game.py",
    "actions.py",
    "testing.py",
    "_kit_*.py",
    "plugin.py",
    "_rule_values.py",
    "_card_words.py",
    "_i18n.py",
)

#: Modules still being converted by other engineers: skipped for now. One per line, so each
#: line goes when its module lands (the lead removes it).
PENDING = frozenset({
})


def _modules() -> list[Path]:
    found: set[Path] = set()
    for pattern in GENERIC:
        target = SRC / pattern
        if target.is_dir():
            found.update(target.rglob("*.py"))
        else:
            found.update(SRC.glob(pattern))
    return sorted(found)


def _doc_strings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are documentation: bare string statements."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)}


def _imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        base = node.module or ""
        return [base] + [f"{base}.{alias.name}" for alias in node.names]
    return []


def _identifiers(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.keyword) and node.arg:
        return [node.arg]
    return []


def game_names_in_code(source: str, filename: str = "<source>") -> list[str]:
    """Every place ``source`` imports a game package or names a game outside its docstrings.

    >>> game_names_in_code('import naipes.machuco\\nx = "ranzo"\\n"a ranzo doc"')
    ['line 1: imports naipes.machuco', "line 2: names a game in 'ranzo'"]
    """
    tree = ast.parse(source, filename)
    docs = _doc_strings(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        for name in _imported(node):
            parts = name.split(".")
            if any(part in GAME_PACKAGES for part in parts):
                found.append(f"line {line}: imports {name}")
        for ident in _identifiers(node):
            if _NAME.search(ident):
                found.append(f"line {line}: the identifier {ident}")
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if _NAME.search(node.value):
                found.append(f"line {line}: names a game in {node.value[:60]!r}")
    return sorted(set(found), key=lambda text: (int(text.split(":")[0][5:]), text))


def _js_code(text: str) -> str:
    """JavaScript without its comments (``//`` to the end of a line, ``/* ... */``)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    return re.sub(r"(^|[^:\\])//.*$", r"\1", text, flags=re.MULTILINE)


def test_the_checker_finds_imports_strings_and_identifiers_but_not_docs() -> None:
    source = '''"""Machuco in the module docstring is fine."""
from naipes import machuco
from naipes.ranzo.bots import RanzoBot
import naipes.macarra as m
NAME = "machiavelli"
TEXT = f"play {NAME} or Machuco"


def draw_macarra_table(x):
    """Macarra in a docstring is fine."""
    return x  # machuco in a comment is fine


LIMIT = 3
"""Ranzo in an attribute docstring is fine."""
'''
    found = game_names_in_code(source)
    assert [f.split(":")[0] for f in found] == ["line 2", "line 3", "line 3", "line 4", "line 5", "line 6",
                                                 "line 9"], found
    assert game_names_in_code('"""Only docs: machuco, ranzo."""\nx = 1\n') == []


def test_the_pending_list_names_files_that_exist() -> None:
    for relative in sorted(PENDING):
        assert (SRC / relative).exists(), f"{relative} is listed as pending but is not there: remove it"


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(SRC)))
def test_generic_modules_name_no_game(path: Path) -> None:
    relative = str(path.relative_to(SRC))
    if relative in PENDING:
        pytest.skip(f"{relative}: being converted to the plugin (PENDING)")
    found = game_names_in_code(path.read_text(encoding="utf-8"), str(path))
    assert not found, f"{relative} names a game in code:\n" + "\n".join(found)


_SCRIPTS = sorted((SRC / "web" / "static").glob("*.js"))


def test_the_browser_client_has_scripts() -> None:
    assert (SRC / "web" / "static" / "app.js") in _SCRIPTS


@pytest.mark.parametrize("path", _SCRIPTS, ids=lambda p: p.name)
def test_the_browser_client_names_no_game(path: Path) -> None:
    found = [f"line {n}: {line.strip()[:80]}" for n, line in enumerate(_js_code(path.read_text()).splitlines(), 1)
             if _NAME.search(line)]
    assert not found, f"{path.name} names a game:\n" + "\n".join(found)
