"""terminal_turn: the workspace command language in a terminal."""

from __future__ import annotations

from typing import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.machiavelli import Draw, Forfeit, Game, Play, Rules, terminal_turn
from naipes.machiavelli.describe import HELP

from .helpers import position

S1_TABLE = "[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]"


def run(game: Game, lines: list[str]) -> tuple[object, list[str]]:
    feed: Iterator[str] = iter(lines)
    out: list[str] = []
    move = terminal_turn(game, game.to_act[0], lambda prompt: next(feed), out.append)
    return move, out


def s1() -> Game:
    return position(["7H 7D JS 2C", "3C"], table=S1_TABLE, stock="KD QD")


def test_terminal_full_s1_turn() -> None:
    game = s1()
    move, out = run(game, ["take 7h", "split 1 at 4", "move 7S from 1 to 3", "take 7♦ to 3",
                           "take JS to 2", "check", "commit"])
    assert isinstance(move, Play)
    game.play(move)
    assert [str(c) for c in game.hands[0]] == ["2C"]
    assert "the play is valid" in out


def test_terminal_explains_errors_and_never_crashes() -> None:
    game = s1()
    bad = ["", "   ", "take", "take 9C", "take ZZ", "move 7S from 9 to 1", "split 1 at 99", "split x at 2",
           "merge 1 1", "merge 1 7", "declare JK in 1 as 7H", "swap 9C", "back 4S", "undo", "frobnicate",
           "take JK", "move JK from 1 to 2", "split 2 at 9S", "commit"]
    move, out = run(game, bad + ["give up"])
    assert move == Forfeit()
    errors = [line for line in out if line.startswith("cannot do that") or line.startswith("unknown command")]
    assert len(errors) >= 14
    assert any("not valid yet" in line for line in out)
    assert any("9C is not in your hand" in line for line in out)
    assert any("there is no meld 9" in line for line in out)


def test_terminal_help_draw_hint() -> None:
    game = s1()
    move, out = run(game, ["help", "hint", "hint apply", "check", "undo", "draw"])
    assert HELP in out
    hint = next(line for line in out if line.startswith("hint:"))
    assert "3 card(s)" in hint
    assert "the play is valid" in out
    assert move == Draw()


def test_terminal_hint_apply_then_commit_is_the_best_play() -> None:
    game = s1()
    move, _ = run(game, ["hint apply", "commit"])
    assert isinstance(move, Play) and len(move.cards) == 3
    game.play(move)


def test_terminal_jokers() -> None:
    game = position(["8C 5S 6S 2C", "3C"], table="[8H 8D JK=8C]", rules=Rules(players=2, jokers=2))
    move, out = run(game, ["swap 8C", "take 5S", "take 6S to 2", "take JK to 2", "take JK=7S to 2",
                           "declare JK=7S in 2 as 4S", "commit"])
    assert str(move) == "play 8C 5S 6S: [8H 8D 8C] [JK=4S 5S 6S]"
    assert any("say which card the joker stands for" in line for line in out)


@settings(deadline=None, max_examples=100, derandomize=True, database=None)
@given(st.lists(st.one_of(
    st.text(max_size=30),
    st.sampled_from(["take", "move", "split", "merge", "swap", "declare", "back", "put", "hint", "check",
                     "undo", "reset", "show"]).flatmap(
        lambda w: st.lists(st.sampled_from(["1", "2", "3", "9", "0", "new", "7H", "JK", "JK=7S", "JS", "to",
                                            "from", "at", "as", "in", "-1", "2C", "♠"]), max_size=6).map(
            lambda rest: " ".join([w, *rest])))), max_size=25))
def test_terminal_survives_any_input(lines: list[str]) -> None:
    game = s1()
    move, _ = run(game, [ln for ln in lines if ln.strip().lower() not in ("commit", "draw", "give up",
                                                                           "giveup", "forfeit")]
                  + ["give up"])
    assert isinstance(move, (Forfeit, Play, Draw))
