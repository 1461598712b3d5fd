"""Pure scoring functions of Machuco: figures, cantes between sides, the card count.

Nothing here touches a game: each function takes cards or numbers and returns
numbers, so a bot or a front end can ask "what would this be worth?". The
records of the cantes (:class:`Cante`, :class:`Contest`, :class:`PendingCante`)
and the game's :class:`Result` live here too.

>>> from naipes import Card
>>> figure(Card.parse_many("10o 11c 12e"))
Figure(category=<Category.CARACOL: 3>, key=12, value=6)
>>> figure(Card.parse_many("7o 7c 3e")).value, figure(Card.parse_many("1o 5c 3e"))
(1, None)
>>> card_count_points(26, 20), reading(13), reading(11)
(6, '2 buenas', 'malas dentro')

.. versionadded:: 0.1
.. versionchanged:: 1.0
   ``Cante``, ``Contest`` and ``PendingCante`` moved here from ``records``;
   ``Result`` (0.1's ``MachucoResult``) from ``state``.
"""

from __future__ import annotations

import enum
from itertools import combinations_with_replacement
from typing import Iterable, Sequence

import attrs

from naipes.cards import SPANISH_40, Card
from naipes.combos import chain_up
from naipes.game import Result as BaseResult

__all__ = [
    "BASE_VALUE",
    "Cante",
    "CanteOutcome",
    "Category",
    "Contest",
    "Figure",
    "PendingCante",
    "Result",
    "capture_ranks",
    "card_count_points",
    "contest_winner",
    "envio_amounts",
    "figure",
    "figure_of_ranks",
    "game_result",
    "reading",
    "resolve_cantes",
    "turnup_points",
]

_INDEX = {r: i for i, r in enumerate(SPANISH_40.ranks)}
_REY = 12


class Category(enum.IntEnum):
    """The figures of a 3-card hand, in their order (MC-07): ronda < rondín < caracol.

    .. versionadded:: 0.1
    """

    RONDA = 1
    RONDIN = 2
    CARACOL = 3

    @property
    def label(self) -> str:
        """The Spanish name: ``ronda``, ``rondín``, ``caracol``."""
        return ("ronda", "rondín", "caracol")[self.value - 1]


#: The ordinary value of each category: the ``base`` an envío must exceed (MC-09).
BASE_VALUE: dict[Category, int] = {Category.RONDA: 1, Category.RONDIN: 3, Category.CARACOL: 4}


@attrs.frozen
class Figure:
    """The figure of a 3-card hand (MC-07).

    Attributes:
        category: ronda, rondín or caracol.
        key: the number that ranks it inside its category (the pair's or
            trio's number, the caracol's highest card).
        value: the points it sings: 1/2 (ronda), 3/4 (rondín), 4/6 (caracol).

    .. versionadded:: 0.1
    """

    category: Category
    key: int
    value: int

    @property
    def real(self) -> bool:
        """True for the reales: two reyes, three reyes, sota-caballo-rey."""
        return self.value in (2, 6) or (self.category is Category.RONDIN and self.key == _REY)

    def __str__(self) -> str:
        return f"{self.category.label}{' real' if self.real else ''} ({self.key})"


def _figure_uncached(ranks: tuple[int, int, int]) -> Figure | None:
    a, b, c = sorted(ranks, key=_INDEX.__getitem__)
    if a == b == c:
        return Figure(Category.RONDIN, a, 4 if a == _REY else 3)
    if _INDEX[b] == _INDEX[a] + 1 and _INDEX[c] == _INDEX[b] + 1:
        return Figure(Category.CARACOL, c, 6 if c == _REY else 4)
    if a == b or b == c:
        return Figure(Category.RONDA, b, 2 if b == _REY else 1)
    return None


_FIGURES: dict[tuple[int, int, int], Figure | None] = {}
for _combo in combinations_with_replacement(SPANISH_40.ranks, 3):
    _fig = _figure_uncached(_combo)
    for _perm in {(x, y, z) for x in _combo for y in _combo for z in _combo
                  if sorted((x, y, z)) == sorted(_combo)}:
        _FIGURES[_perm] = _fig


def figure_of_ranks(a: int, b: int, c: int) -> Figure | None:
    """The figure of three numbers in any order, or ``None`` (MC-07).

    >>> figure_of_ranks(6, 7, 10), figure_of_ranks(12, 1, 2)
    (Figure(category=<Category.CARACOL: 3>, key=10, value=4), None)
    """
    return _FIGURES[(a, b, c)]


def figure(cards: Sequence[Card]) -> Figure | None:
    """The figure of a 3-card hand, or ``None`` (MC-07).

    Raises:
        ValueError: unless exactly three cards of the 40-card deck are given.
    """
    if len(cards) != 3:
        raise ValueError(f"a figure needs 3 cards, not {len(cards)}")
    try:
        return _FIGURES[(cards[0].rank, cards[1].rank, cards[2].rank)]
    except KeyError:
        raise ValueError("a Machuco hand holds no 8s or 9s") from None


@attrs.frozen
class CanteOutcome:
    """How the cantes of one deal stand between the sides (MC-08, MC-10).

    Attributes:
        category: the best category sung, or ``None`` when nobody sang.
        winner: the side that scores at once (the only side with figures, or
            the only side holding the best category), else ``None``.
        points: what ``winner`` scores at once (its total), else 0.
        contenders: the sides tied at the best category (a contested cante),
            else ``()``.
        totals: per side, the sum of its figures' values.

    .. versionadded:: 0.1
    """

    category: Category | None
    winner: int | None
    points: int
    contenders: tuple[int, ...]
    totals: tuple[int, ...]


def resolve_cantes(side_figures: Sequence[Iterable[Figure]]) -> CanteOutcome:
    """Compare the sides' figures (MC-08 steps 1–4; MC-10).

    Args:
        side_figures: for each side, the figures its members hold.

    >>> f = figure_of_ranks
    >>> o = resolve_cantes([[f(12, 12, 4)], [f(3, 4, 5)]])   # MC-S7 (a)
    >>> o.winner, o.points, o.contenders
    (1, 4, ())
    >>> resolve_cantes([[f(2, 2, 5), f(6, 6, 1)], [f(7, 7, 1)]]).contenders
    (0, 1)
    """
    figs = [tuple(fs) for fs in side_figures]
    totals = tuple(sum(f.value for f in fs) for fs in figs)
    best = [max((f.category for f in fs), default=None) for fs in figs]
    present = [b for b in best if b is not None]
    if not present:
        return CanteOutcome(None, None, 0, (), totals)
    top = max(present)
    tops = tuple(s for s, b in enumerate(best) if b == top)
    if len(tops) == 1:
        return CanteOutcome(top, tops[0], totals[tops[0]], (), totals)
    return CanteOutcome(top, None, 0, tops, totals)


def contest_winner(holders: Iterable[tuple[int, Figure]], category: Category) -> int | None:
    """The side winning a contested cante ``a la mayor`` (MC-08).

    Args:
        holders: ``(side, figure)`` in turn order from the mano.
        category: the contested category; other figures are ignored.

    Returns:
        The side of the highest key (ties: the holder first in turn order),
        or ``None`` when nobody holds the category.

    >>> f = figure_of_ranks
    >>> contest_winner([(0, f(3, 3, 1)), (1, f(5, 5, 2)), (0, f(12, 2, 12))], Category.RONDA)
    0
    >>> contest_winner([(1, f(4, 4, 1)), (0, f(4, 4, 2))], Category.RONDA)
    1
    """
    winner: int | None = None
    best = -1
    for side, fig in holders:
        if fig.category == category and _INDEX[fig.key] > best:
            best = _INDEX[fig.key]
            winner = side
    return winner


def envio_amounts(category: Category, limit: int, enabled: bool = True) -> tuple[int, ...]:
    """The legal envíos N for a contested category: ``base < N <= limit`` (MC-09).

    >>> envio_amounts(Category.RONDA, 5), envio_amounts(Category.CARACOL, 4)
    ((2, 3, 4, 5), ())
    """
    if not enabled:
        return ()
    return tuple(range(BASE_VALUE[category] + 1, limit + 1))


def card_count_points(cards_won: int, threshold: int) -> int:
    """Points of the card count: ``max(0, cards_won - threshold)`` (MC-20).

    >>> card_count_points(19, 20), card_count_points(14, 10)
    (0, 4)
    """
    return max(0, cards_won - threshold)


def reading(score: int, malas: int = 11) -> str:
    """The malas/buenas reading of a running total (MC-22); it has no rule effect.

    >>> [reading(s) for s in (0, 5, 11, 12, 21)]
    ['0 malas', '5 malas', 'malas dentro', '1 buenas', '10 buenas']
    """
    if score < malas:
        return f"{score} malas"
    if score == malas:
        return "malas dentro"
    return f"{score - malas} buenas"


def turnup_points(ranks: Sequence[int], mode: str = "one") -> tuple[tuple[int, ...], int]:
    """Points of the four turned-up cards (MC-05 b, c), scored as turned.

    Args:
        ranks: the numbers at positions 1–4, as turned.
        mode: ``"one"`` (a match scores 1) or ``"position"`` (position *i* scores *i*).

    Returns:
        The points of each position (0 where no coincidence) and the bien dada
        point (1 when the four numbers are distinct, else 0).

    >>> turnup_points([1, 5, 3, 7]), turnup_points([1, 2, 2, 4], "position")
    (((1, 0, 1, 0), 1), ((1, 2, 0, 4), 0))
    """
    per = tuple((i if mode == "position" else 1) if r == i else 0 for i, r in enumerate(ranks, 1))
    return per, int(len(set(ranks)) == len(ranks))


def capture_ranks(rank: int, table_ranks: Iterable[int]) -> tuple[int, ...]:
    """The numbers a card of ``rank`` captures from a table (MC-12): its pair and the run up.

    >>> capture_ranks(6, [6, 7, 10, 11, 2]), capture_ranks(2, [3, 4])
    ((6, 7, 10, 11), ())
    """
    return chain_up(rank, table_ranks, SPANISH_40)


# -- records of the cantes ------------------------------------------------------------------
@attrs.frozen(kw_only=True)
class Cante:
    """A figure sung after a deal: the holder, its category and its value (MC-06).

    The key of an ordinary figure stays hidden; the value shows a real one.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Moved from ``naipes.machuco.records``.
    """

    seat: int
    category: Category
    value: int


@attrs.frozen(kw_only=True)
class Contest:
    """A contested cante waiting for the decider (or the responder) (MC-08, MC-09).

    Attributes:
        deal: the deal (1-based) it was sung in.
        category: the contested category.
        contenders: the sides tied at it.
        totals: per side, the sum of its figures' values.
        decider: the seat choosing ``mayor`` or ``envio N``.
        responder: the seat answering an envío.
        amount: the envío sent (0 until the decider sends one).

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Moved from ``naipes.machuco.records``.
    """

    deal: int
    category: Category
    contenders: tuple[int, ...]
    totals: tuple[int, ...]
    decider: int
    responder: int
    amount: int = 0


@attrs.frozen(kw_only=True)
class PendingCante:
    """A contested cante to be paid at its resolution point (MC-11).

    Attributes:
        deal: the deal (1-based) it was sung in.
        category: the contested category.
        stake: the accepted envío, or 0 for ``mayor`` (the winner scores its total).
        contenders: the sides tied at the category.
        totals: per side, the sum of its figures' values.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       Moved from ``naipes.machuco.records``.
    """

    deal: int
    category: Category
    stake: int
    contenders: tuple[int, ...]
    totals: tuple[int, ...]


# -- the result -------------------------------------------------------------------------------
@attrs.frozen(kw_only=True)
class Result(BaseResult):
    """How a Machuco game ended, with the chicos and partidos of each side.

    ``returns`` is 1.0 for each seat of the winning side, 0.0 for the others
    (on a draw on points, every seat of the sides sharing the top score gets 1.0).

    .. versionadded:: 1.0
       0.1's ``MachucoResult``, renamed.
    """

    chicos: tuple[int, ...]
    partidos: tuple[int, ...]


def game_result(sides: Sequence[Sequence[int]], scores: Sequence[int], winner: int | None,
                chicos: Sequence[int], partidos: Sequence[int]) -> Result:
    """The :class:`Result` of a finished game.

    Args:
        sides: the seats of each side.
        scores: the final score of each side.
        winner: the side that won the last chico, or ``None`` when the game
            ended on points (scope ``"hand"`` without a chico won): then the
            sides are ranked by score.
        chicos: chicos per side; ``partidos``: partidos per side.

    >>> r = game_result([(0, 2), (1, 3)], [21, 7], 0, [1, 0], [0, 0])
    >>> r.winners, r.ranking, r.returns
    ((0, 2), ((0, 2), (1, 3)), (1.0, 0.0, 1.0, 0.0))
    """
    order = range(len(sides))
    if winner is not None:
        rest = sorted({scores[s] for s in order if s != winner}, reverse=True)
        groups = [tuple(sides[winner])] + [
            tuple(x for s in order if s != winner and scores[s] == v for x in sides[s]) for v in rest]
    else:
        values = sorted(set(scores), reverse=True)
        groups = [tuple(x for s in order if scores[s] == v for x in sides[s]) for v in values]
    winners = tuple(sorted(groups[0]))
    players = sum(len(seats) for seats in sides)
    return Result(winners=winners, ranking=tuple(tuple(sorted(g)) for g in groups), scores=tuple(scores),
                  returns=tuple(1.0 if s in winners else 0.0 for s in range(players)),
                  chicos=tuple(chicos), partidos=tuple(partidos))
