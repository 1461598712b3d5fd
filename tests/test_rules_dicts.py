"""The ``rules`` object of a state or record, for the four games (issue 21).

A field left out takes its default: the game is the one whose state writes that
default explicitly, and ``to_dict`` writes it back (this is how states and
records written before a field existed load). ``null`` is read only where the
field takes ``None`` (Machuco's ``teams``: ``None`` means "teams with 4
players"); elsewhere it is refused, code ``bad_rules``.
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import attrs
import pytest

from naipes import macarra, machiavelli, machuco, ranzo
from naipes.errors import InvalidStateError, RulesError

GAMES = [machuco, macarra, ranzo, machiavelli]


def _state(module: ModuleType) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(module.Game(module.Rules(), seed=5).to_dict()))
    return data


def _takes_none(rules_type: type, name: str) -> bool:
    try:
        rules_type(**{name: None})
    except RulesError:
        return False
    return True


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.__name__)
def test_a_field_left_out_is_its_default_and_is_written_back(module: ModuleType) -> None:
    state = _state(module)
    for name in state["rules"]:
        short = json.loads(json.dumps(state))
        del short["rules"][name]
        assert module.Game.from_dict(short).to_dict() == state, name
        record = module.Game.from_dict(state).record()
        del record["rules"][name]
        assert module.Game.from_record(record).to_dict()["rules"] == state["rules"], name


@pytest.mark.parametrize("module", GAMES, ids=lambda m: m.__name__)
def test_null_is_read_only_where_the_field_takes_none(module: ModuleType) -> None:
    state = _state(module)
    fields = [f.name for f in attrs.fields(module.Rules)]
    assert sorted(fields) == sorted(state["rules"])
    for name in fields:
        nulled = json.loads(json.dumps(state))
        nulled["rules"][name] = None
        if _takes_none(module.Rules, name):
            loaded = module.Game.from_dict(nulled)
            assert getattr(loaded.rules, name) is None
            assert loaded.to_dict()["rules"][name] is None
            continue
        with pytest.raises(InvalidStateError) as info:
            module.Game.from_dict(nulled)
        assert info.value.code == "bad_rules", name
        record = module.Game(module.Rules(), seed=1).record()
        record["rules"][name] = None
        with pytest.raises(InvalidStateError):
            module.Game.from_record(record)


def test_machuco_teams_null_is_the_documented_default() -> None:
    assert machuco.Rules(teams=None) == machuco.Rules()
    assert machuco.Rules(players=4, teams=None).has_teams
    assert not machuco.Rules(players=2, teams=None).has_teams
