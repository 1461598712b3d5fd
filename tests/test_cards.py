"""Cards, notation and rank orders (naipes.cards)."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.cards import (
    FRENCH_ACE_LOW,
    FRENCH_SUITS,
    JOKER,
    SPANISH_40,
    SPANISH_48,
    SPANISH_SUITS,
    Card,
    RankOrder,
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
    import sys
    import threading

    key = (9, Suit.HEARTS)
    original = Card._cache.pop(key)  # put back below: other modules hold it
    made: list[Card] = []
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=lambda: made.append(Card(*key))) for _ in range(16)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
        raced = Card._cache[key]
        Card._cache[key] = original
    assert len(made) == 16 and all(card is raced for card in made)


# --------------------------------------------------------------- card value


def test_cards_are_immutable() -> None:
    card = Card.parse("7c")
    with pytest.raises(AttributeError):
        card.rank = 3
    with pytest.raises(AttributeError):
        card.suit = Suit.OROS
    with pytest.raises(AttributeError):
        card.colour = "red"
    with pytest.raises(AttributeError):
        del card.rank
    assert not hasattr(card, "__dict__")
    assert str(card) == "7c"


@SETTINGS
@given(st.sampled_from(EVERY_CARD), st.sampled_from(EVERY_CARD))
def test_equality_and_hash_are_by_value(a: Card, b: Card) -> None:
    same = (a.rank, a.suit) == (b.rank, b.suit)
    assert (a == b) is same and (a != b) is (not same)
    if same:
        assert hash(a) == hash(b)
    assert Card(a.rank, a.suit) == a and hash(Card(a.rank, a.suit)) == hash(a)


def test_copies_in_multi_deck_are_equal_and_hash_equal() -> None:
    deck = spanish_deck(40, copies=3)
    assert deck[0] == deck[40] == deck[80]
    assert len(set(deck)) == 40
    assert Card(0, None) == JOKER == Card.joker() == Card.parse("JK")
    assert JOKER.is_joker and JOKER.rank == 0 and JOKER.suit is None
    assert not Card.parse("1o").is_joker


def test_cards_compare_unequal_to_other_types() -> None:
    card = Card.parse("1o")
    assert card != "1o" and card != (1, Suit.OROS) and card != 1
    assert not (card == "1o")


@pytest.mark.parametrize("op", ["<", "<=", ">", ">="])
def test_cards_have_no_order(op: str) -> None:
    a, b = Card.parse("1o"), Card.parse("2o")
    with pytest.raises(TypeError):
        eval(f"a {op} b")  # noqa: S307
    with pytest.raises(TypeError):
        sorted([b, a])  # type: ignore[type-var]


@pytest.mark.parametrize("card", EVERY_CARD, ids=str)
def test_pickle_and_copy_keep_value(card: Card) -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        clone = pickle.loads(pickle.dumps(card, protocol))
        assert clone == card and hash(clone) == hash(card) and str(clone) == str(card)
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(list(ALL_DECKS["french-x3"]))) == list(ALL_DECKS["french-x3"])


def test_suits() -> None:
    assert all(s.is_spanish for s in SPANISH_SUITS)
    assert not any(s.is_spanish for s in FRENCH_SUITS)
    assert [s.value for s in SPANISH_SUITS] == ["o", "c", "e", "b"]
    assert [s.symbol for s in FRENCH_SUITS] == ["♠", "♥", "♦", "♣"]
    assert Suit.OROS.symbol == "o"


# --------------------------------------------------------------- rank orders


def test_spanish_40_order() -> None:
    assert SPANISH_40.ranks == (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
    assert SPANISH_40.are_adjacent(7, 10)
    assert not SPANISH_40.are_adjacent(7, 8) and not SPANISH_40.are_adjacent(10, 7)
    assert SPANISH_40.successor(7) == 10 and SPANISH_40.predecessor(10) == 7
    assert 8 not in SPANISH_40 and 9 not in SPANISH_40 and len(SPANISH_40) == 10


def test_spanish_48_order() -> None:
    assert SPANISH_48.ranks == tuple(range(1, 13))
    assert SPANISH_48.are_adjacent(7, 8) and SPANISH_48.are_adjacent(9, 10)
    assert not SPANISH_48.are_adjacent(7, 10)


@pytest.mark.parametrize("order", [SPANISH_40, SPANISH_48, FRENCH_ACE_LOW], ids=lambda o: o.name)
def test_orders_do_not_wrap(order: RankOrder) -> None:
    low, high = order.ranks[0], order.ranks[-1]
    assert order.successor(high) is None and order.predecessor(low) is None
    assert not order.are_adjacent(high, low)
    assert list(order) == list(order.ranks)
    for i, rank in enumerate(order.ranks):
        assert order.index(rank) == i and rank in order
    for a, b in zip(order.ranks, order.ranks[1:]):
        assert order.are_adjacent(a, b) and order.successor(a) == b and order.predecessor(b) == a
    assert not order.are_adjacent(0, low) and not order.are_adjacent(high, 99)


def test_french_ace_is_low_only() -> None:
    assert FRENCH_ACE_LOW.are_adjacent(1, 2)
    assert not FRENCH_ACE_LOW.are_adjacent(13, 1)
    assert FRENCH_ACE_LOW.successor(13) is None


def test_rank_order_rejects_repeats_and_unknown_ranks() -> None:
    with pytest.raises(ValueError):
        RankOrder("bad", (1, 2, 2))
    with pytest.raises(KeyError):
        SPANISH_40.index(8)
    assert "spanish-40" in repr(SPANISH_40)


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
