"""A third-party game gets a ``strong`` bot from its plugin's knowledge hooks, and a plugin's
``bot_specs`` may give parameterised specs (``ismcts:iterations=300``), as safely as any spec.

The toy (``examples/toygame``) ships TakerBot only: its ``strong`` is the generic search, which
must beat RandomBot clearly; DeterminizedBot, with no evaluation to value its horizon by, must too.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any, Callable, Iterator

import attrs
import naipes_toy
import pytest

from naipes import RandomBot, UsageError, play_game, registry
from naipes.bots import check_bot_spec, game_bots, load_bot
from naipes.plugin import GamePlugin, plugin
from naipes.search import DeterminizedBot, ISMCTSBot


@pytest.fixture(autouse=True)
def with_toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry with the example third-party game, restored after."""
    registry.games()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    registry.register(naipes_toy.GAME_INFO)
    yield


def _register(plugin_class: str) -> None:
    registry.register(attrs.evolve(naipes_toy.GAME_INFO, plugin=f"{__name__}:{plugin_class}"))


def _duplicate_score(make: Callable[[int], Any], deals: range) -> float:
    """Entrant's mean score (wins + 1/2 ties) against RandomBot, each deal played twice, seats swapped."""
    total = 0.0
    for deal in deals:
        for mine in (0, 1):
            game = naipes_toy.Game(naipes_toy.Rules(players=2), seed=deal)
            bots: list[Any] = [RandomBot(seed=deal * 10 + s) for s in range(2)]
            bots[mine] = make(deal * 10 + mine)
            returns = play_game(game, bots).returns
            total += 1.0 if returns[mine] > returns[1 - mine] else 0.5 if returns[mine] == returns[1 - mine] else 0.0
    return total / (2 * len(deals))


def _wilson_low(score: float, n: int, z: float = 1.96) -> float:
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    return centre - z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)


def test_the_toy_has_a_generic_strong_that_beats_random() -> None:
    spec = plugin("toy").bots()["strong"]
    assert spec == plugin("toy").generic_strong() and spec.startswith("ismcts:")  # no evaluation given
    assert isinstance(load_bot("strong", game="toy", seed=1), ISMCTSBot)
    score = _duplicate_score(lambda seed: load_bot("strong", game="toy", seed=seed), range(12))
    assert _wilson_low(score, 12) > 0.5, score


def test_determinized_without_an_evaluation_rolls_out_at_its_horizon_and_beats_random() -> None:
    """A horizon valued as a draw made every move alike until the end was in reach: random play."""
    score = _duplicate_score(lambda seed: DeterminizedBot(worlds=6, depth=3, seed=seed), range(24))
    assert _wilson_low(score, 24) > 0.5, score


def test_strong_is_reproducible_from_its_seed() -> None:
    game = naipes_toy.Game(naipes_toy.Rules(players=2), seed=7)
    view = game.view(0)
    assert load_bot("strong", game="toy", seed=3).choose(view) == load_bot("strong", game="toy", seed=3).choose(view)


class KnowingPlugin(GamePlugin[Any, Any, Any]):
    """A third party's plugin with an evaluation and a prior, and parameterised bot specs."""

    bot_specs = {"best": "naipes_toy:TakerBot", "deep": "ismcts:iterations=300,c=1.1",
                 "taker": "naipes_toy:TakerBot:seed=4"}

    def evaluate(self, view: Any) -> tuple[float, ...]:
        """Each seat's share of the cards taken so far."""
        taken = [len(p) + 1 for p in view.piles]
        return tuple(t / sum(taken) for t in taken)

    def prior(self, view: Any) -> Any:
        """TakerBot's move."""
        return naipes_toy.TakerBot().choose(view)


class EvilPlugin(GamePlugin[Any, Any, Any]):
    """A plugin whose names stand for things that are not bot classes."""

    bot_specs = {"system": "os:system:command=true", "private": "naipes_toy:_RANKS",
                 "nothing": "no_such_module_s40:Bot", "bare": "not_registered"}


def test_the_generic_strong_follows_the_plugins_hooks() -> None:
    _register("KnowingPlugin")
    spec = plugin("toy").bots()["strong"]
    assert spec.startswith("determinized:") and "prior=" in spec
    bot = load_bot("strong", game="toy", seed=1)
    assert isinstance(bot, DeterminizedBot) and bot.prior > 0
    game = naipes_toy.Game(naipes_toy.Rules(players=2), seed=3)
    assert bot.choose(game.view(0)) in game.legal_moves(0)


def test_parameterised_bot_specs_resolve() -> None:
    _register("KnowingPlugin")
    assert game_bots("toy")["deep"] == "ismcts:iterations=300,c=1.1"
    deep = load_bot("deep", game="toy", seed=1, modules=False)
    assert isinstance(deep, ISMCTSBot) and deep.iterations == 300 and deep.c == 1.1
    shallow = load_bot("deep:iterations=5", game="toy", seed=1, modules=False)  # the caller's win
    assert isinstance(shallow, ISMCTSBot) and shallow.iterations == 5 and shallow.c == 1.1
    taker = load_bot("taker", game="toy", modules=False)
    assert isinstance(taker, naipes_toy.TakerBot) and taker.seed == 4
    check_bot_spec("deep:c=2", game="toy", modules=False)


@pytest.mark.parametrize(("spec", "code"), [
    ("deep:rollout=os:system", "module_bots_refused"),    # a client's module, smuggled in a parameter
    ("deep:iterations=0", "bad_bot_args"),                # parameters validated
    ("deep:no_such=1", "bad_bot_args"),
    ("deep:__class__=1", "bad_bot_args"),
])
def test_a_clients_parameters_to_a_game_name_are_checked(spec: str, code: str) -> None:
    _register("KnowingPlugin")
    with pytest.raises(UsageError) as info:
        load_bot(spec, game="toy", seed=1, modules=False)
    assert info.value.code == code


@pytest.mark.parametrize(("name", "code"), [
    ("system", "not_a_bot"), ("private", "bad_bot_spec"), ("nothing", "no_such_bot"), ("bare", "no_such_bot"),
])
def test_a_plugin_name_standing_for_no_bot_class_is_refused_and_nothing_is_called(
        name: str, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _register("EvilPlugin")
    monkeypatch.chdir(tmp_path)
    for call in (check_bot_spec, load_bot):
        with pytest.raises(UsageError) as info:
            call(name, game="toy")
        assert info.value.code == code
    assert list(tmp_path.iterdir()) == [] and "no_such_module_s40" not in sys.modules
