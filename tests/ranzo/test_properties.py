"""Hypothesis properties over random games, and the conformance kit on every variant."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.events import Event
from naipes.ranzo import (
    ClaimResolved,
    ClaimsRevealed,
    Game,
    Move,
    Pass,
    PointsPaid,
    RanzoCalled,
    Rules,
)
from naipes.testing import run_conformance
from ranzo.helpers import rules_strategy

RULES = rules_strategy(max_rounds=3)


def _cards(game: Game) -> Counter[object]:
    total: Counter[object] = Counter()
    for cards in game.zones().values():
        total.update(cards)
    return total


def _play(game: Game, seed: int, check: object) -> None:
    rng = random.Random(seed)
    while not game.is_over:
        for seat in game.to_act:
            if seat in game.to_act:
                moves = game.legal_moves(seat)
                game.play(moves[rng.randrange(len(moves))], seat)
                check()  # type: ignore[operator]


@settings(deadline=None, max_examples=60, derandomize=True)
@given(RULES, st.integers(0, 2**31 - 1))
def test_cards_are_conserved(rules: Rules, seed: int) -> None:
    game = Game(rules, seed=seed)
    start = _cards(game)
    assert sum(start.values()) == rules.deck

    def check() -> None:
        assert _cards(game) == start

    _play(game, seed, check)


@settings(deadline=None, max_examples=60, derandomize=True)
@given(RULES, st.integers(0, 2**31 - 1))
def test_balances_never_negative_and_change_only_by_payments(rules: Rules, seed: int) -> None:
    game = Game(rules, seed=seed)
    n = game.num_players
    seen: list[Event] = []
    game.events.subscribe(Event, seen.append)
    before = list(game.scores)

    def check() -> None:
        nonlocal before
        now = list(game.scores)
        assert min(now) >= 0 and sum(now) == n * rules.starting_points
        calls = [e for e in seen if isinstance(e, RanzoCalled)]
        pays = [e for e in seen if isinstance(e, PointsPaid)]
        if not pays:
            assert now == before
        else:
            (call,), (paid,) = calls, pays
            expected = list(before)
            culprits = [c for c, _, _ in paid.payments]
            if call.from_claim:
                assert len(culprits) == 1
            else:
                assert culprits == [(call.seat + i) % n for i in range(1, n)]
            share, extra = divmod(call.value, len(culprits))
            for i, (culprit, owed, amount) in enumerate(paid.payments):
                assert owed == share + (i < extra)
                assert amount == min(owed, before[culprit])
                expected[culprit] -= amount
                expected[call.seat] += amount
            assert now == expected == list(paid.totals)
        seen.clear()
        before = now

    _play(game, seed, check)


def _priority(rules: Rules, discarder: int, n: int, seat: int, move: Move) -> tuple[int, ...]:
    dist = (seat - discarder) % n
    text = str(move)
    if not rules.envido_beats_truco:
        return (dist,)
    if text.startswith("envido"):
        return (0, dist)
    number = int(text.split()[1][:-1])
    return (1, -number, dist)


@settings(deadline=None, max_examples=60, derandomize=True)
@given(RULES, st.integers(0, 2**31 - 1))
def test_no_claim_resolved_for_a_lower_priority_claimant(rules: Rules, seed: int) -> None:
    game = Game(rules, seed=seed)
    seen: list[Event] = []
    game.events.subscribe(Event, seen.append)
    windows = 0

    def check() -> None:
        nonlocal windows
        revealed = [e for e in seen if isinstance(e, ClaimsRevealed)]
        resolved = [e for e in seen if isinstance(e, ClaimResolved)]
        assert len(revealed) == len(resolved)
        for rev, res in zip(revealed, resolved):
            windows += 1
            claims = [(s, m) for s, m in rev.answers if not isinstance(m, Pass)]
            assert (res.winner is None) == (not claims)
            if claims:
                best = min(claims, key=lambda c: _priority(rules, rev.discarder, game.num_players, *c))
                assert (res.winner, res.claim) == best
            assert res.shown == tuple((s, m.card) for s, m in claims if str(m).startswith("truco"))
        seen.clear()

    _play(game, seed, check)
    assert windows > 0


@pytest.mark.parametrize("rules", [
    Rules(),
    Rules(players=3, rounds=2),
    Rules(deck=40, envido_beats_truco=False, after_steal_next="after_stealer", rounds=2),
    Rules(teams=True, starting_points=3, rounds=2),
], ids=["default", "three", "forty-variants", "teams"])
def test_conformance_kit(rules: Rules) -> None:
    run_conformance(lambda seed: Game(rules, seed=seed), examples=4, max_decisions=rules.max_decisions,
                    every=9)


def test_conformance_kit_from_a_position() -> None:
    from ranzo.helpers import position

    def make(seed: int) -> Game:
        return position(Rules(rounds=2), hands={0: "1o 2o 3o 4c 4e 9b"}, turn=0, seed=seed, fill_stock=10)

    run_conformance(make, examples=3, max_decisions=Rules().max_decisions, every=2)
