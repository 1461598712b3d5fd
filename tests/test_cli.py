"""The ``naipes`` command, driven through ``main(argv)`` on the test-only toy game.

The registry is replaced for each test by one holding only the toy games, so
these tests do not depend on the four real games (which have their own tests).
"""

from __future__ import annotations

import builtins
import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest
from toygame import ToyGame

from naipes import registry
from naipes._cli_games import GameKit, pick_demo_game, rules_text
from naipes._cli_term import Term, color_wanted
from naipes.cli import main
from naipes.registry import GameInfo

TOY = GameInfo(name="toy", aliases=("toy game",), min_players=2, max_players=4, deck="french-16",
               module="toy_module", summary="A test-only toy game.", best_bot="toy_module:FirstBot")
HOOKED = GameInfo(name="hooked", min_players=2, max_players=4, deck="french-16",
                  module="toy_turn_module", summary="The toy with a terminal_turn hook.",
                  best_bot="toy_turn_module:FirstBot")


@pytest.fixture(autouse=True)
def toy_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(registry, "_GAMES", {})
    registry.register(TOY)
    registry.register(HOOKED)
    monkeypatch.delenv("NO_COLOR", raising=False)
    yield


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str,
        stdin: str | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- games, rules ------------------------------------------------------------------------
def test_games_lists_installed_games(capsys, monkeypatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "games")
    assert code == 0
    assert "toy" in out and "2 to 4" in out and "french-16" in out and "toy game" in out
    assert "toy: A test-only toy game." in out


def test_games_says_when_none_is_installed(capsys, monkeypatch) -> None:
    monkeypatch.setattr(registry, "_GAMES", {})
    code, out, _ = run(capsys, monkeypatch, "games")
    assert code == 0 and "No game is installed yet." in out


def test_rules_prints_the_rules_page_without_doctests_and_the_options(capsys, monkeypatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "rules", "TOY GAME")
    assert code == 0
    assert "take the table" in out and ">>>" not in out and "\n2\n" not in out
    assert "players = 2" in out and "2 to 4 players" in out


def test_rules_prefers_a_rules_text(monkeypatch) -> None:
    import toy_module
    monkeypatch.setattr(toy_module, "RULES", "  The whole rules page.\n  Second line.", raising=False)
    text = rules_text(GameKit.find("toy"))
    assert "The whole rules page.\nSecond line." in text and "take the table" not in text


def test_unknown_game_is_explained(capsys, monkeypatch) -> None:
    code, out, err = run(capsys, monkeypatch, "rules", "chinchon")
    assert code == 1 and "no game called 'chinchon'" in err and "toy" in err


def test_no_command_prints_help_and_usage_errors_exit_2(capsys, monkeypatch) -> None:
    code, out, _ = run(capsys, monkeypatch)
    assert code == 0 and "demo" in out and "simulate" in out
    with pytest.raises(SystemExit) as exc:
        main(["simulate"])
    assert exc.value.code == 2
    with pytest.raises(SystemExit):
        main(["simulate", "toy", "--games", "-3"])


# -- demo --------------------------------------------------------------------------------
def test_demo_without_games_says_so(capsys, monkeypatch) -> None:
    monkeypatch.setattr(registry, "_GAMES", {})
    code, out, _ = run(capsys, monkeypatch, "demo")
    assert code == 1 and "No game is installed yet" in out


def test_demo_shows_a_whole_game_move_by_move(capsys, monkeypatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "demo", "--seed", "3", "--delay", "0")
    assert code == 0
    assert "naipes demo: toy, 2 players, seed 3" in out
    assert "-- move 1 --" in out and "seat 0 (FirstBot): " in out
    assert "hand: ['AH', '4D', '3D']" in out  # the table, drawn by View.render()
    assert "everyone answered:" in out and "== game over ==" in out and "Winner" in out
    again = run(capsys, monkeypatch, "demo", "--seed", "3", "--delay", "0")[1]
    assert again == out


def test_demo_stops_at_max_moves(capsys, monkeypatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "demo", "--seed", "3", "--max-moves", "4")
    assert code == 0 and "stopped after 4 moves" in out and "-- move 5 --" not in out


def test_demo_picks_the_first_registered_game_that_loads(monkeypatch) -> None:
    assert pick_demo_game(None).info.name == "toy"  # type: ignore[union-attr]
    registry.register(GameInfo(name="machuco", min_players=2, max_players=4, deck="spanish-40",
                               module="toy_module"))
    assert pick_demo_game(None).info.name == "toy"  # no game is preferred by its name
    monkeypatch.setattr(registry, "_GAMES", {})
    registry.register(GameInfo(name="broken", min_players=2, max_players=4, deck="french-16",
                               module="toy_module", plugin="toy_module:NoSuchPlugin"))
    registry.register(HOOKED)
    assert pick_demo_game(None).info.name == "hooked"  # the broken plugin is skipped
    assert pick_demo_game("hooked").info.name == "hooked"  # type: ignore[union-attr]


# -- simulate ----------------------------------------------------------------------------
def test_simulate_json_is_seeded_and_counts_every_game(capsys, monkeypatch) -> None:
    code, out, err = run(capsys, monkeypatch, "simulate", "toy", "--games", "30", "--seed", "5", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 30 and data["players"] == 2 and len(data["seats"]) == 2
    assert sum(s["win_share"] for s in data["seats"]) == pytest.approx(30)
    assert all(s["wins"] == s["outright_wins"] + s["shared_wins"] for s in data["seats"])
    assert data["length"]["min"] >= 18
    again = json.loads(run(capsys, monkeypatch, "simulate", "toy", "--games", "30", "--seed", "5",
                           "--json")[1])
    assert {k: v for k, v in again.items() if k != "seconds"} == \
        {k: v for k, v in data.items() if k != "seconds"}


def test_simulate_table_bots_players_and_saved_records(capsys, monkeypatch, tmp_path: Path) -> None:
    code, out, _ = run(capsys, monkeypatch, "simulate", "toy", "--games", "6", "--players", "3",
                       "--bots", "random,best,toy_module:FirstBot", "--save", str(tmp_path))
    assert code == 0
    assert "toy: 6 games, 3 players" in out and "win rate" in out and "FirstBot" in out
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 6
    record = json.loads(files[0].read_text())
    game = ToyGame.from_record(record)
    assert game.is_over and game.num_players == 3


@pytest.mark.parametrize("argv, message", [
    (["--bots", "random,random,random"], "need 1 or 2 bots"),
    (["--bots", "nothing"], "no bot 'nothing': name one of"),
    (["--bots", "no.such:Bot"], "no bot"),
    (["--players", "9"], "2 to 4 players"),
    (["--bots", "toy_turn_module:BadBot"], "answered illegally"),
])
def test_simulate_explains_bad_options(capsys, monkeypatch, argv, message) -> None:
    code, _, err = run(capsys, monkeypatch, "simulate", "toy", "--games", "2", *argv)
    assert code == 1 and message in err


# -- play --------------------------------------------------------------------------------
def test_play_explains_every_error_and_finishes(capsys, monkeypatch, tmp_path: Path) -> None:
    answers = "x\n9\n?\nZZ\nt\n\nAH\n" + "1\n" * 12
    save = tmp_path / "game.json"
    code, out, _ = run(capsys, monkeypatch, "play", "toy", "--seed", "3", "--save", str(save),
                       stdin=answers)
    assert code == 0
    assert "I cannot read 'x' as a move: too short for a card" in out
    assert "There is no move number 9: choose 1 to 3" in out
    assert "I cannot read 'ZZ' as a move: unknown suit 'Z'" in out
    assert "q  or quit" in out  # the help
    assert "you (seat 0): AH" in out
    assert "== game over ==" in out and "Record saved to" in out
    game = ToyGame.from_record(json.loads(save.read_text()))
    assert game.is_over and str(game.history[0][1]) == "AH"


def test_play_refuses_an_illegal_move_and_lets_the_person_retry(capsys, monkeypatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "play", "toy", "--seed", "3", stdin="KS\n4D\n")
    assert code == 0
    assert "KS is not allowed now: play a card from your hand. Try again." in out
    assert "you (seat 0): 4D" in out and "Game stopped." in out


def test_play_survives_end_of_input_and_saves(capsys, monkeypatch, tmp_path: Path) -> None:
    save = tmp_path / "partial.json"
    code, out, _ = run(capsys, monkeypatch, "play", "toy", "--seed", "3", "--save", str(save),
                       stdin="1\n")
    assert code == 0 and "Game stopped." in out
    record = json.loads(save.read_text())
    assert len(record["moves"]) == 2 and record["meta"]["person"] == 0
    assert not ToyGame.from_record(record).is_over


def test_play_survives_ctrl_c_and_quit(capsys, monkeypatch) -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(builtins, "input", interrupted)
    code, out, _ = run(capsys, monkeypatch, "play", "toy", "--seed", "3")
    assert code == 0 and "Game stopped." in out
    monkeypatch.undo()
    monkeypatch.setattr(registry, "_GAMES", {"toy": TOY})
    code, out, _ = run(capsys, monkeypatch, "play", "toy", "--seed", "3", stdin="q\n")
    assert code == 0 and "Game stopped." in out


def test_play_asks_the_person_first_in_a_simultaneous_window(capsys, monkeypatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "play", "toy", "--seed", "3", "--seat", "1",
                       "--players", "3", "--confirm-forced", stdin="1\n" * 5 + "bid 1\n")
    assert code == 0 and "== game over ==" in out
    window = out[out.index("legal_moves: ['bid 0', 'bid 1']"):]
    # nothing the bots answered is shown before the person answered
    assert window.index("you (seat 1) answered (hidden") < window.index("everyone answered:")
    assert "seat 0 (FirstBot): bid" not in window[:window.index("everyone answered:")]
    assert "  you (seat 1): bid 1" in window


def test_play_uses_the_games_terminal_turn_hook(capsys, monkeypatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "play", "hooked", "--seed", "3",
                       stdin="1\nKS\nAH\n4D\nquit\n")
    assert code == 0
    assert out.count("HOOK: your hand is") >= 3
    assert "Not allowed: too short for a card. Try again." in out
    assert "Not allowed: play a card from your hand. Try again." in out
    assert "you (seat 0): AH" in out and "you (seat 0): 4D" in out and "Game stopped." in out


@pytest.mark.parametrize("argv, message", [
    (["--seat", "2"], "there is no seat 2"),
    (["--players", "1"], "2 to 4 players"),
    (["--bots", "best,best"], "the other 1 seats need one bot for all or one each, not 2"),
])
def test_play_explains_bad_options(capsys, monkeypatch, argv, message) -> None:
    code, _, err = run(capsys, monkeypatch, "play", "toy", *argv, stdin="")
    assert code == 1 and message in err


# -- replay ------------------------------------------------------------------------------
def _saved_game(tmp_path: Path) -> Path:
    path = tmp_path / "g.json"
    main(["simulate", "toy", "--games", "1", "--seed", "8", "--save", str(tmp_path)])
    (tmp_path / "toy-8.json").rename(path)
    return path


def test_replay_all_prints_every_move(capsys, monkeypatch, tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    capsys.readouterr()
    record = json.loads(path.read_text())
    code, out, _ = run(capsys, monkeypatch, "replay", str(path), "--all")
    assert code == 0
    assert out.count("-- move ") == len(record["moves"]) + 0
    assert "everyone answered:" in out and "== game over ==" in out


def test_replay_steps_on_enter_and_quits_on_q(capsys, monkeypatch, tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    capsys.readouterr()
    code, out, _ = run(capsys, monkeypatch, "replay", str(path), "--seat", "1", stdin="\n\nq\n")
    assert code == 0
    assert "[1/" in out and "[3/" in out and "[4/" not in out and "game over" not in out
    assert "view of seat 1" in out and "view of seat 0" not in out
    code, out, _ = run(capsys, monkeypatch, "replay", str(path), stdin="a\n")
    assert code == 0 and "== game over ==" in out
    code, out, _ = run(capsys, monkeypatch, "replay", str(path), stdin="")
    assert code == 0 and "game over" not in out


@pytest.mark.parametrize("content, message", [
    (None, "cannot read"),
    ("{not json", "is not JSON"),
    ('{"format": "naipes.game"}', "is not a naipes game record"),
    ('{"format": "naipes.record", "game": "chinchon"}', "no game called"),
])
def test_replay_explains_bad_files(capsys, monkeypatch, tmp_path: Path, content, message) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    code, _, err = run(capsys, monkeypatch, "replay", str(path), "--all")
    assert code == 2 and message in err and err.count("\n") == 1


def _tampered(record: dict, how: str) -> object:
    bad = json.loads(json.dumps(record))
    if how == "no rules":
        del bad["rules"]
    elif how == "unknown start key":
        bad["start"]["shuffle"] = True
    elif how == "moves not pairs":
        bad["moves"] = [["0"]]
    elif how == "seat x":
        bad["moves"][0][0] = "x"
    elif how == "seat 99":
        bad["moves"][0][0] = 99
    elif how == "version 99":
        bad["version"] = 99
    elif how == "version true":
        bad["version"] = True
    elif how == "huge int":
        bad["start"]["seed"] = 10**30
    elif how == "float seed":
        bad["start"]["seed"] = 8.0
    elif how == "rules not a dict":
        bad["rules"] = [1]
    elif how == "unknown rule":
        bad["rules"]["jokers"] = 3
    elif how == "deep":
        bad["meta"] = json.loads("[" * 60 + "]" * 60)
    return bad


@pytest.mark.parametrize("how", ["no rules", "unknown start key", "moves not pairs", "seat x", "seat 99",
                                 "version 99", "version true", "huge int", "float seed",
                                 "rules not a dict", "unknown rule", "deep"])
def test_replay_refuses_malformed_records_in_one_line(capsys, monkeypatch, tmp_path: Path, how: str) -> None:
    path = _saved_game(tmp_path)
    capsys.readouterr()
    path.write_text(json.dumps(_tampered(json.loads(path.read_text()), how)))
    code, _, err = run(capsys, monkeypatch, "replay", str(path), "--all")
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err


@pytest.mark.parametrize("raw", [b"\xff\xfe{}", b"[" * 100_000 + b"]" * 100_000, b"1" * 5000])
def test_replay_refuses_unreadable_bytes(capsys, monkeypatch, tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(raw)
    code, _, err = run(capsys, monkeypatch, "replay", str(path), "--all")
    assert code == 2 and err.count("\n") == 1


def test_replay_reports_a_move_that_does_not_fit(capsys, monkeypatch, tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    capsys.readouterr()
    record = json.loads(path.read_text())
    record["moves"][2][1] = "KS"
    path.write_text(json.dumps(record))
    code, _, err = run(capsys, monkeypatch, "replay", str(path), "--all")
    assert code == 2 and "move 3 of the record ('KS') does not fit" in err


# -- colour ------------------------------------------------------------------------------
class _FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_on_a_terminal_unless_no_color(monkeypatch) -> None:
    assert color_wanted(_FakeTTY()) is True
    assert color_wanted(io.StringIO()) is False
    assert color_wanted(io.StringIO(), "always") is True
    assert color_wanted(_FakeTTY(), "never") is False
    monkeypatch.setenv("NO_COLOR", "1")
    assert color_wanted(_FakeTTY()) is False


def test_cards_are_painted_by_suit_only_with_colour(capsys, monkeypatch) -> None:
    term = Term(color=True)
    painted = term.cards("3o 7c 10e 12b AS QH 10D JK Q♦ sota")
    assert "\x1b[33m3o" in painted and "\x1b[31m7c" in painted and "\x1b[34m10e" in painted
    assert "\x1b[32m12b" in painted and "\x1b[31mQH" in painted and "\x1b[31mQ♦" in painted
    assert painted.endswith("sota")
    code, out, _ = run(capsys, monkeypatch, "--color", "always", "demo", "--seed", "3", "--max-moves", "1")
    assert "\x1b[" in out
    code, out, _ = run(capsys, monkeypatch, "demo", "--seed", "3", "--max-moves", "1")
    assert "\x1b[" not in out


@pytest.mark.skipif(shutil.which("naipes") is None, reason="the console script is not installed")
def test_console_script_runs() -> None:
    done = subprocess.run(["naipes", "--version"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("naipes ")


def test_rules_reads_the_page_shipped_in_the_package(tmp_path: Path, monkeypatch) -> None:
    import types

    from naipes._cli_games import _rules_page
    # a third-party game package holding rules.rst, and one holding nothing: its docstring
    package = tmp_path / "toy_pkg"
    package.mkdir()
    (package / "__init__.py").write_text('"""The docstring."""\n')
    (package / "rules.rst").write_text(
        "Toy\n===\n\n.. versionadded:: 0.1\n\nPlay a card; see :func:`naipes.play_game` and ``AH``.\n\n"
        ".. doctest::\n\n   >>> 1 + 1\n   2\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import toy_pkg
    assert _rules_page(toy_pkg, "toy") == "Toy\n===\n\nPlay a card; see play_game and AH."
    module = types.ModuleType("toy_fake", "The docstring.")
    assert _rules_page(module, "other") == "The docstring."


def test_rules_options_carry_the_rules_docstring() -> None:
    import attrs

    from naipes._cli_games import _options

    @attrs.frozen(kw_only=True)
    class Rules:
        """Rules.

        Attributes:
            players: 2 or 4 (XX-01;
                default 2).
            deck: the deck.
        """

        players: int = 2
        deck: int = 40
        extra: tuple[int, ...] = attrs.field(factory=tuple)

    assert _options(Rules) == ["  players = 2: 2 or 4 (XX-01; default 2).", "  deck = 40: the deck.",
                               "  extra = ()"]


def test_rule_options_set_rules_fields(capsys, monkeypatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "simulate", "toy", "--games", "2", "--rule", "players=3", "--json")
    assert code == 0 and json.loads(out)["players"] == 3
    for bad, message in [("nope=1", "toy's rules have no option 'nope' (options: players)"),
                         ("players", "--rule takes FIELD=VALUE, not 'players'"),
                         ("players=x", "players must be an int, not 'x'")]:
        code, _, err = run(capsys, monkeypatch, "play", "toy", "--rule", bad, stdin="")
        assert code == 1 and message in err, err


def test_progress_line_only_for_runs_over_a_second(monkeypatch) -> None:
    from naipes import _cli_sim

    now = [0.0]
    monkeypatch.setattr(_cli_sim.time, "perf_counter", lambda: now[0])
    tty = _FakeTTY()
    bar = _cli_sim._Progress(tty, 10)
    now[0] = 0.5
    bar.update(1)
    assert tty.getvalue() == ""  # under a second: nothing
    now[0] = 2.0
    bar.update(4)
    assert tty.getvalue() == "\r" + "4/10 games, 2.0 games/s, about 3 s left".ljust(60)
    bar.close()
    assert tty.getvalue().endswith("\r")
    log = io.StringIO()
    bar = _cli_sim._Progress(log, 10)
    now[0] = 3.0
    bar.update(5)
    now[0] = 4.0
    bar.update(6)  # a log file gets a line every 5 s at most
    assert log.getvalue() == "5/10 games, 5.0 games/s, about 1 s left\n"


# -- issue 17: replay back and forth, forced moves, lists, Spanish --------------------------
def test_replay_steps_back_and_jumps_to_a_move(capsys, monkeypatch, tmp_path: Path) -> None:
    path = _saved_game(tmp_path)
    capsys.readouterr()
    code, out, _ = run(capsys, monkeypatch, "replay", str(path),
                       stdin="\n\nb\ng 1\nb\ng 99\nzz\ng 4\nq\n")
    assert code == 0
    total = len(json.loads(path.read_text())["moves"])
    prompts = re.findall(r"\[(\d+)/\d+\] ", out)
    assert prompts == ["1", "2", "3", "2", "1", "1", "1", "1", "4"]
    assert "at the start: nothing to step back" in out
    assert f"There is no move 99: give 1 to {total}." in out and "Enter, b, g N, a or q." in out
    # after going back, the table drawn is the one before that move: the same as the first time
    tables = out.split("-- move 2 --")
    assert len(tables) == 3 and tables[1].split("[")[0] == tables[2].split("[")[0]


def test_replay_help_documents_the_keys(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "b steps back one" in out and "g N goes to move N" in out


def test_a_single_legal_move_is_played_without_a_key(capsys, monkeypatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "play", "toy", "--seed", "3", stdin="1\n" * 12)
    assert code == 0 and "== game over ==" in out
    forced = out.count("played for you)")
    assert forced >= 1
    prompts = out.count("Seat 0, your move")
    code, asked, _ = run(capsys, monkeypatch, "play", "toy", "--seed", "3", "--confirm-forced",
                         stdin="1\n" * 12)
    assert "played for you)" not in asked and asked.count("Seat 0, your move") == prompts + forced


def test_rule_lists_are_split_on_commas_only_for_list_fields() -> None:
    import attrs

    from naipes._rule_values import _is_collection, _listed

    @attrs.frozen
    class Rules:
        names: tuple[str, ...] = ("a",)
        scope: str = "hand"
        limit: int = 3

    fields = {f.name: f for f in attrs.fields(Rules)}
    assert _is_collection(fields["names"]) and not _is_collection(fields["scope"])
    assert not _is_collection(fields["limit"])
    assert _listed("x, y,z") == ("x", "y", "z") and _listed("1,2") == (1, 2) and _listed(3) == (3,)


def test_messages_in_spanish(capsys, monkeypatch) -> None:
    code, out, _ = run(capsys, monkeypatch, "--lang", "es", "play", "toy", "--seed", "3", stdin="?\nq\n")
    assert code == 0
    assert "Asiento 0, tu jugada" in out and "Escribe el número de una jugada" in out
    assert "Partida terminada." in out
    code, out, _ = run(capsys, monkeypatch, "demo", "--seed", "3", "--lang", "es")
    assert "naipes demo: toy, 2 jugadores, semilla 3" in out and "== fin de la partida ==" in out


def test_errors_reach_a_stderr_that_is_not_utf8(monkeypatch) -> None:
    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(raw, encoding="ascii", errors="strict"))
    assert main(["rules", "juego♠"]) == 1
    sys.stderr.flush()
    assert "no game called 'juegoS'" in raw.getvalue().decode("ascii")


def test_extra_commands_register_and_their_errors_are_one_line(capsys, monkeypatch) -> None:
    import types

    from naipes import cli
    from naipes.errors import UsageError

    module = types.ModuleType("naipes_test_extra")

    def add_parser(sub) -> None:  # type: ignore[no-untyped-def]
        p = sub.add_parser("hello", help="say hello")
        p.add_argument("--fail", action="store_true")

    def run_hello(args) -> int:  # type: ignore[no-untyped-def]
        if args.fail:
            raise UsageError("no hello today", code="bad")
        print("hello")
        return 0

    module.add_parser, module.run = add_parser, run_hello  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "naipes_test_extra", module)
    monkeypatch.setattr(cli, "EXTRA_COMMANDS", ("naipes_test_extra", "no_such_module_for_naipes"))
    code, out, _ = run(capsys, monkeypatch, "hello")
    assert code == 0 and out == "hello\n"
    code, _, err = run(capsys, monkeypatch, "hello", "--fail")
    assert code == 1 and err == "naipes hello: no hello today\n"


def test_play_lists_bare_notation_for_a_game_without_move_words(capsys, monkeypatch) -> None:
    """The toy module has no describe_move: its plugin gives the notation, shown once."""
    code, out, _ = run(capsys, monkeypatch, "play", "toy", "--seed", "3", stdin="q\n")
    assert code == 0
    listed = re.findall(r"^\s+\d+\. (.*)$", out, re.M)
    assert listed and all("\u2014" not in line and " " not in line.strip() for line in listed)
