"""The turn workspace (issue 7): steps, problems, undo, commit and give up."""

from __future__ import annotations

import pytest

from naipes import IllegalMoveError
from naipes.cards import JOKER, Card
from naipes.machiavelli import Draw, Forfeit, Play, Rules, Workspace, WorkspaceError, format_table

from .helpers import position

S1_TABLE = "[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]"


def s1() -> Workspace:
    return Workspace.begin(position(["7H 7D JS 2C", "3C"], table=S1_TABLE, stock="KD QD"))


def test_workspace_builds_the_s1_play_step_by_step() -> None:
    ws = s1()
    game = ws.game
    assert game is not None
    assert ws.split(0, "7S") == 2
    assert format_table(ws.melds) == "[4S 5S 6S] [JH JD JC] [7S 8S 9S 10S]"
    assert ws.move("7S", 2) == 3
    ws.take("7H", 3)
    ws.take("7D", 3)
    assert ws.problems() == ()  # already a valid play of two cards
    ws.take("JS", 1)
    assert game.hands[0] == Card.parse_many("7H 7D JS 2C")  # untouched until commit
    move = ws.commit()
    assert isinstance(move, Play)
    assert game.hands[0] == (Card.parse("2C"),)
    assert game.to_act == (1,)


def test_workspace_reports_invalid_melds_and_why() -> None:
    ws = s1()
    ws.split(0, 4)  # [4S 5S 6S 7S] [8S 9S 10S]
    assert [p for p in ws.problems()] == [(-1, "no card from the hand is added (a play must add at least one, MV-05)")]
    ws.take("7H")
    problems = ws.problems()
    assert (3, "a meld of one card") in problems
    assert "meld 3 [7H]: a meld of one card" in ws.explain()
    with pytest.raises(IllegalMoveError, match="a meld of one card"):
        ws.commit()


def test_workspace_undo_and_reset() -> None:
    ws = s1()
    ws.take("2C", 0)
    ws.merge(0, 1)
    assert ws.undo() == "merge 1 into 0"
    assert ws.undo() == "take 2C"
    assert ws.melds == ws.view.table and ws.hand == ws.view.hand
    with pytest.raises(WorkspaceError, match="nothing to undo"):
        ws.undo()
    ws.take("JS", 1)
    ws.reset()
    assert not ws.changed
    ws.undo()
    assert ws.changed


def test_workspace_put_back_only_own_cards() -> None:
    ws = s1()
    ws.take("JS", 1)
    with pytest.raises(WorkspaceError, match="table cards must stay"):
        ws.put_back("JH")
    ws.put_back("JS")
    assert ws.hand[-1] == Card.parse("JS") and ws.melds == ws.view.table


def test_workspace_empty_melds_keep_numbers_and_are_dropped() -> None:
    ws = s1()
    ws.take("2C")
    ws.put_back("2C", 2)
    assert len(ws.melds) == 3 and len(ws.melds[2]) == 0
    ws.take("JS", 1)
    assert len(ws.table()) == 2
    assert str(ws.to_move()) == "play JS: [4S 5S 6S 7S 8S 9S 10S] [JS JH JD JC]"


def test_workspace_errors_change_nothing() -> None:
    ws = s1()
    for step in (lambda: ws.take("9C"), lambda: ws.move("9S", 1), lambda: ws.split(1, 3),
                 lambda: ws.merge(0, 0), lambda: ws.move("4S", 7), lambda: ws.take("JK"),
                 lambda: ws.take("banana"), lambda: ws.split(0, 0), lambda: ws.take("7H", declare="8H"),
                 lambda: ws.move("4S", 0, None, declare="8H"), lambda: ws.declare(0, "4S", "5S")):
        with pytest.raises(WorkspaceError):
            step()
    assert not ws.changed and ws.steps == ()


def test_workspace_jokers_declare_swap_and_commit() -> None:
    game = position(["8C 5S 6S 2C", "3C"], table="[8H 8D JK=8C]", rules=Rules(players=2, jokers=2))
    ws = Workspace.begin(game)
    ws.swap("8C")
    assert JOKER in ws.hand
    ws.take("5S")
    ws.take("6S", 1)
    ws.take("JK=7S", 1)
    assert ws.problems() == ()
    ws.declare(1, "JK", "4S")
    assert format_table(ws.melds) == "[8H 8D 8C] [JK=4S 5S 6S]"
    assert ws.move("JK=4S", 1, declare="9H") == 2  # a joker moves and stands for another card
    assert format_table(ws.melds) == "[8H 8D 8C] [5S 6S] [JK=9H]"
    ws.undo()
    move = ws.commit()
    assert str(move) == "play 8C 5S 6S: [8H 8D 8C] [JK=4S 5S 6S]"
    assert game.hands[0] == (Card.parse("2C"),)


def test_workspace_swap_and_keep_the_joker() -> None:
    game = position(["8C 2C", "3C"], table="[8H 8D JK=8C]", rules=Rules(players=2, jokers=2))
    ws = Workspace.begin(game)
    ws.swap("8C")
    assert ws.problems() == ()
    ws.commit()
    assert sorted(map(str, game.hands[0])) == ["2C", "JK"]


def test_workspace_give_up_and_draw() -> None:
    ws = s1()
    ws.take("JS", 1)
    assert ws.give_up() == Forfeit()
    game = ws.game
    assert game is not None
    assert game.hands[0] == Card.parse_many("7H 7D JS 2C KD")
    assert format_table(game.table) == S1_TABLE
    ws2 = Workspace.begin(game)
    assert ws2.draw() == Draw()
    with pytest.raises(WorkspaceError, match="moved on"):
        ws.commit()


def test_workspace_arrange_a_whole_layout() -> None:
    ws = s1()
    ws.arrange("[4S 5S 6S] [8S 9S 10S] [7S 7H 7D] [JH JD JC JS]")
    assert ws.hand == (Card.parse("2C"),) and ws.problems() == ()
    with pytest.raises(WorkspaceError, match="lack"):
        ws.arrange("[4S 5S 6S 7S 8S 9S 10S] [JH JD JC] [2C 3C 4C]")
    with pytest.raises(WorkspaceError, match="drops"):
        ws.arrange("[JH JD JC JS]")


def test_workspace_from_a_view_returns_moves_only() -> None:
    game = position(["7H 7D JS 2C", "3C"], table=S1_TABLE)
    ws = Workspace(game.view(0))
    ws.take("JS", 1)
    before = game.to_dict()
    assert isinstance(ws.commit(), Play)
    assert game.to_dict() == before
    with pytest.raises(WorkspaceError, match="not to act"):
        Workspace(game.view(1))


def test_workspace_opening_rule_reported() -> None:
    game = position(["QS QH QD 2C", "3C"], table="[4S 5S 6S]", rules=Rules(players=2, initial_meld_min=36))
    ws = Workspace.begin(game)
    for card in ("QS", "QH", "QD"):
        ws.take(card, 1 if card != "QS" else None)
    assert ws.problems() == ((-1, "the opening melds are worth 30, less than 36 (MV-11)"),)


def test_workspace_jokers_can_go_back_only_when_they_are_yours() -> None:
    game = position(["8C 5S 6S 2C", "3C"], table="[8H 8D JK=8C] [9S 10S JK=JS]", rules=Rules(players=2, jokers=2))
    ws = Workspace.begin(game)
    with pytest.raises(WorkspaceError, match="table cards must stay"):
        ws.put_back("JK=JS")
    ws.swap("8C")
    ws.take("JK=7S")
    ws.put_back("JK=7S")  # the swapped joker is the player's
    assert ws.hand.count(JOKER) == 1 and ws.problems() == ()
    ws.undo()
    ws.undo()
    ws.undo()
    with pytest.raises(WorkspaceError, match="table cards must stay"):
        ws.put_back("JK=JS")
