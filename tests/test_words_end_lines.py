"""The end of a game in words (issue 39): every game's last event line and the end screen of
``naipes play``/``demo`` agree in number with their winners, in English and Spanish, and
Machiavelli's end screen shows the totals the events told."""

from __future__ import annotations

import re
from typing import Any, Iterator

import attrs
import pytest

from naipes import registry
from naipes._i18n import winners_text
from naipes.bots import RandomBot, play_game
from naipes.cli import main
from naipes.events import Event, GameEnded
from naipes.plugin import plugin

GAMES = ("machuco", "macarra", "ranzo", "machiavelli", "toy")
#: (players, settings) of a finished game per game: teams where the game has them.
SETUPS = {"machuco": [(2, {"scope": "hand"}), (4, {"scope": "hand"})], "macarra": [(3, {})],
          "ranzo": [(4, {"rounds": 1}), (4, {"rounds": 1, "teams": True})],
          "machiavelli": [(2, {"mode": "single_deal"}), (3, {"mode": "single_deal"})], "toy": [(3, {})]}
#: Winners to word: one, two, three, none.
WINNERS = [(2,), (0, 1), (0, 1, 2), ()]


@pytest.fixture(autouse=True)
def with_toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    import naipes_toy

    registry.games()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    if "toy" not in registry._GAMES:
        registry.register(naipes_toy.GAME_INFO)
    monkeypatch.setenv("NO_COLOR", "1")
    yield


def _ended(name: str, players: int, settings: dict[str, Any], seed: int = 2) -> GameEnded:
    p = plugin(name)
    game = p.new_game(p.rules(players=players, settings=settings), seed=seed)
    seen: list[Event] = []
    game.events.subscribe(GameEnded, seen.append)
    play_game(game, [RandomBot(seed + s) for s in range(game.num_players)])
    assert len(seen) == 1
    event = seen[0]
    assert isinstance(event, GameEnded)
    return event


def _english_agrees(text: str) -> None:
    assert not re.search(r"\bseat \d+ win\b", text), text
    assert not re.search(r"\bseats [\d ,and]+ wins\b", text), text
    assert not re.search(r"\bseats \d+ win", text), text  # "seats 1 win": one seat, plural noun
    assert "Winners: nobody" not in text


def _spanish_agrees(text: str) -> None:
    assert not re.search(r"\bganan? el asiento \d+ y el asiento", text), text
    assert not re.search(r"\bganan (el|del) asiento \d+\b(?! y)", text), text
    assert not re.search(r"\bgana los asientos", text), text
    assert "win" not in text and "seat" not in text, text


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("winners", WINNERS)
def test_the_last_line_agrees_with_its_winners(name: str, winners: tuple[int, ...]) -> None:
    p = plugin(name)
    for players, settings in SETUPS[name]:
        real = _ended(name, players, settings)
        event = attrs.evolve(real, result=attrs.evolve(real.result, winners=winners))
        en, es = p.describe_event(event, "en"), p.describe_event(event, "es")
        assert en is not None and es is not None
        _english_agrees(en)
        _spanish_agrees(es)
        assert winners_text(winners, "en") in en, en
        assert winners_text(winners, "es") in es, es


def test_winners_text_words_one_several_and_none() -> None:
    assert winners_text((3,)) == "seat 3 wins"
    assert winners_text((1, 3)) == "seats 1 and 3 win"
    assert winners_text((0, 1, 2)) == "seats 0, 1 and 2 win"
    assert winners_text(()) == "nobody wins"
    assert winners_text((3,), "es") == "gana el asiento 3"
    assert winners_text((1, 3), "es") == "ganan los asientos 1 y 3"
    assert winners_text((), "es") == "no gana nadie"


@pytest.mark.parametrize("winners", [(1,), (0, 2)])
def test_machiavelli_hand_winners_agree(winners: tuple[int, ...]) -> None:
    from naipes.machiavelli import HandEnded

    event = HandEnded(hand=1, scores=(0, 0, 0), winners=winners, went_out=True, hands=((), (), ()),
                      points=(0, 0, 0))
    p = plugin("machiavelli")
    en, es = p.describe_event(event, "en"), p.describe_event(event, "es")
    assert en is not None and es is not None
    if len(winners) == 1:
        assert "won by seat 1 (" in en and "la gana el asiento 1 (" in es
    else:
        assert "won by seats 0 and 2 (" in en and "la ganan los asientos 0 y 2 (" in es


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return str(capsys.readouterr().out)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_machiavelli_end_screen_shows_the_totals_the_events_told(capsys, lang: str) -> None:
    for seed in (1, 2):
        out = _run(capsys, "--lang", lang, "demo", "--game", "machiavelli", "--players", "2", "--seed", str(seed),
                   "--max-moves", "0", "--delay", "0")
        told = re.findall(r"(?:totals|totales): (?:seat|asiento) 0 (\d+), (?:seat|asiento) 1 (\d+)", out)
        assert told, out[-2000:]
        end = out.split("== game over ==" if lang == "en" else "== fin de la partida ==")[-1]
        shown = re.findall(r"  (?:seat|asiento) (\d): \d+ cartas?|  (?:seat|asiento) (\d): \d+ cards?", end)
        totals = [int(t) for t in re.findall(r", total (\d+)", end)]
        assert shown and totals == [int(t) for t in told[-1]], end
        assert sum(totals) > 0  # a single deal's pot, not the penalty totals of a session


def test_the_end_screen_says_nobody_wins_when_nobody_does(capsys, monkeypatch) -> None:
    import io

    from naipes._cli_games import GameKit
    from naipes._cli_play import Table
    from naipes._cli_term import Term

    for lang, expected in (("en", "Nobody wins."), ("es", "No gana nadie.")):
        out = io.StringIO()
        kit = GameKit.find("toy")
        game = kit.new_game(kit.rules(2, {}), 3)
        play_game(game, [RandomBot(s) for s in range(2)])
        table = Table(kit, game, Term(color=False, out=out, lang=lang), [None, None])
        nobody = attrs.evolve(game.result, winners=())
        monkeypatch.setattr(type(game), "result", property(lambda self: nobody))
        table.finish()
        text = out.getvalue()
        assert expected in text and "nobody" not in text.replace("Nobody wins.", ""), text
        assert "Winners:" not in text and "Ganan:" not in text
