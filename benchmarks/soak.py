#!/usr/bin/env python3
"""Soak test: long random play of every registered game, checking invariants as it goes.

Not a unit test: a long run that looks for the rare break. Each game is played
across its player counts and a few rule variants, round robin, until it has
made ``--steps`` decisions. After every decision the cheap invariants are
checked; every ``--deep-every`` decisions (default 1,000) the deep ones:

- cheap: the cards in play are conserved (``zones()``), every seat in
  ``to_act`` has a legal move and no other seat has one, every change of
  ``scores`` was announced by a ``ScoresChanged`` event, a finished game has a
  result and one ``GameEnded``;
- deep: ``from_dict(to_dict())`` round-trips through JSON, a clone is
  independent, a refused move (a move of another seat, a garbage move) leaves
  the state unchanged.

Usage::

    python benchmarks/soak.py                       # 10**6 steps per game
    python benchmarks/soak.py --games ranzo --steps 200000 --seed 5
    python benchmarks/soak.py --smoke               # a few thousand steps per game (CI)
    python benchmarks/soak.py --json soak.json

The exit status is 1 when anything broke; each break is printed with the game,
rules, seed and step, so it can be replayed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from typing import Any, Iterator

import naipes
from naipes.errors import NaipesError
from naipes.events import GameEnded, ScoresChanged

#: Rule variants played besides the defaults (keyword arguments of each game's Rules).
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "machuco": [{"players": 2}, {"players": 4}, {"players": 2, "scope": "hand"},
                {"players": 4, "envio_enabled": False, "compulsory_capture": True},
                {"players": 2, "majo_chain_scoring": "last_only", "limpia_on_last_play": True}],
    "macarra": [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 6},
                {"players": 4, "deck": 48}, {"players": 3, "infractions": "forbid"}],
    "ranzo": [{"players": 3}, {"players": 4}, {"players": 4, "envido_beats_truco": False},
              {"players": 4, "after_steal_next": "after_stealer"}],
    "machiavelli": [{"players": 2}, {"players": 4}, {"players": 6}, {"players": 3, "jokers": 4},
                    {"players": 4, "mode": "single_deal"}, {"players": 2, "initial_meld_min": 30}],
}


class Break(Exception):
    """An invariant did not hold."""


def _cards(game: Any) -> Counter[Any]:
    total: Counter[Any] = Counter()
    for cards in game.zones().values():
        total.update(cards)
    return total


def _configs(info: naipes.GameInfo, module: Any) -> list[Any]:
    rules = []
    for kwargs in VARIANTS.get(info.name, [{}]):
        try:
            rules.append(module.Rules(**kwargs))
        except (NaipesError, TypeError) as exc:
            print(f"  {info.name}: variant {kwargs} skipped: {exc}", file=sys.stderr)
    return rules or [module.Rules()]


class Soak:
    """Plays one game's configurations round robin and counts what it saw."""

    def __init__(self, info: naipes.GameInfo, seed: int, deep_every: int) -> None:
        self.info = info
        self.module = info.load()
        self.configs = _configs(info, self.module)
        self.rng = random.Random(seed)
        self.deep_every = deep_every
        self.steps = self.games = self.deep = 0
        self.breaks: list[str] = []

    def run(self, steps: int) -> None:
        for rules in self._cycle():
            if self.steps >= steps or len(self.breaks) >= 10:
                return
            seed = self.rng.randrange(2**31)
            try:
                self._play(rules, seed, steps)
            except Break as exc:
                self.breaks.append(f"{self.info.name} {rules!r} seed={seed}: {exc}")
            except Exception as exc:  # noqa: BLE001 - a soak reports every crash
                self.breaks.append(f"{self.info.name} {rules!r} seed={seed} step={self.steps}: "
                                   f"crash {type(exc).__name__}: {exc}")

    def _cycle(self) -> Iterator[Any]:
        while True:
            yield from self.configs

    def _play(self, rules: Any, seed: int, budget: int) -> None:
        game = self.module.Game(rules, seed=seed)
        cards = _cards(game)
        announced = [game.scores]
        ended: list[GameEnded] = []
        game.events.subscribe(ScoresChanged, lambda e: announced.append(e.totals))
        game.events.subscribe(GameEnded, ended.append)
        players = random.Random(seed)
        while not game.is_over and self.steps < budget:
            seat = game.to_act[players.randrange(len(game.to_act))]
            moves = game.legal_moves(seat)
            if not moves:
                raise Break(f"step {self.steps}: seat {seat} is to act with no legal move")
            game.play(moves[players.randrange(len(moves))], seat)
            self.steps += 1
            self._cheap(game, cards, announced)
            if self.steps % self.deep_every == 0:
                self._deep(game, players)
        if game.is_over:
            self.games += 1
            if game.result is None or len(ended) != 1 or ended[0].result != game.result:
                raise Break("the game ended without one GameEnded carrying its result")

    def _cheap(self, game: Any, cards: Counter[Any], announced: list[Any]) -> None:
        if game.scores != announced[-1]:
            raise Break(f"step {self.steps}: scores {game.scores} changed unannounced")
        if _cards(game) != cards:
            raise Break(f"step {self.steps}: cards created or lost")
        acting = set(game.to_act)
        for seat in range(game.num_players):
            if (seat in acting) != bool(game.legal_moves(seat)):
                raise Break(f"step {self.steps}: to_act {sorted(acting)} and legal_moves of seat "
                            f"{seat} disagree")

    def _deep(self, game: Any, rng: random.Random) -> None:
        self.deep += 1
        before = game.to_dict()
        if type(game).from_dict(json.loads(json.dumps(before))).to_dict() != before:
            raise Break(f"step {self.steps}: from_dict(to_dict()) does not round-trip")
        twin = game.clone()
        if not twin.is_over:
            seat = twin.to_act[0]
            twin.play(twin.legal_moves(seat)[0], seat)
        if game.to_dict() != before:
            raise Break(f"step {self.steps}: playing on a clone changed the game")
        self._refusals(game, before, rng)

    def _refusals(self, game: Any, before: dict[str, Any], rng: random.Random) -> None:
        others = [s for s in range(game.num_players) if s not in game.to_act]
        tries: list[tuple[object, int | None]] = [(object(), None), ("\x00", None), (None, None)]
        if others and game.to_act:
            move = game.legal_moves(game.to_act[0])[0]
            tries.append((move, rng.choice(others)))
        for move, seat in tries:
            try:
                game.play(move, seat)
            except NaipesError:
                pass
            else:
                raise Break(f"step {self.steps}: play accepted {move!r} for seat {seat}")
            if game.to_dict() != before:
                raise Break(f"step {self.steps}: a refused move changed the game")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", help="comma-separated game names (default: every registered game)")
    parser.add_argument("--steps", type=int, default=10**6, help="decisions per game (default 10**6)")
    parser.add_argument("--deep-every", type=int, default=1000, help="deep checks every N decisions")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--smoke", action="store_true", help="3,000 steps per game, deep checks every 100")
    parser.add_argument("--json", help="also write the summary as JSON to this file")
    args = parser.parse_args(argv)
    if args.smoke:
        args.steps, args.deep_every = 3000, 100
    infos = [naipes.find_game(n) for n in args.games.split(",")] if args.games else list(naipes.games())
    rows = [_soak(info, args) for info in infos]
    _print(rows)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(rows, out, indent=1)
    for row in rows:
        for line in row["breaks"]:
            print("BREAK", line)
    return 1 if any(row["breaks"] for row in rows) else 0


def _soak(info: naipes.GameInfo, args: argparse.Namespace) -> dict[str, Any]:
    soak = Soak(info, args.seed, args.deep_every)
    start = time.process_time()
    soak.run(args.steps)
    return {"game": info.name, "configs": len(soak.configs), "steps": soak.steps, "games": soak.games,
            "deep_checks": soak.deep, "breaks": soak.breaks, "cpu_s": round(time.process_time() - start, 1)}


def _print(rows: list[dict[str, Any]]) -> None:
    print(f"{'game':<12} {'configs':>7} {'steps':>10} {'games':>7} {'deep checks':>11} {'breaks':>6} {'cpu s':>7}")
    for r in rows:
        print(f"{r['game']:<12} {r['configs']:>7} {r['steps']:>10} {r['games']:>7} {r['deep_checks']:>11} "
              f"{len(r['breaks']):>6} {r['cpu_s']:>7}")


if __name__ == "__main__":
    sys.exit(main())
