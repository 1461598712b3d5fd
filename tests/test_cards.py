"""Cards, notation and rank orders (naipes.cards)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.cards import (
    JOKER,
    Card,
    Suit,
)
from naipes.decks import french_deck, spanish_deck
from naipes.errors import NaipesError, NotationError, UsageError

SETTINGS = settings(deadline=None, max_examples=200, derandomize=True)

ALL_DECKS = {
    "spanish-40": spanish_deck(40),
    "spanish-48": spanish_deck(48),
    "spanish-50": spanish_deck(50),
    "spanish-40x2": spanish_deck(40, copies=2),
    "french": french_deck(),
    "french-jokers": french_deck(jokers=3),
    "french-x3": french_deck(jokers=2, copies=3),
}
EVERY_CARD = sorted({c for deck in ALL_DECKS.values() for c in deck}, key=str)
SYMBOL_OF = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
FRENCH_FACE = {1: "A", 11: "J", 12: "Q", 13: "K"}


def spellings(card: Card) -> set[str]:
    """Every text the notation accepts for ``card`` (derived from the spec, not the code)."""
    if card.is_joker:
        return {"JK"}
    assert card.suit is not None
    letter = card.suit.value
    if card.suit.is_spanish:
        ranks = {str(card.rank)} | ({10: {"S"}, 11: {"C"}, 12: {"R"}}.get(card.rank, set()))
        return {r + letter for r in ranks}
    ranks = {FRENCH_FACE.get(card.rank, str(card.rank))} | ({"T"} if card.rank == 10 else set())
    return {r + s for r in ranks for s in (letter, SYMBOL_OF[letter])}


# ----------------------------------------------------------------- notation


@pytest.mark.parametrize("name", sorted(ALL_DECKS))
def test_every_card_of_every_deck_round_trips(name: str) -> None:
    for card in ALL_DECKS[name]:
        assert Card.parse(str(card)) is card
        assert Card.parse(card.symbol()) == card
        assert eval(repr(card)) == card  # noqa: S307 - repr is Card.parse('...')
        for text in spellings(card):
            assert Card.parse(text) == card, text


@pytest.mark.parametrize("name", sorted(ALL_DECKS))
def test_parse_many_round_trips_whole_decks(name: str) -> None:
    deck = ALL_DECKS[name]
    assert Card.parse_many(" ".join(map(str, deck))) == deck
    assert Card.parse_many("  ".join(c.symbol() for c in deck)) == deck


@SETTINGS
@given(st.lists(st.sampled_from(EVERY_CARD), max_size=30), st.data())
def test_parse_many_accepts_any_mix_of_aliases(cards: list[Card], data: st.DataObject) -> None:
    texts = [data.draw(st.sampled_from(sorted(spellings(c)))) for c in cards]
    separator = data.draw(st.sampled_from([" ", "  ", "\t", " \n "]))
    assert Card.parse_many(separator.join(texts)) == tuple(cards)


def test_canonical_text() -> None:
    oros = [str(Card(r, Suit.OROS)) for r in (1, 7, 10, 11, 12)]
    assert oros == ["1o", "7o", "10o", "11o", "12o"]
    assert [str(Card(r, Suit.HEARTS)) for r in (1, 2, 10, 11, 12, 13)] == [
        "AH", "2H", "10H", "JH", "QH", "KH",
    ]
    assert str(JOKER) == "JK" and JOKER.symbol() == "JK"
    assert Card.parse("QD").symbol() == "Q♦"
    assert Card.parse("10e").symbol() == "10e"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("So", "10o"), ("Sc", "10c"), ("Se", "10e"), ("Sb", "10b"),
        ("Co", "11o"), ("Cc", "11c"), ("Ce", "11e"), ("Cb", "11b"),
        ("Ro", "12o"), ("Rc", "12c"), ("Re", "12e"), ("Rb", "12b"),
        ("TS", "10S"), ("TH", "10H"), ("TD", "10D"), ("TC", "10C"),
        ("A♠", "AS"), ("T♥", "10H"), ("10♦", "10D"), ("K♣", "KC"), ("7♣", "7C"),
        ("QC", "QC"), ("CC", None), ("JK", "JK"), (" 7c ", "7c"),
    ],
)
def test_input_aliases(text: str, expected: str | None) -> None:
    if expected is None:
        with pytest.raises(NotationError):
            Card.parse(text)
    else:
        assert str(Card.parse(text)) == expected


def test_case_is_significant() -> None:
    assert Card.parse("Cc") == Card(11, Suit.COPAS)
    assert Card.parse("QC") == Card(12, Suit.CLUBS)
    assert Card.parse("1c") != Card.parse("AC")
    for text in ("CC", "cc", "qc", "Qc", "so", "rb", "tH", "aS", "jk", "Jk", "1O", "7B"):
        with pytest.raises(NotationError):
            Card.parse(text)


BAD_INPUTS = [
    "", " ", "o", "7", "10", "JKK", "J K", "7x", "7O", "0o", "00o", "07o", "13o", "99o", "-1o",
    "1S", "0S", "11S", "14S", "TT", "T", "Zo", "1 o", "7o7c", "7o,", "8♠♠", "♠", "JK♠",
    "²o", "１o", "٣o", "ⅫS",
]


@pytest.mark.parametrize("text", BAD_INPUTS)
def test_notation_error_quotes_the_bad_text(text: str) -> None:
    with pytest.raises(NotationError) as info:
        Card.parse(text)
    assert info.value.text == text
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError) and isinstance(info.value, NaipesError)


def test_parse_many_names_the_bad_card() -> None:
    with pytest.raises(NotationError) as info:
        Card.parse_many("1o 2o 8x 3o")
    assert info.value.text == "8x"
    assert Card.parse_many("") == () and Card.parse_many("   ") == ()


@pytest.mark.parametrize("value", [None, 7, ["1o"], b"1o", ("1o",)])
def test_parse_rejects_non_strings(value: object) -> None:
    with pytest.raises(NotationError):
        Card.parse(value)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        Card.parse_many(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rank", "suit"),
    [(0, Suit.OROS), (13, Suit.OROS), (14, Suit.SPADES), (-1, Suit.HEARTS), (5, None)],
)
def test_constructor_rejects_impossible_cards(rank: int, suit: Suit | None) -> None:
    with pytest.raises(UsageError) as info:
        Card(rank, suit)
    assert info.value.code == "no_such_card"


def test_constructor_rejects_non_suits_and_non_int_ranks() -> None:
    for rank, suit in ((1, "o"), (True, Suit.OROS), (1.0, Suit.OROS), ("1", Suit.OROS)):
        with pytest.raises(UsageError) as info:
            Card(rank, suit)  # type: ignore[arg-type]
        assert info.value.code == "no_such_card"


def test_interning_is_atomic_under_threads() -> None:
    """Eight threads create one new card at once, 200 times: always one object (0.1 failed
    about once in 200 trials)."""
    import sys
    import threading

    key = (9, Suit.HEARTS)
    original = Card._cache.pop(key, None)  # put back below: other modules may hold it
    old = sys.getswitchinterval()
    split = 0
    try:
        sys.setswitchinterval(1e-6)
        for _ in range(200):
            Card._cache.pop(key, None)
            made: list[Card] = []
            barrier = threading.Barrier(8)
            threads = [threading.Thread(target=lambda: (barrier.wait(), made.append(Card(*key))))
                       for _ in range(8)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            split += not all(card is Card._cache[key] for card in made)
    finally:
        sys.setswitchinterval(old)
        Card._cache[key] = original if original is not None else Card._cache[key]
    assert split == 0


def test_parsers_refuse_overlong_text_quickly() -> None:
    for text in ("1" * 5000 + "o", " " * 100 + "1o"):
        with pytest.raises(NotationError) as info:
            Card.parse(text)
        assert info.value.code == "too_long"
    with pytest.raises(NotationError):
        Card.parse_many("1o " * 50_000)
    for odd in ("²o", "¹o", "1²o", "\x00", "🂡"):
        with pytest.raises(NotationError):
            Card.parse(odd)
