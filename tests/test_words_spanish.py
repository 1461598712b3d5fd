"""Spanish wherever a ``--lang es`` user looks (issue 39): ``naipes tournament --lang es``,
``naipes --lang es rules GAME``, the games' descriptions in ``demo`` and ``games``, ``simulate``'s
progress line and Machiavelli's turn at the keyboard."""

from __future__ import annotations

import io
import sys
from typing import Iterator

import pytest

from naipes import registry
from naipes.cli import main
from naipes.registry import GameInfo

GAMES = ("machuco", "macarra", "ranzo", "machiavelli")
#: English that must not be left in what a Spanish user reads.
ENGLISH = (" players", "players:", " games", "seed ", "lineups", "wins", "rating:", "mean return", "deal per game",
           "Options", "deck ", "The rules", "Notation")


@pytest.fixture(autouse=True)
def plain_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    import naipes_toy

    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    registry.games()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    if "toy" not in registry._GAMES:
        registry.register(naipes_toy.GAME_INFO)
    yield


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return str(out)


def _no_english(text: str, allowed: tuple[str, ...] = ()) -> None:
    text = text.split("Opciones (campos de Rules")[0]  # the options are named by their fields
    for word in ENGLISH:
        if word not in allowed:
            assert word not in text, (word, text[:3000])


# -- naipes tournament --------------------------------------------------------------------
@pytest.mark.parametrize("where", ["after", "before"])
def test_tournament_takes_lang_like_every_command(capsys, where: str) -> None:
    args = ["tournament", "toy", "--bots", "best,random", "--games", "4", "--seed", "3"]
    argv = [*args, "--lang", "es"] if where == "after" else ["--lang", "es", *args]
    out = _run(capsys, *argv)
    assert "naipes tournament: toy, 2 jugadores, 4 partidas, semilla 3" in out
    assert "alineaciones, cada reparto se juega en todas las alineaciones" in out
    assert "victorias" in out and "retorno medio" in out and "aproximados" in out
    _no_english(out)


def test_tournament_progress_line_in_spanish() -> None:
    from naipes._cli_tournament import Bar

    line = Bar(io.StringIO(), lang="es").line(5, 10, 2.0)
    assert line.endswith("5/10 partidas, 2.5 partidas/s, quedan 2 s")
    assert Bar(io.StringIO(), lang="es").line(0, 10, 0.0).endswith("tiempo restante desconocido")


# -- naipes rules -------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_rules_in_spanish(capsys, game: str) -> None:
    out = _run(capsys, "--lang", "es", "rules", game)
    assert "jugadores, baraja" in out and "Opciones (campos de Rules" in out
    assert "Las reglas" in out and "no están escritas en español" not in out
    _no_english(out)
    assert "Where it comes from" not in out and "Quick start" not in out
    english = _run(capsys, "rules", game)
    assert "Options (fields of Rules" in english and "Las reglas" not in english


def test_rules_of_a_game_without_spanish_fall_back_to_english_and_say_so(capsys, monkeypatch) -> None:
    registry.register(GameInfo(name="plain", min_players=2, max_players=4, deck="french-16",
                               module="toy_module", summary="A test-only toy game."))
    out = _run(capsys, "--lang", "es", "rules", "plain")
    assert "(Las reglas de plain no están escritas en español: siguen en inglés.)" in out
    assert "play a card onto the table" in out  # the English page itself
    assert "2 a 4 jugadores, baraja french-16" in out


def test_rules_of_the_toy_in_spanish(capsys) -> None:
    out = _run(capsys, "--lang", "es", "rules", "toy")
    assert "no están escritas en español" not in out and "Toy: juega una carta" in out
    assert "Dieciséis cartas francesas" in out
    _no_english(out)


# -- demo, games, simulate -----------------------------------------------------------------
@pytest.mark.parametrize("game", [*GAMES, "toy"])
def test_demo_describes_the_game_in_spanish(capsys, game: str) -> None:
    out = _run(capsys, "--lang", "es", "demo", "--game", game, "--seed", "1", "--delay", "0",
               "--max-moves", "3")
    head = out.splitlines()[1]
    english = _run(capsys, "demo", "--game", game, "--seed", "1", "--delay", "0", "--max-moves", "3")
    assert head != english.splitlines()[1]
    assert registry.find_game(game).summary_in("es") == head


def test_games_lists_the_spanish_descriptions(capsys) -> None:
    out = _run(capsys, "--lang", "es", "games")
    for game in GAMES:
        assert f"{game}: {registry.find_game(game).summary_in('es')}" in out
    assert "a fishing game" not in out and "patience race" not in out


def test_simulate_progress_line_in_spanish(monkeypatch) -> None:
    from naipes import _cli_sim

    now = [0.0]
    monkeypatch.setattr(_cli_sim.time, "perf_counter", lambda: now[0])
    log = io.StringIO()
    bar = _cli_sim._Progress(log, 10, "es")
    now[0] = 2.0
    bar.update(4)
    assert log.getvalue() == "4/10 partidas, 2.0 partidas/s, quedan unos 3 s\n"


def test_simulate_passes_the_language_to_its_progress_line(capsys, monkeypatch) -> None:
    from naipes import _cli_sim

    seen: list[str] = []
    real = _cli_sim._Progress

    def spy(stream, total, lang="en"):  # type: ignore[no-untyped-def]
        seen.append(lang)
        return real(stream, total, lang)

    monkeypatch.setattr(_cli_sim, "_Progress", spy)
    _run(capsys, "--lang", "es", "simulate", "toy", "--games", "2")
    assert seen == ["es"]


# -- Machiavelli's workspace -----------------------------------------------------------------
def test_the_machiavelli_turn_in_spanish(capsys, monkeypatch) -> None:
    lines = "help\ncheck\ntake ZZ\ntake AS to 9\nsplit 1 at 9\ncommit\nhint\nfoo\nundo\nq\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    out = _run(capsys, "--lang", "es", "play", "machiavelli", "--players", "2", "--seed", "1")
    assert "Órdenes (las combinaciones se numeran desde 1" in out
    assert "no pones ninguna carta de la mano" in out
    assert "no hay combinación 9" in out and "no hay nada que deshacer" in out
    assert "orden desconocida 'foo': escribe help" in out and "pista: puedes jugar" in out
    assert "todavía no vale:" in out
    for english in ("Commands (melds", "cannot do that", "unknown command", "nothing to undo", "there is no meld",
                    "not valid yet", "hint: you can", "Your turn", "Table:", "no card from the hand"):
        assert english not in out, english


def test_workspace_explains_in_spanish() -> None:
    from naipes.machiavelli import Game, Rules, Workspace

    game = Game.from_position(Rules(players=2), hands=["7H 7D JS 2C", "KD"],
                              table="[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]", stock="KH")
    ws = Workspace(game.view(0), numbering=1)
    ws.take("7H")
    ws.take("2C", 2)
    ws.take("JS", 2)
    assert ws.explain() == "meld 3 [2C 7H JS]: neither a group (one rank) nor a run (one suit)"
    assert ws.explain("es") == "combinación 3 [2C 7H JS]: ni un grupo (un número) ni una escalera (un palo)"
    ws.reset()
    assert ws.explain("es") == "no pones ninguna carta de la mano (una jugada pone al menos una, MV-05)"
