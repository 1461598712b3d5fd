"""MV-16: the listed family against brute force."""

from __future__ import annotations

from itertools import combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.machiavelli import Meld, Play, Rules, is_valid_meld, listed_plays, new_melds_from

from .helpers import positions

NATURALS = [Card(r, s) for s in FRENCH_SUITS for r in range(1, 14)]


def brute_new_melds(hand: list[Card], rules: Rules) -> set[Meld]:
    out = set()
    for trio in combinations(range(len(hand)), 3):
        cards = [hand[i] for i in trio]
        naturals = [c for c in cards if not c.is_joker]
        jokers = len(cards) - len(naturals)
        if jokers and not rules.jokers:
            continue
        near = [c for c in NATURALS if any(abs(c.rank - n.rank) <= 2 for n in naturals)]  # a meld spans <= 3 ranks
        for declared in product(near, repeat=jokers):
            meld = Meld(tuple(naturals) + declared, tuple(range(len(naturals), 3))).normalized()
            if is_valid_meld(meld, rules):
                out.add(meld)
    return out


@settings(deadline=None, max_examples=40, derandomize=True, database=None)
@given(st.lists(st.sampled_from(NATURALS[:26]), min_size=3, max_size=7), st.integers(0, 2), st.integers(1, 3))
def test_mv16_new_melds_match_brute_force(hand: list[Card], jokers: int, least: int) -> None:
    rules = Rules(jokers=2 if jokers else 0, min_natural_per_combination=least)
    full = hand + [JOKER] * jokers
    mine = new_melds_from(full, rules)
    assert len(set(mine)) == len(mine)
    assert {m.normalized() for m in mine} == brute_new_melds(full, rules)


@settings(deadline=None, max_examples=25, derandomize=True, database=None)
@given(positions(jokers=True))
def test_mv16_listed_extensions_are_exactly_the_one_card_extensions(game: object) -> None:
    from naipes.machiavelli import Game

    assert isinstance(game, Game)
    seat = game.to_act[0]
    hand = game.hands[seat]
    listed = {str(p) for p in listed_plays(game.table, hand, game.rules) if len(p.table) == len(game.table)}
    expected = set()
    for i, meld in enumerate(game.table):
        for card in set(hand):
            options = [card] if not card.is_joker else NATURALS
            for declared in options:
                for at in (0, len(meld)):
                    cards = meld.cards[:at] + (declared,) + meld.cards[at:]
                    jokers = tuple(j + (j >= at) for j in meld.jokers) + ((at,) if card.is_joker else ())
                    new = Meld(cards, jokers)
                    if is_valid_meld(new, game.rules):
                        new = new.normalized()
                        expected.add(str(Play(game.table[:i] + (new,) + game.table[i + 1:], (card,))))
    assert listed == expected
