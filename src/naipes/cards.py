"""Suits, cards, card notation and rank orders.

A :class:`Card` is a frozen value: two cards are equal when rank and suit are
equal, so the copies of one card in a multi-deck game are equal and piles are
multisets. Cards have no built-in order; each game orders ranks with a
:class:`RankOrder`.

>>> Card.parse("12o"), Card.parse("Rb"), Card.parse("T♥")
(Card.parse('12o'), Card.parse('12b'), Card.parse('10H'))
>>> str(Card.parse("Cc")), Card.parse("QD").symbol()
('11c', 'Q♦')
>>> SPANISH_40.are_adjacent(7, 10)
True
"""

from __future__ import annotations

import enum
from typing import Iterable, Iterator

from naipes.errors import NotationError, UsageError

__all__ = [
    "ACE",
    "CABALLO",
    "Card",
    "FRENCH",
    "FRENCH_SUITS",
    "JACK",
    "JOKER",
    "KING",
    "QUEEN",
    "REY",
    "RankOrder",
    "SOTA",
    "SPANISH_40",
    "SPANISH_48",
    "SPANISH_SUITS",
    "Suit",
]

#: The ace: rank 1 in every deck.
ACE = 1
#: Spanish sota (knave), rank 10.
SOTA = 10
#: Spanish caballo (knight), rank 11.
CABALLO = 11
#: Spanish rey (king), rank 12.
REY = 12
#: French jack, rank 11.
JACK = 11
#: French queen, rank 12.
QUEEN = 12
#: French king, rank 13.
KING = 13


class Suit(enum.Enum):
    """A suit of the Spanish or the French deck; the value is its notation letter.

    Spanish letters are lower case and French letters upper case, so no text
    is ambiguous (``Cc`` is the caballo de copas, ``QC`` the queen of clubs).

    .. versionadded:: 0.1
    """

    OROS = "o"
    COPAS = "c"
    ESPADAS = "e"
    BASTOS = "b"
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def is_spanish(self) -> bool:
        """True for oros, copas, espadas and bastos."""
        return self.value.islower()

    @property
    def symbol(self) -> str:
        """The printed symbol: ♠♥♦♣ for French suits, the letter for Spanish ones."""
        return _SYMBOLS.get(self.value, self.value)


#: Spanish suits in canonical deck order.
SPANISH_SUITS: tuple[Suit, ...] = (Suit.OROS, Suit.COPAS, Suit.ESPADAS, Suit.BASTOS)
#: French suits in canonical deck order.
FRENCH_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: Alias of :data:`FRENCH_SUITS`.
FRENCH = FRENCH_SUITS

_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_FROM_SYMBOL = {v: k for k, v in _SYMBOLS.items()}
_FRENCH_RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
_FRENCH_RANK_IN = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10, **{str(n): n for n in range(2, 11)}}
_SPANISH_RANK_IN = {"S": 10, "C": 11, "R": 12}


def _text(rank: int, suit: Suit | None) -> str:
    """A card's notation (worked out once per card: cards are interned)."""
    if suit is None:
        return "JK"
    if suit.is_spanish:
        return f"{rank}{suit.value}"
    return f"{_FRENCH_RANK_TEXT.get(rank, str(rank))}{suit.value}"


class Card:
    """A playing card: a rank and a suit, or a joker.

    Cards are immutable, slotted, hashable and equal by value. Ranks are ints:
    Spanish 1–12 (10 sota, 11 caballo, 12 rey), French 1–13 (1 ace, 11 jack,
    12 queen, 13 king). A joker has rank 0 and no suit; all jokers are equal.

    Cards are interned: ``Card(r, s)``, parsing, copying and unpickling all
    return the one object for that card, so engines may compare by identity
    (``a is b``) on hot paths.

    Args:
        rank: the rank (0 only for a joker).
        suit: the suit (``None`` only for a joker).

    Raises:
        UsageError: for a card that cannot exist (code ``no_such_card``),
            e.g. ``Card(13, Suit.OROS)``.

    .. versionadded:: 0.1
    """

    __slots__ = ("rank", "suit", "_hash", "_text")
    rank: int
    suit: Suit | None
    _hash: int
    _text: str

    _cache: dict[tuple[int, Suit | None], Card] = {}

    def __new__(cls, rank: int, suit: Suit | None) -> Card:
        cached = cls._cache.get((rank, suit))
        if cached is not None and type(rank) is int:
            return cached
        if type(rank) is not int:
            raise UsageError(f"a card's rank is an int, not {rank!r}", code="no_such_card")
        if suit is None:
            if rank != 0:
                raise UsageError(f"no card of rank {rank} without a suit: only the joker (rank 0)",
                                 code="no_such_card")
        elif not isinstance(suit, Suit):
            raise UsageError(f"{suit!r} is not a Suit", code="no_such_card")
        elif not (1 <= rank <= (12 if suit.is_spanish else 13)):
            raise UsageError(f"no card {rank}{suit.value}: no such rank in this suit", code="no_such_card")
        self = object.__new__(cls)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "_hash", hash((rank, suit)))
        object.__setattr__(self, "_text", _text(rank, suit))
        # setdefault is atomic: two threads creating one card get the same object
        return cls._cache.setdefault((rank, suit), self)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, Suit | None]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Card):
            return self.rank == other.rank and self.suit is other.suit
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return self._hash

    @property
    def is_joker(self) -> bool:
        """True for the joker."""
        return self.suit is None

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def symbol(self) -> str:
        """The card with its suit symbol, e.g. ``Q♦``; Spanish cards as in :meth:`__str__`."""
        suit = self.suit
        if suit is None or suit.is_spanish:
            return str(self)
        return f"{_FRENCH_RANK_TEXT.get(self.rank, str(self.rank))}{suit.symbol}"

    def _repr_svg_(self) -> str:
        """The card as an SVG picture, for notebooks (:func:`naipes.svg.card`).

        .. versionadded:: 1.1
        """
        from naipes.svg import card

        return card(self)

    @staticmethod
    def parse(text: str) -> Card:
        """Read one card from its notation.

        Accepts the canonical text (``1o``, ``10e``, ``12b``, ``AS``, ``10H``,
        ``QD``, ``JK``) and the input aliases: ``S``/``C``/``R`` for Spanish
        10/11/12 (``So``, ``Cc``, ``Rb``), ``T`` for the French 10, and the
        symbols ``♠♥♦♣``.

        Raises:
            NotationError: quoting the text when it is not a card.

        >>> Card.parse("So") == Card.parse("10o")
        True
        """
        if not isinstance(text, str):
            raise NotationError(repr(text), "expected a string")
        if len(text) > MAX_CARD_TEXT:
            raise NotationError(text[:20] + "...", f"longer than {MAX_CARD_TEXT} characters", code="too_long")
        card = _PARSE_CACHE.get(text)
        if card is None:
            card = _parse_uncached(text)
            if len(_PARSE_CACHE) < 4096:
                _PARSE_CACHE[text] = card
        return card

    @staticmethod
    def parse_many(text: str) -> tuple[Card, ...]:
        """Read space-separated cards.

        >>> Card.parse_many("1o 7c  So")
        (Card.parse('1o'), Card.parse('7c'), Card.parse('10o'))
        """
        if not isinstance(text, str):
            raise NotationError(repr(text), "expected a string of cards")
        if len(text) > MAX_CARDS_TEXT:
            raise NotationError(text[:20] + "...", f"longer than {MAX_CARDS_TEXT} characters",
                                code="too_long")
        return tuple(Card.parse(part) for part in text.split())

    @staticmethod
    def joker() -> Card:
        """The joker, ``JK``."""
        return JOKER


_PARSE_CACHE: dict[str, Card] = {}
#: The longest text :meth:`Card.parse` reads (a card with spaces around it).
MAX_CARD_TEXT = 64
#: The longest text :meth:`Card.parse_many` reads.
MAX_CARDS_TEXT = 100_000


def _parse_uncached(text: object) -> Card:
    if not isinstance(text, str):
        raise NotationError(repr(text), "expected a string")
    t = text.strip()
    if t == "JK":
        return JOKER
    if len(t) < 2:
        raise NotationError(text, "too short for a card")
    suit_text, rank_text = t[-1], t[:-1]
    suit_text = _FROM_SYMBOL.get(suit_text, suit_text)
    try:
        suit = Suit(suit_text)
    except ValueError:
        raise NotationError(text, f"unknown suit {t[-1]!r}") from None
    if suit.is_spanish:
        rank = _SPANISH_RANK_IN.get(rank_text)
        if rank is None and rank_text.isascii() and rank_text.isdigit() and rank_text[0] != "0":
            rank = int(rank_text)
        if rank is None or not 1 <= rank <= 12:
            raise NotationError(text, f"unknown Spanish rank {rank_text!r}")
    else:
        rank = _FRENCH_RANK_IN.get(rank_text)
        if rank is None:
            raise NotationError(text, f"unknown French rank {rank_text!r}")
    return Card(rank, suit)


#: The joker (``JK``). All jokers are equal.
JOKER: Card = Card(0, None)


class RankOrder:
    """An order of ranks, as data: which ranks exist and which are adjacent.

    >>> SPANISH_40.successor(7), SPANISH_40.successor(12), SPANISH_48.successor(7)
    (10, None, 8)

    .. versionadded:: 0.1
    """

    __slots__ = ("name", "ranks", "_index")

    def __init__(self, name: str, ranks: Iterable[int]) -> None:
        self.name = name
        self.ranks: tuple[int, ...] = tuple(ranks)
        if len(set(self.ranks)) != len(self.ranks):
            raise ValueError("a rank order cannot repeat a rank")
        self._index = {r: i for i, r in enumerate(self.ranks)}

    def __repr__(self) -> str:
        return f"RankOrder({self.name!r}, {self.ranks!r})"

    def __iter__(self) -> Iterator[int]:
        return iter(self.ranks)

    def __len__(self) -> int:
        return len(self.ranks)

    def __contains__(self, rank: object) -> bool:
        return rank in self._index

    def index(self, rank: int) -> int:
        """Position of ``rank`` in the order (0 for the lowest).

        Raises:
            KeyError: if the order has no such rank.
        """
        return self._index[rank]

    def successor(self, rank: int) -> int | None:
        """The next rank up, or ``None`` at the top (no wrap)."""
        i = self._index[rank] + 1
        return self.ranks[i] if i < len(self.ranks) else None

    def predecessor(self, rank: int) -> int | None:
        """The next rank down, or ``None`` at the bottom (no wrap)."""
        i = self._index[rank] - 1
        return self.ranks[i] if i >= 0 else None

    def are_adjacent(self, low: int, high: int) -> bool:
        """True when ``high`` comes right after ``low``."""
        i = self._index.get(low)
        j = self._index.get(high)
        return i is not None and j is not None and j == i + 1


#: Spanish 40-card order: 1–7, 10, 11, 12 (7 and 10 adjacent).
SPANISH_40 = RankOrder("spanish-40", (1, 2, 3, 4, 5, 6, 7, 10, 11, 12))
#: Spanish 48-card order: 1–12.
SPANISH_48 = RankOrder("spanish-48", range(1, 13))
#: French order with the ace low: A, 2–10, J, Q, K.
FRENCH_ACE_LOW = RankOrder("french-ace-low", range(1, 14))
__all__ += ["FRENCH_ACE_LOW", "MAX_CARDS_TEXT", "MAX_CARD_TEXT"]
__all__.sort()
