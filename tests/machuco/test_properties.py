"""Hypothesis properties of Machuco: scores never decrease within a chico, cards are conserved,
the table never holds two cards of one number; and the conformance kit over the variants."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.events import Event
from naipes.machuco import ChicoEnded, Game, HandStarted, Rules
from naipes.testing import run_conformance

RULES = st.builds(
    Rules,
    players=st.sampled_from([2, 4]),
    turnup_match_points=st.sampled_from(["one", "position"]),
    envio_enabled=st.booleans(),
    envio_limit=st.integers(2, 7),
    contested_cante_resolution=st.sampled_from(["end_of_deal", "end_of_hand"]),
    compulsory_capture=st.booleans(),
    majo_chain_scoring=st.sampled_from(["cumulative", "last_only"]),
    limpia_on_last_play=st.booleans(),
    win_check=st.sampled_from(["immediate", "end_of_hand"]),
    scope=st.sampled_from(["hand", "chico", "partido"]),
)


def _rules(rules: Rules, solo: bool) -> Rules:
    import attrs

    return attrs.evolve(rules, teams=False) if solo and rules.players == 4 else rules


@settings(deadline=None, max_examples=40, derandomize=True)
@given(RULES, st.booleans(), st.integers(0, 2**31 - 1))
def test_invariants_under_random_play(rules: Rules, solo: bool, seed: int) -> None:
    rules = _rules(rules, solo)
    game = Game(rules, seed=seed)
    resets: list[Event] = []
    game.events.subscribe(ChicoEnded, resets.append)
    game.events.subscribe(HandStarted, lambda e: None)
    rng = random.Random(seed)
    last = game.scores
    chicos_seen = 0
    while not game.is_over:
        zones = game.zones()
        everything = [c for z in zones.values() for c in z]
        assert len(everything) == 40 and len(set(everything)) == 40  # cards conserved
        ranks = [c.rank for c in zones["table"]]
        assert len(ranks) == len(set(ranks))  # MC-14
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
        if len(resets) == chicos_seen:
            assert all(a >= b for a, b in zip(game.scores, last)), "a score went down within a chico"
        chicos_seen = len(resets)
        last = game.scores
    assert game.result is not None


@settings(deadline=None, max_examples=15, derandomize=True)
@given(RULES, st.booleans(), st.integers(0, 2**31 - 1))
def test_state_dict_and_clone_round_trip(rules: Rules, solo: bool, seed: int) -> None:
    rules = _rules(rules, solo)
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(80)):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    again = Game.from_dict(game.to_dict())
    assert again.to_dict() == game.to_dict()
    twin = game.clone()
    while not twin.is_over:
        move = rng.choice(twin.legal_moves())
        twin.play(move)
        again.play(move)
    assert twin.to_dict() == again.to_dict()


def test_conformance_default_rules() -> None:
    run_conformance(lambda seed: Game(Rules(scope="chico"), seed=seed), examples=3, every=3)


def test_conformance_two_players_variants() -> None:
    rules = Rules(players=2, scope="chico", compulsory_capture=True, majo_chain_scoring="last_only",
                  contested_cante_resolution="end_of_hand", win_check="end_of_hand")
    run_conformance(lambda seed: Game(rules, seed=seed), examples=3, every=3)


def test_conformance_four_individuals() -> None:
    run_conformance(lambda seed: Game(Rules(teams=False, scope="chico"), seed=seed), examples=3, every=3)


def test_conformance_whole_match() -> None:
    run_conformance(lambda seed: Game(Rules(players=2), seed=seed), examples=1, every=11)
