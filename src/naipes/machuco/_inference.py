"""Private: Machuco's hooks for inference from play (:mod:`naipes.search.infer`) and exact endgames.

- :func:`decisions`: the other seats' plays of the current deal that the observer
  saw, rebuilt in a world (a seat's hand before a play is its hand in the world
  plus the cards it played since);
- :func:`move_scores`: MachucoBot's values of the plays over a calibrated
  temperature (the player model);
- :func:`enumerate_worlds`: once the stock is empty, the unseen cards are the
  other hands: every way to hold them (one, with two players).

>>> from naipes import machuco
>>> game = machuco.Game(machuco.Rules(players=2, scope="hand"), seed=3)
>>> while game.view(0).stock_size:
...     seat = game.to_act[0]
...     game.play(machuco.MachucoBot(seed=seat).choose(game.view(seat)), seat)
>>> len(enumerate_worlds(game.view(0), 8))
1
"""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations
from typing import TYPE_CHECKING, Sequence

from naipes.cards import Card
from naipes.machuco._tables import Phase
from naipes.machuco.bots import MachucoBot
from naipes.machuco.moves import Move, PlayCard
from naipes.machuco.position import game_from_view
from naipes.machuco.scoring import _FIGURES
from naipes.machuco.view import View

if TYPE_CHECKING:
    from naipes.machuco.state import Game

__all__ = ["TEMPERATURE", "decisions", "enumerate_worlds", "move_scores"]

#: The temperature of the player model over MachucoBot's play values (its units: points),
#: calibrated by maximum likelihood on the plays of MachucoBot and of ``strong`` on tuning deals
#: (``benchmarks/inference.py --calibrate``).
TEMPERATURE = 0.25
#: Unconstrained assignments past which :func:`enumerate_worlds` does not try to list them.
_ENUMERATE_CAP = 4096

_SCORER = MachucoBot(seed=0)


def move_scores(view: View) -> tuple[float, ...] | None:
    """MachucoBot's value of each play of ``view.legal_moves`` over :data:`TEMPERATURE`
    (``None`` outside the play phase: the cante decisions are not modelled)."""
    if view.phase is not Phase.PLAY:
        return None
    return play_scores(view, TEMPERATURE)


def play_scores(view: View, temperature: float) -> tuple[float, ...]:
    """MachucoBot's value of each legal play of ``view``, divided by ``temperature``."""
    counts = Counter(c.rank for c in view.unseen())
    total = sum(counts.values())
    value = _SCORER._value
    return tuple(value(view, m.card, counts, total) / temperature if isinstance(m, PlayCard) else 0.0
                 for m in view.legal_moves)


def decisions(world: Game, views: Sequence[View]) -> tuple[tuple[Game, int, Move], ...]:
    """The other seats' plays of the current deal seen since the observer's first view of the
    deal, each as ``(position, seat, move)`` with the hidden cards as ``world`` has them.

    The positions are rebuilt from the observer's views of the deal (:func:`game_from_view`):
    the plays between two of its views are replayed from the earlier. The plays of a deal
    before the observer's first view of it are not rebuilt (its hands then were not dealt yet
    in any earlier view), nor the cante decisions (only plays are in the record).
    """
    if not views:
        return ()
    last = views[-1]
    observer = last.seat
    start = last.deal_starts[-1] if last.deal_starts else 0
    chosen: dict[int, View] = {}
    for v in views:
        if (v.seat == observer and v.hand_number == last.hand_number and v.deal_number == last.deal_number
                and v.phase is Phase.PLAY and start <= len(v.plays) <= len(last.plays)
                and last.plays[:len(v.plays)] == v.plays):
            chosen.setdefault(len(v.plays), v)
    marks = sorted(chosen)
    stock = [m.card for m in world._stock]
    found: list[tuple[Game, int, Move]] = []
    for k, mark in enumerate(marks):
        end = marks[k + 1] if k + 1 < len(marks) else len(last.plays)
        if all(s == observer for s, _ in last.plays[mark:end]):
            continue
        hands = {s: [m.card for m in world._hands[s]] + [c for t, c in last.plays[mark:] if t == s]
                 for s in range(len(last.hand_sizes)) if s != observer}
        position = game_from_view(chosen[mark], hands, stock, random.Random(0))
        for seat, card in last.plays[mark:end]:
            if position._phase is not Phase.PLAY or position.to_act != (seat,):
                break
            move = PlayCard(card)
            if seat != observer:
                found.append((position.clone(), seat, move))
            position.play(move, seat)
    return tuple(found)


def enumerate_worlds(view: View, limit: int) -> list[Game] | None:
    """Every world of ``view`` once the stock is empty (the unseen cards are the other hands,
    fitting the cantes sung), when there are at most ``limit``; else ``None``."""
    if view.stock_size or view.phase is Phase.OVER or limit < 1:
        return None
    fixed, tail = view._placed_bottom()
    if tail:
        return None
    others = [s for s in range(len(view.hand_sizes)) if s != view.seat]
    pool = [c for c in view.unseen() if not any(c in f for f in fixed.values())]
    sizes = [view.hand_sizes[s] - len(fixed.get(s, ())) for s in others]
    if sum(sizes) != len(pool) or min(sizes, default=0) < 0:
        return None
    count, left = 1, len(pool)
    for size in sizes:
        count *= math.comb(left, size)
        left -= size
    if count > _ENUMERATE_CAP:
        return None
    deals: list[dict[int, list[Card]]] = []
    _assign(view, others, sizes, fixed, pool, {}, deals, limit + 1)
    if not deals or len(deals) > limit:
        return None
    return [game_from_view(view, hands, [], random.Random(0)) for hands in deals]


def _assign(view: View, seats: list[int], sizes: list[int], fixed: dict[int, list[Card]], pool: list[Card],
            hands: dict[int, list[Card]], out: list[dict[int, list[Card]]], most: int) -> None:
    """Every assignment of ``pool`` to ``seats`` (``sizes`` cards each) that fits the cantes,
    into ``out`` (stopping at ``most``)."""
    if len(out) >= most:
        return
    if not seats:
        out.append(dict(hands))
        return
    seat, size = seats[0], sizes[0]
    for combo in combinations(pool, size):
        cards = fixed.get(seat, []) + list(combo)
        if not _fits(view, seat, cards):
            continue
        hands[seat] = cards
        _assign(view, seats[1:], sizes[1:], fixed, [c for c in pool if c not in combo], hands, out, most)
        del hands[seat]
        if len(out) >= most:
            return


def _fits(view: View, seat: int, cards: list[Card]) -> bool:
    """Whether ``seat`` holding ``cards`` makes the figure it sang this deal (or none, if it sang none)."""
    constrained, played, cante = view._constraint(seat, len(cards))
    if not constrained:
        return True
    a, b, c = played + tuple(cards)
    fig = _FIGURES[(a.rank, b.rank, c.rank)]
    if cante is None:
        return fig is None
    return fig is not None and fig.category == cante.category and fig.value == cante.value
