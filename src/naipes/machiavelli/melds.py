"""Machiavelli combinations (melds), their validity, notation and card values.

A :class:`Meld` is a frozen value: the cards it *reads* as, in order, and the
positions that are jokers. A joker on the table always carries the card it
stands for (its declared card, MV-12), written ``JK=7H``.

>>> table = parse_table("[4S 5S 6S] [8H 8D 8C] [JK=AC 2C 3C]")
>>> [m.kind.value for m in table]
['run', 'group', 'run']
>>> format_table(table)
'[4S 5S 6S] [8H 8D 8C] [JK=AC 2C 3C]'
>>> meld_problem(Meld.parse("[QS KS AS]"))
'K→A is not a run (the ace is low)'
>>> meld_problem(Meld.parse("[8H 8H 8D]"))
'two identical cards (8H)'
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from typing import Iterable, Sequence

import attrs

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.errors import InvalidStateError, NotationError
from naipes.machiavelli.rules import Rules

__all__ = [
    "MAX_TABLE_TEXT",
    "Meld",
    "MeldKind",
    "card_value",
    "check_table",
    "format_table",
    "hand_value",
    "is_valid_meld",
    "meld_problem",
    "meld_value",
    "parse_table",
    "table_cards",
    "table_problems",
]

_DEFAULT_RULES = Rules()


class MeldKind(enum.Enum):
    """What a meld is: a group (one rank) or a run (one suit).

    .. versionadded:: 0.1
    """

    GROUP = "group"
    RUN = "run"


def _to_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    if type(cards) is tuple:
        return cards
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise InvalidStateError(f"a meld's cards are a sequence of cards, not {cards!r}"[:200], code="not_a_card")
    return tuple(cards)


def _to_positions(positions: Iterable[int]) -> tuple[int, ...]:
    if not positions:
        return ()
    if isinstance(positions, (str, bytes)) or not isinstance(positions, Iterable):
        raise InvalidStateError(f"joker positions are ints, not {positions!r}"[:200], code="bad_joker_positions")
    out = tuple(positions)
    if any(type(p) is not int for p in out):
        raise InvalidStateError(f"joker positions are ints, not {out!r}"[:200], code="bad_joker_positions")
    return tuple(sorted(out))


@attrs.frozen
class Meld:
    """A combination on the table: cards in order, jokers read as their declared card.

    Args:
        cards: the cards the meld reads as, in order; at a joker's position
            the card it stands for (never ``JK`` itself).
        jokers: positions in ``cards`` that are jokers (kept sorted).

    Raises:
        InvalidStateError: for a ``JK`` among ``cards`` or a joker position
            outside the meld. (Whether the meld is *valid* is
            :func:`meld_problem`'s question.)

    >>> m = Meld.parse("[4S JK=5S 6S]")
    >>> m.cards, m.jokers, m.physical
    ((Card.parse('4S'), Card.parse('5S'), Card.parse('6S')), (1,), (Card.parse('4S'), Card.parse('JK'), Card.parse('6S')))
    >>> str(m), m.declared, len(m)
    ('[4S JK=5S 6S]', (Card.parse('5S'),), 3)

    .. versionadded:: 0.1
    """

    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)
    jokers: tuple[int, ...] = attrs.field(default=(), converter=_to_positions)

    def __attrs_post_init__(self) -> None:
        for card in self.cards:
            if not isinstance(card, Card):
                raise InvalidStateError(f"not a card: {card!r}", code="not_a_card")
            if card.is_joker:
                raise InvalidStateError("a meld lists the card each joker stands for, not JK", code="joker_undeclared",
                                        rule="MV-12")
        n = len(self.cards)
        if any(not 0 <= p < n for p in self.jokers) or len(set(self.jokers)) != len(self.jokers):
            raise InvalidStateError(f"bad joker positions {self.jokers} in a meld of {n} cards",
                                    code="bad_joker_positions")

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Read one meld, e.g. ``[4S 5S 6S]``, ``[8H JK=8D 8C]``, ``[4♠5♠6♠]``.

        Raises:
            NotationError: quoting the text when it is not one meld.
        """
        melds = parse_table(text)
        if len(melds) != 1:
            raise NotationError(text, f"expected one meld, found {len(melds)}", code="not_one_meld")
        return melds[0]

    def __str__(self) -> str:
        return self.format()

    def format(self, *, symbols: bool = False) -> str:
        """The meld's notation; ``symbols=True`` writes ``4♠`` instead of ``4S``.

        >>> Meld.parse("[TH JK=JH QH]").format(symbols=True)
        '[10♥ JK=J♥ Q♥]'
        """
        jokers = set(self.jokers)
        parts = []
        for i, card in enumerate(self.cards):
            text = card.symbol() if symbols else str(card)
            parts.append(f"JK={text}" if i in jokers else text)
        return "[" + " ".join(parts) + "]"

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def physical(self) -> tuple[Card, ...]:
        """The cards as they lie: ``JK`` at the joker positions."""
        jokers = set(self.jokers)
        return tuple(JOKER if i in jokers else c for i, c in enumerate(self.cards))

    @property
    def naturals(self) -> tuple[Card, ...]:
        """The natural (non-joker) cards, in order."""
        jokers = set(self.jokers)
        return tuple(c for i, c in enumerate(self.cards) if i not in jokers)

    @property
    def declared(self) -> tuple[Card, ...]:
        """The declared cards of the jokers, in order."""
        return tuple(self.cards[i] for i in self.jokers)

    @property
    def kind(self) -> MeldKind | None:
        """``GROUP`` if all cards share a rank, ``RUN`` if all share a suit, else ``None``.

        The kind says nothing about validity: ``[8H 8H 8D]`` is a (bad) group.
        """
        if not self.cards:
            return None
        if len({c.rank for c in self.cards}) == 1:
            return MeldKind.GROUP
        if len({c.suit for c in self.cards}) == 1:
            return MeldKind.RUN
        return None

    def normalized(self) -> Meld:
        """The same meld in canonical order: runs by rank, groups in ♠♥♦♣ order.

        Two melds holding the same cards (and joker declarations) normalize
        to equal values.

        >>> str(Meld.parse("[6S JK=4S 5S]").normalized())
        '[JK=4S 5S 6S]'
        """
        order = sorted(range(len(self.cards)), key=lambda i: (_card_key(self.cards[i]), i in self.jokers))
        jokers = set(self.jokers)
        return Meld(tuple(self.cards[i] for i in order), tuple(k for k, i in enumerate(order) if i in jokers))


def _card_key(card: Card) -> tuple[int, int]:
    suit = card.suit
    s = FRENCH_SUITS.index(suit) if suit in FRENCH_SUITS else 9
    return (card.rank, s)


def meld_problem(meld: Meld, rules: Rules | None = None) -> str | None:
    """Why ``meld`` is not a valid combination (MV-03, MV-12), or ``None`` if it is.

    Jokers are read as their declared cards.

    >>> meld_problem(Meld.parse("[7S 7H]"))
    'a meld of two cards'
    >>> meld_problem(Meld.parse("[AH 2H 3H]")) is None
    True
    >>> meld_problem(Meld.parse("[JK=7H JK=7D 7C]"), Rules(jokers=2))
    'fewer than 2 natural cards'
    """
    rules = rules or _DEFAULT_RULES
    cards = meld.cards
    if len(cards) < 3:
        return ("an empty meld", "a meld of one card", "a meld of two cards")[len(cards)]
    for card in cards:
        if card.suit not in FRENCH_SUITS:
            return f"{card} is not a French card"
    if meld.jokers:
        if rules.jokers == 0:
            return "jokers are not in play"
        if len(cards) - len(meld.jokers) < rules.min_natural_per_combination:
            return f"fewer than {rules.min_natural_per_combination} natural cards"
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return f"two identical cards ({card})"
        seen.add(card)
    kind = meld.kind
    if kind is MeldKind.GROUP:
        return "a group of more than four cards" if len(cards) > 4 else None
    if kind is MeldKind.RUN:
        ranks = sorted(c.rank for c in cards)
        if ranks[-1] - ranks[0] == len(ranks) - 1:
            return None
        if ranks[0] == 1 and ranks[-1] == 13:
            return "K→A is not a run (the ace is low)"
        return "the ranks of a run must be consecutive"
    return "neither a group (one rank) nor a run (one suit)"


def is_valid_meld(meld: Meld, rules: Rules | None = None) -> bool:
    """True when ``meld`` is a valid group or run under ``rules``.

    >>> is_valid_meld(Meld.parse("[8H 8D 8C 8S]")), is_valid_meld(Meld.parse("[8H 8D 8C 8S 8H]"))
    (True, False)
    """
    return meld_problem(meld, rules) is None


def card_value(card: Card, rules: Rules | None = None) -> int:
    """Penalty value of a card in hand (MV-07, MV-12): A 1, 2–10 face, J/Q/K 10, joker 25.

    >>> [card_value(Card.parse(t)) for t in ("AS", "7H", "10D", "KC", "JK")]
    [1, 7, 10, 10, 25]
    """
    if card.is_joker:
        return (rules or _DEFAULT_RULES).joker_penalty
    return card.rank if card.rank <= 10 else 10


def hand_value(cards: Iterable[Card], rules: Rules | None = None) -> int:
    """The penalty points of a hand: the sum of :func:`card_value`.

    >>> hand_value(Card.parse_many("AS KH JK"))
    36
    """
    return sum(card_value(c, rules) for c in cards)


def meld_value(meld: Meld) -> int:
    """The value of a meld for the opening (MV-11): jokers count as the card they represent.

    >>> meld_value(Meld.parse("[JK=QH KH 10H JH]"))
    40
    """
    return sum(c.rank if c.rank <= 10 else 10 for c in meld.cards)


def table_cards(melds: Iterable[Meld]) -> tuple[Card, ...]:
    """All cards of the melds as they lie (jokers as ``JK``), meld after meld.

    >>> table_cards(parse_table("[4S 5S 6S] [JK=8H 8D 8C]"))[3:]
    (Card.parse('JK'), Card.parse('8D'), Card.parse('8C'))
    """
    return tuple(c for m in melds for c in m.physical)


def table_problems(melds: Sequence[Meld], rules: Rules | None = None) -> tuple[tuple[int, str], ...]:
    """Every invalid meld of a table as ``(index, reason)``, in table order.

    Also reports a table holding more copies of a card, or more jokers, than
    the decks of ``rules`` have (index ``-1``).

    >>> table_problems(parse_table("[4S 5S 6S] [7S 7H] [QS KS AS]"))
    ((1, 'a meld of two cards'), (2, 'K→A is not a run (the ace is low)'))
    """
    rules = rules or _DEFAULT_RULES
    out = [(i, p) for i, m in enumerate(melds) if (p := meld_problem(m, rules)) is not None]
    counts = Counter(table_cards(melds))
    for card, n in sorted(counts.items(), key=lambda kv: _card_key(kv[0])):
        limit = rules.jokers if card.is_joker else rules.num_decks
        if n > limit:
            out.append((-1, f"{n} × {card} but the decks have {limit}"))
    return tuple(out)


def check_table(melds: Sequence[Meld], rules: Rules | None = None) -> None:
    """Raise :class:`~naipes.errors.InvalidStateError` naming the first problem of a table.

    >>> check_table(parse_table("[4S 5S 6S]"))
    >>> check_table(parse_table("[4S 5S 6S] [9H 9H 9D]"))
    Traceback (most recent call last):
    ...
    naipes.errors.InvalidStateError: meld 1 [9H 9H 9D]: two identical cards (9H)
    """
    problems = table_problems(melds, rules)
    if problems:
        index, reason = problems[0]
        where = f"meld {index} {melds[index]}: " if index >= 0 else ""
        raise InvalidStateError(f"{where}{reason}", code="invalid_table", rule="MV-03")


#: The longest table notation :func:`parse_table` reads (every card of three
#: decks and four jokers is about 1,300 characters); longer text raises
#: :class:`~naipes.errors.NotationError` with code ``too_long``.
MAX_TABLE_TEXT = 10_000

_CARD = r"(?:10|[2-9AJQKT])[SHDC♠♥♦♣]"
_TOKEN = re.compile(rf"\s*(?:(JK)\s*=\s*({_CARD})|(JK)|({_CARD}))\s*,?")
_MELD = re.compile(r"\s*\[([^\[\]]*)\]\s*,?")


def parse_table(text: str) -> tuple[Meld, ...]:
    """Read a table: melds in brackets, cards separated by spaces (or not).

    A joker is written with its declared card, ``JK=7H``. Commas between melds
    or cards are allowed.

    Raises:
        NotationError: quoting the text for anything else, e.g. a joker
            without its declared card, or a text longer than
            :data:`MAX_TABLE_TEXT` (code ``too_long``).

    >>> parse_table("[4♠5♠6♠], [8H 8D 8C]") == parse_table("[4S 5S 6S] [8H 8D 8C]")
    True
    >>> parse_table("")
    ()
    """
    if not isinstance(text, str):
        raise NotationError(repr(text)[:80], "expected a string of melds", code="not_text")
    if len(text) > MAX_TABLE_TEXT:
        raise NotationError(text[:40] + "...", f"longer than {MAX_TABLE_TEXT} characters", code="too_long")
    melds = []
    pos = 0
    while pos < len(text):
        match = _MELD.match(text, pos)
        if match is None:
            if text[pos:].strip() == "":
                break
            raise NotationError(text[:200], f"expected a meld in brackets at {text[pos:pos + 40].strip()!r}",
                                code="bad_meld")
        melds.append(_parse_meld(match.group(1), text))
        pos = match.end()
    return tuple(melds)


def _parse_meld(body: str, text: str) -> Meld:
    cards: list[Card] = []
    jokers: list[int] = []
    pos = 0
    end = len(body.rstrip())  # linear: no slice of the rest per card
    while pos < end:
        match = _TOKEN.match(body, pos)
        if match is None:
            raise NotationError(text[:200], f"not a card: {body[pos:pos + 40].split()[0]!r}", code="not_a_card")
        if match.group(3):
            raise NotationError(text, "a joker needs its declared card, e.g. JK=7H", code="joker_undeclared",
                                rule="MV-12")
        if match.group(1):
            jokers.append(len(cards))
        cards.append(Card.parse(match.group(2) or match.group(4)))
        pos = match.end()
    return Meld(tuple(cards), tuple(jokers))


def format_table(melds: Iterable[Meld], *, symbols: bool = False) -> str:
    """Write melds as notation, separated by spaces; :func:`parse_table` reads it back.

    >>> format_table(parse_table("[4S 5S 6S] [8H JK=8D 8C]"), symbols=True)
    '[4♠ 5♠ 6♠] [8♥ JK=8♦ 8♣]'
    """
    return " ".join(m.format(symbols=symbols) for m in melds)
