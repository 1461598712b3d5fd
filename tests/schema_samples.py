"""Everything the library writes, from many kinds of games: the samples of the schema tests.

Games of the four bundled games built every way the library builds them (a
seed, ``rng=``, a system generator, ``from_position``, ``view.sample()``),
over several rule variants, played at random to their end; for each, its
``to_dict()`` along the way, its ``record()``, its views, events and moves.
All as JSON text read back (what a client sees).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import naipes
from naipes._cli_games import GameKit
from naipes.events import EventLog

GAMES = ("machuco", "macarra", "ranzo", "machiavelli")

#: Rule variants per game (beyond the player counts), each a dict of Rules fields.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "machuco": [{}, {"envio_enabled": False, "scope": "deal"}, {"compulsory_capture": True, "win_check": "end_of_deal",
                                                                 "majo_chain_scoring": "simple"}],
    "macarra": [{}, {"deck": 48, "infractions": "ignore", "ace_macarra": False}, {"decks": 2, "final_punishment": False}],
    "ranzo": [{}, {"teams": True}, {"deck": 40, "starting_points": 10, "specials": ["real"]}],
    "machiavelli": [{}, {"jokers": 2, "initial_meld_min": 30}, {"mode": "single_deal", "penalty_cards": 3}],
}


def as_json(data: Any) -> Any:
    """``data`` through JSON text and back."""
    return json.loads(json.dumps(data))


class Sample:
    """What one game wrote: states, a record (or ``None``), views, events, moves."""

    def __init__(self, name: str, how: str) -> None:
        self.name, self.how = name, how
        self.states: list[Any] = []
        self.records: list[Any] = []
        self.views: list[Any] = []
        self.events: list[Any] = []
        self.moves: list[str] = []


def _rules(kit: GameKit, players: int, variant: dict[str, Any]) -> Any:
    try:
        return kit.rules(players, variant)
    except Exception:  # noqa: BLE001 - a variant that does not fit this player count: the defaults
        return kit.rules(players)


def _play(sample: Sample, game: Any, rng: random.Random, limit: int, every: int) -> None:
    """Play ``game`` at random to its end (or ``limit`` moves), writing down what it writes."""
    log = EventLog(game)
    sample.states.append(as_json(game.to_dict()))
    for step in range(limit):
        if game.is_over:
            break
        if step % every == 0:
            sample.states.append(as_json(game.to_dict()))
            sample.views.extend(as_json(game.view(s).to_dict()) for s in range(game.num_players))
        seat = game.to_act[rng.randrange(len(game.to_act))]
        move = rng.choice(game.legal_moves(seat))
        sample.moves.append(str(move))
        game.play(move, seat)
    sample.states.append(as_json(game.to_dict()))
    sample.views.extend(as_json(game.view(s).to_dict()) for s in range(game.num_players))
    for seat in (None, *range(game.num_players)):
        sample.events.extend(as_json(e.to_dict()) for _, e in log.since(seat, 0))
    log.close()
    if game.to_dict()["rng"] is not None and game.to_dict()["start"] is not None:  # else: no record
        sample.records.append(as_json(game.record()))
    for data in sample.states + sample.records:
        moves = data.get("history", data.get("moves", []))
        sample.moves.extend(m for _, m in moves)


def positions(name: str) -> list[Callable[[], Any]]:
    """Builders of games at explicit positions (``from_position``), each a fresh game."""
    kit = GameKit.find(name)
    game, rules = kit.module.Game, kit.module.Rules
    if name == "machuco":
        return [lambda: game.from_position(rules(players=2), hands=[["2e", "12c", "7o"], ["2b", "11c", "5o"]],
                                           table=["3o", "4c"], seed=5)]
    if name == "macarra":
        return [lambda: game.from_position(rules(players=2), stocks=["10c 3o 5e", "4b 7o"], piles=["7b", "12c"],
                                           seed=3)]
    if name == "ranzo":
        deck = [str(c) for c in naipes.spanish_deck(48)]
        hands = [deck[5 * s:5 * s + 5] for s in range(4)]
        return [lambda: game.from_position(rules(rounds=3), hands=hands, stock=deck[20:30], discards=deck[30:],
                                           dealer=2, turn=3, seed=5)]
    return [lambda: game.from_position(rules(players=2), hands=["7H 7D JS 2C", "KD 3S"],
                                       table="[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]", stock="KH 9C 2D", seed=8),
            lambda: game.from_position(rules(players=2), hands=["AS 2S 3S", "KD"], stock=(), seed=None)]


def samples(name: str, seeds: range, limit: int = 400, every: int = 9) -> Iterator[Sample]:
    """Games of ``name``, every way they are built, played at random (``seeds`` picks them)."""
    kit = GameKit.find(name)
    counts = kit.info.player_counts
    variants = VARIANTS[name]
    for seed in seeds:
        rng = random.Random(seed)
        rules = _rules(kit, counts[seed % len(counts)], variants[seed % len(variants)])
        how = ("seed", "rng", "system", "seed")[seed % 4]
        sample = Sample(name, how)
        if how == "rng":
            game = kit.module.Game(rules, rng=random.Random(seed))
        elif how == "system":
            game = kit.module.Game(rules, rng=random.SystemRandom())
        else:
            game = kit.module.Game(rules, seed=seed)
        _play(sample, game, rng, limit, every)
        yield sample
        yield from _sampled_worlds(kit, rules, seed, rng, limit, every)
    for i, build in enumerate(positions(name)):
        sample = Sample(name, "position")
        _play(sample, build(), random.Random(i), limit, every)
        yield sample


def _sampled_worlds(kit: GameKit, rules: Any, seed: int, rng: random.Random, limit: int,
                    every: int) -> Iterator[Sample]:
    """Worlds sampled from a view in the middle of a game and at its end, played on."""
    game = kit.module.Game(rules, seed=seed + 1000)
    for step in range(60):
        if game.is_over:
            break
        seat = game.to_act[0]
        game.play(rng.choice(game.legal_moves(seat)), seat)
        if step in (5, 59):
            sample = Sample(kit.info.name, "view.sample")
            _play(sample, game.view(seat).sample(random.Random(step)), rng, limit, every)
            yield sample
    while not game.is_over:
        seat = game.to_act[0]
        game.play(rng.choice(game.legal_moves(seat)), seat)
    sample = Sample(kit.info.name, "view.sample (finished)")
    try:
        world = game.view(0).sample(random.Random(seed))
    except Exception:  # noqa: BLE001 - a game whose views of finished games are not sampled
        return
    _play(sample, world, rng, limit, every)
    yield sample
