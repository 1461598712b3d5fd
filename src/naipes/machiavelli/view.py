"""What one Machiavelli seat may know: :class:`View` and its sampling.

Its drawing for terminals is :func:`naipes.machiavelli.describe.render`.

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
from naipes.machiavelli.moves import Move
from naipes.machiavelli.rules import Rules

if TYPE_CHECKING:
    from naipes.machiavelli.state import Game

__all__ = ["View"]


@attrs.frozen(kw_only=True)
class View(BaseView[Move]):
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
        starter: the first player of the current hand.
        hand_number: the current hand's number, from 1 (0.1: ``deal``).
        out_of_play: cards of the decks in no zone (only in positions built
            with ``from_position``).
        last_winners: the winners of the last hand that ended (``()`` in hand 1).
        last_points: what each seat scored in it.
        last_hands: every seat's cards at its end, shown to all (MV-07, MV-08).
        cut: the cut for the first player of hand 1 (MV-02), per round ``(seat, card)``.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       ``deal`` → ``hand_number``; ``last_hands``; :meth:`render` is
       :func:`naipes.machiavelli.describe.render`.
    """

    rules: Rules
    table: tuple[Meld, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    totals: tuple[int, ...]
    opened: tuple[bool, ...]
    known_jokers: tuple[int, ...]
    starter: int
    hand_number: int
    out_of_play: tuple[Card, ...] = ()
    last_winners: tuple[int, ...] = ()
    last_points: tuple[int, ...] = ()
    last_hands: tuple[tuple[Card, ...], ...] = ()
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

        Jokers known to be in a hand stay there; the stock is shuffled. In a
        finished game every hand is public (:attr:`last_hands`) and kept. The
        game's generator is seeded from ``rng``; its EventBus is empty and it
        has no ``opening_events``.
        """
        from naipes.machiavelli.position import sample_game
        from naipes.machiavelli.state import Game, full_deck

        if not self.to_act and self.last_hands:  # a finished game: its final hands are public
            hands = [list(h) for h in self.last_hands]
            left = Counter(full_deck(self.rules))
            left.subtract(self.out_of_play)
            left.subtract(c for m in self.table for c in m.physical)
            left.subtract(c for h in hands for c in h)
            stock = list((+left).elements())
            rng.shuffle(stock)
            return sample_game(Game, self, hands, stock, random.Random(rng.getrandbits(64)))
        pool = list(self.unseen().elements())
        rng.shuffle(pool)
        hands = []
        for s, size in enumerate(self.hand_sizes):
            if s == self.seat:
                hands.append(list(self.hand))
                continue
            known = self.known_jokers[s]
            hands.append([JOKER] * known + [pool.pop() for _ in range(size - known)])
        return sample_game(Game, self, hands, pool, random.Random(rng.getrandbits(64)))

    def render(self) -> str:
        """The table drawn for a terminal (see :func:`naipes.machiavelli.describe.render`)."""
        from naipes.machiavelli.describe import render

        return render(self)
