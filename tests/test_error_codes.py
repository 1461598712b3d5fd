"""One vocabulary of error codes: every code raised in ``src`` is listed, and no reason has two codes.

The scan reads the AST of every module under ``src/naipes`` and collects each
string literal passed as ``code="..."``; each must be in :data:`naipes.errors.BASE_CODES`
or in a game's ``legality.CODES`` (which extends the base table).
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path
from types import MappingProxyType

import pytest

from naipes.errors import BASE_CODES, RENAMED_CODES, IllegalMoveError, RulesError, extend_codes

SRC = Path(__file__).resolve().parents[1] / "src" / "naipes"
GAMES = ("machuco", "ranzo", "macarra", "machiavelli")
#: The synonyms issue 22 merged: each group is one reason, so at most one code of it may live.
SYNONYMS = (
    {"bad_seat", "no_such_seat"},
    {"card_twice", "same_card_twice", "duplicate_card"},
    {"not_spanish", "not_spanish_card", "not_a_card"},
    {"nothing_to_draw", "stock_empty"},
    {"not_a_move", "bad_move", "unknown_move"},
)


def _literal_codes() -> dict[str, set[str]]:
    """``{code: {module paths}}`` of every ``code="..."`` literal in the package."""
    found: dict[str, set[str]] = {}
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "code" and isinstance(node.value, ast.Constant) \
                    and isinstance(node.value.value, str):
                found.setdefault(node.value.value, set()).add(str(path.relative_to(SRC)))
    return found


def _tables() -> dict[str, object]:
    return {game: importlib.import_module(f"naipes.{game}.legality").CODES for game in GAMES}


def _game_of(path: str) -> str | None:
    head = path.split("/")[0]
    return head if head in GAMES else None


def test_the_scan_finds_codes() -> None:
    codes = _literal_codes()
    assert len(codes) > 100
    assert "not_your_turn" in codes and "does_not_fit" in codes


def test_every_raised_code_is_listed() -> None:
    tables = _tables()
    unlisted = []
    for code, paths in _literal_codes().items():
        for path in paths:
            game = _game_of(path)
            table = tables[game] if game else BASE_CODES
            if code not in table:  # type: ignore[operator]
                unlisted.append(f"{code} ({path})")
    assert not unlisted, sorted(unlisted)


def test_no_renamed_code_is_raised_or_listed() -> None:
    raised = set(_literal_codes())
    assert not raised & set(RENAMED_CODES), sorted(raised & set(RENAMED_CODES))
    for game, table in _tables().items():
        assert not set(table) & set(RENAMED_CODES), game  # type: ignore[call-overload]


@pytest.mark.parametrize("group", SYNONYMS, ids=lambda g: "/".join(sorted(g)))
def test_one_code_per_reason(group: set[str]) -> None:
    live = group & (set(_literal_codes()) | set(BASE_CODES))
    for table in _tables().values():
        live |= group & set(table)  # type: ignore[call-overload]
    assert len(live) == 1, sorted(live)
    (code,) = live
    assert all(RENAMED_CODES[old] == code for old in group - {code})


@pytest.mark.parametrize("game", GAMES)
def test_each_game_table_extends_the_base_read_only(game: str) -> None:
    legality = importlib.import_module(f"naipes.{game}.legality")
    assert isinstance(legality.CODES, MappingProxyType)
    assert set(BASE_CODES) <= set(legality.CODES)
    assert set(legality.OWN_CODES) <= set(legality.CODES)
    with pytest.raises(TypeError):
        legality.CODES["new_code"] = (None, "x")
    for code, (rule, meaning) in legality.CODES.items():
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", code), code
        assert isinstance(meaning, str) and meaning, code
        assert rule is None or re.fullmatch(r"[A-Z]{2}-\d\d", rule), code


def test_base_codes_are_read_only_and_snake_case() -> None:
    with pytest.raises(TypeError):
        BASE_CODES["x"] = (None, "x")  # type: ignore[index]
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", c) for c in BASE_CODES)
    assert all(new in BASE_CODES or any(new in t for t in _tables().values())  # type: ignore[operator]
               for new in RENAMED_CODES.values())


def test_extend_codes_refuses_a_renamed_code() -> None:
    with pytest.raises(RulesError) as info:
        extend_codes({"bad_move": (None, "old")})
    assert "not_a_move" in str(info.value)


def test_not_your_turn_is_one_class_everywhere() -> None:
    """The engine and the web server both raise ``not_your_turn`` as an IllegalMoveError."""
    classes = set()
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and any(
                    k.arg == "code" and isinstance(k.value, ast.Constant) and k.value.value == "not_your_turn"
                    for k in node.keywords):
                classes.add(getattr(node.func, "id", None) or getattr(node.func, "attr", None))
    assert classes == {IllegalMoveError.__name__}
