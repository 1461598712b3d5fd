"""Packaging: one version source, complete metadata, the rules pages as package data,
``python -m naipes``, and the README's install commands.

Building and installing the wheel itself is ``.ci/wheel.sh`` (run by ``.ci/run``).
"""

from __future__ import annotations

import ast
import importlib.resources
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import naipes
from naipes.registry import games

ROOT = Path(__file__).resolve().parents[1]


def _pyproject() -> dict[str, Any]:
    try:
        import tomllib
    except ImportError:  # Python 3.10
        tomllib = pytest.importorskip("tomli")
    data: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return data


def test_the_version_is_written_once() -> None:
    data = _pyproject()
    project = data["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert data["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "naipes.__version__"}
    # setuptools reads the attribute without importing naipes: it must be a plain literal
    tree = ast.parse((ROOT / "src" / "naipes" / "__init__.py").read_text(encoding="utf-8"))
    literals = [node.value.value for node in tree.body if isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets)
                and isinstance(node.value, ast.Constant)]
    assert literals == [naipes.__version__]
    assert re.fullmatch(r"\d+\.\d+\.\d+(?:(?:a|b|rc)\d+)?", naipes.__version__)
    for path in ROOT.glob("src/naipes/**/*.py"):  # no second copy anywhere in the package
        text = path.read_text(encoding="utf-8")
        assert path.name == "__init__.py" and path.parent.name == "naipes" or "__version__ = " not in text, path


def test_build_system_and_metadata() -> None:
    data = _pyproject()
    assert data["build-system"]["requires"] == ["setuptools>=77"]  # license = "MIT" needs 77
    project = data["project"]
    assert project["license"] == "MIT" and project["requires-python"] == ">=3.10"
    classifiers = project["classifiers"]
    assert not [c for c in classifiers if c.startswith("License ::")]  # the expression says it
    assert [c for c in classifiers if c.startswith("Development Status ::")]
    versions = {c.rsplit(" ", 1)[1] for c in classifiers if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)}
    assert versions == {"3.10", "3.11", "3.12", "3.13"}
    assert len(project["keywords"]) >= 5 and "naipes" in project["keywords"]
    assert project["scripts"] == {"naipes": "naipes.cli:main"}
    assert set(project["dependencies"]) == {"attrs>=22.2", "typing-extensions>=4.5"}


def test_rules_pages_are_package_data() -> None:
    data = _pyproject()
    assert "rules/*.rst" in data["tool"]["setuptools"]["package-data"]["naipes"]
    names = [info.name for info in games() if info.module.startswith("naipes.")]
    assert set(names) >= {"machuco", "macarra", "ranzo", "machiavelli"}
    for name in names:
        page = importlib.resources.files("naipes").joinpath("rules", f"{name}.rst")
        text = page.read_text(encoding="utf-8")
        assert text.splitlines()[1].startswith("===")  # a page with its title
        stub = (ROOT / "docs" / "games" / f"{name}.rst").read_text(encoding="utf-8")
        assert f".. include:: ../../src/naipes/rules/{name}.rst" in stub  # one source for both


def test_python_m_naipes_runs_the_command() -> None:
    done = subprocess.run([sys.executable, "-m", "naipes", "--help"], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "src"), "PATH": ""})
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: naipes") and "simulate" in done.stdout
    done = subprocess.run([sys.executable, "-m", "naipes", "--version"], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env={"PYTHONPATH": str(ROOT / "src"), "PATH": ""})
    assert done.stdout.strip() == f"naipes {naipes.__version__}"


def test_readme_installs_in_a_virtualenv_in_two_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)\n```", quick, re.S)
    assert blocks == [
        "python3 -m venv .venv && . .venv/bin/activate && pip install . && naipes demo",
        'python3 -m venv .venv && . .venv/bin/activate && pip install -e ".[dev]" && python -m pytest',
    ]
