"""The atomic check of a play (MV-05, MV-11, MV-12), shared by the game and the workspace.

:func:`play_problems` lists everything wrong with a proposed new table, each
problem as a :class:`Problem` ``(meld index, reason)`` with a ``code``
(index ``-1`` for a problem of the whole play); an empty tuple means the play
is legal. :data:`CODES` lists every error code of the game with its ruling and
meaning; :func:`check` raises the error of a move.

>>> from naipes.machiavelli.melds import parse_table
>>> start = parse_table("[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]")
>>> hand = Card.parse_many("7H 7D JS 2C")
>>> good = parse_table("[4S 5S 6S] [8S 9S 10S] [7S 7H 7D] [JH JD JC JS]")
>>> play_problems(start, hand, good, Card.parse_many("7H 7D JS"))
()
>>> bad = parse_table("[4S 5S 6S] [8S 9S 10S] [7S 7H] [JH JD JC JS]")
>>> play_problems(start, hand, bad, Card.parse_many("7H JS"))
((2, 'a meld of two cards'),)
>>> play_problems(start, hand, bad, Card.parse_many("7H JS"))[0].code
'invalid_meld'

.. versionadded:: 0.1
.. versionchanged:: 1.0
   Problems carry a ``code``; :data:`CODES`.
.. versionchanged:: 1.2
   :func:`check`, the one legality shape; ``check_play`` and ``check_draw`` deprecated.
"""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping, Sequence

from naipes._deprecated import alias
from naipes._legality import check_in
from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.errors import IllegalMoveError, extend_codes
from naipes.machiavelli.melds import Meld, meld_problem, meld_value
from naipes.machiavelli.rules import Rules

if TYPE_CHECKING:
    from naipes.machiavelli.moves import Move
    from naipes.machiavelli.state import Game

__all__ = ["CODES", "OWN_CODES", "check", "WHOLE_PLAY", "Problem", "check_draw", "check_play", "describe_problems",
           "play_problems"]

#: The meld index of a problem that belongs to the play as a whole.
WHOLE_PLAY = -1

_DEFAULT = Rules()

_CODES: dict[str, tuple[str | None, str]] = {
    # illegal moves (IllegalMoveError)
    "no_hand_card": ("MV-05", "a play adds no card from the hand"),
    "not_in_hand": ("MV-05", "a card said to come from the hand is not there (solver: not in the hand given)"),
    "invalid_meld": ("MV-03", "a meld of the new table is not a valid group or run"),
    "cards_from_nowhere": ("MV-05", "the new table holds cards neither on the old table nor played"),
    "played_not_placed": ("MV-05", "a card played from the hand is not on the new table"),
    "table_card_missing": ("MV-05", "a card of the old table is missing from the new table"),
    "joker_not_swapped": ("MV-12", "a joker left the table without its natural card replacing it"),
    "opening_changes_table": ("MV-11", "an opening play changes the melds already on the table"),
    "opening_too_low": ("MV-11", "the opening melds are worth less than initial_meld_min"),
    "nothing_to_draw": ("MV-04", "a draw with an empty stock: play or forfeit (1.2: was stock_empty)"),
    # notation (NotationError)
    "not_text": (None, "notation that is not a string"),
    "not_a_move": (None, "text that is no move: not play, draw or forfeit (1.2: was unknown_move)"),
    "bad_forfeit_reason": ("MV-06", "a forfeit reason other than gave_up or timeout"),
    "no_colon": (None, "a play without the colon between its hand cards and its melds"),
    "bad_meld": (None, "table notation without a meld in brackets"),
    "not_a_card": (None, "something that is not a card of the decks (notation, melds, solver input)"),
    "not_one_meld": (None, "Meld.parse given no meld or several"),
    "joker_undeclared": ("MV-12", "a joker without the card it stands for (JK instead of JK=7H)"),
    "view_needed": (None, "ActionSpace: a play shape's id or move asked without the view"),
    "too_long": (None, "notation longer than MAX_MOVE_TEXT (moves) or MAX_TABLE_TEXT (tables)"),
    # malformed moves (IllegalMoveError) and state dicts (InvalidStateError)
    "bad_field": (None, "a move field of the wrong type, or a state dict field of the wrong type or shape"),
    "bad_version": (None, "a state dict or record whose layout is not its version's (deltas only in version 3)"),
    "too_large": (None, "a state dict list longer than the decks or limits allow"),
    # positions and state (InvalidStateError)
    "bad_deck": ("MV-01", "a deck= order that is not exactly the decks' cards"),
    "bad_first_player": ("MV-02", "a first_player that is not a seat"),
    "bad_joker_positions": (None, "a meld's joker positions outside the meld or repeated"),
    "invalid_table": ("MV-03", "a position's table holds an invalid meld"),
    "wrong_hand_count": (None, "a position with not one hand per seat"),
    "wrong_length": (None, "a per-seat value (totals, opened, known_jokers) not of one value per seat"),
    "no_such_seat": (None, "a position's to_act or starter that is not a seat (1.2: was bad_seat)"),
    "empty_hand": ("MV-07", "a position with an empty hand (that hand is over)"),
    "jokers_not_held": ("MV-12", "known_jokers larger than the jokers in that hand"),
    "too_many_copies": ("MV-01", "more copies of a card than the decks hold"),
    "cards_not_conserved": ("MV-01", "a state whose zones do not hold each card of the decks once "
                            "(out_of_play only after from_position)"),
    "bad_phase": (None, "a state whose seat to act, totals, final scores and last hand do not fit together"),
    "bad_scores": ("MV-09", "a state whose last points or final scores do not follow from the last hand"),
    "no_partition": ("MV-03", "solver: table cards that cannot be partitioned into valid melds"),
    "mixed_table": (None, "solver: a table given as a mix of melds and cards"),
    # rules (RulesError)
    "not_an_int": (None, "a Rules field that must be an int"),
    "not_a_bool": (None, "a Rules field that must be a bool"),
    "out_of_range": (None, "a Rules field or a state value out of its range"),
    "too_many_players": ("MV-13", "more players than the decks can serve"),
    "too_few_cards": ("MV-01", "hands that leave no stock (1.2: was no_stock)"),
    # the workspace (WorkspaceError)
    "workspace_step": (None, "a workspace step that cannot be done (no such meld, card not there...)"),
}
#: Every code the Machiavelli package raises; the rules page lists them in its
#: section "Error codes": ``{code: (ruling or None, meaning)}`` (read-only), the shared
#: :data:`naipes.errors.BASE_CODES` included.
CODES: Mapping[str, tuple[str | None, str]] = extend_codes(_CODES)
#: The game's own codes and its wording of shared ones (what the rules page lists; read-only).
OWN_CODES: Mapping[str, tuple[str | None, str]] = MappingProxyType(_CODES)


def check(game: Game, move: Move | str, seat: int | None = None) -> None:
    """Raise unless ``move`` is legal for ``seat`` now: the one legality shape of every game.

    ``move`` may be notation; ``seat`` defaults to the seat to act. The error is an
    :class:`~naipes.errors.IllegalMoveError` (a :class:`~naipes.errors.NotationError`
    for text that is no move) whose ``code`` is a key of :data:`CODES`. Nothing changes.

    .. versionadded:: 1.2
    """
    from naipes.machiavelli.state import Game

    check_in(Game, "machiavelli", game, move, seat)

class Problem(tuple[int, str]):
    """One thing wrong with a play: ``(meld index, reason)``, with its :attr:`code`.

    It compares and unpacks as the plain pair (``index, reason = problem``).

    Attributes:
        code: the stable code of the problem (a key of :data:`CODES`).

    .. versionadded:: 1.0
    """

    code: str

    def __new__(cls, index: int, reason: str, code: str) -> Problem:
        self = super().__new__(cls, (index, reason))
        self.code = code
        return self

    @property
    def rule(self) -> str | None:
        """The ruling the problem breaks (``None`` when none applies)."""
        return CODES[self.code][0]


def _check_play(problems: Sequence[Problem], move: object, table: Sequence[Meld], seat: int) -> None:
    """Raise :class:`~naipes.errors.IllegalMoveError` for a play with ``problems`` (code of the first).

    .. versionadded:: 1.0
    """
    if problems:
        text = describe_problems(problems, table, base=1).replace("\n", "; ")
        first = problems[0]
        code = getattr(first, "code", "invalid_meld")
        raise IllegalMoveError(text, move=move, seat=seat, code=code, rule=CODES[code][0])


def _check_draw(stock_size: int, move: object, seat: int) -> None:
    """Raise :class:`~naipes.errors.IllegalMoveError` (code ``nothing_to_draw``) for a draw from no stock.

    .. versionadded:: 1.0
    """
    if not stock_size:
        raise IllegalMoveError("the stock is empty: play or forfeit", move=move, seat=seat,
                               code="nothing_to_draw", rule="MV-04")


def _names(counts: Counter[Card]) -> str:
    return " ".join(str(c) for c in sorted(counts.elements(), key=lambda c: (c.rank, str(c))))


def play_problems(start: Sequence[Meld], hand: Sequence[Card], table: Sequence[Meld],
                  cards: Sequence[Card], rules: Rules | None = None, *,
                  opened: bool = True) -> tuple[Problem, ...]:
    """Everything that makes a play illegal, as ``(meld index, reason)`` pairs.

    Args:
        start: the table at the start of the turn.
        hand: the player's hand at the start of the turn.
        table: the proposed new table.
        cards: the hand cards the play puts on the table.
        rules: the variant rules (default :class:`Rules`).
        opened: whether the player has made his opening play (MV-11; only
            matters when ``rules.initial_meld_min`` is not 0).

    Returns:
        The problems in a stable order; ``()`` when the play is legal.

    .. versionadded:: 0.1
    """
    rules = rules or _DEFAULT
    out: list[Problem] = []
    played = Counter(cards)
    if not cards:
        out.append(Problem(WHOLE_PLAY, "no card from the hand is added (a play must add at least one, MV-05)",
                           "no_hand_card"))
    missing = played - Counter(hand)
    if missing:
        out.append(Problem(WHOLE_PLAY, f"not in the hand: {_names(missing)}", "not_in_hand"))
    known = {id(m) for m in start}  # melds kept as they were (same objects) are valid already
    for i, meld in enumerate(table):
        if id(meld) in known or (not meld.jokers and _plainly_valid(meld.cards)):
            continue
        reason = meld_problem(meld, rules)
        if reason is not None:
            out.append(Problem(i, reason, "invalid_meld"))
    out.extend(_multiset_problems(start, table, cards, played))
    if rules.initial_meld_min and not opened:
        out.extend(_opening_problems(start, table, rules.initial_meld_min))
    return tuple(out)


_FRENCH_IDS = frozenset(id(Card(r, s)) for s in FRENCH_SUITS for r in range(1, 14))


def _plainly_valid(cards: tuple[Card, ...]) -> bool:
    """A fast yes for a joker-free valid group or run (``False`` means: ask :func:`meld_problem`).

    Cards are interned, so equal cards are the same object and ``id`` stands for the card.
    """
    n = len(cards)
    if n < 3 or len({id(c) for c in cards}) != n or not all(id(c) in _FRENCH_IDS for c in cards):
        return False
    first = cards[0]
    if all(c.rank == first.rank for c in cards):
        return n <= 4  # distinct cards of one rank have distinct suits
    suit = first.suit
    if not all(c.suit is suit for c in cards):
        return False
    ranks = [c.rank for c in cards]
    return max(ranks) - min(ranks) == n - 1  # n distinct ranks in a span of n


def _balance(start: Sequence[Meld], table: Sequence[Meld], cards: Sequence[Card]) -> dict[Card, int]:
    """New table minus (old table + played cards), card by card; zeros mean preserved."""
    counts: dict[int, int] = {}
    names: dict[int, Card] = {}
    get = counts.get
    for m in table:
        for c in (m.physical if m.jokers else m.cards):
            i = id(c)
            counts[i] = get(i, 0) + 1
            names[i] = c
    for m in start:
        for c in (m.physical if m.jokers else m.cards):
            i = id(c)
            counts[i] = get(i, 0) - 1
            names[i] = c
    for c in cards:
        i = id(c)
        counts[i] = get(i, 0) - 1
        names[i] = c
    return {names[i]: n for i, n in counts.items() if n}


def _multiset_problems(start: Sequence[Meld], table: Sequence[Meld], cards: Sequence[Card],
                       played: Counter[Card]) -> list[Problem]:
    balance = _balance(start, table, cards)
    swapped = -balance.pop(JOKER, 0)
    if swapped >= 0 and not balance:
        if not swapped:
            return []
        extra: Counter[Card] = Counter()
        lost: Counter[Card] = Counter()
    else:
        extra = Counter({c: n for c, n in balance.items() if n > 0})
        lost = Counter({c: -n for c, n in balance.items() if n < 0})
        if swapped < 0:
            extra[JOKER] = -swapped
    out: list[Problem] = []
    if extra:
        out.append(Problem(WHOLE_PLAY, "cards from nowhere (neither on the table nor played from the hand): "
                           f"{_names(extra)}", "cards_from_nowhere"))
    unplaced = Counter({c: min(n, played[c]) for c, n in lost.items() if played[c]})
    if unplaced:
        out.append(Problem(WHOLE_PLAY, f"played from the hand but not on the new table: {_names(unplaced)}",
                           "played_not_placed"))
        lost -= unplaced
    if lost:
        out.append(Problem(WHOLE_PLAY, "table cards missing from the new table (they must stay on the table): "
                           f"{_names(lost)}", "table_card_missing"))
    if swapped > 0:
        declared = Counter(c for m in start for c in m.declared)
        matched = sum(min(n, played[card]) for card, n in declared.items())
        if swapped > matched:
            out.append(Problem(WHOLE_PLAY, f"{swapped} joker(s) left the table but only {matched} were swapped "
                               "for the natural card they stood for (MV-12)", "joker_not_swapped"))
    return out


def _opening_problems(start: Sequence[Meld], table: Sequence[Meld], minimum: int) -> list[Problem]:
    old = Counter(m.normalized() for m in start)
    new = Counter(m.normalized() for m in table)
    out: list[Problem] = []
    if old - new:
        out.append(Problem(WHOLE_PLAY, "an opening play may not change the melds on the table (MV-11)",
                           "opening_changes_table"))
    added = new - old
    value = sum(meld_value(m) * n for m, n in added.items())
    if value < minimum:
        out.append(Problem(WHOLE_PLAY, f"the opening melds are worth {value}, less than {minimum} (MV-11)",
                           "opening_too_low"))
    return out


def describe_problems(problems: Sequence[tuple[int, str]], table: Sequence[Meld], *, base: int = 0) -> str:
    """One readable sentence per problem, melds numbered from ``base``.

    >>> from naipes.machiavelli.melds import parse_table
    >>> describe_problems(((1, "a meld of two cards"),), parse_table("[4S 5S 6S] [7S 7H]"), base=1)
    'meld 2 [7S 7H]: a meld of two cards'

    .. versionadded:: 0.1
    """
    lines = []
    for index, reason in problems:
        if 0 <= index < len(table):
            lines.append(f"meld {index + base} {table[index]}: {reason}")
        else:
            lines.append(reason)
    return "\n".join(lines)


# Deprecated 1.0 names (deprecation policy of 1.2): they warn, then work as before.
_CHECK = "naipes.machiavelli.legality.check(game, move, seat)"
check_play = alias(_check_play, "naipes.machiavelli.legality.check_play", _CHECK)
check_draw = alias(_check_draw, "naipes.machiavelli.legality.check_draw", _CHECK)
