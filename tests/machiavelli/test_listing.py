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


# -- issue 22: two equal melds on the table make one play, listed once (MV-05) -------------
def _twin_game(table: str = "[4S 5S 6S] [8H 8D 8C] [4S 5S 6S]"):  # type: ignore[no-untyped-def]
    from naipes.machiavelli import Game, Rules

    return Game.from_position(Rules(players=2), hands=["7S 2C", "KD"], table=table, stock="KH")


def test_a_card_that_extends_either_of_two_equal_melds_is_listed_once() -> None:
    from naipes.machiavelli import Play
    from naipes.machiavelli._fast_listing import fast_listed_plays
    from naipes.machiavelli.actions import ActionSpace

    game = _twin_game()
    plays = [m for m in game.legal_moves() if isinstance(m, Play)]
    with_7s = [p for p in plays if "7S" in str(p.cards[0])]
    assert [str(p) for p in with_7s] == ["play 7S: [4S 5S 6S 7S] [8H 8D 8C] [4S 5S 6S]"]
    assert len(set(map(str, game.legal_moves()))) == len(game.legal_moves())
    view = game.view(0)
    assert [str(p) for p in fast_listed_plays(view.table, view.hand, game.rules)] == \
        [str(p) for p in listed_plays(view.table, view.hand, game.rules)] == [str(p) for p in plays]
    # the same play extending the second copy is still legal: it is the same layout (MV-05)
    other = Play(list(view.table[:2]) + [with_7s[0].table[0]], [with_7s[0].cards[0]])
    assert game.is_legal(other)
    # action ids: the listed moves keep their ids, the second copy's extension has none listed
    space = ActionSpace(game.rules)
    once = _twin_game("[4S 5S 6S] [8H 8D 8C]")
    assert space.legal_ids(view) == space.legal_ids(once.view(0))
    assert [space.index(m, view) for m in game.legal_moves()] == [space.index(m, once.view(0))
                                                                  for m in once.legal_moves()]
    game.play(with_7s[0])
    assert [str(m) for m in game.table] == ["[4S 5S 6S 7S]", "[8H 8D 8C]", "[4S 5S 6S]"]
    assert game.to_act == (1,)


def test_equal_melds_list_as_many_plays_as_one_of_them() -> None:
    from naipes.machiavelli import Game, Play, Rules

    def plays(table: str) -> list[str]:
        game = Game.from_position(Rules(players=2, jokers=2), hands=["3S 7S JK 9H 9D 9C", "KD"], table=table,
                                  stock="KH")
        return [str(m) for m in game.legal_moves() if isinstance(m, Play)]

    twin, single = plays("[4S 5S 6S] [4S 5S 6S]"), plays("[4S 5S 6S]")
    assert len(twin) == len(single) == len(set(twin))
    assert [t.replace(": [4S 5S 6S] [4S 5S 6S]", ": [4S 5S 6S]") for t in twin if t.count("[4S 5S 6S]") == 2] == \
        [t for t in single if "[4S 5S 6S]" in t]  # the new melds beside both copies
