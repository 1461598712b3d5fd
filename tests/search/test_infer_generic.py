"""Inference on a game whose plugin rebuilds no decisions (the example toy game): worlds stay uniform."""

from __future__ import annotations

import random

import naipes_toy
from _toy_registered import with_toy  # noqa: F401  (autouse: the toy is registered)

from naipes.plugin import plugin
from naipes.search import DeterminizedBot, HeuristicModel, InferredWorlds


def _mid_game() -> naipes_toy.Game:
    game = naipes_toy.Game(naipes_toy.Rules(players=2), seed=2)
    rng = random.Random(0)
    while len(game.legal_moves(game.to_act[0])) < 2 or game.history == ():
        seat = game.to_act[0]
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
    return game


def test_a_game_without_the_hook_keeps_its_worlds_uniform() -> None:
    game = _mid_game()
    view = game.view(game.to_act[0])
    assert plugin("toy").decisions(game, [view]) is None
    assert plugin("toy").enumerate_worlds(view, 8) is None
    worlds = InferredWorlds(HeuristicModel())
    worlds.observe(view)
    assert worlds.weight(game, view) == 1.0
    drawn = worlds.sample(view, random.Random(4))
    assert drawn.zones() == view.sample(random.Random(4)).zones()


def test_the_model_falls_back_on_the_prior_or_a_uniform_choice() -> None:
    view = _mid_game().view(_mid_game().to_act[0])
    model = HeuristicModel(epsilon=0.2)
    probabilities = [model.probability(view, m) for m in view.legal_moves]
    assert min(probabilities) > 0.0
    assert abs(sum(probabilities) - 1.0) < 1e-9


def test_an_inferring_determinized_bot_plays_the_toy() -> None:
    game = _mid_game()
    bot = DeterminizedBot(worlds=3, seed=1, infer="heuristic", exact=4)
    assert bot.choose(game.view(game.to_act[0])) in game.legal_moves(game.to_act[0])
    assert not bot.last_exact
