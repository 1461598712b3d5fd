"""The lobby's ``learned`` bot: offered for a game that ships weights, refused (``no_weights``) at a
table whose rules it was not trained for, before any table is made."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")
pytest.importorskip("starlette")

from naipes.errors import UsageError  # noqa: E402
from naipes.plugin import ships_learned_weights  # noqa: E402
from naipes.web import Lobby, Settings  # noqa: E402


def test_the_weights_ship_for_some_rules_only() -> None:
    from naipes import machuco

    assert ships_learned_weights("machuco")
    assert ships_learned_weights("machuco", machuco.Rules(players=2, scope="hand"))
    assert not ships_learned_weights("machuco", machuco.Rules(players=4))
    assert not ships_learned_weights("macarra")


def test_ranzo_ships_weights_for_four_players_and_one_round() -> None:
    from naipes import ranzo

    assert ships_learned_weights("ranzo", ranzo.Rules(rounds=1))
    assert not ships_learned_weights("ranzo", ranzo.Rules())
    assert not ships_learned_weights("ranzo", ranzo.Rules(players=3, rounds=1))
    lobby = Lobby(Settings(bot_delay=0))
    table = lobby.create("ranzo", players=4, rules={"rounds": 1}, bots={1: "learned", 3: "learned"}, seed=5)
    assert table.id in lobby.tables
    with pytest.raises(UsageError) as caught:
        lobby.create("ranzo", players=4, bots={1: "learned"})
    assert caught.value.code == "no_weights"


def test_a_four_player_table_with_the_learned_bot_is_refused_and_nothing_made() -> None:
    lobby = Lobby(Settings(bot_delay=0))
    with pytest.raises(UsageError) as caught:
        lobby.create("machuco", players=4, bots={1: "learned"})
    assert caught.value.code == "no_weights" and "players=2" in str(caught.value)
    assert not lobby.tables


def test_the_learned_bot_takes_a_seat_under_its_own_rules() -> None:
    lobby = Lobby(Settings(bot_delay=0))
    table = lobby.create("machuco", players=2, rules={"scope": "hand"}, bots={1: "learned"}, seed=5)
    assert table.id in lobby.tables
