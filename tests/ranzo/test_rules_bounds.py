"""Ranzo's Rules refuse values of another type and values out of their documented bounds."""

from __future__ import annotations

import pytest

from naipes import RulesError, ranzo


@pytest.mark.parametrize("kwargs", [
    {"specials": ("trio:²",)}, {"specials": ("trio:٣",)}, {"specials": ("escalera:" + "1" * 5000,)},
    {"players": "4"}, {"players": 4.0}, {"players": True}, {"deck": 48.0},
    {"starting_points": 10**30}, {"starting_points": True}, {"starting_points": 30.0},
    {"rounds": 10**9}, {"rounds": 0}, {"value_regular": 10**6}, {"value_special": 2.5},
    {"after_steal_next": 1}, {"teams": 1}, {"envido_beats_truco": "yes"},
    {"specials": ("trio:1",) * 2}, {"specials": tuple(f"trio:{n}" for n in range(1, 13)) * 6},
])
def test_rules_refuse_with_rules_error(kwargs: dict[str, object]) -> None:
    with pytest.raises(RulesError) as info:
        ranzo.Rules(**kwargs)  # type: ignore[arg-type]
    assert info.value.code in ("bad_players", "bad_deck_size", "bad_rule_value", "bad_specials",
                               "unknown_special")


def test_the_bounds_themselves_are_accepted() -> None:
    rules = ranzo.Rules(starting_points=ranzo.rules.MAX_STARTING_POINTS, rounds=ranzo.rules.MAX_ROUNDS,
                        value_regular=ranzo.rules.MAX_HAND_VALUE, specials=("trio:12", "escalera:1"))
    game = ranzo.Game(rules, seed=1)
    assert game.scores == (ranzo.rules.MAX_STARTING_POINTS,) * 4
