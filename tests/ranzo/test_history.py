"""Ranzo's ``from_dict`` refuses a history that does not lead to the state (issue 21).

The history is replayed from the state's start: a move naming another card, a
window answer that is no answer, a discard pile or ``last_window`` that the
history does not leave are refused; a move in another accepted spelling is the
same move and is written back canonically. What loads is a legal game from its
start that ends in the state (a losing truco may name another card the seat held
that beat the discard: the state cannot tell, and its record replays to it).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naipes.errors import InvalidStateError
from naipes.ranzo import Game, Phase, Rules
from naipes.ranzo.moves import Discard, Envido, Move, Pass, Truco


def _played(seed: int, steps: int, rules: Rules | None = None) -> Game:
    game, rng = Game(rules or Rules(), seed=seed), random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act[rng.randrange(len(game.to_act))]
        moves = game.legal_moves(seat)
        bold = [m for m in moves if type(m) is not Pass]
        game.play(rng.choice(bold) if bold and rng.random() < 0.6 else rng.choice(moves), seat)
    return game


def _state(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(game.to_dict()))
    return data


def _replays(state: dict[str, Any]) -> None:
    """``state`` loads unchanged and its record replays to it."""
    loaded = Game.from_dict(state)
    assert loaded.to_dict() == state
    assert Game.from_record(loaded.record()).to_dict()["state"] == state["state"]


def _refused(state: dict[str, Any], *codes: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        Game.from_dict(state)
    assert info.value.code in codes, info.value


def _in_finished_hand(game: Game, kind: type[Move]) -> int:
    """The index of a ``kind`` move of the first hand, in a game that is past its first hand."""
    first = len(game.history)
    start = Game(game.rules, seed=game.record()["start"]["seed"])
    for i, (seat, move) in enumerate(game.history):
        if start.hand_number > 1:
            first = i
            break
        start.play(move, seat)
    assert first < len(game.history), "the game must be past its first hand"
    return next(i for i, (_, m) in enumerate(game.history[:first]) if type(m) is kind)


def _later_game(seed: int = 4) -> Game:
    game = _played(seed, 400)
    assert game.hand_number > 1
    return game


def test_a_window_answer_replaced_by_a_discard_is_refused() -> None:
    # The probe: "truco 9e" replaced by "1o" (a discard) loaded and was rewritten "discard 1o".
    game = _later_game()
    state = _state(game)
    i = _in_finished_hand(game, Truco)
    card = next(c for c in game._cards if str(c) != str(game.history[i][1]))
    state["history"][i][1] = str(card)
    _refused(state, "bad_known", "bad_history")


def test_a_finished_hand_s_discard_naming_another_card_is_refused() -> None:
    game = _later_game()
    state = _state(game)
    i = _in_finished_hand(game, Discard)
    old = game.history[i][1]
    assert isinstance(old, Discard)
    for card in game._cards:
        if card != old.card:
            tampered = copy.deepcopy(state)
            tampered["history"][i][1] = f"discard {card}"
            _refused(tampered, "bad_known", "bad_history")  # the pile and the hands it leaves differ


def test_a_finished_hand_s_truco_naming_another_card_is_refused() -> None:
    game = _later_game()
    state = _state(game)
    i = _in_finished_hand(game, Truco)
    old = game.history[i][1]
    assert isinstance(old, Truco)
    accepted = []
    for card in game._cards:
        if card != old.card:
            tampered = copy.deepcopy(state)
            tampered["history"][i][1] = f"truco {card}"
            try:
                Game.from_dict(tampered)
            except InvalidStateError as exc:
                assert exc.code in ("bad_known", "bad_history"), exc
            else:
                accepted.append(card)
                _replays(tampered)  # another legal game ending in the same state
    assert len(accepted) < len(game._cards) // 4, accepted


def test_the_discard_pile_and_last_window_must_be_the_history_s() -> None:
    rng = random.Random(7)
    game = _played(7, 0)
    while not (game.phase is Phase.TURN and game.last_window and len(game.discards) > 1):
        game = _played(rng.randrange(10**6), rng.randrange(5, 120))
    state = _state(game)
    pile = state["state"]["discards"]
    _refused({**state, "state": {**state["state"], "discards": pile[::-1]}}, "bad_known", "bad_history")
    window = state["state"]["last_window"]
    seat, text = window[0]
    other = "pass" if text != "pass" else next(
        str(m) for m in (Truco(c) for c in game._cards) if m not in [w for _, w in game.last_window])
    changed = [[seat, other], *window[1:]]
    _refused({**state, "state": {**state["state"], "last_window": changed}}, "bad_known", "bad_history", "bad_claim")
    Game.from_dict(state)


def test_another_spelling_of_the_same_move_loads_and_is_written_canonically() -> None:
    game = _later_game()
    state = _state(game)
    i = next(i for i, (_, m) in enumerate(game.history) if type(m) is Discard)
    short = copy.deepcopy(state)
    short["history"][i][1] = state["history"][i][1].removeprefix("discard ")
    assert short["history"][i][1] != state["history"][i][1]
    assert Game.from_dict(short).to_dict() == state


def _texts(game: Game) -> list[str]:
    cards = [str(c) for c in game._cards]
    return ["pass", "ranzo", *cards, *(f"discard {c}" for c in cards), *(f"truco {c}" for c in cards),
            *(str(Envido(a, b)) for a, b in zip(game._cards[::2], game._cards[1::2]) if a != b)]


@settings(deadline=None, max_examples=40)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 300), pick=st.randoms(use_true_random=False),
       variant=st.sampled_from([Rules(), Rules(players=3), Rules(players=3, deck=40),
                                Rules(envido_beats_truco=False), Rules(after_steal_next="after_stealer")]))
def test_a_tampered_history_entry_is_refused_or_the_same_move(seed: int, steps: int, pick: random.Random,
                                                              variant: Rules) -> None:
    game = _played(seed, steps, variant)
    if not game.history:
        return
    state = _state(game)
    texts = _texts(game)
    for _ in range(8):
        i = pick.randrange(len(state["history"]))
        tampered = copy.deepcopy(state)
        tampered["history"][i][1] = pick.choice(texts)
        try:
            loaded = Game.from_dict(tampered)
        except InvalidStateError:
            continue
        if Move.parse(tampered["history"][i][1]) == game.history[i][1]:
            assert loaded.to_dict() == state  # the same move, written canonically
        else:
            _replays(loaded.to_dict())


def test_a_game_on_a_system_random_generator_still_loads() -> None:
    # Its start is {"rng": null}: later hands cannot be replayed, so its history is walked, not replayed.
    game, rng = Game(Rules(rounds=2), rng=random.SystemRandom()), random.Random(2)
    while game.hand_number < 2 and not game.is_over:
        seat = game.to_act[0]
        game.play(rng.choice(game.legal_moves(seat)), seat)
    state = _state(game)
    assert state["start"] == {"rng": None}
    assert Game.from_dict(state).to_dict() == state
