"""Hypothesis properties of Macarra and the conformance kit."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.events import Event
from naipes.macarra import (
    AceDrawn,
    Game,
    InfractionCommitted,
    MacarrasGiven,
    MacarrasReturned,
    Reason,
    Rules,
)
from naipes.macarra._tables import code, tables
from naipes.testing import run_conformance

rules_st = st.builds(
    Rules,
    players=st.integers(2, 8),
    deck=st.sampled_from([40, 48]),
    decks=st.sampled_from([None, 1, 2]),
)


def _in_play(game: Game) -> Counter[object]:
    return Counter(c for z in game.zones().values() for c in z)


def _foundations(game: Game) -> list[tuple[object, ...]]:
    z = game.zones()
    return [z[k] for k in sorted((k for k in z if k.startswith("foundation")), key=lambda k: int(k[10:]))]


@settings(deadline=None, max_examples=25, derandomize=True)
@given(rules=rules_st, seed=st.integers(0, 2**31 - 1))
def test_cards_conserved_and_foundations_only_grow_in_suit_order(rules: Rules, seed: int) -> None:
    game = Game(rules, seed=seed)
    players = random.Random(seed)
    start = _in_play(game)
    t = tables(rules.deck)
    before = _foundations(game)
    while not game.is_over:
        for seat in game.to_act:
            moves = game.legal_moves(seat)
            game.play(moves[players.randrange(len(moves))], seat)
        assert _in_play(game) == start
        now = _foundations(game)
        assert len(now) >= len(before)
        for old, new in zip(before, now):
            assert new[:len(old)] == old and len(new) - len(old) <= 1  # only grows, by one card a move
        for f in now:
            assert [code(c) for c in f] == t.run_to(code(f[-1]))  # ace up, in suit, in rank order
        before = now


@settings(deadline=None, max_examples=30, derandomize=True)
@given(rules=rules_st, seed=st.integers(0, 2**31 - 1))
def test_forbid_games_end_before_the_cap_and_ledger_only_from_aces_and_punishment(rules: Rules, seed: int) -> None:
    from attrs import evolve
    rules = evolve(rules, infractions="forbid")
    game = Game(rules, seed=seed)
    seen: list[Event] = []
    game.events.subscribe(Event, seen.append)
    players = random.Random(seed)
    while not game.is_over:
        for seat in game.to_act:
            moves = game.legal_moves(seat)
            game.play(moves[players.randrange(len(moves))], seat)
    result = game.result
    assert result is not None and not result.capped and game.turns < rules.max_turns
    assert not any(isinstance(e, InfractionCommitted) for e in seen)
    reasons = {e.reason for e in seen if isinstance(e, MacarrasGiven)}
    assert reasons <= {Reason.ACE, Reason.PUNISHMENT}
    # the ledger is exactly the aces drawn plus the bids less what was returned
    n = rules.players
    expected = [[0] * n for _ in range(n)]
    for e in seen:
        if isinstance(e, MacarrasGiven):
            expected[e.giver][e.receiver] += e.count
        elif isinstance(e, MacarrasReturned):
            expected[e.giver][e.receiver] += e.count
    assert tuple(map(tuple, expected)) == result.ledger
    aces = Counter(e.seat for e in seen if isinstance(e, AceDrawn))
    for s in range(n):
        if s != result.loser:
            assert sum(result.ledger[s]) == aces[s] * (n - 1) + (result.bids[s] or 0)


def test_conformance_default_rules_with_the_turn_cap_as_declared_maximum() -> None:
    rules = Rules()
    run_conformance(lambda seed: Game(rules, seed=seed), examples=4, max_decisions=rules.max_decisions, every=6)
    # random games stay far below even the bare turn count of the cap
    run_conformance(lambda seed: Game(rules, seed=seed), examples=2, max_decisions=rules.max_turns, every=25)


def test_conformance_variants() -> None:
    for rules, every in ((Rules(players=2, max_turns=15), 2),         # the cap is reached and exercised
                         (Rules(players=3, deck=48, infractions="forbid"), 5),
                         (Rules(players=6, final_punishment=False, ace_macarra=False), 9)):
        run_conformance(lambda seed: Game(rules, seed=seed), examples=2,
                        max_decisions=rules.max_decisions, every=every)
