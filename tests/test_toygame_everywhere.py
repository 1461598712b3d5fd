"""The example third-party game (examples/toygame) through every command, by its plugin alone.

The toy is registered from its entry point's ``GameInfo`` (``plugin="naipes_toy:Plugin"``),
in a copy of the registry, and then driven the way a person drives it: ``naipes demo``,
``play`` (moves on stdin), ``simulate``, ``tournament``, ``replay`` of a saved game and
:func:`naipes.svg.render`. Nothing here names the toy's modules to the commands: what they
show (the table in words, captures told, the toy's bot names) comes from the plugin.
The web server (tests/web/test_toygame_web.py), the search bots
(tests/search/test_toygame_search.py) and the adapters (tests/adapters/test_toygame_adapters.py)
have their own files.
"""

from __future__ import annotations

import io
import json
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Iterator

import attrs
import naipes_toy
import pytest

from naipes import registry
from naipes.cli import main
from naipes.plugin import GamePlugin, plugin, plugin_of
from naipes.svg import render


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy in a copy of the registry, as its entry point registers it; restored after."""
    registry.games()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    registry.register(naipes_toy.GAME_INFO)
    monkeypatch.setenv("NO_COLOR", "1")
    yield


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str,
        stdin: str | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_entry_point_names_the_toys_own_plugin() -> None:
    p = plugin("toy")
    assert type(p) is naipes_toy.Plugin and isinstance(p, GamePlugin)
    assert p.bots()["best"] == "naipes_toy:TakerBot" and "taker" in p.bots()
    assert p.quick() == {} and list(p.quick_rules) == ["hand"]


def test_the_toy_describes_its_moves_in_english_and_spanish() -> None:
    p = plugin("toy")
    game = naipes_toy.Game(seed=3)
    view = game.view(0)  # hand AH 4D 3D, empty table
    assert p.describe_move(naipes_toy.PlayCard(view.hand[0]), view, "en") == "play the ace of hearts"
    assert p.describe_move(naipes_toy.PlayCard(view.hand[0]), view, "es") == "juega el as de corazones"
    game.play(naipes_toy.PlayCard(view.hand[0]))
    after = game.view(1)  # AH on the table: an ace takes it
    ace = naipes_toy.PlayCard(naipes_toy.Card.parse("AC"))
    assert ace in after.legal_moves
    assert p.describe_move(ace, after, "en") == "play the ace of clubs and take the table"
    assert p.describe_move(ace, after, "es") == "juega el as de tréboles y llévate la mesa"
    assert p.describe_move(ace, None, "en") == "play the ace of clubs"  # no view: no table to take
    assert p.describe_move(naipes_toy.Bid(1), None, "es") == "apuesta 1"
    assert p.describe_move(naipes_toy.Bid(0), None, "xx") == "bid 0"  # an unknown language: English


def test_demo_plays_the_toy_with_its_words_and_its_bot(capsys, monkeypatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "demo", "--game", "toy", "--seed", "3", "--delay", "0")
    assert code == 0, out
    assert "naipes demo: toy, 2 players, seed 3" in out
    assert "seat 0 (TakerBot): " in out  # the plugin's best bot
    assert "table: -   stock: 10" in out and "seat 0's hand: AH 4D 3D" in out  # the plugin's render
    assert "seat 1 takes AH AC" in out  # the plugin's describe_event
    assert "type: View" not in out  # not the generic field dump
    assert "== game over ==" in out
    code, es, _ = run(capsys, monkeypatch, "--lang", "es", "demo", "--game", "toy", "--seed", "3",
                      "--delay", "0")
    assert code == 0 and "mesa: -   mazo: 10" in es and "el asiento 1 se lleva AH AC" in es


def test_play_a_whole_game_from_stdin_then_replay_it(capsys, monkeypatch, tmp_path: Path) -> None:
    save = tmp_path / "toy.json"
    code, out, _ = run(capsys, monkeypatch, "play", "toy", "--seed", "3", "--bots", "best",
                       "--save", str(save), stdin="AH\n" + "1\n" * 40)
    assert code == 0, out
    assert "your hand: AH 4D 3D" in out and "you (seat 0): AH" in out
    assert "== game over ==" in out and "Record saved to" in out
    record = json.loads(save.read_text())
    game = naipes_toy.Game.from_record(record)
    assert game.is_over and str(game.history[0][1]) == "AH"
    code, replayed, _ = run(capsys, monkeypatch, "replay", str(save), "--all")
    assert code == 0, replayed
    assert replayed.count("-- move ") == len(record["moves"])
    assert "seat 0's hand: AH 4D 3D" in replayed and "== game over ==" in replayed
    assert "seat 1 takes" in replayed or "seat 0 takes" in replayed
    code, seat1, _ = run(capsys, monkeypatch, "replay", str(save), "--seat", "1", "--all")
    assert code == 0 and "AH 4D 3D" not in seat1  # seat 1 never sees seat 0's hand


def test_play_refuses_an_illegal_move_in_the_toys_own_words(capsys, monkeypatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "play", "toy", "--seed", "3", stdin="KS\n4D\n")
    assert code == 0
    assert "play a card from your hand" in out and "you (seat 0): 4D" in out


def test_simulate_with_the_toys_bot_names(capsys, monkeypatch) -> None:
    code, out, err = run(capsys, monkeypatch, "simulate", "toy", "--games", "12", "--seed", "5",
                         "--bots", "taker,random", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 12 and len(data["seats"]) == 2
    assert sum(s["win_share"] for s in data["seats"]) == pytest.approx(12)
    code, _, err = run(capsys, monkeypatch, "simulate", "toy", "--games", "2", "--bots", "nothing")
    assert code == 1 and "no bot 'nothing'" in err


def test_tournament_of_the_toys_bots(capsys, monkeypatch, tmp_path: Path) -> None:
    results = tmp_path / "results.json"
    code, out, err = run(capsys, monkeypatch, "tournament", "toy", "--bots", "best,random",
                         "--games", "8", "--seed", "1", "--json", str(results))
    assert code == 0, err
    assert "naipes tournament: toy, 2 players, 8 games" in out
    data = json.loads(results.read_text())
    assert data["game"] == "toy" and data["games"] == 8 and len(data["records"]) == 8
    assert all(r["moves"] >= 18 for r in data["records"])
    best, rand = data["entrants"]
    assert best["bot"] == "best" and best["games"] == 8 and best["wins"] + rand["wins"] == pytest.approx(8)
    # in worker processes too (the worker loads the toy's plugin from the pickled GameInfo)
    code, _, err = run(capsys, monkeypatch, "tournament", "toy", "--bots", "taker,random", "--games", "8",
                       "--seed", "1", "--jobs", "2", "--json", str(results))
    assert code == 0, err
    again = json.loads(results.read_text())
    assert [r["returns"] for r in again["records"]] == [r["returns"] for r in data["records"]]


def test_render_draws_the_toy_from_its_plugins_zones() -> None:
    game = naipes_toy.Game(naipes_toy.Rules(players=3), seed=2)
    for _ in range(7):
        game.play(game.legal_moves()[0])
    view = game.view(1)
    assert type(plugin_of(view)) is naipes_toy.Plugin
    svg = render(view, width=40)
    root = ET.fromstring(svg)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Your hand" in texts and "Table" in texts and "Stock" in texts
    assert any(t and t.startswith("pile0: taken") for t in texts)
    titles = Counter(t.text for t in root.iter("{http://www.w3.org/2000/svg}title"))
    assert titles, "the cards are drawn with their names"
    assert view._repr_svg_() == render(view)
    # the generic plugin (plugin=None) draws only the hand: the zones come from the toy's plugin
    registry.register(attrs.evolve(naipes_toy.GAME_INFO, plugin=None))
    assert render(view) != svg
