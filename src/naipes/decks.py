"""Deck factories and :class:`Deck`, a seeded stock of cards.

Decks are lists with index 0 the top card. Randomness always comes from the
``random.Random`` a caller passes in; naipes has no module-level randomness.

>>> len(spanish_deck()), len(spanish_deck(48)), len(french_deck(jokers=2, copies=2))
(40, 48, 106)
>>> import random
>>> deck = Deck(spanish_deck(), random.Random(7))
>>> deck.shuffle(); hand = deck.deal(3); len(hand), len(deck)
(3, 37)
"""

from __future__ import annotations

import random
from typing import Iterable, Literal

from naipes.cards import FRENCH_SUITS, JOKER, SPANISH_SUITS, Card
from naipes.errors import InvalidStateError, RulesError

__all__ = ["Deck", "french_deck", "spanish_deck"]


def spanish_deck(size: Literal[40, 48, 50] = 40, *, copies: int = 1) -> tuple[Card, ...]:
    """The Spanish deck in canonical order (oros, copas, espadas, bastos; ranks ascending).

    Args:
        size: 40 (no 8s and 9s), 48 (1–12) or 50 (48 plus two jokers).
        copies: how many whole decks, one after the other.

    Raises:
        RulesError: for another size or fewer than one copy.

    >>> spanish_deck()[:3], spanish_deck()[7]
    ((Card.parse('1o'), Card.parse('2o'), Card.parse('3o')), Card.parse('10o'))
    """
    if size not in (40, 48, 50):
        raise RulesError(f"a Spanish deck has 40, 48 or 50 cards, not {size!r}")
    _check_copies(copies)
    ranks = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12) if size == 40 else tuple(range(1, 13))
    one = tuple(Card(r, s) for s in SPANISH_SUITS for r in ranks)
    if size == 50:
        one += (JOKER, JOKER)
    return one * copies


def french_deck(*, jokers: int = 0, copies: int = 1) -> tuple[Card, ...]:
    """The French 52-card deck in canonical order (♠♥♦♣, A–K), plus jokers.

    Args:
        jokers: jokers added once at the end (not per copy).
        copies: how many 52-card decks.

    >>> french_deck()[0], french_deck()[-1], len(french_deck(copies=3))
    (Card.parse('AS'), Card.parse('KC'), 156)
    """
    if not isinstance(jokers, int) or jokers < 0:
        raise RulesError(f"jokers must be a non-negative int, not {jokers!r}")
    _check_copies(copies)
    one = tuple(Card(r, s) for s in FRENCH_SUITS for r in range(1, 14))
    return one * copies + (JOKER,) * jokers


def _check_copies(copies: int) -> None:
    if not isinstance(copies, int) or copies < 1:
        raise RulesError(f"copies must be a positive int, not {copies!r}")


class Deck:
    """A stock of cards, top first, driven by the random generator it is given.

    Args:
        cards: the cards, index 0 on top.
        rng: the generator used by :meth:`shuffle` and :meth:`cut`.

    .. versionadded:: 0.1
    """

    __slots__ = ("_cards", "rng")

    def __init__(self, cards: Iterable[Card], rng: random.Random | None = None) -> None:
        self._cards: list[Card] = list(cards)
        self.rng = rng if rng is not None else random.Random()

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"Deck({len(self._cards)} cards)"

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, top first."""
        return tuple(self._cards)

    def shuffle(self) -> None:
        """Shuffle in place with the deck's generator."""
        self.rng.shuffle(self._cards)

    def cut(self, at: int | None = None) -> None:
        """Move the top ``at`` cards to the bottom (a random cut when ``at`` is None).

        A random cut leaves at least one card in each packet.
        """
        n = len(self._cards)
        if at is None:
            if n < 2:
                return
            at = self.rng.randint(1, n - 1)
        if not 0 <= at <= n:
            raise InvalidStateError(f"cannot cut a deck of {n} cards at {at}")
        self._cards = self._cards[at:] + self._cards[:at]

    def draw(self) -> Card:
        """Take the top card.

        Raises:
            InvalidStateError: when the deck is empty.
        """
        if not self._cards:
            raise InvalidStateError("cannot draw from an empty deck")
        return self._cards.pop(0)

    def deal(self, n: int) -> tuple[Card, ...]:
        """Take the top ``n`` cards, top first.

        Raises:
            InvalidStateError: when fewer than ``n`` cards are left.
        """
        if not 0 <= n <= len(self._cards):
            raise InvalidStateError(f"cannot deal {n} cards from a deck of {len(self._cards)}")
        out = tuple(self._cards[:n])
        del self._cards[:n]
        return out
