"""RanzoBot's fast path for the search (naipes.ranzo._glance): read from the engine, it sees
exactly what the seat's view shows, so it decides and evaluates exactly as from the view."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.plugin import plugin
from naipes.ranzo import Game, RanzoBot, Rules
from naipes.ranzo._glance import Glance, glance
from naipes.search.rollout import BotPolicy


def _frozen(value: object) -> object:
    """Lists and tuples alike as nested tuples (a glance shares the engine's lists)."""
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


def _positions(seed: int, players: int, teams: bool) -> list[Game]:
    """Every position of one RanzoBot game (clones), windows and steals included."""
    game = Game(Rules(players=players, teams=teams, rounds=1), seed=seed)
    bots = [RanzoBot(s) for s in range(players)]
    seen = []
    while not game.is_over:
        seen.append(game.clone())
        seat = min(game.to_act)
        game.play(bots[seat].choose(game.view(seat)), seat)
    return seen


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), shape=st.sampled_from([(4, False), (4, True), (3, False)]))
def test_a_glance_shows_what_the_view_shows(seed: int, shape: tuple[int, bool]) -> None:
    for game in _positions(seed, *shape)[::3]:
        for seat in range(game.num_players):
            view, seen = game.view(seat), glance(game, seat)
            for name in Glance.__slots__:
                assert _frozen(getattr(seen, name)) == _frozen(getattr(view, name)), name


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), shape=st.sampled_from([(4, False), (4, True), (3, False)]),
       bot_seed=st.integers(0, 100))
def test_choose_in_game_is_choose_of_the_view_draw_for_draw(seed: int, shape: tuple[int, bool], bot_seed: int) -> None:
    ranzo = plugin("ranzo")
    for game in _positions(seed, *shape):
        for seat in game.to_act:
            fast, slow = RanzoBot(bot_seed), RanzoBot(bot_seed)
            before = game.to_dict()
            assert fast.choose_in_game(game, seat) == slow.choose(game.view(seat))
            assert fast.rng.getstate() == slow.rng.getstate()
            assert ranzo.evaluate_game(game, seat) == ranzo.evaluate(game.view(seat))
            assert game.to_dict() == before


def test_the_search_policy_takes_the_fast_path_with_the_same_moves() -> None:
    class ViewOnly:
        """RanzoBot without its fast path: the policy must build the view."""

        def __init__(self) -> None:
            self.bot = RanzoBot(3)

        def choose(self, view: object) -> object:
            return self.bot.choose(view)  # type: ignore[arg-type]

    fast, slow = BotPolicy(RanzoBot(3)), BotPolicy(ViewOnly())  # type: ignore[arg-type]
    assert fast.in_game is not None and slow.in_game is None
    rng = random.Random(0)
    for game in _positions(11, 4, False):
        for seat in game.to_act:
            assert fast.move(game, seat, rng) == slow.move(game, seat, rng)


def test_a_seat_without_a_move_or_a_seat_that_does_not_exist_is_refused() -> None:
    import pytest

    from naipes.errors import IllegalMoveError, UsageError

    game = Game(Rules(rounds=1), seed=2)
    idle = next(s for s in range(4) if s not in game.to_act)
    before = game.to_dict()
    with pytest.raises(IllegalMoveError) as no_move:
        RanzoBot(1).choose_in_game(game, idle)
    with pytest.raises(IllegalMoveError) as no_move_view:
        RanzoBot(1).choose(game.view(idle))
    assert no_move.value.code == no_move_view.value.code == "no_legal_move"
    for seat in (4, -1):
        with pytest.raises(UsageError) as bad:
            RanzoBot(1).choose_in_game(game, seat)
        assert bad.value.code == "no_such_seat"
    assert game.to_dict() == before
