"""The shipped JSON Schemas accept what the games produce (other seeds than the ones they were built from)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from naipes import schemas
from naipes._cli_games import GameKit
from naipes.events import EventLog

pytest.importorskip("jsonschema")
from jsonschema import ValidationError  # noqa: E402

GAMES = ("machuco", "macarra", "ranzo", "machiavelli")


def _json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def _playout(name: str, seed: int, limit: int = 300) -> Any:
    kit = GameKit.find(name)
    counts = kit.info.player_counts
    game = kit.new_game(kit.rules(counts[seed % len(counts)]), seed)
    log = EventLog(game)
    rng = random.Random(seed)
    views = []
    while not game.is_over and len(game.history) < limit:
        seat = game.to_act[0]
        views.append(game.view(seat).to_dict())
        game.play(rng.choice(game.legal_moves(seat)), seat)
    views.extend(game.view(s).to_dict() for s in range(game.num_players))
    return game, log, views


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [101, 202])
def test_views_events_states_records_and_moves_validate(name: str, seed: int) -> None:
    game, log, views = _playout(name, seed)
    for view in views:
        schemas.validate(f"{name}.view", _json(view))
    schemas.validate(f"{name}.state", _json(game.to_dict()))
    schemas.validate("record", _json(game.record()))
    for seat in (None, *range(game.num_players)):
        for _, event in log.since(seat, 0):
            schemas.validate("event", _json(event.to_dict()))
    move_schema = {"$ref": f"urn:naipes:move#/$defs/{name}"}
    check = schemas.validator("move").evolve(schema=move_schema)
    for _, move in game.history:
        check.validate(str(move))


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
