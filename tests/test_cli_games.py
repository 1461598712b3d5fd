"""The ``naipes`` command on the four real games: rules from package data, streams that
are not UTF-8, one labelling style, Spanish, forced moves, simulate's summaries, bot specs.
"""

from __future__ import annotations

import importlib.resources
import io
import json
import re
import sys
from typing import Any

import pytest

from naipes import registry
from naipes._cli_games import GameKit
from naipes._cli_term import Term
from naipes.cli import main
from naipes.events import Event

GAMES = ("machuco", "macarra", "ranzo", "machiavelli")
#: ``Name(field=...)``: how a raw event repr starts.
RAW_EVENT = re.compile(r"\b[A-Z][A-Za-z]+\((?:[a-z_]+)=")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def _plain_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("NO_COLOR", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


# -- packaging: the rules pages --------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_rules_print_the_packaged_page(capsys, game: str) -> None:
    page = importlib.resources.files("naipes").joinpath("rules", f"{game}.rst").read_text("utf-8")
    code, out, _ = run(capsys, "rules", game)
    assert code == 0
    assert page.splitlines()[0] in out  # the page's title: the rules of play, not only the options
    assert "Options (fields of Rules" in out and ">>>" not in out and ".. doctest::" not in out


def test_play_points_at_naipes_rules_not_at_docs_files(capsys, monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    code, out, _ = run(capsys, "play", "ranzo", "--seed", "1")
    assert code == 0 and "naipes rules ranzo" in out and "docs/" not in out and ".rst" not in out


# -- games -----------------------------------------------------------------------------------
def test_games_says_what_each_game_accepts(capsys) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    rows = {line.split()[0]: line for line in out.splitlines() if line.split()[:1] and line.split()[0] in GAMES}
    assert "2 or 4" in rows["machuco"] and "3 or 4" in rows["ranzo"]
    assert "2 to 6" in rows["machiavelli"] and "2 to 32" in rows["macarra"]
    assert "--rule options: players, " in out and "specials" in out


# -- streams that are not UTF-8 ------------------------------------------------------------------
@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_demo_writes_ascii_stand_ins_on_streams_that_are_not_utf8(monkeypatch, encoding: str) -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=encoding, errors="strict")
    monkeypatch.setattr(sys, "stdout", stream)
    assert main(["demo", "--game", "machiavelli", "--seed", "2", "--max-moves", "30"]) == 0
    stream.flush()
    text = raw.getvalue().decode(encoding)
    assert "== game over ==" in text or "stopped after 30 moves" in text
    assert re.search(r"\b(?:10|[2-9AJQK])[SHDC]\b", text)  # French cards with suit letters
    assert "♠" not in text and "♥" not in text


def test_spanish_messages_on_an_ascii_stream_lose_only_their_accents(monkeypatch) -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
    monkeypatch.setattr(sys, "stdout", stream)
    assert main(["--lang", "es", "demo", "--game", "machuco", "--seed", "4", "--max-moves", "40"]) == 0
    stream.flush()
    assert "envio" in raw.getvalue().decode("ascii")


# -- one labelling style; no "(you)" for bots; no raw events ---------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_demo_names_seats_alike_and_never_calls_a_bot_you(capsys, game: str) -> None:
    code, out, _ = run(capsys, "demo", "--game", game, "--seed", "3", "--max-moves", "60")
    assert code == 0
    assert "(you)" not in out and "Your move" not in out and "Your hand" not in out and "You (" not in out
    assert not re.search(r"\bP[0-9]\b", out)  # seats are "seat N" in every game
    assert "view of seat " in out and "seat 0" in out
    assert not RAW_EVENT.search(out), RAW_EVENT.search(out)


def _events_of_a_game(game: str, seed: int = 5) -> tuple[GameKit, list[Event]]:
    kit = GameKit.find(game)
    from naipes.cli import _demo_rules

    g = kit.new_game(_demo_rules(kit, None, {}), seed)
    seen: list[Event] = list(getattr(g, "opening_events", ()))
    g.events.subscribe(Event, seen.append)
    bots = [kit.bot("random", s) for s in range(g.num_players)]
    while not g.is_over and len(g.history) < 300:
        seat = sorted(g.to_act)[0]
        g.play(bots[seat][1].choose(g.view(seat)), seat)
    return kit, seen


@pytest.mark.parametrize("game", GAMES)
def test_events_are_told_in_english_and_spanish_never_as_reprs(game: str) -> None:
    kit, events = _events_of_a_game(game)
    told = 0
    for event in events:
        en, es = kit.describe(event, "en"), kit.describe(event, "es")
        assert (en is None) == (es is None), type(event).__name__
        if en is None:
            continue
        assert es is not None
        told += 1
        assert type(event).__name__ not in en and type(event).__name__ not in es
        assert not RAW_EVENT.search(en) and not RAW_EVENT.search(es)
        assert not re.search(r"\bP[0-9]\b", en + es)
        assert "seat" not in es  # Spanish says "asiento"
    assert told >= 5


@pytest.mark.parametrize("game", GAMES)
def test_render_marks_you_only_for_a_persons_seat(game: str) -> None:
    kit = GameKit.find(game)
    g = kit.new_game(kit.rules(), 1)
    seat = sorted(g.to_act)[0]
    view = g.view(seat)
    mine, bots = kit.render(view, you=True), kit.render(view, you=False)
    assert mine == view.render()  # View.render() is the person's drawing
    assert "you" not in bots.lower().replace("layout", "")
    assert re.search(r"\bseat [0-9]", mine) and not re.search(r"\bP[0-9]\b", mine)
    if view.legal_moves and kit.info.complete_moves:
        assert "Your moves: " in mine and "Moves: " in bots


def test_spanish_from_the_flag_or_the_locale(capsys, monkeypatch) -> None:
    code, out, _ = run(capsys, "--lang", "es", "demo", "--game", "ranzo", "--seed", "4")
    assert code == 0 and "fin de la partida" in out and "asiento 0" in out and "Para verla otra vez" in out
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    code, again, _ = run(capsys, "demo", "--game", "ranzo", "--seed", "4")
    assert again == out
    code, english, _ = run(capsys, "demo", "--game", "ranzo", "--seed", "4", "--lang", "en")
    assert "game over" in english and "asiento" not in english


# -- --rule lists ------------------------------------------------------------------------------
def test_list_valued_rules_take_comma_separated_values(capsys) -> None:
    for value in ("real,mellizos", "real", '["real", "mellizos"]'):
        code, out, err = run(capsys, "simulate", "ranzo", "--games", "1", "--rule", f"specials={value}", "--json")
        assert code == 0, err
    code, _, err = run(capsys, "simulate", "ranzo", "--games", "1", "--rule", "specials=real,nonsense")
    assert code == 1 and err.count("\n") == 1 and "nonsense" in err


# -- bot specs -----------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["os:path", "no_such_module_x:Bot", "json:JSONDecodeError", "fractions:Fraction"])
def test_bot_specs_that_are_not_bots_fail_in_one_line(capsys, spec: str) -> None:
    code, out, err = run(capsys, "simulate", "machuco", "--players", "2", "--games", "1", "--bots", f"random,{spec}")
    assert code == 1
    assert err.count("\n") == 1 and "Traceback" not in err and spec in err


# -- simulate ----------------------------------------------------------------------------------
def test_simulate_separates_outright_and_shared_wins(capsys) -> None:
    code, out, _ = run(capsys, "simulate", "macarra", "--players", "3", "--games", "12", "--bots", "best", "--json")
    data = json.loads(out)
    for seat in data["seats"]:
        assert seat["outright_wins"] == 0  # everyone but the loser wins: never alone
        assert seat["wins"] == seat["shared_wins"] and seat["win_rate"] == seat["wins"] / 12
    assert sum(s["wins"] for s in data["seats"]) == 2 * 12
    assert sum(s["win_share"] for s in data["seats"]) == pytest.approx(12)
    code, table, _ = run(capsys, "simulate", "macarra", "--players", "3", "--games", "12", "--bots", "best")
    assert "outright" in table and "shared" in table


def test_simulate_says_when_lower_is_better(capsys) -> None:
    argv = ("simulate", "machiavelli", "--games", "2", "--players", "2", "--rule", "threshold=30")
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "mean penalty points" in out and "lower is better: penalty points" in out
    code, out, _ = run(capsys, *argv, "--json")
    assert json.loads(out)["lower_score_is_better"] is True
    code, out, _ = run(capsys, "simulate", "ranzo", "--games", "2")
    assert "lower is better" not in out and "mean score" in out


@pytest.mark.parametrize("game, argv", [("ranzo", ()), ("macarra", ("--players", "3"))])
def test_simulate_jobs_gives_the_same_summary(capsys, tmp_path, game: str, argv: tuple[str, ...]) -> None:
    def summary(*extra: str) -> dict[str, Any]:
        code, out, err = run(capsys, "simulate", game, "--games", "9", "--seed", "4", *argv, "--json", *extra)
        assert code == 0, err
        data: dict[str, Any] = json.loads(out)
        del data["seconds"]
        return data

    one = summary()
    assert summary("--jobs", "2") == one
    assert summary("--jobs", "3", "--save", str(tmp_path)) == one
    assert len(list(tmp_path.glob("*.json"))) == 9


def test_registry_is_the_real_one() -> None:
    assert {i.name for i in registry.games()} >= set(GAMES)


# -- colour inside dimmed lines ----------------------------------------------------------------
def test_a_cards_colour_does_not_end_a_dimmed_line() -> None:
    out = io.StringIO()
    term = Term(color=True, out=out)
    term.note("seat 1 takes 7c and 3o from the table")
    line = out.getvalue()
    dim, reset = "\x1b[2m", "\x1b[0m"
    assert line.startswith(dim) and "\x1b[31m7c" in line
    after_card = line.split("7c", 1)[1]
    assert after_card.startswith(reset + dim)  # the dimming comes back after the card
    assert line.rstrip("\n").endswith(reset)


def test_tab_completes_moves_or_the_games_own_commands() -> None:
    kit = GameKit.find("ranzo")
    view = kit.new_game(kit.rules(), 1).view(0)
    assert kit.completions(view) == [str(m) for m in view.legal_moves]
    kit = GameKit.find("machiavelli")
    game = kit.new_game(kit.rules(2), 1)
    view = game.view(game.to_act[0])
    words = kit.completions(view)
    assert {f"take {c}" for c in view.hand} <= set(words) and "commit" in words and "give up" in words
    term = Term(color=False, out=io.StringIO())
    term.completions = words
    assert term.complete("COM", 0) == "commit" and term.complete("com", 1) is None


# -- the words of each listed move (issue 22: the plugin's describe_move beside the notation) --
LISTED = re.compile(r"^\s+\d+\. (\S+(?: \S+)*?)  \u2014 (.+)$", re.M)


@pytest.mark.parametrize(("game", "lang", "word"), [("machuco", "en", "play the "), ("machuco", "es", "juega el "),
                                                    ("ranzo", "en", "discard the "), ("ranzo", "es", "descarta el ")])
def test_play_lists_each_move_with_the_words_of_its_plugin(capsys, monkeypatch, game: str, lang: str,
                                                           word: str) -> None:
    from naipes.plugin import plugin

    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    code, out, _ = run(capsys, "--lang", lang, "play", game, "--seed", "1")
    assert code == 0
    lines = LISTED.findall(out)
    assert len(lines) >= 2, out
    info = registry.find_game(game)
    parse = info.load().Game.move_type.parse
    for notation, said in lines:  # the words of the move in that view (None: its words without one)
        assert said.startswith(word) and said.startswith(plugin(info).describe_move(parse(notation), None, lang))
