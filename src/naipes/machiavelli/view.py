"""What one Machiavelli seat may know: :class:`View`, its sampling and its drawing.

.. versionadded:: 0.1
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

import attrs

from naipes.cards import JOKER, Card
from naipes.game import View as BaseView
from naipes.machiavelli.melds import Meld
from naipes.machiavelli.rules import Rules

if TYPE_CHECKING:
    from naipes.machiavelli.state import Game

__all__ = ["View", "render_hand", "render_table"]


@attrs.frozen(kw_only=True)
class View(BaseView):
    """One seat's view: its hand, the table, the public counts and totals.

    Attributes:
        rules: the variant rules of the game.
        table: the melds on the table (jokers with their declared cards).
        hand_sizes: how many cards each seat holds.
        stock_size: cards left in the stock.
        totals: cumulative penalty totals (MV-09).
        opened: who has made his opening play (MV-11).
        known_jokers: jokers each seat is publicly known to hold (taken back by
            a swap, MV-12, and not played since); ``known`` lists them as cards.
        starter: the first player of the current deal.
        deal: the current deal's number, from 1.
        out_of_play: cards of the decks in no zone (only in positions built
            with ``from_position``).
        last_winners: the winners of the previous deal (``()`` in deal 1).
        last_points: what each seat scored in the previous deal.
        cut: the cut for the first player of deal 1 (MV-02), per round ``(seat, card)``.

    .. versionadded:: 0.1
    """

    rules: Rules
    table: tuple[Meld, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    totals: tuple[int, ...]
    opened: tuple[bool, ...]
    known_jokers: tuple[int, ...]
    starter: int
    deal: int
    out_of_play: tuple[Card, ...] = ()
    last_winners: tuple[int, ...] = ()
    last_points: tuple[int, ...] = ()
    cut: tuple[tuple[tuple[int, Card], ...], ...] = ()

    @property
    def is_opened(self) -> bool:
        """Whether this seat has made its opening play (always True without MV-11)."""
        return self.opened[self.seat]

    def unseen(self) -> Counter[Card]:
        """The cards this seat cannot see: other hands and the stock, as a multiset.

        Jokers known to be in other hands are not counted.
        """
        from naipes.machiavelli.state import full_deck

        left = Counter(full_deck(self.rules))
        left.subtract(self.out_of_play)
        left.subtract(self.hand)
        left.subtract(c for m in self.table for c in m.physical)
        left[JOKER] -= sum(k for s, k in enumerate(self.known_jokers) if s != self.seat)
        return +left

    def sample(self, rng: random.Random) -> Game:
        """A full game consistent with this view: unseen cards dealt at random.

        Jokers known to be in a hand stay there; the stock is shuffled. The
        game's generator is seeded from ``rng``; its EventBus is empty.
        """
        from naipes.machiavelli.state import Game

        pool = list(self.unseen().elements())
        rng.shuffle(pool)
        hands = []
        for s, size in enumerate(self.hand_sizes):
            if s == self.seat:
                hands.append(list(self.hand))
                continue
            known = self.known_jokers[s]
            hands.append([JOKER] * known + [pool.pop() for _ in range(size - known)])
        return Game._assemble(self, hands, pool, random.Random(rng.getrandbits(64)))

    def render(self) -> str:
        """The table drawn for a terminal: totals, hand sizes, melds (numbered from 1), the hand."""
        n = len(self.hand_sizes)
        lines = [f"Machiavelli: deal {self.deal}, stock {self.stock_size} cards, "
                 + (f"seat {self.to_act[0]} to act" if self.to_act else "game over")]
        seats = []
        for s in range(n):
            tag = " (you)" if s == self.seat else ""
            extra = "" if self.opened[s] or not self.rules.initial_meld_min else ", not opened"
            joker = f", {self.known_jokers[s]} joker(s) known" if self.known_jokers[s] else ""
            seats.append(f"  P{s}{tag}: {self.hand_sizes[s]} cards, total {self.totals[s]}{extra}{joker}")
        lines.extend(seats)
        lines.append("Table:" if self.table else "Table: (empty)")
        lines.extend(render_table(self.table))
        lines.append("Your hand: " + render_hand(self.hand))
        return "\n".join(lines)


def render_table(table: tuple[Meld, ...] | list[Meld], *, base: int = 1) -> list[str]:
    """Lines ``  1: [4♠ 5♠ 6♠]``, one per meld, numbered from ``base``.

    >>> from naipes.machiavelli.melds import parse_table
    >>> render_table(parse_table("[4S 5S 6S] [JK=8H 8D 8C]"))
    ['  1: [4♠ 5♠ 6♠]', '  2: [JK=8♥ 8♦ 8♣]']

    .. versionadded:: 0.1
    """
    return [f"  {i}: {m.format(symbols=True) if len(m) else '(empty)'}" for i, m in enumerate(table, base)]


def render_hand(hand: tuple[Card, ...] | list[Card]) -> str:
    """The hand sorted by suit and rank, with suit symbols.

    >>> render_hand(Card.parse_many("KH 2S JK 3S"))
    '2♠ 3♠ K♥ JK'

    .. versionadded:: 0.1
    """
    order = {"S": 0, "H": 1, "D": 2, "C": 3}
    cards = sorted(hand, key=lambda c: (order.get(c.suit.value, 9) if c.suit else 9, c.rank))
    return " ".join(c.symbol() for c in cards) or "(empty)"
