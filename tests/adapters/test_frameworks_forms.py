"""The frameworks' own forms: OpenSpiel game strings for every Rules field, max_game_length from the
rules, and ``import naipes.adapters.pettingzoo.<game>_v1`` (each part skipped without its extra)."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import attrs
import pytest

from naipes import RulesError, find_game
from naipes.plugin import plugin

from .conftest import spaced_games

#: Game strings in OpenSpiel's own syntax, for every Rules field whose default is None or a tuple,
#: and the fields each must give.
GAME_STRINGS: list[tuple[str, dict[str, Any]]] = [
    ("naipes_ranzo(rounds=1)", {"rounds": 1}),
    ("naipes_ranzo(value_regular=2)", {"value_regular": 2}),
    ("naipes_ranzo(value_special=5,rounds=2)", {"value_special": 5, "rounds": 2}),
    ("naipes_ranzo(specials=real;mellizos)", {"specials": ("real", "mellizos")}),
    ("naipes_ranzo(specials=)", {"specials": ()}),
    ("naipes_machiavelli(decks=2)", {"decks": 2, "hand_size": None}),
    ("naipes_machiavelli(players=3,decks=3,hand_size=10)", {"decks": 3, "hand_size": 10}),
    ("naipes_machuco(teams=False)", {"teams": False, "players": 4}),
    ("naipes_machuco(players=2)", {"teams": None, "players": 2}),
    ("naipes_machuco(teams=True)", {"teams": None, "players": 4}),
    ("naipes_machuco(card_threshold=12)", {"card_threshold": 12}),
    ("naipes_macarra(decks=2,max_turns=100)", {"decks": 2, "max_turns": 100}),
]


@pytest.fixture(scope="module")
def spiel() -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("numpy")
    from naipes.adapters import openspiel

    return pyspiel, openspiel


@pytest.mark.parametrize(("text", "fields"), GAME_STRINGS, ids=[t for t, _ in GAME_STRINGS])
def test_openspiel_game_strings_take_none_and_tuple_fields(spiel: Any, text: str, fields: dict[str, Any]) -> None:
    pyspiel, _ = spiel
    game = pyspiel.load_game(text)
    for name, value in fields.items():
        assert getattr(game.rules, name) == value, name
    again = pyspiel.load_game(str(game))  # the game string of a loaded game loads the same game
    assert again.rules == game.rules and again.get_parameters() == game.get_parameters()
    state = game.new_initial_state()
    assert state.current_player() in range(game.num_players()) and state.legal_actions()


@pytest.mark.parametrize("game", [g for g in spaced_games() if g != "toy"])
def test_each_parameter_has_the_type_of_its_fields_values(spiel: Any, game: str) -> None:
    """A parameter standing for None is of the field's own type, and its stand-in is no value the
    rules take (so no value of the field is out of reach)."""
    _, openspiel = spiel
    from naipes.adapters._spiel_params import NONE_STAND_INS, params_of

    rules_type = plugin(game).Rules
    defaults = rules_type()
    for name, param in params_of(rules_type).items():
        default = getattr(defaults, name)
        if default is None and param.kind == "optional" and type(param.default) is not bool:
            assert param.default == NONE_STAND_INS[type(param.default)]
            with pytest.raises(RulesError):
                rules_type(**{name: param.default})
        elif isinstance(default, tuple):
            assert param.kind == "values" and isinstance(param.default, str)
        else:
            assert default is None or type(param.default) is type(default), name
    assert openspiel.load(game).rules == defaults


def test_load_writes_python_values_and_refuses_other_types(spiel: Any) -> None:
    _, openspiel = spiel
    ranzo = openspiel.load("ranzo", rounds=1, specials=("real", "mellizos"), value_regular=None)
    assert ranzo.rules.rounds == 1 and ranzo.rules.specials == ("real", "mellizos")
    assert ranzo.rules.value_regular is None
    assert openspiel.load("ranzo", specials=[]).rules.specials == ()
    assert openspiel.load("machuco", teams=False).rules.teams is False
    assert openspiel.load("machuco", players=2, teams=None).rules.teams is None
    for bad in ({"rounds": "many"}, {"rounds": 1.5}, {"teams": 0}, {"players": "3"}):
        with pytest.raises(RulesError) as err:
            openspiel.load("machuco" if "teams" in bad else "ranzo", **bad)
        assert err.value.code == "bad_rule_value"


def test_max_game_length_reads_the_rules(spiel: Any) -> None:
    pyspiel, openspiel = spiel
    from naipes import macarra, ranzo

    one = pyspiel.load_game("naipes_ranzo(rounds=1)").max_game_length()
    eight = openspiel.load("ranzo").max_game_length()
    assert one == ranzo.Rules(rounds=1).max_decisions < eight == ranzo.Rules().max_decisions
    # a game longer than the default rules' is not cut at the default's bound
    assert openspiel.load("ranzo", rounds=20).max_game_length() == ranzo.Rules(rounds=20).max_decisions > eight
    short = openspiel.load("macarra", players=2, max_turns=10)
    assert short.max_game_length() == macarra.Rules(players=2, max_turns=10).max_decisions
    assert plugin("ranzo").max_game_length() == find_game("ranzo").max_decisions  # the registry's: default rules
    assert plugin("macarra").max_game_length() == find_game("macarra").max_decisions


# -- PettingZoo: <game>_v1 as modules ------------------------------------------------------
@pytest.mark.parametrize("game", spaced_games())
def test_pettingzoo_game_modules_import_as_modules(game: str) -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("numpy")
    from naipes.adapters import pettingzoo as pz

    short = f"{game}_v{pz.version(game)}"
    name = f"naipes.adapters.pettingzoo.{short}"
    sys.modules.pop(name, None)
    if hasattr(pz, short):
        delattr(pz, short)
    module = importlib.import_module(name)  # what `import naipes.adapters.pettingzoo.<game>_v1` does
    assert sys.modules[name] is module and module.__name__ == name
    assert getattr(pz, short) is module  # `from naipes.adapters.pettingzoo import <game>_v1`
    assert pz.game_module(game) is module
    e = module.env()
    e.reset(seed=1)
    assert e.agent_selection in e.possible_agents
    assert module.raw_env().metadata["name"] == f"naipes_{find_game(game).name}_v{pz.version(game)}"


def test_pettingzoo_import_statements() -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("numpy")
    import naipes.adapters.pettingzoo.machuco_v1

    from naipes.adapters.pettingzoo import machuco_v1, ranzo_v1

    assert machuco_v1 is naipes.adapters.pettingzoo.machuco_v1
    assert ranzo_v1.raw_env(rounds=1).rules.rounds == 1
    with pytest.raises(ImportError):
        importlib.import_module("naipes.adapters.pettingzoo.no_such_game_v1")
    with pytest.raises(ImportError):
        importlib.import_module("naipes.adapters.pettingzoo.machuco_v7")


def test_every_game_string_field_is_covered() -> None:
    """GAME_STRINGS names every field of the four games whose default is None or a tuple."""
    named = {(text.split("(")[0].removeprefix("naipes_"), f) for text, fields in GAME_STRINGS for f in fields}
    for game in ("machuco", "macarra", "ranzo", "machiavelli"):
        rules_type = plugin(game).Rules
        defaults = rules_type()
        for field in attrs.fields(rules_type):
            if getattr(defaults, field.name) is None or isinstance(getattr(defaults, field.name), tuple):
                assert (game, field.name) in named, (game, field.name)
