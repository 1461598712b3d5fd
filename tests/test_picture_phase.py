"""A picture of a game in play never says the game is over; phases are compared as members.

Ranzo's picture once compared its phase with the 1.1 name ``"turn"`` (the value is
``"play"`` since 1.2), so every picture of a Ranzo game in play said "The game is over".
The AST scan at the end keeps a phase from being compared with a string literal again.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any, Callable

import naipes_toy
import pytest

import naipes
from naipes import ranzo, registry
from naipes.svg import render

SRC = Path(__file__).resolve().parents[1] / "src" / "naipes"
#: The words a picture uses for a finished game, in any of the games' pictures.
OVER = re.compile(r"game is over|game over|partida ha terminado|fin de la partida", re.IGNORECASE)


def _text(svg: str) -> str:
    """The words of a picture (its text nodes), not its markup."""
    return " ".join(re.findall(r">([^<>]+)<", svg))


def test_a_ranzo_picture_in_play_tells_the_phase_not_the_end() -> None:
    game = ranzo.Game(seed=1)
    seen = set()
    rng = random.Random(1)
    while not game.is_over and len(seen) < 2:
        for seat in range(game.num_players):
            words = _text(render(game.view(seat)))
            assert not OVER.search(words), f"seat {seat} in phase {game.phase}: {words[:200]}"
        if game.phase is ranzo.Phase.PLAY:
            assert f"seat {game.view(0).turn} to discard or call ranzo" in _text(render(game.view(0)))
            seen.add("play")
        if game.phase is ranzo.Phase.WINDOW:
            assert "claim window" in _text(render(game.view(0)))
            seen.add("window")
        seat = game.to_act[0]
        game.play(rng.choice(game.legal_moves(seat)), seat)
    assert seen == {"play", "window"}


def _makers() -> list[tuple[str, Callable[[int], Any]]]:
    out: list[tuple[str, Callable[[int], Any]]] = []
    for info in naipes.games():
        module = info.load()
        out.append((info.name, lambda seed, m=module: m.Game(m.Rules(), seed=seed)))
    out.append(("toy", lambda seed: naipes_toy.Game(seed=seed)))
    return out


@pytest.mark.parametrize(("name", "make"), _makers(), ids=[n for n, _ in _makers()])
def test_no_picture_of_a_game_in_play_says_it_is_over(name: str, make: Callable[[int], Any],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    registry.games()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    if name == "toy":
        registry.register(naipes_toy.GAME_INFO)
    game = make(1)
    rng = random.Random(1)
    step = 0
    while not game.is_over:
        if step % 7 == 0 and step < 400:  # positions of every phase, each seat in turn
            seat = step // 7 % game.num_players
            words = _text(render(game.view(seat)))
            assert not OVER.search(words), f"{name} step {step} seat {seat}: {words[:300]}"
        seat = game.to_act[0]
        game.play(rng.choice(game.legal_moves(seat)), seat)
        step += 1
    words = _text(render(game.view(0)))  # the words the scan looks for are the ones the end shows
    assert OVER.search(words), f"{name}: the end picture says no end: {words[:300]}"


def _phase_named(node: ast.expr) -> bool:
    """``phase``, ``x.phase``, ``x._phase``, ``x.phase.value``..."""
    while isinstance(node, ast.Attribute) and node.attr in ("value", "name"):
        node = node.value
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return "phase" in name.lower()


def _strings(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_strings(e) for e in node.elts)
    return False


def phase_string_comparisons(tree: ast.AST) -> list[int]:
    """Lines comparing a phase with a string literal (``==``, ``!=``, ``in``) or matching one."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_phase_named(s) for s in sides) and any(_strings(s) for s in sides):
                lines.append(node.lineno)
        elif isinstance(node, ast.Match) and _phase_named(node.subject):
            if any(isinstance(p, ast.MatchValue) and _strings(p.value)
                   for case in node.cases for p in ast.walk(case.pattern)):
                lines.append(node.lineno)
    return sorted(lines)


def test_the_scan_finds_what_it_looks_for() -> None:
    code = ('a = view.phase.value == "window"\nb = phase in ("turn", "over")\nc = "x" != g._phase\n'
            'match view.phase:\n    case "steal":\n        pass\nd = view.phase is Phase.PLAY\n'
            'e = value == "turn"\n')
    assert phase_string_comparisons(ast.parse(code)) == [1, 2, 3, 4]


def test_no_phase_is_compared_with_a_string_in_src() -> None:
    found = [f"{path.relative_to(SRC)}:{line}" for path in sorted(SRC.rglob("*.py"))
             for line in phase_string_comparisons(ast.parse(path.read_text(encoding="utf-8")))]
    assert found == [], "compare phases with Phase members, not strings: " + ", ".join(found)
