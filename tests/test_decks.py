"""Deck factories and Deck (naipes.decks)."""

from __future__ import annotations

import random
from collections import Counter

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
)
from naipes.decks import Deck, french_deck, spanish_deck
from naipes.errors import InvalidStateError, NaipesError, RulesError

SETTINGS = settings(deadline=None, max_examples=200, derandomize=True)


# ----------------------------------------------------------------- factories


@pytest.mark.parametrize("copies", [1, 2, 3])
@pytest.mark.parametrize(("size", "jokers"), [(40, 0), (48, 0), (50, 2)])
def test_spanish_deck_sizes_and_counts(size: int, jokers: int, copies: int) -> None:
    deck = spanish_deck(size, copies=copies)  # type: ignore[arg-type]
    assert isinstance(deck, tuple) and len(deck) == size * copies
    counts = Counter(deck)
    assert counts[JOKER] == jokers * copies
    order = SPANISH_40 if size == 40 else SPANISH_48
    assert set(counts) - {JOKER} == {Card(r, s) for s in SPANISH_SUITS for r in order}
    assert all(n == copies for card, n in counts.items() if card != JOKER)


def test_spanish_deck_canonical_order() -> None:
    assert spanish_deck() == spanish_deck(40)
    assert spanish_deck(40) == tuple(Card(r, s) for s in SPANISH_SUITS for r in SPANISH_40)
    assert spanish_deck(48) == tuple(Card(r, s) for s in SPANISH_SUITS for r in range(1, 13))
    assert spanish_deck(50) == spanish_deck(48) + (JOKER, JOKER)
    assert " ".join(map(str, spanish_deck()[:10])) == "1o 2o 3o 4o 5o 6o 7o 10o 11o 12o"
    assert str(spanish_deck()[-1]) == "12b"


@pytest.mark.parametrize("size", [40, 48, 50])
def test_spanish_copies_are_whole_decks_one_after_the_other(size: int) -> None:
    one = spanish_deck(size)  # type: ignore[arg-type]
    assert spanish_deck(size, copies=3) == one * 3  # type: ignore[arg-type]


@pytest.mark.parametrize("copies", [1, 2, 3])
@pytest.mark.parametrize("jokers", [0, 1, 2, 4])
def test_french_deck_sizes_and_counts(jokers: int, copies: int) -> None:
    deck = french_deck(jokers=jokers, copies=copies)
    assert len(deck) == 52 * copies + jokers
    counts = Counter(deck)
    assert counts[JOKER] == jokers
    assert all(counts[Card(r, s)] == copies for s in FRENCH_SUITS for r in FRENCH_ACE_LOW)
    assert deck[-jokers:] == (JOKER,) * jokers if jokers else JOKER not in deck


def test_french_deck_canonical_order() -> None:
    deck = french_deck()
    assert deck == tuple(Card(r, s) for s in FRENCH_SUITS for r in range(1, 14))
    assert " ".join(map(str, deck[:13])) == "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    assert [str(deck[i * 13]) for i in range(4)] == ["AS", "AH", "AD", "AC"]
    assert french_deck(jokers=2, copies=2) == deck * 2 + (JOKER, JOKER)


@pytest.mark.parametrize(
    "call",
    [
        lambda: spanish_deck(39),  # type: ignore[arg-type]
        lambda: spanish_deck(52),  # type: ignore[arg-type]
        lambda: spanish_deck("40"),  # type: ignore[arg-type]
        lambda: spanish_deck(40, copies=0),
        lambda: spanish_deck(40, copies=-1),
        lambda: spanish_deck(40, copies=1.5),  # type: ignore[arg-type]
        lambda: french_deck(copies=0),
        lambda: french_deck(copies="2"),  # type: ignore[arg-type]
        lambda: french_deck(jokers=-1),
        lambda: french_deck(jokers=1.0),  # type: ignore[arg-type]
    ],
)
def test_bad_sizes_raise_rules_error(call: object) -> None:
    with pytest.raises(RulesError) as info:
        call()  # type: ignore[operator]
    assert isinstance(info.value, NaipesError) and isinstance(info.value, ValueError)


# ---------------------------------------------------------------------- Deck


def test_deck_holds_a_copy_top_first() -> None:
    source = list(spanish_deck())
    deck = Deck(source, random.Random(0))
    assert deck.cards == tuple(source) and len(deck) == 40
    deck.shuffle()
    deck.draw()
    assert source == list(spanish_deck())  # the input is not touched
    assert isinstance(deck.cards, tuple)
    assert "39" in repr(deck)


@pytest.mark.parametrize("seed", [0, 1, 7, 12345])
def test_shuffle_is_deterministic_with_a_seeded_random(seed: int) -> None:
    a = Deck(spanish_deck(48, copies=2), random.Random(seed))
    b = Deck(spanish_deck(48, copies=2), random.Random(seed))
    for _ in range(3):
        a.shuffle()
        b.shuffle()
        assert a.cards == b.cards
    expected = list(spanish_deck(48, copies=2))
    random.Random(seed).shuffle(expected)
    c = Deck(spanish_deck(48, copies=2), random.Random(seed))
    c.shuffle()
    assert c.cards == tuple(expected)
    assert Counter(a.cards) == Counter(spanish_deck(48, copies=2))


def test_different_seeds_give_different_orders() -> None:
    orders = set()
    for seed in range(20):
        deck = Deck(french_deck(), random.Random(seed))
        deck.shuffle()
        orders.add(deck.cards)
    assert len(orders) == 20


def test_deck_without_rng_still_shuffles() -> None:
    deck = Deck(spanish_deck())
    deck.shuffle()
    deck.cut()
    assert Counter(deck.cards) == Counter(spanish_deck())


def test_draw_takes_the_top_card() -> None:
    deck = Deck(Card.parse_many("1o 2o 3o"))
    assert [deck.draw(), deck.draw()] == list(Card.parse_many("1o 2o"))
    assert deck.cards == Card.parse_many("3o")
    deck.draw()
    with pytest.raises(InvalidStateError):
        deck.draw()
    assert len(deck) == 0


def test_deal_takes_the_top_cards_top_first() -> None:
    deck = Deck(spanish_deck())
    assert deck.deal(3) == Card.parse_many("1o 2o 3o")
    assert deck.deal(0) == ()
    assert len(deck) == 37
    with pytest.raises(InvalidStateError):
        deck.deal(38)
    with pytest.raises(InvalidStateError):
        deck.deal(-1)
    assert len(deck) == 37 and deck.cards[0] == Card.parse("4o")  # failed deals change nothing
    assert len(deck.deal(37)) == 37 and len(deck) == 0
    with pytest.raises(InvalidStateError):
        deck.deal(1)


def test_cut_moves_the_top_packet_to_the_bottom() -> None:
    deck = Deck(Card.parse_many("1o 2o 3o 4o 5o"))
    deck.cut(2)
    assert deck.cards == Card.parse_many("3o 4o 5o 1o 2o")
    deck.cut(0)
    deck.cut(5)
    assert deck.cards == Card.parse_many("3o 4o 5o 1o 2o")
    for bad in (-1, 6):
        with pytest.raises(InvalidStateError):
            deck.cut(bad)
    assert deck.cards == Card.parse_many("3o 4o 5o 1o 2o")


@pytest.mark.parametrize("seed", range(30))
def test_random_cut_is_seeded_and_leaves_two_packets(seed: int) -> None:
    a = Deck(spanish_deck(), random.Random(seed))
    b = Deck(spanish_deck(), random.Random(seed))
    a.cut()
    b.cut()
    assert a.cards == b.cards
    at = a.cards.index(Card.parse("1o"))
    assert 1 <= at <= 39 and a.cards == spanish_deck()[40 - at :] + spanish_deck()[: 40 - at]


def test_random_cut_of_tiny_decks_does_nothing() -> None:
    for cards in ((), Card.parse_many("7c")):
        deck = Deck(cards, random.Random(0))
        deck.cut()
        assert deck.cards == cards
    with pytest.raises(InvalidStateError):
        Deck((), random.Random(0)).cut(1)


OPERATIONS = st.lists(
    st.one_of(
        st.just(("draw", 0)),
        st.tuples(st.just("deal"), st.integers(-1, 12)),
        st.tuples(st.just("cut"), st.integers(-1, 45)),
        st.just(("shuffle", 0)),
    ),
    max_size=25,
)


@SETTINGS
@given(OPERATIONS, st.integers(0, 2**32))
def test_deck_matches_a_list_model(ops: list[tuple[str, int]], seed: int) -> None:
    deck = Deck(spanish_deck(40), random.Random(seed))
    model = list(spanish_deck(40))
    model_rng = random.Random(seed)
    taken: list[Card] = []
    for op, n in ops:
        if op == "draw":
            if not model:
                with pytest.raises(InvalidStateError):
                    deck.draw()
            else:
                taken.append(deck.draw())
                assert taken[-1] == model.pop(0)
        elif op == "deal":
            if not 0 <= n <= len(model):
                with pytest.raises(InvalidStateError):
                    deck.deal(n)
            else:
                hand = deck.deal(n)
                assert list(hand) == model[:n]
                taken.extend(hand)
                del model[:n]
        elif op == "cut":
            if not 0 <= n <= len(model):
                with pytest.raises(InvalidStateError):
                    deck.cut(n)
            else:
                deck.cut(n)
                model = model[n:] + model[:n]
        else:
            deck.shuffle()
            model_rng.shuffle(model)
        assert list(deck.cards) == model
    assert Counter(taken) + Counter(deck.cards) == Counter(spanish_deck(40))
