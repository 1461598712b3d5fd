"""The engines' use of the RNG does not depend on the moves: what duplicate deals rely on.

For each game, one seed played by different bots must deal the same cards in
every hand both games reached, and move the RNG through the same states in the
same order (the game that lasts longer only goes further along).
"""

from __future__ import annotations

from typing import Any

import pytest

from naipes import RandomBot
from naipes.bots import load_bot
from naipes.events import CardsDealt, Event, HandStarted
from naipes.registry import find_game

#: Rules with several hands, so later hands' shuffles are covered too.
MULTI_HAND: dict[str, dict[str, object]] = {
    "machuco": {"players": 2, "scope": "chico"},
    "ranzo": {"rounds": 3},
    "macarra": {},
    "machiavelli": {"players": 3, "threshold": 300},
}


#: Hands played at most: a game stopped there still shows its RNG states and deals so far.
MAX_HANDS = 4


def _play(name: str, seed: int, bots: list[Any]) -> tuple[dict[int, list[tuple[int, tuple[str, ...]]]], list[Any]]:
    module = find_game(name).load()
    game = module.Game(module.Rules(**MULTI_HAND[name]), seed=seed)
    deals: dict[int, list[tuple[int, tuple[str, ...]]]] = {}
    hand = [0]

    def seen(event: Event) -> None:
        if isinstance(event, HandStarted):
            hand[0] = event.hand
        elif isinstance(event, CardsDealt):
            deals.setdefault(hand[0], []).append((event.seat, tuple(map(str, event.cards))))

    for event in game.opening_events:
        seen(event)
    game.events.subscribe(Event, seen)
    states = [game.to_dict()["rng"]]
    while not game.is_over and hand[0] <= MAX_HANDS:
        for seat in sorted(game.to_act):
            if seat in game.to_act:
                game.play(bots[seat % len(bots)].choose(game.view(seat)), seat)
        state = game.to_dict()["rng"]
        if state != states[-1]:
            states.append(state)
    return deals, states


def _prefix(a: list[Any], b: list[Any]) -> bool:
    n = min(len(a), len(b))
    return a[:n] == b[:n]


@pytest.mark.parametrize("name", sorted(MULTI_HAND))
@pytest.mark.parametrize("seed", [1, 2])
def test_the_cards_dealt_do_not_depend_on_the_moves(name: str, seed: int) -> None:
    info = find_game(name)
    runs = [_play(name, seed, [RandomBot(seed=10 + k) for k in range(4)]),
            _play(name, seed, [RandomBot(seed=99 + k) for k in range(4)]),
            _play(name, seed, [load_bot(info.best_bot or "random", seed=k) for k in range(4)])]
    (deals0, states0), *others = runs
    assert deals0, "no deal was seen: the test would prove nothing"
    for deals, states in others:
        for hand in deals0.keys() & deals.keys():
            assert _prefix(deals0[hand], deals[hand]), (name, seed, hand)
        assert _prefix(states0, states), (name, seed)


def test_the_check_fails_for_an_engine_that_draws_on_moves() -> None:
    # the prefix check is able to fail: two trajectories that diverge
    assert not _prefix([1, 2, 3], [1, 3])
