#!/usr/bin/env python3
"""How well Ranzo's readiness estimates predict that a discard hands another seat its Ranzo.

``strong``'s policy (``naipes.ranzo._policy.Policy`` with ``strong``'s weights and ``infer=1``)
plays seats 0 and 2, then 1 and 3, against RanzoBot on each deal seed (as
``benchmarks/ranzo_policy.py``). At each of its turn discards, for each other seat and each
card it could discard, the row holds two estimates of the chance that the seat's concealed hand
and the card split into juegos (a claim Ranzo on it), both over ``--samples`` draws of the
seat's hidden cards among the cards the policy has not seen (the draws that could have called
Ranzo with a turn discard the seat let go by left out, as ``passes=1``):

- ``uniform``: the share of the draws (``feed``'s uniform worlds, seat by seat);
- ``inferred``: the draws weighed by the likelihood of the seat's decisions since its last
  turn discard under RanzoBot's values (``naipes.ranzo._readiness``, ``tau=2``);

and the truth, read from the seat's true hand. The log loss of each (and of the base rate) is
printed; with numpy, a logistic model over the two estimates' logits and public features
(decisions weighed, stock left, the seat's hand size and open juegos) is fitted on the even
deals and scored on the odd ones (a learned readiness: labels from play, no search).

    python benchmarks/ranzo_readiness.py --first-deal 46000 --deals 600 --json rows.json

Deal seeds below 100,000 only (the held-out seeds start at 1,000,000).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from typing import Any, Sequence

import naipes
from naipes.ranzo import Game, RanzoBot, Rules
from naipes.ranzo._infer import Item
from naipes.ranzo._policy import TUNED, Policy
from naipes.ranzo._readiness import decision_values, drawn_hands, exact_items, likelihood
from naipes.ranzo._tables import Tables
from naipes.ranzo.bots import _bits
from naipes.ranzo.moves import Discard
from naipes.ranzo.view import View

TUNING_END = 100_000
#: Row fields, in order.
FIELDS = ("deal", "stock", "decided", "hand_size", "opens", "uniform", "inferred", "fed")


def estimates(t: Tables, view: View, bits: Sequence[int], items: Sequence[Item], passed: int, live: int,
              seat: int, rng: random.Random, samples: int) -> tuple[dict[int, float], dict[int, float]]:
    """``seat``'s uniform and inferred chance of splitting with each card of ``bits``."""
    deck = t.deck_mask(view.cards)
    pool, gone, decided = _bits(live), _bits(passed), exact_items(items)
    known = t.mask(view.known_by_seat[seat])
    hidden = view.hand_sizes[seat] - len(view.known_by_seat[seat])
    count = mass = 0.0
    ready_u, ready_i = dict.fromkeys(bits, 0.0), dict.fromkeys(bits, 0.0)
    for hand in drawn_hands(t.can_split, known, pool, hidden, gone, rng, samples):
        weight = math.prod(likelihood(decision_values(t, view, item, hand, deck), 2.0) for item in decided)
        count, mass = count + 1, mass + weight
        for b in bits:
            if t.can_split(hand | b):
                ready_u[b] += 1
                ready_i[b] += weight
    return ({b: v / count if count else 0.0 for b, v in ready_u.items()},
            {b: v / mass if mass else 0.0 for b, v in ready_i.items()})


class Recorder(Policy):
    """``strong``'s policy that records the rows at each of its turn discards."""

    __slots__ = ("game", "deal_seed", "rows", "samples")

    def _fed(self, view: View, t: Tables, discards: list[Discard], live: int) -> dict[int, float]:
        bits = [t.bit[m.card] for m in discards]
        passed = self._passed(view)
        rng = random.Random(self.deal_seed * 1000 + len(self.rows))
        for s in range(view.players):
            if s == view.seat:
                continue
            items = self._history.items(s)
            uniform, inferred = estimates(t, view, bits, items, passed[s], live, s, rng, self.samples)
            true = t.mask(self.game.hands[s])
            for b in bits:
                self.rows.append((self.deal_seed, view.stock_size, len(exact_items(items)), view.hand_sizes[s],
                                  len(view.open_juegos[s]), uniform[b], inferred[b], int(t.can_split(true | b))))
        return super()._fed(view, t, discards, live)


def collect(first: int, deals: int, samples: int) -> list[tuple[float, ...]]:
    """The rows of deals ``first`` to ``first + deals - 1``, both seatings."""
    rows: list[tuple[float, ...]] = []
    for deal in range(first, first + deals):
        for rotation in (0, 1):
            game = Game(Rules(rounds=1), seed=deal)
            bots: list[Any] = []
            for s in range(4):
                seed = deal * 100 + rotation * 10 + s
                if s % 2 == rotation:
                    bot = Recorder(seed, {**TUNED, "infer": 1, "tau": 2}, worlds=samples)
                    bot.game, bot.deal_seed, bot.rows, bot.samples = game, deal, rows, samples
                    bots.append(bot)
                else:
                    bots.append(RanzoBot(seed=seed))
            naipes.play_game(game, bots)
    return rows


def log_loss(ps: Sequence[float], ys: Sequence[float]) -> float:
    """Mean log loss of chances ``ps`` (clipped to 1e-4 .. 1 - 1e-4) for outcomes ``ys``."""
    total = 0.0
    for p, y in zip(ps, ys):
        p = min(1 - 1e-4, max(1e-4, p))
        total -= math.log(p) if y else math.log(1 - p)
    return total / len(ys)


def fit_logistic(rows: list[tuple[float, ...]]) -> dict[str, float]:
    """Fit on the even deals, score on the odd ones (numpy; Newton steps, a small L2)."""
    import numpy as np

    a = np.array(rows, dtype=float)
    deal, stock, decided, size, opens, uni, inf, fed = a.T

    def logit(p: Any) -> Any:
        p = np.clip(p, 1e-3, 1 - 1e-3)
        return np.log(p / (1 - p))

    x = np.stack([np.ones(len(a)), logit(uni), logit(inf), uni == 0, inf == 0, np.minimum(decided, 6) / 6,
                  stock / 28, size == 2, opens], axis=1).astype(float)
    train, test = deal % 2 == 0, deal % 2 == 1
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x[train] @ w))
        grad = x[train].T @ (p - fed[train]) / train.sum() + 1e-3 * w
        hess = (x[train] * (p * (1 - p))[:, None]).T @ x[train] / train.sum() + 1e-3 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    p = 1 / (1 + np.exp(-x[test] @ w))
    ys = fed[test].tolist()
    return {"test_rows": int(test.sum()), "uniform": log_loss(uni[test].tolist(), ys),
            "inferred": log_loss(inf[test].tolist(), ys), "base_rate": log_loss([fed[train].mean()] * len(ys), ys),
            "logistic": log_loss(p.tolist(), ys), "weights": [round(float(v), 4) for v in w]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--first-deal", type=int, default=46000)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--samples", type=int, default=100, help="draws of each seat's hidden cards")
    parser.add_argument("--json", help="write the rows and the losses here")
    a = parser.parse_args()
    if a.first_deal + a.deals > TUNING_END:
        parser.error(f"deal seeds below {TUNING_END:,} only")
    rows = collect(a.first_deal, a.deals, a.samples)
    ys = [r[-1] for r in rows]
    rate = sum(ys) / len(ys)
    losses: dict[str, Any] = {"rows": len(rows), "fed_share": rate, "base_rate": log_loss([rate] * len(ys), ys),
                              "uniform": log_loss([r[5] for r in rows], ys),
                              "inferred": log_loss([r[6] for r in rows], ys)}
    try:
        losses["held_out_half"] = fit_logistic(rows)
    except ImportError:
        print("numpy is missing: no logistic fit", file=sys.stderr)
    print(json.dumps(losses, indent=1))
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump({"fields": FIELDS, "losses": losses, "rows": rows}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
