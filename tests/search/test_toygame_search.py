"""naipes.search on the example third-party game (examples/toygame): through its plugin alone.

The search bots name no game: what they know of one comes from its plugin
(:class:`naipes.plugin.GamePlugin`): root candidates, a rollout policy, an
evaluation of capped rollouts, each with a generic default.
"""

from __future__ import annotations

import pickle
import random
from typing import Any, Callable, Iterator, Sequence

import attrs
import naipes_toy
import pytest

from naipes import RandomBot, UsageError, play_game, registry
from naipes.plugin import GamePlugin, plugin
from naipes.search import ISMCTSBot, PIMCBot, default_rollout
from naipes.search._candidates import (
    Candidate,
    PluginCandidates,
    default_candidate,
    extra_moves,
)
from naipes.search.rollout import BotPolicy, RandomPolicy

BOTS: list[Callable[..., Any]] = [ISMCTSBot, PIMCBot]
IDS = ["ismcts", "pimc"]


@pytest.fixture(autouse=True)
def with_toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry with the example third-party game (its entry point's GameInfo), restored after."""
    registry.games()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    registry.register(naipes_toy.GAME_INFO)
    yield


def _register(**changes: Any) -> None:
    """Register the toy again with its GameInfo changed (the plugin cache follows the new info)."""
    registry.register(attrs.evolve(naipes_toy.GAME_INFO, **changes))


def _history(game: Any) -> list[tuple[int, str]]:
    return [(s, str(m)) for s, m in game.history]


def _mid_game(seed: int = 2, players: int = 2) -> naipes_toy.Game:
    """A toy game a few random moves in, its seat to act having more than one move."""
    game = naipes_toy.Game(naipes_toy.Rules(players=players), seed=seed)
    rng = random.Random(seed)
    while len(game.legal_moves(min(game.to_act))) < 2 or len(game.history) < 2:
        seat = min(game.to_act)
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
    return game


class RecordingBot:
    """A rollout policy that records the seats it played for (picklable: module level)."""

    def __init__(self) -> None:
        self.seats: list[int] = []

    def choose(self, view: Any) -> Any:
        self.seats.append(view.seat)
        return view.legal_moves[-1]


class ToySearchPlugin(GamePlugin[Any, Any, Any]):
    """A third party's plugin with every search part: it records what the search asked."""

    def __init__(self, info: Any, module: Any = None) -> None:
        super().__init__(info, module)
        self.asked: list[int] = []
        self.valued: list[int] = []
        self.bot = RecordingBot()
        self.value: Sequence[float] | None = None

    def root_candidates(self, view: Any) -> Sequence[Any]:
        self.asked.append(view.seat)
        first = view.legal_moves[0]
        return (first, first, naipes_toy.Bid(1) if isinstance(first, naipes_toy.PlayCard) else first)

    def rollout_policy(self, seed: int | None = None) -> Any:
        return self.bot

    def evaluate(self, view: Any) -> Sequence[float] | None:
        self.valued.append(view.seat)
        return self.value


class BadPolicyPlugin(GamePlugin[Any, Any, Any]):
    """A plugin whose rollout policy is not a bot."""

    def rollout_policy(self, seed: int | None = None) -> Any:
        return 42


@pytest.mark.parametrize("cls", BOTS, ids=IDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_toy_games_legal_and_reproducible(cls: Callable[..., Any], players: int) -> None:
    def run(seed: int) -> list[tuple[int, str]]:
        game = naipes_toy.Game(naipes_toy.Rules(players=players), seed=seed)
        bots = [cls(iterations=12, seed=s) if s % 2 == 0 else RandomBot(seed=s) for s in range(players)]
        result = play_game(game, bots)  # raises IllegalMoveError naming the bot on an illegal answer
        assert game.is_over and len(result.returns) == players
        return _history(game)

    assert run(5) == run(5)
    assert run(5) != run(6)


@pytest.mark.parametrize("cls", BOTS, ids=IDS)
def test_the_sealed_bids_window(cls: Callable[..., Any]) -> None:
    game = naipes_toy.Game(naipes_toy.Rules(players=3), seed=1)
    rng = random.Random(0)
    while len(game.to_act) < 2:
        seat = game.to_act[0]
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
    for seat in sorted(game.to_act):
        view = game.view(seat)
        bid = cls(iterations=20, seed=seat).choose(view)
        assert isinstance(bid, naipes_toy.Bid) and bid in view.legal_moves
        game.play(bid, seat)
    assert game.is_over


def test_the_generic_defaults_random_rollouts_no_candidate_a_draw() -> None:
    _register(plugin=None)
    assert type(plugin("toy")) is GamePlugin
    game = _mid_game()
    bot = ISMCTSBot(iterations=5, seed=1, max_rollout=1)
    ctx = bot._context(game)
    assert isinstance(ctx.policy, RandomPolicy) and ctx.candidate is None
    assert ctx.evaluate(game, 0) == (0.5, 0.5)  # the middle of returns_range (0, 1): the toy is not zero-sum
    view = game.view(min(game.to_act))
    assert bot.choose(view) in view.legal_moves
    with pytest.warns(DeprecationWarning):
        assert default_rollout("toy") == "random"


def test_the_plugins_rollout_policy_evaluation_and_candidates_are_used() -> None:
    _register(plugin=f"{__name__}:ToySearchPlugin")
    toy = plugin("toy")
    assert isinstance(toy, ToySearchPlugin)
    game = _mid_game()
    seat = min(game.to_act)
    view = game.view(seat)
    for cls in BOTS:
        toy.bot.seats.clear()
        toy.valued.clear()
        bot = cls(iterations=6, seed=1, max_rollout=2)
        assert bot.choose(view) in view.legal_moves
        assert toy.bot.seats  # the plugin's bot played the rollouts
        assert toy.valued and set(toy.valued) == {seat}  # capped rollouts valued from the searcher's view
        assert toy.asked and set(toy.asked) == {seat}
        assert isinstance(bot._context(game).candidate, PluginCandidates)
        assert isinstance(bot._context(game).policy, BotPolicy)
        # listed or illegal candidates add nothing: the toy lists every legal move
        assert bot._root_moves(view, game, bot._context(game)) == view.legal_moves
    with pytest.warns(DeprecationWarning):
        assert default_rollout("toy") == "best"


def test_the_plugins_evaluation_sets_the_value_of_a_capped_rollout() -> None:
    _register(plugin=f"{__name__}:ToySearchPlugin")
    toy = plugin("toy")
    assert isinstance(toy, ToySearchPlugin)
    game = _mid_game()
    ctx = ISMCTSBot(iterations=2, seed=1)._context(game)
    toy.value = (0.25, 0.75)
    assert ctx.evaluate(game, 1) == (0.25, 0.75) and toy.valued[-1] == 1
    toy.value = None  # the plugin has no estimate here: a draw
    assert ctx.evaluate(game, 0) == (0.5, 0.5)
    toy.value = (1.0,)
    with pytest.raises(UsageError) as err:
        ctx.evaluate(game, 0)
    assert err.value.code == "bad_evaluation"
    given = ISMCTSBot(iterations=2, seed=1, evaluate=lambda w: (0.0, 1.0))._context(game)
    before = len(toy.valued)
    assert given.evaluate(game, 0) == (0.0, 1.0) and len(toy.valued) == before  # evaluate= wins


def test_a_plugin_policy_that_is_not_a_bot_is_refused() -> None:
    _register(plugin=f"{__name__}:BadPolicyPlugin")
    game = _mid_game()
    with pytest.raises(UsageError) as err:
        ISMCTSBot(iterations=2, seed=1).choose(game.view(min(game.to_act)))
    assert err.value.code == "bad_rollout"


def test_an_incomplete_game_without_candidates_falls_back_on_its_best_bot() -> None:
    _register(plugin=None, complete_moves=False, best_bot="naipes.bots:RandomBot")
    assert isinstance(default_candidate("toy"), Candidate)
    _register(plugin=None, complete_moves=True, best_bot="naipes.bots:RandomBot")
    assert default_candidate("toy") is None
    _register(plugin=None, complete_moves=False, best_bot=None)
    assert default_candidate("toy") is None


def test_best_rollouts_need_a_shipped_best_bot() -> None:
    _register(plugin=None, best_bot=None)
    game = _mid_game()
    view = game.view(min(game.to_act))
    with pytest.raises(UsageError) as err:
        ISMCTSBot(iterations=2, seed=1, rollout="best").choose(view)
    assert err.value.code == "no_such_bot"
    _register(plugin=None, best_bot="naipes.bots:RandomBot")
    assert ISMCTSBot(iterations=2, seed=1, rollout="best").choose(view) in view.legal_moves


def test_extra_moves_keep_order_drop_listed_illegal_and_repeated() -> None:
    a, b, c, d = (naipes_toy.Bid(0), naipes_toy.Bid(1), naipes_toy.PlayCard(naipes_toy.DECK[0]),
                  naipes_toy.PlayCard(naipes_toy.DECK[1]))
    assert extra_moves([d, a, d, b, c], listed=[b], legal=lambda m: m != c) == (d, a)
    assert extra_moves([], listed=[b], legal=lambda m: True) == ()


@pytest.mark.parametrize("cls", BOTS, ids=IDS)
def test_a_bot_that_searched_a_plugged_game_pickles(cls: Callable[..., Any]) -> None:
    _register(plugin=f"{__name__}:ToySearchPlugin")
    game = _mid_game()
    view = game.view(min(game.to_act))
    bot = cls(iterations=4, seed=3, max_rollout=2)
    bot.choose(view)
    copy = pickle.loads(pickle.dumps(bot))
    assert set(copy._contexts) == {"toy"}
    assert copy.choose(view) == bot.choose(view)
