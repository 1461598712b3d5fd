"""Machuco's ``strong`` bot (naipes.machuco.search.StrongBot): its options and defaults (issue 40)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from naipes import machuco
from naipes.bots import load_bot
from naipes.errors import UsageError
from naipes.machuco.search import StrongBot
from naipes.plugin import plugin
from naipes.search.infer import HeuristicModel


def _strong(spec: str, seed: int) -> StrongBot:
    """``load_bot(spec, game="machuco")``, checked to be a StrongBot (typed as one)."""
    bot = load_bot(spec, seed=seed, game="machuco")
    assert isinstance(bot, StrongBot)
    return bot


def _rules(players: int) -> machuco.Rules:
    if players == 4:
        return machuco.Rules(players=4, teams=True, scope="hand")
    return machuco.Rules(players=2, scope="hand")


def _first_choice(players: int, seed: int) -> tuple[Any, Any]:
    """A game at its first play with a choice, and the view of the seat to play."""
    game = machuco.Game(_rules(players), seed=seed)
    while True:
        seat = game.to_act[0]
        view = game.view(seat)
        if view.phase is machuco.Phase.PLAY and len(view.legal_moves) > 1:
            return game, view
        game.play(machuco.MachucoBot(seed=seat).choose(view), seat)


def test_a_deal_horizon_searches_to_the_end_of_a_four_player_deal() -> None:
    _, view = _first_choice(4, seed=3)
    plays_left = sum(view.hand_sizes)
    assert plays_left > 5
    world = view.sample(random.Random(1))
    assert StrongBot(seed=1, horizon="deal")._limit(view, world) == plays_left
    assert StrongBot(seed=1, horizon="game")._limit(view, world) == plugin("machuco").search_horizon(view)
    deal = StrongBot(seed=1, worlds=2, horizon="deal")
    wide = StrongBot(seed=1, worlds=2, horizon="game")
    assert deal.choose(view) in view.legal_moves
    wide.choose(view)
    assert deal.last_nodes > wide.last_nodes


@pytest.mark.parametrize("bad", ["forever", 3])
def test_an_unknown_horizon_is_refused(bad: Any) -> None:
    with pytest.raises(UsageError) as caught:
        StrongBot(horizon=bad)
    assert caught.value.code == "bad_option"


def test_the_model_and_the_inferred_seats_are_options() -> None:
    inference = _strong("strong:epsilon=0.1,infer=opponents", 1).inference
    assert inference is not None and isinstance(inference.model, HeuristicModel)
    assert inference.model.epsilon == 0.1 and inference.opponents
    heuristic = _strong("strong:infer=heuristic", 1).inference
    assert heuristic is not None and not heuristic.opponents
    assert _strong("strong:infer=none", 1).inference is None


def _moves(spec: str, seed: int, disturb: bool) -> list[Any]:
    """Strong's moves in one hand against MachucoBot; ``disturb``: the plugin's shared prior is
    asked in between (its generator then draws differently)."""
    game = machuco.Game(_rules(2), seed=seed)
    bots = [load_bot(spec, seed=seed, game="machuco"), machuco.MachucoBot(seed=2)]
    played = []
    while not game.is_over:
        seat = game.to_act[0]
        view = game.view(seat)
        if disturb and seat == 0 and len(view.legal_moves) > 1:
            for _ in range(3):
                plugin("machuco").prior(view)
        move = bots[seat].choose(view)
        played.append(move)
        game.play(move, seat)
    return played


@pytest.mark.parametrize("seed", [4, 9])
def test_the_prior_is_the_bots_own_heuristic_so_it_stays_reproducible(seed: int) -> None:
    spec = "strong:prior=10,worlds=2"
    assert _moves(spec, seed, disturb=False) == _moves(spec, seed, disturb=True)


def test_a_large_prior_plays_the_heuristics_move() -> None:
    game, view = _first_choice(2, seed=5)
    bot = StrongBot(seed=7, worlds=2, prior=10.0)
    assert bot.choose(view) == machuco.MachucoBot(seed=7).choose(view)


@pytest.mark.parametrize("players", [2, 4])
def test_the_defaults_follow_the_player_count_and_given_options_win(players: int) -> None:
    from naipes.machuco.search import BY_PLAYERS

    _, view = _first_choice(players, seed=6)
    bot = _strong("strong:worlds=2", 1)
    bot.choose(view)
    expected = BY_PLAYERS[players]
    assert (bot.prior, bot.others, bot.horizon) == (expected["prior"], expected["others"], expected["horizon"])
    assert (bot.lookahead, bot.confidence) == (expected["lookahead"], expected["confidence"])
    assert bot.pool == (expected["pool"] or 4)
    assert bot.inference is not None and bot.inference.opponents
    given = _strong("strong:worlds=2,prior=0,others=search,horizon=game,lookahead=2,confidence=0.5,pool=7", 1)
    given.choose(view)
    assert (given.prior, given.others, given.horizon) == (0.0, "search", "game")
    assert (given.lookahead, given.confidence, given.pool) == (2, 0.5, 7)


def test_four_players_search_the_whole_deal_by_default() -> None:
    _, view = _first_choice(4, seed=6)
    bot = _strong("strong:worlds=2", 1)
    bot.choose(view)
    assert sum(view.hand_sizes) > plugin("machuco").search_horizon(view)
    assert bot._limit(view, view.sample(random.Random(2))) == min(bot.depth, sum(view.hand_sizes))


@pytest.mark.parametrize("prior", ["a", -0.5, True, float("nan")])
def test_a_prior_that_is_not_a_number_of_zero_or_more_is_refused(prior: object) -> None:
    with pytest.raises(UsageError) as caught:
        StrongBot(seed=0, prior=prior)  # type: ignore[arg-type]
    assert caught.value.code == "bad_option"


def _at_deal_end(seed: int) -> machuco.Game:
    """A two-player game just after its first deal's last play (MachucoBot on both seats)."""
    game = machuco.Game(_rules(2), seed=seed)
    while game._plays_done < 6:
        seat = game.to_act[0]
        game.play(machuco.MachucoBot(seed=seat).choose(game.view(seat)), seat)
    return game


def test_lookahead_plays_the_next_deal_on_before_the_evaluation() -> None:
    game = _at_deal_end(seed=8)
    still = StrongBot(seed=1, worlds=2)
    world = game.clone()
    assert still._horizon(world, 0, still._context(world)) == plugin("machuco").evaluate(game.view(0))
    assert world._plays_done == 6
    ahead = StrongBot(seed=1, worlds=2, lookahead=1)
    world = game.clone()
    value = ahead._horizon(world, 0, ahead._context(world))
    assert world._plays_done == 12 and world.result is None
    assert value == plugin("machuco").evaluate(world.view(0))


def test_lookahead_to_the_end_of_the_hand_gives_its_returns() -> None:
    game = _at_deal_end(seed=8)
    bot = StrongBot(seed=1, worlds=2, lookahead=2)
    while game._plays_done < 30:  # the last deal begins
        seat = game.to_act[0]
        game.play(machuco.MachucoBot(seed=seat).choose(game.view(seat)), seat)
    world = game.clone()
    value = bot._horizon(world, 0, bot._context(world))
    assert world.result is not None and value == tuple(world.result.returns)


def _first_disagreement(seed: int) -> Any:
    """The first two-player view where StrongBot without a prior leaves MachucoBot's move."""
    game = machuco.Game(_rules(2), seed=seed)
    while True:
        seat = game.to_act[0]
        view = game.view(seat)
        if view.phase is machuco.Phase.PLAY and len(view.legal_moves) > 1 and view.stock_size > 0:
            if StrongBot(seed=3, worlds=8, prior=0).choose(view) != machuco.MachucoBot(seed=3).choose(view):
                return view
        game.play(machuco.MachucoBot(seed=seat).choose(view), seat)


@pytest.mark.parametrize("seed", [1, 2])
def test_confidence_keeps_the_heuristics_move_when_the_worlds_disagree(seed: int) -> None:
    view = _first_disagreement(seed)
    sure = StrongBot(seed=3, worlds=8, prior=0, confidence=1000)
    assert sure.choose(view) == machuco.MachucoBot(seed=3).choose(view)
    assert StrongBot(seed=3, worlds=8, prior=0, confidence=0).choose(view) != sure.choose(view)


def test_confidence_adds_standard_errors_of_the_lead_to_the_prior() -> None:
    bot = StrongBot(seed=0, prior=0.01, confidence=2)
    rows = [(1.0, [0.5, 0.6]), (1.0, [0.5, 0.8]), (2.0, [0.4, 0.4])]
    means = [(0.5 + 0.5 + 0.8) / 4, (0.6 + 0.8 + 0.8) / 4]
    lead = means[1] - means[0]
    diffs = [(1.0, 0.1), (1.0, 0.3), (2.0, 0.0)]
    spread = sum(w * (d - lead) ** 2 for w, d in diffs) / 4
    expected = 0.01 + 2 * (spread * 6) ** 0.5 / 4
    assert bot._bonus(0, means, rows) == pytest.approx(expected)
    assert StrongBot(seed=0, prior=0.01)._bonus(0, means, rows) == 0.01


@pytest.mark.parametrize("option,bad", [("lookahead", -1), ("lookahead", 3), ("lookahead", "1"),
                                        ("lookahead", True), ("confidence", -1), ("confidence", "a"),
                                        ("confidence", float("nan")), ("confidence", False)])
def test_a_bad_lookahead_or_confidence_is_refused(option: str, bad: object) -> None:
    given: dict[str, Any] = {option: bad}
    with pytest.raises(UsageError) as caught:
        StrongBot(seed=0, **given)
    assert caught.value.code == "bad_option"


def test_the_models_temperature_is_an_option() -> None:
    inference = StrongBot(seed=1, temperature=0.25).inference
    assert inference is not None and isinstance(inference.model, HeuristicModel)
    assert inference.model.temperature == 0.25
    _, view = _first_choice(2, seed=6)
    sharp = HeuristicModel(epsilon=0.02, temperature=0.25)
    flat = HeuristicModel(epsilon=0.02)
    move = view.legal_moves[0]
    assert sharp.probability(view, move) != flat.probability(view, move)


@pytest.mark.parametrize("bad", [0, -1.0, "hot", None])
def test_a_bad_temperature_is_refused_even_without_inference(bad: Any) -> None:
    with pytest.raises(UsageError) as caught:
        StrongBot(seed=0, infer=None, temperature=bad)
    assert caught.value.code == "bad_option"


def test_two_players_play_the_next_deal_on_by_default_four_do_not() -> None:
    for players, lookahead in ((2, 1), (4, 0)):
        _, view = _first_choice(players, seed=6)
        bot = _strong("strong:worlds=2", 1)
        bot.choose(view)
        assert bot.lookahead == lookahead


def test_the_default_two_player_bot_is_reproducible_for_its_seed() -> None:
    assert _moves("strong:worlds=4", 3, disturb=False) == _moves("strong:worlds=4", 3, disturb=False)
