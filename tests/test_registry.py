"""The registry: names, aliases, player counts, and games found through entry points.

The entry-point tests build a tiny installed distribution in a temporary
directory (a ``*.dist-info`` folder with ``METADATA`` and ``entry_points.txt``)
and put it on ``sys.path``, where :mod:`importlib.metadata` finds it: nothing
is installed with pip.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import naipes
from naipes import registry
from naipes.errors import RulesError, UsageError
from naipes.registry import ENTRY_POINT_GROUP, GameInfo, find_game, games, register


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Our games only, with the entry points not loaded yet."""
    ours = {"machuco", "macarra", "ranzo", "machiavelli"}  # not a game another test registered
    monkeypatch.setattr(registry, "_GAMES", {k: v for k, v in registry._GAMES.items() if v.name in ours})
    monkeypatch.setattr(registry, "_entry_points_loaded", False)


def _distribution(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, entry_points: str) -> None:
    info = tmp_path / f"{name.replace('-', '_')}-1.0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0.0\n")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\n{entry_points}\n")
    monkeypatch.syspath_prepend(str(tmp_path))


def test_our_games_and_their_player_counts() -> None:
    counts = {info.name: info.player_counts for info in games()}
    assert counts["machuco"] == (2, 4)
    assert counts["ranzo"] == (3, 4) and counts["machiavelli"] == (2, 3, 4, 5, 6)
    assert counts["macarra"] == tuple(range(2, 33))
    assert find_game(" La Ronda ") is find_game("machuco")


def test_unknown_game_is_a_usage_error(fresh_registry: None) -> None:
    with pytest.raises(UsageError, match="no game called 'chinchon'") as info:
        find_game("chinchon")
    assert info.value.code == "no_such_game" and "machuco" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_register_refuses_a_taken_name(fresh_registry: None) -> None:
    mine = GameInfo(name="toy-test", aliases=("toy alias",), min_players=2, max_players=3,
                    deck="french-16", module="naipes_toy")
    register(mine)
    assert find_game("TOY ALIAS") is mine and mine in games()
    with pytest.raises(RulesError) as info:
        register(GameInfo(name="other", aliases=("toy-test",), min_players=2, max_players=2,
                          deck="x", module="naipes_toy"))
    assert info.value.code == "name_taken"


def test_player_counts_must_fit_min_and_max() -> None:
    assert GameInfo(name="x", min_players=2, max_players=4, deck="d", module="m").player_counts == (2, 3, 4)
    for bad in ((2, 3), (4, 2), (), (2, 2, 4), (1, 4)):
        with pytest.raises(UsageError) as info:
            GameInfo(name="x", min_players=2, max_players=4, deck="d", module="m", player_counts=bad)
        assert info.value.code == "bad_game_info"


def test_a_game_found_through_its_entry_point(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              fresh_registry: None) -> None:
    _distribution(tmp_path, monkeypatch, "naipes-toy", "toy = naipes_toy:GAME_INFO")
    import naipes_toy

    names = [info.name for info in naipes.games()]
    assert names[:4] == ["machuco", "macarra", "ranzo", "machiavelli"] and names[-1] == "toy"
    info = find_game("toy game")
    assert info is naipes_toy.GAME_INFO and info.player_counts == (2, 3, 4)
    game = info.load().Game(seed=1)
    assert naipes.play_game(game, [naipes.RandomBot(1), naipes.RandomBot(2)]) == game.result


def test_entry_points_are_loaded_once_on_first_use(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    fresh_registry: None) -> None:
    find_game("machuco")  # the first use loads the (absent) entry points
    _distribution(tmp_path, monkeypatch, "naipes-toy", "toy = naipes_toy:GAME_INFO")
    with pytest.raises(UsageError):
        find_game("toy")


@pytest.mark.parametrize("value, why", [
    ("no_such_module_here:GAME_INFO", "No module named"),
    ("naipes_toy:NOT_THERE", "NOT_THERE"),
    ("naipes_toy:Game", "not a naipes.registry.GameInfo"),
    ("naipes.registry:ENTRY_POINT_GROUP", "names a str"),
])
def test_a_broken_entry_point_warns_and_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   fresh_registry: None, value: str, why: str) -> None:
    _distribution(tmp_path, monkeypatch, "naipes-broken", f"broken = {value}\ntoy = naipes_toy:GAME_INFO")
    with pytest.warns(RuntimeWarning, match="entry point 'broken'") as caught:
        names = [info.name for info in games()]
    assert why in str(caught[0].message)
    assert "broken" not in names and "toy" in names  # the good entry point still loads
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert games()  # entry points load once: no second warning


def test_an_entry_point_may_not_take_our_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               fresh_registry: None) -> None:
    import naipes_toy

    impostor = GameInfo(name="toy", aliases=("ronda",), min_players=2, max_players=4, deck="french-16",
                        module="naipes_toy")
    monkeypatch.setattr(naipes_toy, "IMPOSTOR", impostor, raising=False)
    _distribution(tmp_path, monkeypatch, "naipes-impostor", "toy = naipes_toy:IMPOSTOR")
    with pytest.warns(RuntimeWarning, match="already belongs to 'machuco'"):
        assert find_game("ronda").name == "machuco"
    with pytest.raises(UsageError):
        find_game("toy")
