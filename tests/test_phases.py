"""``Phase`` in one public place per game: a ``str`` enum with the same names for the same roles."""

from __future__ import annotations

import ast
import enum
import importlib
from pathlib import Path

import pytest

GAMES = ("machuco", "ranzo", "macarra", "machiavelli")
SRC = Path(__file__).resolve().parents[1] / "src" / "naipes"
#: Names of phases with a role every game that has it names the same way.
SHARED = {"PLAY", "WINDOW", "OVER"}
#: Deprecated aliases: ``{game: {old name: new name}}``.
ALIASES = {"ranzo": {"TURN": "PLAY"}, "macarra": {"PUNISHMENT": "WINDOW"}}


def _phase(game: str) -> type[enum.Enum]:
    return importlib.import_module(f"naipes.{game}").Phase  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", GAMES)
def test_phase_is_a_public_str_enum(game: str) -> None:
    phase = _phase(game)
    assert issubclass(phase, str) and issubclass(phase, enum.Enum)
    assert phase.__module__ == f"naipes.{game}.phase"
    assert importlib.import_module(f"naipes.{game}.phase").Phase is phase
    assert phase.PLAY == "play" and phase.OVER == "over"  # type: ignore[attr-defined]
    for member in phase:
        assert member == member.value and phase(member.value) is member


@pytest.mark.parametrize("game", GAMES)
def test_phase_is_defined_in_one_module(game: str) -> None:
    homes = [path for path in (SRC / game).glob("*.py")
             if any(isinstance(n, ast.ClassDef) and n.name == "Phase" for n in ast.walk(ast.parse(path.read_text())))]
    assert [p.name for p in homes] == ["phase.py"]


@pytest.mark.parametrize("game", GAMES)
def test_same_names_for_the_same_roles(game: str) -> None:
    names = set(_phase(game).__members__) - set(ALIASES.get(game, {}))
    assert {"PLAY", "OVER"} <= names
    assert not names & {"TURN", "PUNISHMENT"}


@pytest.mark.parametrize("game, old, new", [(g, o, n) for g, a in ALIASES.items() for o, n in a.items()])
def test_old_member_names_are_aliases(game: str, old: str, new: str) -> None:
    phase = _phase(game)
    assert phase[old] is phase[new]
    assert [m.name for m in phase] == [m.name for m in phase if m.name != old]  # iteration skips aliases


def test_the_simultaneous_window_is_window() -> None:
    from naipes.macarra import Phase as MacarraPhase
    from naipes.ranzo import Phase as RanzoPhase

    assert RanzoPhase.WINDOW == "window"
    assert MacarraPhase.WINDOW == "punishment"  # the value state dicts and views keep


def test_ranzo_reads_the_old_turn_value() -> None:
    from naipes.ranzo import Game, Phase

    assert Phase("turn") is Phase.PLAY
    game = Game(seed=7)
    data = game.to_dict()
    assert data["state"]["phase"] == "play"
    data["state"]["phase"] = "turn"  # a state dict written by 1.0 or 1.1
    assert Game.from_dict(data).phase is Phase.PLAY


@pytest.mark.parametrize("game", GAMES)
def test_game_and_view_phase_compare_to_strings(game: str) -> None:
    module = importlib.import_module(f"naipes.{game}")
    g = module.Game(seed=3)
    assert g.phase == "play" and g.phase is module.Phase.PLAY
    view = g.view(g.to_act[0])
    if hasattr(view, "phase"):
        assert view.phase == "play"


def test_machiavelli_phase_is_over_at_the_end() -> None:
    from naipes.machiavelli import Game, Phase, Rules

    game = Game(Rules(players=2, mode="single_deal"), seed=5)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert game.phase is Phase.OVER and game.phase == "over"
