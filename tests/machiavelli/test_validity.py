"""MV-03 (and MV-12/MV-13 meld conditions) as a parametrized table, with mirror images.

Every example given in MV-03 (and the seed) appears, and so does each one's
mirror images: the cards in reverse order, and the ranks reflected
(A<->K, 2<->Q, ...), which turns the ace-low ends of runs into the king ends.
A valid meld stays valid under both mirrors except where the ace-low rule
breaks the symmetry (``[A 2 3]`` is valid and so is its reflection ``[J Q K]``;
``[Q K A]`` is invalid and so is its reflection ``[K A 2]``).
"""

from __future__ import annotations

import pytest

from naipes.cards import Card
from naipes.machiavelli import Game, Meld, Rules, is_valid_meld, meld_problem

# (meld, valid?, a word of the reason when invalid)
EXAMPLES: list[tuple[str, bool, str]] = [
    ("[AS 2S 3S]", True, ""),                    # "la escalera A, 2, 3 es válida"
    ("[QS KS AS]", False, "K→A"),                # "Q, K, A no lo es"
    ("[8H 8D 8C]", True, ""),                    # "8♥, 8♦, 8♣ es válido"
    ("[8H 8H 8D]", False, "identical"),          # "8♥, 8♥, 8♦ no lo es"
    ("[4S 5S 6S 7S]", True, ""),                 # "4♠ 5♠ 6♠ 7♠"
    ("[8S 8H 8D 8C]", True, ""),                 # a group of four
    ("[8S 8H 8D 8C 8S]", False, "identical"),    # "a fifth card can never be added"
    ("[AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH]", True, ""),  # the longest run: 13
    ("[4S 5S]", False, "two cards"),             # at least three cards
    ("[7S 7H]", False, "two cards"),
    ("[4S 5S 5S 6S]", False, "identical"),       # two identical cards in a run
    ("[4S 5S 7S]", False, "consecutive"),        # a gap
    ("[4S 5H 6S]", False, "neither"),            # two suits in a run
    ("[KS AS 2S]", False, "K→A"),                # no wrap
    ("[8S 8H 9D]", False, "neither"),
]


def mirror_order(text: str) -> str:
    meld = Meld.parse(text)
    return str(Meld(tuple(reversed(meld.cards))))


def mirror_ranks(text: str) -> str:
    meld = Meld.parse(text)
    return str(Meld(tuple(Card(14 - c.rank, c.suit) for c in meld.cards)))


CASES = []
for text, ok, why in EXAMPLES:
    CASES.append(pytest.param(text, ok, why, id=text))
    CASES.append(pytest.param(mirror_order(text), ok, why, id=f"reversed {text}"))
    CASES.append(pytest.param(mirror_ranks(text), ok, why, id=f"reflected {text}"))


@pytest.mark.parametrize(("text", "ok", "why"), CASES)
def test_mv03_validity(text: str, ok: bool, why: str) -> None:
    meld = Meld.parse(text)
    assert is_valid_meld(meld) is ok
    if not ok:
        problem = meld_problem(meld)
        assert problem is not None
        assert why in problem or (why == "K→A" and "consecutive" in problem)


@pytest.mark.parametrize(("text", "ok", "why"), CASES)
def test_mv03_validity_through_the_game(text: str, ok: bool, why: str) -> None:
    """The same table, laid by a play, is accepted or refused with a reason."""
    meld = Meld.parse(text)
    rules = Rules(players=2, decks=3)  # three copies, so [8H 8H 8D] can be held
    game = Game.from_position(rules, hands=[" ".join(map(str, meld.cards)) + " 2C", "3C"])
    play = f"play {' '.join(map(str, meld.cards))}: {text}"
    assert game.is_legal(play) is ok


JOKER_CASES = [
    ("[4S JK=5S 6S]", True, ""),
    ("[JK=4S 5S 6S]", True, ""),
    ("[8H JK=8D 8C]", True, ""),
    ("[8H JK=8H 8C]", False, "identical"),       # the declared suit must differ in a group
    ("[JK=8S JK=8H 8C]", False, "natural"),      # at least two natural cards
    ("[QS KS JK=AS]", False, "K→A"),
    ("[JK=JS QS KS]", True, ""),
]


@pytest.mark.parametrize(("text", "ok", "why"), JOKER_CASES + [
    (str(Meld(tuple(reversed(Meld.parse(t).cards)), tuple(len(Meld.parse(t)) - 1 - j for j in Meld.parse(t).jokers))),
     ok, why) for t, ok, why in JOKER_CASES])
def test_mv12_validity_with_jokers(text: str, ok: bool, why: str) -> None:
    meld = Meld.parse(text)
    rules = Rules(jokers=4)
    assert is_valid_meld(meld, rules) is ok
    if not ok:
        problem = meld_problem(meld, rules)
        assert problem is not None and (why in problem or "consecutive" in problem)
