"""Sphinx configuration of the naipes documentation.

Build (warnings are errors) and run the examples::

    python -m sphinx -W --keep-going -b html docs docs/_build/html
    python -m sphinx -W -b doctest docs docs/_build/doctest
"""

from __future__ import annotations

import logging
import os
import sys

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "src")))

import naipes  # noqa: E402

project = "naipes"
author = "naipes developers"
copyright = "2026, naipes developers"
version = release = naipes.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
]

# No intersphinx: the docs build offline.
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []
html_static_path: list[str] = []
html_theme = "alabaster"
html_title = f"naipes {release}"
html_theme_options = {"description": "Typed, fast engines for Spanish- and French-deck card games",
                      "fixed_sidebar": True}

# Google-style docstrings; "Attributes:" become :ivar: fields, so attrs fields are not
# described twice.
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = True
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "show-inheritance": True}

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
"""


# Every game defines its own ``Game``, ``Rules``, ``Move`` and ``View``, so a short name in a
# type annotation or a docstring can match several targets; Sphinx then links the first one
# and warns "more than one target found". Those links are a convenience: do not fail on them.
suppress_warnings = ["ref.python"]


class _EmptyGlobFilter(logging.Filter):
    """Let a glob toctree match nothing.

    ``games/*`` and ``api/*`` pick up the pages the game packages add; a game
    being written may have none yet, and the guides listed by name leave
    ``guides/*`` empty until a game adds a guide. Sphinx gives this warning no
    type, so ``suppress_warnings`` cannot silence it.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("toctree glob pattern")


def setup(app: object) -> None:
    logging.getLogger("sphinx.sphinx.directives.other").addFilter(_EmptyGlobFilter())
