"""naipes.search: the ISMCTS and PIMC bots, with small budgets (each test runs in well under a second)."""

from __future__ import annotations

import pickle
import random
from typing import Any, Callable

import pytest

from naipes import RandomBot, UsageError, macarra, machiavelli, machuco, play_game, ranzo
from naipes.plugin import plugin
from naipes.search import DeterminizedBot, ISMCTSBot, PIMCBot, default_rollout
from naipes.testing import check_threads


def determinized(iterations: int | None = None, seconds: float | None = None, seed: int | None = None) -> Any:
    """A DeterminizedBot with a small world budget and a shallow depth, called like the others."""
    worlds = None if iterations is None else max(1, iterations // 4)
    return DeterminizedBot(worlds=worlds, seconds=seconds, seed=seed, depth=3)


BOTS: list[Callable[..., Any]] = [ISMCTSBot, PIMCBot, determinized]
IDS = ["ismcts", "pimc", "determinized"]


def machuco2(seed: int) -> machuco.Game:
    return machuco.Game(machuco.Rules(players=2, scope="hand"), seed=seed)


def _history(game: Any) -> list[tuple[int, str]]:
    return [(s, str(m)) for s, m in game.history]


def _play(make: Callable[[int], Any], bots: list[Any], seed: int) -> list[tuple[int, str]]:
    game = make(seed)
    play_game(game, bots)
    return _history(game)


def _advance(game: Any, until: Callable[[Any], bool], seed: int = 0, cap: int = 5000) -> Any:
    """Play random moves until ``until(game)`` holds (or the game ends)."""
    rng = random.Random(seed)
    for _ in range(cap):
        if game.is_over or until(game):
            return game
        seat = min(game.to_act)
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
    return game


@pytest.mark.parametrize("cls", BOTS, ids=IDS)
def test_same_seed_same_moves(cls: Callable[..., Any]) -> None:
    runs = [_play(machuco2, [cls(iterations=8, seed=4), RandomBot(seed=5)], seed=11) for _ in range(2)]
    assert runs[0] == runs[1]
    other = _play(machuco2, [cls(iterations=8, seed=4), RandomBot(seed=5)], seed=12)
    assert other != runs[0]


def test_kit_determinism_in_threads() -> None:
    def work(job: tuple[int, int]) -> list[tuple[int, str]]:
        seed, bot_seed = job
        return _play(machuco2, [ISMCTSBot(iterations=6, seed=bot_seed), PIMCBot(iterations=6, seed=bot_seed)],
                     seed)

    check_threads(work, [(1, 2), (3, 4), (5, 6)])


GAMES: list[tuple[str, Callable[[int], Any]]] = [
    ("machuco2", machuco2),
    ("machuco4", lambda s: machuco.Game(machuco.Rules(players=4, scope="hand"), seed=s)),
    ("ranzo", lambda s: ranzo.Game(ranzo.Rules(rounds=1), seed=s)),
    ("machiavelli", lambda s: machiavelli.Game(machiavelli.Rules(players=2, mode="single_deal",
                                                                 hand_size=5), seed=s)),
    ("macarra", lambda s: macarra.Game(macarra.Rules(players=3, infractions="forbid"), seed=s)),
]


@pytest.mark.parametrize("cls", BOTS, ids=IDS)
@pytest.mark.parametrize("make", [g[1] for g in GAMES], ids=[g[0] for g in GAMES])
def test_whole_games_with_legal_moves_only(cls: Callable[..., Any], make: Callable[[int], Any]) -> None:
    game = make(3)
    bots = [cls(iterations=3, seed=s) if s % 2 == 0 else RandomBot(seed=s) for s in range(game.num_players)]
    result = play_game(game, bots)  # raises IllegalMoveError naming the bot on an illegal answer
    assert game.is_over and len(result.returns) == game.num_players


def _claim_window(game: ranzo.Game) -> bool:
    return len(game.to_act) > 1


@pytest.mark.parametrize("cls", BOTS, ids=IDS)
def test_ranzo_claim_window_answers(cls: Callable[..., Any]) -> None:
    game = _advance(ranzo.Game(ranzo.Rules(rounds=1), seed=2), _claim_window)
    assert len(game.to_act) > 1
    for seat in sorted(game.to_act):
        view = game.view(seat)
        move = cls(iterations=12, seed=seat).choose(view)
        assert move in view.legal_moves
        game.play(move, seat)  # each answers in turn; the window resolves on the last


@pytest.mark.parametrize("cls", BOTS, ids=IDS)
def test_macarra_punishment_bids(cls: Callable[..., Any]) -> None:
    game = macarra.Game(macarra.Rules(players=3, infractions="forbid"), seed=4)
    perfect = macarra.PerfectBot()
    while len(game.to_act) < 2:
        seat = game.to_act[0]
        game.play(perfect.choose(game.view(seat)), seat)
    for seat in game.to_act:
        view = game.view(seat)
        assert all(isinstance(m, macarra.Bid) for m in view.legal_moves)
        bid = cls(iterations=30, seed=1).choose(view)
        assert bid in view.legal_moves


@pytest.mark.parametrize("cls", BOTS, ids=IDS)
def test_equal_views_give_equal_choices(cls: Callable[..., Any]) -> None:
    game = _advance(machuco2(8), lambda g: len(g.legal_moves()) > 2)
    seat = game.current_player
    view = game.view(seat)
    other = view.sample(random.Random(99))  # another deal of the hidden cards, the same view
    assert other.view(seat) == view and other.to_dict() != game.to_dict()
    assert cls(iterations=10, seed=7).choose(view) == cls(iterations=10, seed=7).choose(other.view(seat))


@pytest.mark.parametrize("cls", BOTS, ids=IDS)
def test_picklable_and_resumes_identically(cls: Callable[..., Any]) -> None:
    game = _advance(machuco2(9), lambda g: len(g.legal_moves()) > 2)
    view = game.view(game.current_player)
    bot = cls(iterations=6, seed=3)
    bot.choose(view)
    copy = pickle.loads(pickle.dumps(bot))
    assert copy.choose(view) == bot.choose(view)


@pytest.mark.parametrize("cls", BOTS, ids=IDS)
def test_time_budget_gives_a_legal_move(cls: Callable[..., Any]) -> None:
    game = _advance(ranzo.Game(ranzo.Rules(rounds=1), seed=5), lambda g: len(g.legal_moves(min(g.to_act))) > 2)
    view = game.view(min(game.to_act))
    bot = cls(iterations=None, seconds=0.005, seed=1)
    assert bot.choose(view) in view.legal_moves
    assert bot.last_iterations >= 1


@pytest.mark.parametrize("kwargs", [{"iterations": 0}, {"iterations": None}, {"iterations": 2.5},
                                    {"seconds": -1.0}, {"seconds": True}, {"max_rollout": 0}])
def test_bad_budgets(kwargs: dict[str, Any]) -> None:
    for cls in (ISMCTSBot, PIMCBot):
        with pytest.raises(UsageError) as err:
            cls(**kwargs)
        assert err.value.code == "bad_budget"


def test_rollout_policies() -> None:
    game = _advance(machuco2(1), lambda g: len(g.legal_moves()) > 2)
    view = game.view(game.current_player)
    seen: list[int] = []

    def first(v: Any) -> Any:
        seen.append(v.seat)
        return v.legal_moves[0]

    for rollout in ("random", "best", "naipes.machuco.bots:MachucoBot", RandomBot(seed=1), first):
        assert ISMCTSBot(iterations=5, seed=1, rollout=rollout).choose(view) in view.legal_moves
    assert seen  # the callable played the rollouts
    with pytest.raises(UsageError) as err:
        ISMCTSBot(iterations=5, rollout=42).choose(view)  # type: ignore[arg-type]
    assert err.value.code == "bad_rollout"


def test_default_rollouts_come_from_the_plugins() -> None:
    assert type(plugin("macarra").rollout_policy(3)) is macarra.PerfectBot  # measured: cheaper than random
    assert plugin("machiavelli").rollout_policy(3) is None
    for name in ("machuco", "ranzo"):  # the epsilon-greedy cut-downs of their heuristic bots
        assert type(plugin(name).rollout_policy(3)).__name__ == "FastPolicy"
    game = macarra.Game(macarra.Rules(players=3, infractions="forbid"), seed=4)
    bot = ISMCTSBot(iterations=2, seed=1)
    ctx = bot._context(game)
    assert type(ctx.policy).__name__ == "BotPolicy" and type(ctx.policy.choose.__self__) is macarra.PerfectBot


def test_deprecated_rollout_names_warn_and_still_answer() -> None:
    import naipes.search
    import naipes.search.rollout

    with pytest.warns(DeprecationWarning, match="default_rollout"):
        assert default_rollout("macarra") == "best"
    with pytest.warns(DeprecationWarning, match="default_rollout"):
        assert default_rollout("machiavelli") == "random"
    for holder in (naipes.search, naipes.search.rollout):
        with pytest.warns(DeprecationWarning, match="HEURISTIC_ROLLOUTS"):
            names = holder.HEURISTIC_ROLLOUTS  # type: ignore[attr-defined]
        assert names == frozenset({"macarra", "machuco", "ranzo"})
        assert all(naipes.find_game(name).best_bot for name in names)
    with pytest.raises(AttributeError):
        _ = naipes.search.rollout.NO_SUCH_NAME  # type: ignore[attr-defined]


def test_capped_rollouts_use_evaluate() -> None:
    game = _advance(machuco2(2), lambda g: len(g.legal_moves()) > 2)
    view = game.view(game.current_player)
    calls: list[int] = []

    def evaluate(world: Any) -> tuple[float, ...]:
        calls.append(len(world.history))
        return (0.5,) * int(world.num_players)

    bot = ISMCTSBot(iterations=7, seed=1, max_rollout=1, evaluate=evaluate)
    assert bot.choose(view) in view.legal_moves
    assert len(calls) == 7


@pytest.mark.parametrize("name,make", GAMES, ids=[g[0] for g in GAMES])
def test_moves_match_across_sampled_worlds(name: str, make: Callable[[int], Any]) -> None:
    game = _advance(make(6), lambda g: len(g.history) > 6)
    seat = min(game.to_act)
    view = game.view(seat)
    for i in range(5):
        world = view.sample(random.Random(i))
        assert set(world.legal_moves(seat)) == set(view.legal_moves)
        assert all(hash(m) == hash(n) for m, n in zip(world.legal_moves(seat), view.legal_moves))


def _machiavelli_with_unlisted_best() -> tuple[machiavelli.Game, Any]:
    """A Machiavelli position where the solver's play is not in the listed family."""
    from naipes.machiavelli.moves import DRAW, FORFEIT
    from naipes.machiavelli.solver import solve

    for seed in range(40):
        game = machiavelli.Game(machiavelli.Rules(players=2, mode="single_deal"), seed=seed)
        for _ in range(30):
            if game.is_over:
                break
            view = game.view(min(game.to_act))
            best = solve(view.table, view.hand, view.rules, opened=view.is_opened)
            if best is not None:
                play = machiavelli.Play(best.table, best.played)
                if play not in view.legal_moves:
                    return game, play
            game.play(DRAW if view.stock_size else FORFEIT)
    raise AssertionError("no position found")


def test_machiavelli_candidate_from_the_solver() -> None:
    game, play = _machiavelli_with_unlisted_best()
    view = game.view(min(game.to_act))
    bot = ISMCTSBot(iterations=4, seed=1)
    first = view.sample(random.Random(0))
    ctx = bot._context(first)
    assert bot._root_moves(view, first, ctx)[0] == play
    none = ISMCTSBot(iterations=4, seed=1, candidate=False)
    assert play not in none._root_moves(view, first, none._context(first))
    for cls in BOTS:
        move = cls(iterations=4, seed=1).choose(view)
        assert game.is_legal(move)


@pytest.mark.parametrize("name,make", [GAMES[3], GAMES[4]], ids=["machiavelli", "macarra"])
def test_picklable_with_a_bot_policy_and_a_candidate(name: str, make: Callable[[int], Any]) -> None:
    game = make(4)
    bots = [ISMCTSBot(iterations=3, seed=s) for s in range(game.num_players)]
    play_game(game, bots)
    used = [b for b in bots if b._contexts]
    assert used
    copy = pickle.loads(pickle.dumps(used[0]))
    assert set(copy._contexts) == {name}
