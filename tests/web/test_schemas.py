"""The shipped JSON Schemas accept everything the games write, and refuse what they must."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from naipes import schemas
from naipes.errors import InvalidStateError

pytest.importorskip("jsonschema")
from jsonschema import ValidationError
from schema_samples import GAMES, Sample, samples

_CACHE: dict[tuple[str, int], list[Sample]] = {}
#: The seeds of the default run: one game of each kind (seed, rng=, system; seeds other than
#: the builder's first ones); ``-m slow`` plays all of :data:`ALL_SEEDS`.
QUICK_SEEDS = range(20, 23)
ALL_SEEDS = range(20, 28)
#: ``(seeds, events validated per game at most)``: quick by default, under ``-m slow`` every fifth
#: event (Macarra's games of 22 to 29 players write 40,000 events each: minutes of validation).
RUNS = [pytest.param(QUICK_SEEDS, 500, id="quick"),
        pytest.param(ALL_SEEDS, None, id="all", marks=pytest.mark.slow)]


def _samples(name: str, seeds: range = QUICK_SEEDS) -> list[Sample]:
    """Games of every kind (seeds other than the builder's first ones, rng=, system, positions, samples):
    the quick ones cut at 120 moves, all of them at 250."""
    key = (name, len(seeds))
    if key not in _CACHE:
        _CACHE[key] = list(samples(name, seeds, limit=120 if seeds == QUICK_SEEDS else 250, every=40))
    return _CACHE[key]


@pytest.mark.parametrize(("seeds", "most_events"), RUNS)
@pytest.mark.parametrize("name", GAMES)
def test_everything_the_library_writes_validates(name: str, seeds: range, most_events: int | None) -> None:
    kinds = set()
    for sample in _samples(name, seeds):
        kinds.add(sample.how)
        for state in sample.states:
            schemas.validate(f"{name}.state", state)
        for record in sample.records:
            schemas.validate("record", record)
        for view in sample.views[::3]:
            schemas.validate(f"{name}.view", view)
        step = 5 if most_events is None else max(5, len(sample.events) // most_events)
        for event in sample.events[::step]:  # spread over the game and every seat's stream
            schemas.validate("event", event)
    assert {"seed", "rng", "system", "position", "view.sample"} <= kinds


@pytest.mark.parametrize("seeds", [pytest.param(QUICK_SEEDS, id="quick"),
                                   pytest.param(ALL_SEEDS, id="all", marks=pytest.mark.slow)])
@pytest.mark.parametrize("name", GAMES)
def test_every_move_written_validates(name: str, seeds: range) -> None:
    check = schemas.validator("move").evolve(schema={"$ref": f"urn:naipes:move#/$defs/{name}"})
    recorded = check.evolve(schema={"$ref": f"urn:naipes:{name}.state#/$defs/recorded_move"})
    for sample in _samples(name, seeds):
        for record in sample.records:
            for _, move in record["moves"]:
                recorded.validate(move)
        for state in sample.states[:3]:
            for _, move in state["answers"]:
                check.validate(move)


def test_machiavelli_delta_moves_validate() -> None:
    recorded = schemas.validator("move").evolve(schema={"$ref": "urn:naipes:move#/$defs/machiavelli_recorded"})
    recorded.validate("play 7S: #0-2 [4S 5S 6S 7S] #4-6")
    recorded.validate("play JK 8S: #0 [8S 8H JK=8D 8C] #2")
    with pytest.raises(ValidationError):
        recorded.validate("play 7S: #0-2 [4S 5S 6S 7S] #x")
    plain = recorded.evolve(schema={"$ref": "urn:naipes:move#/$defs/machiavelli"})
    with pytest.raises(ValidationError):  # str(move) never writes a delta
        plain.validate("play 7S: #0-2 [4S 5S 6S 7S] #4-6")


def _state(name: str) -> dict[str, Any]:
    return copy.deepcopy(_samples(name)[0].states[-1])


def test_integers_are_integral() -> None:
    state = _state("machuco")
    schemas.validate("machuco.state", state)
    for where in (lambda d: d["rng"][1], lambda d: d["state"]["scores"]):
        bad = copy.deepcopy(state)
        where(bad)[0] = float(where(bad)[0])
        with pytest.raises(ValidationError):
            schemas.validate("machuco.state", bad)
    bad = copy.deepcopy(state)
    bad["num_players"] = True
    with pytest.raises(ValidationError):
        schemas.validate("machuco.state", bad)


def test_a_position_start_is_checked_as_strictly_as_the_state() -> None:
    """A ``$ref`` into another schema keeps the exact integers (a nested position's RNG word 2.0)."""
    position = next(s for s in _samples("machuco") if s.how == "position").states[0]
    schemas.validate("machuco.state", position)
    bad = copy.deepcopy(position)
    bad["start"]["position"]["rng"][1][3] = float(bad["start"]["position"]["rng"][1][3])
    with pytest.raises(ValidationError):
        schemas.validate("machuco.state", bad)


@pytest.mark.parametrize("name", GAMES)
def test_version_game_and_closed_objects(name: str) -> None:
    state = _state(name)
    for change in ({"version": 9}, {"game": "other"}, {"zzz": 1}, {"rng": [3, [0] * 625, "x"]},
                   {"start": {"seed": 1, "rng": None}}, {"start": {"seed": 1, "zzz": 1}},
                   {"rules": {**state["rules"], "zzz": 1}}, {"state": {**state["state"], "zzz": 1}},
                   {"acting": [99]}):
        with pytest.raises(ValidationError):
            schemas.validate(f"{name}.state", {**state, **change})
    record = next(r for s in _samples(name) for r in s.records)
    with pytest.raises(ValidationError):
        schemas.validate("record", {**record, "zzz": 1})
    with pytest.raises(ValidationError):
        schemas.validate("record", {**record, "moves": [[0, "not a move"]]})


def test_deep_nesting_is_refused_cleanly() -> None:
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(InvalidStateError) as info:
        schemas.validate("protocol", {"type": "hello", "x": deep})
    assert info.value.code == "too_deep"
    nested: Any = {}
    for _ in range(5000):
        nested = {"a": nested}
    with pytest.raises(InvalidStateError):
        schemas.validate("machuco.state", nested)
    schemas.check_depth([[[]]], limit=3)


def test_schemas_can_fail() -> None:
    with pytest.raises(ValidationError):
        schemas.validate("event", {"type": "machuco.CardsDealt", "kind": "CardsDealt", "private_to": 0,
                                   "seat": 0, "cards": ["13o"], "count": 1})
    with pytest.raises(ValidationError):
        schemas.validate("protocol", {"type": "error", "code": "Bad Code", "reason": "x"})
    with pytest.raises(ValidationError):
        schemas.validate("machuco.view", {"type": "View"})


def test_every_schema_is_valid_and_named() -> None:
    from jsonschema import Draft202012Validator

    for name in schemas.names():
        schema = schemas.load(name)
        Draft202012Validator.check_schema(schema)
        assert schema["$id"] == f"urn:naipes:{name}"
