"""ISMCTS's tree reuse between a seat's consecutive decisions (and Machuco's ``observed_moves``)."""

from __future__ import annotations

from typing import Any

from naipes import RandomBot, machuco, play_game, ranzo
from naipes.machuco import MachucoBot, PlayCard
from naipes.plugin import plugin
from naipes.search import ISMCTSBot
from naipes.search._tree import CHANCE, Node, descend


class Spy:
    """Plays as ``bot`` and records each view it was shown, the move and the visits reused."""

    def __init__(self, bot: ISMCTSBot) -> None:
        self.bot = bot
        self.views: list[Any] = []
        self.moves: list[Any] = []
        self.reused: list[int] = []

    def choose(self, view: Any) -> Any:
        move = self.bot.choose(view)
        self.views.append(view)
        self.moves.append(move)
        if len(view.legal_moves) > 1:
            self.reused.append(self.bot.last_reused)
        return move


def _machuco_game(seed: int, players: int = 2, **kw: Any) -> tuple[Spy, machuco.Game]:
    game = machuco.Game(machuco.Rules(players=players, scope="hand"), seed=seed)
    spy = Spy(ISMCTSBot(iterations=40, seed=1, **kw))
    play_game(game, [spy] + [MachucoBot(seed=s) for s in range(1, players)])
    return spy, game


def test_the_tree_is_reused_within_a_deal() -> None:
    spy, _ = _machuco_game(3)
    assert any(r > 0 for r in spy.reused)
    assert spy.reused[0] == 0  # the first decision has no earlier tree


def test_without_reuse_every_decision_searches_afresh() -> None:
    spy, _ = _machuco_game(3, reuse=False)
    assert set(spy.reused) == {0}


def test_same_seed_same_moves_with_reuse() -> None:
    runs = [[str(m) for _, m in _machuco_game(7)[1].history] for _ in range(2)]
    assert runs[0] == runs[1]


def test_the_moves_are_a_function_of_the_views_shown() -> None:
    # Nothing the seat could not see reaches the kept tree: shown the same views in the same
    # order, outside any game, a bot with the same seed plays the same moves.
    spy, _ = _machuco_game(5)
    replay = ISMCTSBot(iterations=40, seed=1)
    assert [replay.choose(v) for v in spy.views] == spy.moves
    assert any(r > 0 for r in spy.reused)


def test_a_game_without_the_hook_never_reuses() -> None:
    game = ranzo.Game(ranzo.Rules(rounds=1), seed=2)
    spy = Spy(ISMCTSBot(iterations=4, seed=1))
    play_game(game, [spy, RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)])
    assert spy.reused and set(spy.reused) == {0}


def test_one_bot_on_every_seat_keeps_a_tree_per_seat() -> None:
    game = machuco.Game(machuco.Rules(players=2, scope="hand"), seed=4)
    bot = ISMCTSBot(iterations=12, seed=2)
    play_game(game, [bot, bot])
    assert game.is_over and set(bot._kept) <= {0, 1}


def test_machuco_observed_moves_are_the_plays_of_the_deal() -> None:
    game = machuco.Game(machuco.Rules(players=2, scope="hand"), seed=3)
    seat = game.to_act[0]
    before = game.view(seat)
    played = []
    for _ in range(2):
        s = game.to_act[0]
        move = MachucoBot(seed=0).choose(game.view(s))
        played.append((s, move))
        game.play(move, s)
    after = game.view(seat)
    hook = plugin("machuco").observed_moves
    assert after.deal_number == before.deal_number
    assert tuple(hook(before, after)) == tuple(played)
    assert hook(before, game.view(1 - seat)) is None  # another seat's view
    assert hook(after, before) is None  # the record does not continue
    assert all(isinstance(m, PlayCard) for _, m in played)


def test_descend_follows_decisions_and_window_answers_as_a_set() -> None:
    root = Node()
    mine = root.edge((0, "a"), 0, None)  # type: ignore[arg-type]
    answers = ((1, "x"), (2, "y"))
    window = mine.child.edge((CHANCE, answers), CHANCE, None)
    assert descend(root, [(0, "a"), (2, "y"), (1, "x")]) is window.child  # type: ignore[list-item]
    assert descend(root, [(0, "a"), (1, "x"), (2, "z")]) is None  # type: ignore[list-item]
    assert descend(root, [(0, "b")]) is None  # type: ignore[list-item]
    assert descend(root, []) is root
