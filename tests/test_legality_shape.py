"""One legality shape in every game: ``legality.check(game, move, seat)`` and a read-only ``legality.CODES``."""

from __future__ import annotations

import importlib
import warnings
from types import MappingProxyType

import pytest

from naipes.errors import IllegalMoveError, NaipesError

GAMES = ("machuco", "ranzo", "macarra", "machiavelli")
#: The 1.0 names of each game's legality module, now deprecated aliases.
OLD_NAMES = {
    "machuco": ("check_play", "check_decision", "check_response", "explain"),
    "ranzo": ("refuse", "reason"),
    "macarra": ("check_move", "check_bid", "fits"),
    "machiavelli": ("check_play", "check_draw"),
}


def _game(name: str) -> object:
    return importlib.import_module(f"naipes.{name}").Game(seed=11)


def _an_illegal_move(game: object) -> tuple[object, int]:
    """A move of the game that is legal for no seat now (a legal move of another position)."""
    legal = set(game.legal_moves())  # type: ignore[attr-defined]
    probe = game.clone()  # type: ignore[attr-defined]
    for _ in range(200):
        seat = probe.to_act[0]
        for move in probe.legal_moves(seat):
            if move not in legal:
                return move, game.to_act[0]  # type: ignore[attr-defined]
        probe.play(probe.legal_moves(seat)[-1], seat)
    raise AssertionError("no illegal move found")


@pytest.mark.parametrize("name", GAMES)
def test_the_same_shape_in_every_game(name: str) -> None:
    legality = importlib.import_module(f"naipes.{name}.legality")
    assert isinstance(legality.CODES, MappingProxyType)
    assert "check" in legality.__all__ and "CODES" in legality.__all__
    game = _game(name)
    before = game.to_dict()  # type: ignore[attr-defined]
    for move in game.legal_moves():  # type: ignore[attr-defined]
        assert legality.check(game, move, game.to_act[0]) is None  # type: ignore[attr-defined]
    move, seat = _an_illegal_move(game)
    with pytest.raises(IllegalMoveError) as info:
        legality.check(game, move, seat)
    assert info.value.code in legality.CODES and info.value.code != "illegal_move"
    assert info.value.rule == legality.CODES[info.value.code][0] or info.value.rule is None
    assert game.to_dict() == before  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", GAMES)
def test_check_refuses_a_seat_not_to_act_and_another_game(name: str) -> None:
    legality = importlib.import_module(f"naipes.{name}.legality")
    game = _game(name)
    seat = game.to_act[0]  # type: ignore[attr-defined]
    other = next(s for s in range(game.num_players) if s not in game.to_act)  # type: ignore[attr-defined]
    with pytest.raises(IllegalMoveError) as info:
        legality.check(game, game.legal_moves(seat)[0], other)  # type: ignore[attr-defined]
    assert info.value.code == "not_your_turn"
    stranger = _game(next(g for g in GAMES if g != name))
    with pytest.raises(IllegalMoveError) as wrong:
        legality.check(stranger, "draw", 0)
    assert wrong.value.code == "wrong_game"


@pytest.mark.parametrize("name", GAMES)
def test_check_reads_notation(name: str) -> None:
    legality = importlib.import_module(f"naipes.{name}.legality")
    game = _game(name)
    legality.check(game, str(game.legal_moves()[0]), None)  # type: ignore[attr-defined]
    with pytest.raises(NaipesError) as info:
        legality.check(game, "no such move at all", None)
    assert info.value.code in legality.CODES


@pytest.mark.parametrize("name, old", [(g, o) for g, names in OLD_NAMES.items() for o in names])
def test_old_names_warn_and_still_work(name: str, old: str) -> None:
    legality = importlib.import_module(f"naipes.{name}.legality")
    function = getattr(legality, old)
    assert "deprecated" in (function.__doc__ or "").lower()
    with pytest.warns(DeprecationWarning, match=old):
        try:
            function(*_old_arguments(name, old))
        except NaipesError:
            pass  # the old function's own refusal: it still ran


def _old_arguments(name: str, old: str) -> tuple[object, ...]:
    game = _game(name)
    seat = game.to_act[0]  # type: ignore[attr-defined]
    move = game.legal_moves()[0]  # type: ignore[attr-defined]
    if name == "machuco":
        return {"check_play": (move, seat, [move], []), "check_decision": (move, seat, (1,)),
                "check_response": (move, seat), "explain": ("capture_compulsory",)}[old]
    if name == "ranzo":
        return (game, move, seat)
    if name == "macarra":
        return {"check_move": (game, move, seat, tuple(game.legal_moves()), game.forced_move()),  # type: ignore[attr-defined]
                "check_bid": (move, seat), "fits": (game,)}[old]
    return {"check_play": ((), move, (), seat), "check_draw": (5, move, seat)}[old]


def test_an_old_name_gives_the_old_answer() -> None:
    from naipes.machuco import legality

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert legality.explain("capture_compulsory").startswith("MC-13: ")
