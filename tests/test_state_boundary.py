"""The boundary every game shares: a state's ``start``, version labels, and ``Rules`` field types.

- ``from_dict`` checks a state's ``start`` exactly as ``from_record`` checks a
  record's (issue 21): what one refuses the other refuses, and a loaded
  state's ``record()`` replays (to that very state: a well-formed start of
  another deal is refused, issue 39).
- A version label matches the layout it labels.
- A ``Rules`` field of the wrong type raises ``RulesError``, never ``TypeError``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

from naipes import macarra, machiavelli, machuco, ranzo
from naipes.errors import InvalidStateError, RulesError

GAMES = [machuco, macarra, ranzo, machiavelli]
IDS = [g.__name__.split(".")[-1] for g in GAMES]

#: Starts a record may not hold: junk keys and values, neither or both of seed and rng, bad options.
JUNK_STARTS: list[Any] = [
    {"seed": "x", "zzz": 1}, {"seed": 1, "zzz": 1}, {}, {"dealer": 0}, {"seed": 1.0}, {"seed": True},
    {"seed": None}, {"seed": 2**80}, {"seed": 1, "rng": None}, {"rng": [3, [0] * 10, None]}, {"rng": "x"},
    {"seed": 1, "dealer": 99}, {"seed": 1, "dealer": "0"}, {"seed": 1, "dealer": True},
    {"seed": 1, "first_player": 7}, {"seed": 1, "deck": [["1o"]]}, {"seed": 1, "deck": "x"},
    {"seed": 1, "deck": 5}, {"position": 1}, {"position": {}}, {"position": {"x": 1}, "seed": 1}, [], "seed",
]


def _played(module: Any, seed: int, steps: int) -> Any:
    game = module.Game(module.Rules(), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act[rng.randrange(len(game.to_act))]
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
    return game


def _outcome(load: Any, data: Any) -> str:
    try:
        load(data)
    except InvalidStateError as exc:
        return f"refused ({exc.code})"
    return "loaded"


@pytest.mark.parametrize("module", GAMES, ids=IDS)
def test_from_dict_checks_start_like_a_record(module: Any) -> None:
    game = _played(module, 5, 12)
    state, record = json.loads(json.dumps(game.to_dict())), game.record()
    for start in JUNK_STARTS:
        as_state = _outcome(module.Game.from_dict, {**state, "start": start})
        as_record = _outcome(module.Game.from_record, {**record, "start": start, "moves": []})
        assert as_state.startswith("refused"), (start, as_state)
        assert as_record.startswith("refused"), (start, as_record)


@pytest.mark.parametrize("module", GAMES, ids=IDS)
def test_a_loaded_state_records_a_replayable_game(module: Any) -> None:
    game = _played(module, 9, 20)
    for start in ({"rng": None}, game.record()["start"], {"seed": 123}):
        state = {**json.loads(json.dumps(game.to_dict())), "start": start}
        if start == {"seed": 123}:  # every game replays its history from its start (issue 39)
            with pytest.raises(InvalidStateError) as info:
                module.Game.from_dict(state)
            assert info.value.code == "bad_history"
            continue
        loaded = module.Game.from_dict(state)
        if start != {"rng": None}:
            module.Game._from_start(loaded.record())  # the start replays
    again = module.Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert module.Game.from_record(again.record()).to_dict() == game.to_dict()


@pytest.mark.parametrize("module", GAMES, ids=IDS)
def test_a_position_start_is_loaded_when_the_state_is(module: Any) -> None:
    game = _played(module, 3, 6)
    game._mark_position()
    state = json.loads(json.dumps(game.to_dict()))
    inner = state["start"]["position"]
    broken = {**inner, "state": {**inner["state"], "zzz": 1}}
    with pytest.raises(InvalidStateError):
        module.Game.from_dict({**state, "start": {"position": broken}})
    with pytest.raises(InvalidStateError):
        module.Game.from_record({**game.record(), "start": {"position": broken}})


@pytest.mark.parametrize("module", GAMES, ids=IDS)
def test_records_need_a_seed_or_a_generator(module: Any) -> None:
    record = _played(module, 4, 3).record()
    start = {k: v for k, v in record["start"].items() if k not in ("seed", "rng")}
    with pytest.raises(InvalidStateError) as info:
        module.Game.from_record({**record, "start": start})
    assert info.value.code == "bad_field"


@pytest.mark.parametrize("module", [machuco, macarra, ranzo], ids=IDS[:3])
def test_other_version_labels_are_refused(module: Any) -> None:
    game = _played(module, 2, 8)
    for version in (1, 3, 2.0, True, None, "2"):
        with pytest.raises(InvalidStateError) as info:
            module.Game.from_dict({**game.to_dict(), "version": version})
        assert info.value.code == "bad_version"
    for version in (0, 3, 2.0, True):
        with pytest.raises(InvalidStateError) as info:
            module.Game.from_record({**game.record(), "version": version})
        assert info.value.code == "bad_version"


#: Values of the wrong type for any field of a Rules class.
WRONG: list[Any] = [[1], {"a": 1}, bytearray(b"real"), 2.0, 4.0, True, False, None, "x", b"x", object(),
                    (["1o"],), (bytearray(b"real"),), ({"a": 1},), ((("x",),),), (None,), (1,), (1.5,), 10**40, -1]


@pytest.mark.parametrize("module", GAMES, ids=IDS)
def test_rules_fields_of_the_wrong_type_raise_rules_error(module: Any) -> None:
    for field in attrs.fields(module.Rules):
        for value in WRONG:
            try:
                module.Rules(**{field.name: value})
            except RulesError:
                continue
            # accepted: it must be a value of the field's own kind (an optional field's None...)
            assert value is None or type(value) in (int, bool, str, tuple), (field.name, value)


@pytest.mark.parametrize("specials", [(["1o"],), (bytearray(b"real"),), ({"a": 1},), (("trio:3",),), (None,)])
def test_ranzo_specials_of_the_wrong_type(specials: Any) -> None:
    with pytest.raises(RulesError) as info:
        ranzo.Rules(specials=specials)
    assert info.value.code == "bad_specials"


#: (seed, moves) of states: at the start, early, and later (several deals for the short games).
SEEDED_STATES = [(4, 0), (5, 3), (6, 40), (7, 200)]


@pytest.mark.parametrize("module", GAMES, ids=IDS)
def test_a_start_of_another_deal_is_refused(module: Any) -> None:
    for seed, steps in SEEDED_STATES:
        game = _played(module, seed, steps)
        state = json.loads(json.dumps(game.to_dict()))
        other = module.Game(module.Rules(), seed=seed + 1000).to_dict()["start"]
        assert other != state["start"]
        with pytest.raises(InvalidStateError) as info:
            module.Game.from_dict({**state, "start": other})
        assert info.value.code == "bad_history", (steps, str(info.value))
        loaded = module.Game.from_dict(state)  # the good dict loads, and its record replays to it
        again = module.Game.from_record(loaded.record())
        for seat, move in state["answers"]:  # sealed answers are not in the record yet
            again.play(move, seat)
        assert again.to_dict() == state


@pytest.mark.parametrize("module", [macarra, ranzo], ids=["macarra", "ranzo"])  # the games with windows
def test_a_start_of_another_deal_is_refused_in_an_open_window(module: Any) -> None:
    """A state holding sealed answers (not in the history yet) loads, and another start does not."""
    for seed in range(40):
        game = _played(module, seed, 0)
        rng = random.Random(seed)
        while not game.is_over and not (game._simultaneous and game._answers):
            seat = game.to_act[rng.randrange(len(game.to_act))]
            game.play(rng.choice(game.legal_moves(seat)), seat)
        if game.is_over:
            continue
        state = json.loads(json.dumps(game.to_dict()))
        assert module.Game.from_dict(state).to_dict() == state
        with pytest.raises(InvalidStateError):
            module.Game.from_dict({**state, "start": {"seed": seed + 1000}})
        return
    raise AssertionError(f"no open window with a sealed answer in {module.Game.name}")
