"""naipes.search.DeterminizedBot and the games' search knowledge (small budgets, seconds in all)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from naipes import UsageError, machuco, play_game, ranzo
from naipes.bots import load_bot
from naipes.plugin import plugin
from naipes.registry import games
from naipes.search import DeterminizedBot


def machuco2(seed: int) -> machuco.Game:
    return machuco.Game(machuco.Rules(players=2, scope="hand"), seed=seed)


def _advance(game: Any, until: Any, seed: int = 0) -> Any:
    rng = random.Random(seed)
    while not game.is_over and not until(game):
        seat = min(game.to_act)
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
    return game


def _minimax(game: Any, seat: int) -> float:
    """``seat``'s exact return with both sides playing perfectly (a fully known position)."""
    if game.is_over:
        return float(game.result.returns[seat])
    mover = game.to_act[0]
    values = []
    for move in game.legal_moves(mover):
        branch = game.clone()
        branch.play(move, mover)
        values.append(_minimax(branch, seat))
    return max(values) if mover == seat else min(values)


def _last_deal(game: Any) -> bool:
    return game.view(0).stock_size == 0 and len(game.legal_moves()) == 3


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_exact_in_the_last_deal(seed: int) -> None:
    # In the last deal of a 2-player hand the stock is empty: the view fixes the other hand,
    # every sampled world is the real one, and the search to the end is exact.
    game = _advance(machuco2(seed), _last_deal, seed)
    seat = game.current_player
    view = game.view(seat)
    bot = DeterminizedBot(worlds=1, seed=0, depth=12)
    move = bot.choose(view)
    branch = game.clone()
    branch.play(move, seat)
    best = max(_minimax(_played(game, m, seat), seat) for m in view.legal_moves)
    assert _minimax(branch, seat) == best


def _played(game: Any, move: Any, seat: int) -> Any:
    branch = game.clone()
    branch.play(move, seat)
    return branch


def test_the_horizon_comes_from_the_plugin() -> None:
    game = _advance(machuco2(4), lambda g: len(g.legal_moves()) > 2)
    view = game.view(game.current_player)
    assert plugin("machuco").search_horizon(view) == sum(view.hand_sizes)
    assert plugin("ranzo").search_horizon(ranzo.Game(ranzo.Rules(rounds=1), seed=1).view(0)) is None
    bot = DeterminizedBot(worlds=2, seed=1, depth=2)
    bot.choose(view)
    shallow = bot.last_nodes
    deep = DeterminizedBot(worlds=2, seed=1, depth=6)
    deep.choose(view)
    assert deep.last_nodes > shallow > 0


def test_the_node_cap_stops_sampling() -> None:
    game = _advance(machuco2(5), lambda g: len(g.legal_moves()) > 2)
    view = game.view(game.current_player)
    capped = DeterminizedBot(worlds=10, nodes=1, seed=2)
    capped.choose(view)
    assert capped.last_iterations == 1
    free = DeterminizedBot(worlds=10, seed=2)
    free.choose(view)
    assert free.last_iterations == 10


@pytest.mark.parametrize("kwargs", [{"depth": -1}, {"depth": 1.5}, {"nodes": 0}, {"worlds": 0},
                                    {"worlds": None}])
def test_bad_budgets(kwargs: dict[str, Any]) -> None:
    with pytest.raises(UsageError) as err:
        DeterminizedBot(**kwargs)
    assert err.value.code == "bad_budget"


def test_same_seed_same_game() -> None:
    def run() -> list[tuple[int, str]]:
        game = machuco.Game(machuco.Rules(players=4, scope="hand"), seed=7)
        play_game(game, [DeterminizedBot(worlds=2, nodes=300, seed=s) for s in range(4)])
        return [(s, str(m)) for s, m in game.history]

    assert run() == run()


def test_ranzo_windows_and_a_whole_round() -> None:
    game = ranzo.Game(ranzo.Rules(rounds=1), seed=3)
    result = play_game(game, [DeterminizedBot(worlds=1, depth=2, seed=s) for s in range(4)])
    assert game.is_over and len(result.returns) == 4


def test_every_game_names_a_strong_bot_that_plays() -> None:
    for info in games():
        if info.name not in ("machuco", "ranzo", "machiavelli", "macarra"):
            continue
        p = plugin(info.name)
        assert "strong" in p.bots()
        game = p.new_game(p.rules(settings=p.quick()), seed=2)
        seat = min(game.to_act)
        view = game.view(seat)
        assert load_bot("strong", seed=1, game=info.name).choose(view) in _moves_or_legal(game, view, seat)


def _moves_or_legal(game: Any, view: Any, seat: int) -> Any:
    class Legal:
        def __contains__(self, move: Any) -> bool:
            return bool(game.is_legal(move, seat))

    return Legal()


@pytest.mark.parametrize("name,make", [("machuco", lambda s: machuco2(s)),
                                       ("ranzo", lambda s: ranzo.Game(ranzo.Rules(rounds=1), seed=s))])
def test_knowledge_plays_legal_moves(name: str, make: Any) -> None:
    p = plugin(name)
    game = make(6)
    policy = p.rollout_policy(3)
    rng = random.Random(1)
    for _ in range(60):
        if game.is_over:
            break
        seat = sorted(game.to_act)[0]
        view = game.view(seat)
        assert p.prior(view) in view.legal_moves
        values = p.evaluate(view)
        assert values is not None and len(values) == game.num_players
        move = policy.choose(view) if rng.random() < 0.5 else view.legal_moves[0]
        assert move in view.legal_moves
        game.play(move, seat)


def test_machuco_evaluation_follows_the_lead() -> None:
    game = machuco2(8)
    view = game.view(0)
    ahead = machuco.View(**{**_fields(view), "scores": (view.scores[0] + 8, view.scores[1])})
    assert plugin("machuco").evaluate(ahead)[0] > plugin("machuco").evaluate(view)[0]  # type: ignore[index]


def _fields(view: Any) -> dict[str, Any]:
    import attrs

    return {f.name: getattr(view, f.name) for f in attrs.fields(type(view)) if f.init}


def test_ismcts_progressive_bias_tries_the_prior_first() -> None:
    from naipes.search import ISMCTSBot

    game = _advance(machuco2(9), lambda g: len(g.legal_moves()) > 2)
    view = game.view(game.current_player)
    favoured = plugin("machuco").prior(view)
    assert ISMCTSBot(iterations=1, seed=3, bias=1.0).choose(view) == favoured
    picks = {ISMCTSBot(iterations=1, seed=s).choose(view) for s in range(8)}
    assert len(picks) > 1  # without bias the first tried move is drawn at random


def test_a_large_prior_bonus_plays_the_heuristics_move() -> None:
    game = _advance(machuco2(10), lambda g: len(g.legal_moves()) > 2)
    view = game.view(game.current_player)
    favoured = plugin("machuco").prior(view)
    assert DeterminizedBot(worlds=2, seed=1, prior=10.0).choose(view) == favoured


@pytest.mark.parametrize("players", [2, 4])
def test_alphabeta_chooses_as_max_n(players: int) -> None:
    # Two sides whose values add up to 1 (Machuco's returns and evaluation): alpha-beta
    # values every root move as max-n does, so it plays the same moves from the same worlds.
    game = machuco.Game(machuco.Rules(players=players, teams=players == 4, scope="hand"), seed=6)
    rng = random.Random(2)
    checked = 0
    while not game.is_over and checked < 12:
        seat = game.to_act[0]
        view = game.view(seat)
        if len(view.legal_moves) > 1:
            pruned = DeterminizedBot(worlds=3, seed=checked, depth=6, prune=True)
            full = DeterminizedBot(worlds=3, seed=checked, depth=6, prune=False)
            assert pruned.choose(view) == full.choose(view)
            assert pruned.last_nodes <= full.last_nodes
            checked += 1
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
    assert checked == 12
