"""The documentation's sources: settings, references, coverage of the public API.

These tests read the sources and import the package; they do not build the
docs (``.ci/run`` builds them with ``-W`` and runs their doctests).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import naipes

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
RULES = ROOT / "src" / "naipes" / "rules"
GAMES = ("machuco", "macarra", "ranzo", "machiavelli")

sys.path.insert(0, str(DOCS / "_ext"))
sys.path.insert(0, str(DOCS))
naipes_xref = importlib.import_module("naipes_xref")
naipes_fields = importlib.import_module("naipes_fields")
naipes_mocked = importlib.import_module("naipes_mocked")
check_api_pages = importlib.import_module("check_api_pages")
cli_sessions = importlib.import_module("cli_sessions")


def _conf_assignments() -> dict[str, ast.expr]:
    tree = ast.parse((DOCS / "conf.py").read_text(encoding="utf-8"))
    found: dict[str, ast.expr] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = node.value
    return found


def test_conf_silences_no_warning() -> None:
    source = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert "suppress_warnings" not in _conf_assignments()
    assert "addFilter" not in source and "logging.Filter" not in source


def test_conf_uses_furo_copy_buttons_and_myst() -> None:
    conf = _conf_assignments()
    theme = conf["html_theme"]
    assert isinstance(theme, ast.Constant) and theme.value == "furo"
    extensions = ast.literal_eval(conf["extensions"])
    for name in ("sphinx_copybutton", "myst_parser", "sphinx.ext.doctest", "naipes_xref"):
        assert name in extensions


def test_changelog_page_renders_the_markdown() -> None:
    page = (DOCS / "changelog.rst").read_text(encoding="utf-8")
    assert re.search(r"^\.\. include:: \.\./CHANGELOG\.md\n\s+:parser: myst_parser\.sphinx_$",
                     page, re.MULTILINE)
    assert "literalinclude" not in page


#: A file name a reader of the docs does not have: the design notes' Markdown rules and
#: sources (``machuco.md``, ``machuco.es.txt``), the workspace's ``../shared`` folder, or
#: a file of a source checkout (``docs/games/machuco.rst``).
_FOREIGN_FILE = re.compile(r"\b[\w-]+(?:\.es)?\.(?:md|txt)\b|\.\./shared|\bshared/|\bdocs/[\w/.-]+")


def _doc_sources() -> Iterator[Path]:
    for pattern in ("**/*.rst", "**/*.inc", "**/*.md"):
        yield from (p for p in DOCS.glob(pattern) if "_build" not in p.parts)
    yield from RULES.glob("*.rst")


def _docstrings(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                yield getattr(node, "lineno", 1), doc


def test_docs_refer_to_no_file_outside_the_package() -> None:
    found = []
    for path in _doc_sources():
        # the files a directive includes are the docs' own
        text = re.sub(r"^\s*\.\. (?:literal)?include:: .*$", "",
                      path.read_text(encoding="utf-8"), flags=re.MULTILINE)
        if path == DOCS / "changelog.rst":
            text = text.replace("CHANGELOG.md", "")
        found += [f"{path.relative_to(ROOT)}: {m.group()}" for m in _FOREIGN_FILE.finditer(text)]
    for path in (ROOT / "src" / "naipes").rglob("*.py"):
        for line, doc in _docstrings(path):
            found += [f"{path.relative_to(ROOT)}:{line}: {m.group()}"
                      for m in _FOREIGN_FILE.finditer(doc)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_game_page_opens_with_a_picture_of_its_table(game: str) -> None:
    page = (DOCS / "games" / f"{game}.rst").read_text(encoding="utf-8")
    image = re.search(rf"^\.\. image:: /_static/pictures/{game}-table\.svg\n((?:[ \t]+\S.*\n)+)",
                      page, re.MULTILINE)
    assert image, f"docs/games/{game}.rst has no picture of its table"
    assert ":alt:" in image.group(1)
    # the page gives the rules their title, then the picture, then the rest of the rules
    title = "\n".join((RULES / f"{game}.rst").read_text(encoding="utf-8").splitlines()[:2])
    include = f".. include:: ../../src/naipes/rules/{game}.rst\n   :start-line: 2\n"
    assert page.index(f"\n{title}\n") < image.start() < page.index(include)


def test_index_shows_a_picture_and_a_short_example() -> None:
    page = (DOCS / "index.rst").read_text(encoding="utf-8")
    assert re.search(r"^\.\. image:: /_static/pictures/[\w-]+\.svg$", page, re.MULTILINE)
    block = re.search(r"^\.\. doctest::\n(?:\s+:.*\n)*\n((?:   .*\n|\n)+)", page, re.MULTILINE)
    assert block, "the index has no doctest example"
    lines = [line for line in block.group(1).splitlines() if line.strip()]
    assert 4 <= sum(line.lstrip().startswith((">>>", "...")) for line in lines) <= 12


# --- every public name is on an API page ---------------------------------------------------

_DIRECTIVE = re.compile(r"^\.\. (automodule|autoclass|autofunction|autodata|autoexception|"
                        r"py:data|py:class|py:function)::\s*(\S+)\n((?:[ \t]+\S.*\n?)*)",
                        re.MULTILINE)


def _option(body: str, name: str) -> str | None:
    match = re.search(rf"^\s+:{name}:(.*(?:\n\s{{5,}}[^:\s].*)*)", body, re.MULTILINE)
    return None if match is None else match.group(1)


def _names(text: str) -> set[str]:
    return {n.strip() for n in text.replace("\n", " ").split(",") if n.strip()}


def _has_doc(module: ModuleType, name: str) -> bool:
    """Whether autodoc shows the member: a docstring of its own, or a ``#:`` comment."""
    from sphinx.pycode import ModuleAnalyzer

    if ("", name) in ModuleAnalyzer.for_module(module.__name__).find_attr_docs():
        return True
    obj = getattr(module, name)
    return (inspect.isclass(obj) or inspect.isroutine(obj)) and bool(inspect.getdoc(obj))


def _documented() -> set[tuple[str, str]]:
    """(module, name) pairs the API pages document."""
    found: set[tuple[str, str]] = set()
    for page in (DOCS / "api").glob("*.rst"):
        for kind, target, body in _DIRECTIVE.findall(page.read_text(encoding="utf-8")):
            if kind.startswith("py:"):
                found.add(((_option(body, "module") or "").strip(), target))
                continue
            if kind != "automodule":
                module, _, name = target.rpartition(".")
                found.add((module, name))
                continue
            if _option(body, "no-members") is not None:
                continue
            try:
                module = importlib.import_module(target)
            except ImportError:  # an optional extra that is not installed: its names are skipped too
                continue
            # autodoc_default_options has "members": an automodule documents its module's
            # __all__ (Sphinx lets that default override a directive's list of members)
            listed = set(_public(module))
            excluded = _names(_option(body, "exclude-members") or "")
            found |= {(target, n) for n in listed - excluded if _has_doc(module, n)}
    return found


def _importable(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


def _public(module: ModuleType) -> tuple[str, ...]:
    return tuple(getattr(module, "__all__", ()))


def _public_modules() -> Iterator[ModuleType]:
    yield naipes
    for info in pkgutil.walk_packages(naipes.__path__, "naipes."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        try:
            yield importlib.import_module(info.name)
        except ImportError:  # an optional extra that is not installed
            continue


def undocumented() -> list[str]:
    """The public names (``module.name`` of every ``__all__``) no API page documents."""
    documented = _documented()
    homes: dict[int, set[str]] = {}
    for module, name in documented:
        if module not in sys.modules and not _importable(module):
            continue
        homes.setdefault(id(getattr(importlib.import_module(module), name)), set()).add(name)
    missing = []
    for module in _public_modules():
        for name in _public(module):
            if isinstance(getattr(module, name), ModuleType):
                continue
            if name not in homes.get(id(getattr(module, name)), set()):
                missing.append(f"{module.__name__}.{name}")
    return sorted(set(missing))


def test_every_public_name_is_on_an_api_page() -> None:
    missing = undocumented()
    assert not missing, "not on any docs/api page:\n" + "\n".join(missing)


# --- the docs' extensions -------------------------------------------------------------------


def test_a_short_name_links_to_the_object_of_its_own_module() -> None:
    # ``Game`` in naipes.machuco.position is imported from naipes.machuco.state (under
    # TYPE_CHECKING or not), not any other game's Game
    for game in GAMES:
        names = naipes_xref._candidates([f"naipes.{game}.position"], "Game")
        assert f"naipes.{game}.state.Game" in names
        assert not any(n.startswith("naipes.") and f".{game}." not in n for n in names)


def test_a_reexported_name_links_where_it_is_documented() -> None:
    names = naipes_xref._candidates([], "naipes.machuco.Game.opening_events")
    assert "naipes.game.Game.opening_events" in names
    assert "naipes.machuco.view.View" in naipes_xref._candidates([], "naipes.machuco.View.cantes")


def test_long_attrs_signatures_become_a_fields_table() -> None:
    from naipes.machuco import Rules

    signature = "(*, " + ", ".join(f"{f}=0" for f in range(20)) + ")"
    short = naipes_fields.process_signature(None, "class", "Rules", Rules, None, signature, None)
    assert short == ("(**fields)", None)
    lines = (Rules.__doc__ or "").splitlines()
    lines = [line[4:] if line.startswith("    ") else line for line in lines]
    naipes_fields.process_docstring(None, "class", "Rules", Rules, None, lines)
    text = "\n".join(lines)
    assert ".. list-table:: Fields" in text and "Attributes:" not in text
    assert "   * - ``scope``\n\n       :naipes-type:`Scope`\n     - ``'match'``\n     - how much" in text


def test_plain_bases_are_left_out() -> None:
    from typing import Generic, Protocol, TypeVar

    from naipes.game import Result

    T = TypeVar("T")
    bases: list[object] = [object, Generic[T], Protocol, Result]
    naipes_xref._drop_plain_bases(None, "x", None, None, bases)
    assert bases == [Result]


def test_a_signature_reads_as_the_source_writes_it_where_a_framework_is_mocked() -> None:
    def step(self: Any, action: int, /, seed: np.ndarray[Any, Any] | None = None, *,  # noqa: F821
             render: bool = False, **fields: Any) -> tuple[np.ndarray, float]:  # noqa: F821
        raise AssertionError

    text, returned = naipes_mocked.signature_as_written(step, drop_first=True)
    assert text == "(action: int, /, seed: np.ndarray[Any, Any] | None = None, *, render: bool = False, **fields: Any)"
    assert returned == "tuple[np.ndarray, float]"


def test_an_api_section_that_documents_nothing_is_found(tmp_path: Path) -> None:
    api = tmp_path / "api"
    api.mkdir()
    entry = '<dl class="py class"><dt class="sig">class Env()</dt><dd>An environment.</dd></dl>'
    (api / "good.html").write_text(f"<article><section><h1>Good</h1>{entry}</section></article>")
    (api / "bad.html").write_text("<article><section><h1>Bad</h1><section><h2>PettingZoo</h2></section>"
                                  "<section><h2>Prose</h2><p>" + "A section of words only. " * 3
                                  + "</p></section></section></article>")
    assert check_api_pages.empty_sections(api / "good.html") == []
    assert check_api_pages.empty_sections(api / "bad.html") == ["PettingZoo"]
    assert check_api_pages.main([str(tmp_path)]) == 1
    (api / "bad.html").unlink()
    assert check_api_pages.main([str(tmp_path)]) == 0


# --- the command-line walkthrough -----------------------------------------------------------

def test_the_cli_guide_shows_a_captured_session_of_every_game() -> None:
    sessions = cli_sessions.SESSIONS
    page = (DOCS / "guides" / "cli.rst").read_text(encoding="utf-8")
    included = set(re.findall(r"^\.\. literalinclude:: sessions/([\w-]+)\.txt$", page, re.MULTILINE))
    assert included == {s.name for s in sessions}
    for session in sessions:
        text = (DOCS / "guides" / "sessions" / f"{session.name}.txt").read_text(encoding="utf-8")
        assigns = "".join(f"{key}={value} " for key, value in session.env)
        assert text.startswith(f"$ {assigns}naipes {session.args}\n")
        assert "Traceback" not in text
    for game in GAMES:
        assert {f"demo-{game}", f"play-{game}"} <= included
    # what a person typed is on the screen after its prompt
    play = (DOCS / "guides" / "sessions" / "play-machuco.txt").read_text(encoding="utf-8")
    assert re.search(r"your move \([^)]*\): 2c\n", play)
