"""naipes.svg pictures of single cards, backs and decks: well-formed, deterministic, distinct."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import naipes
from naipes import JOKER, Card, UsageError, french_deck, spanish_deck
from naipes.svg import back, card, card_name, deck_sheet
from naipes.svg._doc import Node, escape, fmt
from tests.svg._positions import SVG, drawn_cards

ALL_CARDS = tuple(dict.fromkeys(spanish_deck(48) + french_deck(jokers=1)))


def _root(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") and root.get("width") and root.get("height")
    return root


def test_there_are_101_distinct_faces() -> None:
    assert len(ALL_CARDS) == 48 + 52 + 1


@pytest.mark.parametrize("c", ALL_CARDS, ids=str)
def test_every_card_is_a_well_formed_titled_picture(c: Card) -> None:
    svg = card(c)
    root = _root(svg)
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("60", "90", "0 0 100 150")
    assert root.findtext(f"{SVG}title") == card_name(c)
    assert drawn_cards(svg) == [c]
    assert svg == card(c), "the same card must give the same bytes"
    assert "href" not in svg and "url(" not in svg and svg.count("http") == 1


def test_distinct_cards_give_distinct_pictures() -> None:
    assert len({card(c) for c in ALL_CARDS}) == len(ALL_CARDS)


def test_corner_index_shows_the_rank_as_printed() -> None:
    texts = {c: [t.text for t in ET.fromstring(card(c)).iter(f"{SVG}text")]
             for c in Card.parse_many("10o 11c 12e 7b QH 10D AS")}
    assert texts[Card.parse("10o")].count("10") == 2 and "S" in texts[Card.parse("10o")]
    assert "C" in texts[Card.parse("11c")] and "R" in texts[Card.parse("12e")]
    assert texts[Card.parse("QH")].count("Q") >= 2 and "A" in texts[Card.parse("AS")]
    assert "JOKER" == "".join(t.text or "" for t in ET.fromstring(card(JOKER)).iter(f"{SVG}text"))[:5]


def test_names() -> None:
    assert [card_name(Card.parse(t)) for t in ("1o", "10c", "11e", "12b", "8o", "AS", "KD", "10H")] == [
        "as de oros", "sota de copas", "caballo de espadas", "rey de bastos", "ocho de oros",
        "ace of spades", "king of diamonds", "10 of hearts"]
    assert card_name(JOKER) == "joker"


def test_width_scales_the_picture() -> None:
    root = _root(card(Card.parse("7c"), width=90))
    assert (root.get("width"), root.get("height")) == ("90", "135")
    assert _root(back(width=33.3)).get("height") == "49.95"


@pytest.mark.parametrize("width", [0, -5, float("nan"), float("inf"), True, "60", None, 1e9])
def test_bad_widths_are_refused(width: object) -> None:
    for draw in (lambda: card(Card.parse("1o"), width=width), lambda: back(width=width),  # type: ignore[arg-type]
                 lambda: deck_sheet(spanish_deck(), width=width)):  # type: ignore[arg-type]
        with pytest.raises(UsageError) as info:
            draw()
        assert info.value.code == "bad_width"


def test_non_cards_and_bad_decks_are_refused() -> None:
    with pytest.raises(UsageError) as info:
        card("7c")  # type: ignore[arg-type]
    assert info.value.code == "not_a_card"
    with pytest.raises(UsageError) as info:
        back(deck="tarot")  # type: ignore[arg-type]
    assert info.value.code == "no_such_deck"
    for bad, code in (([], "not_a_card"), (["7c"], "not_a_card")):
        with pytest.raises(UsageError) as info:
            deck_sheet(bad)  # type: ignore[arg-type]
        assert info.value.code == code
    with pytest.raises(UsageError) as info:
        deck_sheet(spanish_deck(), columns=0)
    assert info.value.code == "bad_columns"


@pytest.mark.parametrize("deck", ["spanish", "french"])
def test_backs_show_no_card(deck: str) -> None:
    svg = back(deck=deck)  # type: ignore[arg-type]
    root = _root(svg)
    assert root.findtext(f"{SVG}title") == "card back" and drawn_cards(svg) == []
    assert svg == back(deck=deck)  # type: ignore[arg-type]
    assert back(deck="spanish") != back(deck="french")


@pytest.mark.parametrize(("deck", "columns", "size"), [
    (spanish_deck(), 10, (666, 390)), (spanish_deck(48), 12, (798, 390)),
    (french_deck(jokers=2), 13, (864, 486)),
])
def test_deck_sheets_hold_every_card_in_order(deck: tuple[Card, ...], columns: int,
                                              size: tuple[int, int]) -> None:
    svg = deck_sheet(deck)
    root = _root(svg)
    assert drawn_cards(svg) == list(deck)
    assert (float(root.get("width") or 0), float(root.get("height") or 0)) == size
    assert deck_sheet(deck, columns=4).count('class="card"') == len(deck)


def test_writer_escapes_text_and_attributes() -> None:
    assert escape('<a & "b">') == '&lt;a &amp; "b"&gt;'
    assert escape('"', attribute=True) == "&quot;" and escape("\x00\x1b") == "\ufffd\ufffd"
    node = Node("text", "</svg><script>", x=1, data_x='"><script>')
    parsed = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{node}</svg>')
    element = parsed.find(f"{SVG}text")
    assert element is not None and element.text == "</svg><script>" and element.get("data-x") == '"><script>'
    assert (fmt(1.0), fmt(2.499), fmt(-0.001), fmt(3)) == ("1", "2.5", "0", "3")
    with pytest.raises(TypeError):
        fmt(True)


def test_card_repr_svg_is_its_picture() -> None:
    c = Card.parse("Rb")
    assert c._repr_svg_() == card(c)
    assert naipes.Card.parse("JK")._repr_svg_() == card(JOKER)
