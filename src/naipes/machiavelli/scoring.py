"""End of a hand and session scoring (MV-07, MV-08, MV-09), as pure functions, and the game's Result.

>>> hands = [[], Card.parse_many("KS 2H"), Card.parse_many("AS")]
>>> hand_outcome(hands, Rules(players=3), went_out=0)
((0,), (0, 12, 1))
>>> hand_outcome([Card.parse_many("KS"), Card.parse_many("5H 5D"), Card.parse_many("QC")], Rules(players=3))
((0, 2), (0, 10, 0))

.. versionadded:: 0.1
"""

from __future__ import annotations

from typing import Sequence

import attrs

from naipes.cards import Card
from naipes.game import Result as BaseResult
from naipes.machiavelli.melds import hand_value
from naipes.machiavelli.rules import Rules

__all__ = ["Result", "game_result", "hand_outcome", "next_starter", "session_over", "session_winners",
           "single_deal_scores"]


@attrs.frozen(kw_only=True)
class Result(BaseResult):
    """How a Machiavelli game ended (MV-09).

    Attributes:
        winners: session: the seats with the lowest penalty total; single deal:
            the hand's winners.
        ranking: seats grouped by rank, best first.
        scores: ``game.scores`` at the end (session: penalty totals; single
            deal: the winners' pot, MV-09).
        returns: 1.0 for a winner, else 0.0.
        hands_played: how many hands the game played.

    .. versionadded:: 1.0
    """

    hands_played: int


def game_result(totals: Sequence[int], scores: tuple[int, ...], rules: Rules, hands_played: int,
                last_winners: tuple[int, ...], last_points: Sequence[int]) -> Result:
    """The :class:`Result` of a finished game (session: lowest total; single deal: the hand winners).

    >>> game_result((30, 12, 12), (30, 12, 12), Rules(players=3), 4, (1,), (5, 0, 9)).ranking
    ((1, 2), (0,))

    .. versionadded:: 1.0
    """
    n = len(totals)
    if rules.mode == "single_deal":
        winners = last_winners
        key = [(0 if s in winners else 1, last_points[s] if last_points else 0) for s in range(n)]
    else:
        winners = session_winners(totals)
        key = [(t, 0) for t in totals]
    ranks = sorted(set(key))
    ranking = tuple(tuple(s for s in range(n) if key[s] == r) for r in ranks)
    return Result(winners=winners, ranking=ranking, scores=scores,
                  returns=tuple(1.0 if s in winners else 0.0 for s in range(n)), hands_played=hands_played)


def hand_outcome(hands: Sequence[Sequence[Card]], rules: Rules,
                 went_out: int | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The hand winners and each seat's penalty points.

    Args:
        hands: every seat's hand at the end of the hand.
        rules: the variant rules (joker penalty, exhaustion scoring).
        went_out: the seat that emptied its hand (MV-07), or ``None`` when the
            stock ran out (MV-08: fewest hand points, then fewest cards; the
            still tied all win).

    Returns:
        ``(winners, points)``.

    .. versionadded:: 0.1
    """
    values = [hand_value(h, rules) for h in hands]
    if went_out is not None:
        winners: tuple[int, ...] = (went_out,)
    else:
        best = min((v, len(h)) for v, h in zip(values, hands))
        winners = tuple(s for s, (v, h) in enumerate(zip(values, hands)) if (v, len(h)) == best)
    own = went_out is None and rules.exhaustion_winner_scores_own_hand
    points = tuple(v if (s not in winners or own) else 0 for s, v in enumerate(values))
    return winners, points


def single_deal_scores(winners: Sequence[int], points: Sequence[int]) -> tuple[int, ...]:
    """MV-09 single-deal mode: each deal winner scores the points of all the non-winners.

    >>> single_deal_scores((1,), (12, 0, 7))
    (0, 19, 0)

    .. versionadded:: 0.1
    """
    pot = sum(p for s, p in enumerate(points) if s not in winners)
    return tuple(pot if s in winners else 0 for s in range(len(points)))


def session_over(totals: Sequence[int], rules: Rules) -> bool:
    """True when some total has reached the threshold (MV-09).

    >>> session_over((40, 100, 3), Rules(players=3)), session_over((99, 0), Rules(players=2))
    (True, False)

    .. versionadded:: 0.1
    """
    return max(totals) >= rules.threshold


def session_winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the lowest total (ties share the win).

    >>> session_winners((30, 12, 12))
    (1, 2)

    .. versionadded:: 0.1
    """
    low = min(totals)
    return tuple(s for s, t in enumerate(totals) if t == low)


def next_starter(previous: int, winners: Sequence[int], players: int, rules: Rules) -> int:
    """The first player of the next deal (MV-02).

    ``rotate``: the next seat clockwise from the previous starter.
    ``previous_winner``: the deal winner earliest clockwise from the previous starter.

    >>> next_starter(3, (1,), 4, Rules()), next_starter(3, (1, 0), 4, Rules(next_starter="previous_winner"))
    (0, 0)

    .. versionadded:: 0.1
    """
    if rules.next_starter == "previous_winner" and winners:
        return min(winners, key=lambda w: (w - previous) % players)
    return (previous + 1) % players
