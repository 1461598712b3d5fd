"""The zones of a table (``plugin.zones(view)``) and the generic drawer of ``naipes.svg.render``.

The four games describe their tables as zones (for the browser client and the
generic drawer); a third-party game with no drawer of its own gets its picture
from its zones. Neither ever shows a hidden card.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any, Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import naipes.registry
from naipes import Card, UsageError
from naipes.plugin import Zone, plugin
from naipes.svg import render
from naipes.svg._zones import draw_zones
from tests.svg._positions import (
    GAMES,
    SVG,
    allowed_cards,
    cards_in,
    drawn_cards,
    play_randomly,
    position,
)

SETTINGS = settings(deadline=None, max_examples=12, derandomize=True, database=None)
HIGHLIGHT = 'stroke="#d99a00"'


def _secret(game: Any, seat: int, visible: set[Card]) -> set[Card]:
    """The cards in another seat's hand or in a stock that the seat's view does not show."""
    return {c for name, cards in game.zones().items()
            if name.startswith(("hand", "stock")) and name != f"hand{seat}" for c in cards} - visible


def _face_up(zones: Any) -> Counter[Card]:
    return Counter(Card.parse(c) for z in zones for c in z.cards)


def _check_zones(game: Any, seat: int) -> list[Zone]:
    view = game.view(seat)
    zones = list(plugin(_name(game)).zones(view))
    assert zones and all(isinstance(z, Zone) for z in zones)
    visible = set(cards_in(view.to_dict()))
    shown = _face_up(zones)
    assert set(shown) <= visible, f"seat {seat}'s zones show {set(shown) - visible}"
    assert not set(shown) & _secret(game, seat, visible)
    assert not shown - allowed_cards(game, seat), f"seat {seat}'s zones show {shown - allowed_cards(game, seat)}"
    hands = [z for z in zones if z.kind == "hand" and z.seat == seat and z.hidden == 0]
    assert Counter(view.hand) <= _face_up(hands), "the seat's own hand is face up"
    assert all(z.hidden >= 0 for z in zones)
    json.loads(json.dumps([z.to_dict() for z in zones]))
    return zones


def _name(game: Any) -> str:
    return next(n for n, m in GAMES.items() if isinstance(game, m.Game))


@pytest.mark.parametrize("name", sorted(GAMES))
@SETTINGS
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_zones_never_show_a_hidden_card_and_hold_every_card(name: str, seed: int, steps: int) -> None:
    game = position(name, seed, steps)
    for seat in range(game.num_players):
        zones = _check_zones(game, seat)
        counted = sum(z.count for z in zones if z.kind != "foundation")
        in_play = sum(len(c) for k, c in game.zones().items() if not k.startswith("foundation"))
        assert counted == in_play, f"the zones hold {counted} cards, the game {in_play}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_generic_drawer_draws_every_game_from_its_zones(name: str) -> None:
    game = position(name, 5, 25)
    for seat in range(game.num_players):
        view = game.view(seat)
        zones = _check_zones(game, seat)
        svg = draw_zones(view, zones, game=name, deck="french" if name == "machiavelli" else "spanish", w=50)
        ET.fromstring(svg)
        drawn = Counter(drawn_cards(svg))
        assert drawn <= _face_up(zones), "the picture shows only the zones' face-up cards"
        assert set(drawn) <= set(cards_in(view.to_dict()))
        assert not drawn - allowed_cards(game, seat)
        assert svg.count(HIGHLIGHT) >= 1 if game.to_act else True


def test_macarra_zones_are_named_as_moves_name_them() -> None:
    game = position("macarra", 3, 60)
    view = game.view(1)
    names = {z.name: z for z in plugin("macarra").zones(view)}
    for s in range(view.rules.players):
        assert names[f"p{s}"].cards == tuple(map(str, view.piles[s]))
    for i, top in enumerate(view.foundations):
        assert names[f"f{i}"].cards == (str(top),)
    move = next((m for m in view.legal_moves if " f" in str(m) or " p" in str(m)), None)
    if move is not None:
        assert str(move).split()[-1] in names


def test_machiavelli_melds_are_numbered_as_the_workspace_numbers_them() -> None:
    game = position("machiavelli", 4, 60)
    view = game.view(0)
    melds = [z for z in plugin("machiavelli").zones(view) if z.kind == "meld"]
    assert [z.name for z in melds] == [f"#{i}" for i in range(len(view.table))]
    for zone, meld in zip(melds, view.table):
        assert zone.cards == tuple(map(str, meld.physical))


def test_machuco_and_ranzo_zones() -> None:
    game = position("machuco", 2, 14)
    zones = plugin("machuco").zones(game.view(0))
    table = [z for z in zones if z.kind == "table"]
    assert [z.cards for z in table] == [tuple(map(str, game.view(0).table))]
    captured = [z for z in zones if z.kind == "captured"]
    assert [z.hidden for z in captured] == [len(p) for p in game.view(0).piles]
    ranzo = position("ranzo", 3, 9)
    view = ranzo.view(2)
    zones = plugin("ranzo").zones(view)
    (discards,) = [z for z in zones if z.kind == "discard"]
    (stock,) = [z for z in zones if z.kind == "stock"]
    assert discards.cards == tuple(map(str, view.discards)) and stock.hidden == view.stock_size


# -- a third-party game: the example toy game -------------------------------------------------


@pytest.fixture()
def toy(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The example toy game registered (for this test) with the plugin named by the test's param."""
    naipes_toy = pytest.importorskip("naipes_toy")
    target = getattr(request, "param", "tests.svg._toy_plugin:ZonedToy")
    info = attrs.evolve(naipes_toy.GAME_INFO, plugin=target)
    registry = dict(naipes.registry._GAMES)
    for key in (info.name, *info.aliases):
        registry[key.casefold()] = info
    monkeypatch.setattr(naipes.registry, "_GAMES", registry)
    return naipes_toy


def _toy_positions(toy: Any) -> Iterator[Any]:
    for seed in range(12):
        game = toy.Game(toy.Rules(players=2 + seed % 3), seed=seed)
        yield play_randomly(game, seed * 2, seed)


def test_a_third_party_game_is_drawn_from_its_zones(toy: Any) -> None:
    for game in _toy_positions(toy):
        for seat in range(game.num_players):
            view = game.view(seat)
            svg = render(view, width=40)
            assert ET.fromstring(svg).tag == f"{SVG}svg"
            drawn = Counter(drawn_cards(svg))
            visible = set(cards_in(view.to_dict()))
            assert set(drawn) <= visible and not set(drawn) & _secret(game, seat, visible)
            assert not drawn - allowed_cards(game, seat), "no hidden card is drawn"
            assert Counter(view.hand) <= drawn, "the seat's own hand is face up"
            assert Counter(view.table) <= drawn, "the table is face up"
            texts = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text")]
            assert "Your hand" in texts and "Table" in texts and "Stock" in texts
            for s in range(game.num_players):
                assert s == seat or str(view.hand_sizes[s]) in texts, "another hand is a count"
            assert any(t and t.startswith("pile1: taken") for t in texts), "zones are named as moves name them"
            if game.to_act:
                assert svg.count(HIGHLIGHT) >= 1, "whose turn is marked"
            assert view._repr_svg_() == render(view)


def test_the_toy_picture_is_deterministic_and_per_seat(toy: Any) -> None:
    game = play_randomly(toy.Game(toy.Rules(players=3), seed=4), 3, 4)
    pictures = [render(game.view(s)) for s in range(3)]
    assert len(set(pictures)) == 3
    again = play_randomly(toy.Game(toy.Rules(players=3), seed=4), 3, 4)
    assert render(again.view(0)) == pictures[0]


@pytest.mark.parametrize("toy", [None], indirect=True)
def test_a_game_whose_plugin_has_no_zones_gets_its_hand(toy: Any) -> None:
    game = toy.Game(seed=1)
    view = game.view(0)
    svg = render(view)
    assert Counter(drawn_cards(svg)) == Counter(view.hand)


@pytest.mark.parametrize(("toy", "code"), [("tests.svg._toy_plugin:BadDrawer", "bad_plugin"),
                                           ("tests.svg._toy_plugin:BadZones", "bad_zone"),
                                           ("tests.svg._toy_plugin:BadCards", "bad_zone")],
                         indirect=["toy"])
def test_a_broken_plugin_is_a_clear_error(toy: Any, code: str) -> None:
    with pytest.raises(UsageError) as info:
        render(toy.Game(seed=1).view(0))
    assert info.value.code == code


def test_an_unregistered_game_has_no_picture(monkeypatch: pytest.MonkeyPatch) -> None:
    naipes_toy = pytest.importorskip("naipes_toy")
    monkeypatch.setattr(naipes.registry, "_GAMES", {k: v for k, v in naipes.registry._GAMES.items()
                                                    if v.name != naipes_toy.GAME_INFO.name})
    view = naipes_toy.Game(seed=1).view(0)
    with pytest.raises(UsageError) as info:
        render(view)
    assert info.value.code == "no_table_picture"
    assert view._repr_svg_() is None


def test_a_module_that_only_starts_like_a_game_is_not_that_game() -> None:
    fake = type("View", (), {"__module__": "naipes.machucoextra.view"})()
    with pytest.raises(UsageError) as info:
        render(fake)
    assert info.value.code == "no_table_picture"


def _played(name: str, moves: int, seed: int = 2) -> Any:
    import random

    p = plugin(name)
    game = p.new_game(p.rules(settings=p.quick()), seed=seed)
    rng = random.Random(seed)
    while not game.is_over and len(game.history) < moves:
        seat = game.to_act[0]
        game.play(rng.choice(game.legal_moves(seat)), seat)
    return game


def test_zone_labels_carry_the_names_moves_use() -> None:
    game = _played("macarra", 120)
    zones = plugin("macarra").zones(game.view(0))
    named = [z for z in zones if z.name]
    assert any(z.kind == "foundation" for z in named) and any(z.kind == "pile" for z in named)
    assert all(z.name in z.label for z in named)
    game = _played("machiavelli", 30)
    melds = [z for z in plugin("machiavelli").zones(game.view(0)) if z.kind == "meld"]
    assert [z.name for z in melds] == [f"#{i}" for i in range(len(melds))]
    assert all(z.label.startswith(f"Meld {z.name}") for z in melds)


def test_machuco_won_cards_are_labelled_by_their_seats_and_no_card_shows_twice() -> None:
    for players in (2, 4):
        p = plugin("machuco")
        game = p.new_game(p.rules(players=players, settings={"scope": "hand"}), seed=4)
        for _ in range(20):
            seat = game.to_act[0]
            game.play(game.legal_moves(seat)[0], seat)
        zones = p.zones(game.view(0))
        captured = [z.label for z in zones if z.kind == "captured"]
        expected = (["Won by seat 0", "Won by seat 1"] if players == 2
                    else ["Won by seats 0 and 2 (side A)", "Won by seats 1 and 3 (side B)"])
        assert captured == expected
        shown = [c for z in zones for c in z.cards]
        assert len(shown) == len(set(shown))
