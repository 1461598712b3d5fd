"""The shared events in words for a game with no words of its own (issue 39), shown with the
example third-party toy game: ``GamePlugin.describe_event`` tells ``MovePlayed``, ``HandStarted``,
``CardsDealt``, ``ScoresChanged``, ``HandEnded`` and ``GameEnded`` in English and Spanish, and
``MovePlayed.to_dict()["type"]`` names the game by its registered name."""

from __future__ import annotations

import re
from typing import Any

import attrs
import naipes_toy
import pytest
from toygame import Bid, Captured, Dealt, GameEnded, HandEnded, HandStarted, PlayCard, ToyGame

from naipes.bots import RandomBot, play_game
from naipes.cards import Card
from naipes.events import Event, MovePlayed, ScoresChanged
from naipes.plugin import GamePlugin, plugin

#: ``Name(field=...)``: how a raw event dump starts.
RAW_EVENT = re.compile(r"\b[A-Z][A-Za-z]+\((?:[a-z_]+)=")


from _toy_registered import with_toy  # noqa: E402,F401  (autouse: the toy is registered)


def _events(seed: int = 3, players: int = 2) -> list[Event]:
    game = ToyGame(naipes_toy.Rules(players=players), seed=seed)
    seen: list[Event] = list(game.opening_events)
    game.events.subscribe(Event, seen.append)
    play_game(game, [RandomBot(seed + s) for s in range(players)])
    return seen


def _plugins() -> list[GamePlugin[Any, Any, Any]]:
    """The toy's own plugin (it words captures and leaves the rest to the default) and the
    generic plugin of the same game (no words at all)."""
    return [plugin("toy"), GamePlugin(attrs.evolve(naipes_toy.GAME_INFO, plugin=None))]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_toy_event_is_told_in_words(lang: str) -> None:
    for p in _plugins():
        for seed in range(4):
            for event in _events(seed, players=2 + seed % 3):
                text = p.describe_event(event, lang)
                assert text and text.strip(), event
                assert not RAW_EVENT.search(text), text
                assert "Result(" not in text
                if lang == "es":
                    assert not re.search(r"\b(seat|scores|game over|hand \d|plays|is dealt|wins?)\b", text), text


def test_the_shared_events_in_english_and_spanish() -> None:
    p = plugin("toy")
    ace = PlayCard(Card.parse("AH"))
    cases = [
        (MovePlayed(seat=0, move=ace), "seat 0: play the ace of hearts", "asiento 0: juega el as de corazones"),
        (MovePlayed(seat=1, move=Bid(1)), "seat 1: bid 1", "asiento 1: apuesta 1"),
        (HandStarted(hand=1, dealer=None, first=0), "hand 1: seat 0 plays first", "mano 1: empieza el asiento 0"),
        (Dealt(seat=1, cards=(Card.parse("3H"),), count=1, private_to=1), "seat 1 is dealt the three of hearts",
         "el asiento 1 recibe el tres de corazones"),
        (Dealt(seat=1, cards=(), count=3, private_to=1), "seat 1 is dealt 3 cards", "el asiento 1 recibe 3 cartas"),
        (Dealt(seat=1, cards=(), count=1, private_to=1), "seat 1 is dealt 1 card", "el asiento 1 recibe 1 carta"),
        (ScoresChanged(totals=(8, 7)), "scores: 8, 7", "puntos: 8, 7"),
        (HandEnded(hand=1, scores=(8, 7)), "hand 1 ends; scores: 8, 7", "termina la mano 1; puntos: 8, 7"),
        (Captured(seat=1, cards=(Card.parse("AH"), Card.parse("AC")), totals=(0, 2)), "seat 1 takes AH AC",
         "el asiento 1 se lleva AH AC"),  # the toy's own words stay
    ]
    for event, en, es in cases:
        assert p.describe_event(event, "en") == en
        assert p.describe_event(event, "es") == es
    generic = _plugins()[1]
    assert generic.describe_event(MovePlayed(seat=0, move=ace), "en") == "seat 0: AH"  # no move words
    assert generic.describe_event(MovePlayed(seat=0, move=ace), "es") == "asiento 0: AH"


def test_game_ended_names_its_winners() -> None:
    p = plugin("toy")
    result = naipes_toy.Result(winners=(0,), ranking=((0,), (1,)), scores=(8, 7), returns=(1.0, 0.0), bids=(1, 1))
    one = GameEnded(result=result)
    assert p.describe_event(one, "en") == "game over: seat 0 wins; scores: 8, 7"
    assert p.describe_event(one, "es") == "fin de la partida: gana el asiento 0; puntos: 8, 7"
    tie = GameEnded(result=attrs.evolve(result, winners=(0, 1), scores=(8, 8)))
    assert p.describe_event(tie, "en") == "game over: seats 0 and 1 win; scores: 8, 8"
    assert p.describe_event(tie, "es") == "fin de la partida: ganan los asientos 0 y 1; puntos: 8, 8"


def test_the_four_games_keep_their_own_words() -> None:
    from naipes.machuco import MajoMade

    assert plugin("machuco").describe_event(MajoMade(seat=1, side=1, level=2, rank=7), "es") == \
        "asiento 1: contramajo a los 7"
    # a front end shows their moves itself: their words of MovePlayed stay None
    game = plugin("ranzo").new_game(None, seed=1)
    move = game.legal_moves()[0]
    assert plugin("ranzo").describe_event(MovePlayed(seat=0, move=move), "en") is None


def test_move_played_type_names_the_registered_game() -> None:
    assert MovePlayed(seat=0, move=PlayCard(Card.parse("AH"))).to_dict()["type"] == "toy.MovePlayed"
    for name in ("machuco", "macarra", "ranzo", "machiavelli"):
        game = plugin(name).new_game(None, seed=1)
        move = game.legal_moves()[0]
        assert MovePlayed(seat=0, move=move).to_dict()["type"] == f"{name}.MovePlayed"
    # every toy event, MovePlayed included, names the toy the same way
    types = {e.to_dict()["type"].partition(".")[0] for e in _events()}
    assert types == {"toy"}


def test_the_demo_tells_the_toy_in_words(capsys, monkeypatch) -> None:
    from naipes.cli import main

    monkeypatch.setenv("NO_COLOR", "1")
    for lang, words in (("en", "game over: seat 0 wins; scores: 8, 7"),
                        ("es", "fin de la partida: gana el asiento 0; puntos: 8, 7")):
        assert main(["--lang", lang, "demo", "--game", "toy", "--seed", "3", "--delay", "0"]) == 0
        out = capsys.readouterr().out
        assert words in out
        assert "MovePlayed" not in out and "GameEnded(" not in out and not RAW_EVENT.search(out), out
