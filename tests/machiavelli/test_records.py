"""State dicts and records of version 3: plays as deltas, O(cards moved); version 2 still loads."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.errors import IllegalMoveError, InvalidStateError, NotationError
from naipes.game import Game as BaseGame
from naipes.machiavelli import Game, Play, Rules, parse_table
from naipes.machiavelli._records import DELTA_VERSION, decode_play, encode_play

DATA = Path(__file__).parent / "data" / "format2.json"


def played(rules: Rules, seed: int, steps: int, play_bias: float = 0.7) -> Game:
    """A game after ``steps`` random moves that prefer plays (so the tables grow)."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act[0]
        moves = game.legal_moves(seat)
        plays = [m for m in moves if isinstance(m, Play)]
        move = rng.choice(plays) if plays and rng.random() < play_bias else rng.choice(moves)
        if isinstance(move, Play) and rng.random() < 0.2:
            move = Play(move.table, move.cards)  # not the listed object: its melds are not the table's
        game.play(move, seat)
    return game


RULES = [Rules(), Rules(players=3, jokers=2), Rules(players=6, jokers=4, min_natural_per_combination=1),
         Rules(players=2, initial_meld_min=30)]


@pytest.mark.parametrize("rules", RULES, ids=["default", "jokers", "three_decks", "opening"])
@pytest.mark.parametrize("seed", [1, 2])
def test_dicts_and_records_round_trip(rules: Rules, seed: int) -> None:
    game = played(rules, seed, 300)
    data = game.to_dict()
    assert data["version"] == DELTA_VERSION
    json.dumps(data)
    loaded = Game.from_dict(data)
    assert loaded.history == game.history  # every play rebuilt with its whole table
    assert loaded.to_dict() == data
    replayed = Game.from_record(json.loads(json.dumps(game.record())))
    assert replayed.history == game.history and replayed.to_dict() == data


def test_the_envelope_keeps_the_base_keys() -> None:
    game = played(Rules(), 3, 40)
    mine, base = game.to_dict(), BaseGame.to_dict(game)
    assert set(mine) == set(base) and {k: v for k, v in mine.items() if k not in ("version", "history")} == {
        k: v for k, v in base.items() if k not in ("version", "history")}
    assert set(game.record()) == set(BaseGame.record(game))


def test_a_recorded_play_costs_the_cards_it_moved_not_the_table() -> None:
    filler = [f"[{lo} {mid} {hi}]".replace("X", suit)
              for _ in range(3) for suit in "HCD" for lo, mid, hi in
              (("AX", "2X", "3X"), ("4X", "5X", "6X"), ("7X", "8X", "9X"), ("10X", "JX", "QX"))
              if (suit, lo) != ("D", "10X")]
    sizes = {}
    for k in (1, 10, 33):
        table = " ".join(["[AS 2S 3S]"] + filler[:k] + ["[9S 10S JS]"])
        game = Game.from_position(Rules(players=2, decks=3, jokers=4), hands=["QS KS 4S", "KD"], table=table,
                                  stock="KH KH KC KC")
        game.play("draw", 0)
        game.play("draw", 1)
        game.play(next(m for m in game.legal_moves(0) if isinstance(m, Play) and str(m.cards[0]) == "QS"), 0)
        game.play("draw", 1)
        game.play(next(m for m in game.legal_moves(0) if isinstance(m, Play) and str(m.cards[0]) == "4S"), 0)
        history = game.to_dict()["history"]
        assert history[2][1] == "play QS: " + table.replace("JS]", "JS QS]")  # the first play: in full
        assert history[4][1] == f"play 4S: [AS 2S 3S 4S] #1-{k + 1}"  # then the melds it changed
        sizes[k] = [len(text) for _, text in history]
        assert Game.from_dict(game.to_dict()).history == game.history
        assert game.record()["moves"] == history
        assert Game.from_record(json.loads(json.dumps(game.record()))).to_dict() == game.to_dict()  # a position start
    assert sizes[1][4] + 1 == sizes[10][4] == sizes[33][4]  # only the digits of #1-N grow


def test_history_length_and_record_size_grow_linearly() -> None:
    game = played(Rules(players=2, jokers=2), 4, 3000, play_bias=0.9)
    plays = [(s, m) for s, m in game.history if isinstance(m, Play)]
    assert len(plays) > 60
    history = game.to_dict()["history"]
    base: tuple[Any, ...] = ()
    for (_, text), (_, move) in zip(history, game.history):
        if isinstance(move, Play):
            new = [m for m in move.table if m not in base]
            written = sum(len(str(m)) + 1 for m in new)
            assert len(text) <= 10 + 4 * len(move.cards) + written + 2 * 16, (text, move)
            base = move.table


def test_version_2_dicts_and_records_still_load() -> None:
    old = json.loads(DATA.read_text())
    state, record = old["state"], old["record"]
    assert state["version"] == 2 and record["version"] == 2
    game = Game.from_dict(state)
    assert [[s, str(m)] for s, m in game.history] == state["history"]
    again = Game.from_dict(game.to_dict())
    assert again.history == game.history and again.to_dict()["state"] == state["state"]
    assert Game.from_record(record).to_dict() == game.to_dict()
    for version in (1, 4, True, 3.0, None):
        with pytest.raises(InvalidStateError):
            Game.from_dict({**game.to_dict(), "version": version})


def test_broken_deltas_are_refused() -> None:
    game = played(Rules(), 5, 120)
    data = game.to_dict()
    at = next(i for i, (_, t) in enumerate(data["history"]) if "#" in t)
    for bad in ("play 7S: #99", "play 7S: #3-1", "play 7S: #0 junk", "play 7S #0", "play QQ: #0",
                "play 7S: #0-9999999", "play 7S: [7S JK 9S] #0", "play 7S: #" + "0" * 20_000):
        broken = copy.deepcopy(data)
        broken["history"][at][1] = bad
        with pytest.raises(InvalidStateError) as info:
            Game.from_dict(broken)
        assert info.value.code == "bad_field", bad
    record = game.record()
    record["moves"][at][1] = "play 7S: #99"
    with pytest.raises(IllegalMoveError):
        Game.from_record(record)
    with pytest.raises(NotationError):
        decode_play("play 7S: #0", ())


def test_deltas_name_melds_by_value_after_an_unlisted_play() -> None:
    before = parse_table("[4S 5S 6S] [8H 8D 8C] [2C 3C 4C]")
    after = Play.of("[2C 3C 4C] [4S 5S 6S 7S] [8H 8D 8C]", "7S")
    text = encode_play(after, before)
    assert text == "play 7S: #2 [4S 5S 6S 7S] #1"
    assert decode_play(text, before) == after


def test_the_remembered_encoding_follows_the_history() -> None:
    game = played(Rules(players=3, jokers=2), 6, 40)
    first = game.to_dict()
    twin = game.clone()
    rng = random.Random(6)
    for _ in range(40):
        if game.is_over:
            break
        seat = game.to_act[0]
        game.play(rng.choice(game.legal_moves(seat)), seat)
    later = game.to_dict()
    assert later["history"][:len(first["history"])] == first["history"]
    assert later == Game.from_dict(later).to_dict() == game.clone().to_dict()
    assert twin.to_dict() == first
    later["history"][0][1] = "changed"  # the dict is fresh: the game's memory is not touched
    assert game.to_dict()["history"][0][1] != "changed"


def test_a_version_label_matches_its_layout() -> None:
    """Deltas are version 3: a version-3 state or record relabelled 2 (or 1) is refused."""
    game = played(Rules(players=3), 7, 150)
    state, record = game.to_dict(), game.record()
    assert any("#" in t for _, t in state["history"])
    for version in (1, 2):
        if version == 2:
            with pytest.raises(InvalidStateError) as info:
                Game.from_dict({**state, "version": version})
            assert info.value.code == "bad_version"
        with pytest.raises(InvalidStateError) as info:
            Game.from_record({**record, "version": version})
        assert info.value.code == "bad_version"
    full = [[s, str(m)] for s, m in game.history]  # version 2's layout, every play in full
    assert Game.from_record({**record, "version": 2, "moves": full}).to_dict() == state
    assert Game.from_dict({**state, "version": 2, "history": full}).to_dict() == state
    assert Game.from_record({**record, "moves": full}).to_dict() == state  # version 3 reads both


def _moves(rng: random.Random, game: Game, steps: int, bias: float) -> list[tuple[int, Any]]:
    out = []
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act[0]
        moves = game.legal_moves(seat)
        plays = [m for m in moves if isinstance(m, Play)]
        move = rng.choice(plays) if plays and rng.random() < bias else rng.choice(moves)
        out.append((seat, move))
        game.play(move, seat)
    return out


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31 - 1), st.sampled_from(range(len(RULES))), st.integers(0, 120),
       st.integers(1, 150), st.floats(0.5, 1.0))
def test_one_canonical_text_per_move(seed: int, rules: int, first: int, then: int, bias: float) -> None:
    """to_dict() is the same whichever way the moves came in: listed objects, text, after a reload."""
    rng = random.Random(seed)
    game = Game(RULES[rules], seed=seed)
    moves = _moves(rng, game, first, bias)
    reloaded = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    later = _moves(rng, game, then, bias)
    for seat, move in later:
        reloaded.play(str(move), seat)
    as_text = Game(RULES[rules], seed=seed)
    for seat, move in moves + later:
        as_text.play(str(move), seat)
    assert game.to_dict() == reloaded.to_dict() == as_text.to_dict()
    assert game.record() == reloaded.record() == as_text.record()


def test_equal_melds_are_named_the_same_whatever_their_identity() -> None:
    """A listed play keeps the table's own meld objects, a parsed one has new ones: same text."""
    before = parse_table("[QS QH QD QC] [2C 3C 4C] [5H 6H 7H]")
    listed = Play._trusted(before[:1] + parse_table("[QS QH QD QC]") + before[2:], ())
    rebuilt = Play.of("[QS QH QD QC] [QS QH QD QC] [5H 6H 7H]", "")
    assert encode_play(listed, before) == encode_play(rebuilt, before) == "play : #0 [QS QH QD QC] #2"
