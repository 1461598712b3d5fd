#!/usr/bin/env python3
"""Tune RanzoBot's weights (``naipes.ranzo._policy.Policy``) on duplicate deals against RanzoBot.

Each configuration plays the same deals as ``benchmarks/bots_search.py --matchups
ranzo`` does (one round, 4 players, the policy on seats 0 and 2 then on 1 and 3,
each seat's bot seeded ``deal * 100 + rotation * 10 + seat``; a game is won by
the side whose summed returns are higher, a tie counts 1/2). Every
configuration plays the same deals, so two rows differ by the weights only;
``RanzoBot``'s own weights score 50 % up to its seeded tie-breaks. The score's
half width is 1.96 standard errors of the per-deal mean.

Tune on deal seeds below 100,000 only (the held-out seeds start at 1,000,000):

    python benchmarks/ranzo_policy.py --first-deal 1000 --deals 2000 '{}' '{"keep": -5}'
    python benchmarks/ranzo_policy.py --first-deal 15000 '{"keep": -5, "worlds": 100, "feed": 1000}'
    python benchmarks/ranzo_policy.py --deals 2000 tuned   # strong's weights and FEED_WORLDS

A row's JSON object names the weights to change (``naipes.ranzo._policy.DEFAULTS``) and
``worlds``, the worlds dealt at each turn discard for ``feed``.

``--peek`` measures what the other seats' hands are worth to ``feed`` (a ceiling, not a bot):
``hands`` deals ``feed``'s worlds from the true concealed hands (one world is enough);
``ready`` draws each other seat's hidden cards uniformly (as ``feed``'s own worlds) until the
drawn hand waits on some card (splits into juegos with it) exactly when the true hand does:
it knows *who* is ready, not for which card.

    python benchmarks/ranzo_policy.py --first-deal 44000 --deals 500 --peek ready \
        '{"keep": -5, "feed": 1000, "passes": 1, "late": 16, "worlds": 30}'
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from typing import Any

import naipes
from naipes.cards import Card
from naipes.ranzo import Game, RanzoBot, Rules
from naipes.ranzo._policy import TUNED, Deal, Policy
from naipes.ranzo._tables import Tables, tables
from naipes.ranzo.search import FEED_WORLDS
from naipes.ranzo.view import View, _deal_unseen

#: ``--peek`` choices: ``feed``'s worlds from the true hands, or knowing only who is ready.
PEEKS = ("hands", "ready")
#: ``--peek ready``: draws of a seat's hidden cards tried before the last one is kept.
READY_TRIES = 300

#: Deal seeds from here up are held out (never tuned on).
TUNING_END = 100_000


def side_score(returns: tuple[float, ...], seats: tuple[int, ...]) -> float:
    """1 when ``seats`` summed more than the others, 0 when less, 1/2 when level."""
    ours = sum(r for s, r in enumerate(returns) if s in seats)
    theirs = sum(r for s, r in enumerate(returns) if s not in seats)
    return 1.0 if ours > theirs else 0.0 if ours < theirs else 0.5


def waits(t: Tables, hand: int, deck: int) -> bool:
    """Whether concealed cards ``hand`` (a mask) split into juegos with some other card of ``deck``."""
    rest = deck & ~hand
    while rest:
        b = rest & -rest
        rest ^= b
        if t.can_split(hand | b):
            return True
    return False


def peek_deal(game: Game, peek: str) -> Deal:
    """``feed``'s worlds for ``--peek``: the true hands, or hands as ready as the true ones."""
    def true_hands(view: View, rng: Any) -> tuple[list[list[Card]], list[Card]]:
        return [list(h) for h in game.hands], list(game.stock)

    def as_ready(view: View, rng: Any) -> tuple[list[list[Card]], list[Card]]:
        t = tables(view.rules.deck)
        deck = t.deck_mask(view.cards)
        hands, stock = _deal_unseen(view, rng)
        placed = set(view.hand) | set(view.discards) | {c for o in view.open_juegos for j in o for c in j}
        placed.update(c for s, k in enumerate(view.known_by_seat) if s != view.seat for c in k)
        unseen = [c for c in view.cards if c not in placed]
        for s, true in enumerate(game.hands):
            if s == view.seat:
                continue
            want, known = waits(t, t.mask(true), deck), list(view.known_by_seat[s])
            for _ in range(READY_TRIES):  # each seat on its own: feed reads one seat's hand at a time
                hand = known + rng.sample(unseen, view.hand_sizes[s] - len(known))
                if waits(t, t.mask(hand), deck) == want:
                    break
            hands[s] = hand
        return hands, stock

    return true_hands if peek == "hands" else as_ready


def deal_score(weights: dict[str, float], worlds: int, deal: int, peek: str | None = None) -> float:
    """The policy's mean score over both seatings of one deal against RanzoBot (``peek``: its
    ``feed`` worlds dealt by :func:`peek_deal`)."""
    scores = []
    for rotation in (0, 1):
        game = Game(Rules(rounds=1), seed=deal)
        seats = tuple(s for s in range(4) if s % 2 == rotation)
        chosen = None if peek is None else peek_deal(game, peek)
        bots: list[Any] = [Policy(deal * 100 + rotation * 10 + s, weights, worlds=worlds, deal=chosen) if s in seats
                           else RanzoBot(seed=deal * 100 + rotation * 10 + s) for s in range(4)]
        scores.append(side_score(naipes.play_game(game, bots).returns, seats))
    return statistics.fmean(scores)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("weights", nargs="+", help="JSON objects of weights to change, or 'tuned'")
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--json", help="write the rows here")
    parser.add_argument("--peek", choices=PEEKS, help="feed's worlds from the true hands, or as ready as they are")
    a = parser.parse_args()
    if a.first_deal + a.deals > TUNING_END:
        parser.error(f"tune on deal seeds below {TUNING_END:,} only")
    rows = []
    for spec in a.weights:
        weights = dict(TUNED) if spec == "tuned" else json.loads(spec)
        worlds = int(weights.pop("worlds", FEED_WORLDS if spec == "tuned" else 0))
        start = time.process_time()
        scores = [deal_score(weights, worlds, d, a.peek) for d in range(a.first_deal, a.first_deal + a.deals)]
        mean, half = statistics.fmean(scores), 1.96 * statistics.stdev(scores) / math.sqrt(len(scores))
        rows.append({"weights": spec, "peek": a.peek, "deals": len(scores), "first_deal": a.first_deal, "score": mean,
                     "half_width": half, "cpu_s": time.process_time() - start, "per_deal": scores})
        print(f"{spec:50s} {100 * mean:6.2f} ± {100 * half:.2f}  ({rows[-1]['cpu_s']:.0f} s)", flush=True)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
