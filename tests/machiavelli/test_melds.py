"""Melds: MV-03 validity (with mirror images), MV-12 joker conditions, notation, values."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.errors import InvalidStateError, NotationError
from naipes.machiavelli.melds import (
    Meld,
    MeldKind,
    card_value,
    check_table,
    format_table,
    hand_value,
    is_valid_meld,
    meld_problem,
    meld_value,
    parse_table,
    table_cards,
    table_problems,
)
from naipes.machiavelli.rules import Rules

JOKERS = Rules(jokers=2)

# (meld, rules, the reason, or None when valid): MV-03's examples and more
EXAMPLES: list[tuple[str, Rules, str | None]] = [
    ("[AS 2S 3S]", Rules(), None),  # "la escalera A, 2, 3 es válida"
    ("[QS KS AS]", Rules(), "K→A is not a run (the ace is low)"),  # "Q, K, A no lo es"
    ("[KS AS 2S]", Rules(), "K→A is not a run (the ace is low)"),
    ("[8H 8D 8C]", Rules(), None),
    ("[8H 8H 8D]", Rules(), "two identical cards (8H)"),  # "8♥, 8♥, 8♦ no lo es"
    ("[8S 8H 8D 8C]", Rules(), None),
    ("[8S 8H 8D 8C 8S]", Rules(), "two identical cards (8S)"),  # no fifth card
    ("[4S 5S 6S 7S 8S 9S 10S]", Rules(), None),
    ("[AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH]", Rules(), None),  # the longest run
    ("[7S 7H]", Rules(), "a meld of two cards"),
    ("[7S]", Rules(), "a meld of one card"),
    ("[4S 5S 7S]", Rules(), "the ranks of a run must be consecutive"),
    ("[4S 5S 5S 6S]", Rules(), "two identical cards (5S)"),
    ("[4S 5H 6S]", Rules(), "neither a group (one rank) nor a run (one suit)"),
    ("[4S JK=5S 6S]", Rules(), "jokers are not in play"),
    ("[4S JK=5S 6S]", JOKERS, None),
    ("[JK=4S JK=5S 6S]", Rules(jokers=4), "fewer than 2 natural cards"),
    ("[JK=4S JK=5S 6S]", Rules(jokers=4, min_natural_per_combination=1), None),
    ("[8H 8D JK=8H]", JOKERS, "two identical cards (8H)"),  # a joker's suit must be new
    ("[8H 8D JK=8C]", JOKERS, None),
    ("[JK=QS KS AS]", JOKERS, "K→A is not a run (the ace is low)"),
    ("[7H 7H 7D]", Rules(players=6), "two identical cards (7H)"),  # three decks: still distinct
]


def mirrors(text: str) -> list[str]:
    """The meld written backwards, and with ranks reflected (A<->K): validity is kept."""
    meld = Meld.parse(text)
    backwards = Meld(meld.cards[::-1], tuple(len(meld) - 1 - i for i in meld.jokers))
    reflected = Meld(tuple(Card(14 - c.rank, c.suit) for c in meld.cards), meld.jokers)
    return [str(backwards), str(reflected)]


@pytest.mark.parametrize(("text", "rules", "reason"), EXAMPLES)
def test_validity_examples(text: str, rules: Rules, reason: str | None) -> None:
    meld = Meld.parse(text)
    assert meld_problem(meld, rules) == reason
    assert is_valid_meld(meld, rules) == (reason is None)


@pytest.mark.parametrize(("text", "rules", "reason"), EXAMPLES)
def test_validity_of_mirror_images(text: str, rules: Rules, reason: str | None) -> None:
    for image in mirrors(text):
        assert is_valid_meld(Meld.parse(image), rules) == (reason is None), image


def test_kinds() -> None:
    assert Meld.parse("[8H 8D 8C]").kind is MeldKind.GROUP
    assert Meld.parse("[4S JK=5S 6S]").kind is MeldKind.RUN
    assert Meld.parse("[4S 5H 6S]").kind is None
    assert Meld(()).kind is None


def test_meld_value_object() -> None:
    meld = Meld.parse("[4S JK=5S 6S]")
    assert meld.naturals == Card.parse_many("4S 6S")
    assert meld.declared == (Card.parse("5S"),)
    assert meld.physical == (Card.parse("4S"), JOKER, Card.parse("6S"))
    assert hash(meld) == hash(Meld.parse("[4S JK=5S 6S]"))
    assert Meld.parse("[6S JK=5S 4S]").normalized() == meld
    with pytest.raises(InvalidStateError):
        Meld((JOKER, Card.parse("5S"), Card.parse("6S")))
    with pytest.raises(InvalidStateError):
        Meld(Card.parse_many("4S 5S 6S"), (3,))


def test_notation_variants() -> None:
    assert parse_table("[4♠5♠6♠7♠] [J♥ J♦ J♣]") == parse_table("[4S 5S 6S 7S] [JH JD JC]")
    assert parse_table("[TH JH QH], [8S 8H 8D]") == parse_table("[10H JH QH] [8S 8H 8D]")
    assert parse_table("  ") == ()
    assert format_table(parse_table("[8H JK=8D 8C]"), symbols=True) == "[8♥ JK=8♦ 8♣]"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[4S 5S", "bracket"),
        ("4S 5S 6S", "bracket"),
        ("[4S 5X 6S]", "not a card"),
        ("[4S JK 6S]", "declared card"),
        ("[4S 5S] junk", "bracket"),
    ],
)
def test_bad_notation(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_table(text)
    with pytest.raises(NotationError):
        Meld.parse("[4S 5S 6S] [7H 7D 7C]")


@st.composite
def melds(draw: st.DrawFn) -> Meld:
    """Any meld-shaped value (valid or not), jokers included."""
    cards = draw(
        st.lists(
            st.builds(Card, st.integers(1, 13), st.sampled_from(FRENCH_SUITS)), min_size=1, max_size=13
        )
    )
    jokers = draw(st.sets(st.integers(0, len(cards) - 1), max_size=len(cards)))
    return Meld(tuple(cards), tuple(jokers))


@settings(deadline=None, max_examples=200, derandomize=True)
@given(st.lists(melds(), max_size=6), st.booleans())
def test_notation_round_trips(table: list[Meld], symbols: bool) -> None:
    text = format_table(table, symbols=symbols)
    assert parse_table(text) == tuple(table)
    assert format_table(parse_table(text), symbols=symbols) == text


@settings(deadline=None, max_examples=200, derandomize=True)
@given(melds())
def test_normalized_keeps_cards_and_validity(meld: Meld) -> None:
    rules = Rules(jokers=4)
    norm = meld.normalized()
    assert sorted(map(str, norm.physical)) == sorted(map(str, meld.physical))
    assert sorted(map(str, norm.declared)) == sorted(map(str, meld.declared))
    assert is_valid_meld(norm, rules) == is_valid_meld(meld, rules)
    assert norm.normalized() == norm


def test_card_values() -> None:
    assert [card_value(Card.parse(t)) for t in ("AS", "2H", "9D", "10C", "JS", "QH", "KD")] == [1, 2, 9, 10, 10, 10, 10]
    assert card_value(JOKER) == 25 and card_value(JOKER, Rules(jokers=2, joker_penalty=50)) == 50
    assert hand_value(Card.parse_many("AS KH JK")) == 36
    assert meld_value(Meld.parse("[JK=QH KH 10H JH]")) == 40
    assert meld_value(Meld.parse("[AS 2S 3S]")) == 6


def test_table_checks() -> None:
    table = parse_table("[4S 5S 6S] [7S 7H] [JK=8H 8D 8C]")
    assert table_problems(table, JOKERS) == ((1, "a meld of two cards"),)
    assert table_cards(table)[-3:] == (JOKER, Card.parse("8D"), Card.parse("8C"))
    with pytest.raises(InvalidStateError, match="meld 1"):
        check_table(table, JOKERS)
    crowded = parse_table("[4S 5S 6S] [4S 5S 6S] [4S 5S 6S]")
    assert table_problems(crowded)[0] == (-1, "3 × 4S but the decks have 2")
    check_table(crowded, Rules(players=6))
    assert table_problems(parse_table("[JK=8H 8D 8C] [JK=9H 9D 9C] [JK=7H 7D 7C]"), JOKERS)[-1][0] == -1
