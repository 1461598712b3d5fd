"""The build hooks of the optional compiled build: ``_build/backend.py`` asks for mypy (and the
runtime dependencies mypyc type-checks against) only when ``NAIPES_MYPYC=1``, and ``setup.py``
compiles nothing while the backend lists requirements or without the variable."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load(relative: str, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture()
def backend() -> ModuleType:
    pytest.importorskip("setuptools")
    return _load("_build/backend.py", "naipes_build_backend")


@pytest.mark.parametrize("value", ["1", "", "0"])
def test_requires_add_mypy_only_for_a_compiled_build(backend: Any, value: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NAIPES_MYPYC", value)
    seen: list[str | None] = []

    def hook(config: Any) -> list[str]:  # setuptools' own listing, which runs setup.py
        seen.append(os.environ.get("NAIPES_LISTING_REQUIRES"))
        return ["wheel"]

    listed = backend._requires(hook, None)
    assert seen == ["1"] and "NAIPES_LISTING_REQUIRES" not in os.environ
    if value == "1":
        assert listed[0] == "wheel" and {r.split(">=")[0] for r in listed[1:]} == {"mypy", "attrs", "typing-extensions"}
    else:
        assert listed == ["wheel"]


def test_the_listing_flag_is_cleared_when_setuptools_fails(backend: Any) -> None:
    def hook(config: Any) -> list[str]:
        raise RuntimeError("setup.py failed")

    with pytest.raises(RuntimeError):
        backend._requires(hook, None)
    assert "NAIPES_LISTING_REQUIRES" not in os.environ


@pytest.mark.parametrize(("mypyc", "listing"), [("", None), ("0", None), ("1", "1")])
def test_setup_compiles_nothing_unless_asked(mypyc: str, listing: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("setuptools")
    monkeypatch.setenv("NAIPES_MYPYC", mypyc)
    if listing is None:
        monkeypatch.delenv("NAIPES_LISTING_REQUIRES", raising=False)
    else:
        monkeypatch.setenv("NAIPES_LISTING_REQUIRES", listing)
    setup = _load("setup.py", "naipes_setup")  # imported, not run: setup() is not called
    assert setup.ext_modules() == []
    assert all((ROOT / path).is_file() for path in setup.COMPILED)


@pytest.mark.parametrize("value", ["yes", "true", "2", " 1"])
def test_a_mistyped_setting_stops_the_build(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("setuptools")
    monkeypatch.setenv("NAIPES_MYPYC", value)
    setup = _load("setup.py", "naipes_setup")
    with pytest.raises(SystemExit, match="NAIPES_MYPYC is 1"):
        setup.ext_modules()
