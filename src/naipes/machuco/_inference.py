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
from naipes.machuco.moves import Move, PlayCard, play_card
from naipes.machuco.position import game_from_view
from naipes.machuco.scoring import _FIGURES, Figure
from naipes.machuco.view import View

if TYPE_CHECKING:
    from naipes.machuco.state import Game

__all__ = ["TEMPERATURE", "decisions", "enumerate_worlds", "move_scores"]

#: The temperature of the player model over MachucoBot's play values (its units: points),
#: calibrated by maximum likelihood on the plays of MachucoBot and of ``strong`` on tuning deals
#: (``benchmarks/inference.py --calibrate``).
TEMPERATURE = 0.0625
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
    """The other seats' plays of the current deal that the observer saw, each as
    ``(position, seat, move)`` with the hidden cards as ``world`` has them, in the order played.

    The positions are rebuilt from the observer's own views (:func:`game_from_view`) and the
    public record: the plays between two of its views are replayed from the earlier one. The
    plays of a deal made before the observer's first view of it are replayed from its last
    view of the deal before (the new deal dealt as ``world`` holds it) when no figure was sung
    in the new deal (a cante contest's decisions are not in the record); in the first deal of a
    hand they are not rebuilt.
    """
    if not views:
        return ()
    last = views[-1]
    observer = last.seat
    start = last.deal_starts[-1] if last.deal_starts else 0
    marks = _marks(views, last, last.deal_number)
    found: list[tuple[Game, int, Move]] = []
    first = min(marks, default=len(last.plays))
    if any(s != observer for s, _ in last.plays[start:first]) and not last.cantes:
        before = _marks(views, last, last.deal_number - 1)
        if before:
            mark = max(before)
            position = _rebuilt(before[mark], world, last, mark, _dealt_stock(world, last, start))
            _replay(position, last, mark, first, start, found)
    ordered = sorted(marks)
    stock = world._stock
    for k, mark in enumerate(ordered):
        end = ordered[k + 1] if k + 1 < len(ordered) else len(last.plays)
        if all(s == observer for s, _ in last.plays[mark:end]):
            continue
        _replay(_rebuilt(marks[mark], world, last, mark, stock), last, mark, end, start, found)
    return tuple(found)


def _marks(views: Sequence[View], last: View, deal: int) -> dict[int, View]:
    """The observer's views of the play phase of deal ``deal`` of ``last``'s hand whose record
    ``last`` continues, by the length of their record (the first of equals)."""
    chosen: dict[int, View] = {}
    for v in views:
        if (v.seat == last.seat and v.hand_number == last.hand_number and v.deal_number == deal
                and v.phase is Phase.PLAY and len(v.plays) <= len(last.plays)
                and last.plays[:len(v.plays)] == v.plays):
            chosen.setdefault(len(v.plays), v)
    return chosen


#: Rebuilt games of the observer's views with the hidden cards as first dealt: ``id(view)`` to
#: ``(view, game)`` (a new world clones the game and fills in its own hidden cards).
_TEMPLATES: dict[int, tuple[View, Game]] = {}


def _rebuilt(view: View, world: Game, last: View, mark: int, stock: list[PlayCard]) -> Game:
    """The game of ``view`` (the observer's view when ``mark`` plays were made) with ``stock``
    and the other hands as ``world`` holds them plus the cards played since (a view of the deal
    before: the cards played in the rest of that deal)."""
    n = len(last.hand_sizes)
    current = view.deal_number == last.deal_number
    until = len(last.plays) if current else last.deal_starts[-1]
    later: list[list[PlayCard]] = [[] for _ in range(n)]
    for s, c in last.plays[mark:until]:
        later[s].append(play_card(c))
    hands = [(world._hands[s] + later[s] if current else later[s]) if s != view.seat else None
             for s in range(n)]
    entry = _TEMPLATES.get(id(view))
    if entry is None or entry[0] is not view:
        if len(_TEMPLATES) > 256:
            _TEMPLATES.clear()
        cards = {s: [m.card for m in h] for s, h in enumerate(hands) if h is not None}
        game = game_from_view(view, cards, [m.card for m in stock], random.Random(0))
        _TEMPLATES[id(view)] = (view, game)
        return game.clone()
    game = entry[1].clone()
    for s, h in enumerate(hands):
        if h is not None:
            game._hands[s] = h
    game._stock = list(stock)
    if view.cantes_known and view.cantes:
        game._cantes = tuple((s, _figure(game._dealt(s, game._deal_no))) for s, _ in game._cantes or ())
    return game


def _figure(cards: tuple[Card, ...]) -> Figure:
    a, b, c = cards
    fig = _FIGURES[(a.rank, b.rank, c.rank)]
    assert fig is not None
    return fig


def _dealt_stock(world: Game, last: View, start: int) -> list[PlayCard]:
    """The stock before the current deal was dealt: its cards in the dealing order (as ``world``
    and ``last`` hold them), then ``world``'s stock."""
    n = len(last.hand_sizes)
    held = [[play_card(c) for s2, c in last.plays[start:] if s2 == s]
            + (world._hands[s] if s != last.seat else [play_card(c) for c in last.hand]) for s in range(n)]
    order = [(last.mano + k) % n for k in range(n)]
    dealt = [held[s][i] for i in range(3) for s in order]
    return dealt + world._stock


def _replay(position: Game, last: View, mark: int, end: int, start: int,
            found: list[tuple[Game, int, Move]]) -> None:
    """Play the record's plays ``mark`` to ``end`` in ``position``, keeping a copy of the position
    before each play of another seat in the current deal (from ``start``)."""
    observer = last.seat
    for index in range(mark, end):
        seat, card = last.plays[index]
        if position._phase is not Phase.PLAY or position.to_act != (seat,):
            return
        move = play_card(card)
        if seat != observer and index >= start:
            found.append((position.clone(), seat, move))
        position.play(move, seat)


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
