"""naipes.svg.render: every game's table as one seat sees it, never a hidden card."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes import UsageError, View
from naipes.svg import render
from tests.svg._positions import (
    GAMES,
    SVG,
    allowed_cards,
    cards_in,
    drawn_cards,
    position,
)

SETTINGS = settings(deadline=None, max_examples=12, derandomize=True, database=None)


def _check_seat(game: object, seat: int) -> str:
    view = game.view(seat)  # type: ignore[attr-defined]
    svg = render(view)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("viewBox")
    shown = drawn_cards(svg)
    visible = set(cards_in(view.to_dict()))
    assert set(shown) <= visible, f"seat {seat} was shown {set(shown) - visible}"
    own = Counter(view.hand)
    assert not own - Counter(shown), "the seat's own hand is drawn face up"
    hidden = _hidden_cards(game, seat, visible)
    assert not hidden & set(shown)
    leaked = Counter(shown) - allowed_cards(game, seat)
    assert not leaked, f"seat {seat} was shown hidden cards {leaked}"
    return svg


def _hidden_cards(game: object, seat: int, visible: set[object]) -> set[object]:
    zones = game.zones()  # type: ignore[attr-defined]
    secret = {c for name, cards in zones.items() if name.startswith(("hand", "stock")) and name != f"hand{seat}"
              for c in cards}
    return secret - visible


@pytest.mark.parametrize("name", sorted(GAMES))
@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_a_table_never_shows_a_hidden_card(name: str, seed: int, steps: int) -> None:
    game = position(name, seed, steps)
    for seat in range(game.num_players):
        _check_seat(game, seat)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_seat_of_a_mid_game_position(name: str) -> None:
    game = position(name, 5, 25)
    pictures = [_check_seat(game, s) for s in range(game.num_players)]
    assert len(set(pictures)) == len(pictures), "each seat sees its own table"
    assert pictures[0] == render(position(name, 5, 25).view(0)), "the same position gives the same bytes"
    assert all(view.count('stroke="#d99a00"') >= 1 for view in pictures if game.to_act), "whose turn is marked"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_end_of_a_game_renders(name: str) -> None:
    game = position(name, 2, 100_000)
    assert game.is_over
    assert "The game is over." in render(game.view(0))


def test_other_hands_are_backs_with_their_counts() -> None:
    game = position("ranzo", 1, 0)
    view = game.view(0)
    svg = render(view)
    root = ET.fromstring(svg)
    backs = [g for g in root.iter(f"{SVG}g") if g.get("class") == "back"]
    assert backs and all(g.find(f"{SVG}title") is not None for g in backs)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    for s in range(1, 4):
        assert str(view.hand_sizes[s] - len(view.known_by_seat[s])) in texts
    assert f"{view.hand_sizes[1]} concealed" in texts


def test_width_scales_the_table() -> None:
    view = position("machiavelli", 3, 10).view(1)
    small, big = ET.fromstring(render(view, width=40)), ET.fromstring(render(view, width=80))
    assert float(big.get("width") or 0) == pytest.approx(2 * float(small.get("width") or 0), rel=0.01)
    with pytest.raises(UsageError) as info:
        render(view, width=0)
    assert info.value.code == "bad_width"


def test_views_of_other_games_have_no_picture() -> None:
    view = View(seat=0, hand=(), scores=(0,), to_act=())
    with pytest.raises(UsageError) as info:
        render(view)
    assert info.value.code == "no_table_picture"
    assert view._repr_svg_() is None


@pytest.mark.parametrize("name", sorted(GAMES))
def test_view_repr_svg_is_its_table(name: str) -> None:
    view = position(name, 4, 12).view(0)
    assert view._repr_svg_() == render(view)


def test_a_single_deal_picture_shows_the_scores_the_result_gives() -> None:
    """MV-09: a single deal keeps no penalty totals; its end shows the winners' scores."""
    from naipes import machiavelli, play_game

    game = machiavelli.Game(machiavelli.Rules(players=3, mode="single_deal"), seed=3)
    assert "Single deal" in render(game.view(0))
    play_game(game, [machiavelli.SolverBot(seed=1)] * 3)
    svg = render(game.view(0))
    expected = "  ".join(f"seat {s} {p}" for s, p in enumerate(game.scores))
    assert any(p > 0 for p in game.scores)
    assert f"Scores: {expected}" in svg
    assert "Penalty totals" not in svg
