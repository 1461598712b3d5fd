"""Sphinx configuration of the naipes documentation.

Build (warnings are errors) and run the examples::

    python -m sphinx -W --keep-going -b html docs docs/_build/html
    python -m sphinx -W -b doctest docs docs/_build/doctest
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "src")))
sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "_ext")))

import importlib.util  # noqa: E402

import naipes  # noqa: E402

__import__("runpy").run_path(os.path.join(os.path.dirname(__file__), "make_pictures.py"))["main"]()

project = "naipes"
author = "naipes developers"
copyright = "2026, naipes developers"
version = release = naipes.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx_copybutton",
    "myst_parser",
    "naipes_xref",
    "naipes_fields",
    "naipes_mocked",
]
# Markdown is only included (the changelog), never a page of its own.
source_suffix = {".rst": "restructuredtext"}

# No intersphinx: the docs build offline.
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []
html_static_path = ["_static"]
html_css_files = ["naipes.css"]
html_theme = "furo"
html_title = f"naipes {release}"
html_theme_options = {
    "sidebar_hide_name": False,
    "navigation_with_keys": True,
    "top_of_page_buttons": [],
}

# Copy buttons copy the command or the code, not the prompt or the output.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True

# Short names in signatures (the page says which module), long ones wrapped one per line.
add_module_names = False
python_maximum_signature_line_length = 88

# Google-style docstrings; "Attributes:" become :ivar: fields, so attrs fields are not
# described twice.
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = True
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# Bases are shown, except ``object``, ``Generic`` and ``Protocol`` (_ext/naipes_xref.py);
# an attrs class with a long signature lists its fields in a table (_ext/naipes_fields.py).
# Note: this "members" default wins over a directive's own ``:members:`` list, so every
# automodule documents its module's ``__all__`` (tests/test_docs.py checks each name has a page).
autodoc_default_options = {"members": True, "show-inheritance": True}

# The frameworks of the optional extras (``rl``, ``web``): where one is not installed, as in
# the environment the README's commands make (``pip install -e ".[dev]"``), autodoc imports
# the adapters and the web server against stand-ins of it, so their API pages are complete
# without the extras (OpenSpiel has no wheel for some platforms, e.g. Windows). Where it is
# installed, the real one is used; _ext/naipes_mocked.py shows the signatures and bases that
# name a stand-in as the source writes them.
DOCS_MOCKED_EXTRAS = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "starlette", "uvicorn",
                      "websockets")
autodoc_mock_imports = [name for name in DOCS_MOCKED_EXTRAS if importlib.util.find_spec(name) is None]

# The doctest builder runs ``.. doctest::`` blocks only; the docstrings' own examples run
# under pytest (``--doctest-modules``) in their module's namespace.
doctest_test_doctest_blocks = ""
doctest_global_setup = """
import importlib
import importlib.util

def _ready(name):
    try:
        if importlib.util.find_spec("naipes." + name) is None:
            return False
        module = importlib.import_module("naipes." + name)
    except ImportError:
        return False
    return all(hasattr(module, attr) for attr in ("Game", "Rules", "Move"))

HAVE_MACHUCO = _ready("machuco")
HAVE_MACARRA = _ready("macarra")
HAVE_RANZO = _ready("ranzo")
HAVE_MACHIAVELLI = _ready("machiavelli")
HAVE_PETTINGZOO = all(importlib.util.find_spec(m) for m in ("pettingzoo", "gymnasium", "numpy"))
HAVE_GYMNASIUM = all(importlib.util.find_spec(m) for m in ("gymnasium", "numpy"))
HAVE_OPENSPIEL = all(importlib.util.find_spec(m) for m in ("pyspiel", "numpy"))
HAVE_NUMPY = importlib.util.find_spec("numpy") is not None
"""

# Every game defines its own ``Game``, ``Rules``, ``Move`` and ``View``: _ext/naipes_xref.py
# links a short name to the object it means in the module where it is written, and warns
# about a reference into naipes with no single target. No warning is suppressed.


def _public_bases(app: object, name: str, obj: object, options: object, bases: list[type]) -> None:
    """Show ``Game``'s bases as ``Generic[R, M, V]``: its moves and records halves live in private
    modules (``naipes._game_moves``, ``naipes._game_records``) and are documented as ``Game``'s own."""
    import typing

    if any(getattr(b, "__module__", "").startswith("naipes._game_") for b in bases):
        params = typing.get_args(bases[0])
        bases[:] = [typing.Generic[params]]  # type: ignore[misc]


def setup(app: object) -> None:
    app.connect("autodoc-process-bases", _public_bases)  # type: ignore[attr-defined]
