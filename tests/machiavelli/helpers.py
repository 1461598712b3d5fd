"""Shared helpers and Hypothesis strategies for the Machiavelli tests."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import strategies as st

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.machiavelli import Game, Meld, Rules, format_table, parse_table
from naipes.machiavelli.state import full_deck


def position(hands: list[str], table: str = "", stock: str = "KD", rules: Rules | None = None,
             **kw: Any) -> Game:
    """A game at an explicit position (seat 0 to act unless ``to_act=``)."""
    rules = rules or Rules(players=len(hands))
    return Game.from_position(rules, hands=hands, table=table, stock=stock, **kw)


def snapshot(game: Game) -> dict[str, Any]:
    """Everything that must not change after a refused move."""
    return game.to_dict()


def table_counter(game: Game) -> Counter[Card]:
    return Counter(c for m in game.table for c in m.physical)


def random_table(rng: random.Random, rules: Rules, target: int) -> tuple[tuple[Meld, ...], list[Card]]:
    """A valid table of about ``target`` cards built from valid melds, and the cards left."""
    left = Counter(full_deck(rules))
    left[JOKER] = 0
    melds: list[Meld] = []
    size = 0
    tries = 0
    while size < target and tries < 500:
        tries += 1
        if rng.random() < 0.5:
            suit = rng.choice(FRENCH_SUITS)
            length = rng.randint(3, 6)
            low = rng.randint(1, 14 - length)
            cards = [Card(r, suit) for r in range(low, low + length)]
        else:
            rank = rng.randint(1, 13)
            cards = [Card(rank, s) for s in rng.sample(FRENCH_SUITS, rng.choice((3, 4)))]
        if any(left[c] < 1 for c in cards):
            continue
        for c in cards:
            left[c] -= 1
        melds.append(Meld(tuple(cards)).normalized())
        size += len(cards)
    rest = list(left.elements())
    rng.shuffle(rest)
    return tuple(melds), rest


@st.composite
def positions(draw: st.DrawFn, *, jokers: bool = False) -> Game:
    """Random mid-deal positions: a table of valid melds, hands, a stock."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    players = draw(st.integers(2, 4))
    rules = Rules(players=players, jokers=2 if jokers else 0)
    melds, rest = random_table(rng, rules, draw(st.integers(0, 40)))
    rest += [JOKER] * rules.jokers
    rng.shuffle(rest)
    hands = [" ".join(str(rest.pop()) for _ in range(draw(st.integers(1, 14)))) for _ in range(players)]
    stock = " ".join(str(rest.pop()) for _ in range(draw(st.integers(0, 10))))
    return Game.from_position(rules, hands=hands, table=format_table(melds), stock=stock,
                              to_act=draw(st.integers(0, players - 1)))


__all__ = ["parse_table", "position", "positions", "random_table", "snapshot", "table_counter"]
