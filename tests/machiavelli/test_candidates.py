"""Candidate plays: table rearrangements as action ids (issue 44)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.cards import Card
from naipes.machiavelli import ActionSpace, Game, Move, Play, Rules
from naipes.machiavelli import _candidate_pieces as pieces
from naipes.machiavelli import candidates as cands
from naipes.machiavelli.actions import CANDIDATE_WIDTH, OBSERVATION_VERSION
from naipes.machiavelli.candidates import CANDIDATES, layout_key, play_key
from naipes.machiavelli.melds import parse_table

from .helpers import position

ISSUE = "play 8S 8D: [5H 6H 7H] [8H 8S 8D]"


def test_the_issue_rearrangement_is_an_action() -> None:
    """8S 8D in hand, [5H 6H 7H 8H] on the table: the split is an id whose move makes that layout."""
    game = position(["8S 8D 2C", "KD"], "[5H 6H 7H 8H]")
    rearrangement = Move.parse(ISSUE)
    assert game.is_legal(rearrangement)
    space = ActionSpace(game.rules)
    view = game.view(0)
    i = space.index(rearrangement, view)
    assert i in space.legal_ids(view) and space.mask(view)[i]
    move = space.move(i, view)
    assert str(move) == "play 8S 8D: [5H 6H 7H] [8S 8H 8D]"  # its group in canonical order
    assert play_key(view.table, move) == play_key(view.table, rearrangement)  # the same layout (MV-05)
    tracker = space.tracker(game, 0)
    assert tracker.legal_ids() == space.legal_ids(view) and tracker.move(i) == move
    game.play(move)
    assert game.hands[0] == tuple(Card.parse_many("2C")) and str(game.table[1]) == "[8S 8H 8D]"


def test_features_of_a_slot() -> None:
    game = position(["8S 8D 2C", "KD"], "[5H 6H 7H 8H]")
    space = ActionSpace(game.rules)
    view = game.view(0)
    code = space.encode(view)
    block = code[space.slice("candidates")][:CANDIDATE_WIDTH]
    # present, 2 cards / 13, 16 points / 100, 1 meld changed / 3, 1 meld more / 3, 1 card left / 104,
    # not out, no joker taken, not proven best, ranks (8), suits (spades, diamonds)
    assert block[:9] == (1.0, 2 / 13, 0.16, 1 / 3, 1 / 3, 1 / 104, 0.0, 0.0, 0.0)
    assert [r + 1 for r in range(13) if block[9 + r]] == [8] and block[22:26] == (1.0, 0.0, 1.0, 0.0)
    assert code[space.slice("candidates")][CANDIDATE_WIDTH:] == (0.0,) * (CANDIDATE_WIDTH * (CANDIDATES - 1))
    assert OBSERVATION_VERSION == 2 == space.observation_version


def test_kinds_of_candidates() -> None:
    rules = Rules(players=2, jokers=2)
    game = position(["5S JC JH 8H 9H 10H 6D 5H 2C 10D", "KS"],
                    "[3S 4S 5S 6S 7S 8S] [JH JD JC JS] [JK=5H 6H 7H] [9D 10D JD QD KD]", rules=rules)
    view = game.view(0)
    found = ActionSpace(rules).candidates(view)
    sources = [c.source for c in found]
    assert sources[0] == "most_cards" and {"hand_meld", "split", "steal", "swap"} <= set(sources)
    assert found[0].played == max(c.played for c in found)
    swap = next(c for c in found if c.source == "swap")
    assert swap.taken == 1 and str(swap.play).startswith("play 5H: [3S")
    for c in found:
        assert game.is_legal(c.play), c
        assert c.left == len(view.hand) - c.played + c.taken and c.changed == len(c.key[0])
    assert len({c.key for c in found}) == len(found)


def test_before_the_opening_hand_melds_only() -> None:
    rules = Rules(players=2, initial_meld_min=36)
    game = position(["8S 8D 8C 8H 2C 3C 4C 5C", "KD"], "[5H 6H 7H 8H]", rules=rules)
    found = ActionSpace(rules).candidates(game.view(0))
    # the hand melds together (worth 46); each alone is worth less than 36; the table is not touched
    assert [str(c.play) for c in found] == [
        "play 8S 8H 8D 8C 2C 3C 4C 5C: [5H 6H 7H 8H] [8S 8H 8D 8C] [2C 3C 4C 5C]"]


def test_the_slots_of_other_seats_and_the_end_are_empty() -> None:
    game = position(["8S 8D 2C", "KD"], "[5H 6H 7H 8H]")
    space = ActionSpace(game.rules)
    assert space.candidates(game.view(1)) == () and max(space.legal_ids(game.view(0))) == space.candidate_start
    assert not any(space.encode(game.view(1))[space.slice("candidates")])


def test_a_position_is_computed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mask, the encoding and move(id) at one position (views or a tracker) share one computation."""
    game = position(["8S 8D 7H 2C", "KD"], "[5H 6H 7H 8H] [9S 10S JS QS]")
    calls: list[Any] = []
    compute = cands._compute

    def counted(*args: Any) -> Any:
        calls.append(args)
        return compute(*args)

    monkeypatch.setattr(cands, "_compute", counted)
    cands._CACHE.clear()
    space = ActionSpace(game.rules)
    ids = space.legal_ids(game.view(0))
    space.mask(game.view(0))
    space.encode(game.view(0))
    space.move(ids[-1], game.view(0))
    tracker = space.tracker(game, 0)
    tracker.legal_ids()
    tracker.encode()
    tracker.move(ids[-1])
    assert len(calls) == 1


def test_candidates_do_not_depend_on_history_or_memo() -> None:
    """The same position always gives the same candidates (no clock, no state kept between calls)."""
    rng = random.Random(4)
    rules = Rules(players=3, jokers=2, mode="single_deal")
    space = ActionSpace(rules)
    game = Game(rules, seed=9)
    for _ in range(60):
        if game.is_over:
            break
        view = game.view(game.current_player)
        first = [(str(c.play), c.source) for c in space.candidates(view)]
        for memo in (cands._CACHE, pieces._ENTRIES, pieces._BY_VALUE, pieces._TABLES, pieces._STEALS,
                     cands._VERDICTS, cands._KEYS):
            memo.clear()
        again = Game.from_dict(game.to_dict()).view(view.seat)
        assert [(str(c.play), c.source) for c in space.candidates(again)] == first
        ids = space.legal_ids(view)
        game.play(space.move(rng.choice(ids), view))


def test_the_solver_slot() -> None:
    rules = Rules(players=2)
    game = position(["7H 7D JS 2C", "KD"], "[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]", rules=rules)
    view = game.view(0)
    space = ActionSpace(rules, solver_nodes=20_000)
    first = space.candidates(view)[0]
    assert first.source == "solver" and first.optimal and first.played == 3
    assert str(first.play) == "play 7H 7D JS: [4S 5S 6S] [8S 9S 10S JS] [7S 7H 7D] [JH JD JC]"
    assert game.is_legal(space.move(space.candidate_start, view))
    assert [c.key for c in space.candidates(view)].count(first.key) == 1  # once, in slot 0


def test_layout_keys() -> None:
    table = parse_table("[5H 6H 7H 8H]")
    split = Move.parse(ISSUE)
    assert isinstance(split, Play)
    assert play_key(table, split) == layout_key(table[:1], parse_table("[5H 6H 7H] [8S 8H 8D]"))
    both = parse_table("[5H 6H 7H 8H] [9S 10S JS]")
    assert play_key(both, Play(both[::-1], ())) == ((), ())  # the order of melds is no change


def test_bad_space_arguments() -> None:
    from naipes import UsageError

    for bad in ({"candidates": -1}, {"candidates": CANDIDATES + 1}, {"candidates": True}, {"solver_nodes": -1},
                {"solver_nodes": 1.5}):
        with pytest.raises(UsageError) as info:
            ActionSpace(Rules(), **bad)  # type: ignore[arg-type]
        assert info.value.code == "out_of_range"
    small = ActionSpace(Rules(), candidates=0)
    assert small.size == small.candidate_start and "candidates" not in dict(
        (name, length) for name, _, length in small.observation_spec if length)


# -- random agents over the mask ------------------------------------------------------------------
def random_agents(rules: Rules, seed: int, decisions: int = 300) -> tuple[int, bool]:
    """Seats choose uniformly among their mask (trackers), every move is played; the trackers'
    ids and observations are checked against the views' now and then. Returns the candidate
    moves played and whether the game ended."""
    np = pytest.importorskip("numpy")
    space = ActionSpace(rules)
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    trackers = [space.tracker(game, s, np.zeros(space.observation_size, np.float32)) for s in range(rules.players)]
    mask = np.zeros(space.size, np.int8)
    played = 0
    for step in range(decisions):
        if game.is_over:
            break
        seat = min(game.to_act)
        tracker = trackers[seat]
        legal = np.flatnonzero(tracker.mask(mask))
        i = int(legal[rng.randrange(len(legal))])
        if step % 7 == 0:
            view = game.view(seat)
            assert tracker.legal_ids() == space.legal_ids(view)
            assert tuple(float(x) for x in tracker.encode()) == tuple(np.float32(space.encode(view)))
            assert tracker.move(i) == space.move(i, view) or play_key(view.table, tracker.move(i)) == play_key(
                view.table, space.move(i, view))
        move = tracker.move(i)
        assert game.is_legal(move, seat)
        game.play(move, seat)  # raises on an illegal move
        played += i >= space.candidate_start
    return played, game.is_over


@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 5), jokers=st.sampled_from([0, 2, 4]))
@settings(deadline=None, max_examples=12, derandomize=True, database=None)
def test_random_agents_over_the_mask(seed: int, players: int, jokers: int) -> None:
    random_agents(Rules(players=players, jokers=jokers, mode="single_deal"), seed, decisions=150)


@pytest.mark.parametrize("players,jokers,seed", [(2, 0, 1), (3, 2, 2), (4, 4, 3), (5, 0, 4), (2, 4, 5),
                                                 (4, 2, 6)])
def test_random_agents_play_whole_games(players: int, jokers: int, seed: int) -> None:
    rules = Rules(players=players, jokers=jokers, mode="single_deal",
                  min_natural_per_combination=1 if seed == 5 else 2)
    played, over = random_agents(rules, seed, decisions=5_000)
    assert over and played > 0  # to the end, candidates played


def test_random_agents_with_the_opening_minimum() -> None:
    assert random_agents(Rules(players=3, jokers=2, initial_meld_min=36, mode="single_deal"), 8, 5_000)[1]



def test_the_search_bots_see_the_candidates() -> None:
    """The plugin's root candidates: the solver's play first, then every candidate layout, each once."""
    from naipes.machiavelli._search import BudgetedSolver
    from naipes.plugin import plugin

    rules = Rules(players=2, jokers=2)
    game = position(["5S JC JH 8H 9H 10H 6D 5H 2C 10D", "KS"],
                    "[3S 4S 5S 6S 7S 8S] [JH JD JC JS] [JK=5H 6H 7H] [9D 10D JD QD KD]", rules=rules)
    view = game.view(0)
    proposed = plugin("machiavelli").root_candidates(view)
    keys = [play_key(view.table, m) for m in proposed if isinstance(m, Play)]
    assert proposed[0] == BudgetedSolver().choose(view) and len(set(keys)) == len(keys) == len(proposed)
    assert {c.key for c in ActionSpace(rules).candidates(view)} <= set(keys)
    assert all(game.is_legal(m) for m in proposed)
