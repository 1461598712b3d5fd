"""The words of a table in the page's language and with the players' names (issue 23): the unit of
play a result names, zone labels in Spanish, decisions that name the players, and third-party
plugins whose hooks take none of the new keywords."""

from __future__ import annotations

import json
import random
from typing import Any

import naipes_toy
import pytest

from naipes.plugin import GamePlugin, plugin
from naipes.web import Listener, Lobby, Settings
from naipes.web.messages import decision_text, result_entry, zones_of

RECEIVED: list[dict[str, Any]] = []


def _table(game: str, players: int | None = None, seed: int = 3, **rules: object) -> Any:
    settings = {**plugin(game).quick(), **rules}
    return Lobby(Settings(bot_delay=0)).create(game, players=players, rules=settings, seed=seed)


def _play(table: Any, moves: int = 100_000, seed: int = 0) -> None:
    rng = random.Random(seed)
    while not table.game.is_over and len(table.game.history) < moves:
        seat = table.game.to_act[0]
        table.play(seat, rng.choice(table.game.legal_moves(seat)))


def _update(table: Any, seat: int | None, lang: str = "en") -> dict[str, Any]:
    message: dict[str, Any] = json.loads(json.dumps(table.update_for(Listener(seat=seat, lang=lang))))
    RECEIVED.append(message)
    return message


UNITS = [("machuco", {"scope": "hand"}, "the hand", "la mano"), ("machuco", {"scope": "chico"}, "the chico", "el chico"),
         ("machuco", {"scope": "match"}, "the match", "la partida"), ("ranzo", {"rounds": 1}, "the round", "la ronda"),
         ("ranzo", {"rounds": 2}, "the game", "la partida"),
         ("machiavelli", {"mode": "single_deal"}, "the deal", "la mano"),
         ("machiavelli", {"mode": "session"}, "the game", "la partida"), ("macarra", {}, "the game", "la partida")]


@pytest.mark.parametrize(("game", "settings", "en", "es"), UNITS)
def test_each_game_names_the_unit_its_rules_play(game: str, settings: dict[str, object], en: str, es: str) -> None:
    p = plugin(game)
    rules = p.rules(settings=settings)
    assert (p.result_unit(rules), p.result_unit(rules, "es")) == (en, es)


def test_a_game_without_the_hook_plays_the_game() -> None:
    toy = naipes_toy.Plugin(naipes_toy.GAME_INFO)
    assert (toy.result_unit(), toy.result_unit(None, "es")) == ("the game", "la partida")


@pytest.mark.parametrize("game", ["machuco", "ranzo", "machiavelli", "macarra"])
def test_the_banner_says_what_was_won_from_each_side(game: str) -> None:
    table = _table(game, players=2 if game != "ranzo" else 3)
    _play(table)
    unit = plugin(game).result_unit(table.game.rules)
    for seat in range(table.game.num_players):
        result = _update(table, seat)["result"]
        verb = "You won " if result["you_won"] else "You lost "
        assert result["unit"] == unit and result["text"].startswith(verb + unit), result["text"]
    spanish = _update(table, 0, "es")["result"]
    assert spanish["text"].startswith("Has ganado " if spanish["you_won"] else "Has perdido ")
    assert spanish["unit"] == plugin(game).result_unit(table.game.rules, "es") in spanish["text"]


def test_a_two_sided_result_reads_your_score_first_and_names_the_winner() -> None:
    table = _table("machuco", players=2)
    table.join(0, name="Ana")
    _play(table)
    result = table.game.result
    winner, loser = (0, 1) if 0 in result.winners else (1, 0)
    won, lost = _update(table, winner)["result"]["text"], _update(table, loser)["result"]["text"]
    high, low = result.scores[winner], result.scores[loser]
    assert won == f"You won the hand {high}\u2013{low}"
    assert lost == f"You lost the hand {low}\u2013{high}: " + ("Ana won" if winner == 0 else "seat 1 won")
    spectator = _update(table, None, "es")["result"]["text"]
    assert spectator == ("Ana" if winner == 0 else "El asiento 1") + f" ha ganado la mano {high}\u2013{low}"


@pytest.mark.parametrize("game", ["machuco", "ranzo", "machiavelli", "macarra"])
def test_zone_labels_are_in_the_pages_language(game: str) -> None:
    table = _table(game)
    _play(table, 10)
    english, spanish = _update(table, 0)["zones"], _update(table, 0, "es")["zones"]
    assert [z["cards"] for z in english] == [z["cards"] for z in spanish]
    assert all(e["label"] and s["label"] for e, s in zip(english, spanish))
    differ = [(e["label"], s["label"]) for e, s in zip(english, spanish) if e["label"] != s["label"]]
    assert len(differ) >= len(english) // 2, differ
    mine = [s["label"] for s in spanish if s["seat"] == 0]
    assert any(label.startswith("Tu ") for label in mine), mine
    assert not any("Your" in s["label"] or "Seat" in s["label"] for s in spanish)
    public = _update(table, None, "es")["zones"]
    assert not any("Your" in z["label"] or z["label"].startswith("Tu ") for z in public)
    assert [z["name"] for z in english] == [z["name"] for z in spanish]  # the names moves use stay


def test_a_plugin_whose_zones_take_no_language_still_draws() -> None:
    toy = naipes_toy.Plugin(naipes_toy.GAME_INFO)
    game = toy.new_game(toy.rules(players=2), seed=1)
    zones = zones_of(toy, game, 0, "es")
    assert any(z["label"] == "Tu mano" for z in zones)  # the example game takes lang
    assert any(z["kind"] == "hand" and z["hidden"] for z in zones_of(toy, game, None, "es"))

    class Plain(GamePlugin[Any, Any, Any]):
        def zones(self, view: Any) -> Any:  # a 1.1-style override: no lang
            return super().zones(view)

    plain = Plain(naipes_toy.GAME_INFO)
    assert zones_of(plain, game, 1, "es")[0]["label"] == "Your hand"
    assert GamePlugin(naipes_toy.GAME_INFO).zones(game.view(0), "es")[0].label == "Tu mano"


def test_decisions_name_the_players_who_have_names() -> None:
    table = _table("ranzo")
    seat = table.game.to_act[0]
    table.join(seat, name="Ana")
    for open_seat in table.waiting:  # the game waits for every seat (issue 42)
        table.join(open_seat)
    assert _update(table, None)["decision"] == "Ana to discard or call Ranzo"
    assert _update(table, None, "es")["decision"] == "Ana descarta o canta Ranzo"
    other = (seat + 1) % 4
    assert decision_text(table.plugin, table.game, "en") == f"Seat {seat} to discard or call Ranzo"
    names = [""] * 4
    names[other] = "Bea"
    assert "Bea" not in (decision_text(table.plugin, table.game, "en", names) or "")
    macarra = _table("macarra", players=2)
    macarra.join(macarra.game.to_act[0], name="Eva")
    macarra.join()
    assert _update(macarra, None, "es")["decision"].startswith("Le toca a Eva: ")


def test_the_generic_decision_names_the_players_too() -> None:
    toy = naipes_toy.Plugin(naipes_toy.GAME_INFO)
    game = toy.new_game(toy.rules(players=2), seed=1)
    seat = game.to_act[0]
    names = ["", ""]
    names[seat] = "Ana"
    assert decision_text(toy, game, "en", names) == "Ana to play"
    assert decision_text(toy, game, "es") == f"Le toca al asiento {seat}"
    assert result_entry(toy, game, 0, "en") is None


def test_zz_every_message_here_validates() -> None:
    pytest.importorskip("jsonschema")
    from ._check import check_message

    assert RECEIVED
    for message in RECEIVED:
        check_message(message)
