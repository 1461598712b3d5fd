"""naipes' build hook: with ``NAIPES_MYPYC=1`` the observation encoders are compiled by mypyc.

Everything else is declared in ``pyproject.toml``. The compiled modules are plain Python that
mypyc turns into C extensions (the same source runs interpreted without it); they write the
same observations either way and the tests check both (``tests/test_compiled.py``).
"""

from __future__ import annotations

import os

from setuptools import setup

#: The modules compiled in a ``NAIPES_MYPYC=1`` build (each game's observation writer).
COMPILED = ["src/naipes/machuco/_observation.py", "src/naipes/macarra/_observation.py", "src/naipes/ranzo/_observation.py"]


def ext_modules() -> list[object]:
    """mypyc's extensions of :data:`COMPILED` when ``NAIPES_MYPYC=1``, else none (a pure build).

    Any other value than ``1``, ``0`` or unset stops the build with a message (the backend runs
    this file to list its requirements too, so a mistyped value never builds the other way).
    """
    value = os.environ.get("NAIPES_MYPYC", "")
    if value not in ("", "0", "1"):
        raise SystemExit(f"NAIPES_MYPYC is 1 (compile the encoders with mypyc) or 0 / unset, not {value!r}")
    if value != "1" or os.environ.get("NAIPES_LISTING_REQUIRES"):
        return []  # a pure build, or the backend listing what to install first (mypy among it)
    from mypyc.build import mypycify

    return list(mypycify(COMPILED, opt_level="3"))


if __name__ == "__main__":  # how setuptools runs this file (a test imports it)
    setup(ext_modules=ext_modules())
