"""setuptools' build backend, plus mypy as a build requirement of a ``NAIPES_MYPYC=1`` build.

``pyproject.toml`` names this module (``backend-path = ["_build"]``); everything but the two
``get_requires_*`` hooks is setuptools' own.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _meta
from setuptools.build_meta import *  # noqa: F403  (the whole PEP 517/660 interface)


#: What a compiled build needs besides setuptools.
_MYPYC_BUILD = ["mypy>=1.8", "attrs>=22.2", "typing-extensions>=4.5"]


def _requires(hook: Any, config_settings: dict[str, Any] | None) -> list[str]:
    """setuptools' requirements (``setup.py`` run without mypyc: it is not installed yet), plus,
    when ``NAIPES_MYPYC=1``, mypy and the runtime dependencies (mypyc type-checks against them)."""
    os.environ["NAIPES_LISTING_REQUIRES"] = "1"
    try:
        listed = list(hook(config_settings))
    finally:
        del os.environ["NAIPES_LISTING_REQUIRES"]
    return listed + (_MYPYC_BUILD if os.environ.get("NAIPES_MYPYC", "") == "1" else [])


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _requires(_meta.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    return _requires(_meta.get_requires_for_build_editable, config_settings)
