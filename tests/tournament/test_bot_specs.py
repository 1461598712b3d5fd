"""Bot specs: registered names with parameters, module:Class, and one-line errors."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from naipes import RandomBot, UsageError
from naipes.bots import bot_names, load_bot, parse_bot_spec, register_bot, split_bot_specs
from naipes.machuco.bots import MachucoBot


class Tunable:
    """A bot with parameters, for the specs below."""

    def __init__(self, depth: int = 1, greedy: bool = False, name: str = "x", rate: float = 0.5,
                 seed: int | None = None) -> None:
        self.depth, self.greedy, self.name, self.rate, self.seed = depth, greedy, name, rate, seed

    def choose(self, view: object) -> object:
        return view.legal_moves[0]  # type: ignore[attr-defined]


class NeedsArgument:
    def __init__(self, table: object) -> None:
        self.table = table

    def choose(self, view: object) -> object:
        return None


def test_values_are_read_as_int_float_bool_else_text() -> None:
    assert parse_bot_spec("random") == ("random", {})
    assert parse_bot_spec("ismcts:iterations=400,c=1.5,flag=TRUE,off=false,policy=heuristic") == (
        "ismcts", {"iterations": 400, "c": 1.5, "flag": True, "off": False, "policy": "heuristic"})
    assert parse_bot_spec("a.b:C") == ("a.b:C", {})
    assert parse_bot_spec("a.b:C:depth=2") == ("a.b:C", {"depth": 2})


def test_module_class_takes_parameters_and_the_seed() -> None:
    bot = load_bot(f"{__name__}:Tunable:depth=3,greedy=true,name=deep,rate=2.5", seed=7)
    assert isinstance(bot, Tunable)
    assert (bot.depth, bot.greedy, bot.name, bot.rate, bot.seed) == (3, True, "deep", 2.5, 7)
    assert isinstance(load_bot("naipes.machuco.bots:MachucoBot", seed=1), MachucoBot)


def test_registered_names_are_called_with_seed_and_params() -> None:
    register_bot("tunable-test", Tunable, replace=True)
    assert "tunable-test" in bot_names()
    bot = load_bot("tunable-test:depth=5", seed=3)
    assert isinstance(bot, Tunable) and (bot.depth, bot.seed) == (5, 3)
    # a lazy factory, resolved on first use
    register_bot("lazy-test", f"{__name__}:Tunable", replace=True)
    assert isinstance(load_bot("lazy-test"), Tunable)
    with pytest.raises(UsageError) as info:
        register_bot("tunable-test", RandomBot)
    assert info.value.code == "bot_name_taken"
    with pytest.raises(UsageError) as info:
        register_bot("Bad Name", RandomBot)
    assert info.value.code == "bad_bot_name"


def test_random_takes_a_seed_parameter() -> None:
    a, b = load_bot("random:seed=4", seed=1), RandomBot(4)
    assert isinstance(a, RandomBot) and a.rng.random() == b.rng.random()


@pytest.mark.parametrize(("spec", "code"), [
    ("nothing-here", "no_such_bot"),
    ("no.such.module:Bot", "no_such_bot"),
    ("naipes.machuco.bots:NoSuchBot", "no_such_bot"),
    ("os:path", "not_a_bot"),
    ("builtins:dict", "not_a_bot"),
    (f"{__name__}:NeedsArgument", "bad_bot_args"),
    (f"{__name__}:Tunable:colour=red", "bad_bot_args"),
    ("random:depth=2", "bad_bot_args"),
    ("random:oops", "no_such_bot"),  # the module random has no oops
    ("random:depth", "no_such_bot"),
    ("random:x=1,oops", "bad_bot_args"),
    ("", "no_such_bot"),
])
def test_every_failure_is_one_line_with_a_code(spec: str, code: str) -> None:
    with pytest.raises(UsageError) as info:
        load_bot(spec, seed=1)
    assert info.value.code == code
    assert "\n" not in str(info.value) and str(info.value)


def test_a_search_bot_that_is_not_there_yet_or_rejects_a_parameter_is_a_usage_error() -> None:
    with pytest.raises(UsageError) as info:
        load_bot("ismcts:no_such_parameter=1")
    assert info.value.code in ("no_such_bot", "bad_bot_args")


def test_modules_are_found_in_the_current_directory_when_asked(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "my_cwd_bots_t15.py").write_text(
        "from naipes import RandomBot\n\nclass Mine(RandomBot):\n    pass\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", os.getcwd(), str(tmp_path))])
    with pytest.raises(UsageError) as info:
        load_bot("my_cwd_bots_t15:Mine", seed=2)
    assert info.value.code == "no_such_bot" and "my_cwd_bots_t15" not in sys.modules
    bot = load_bot("my_cwd_bots_t15:Mine", seed=2, search_cwd=True)
    assert type(bot).__name__ == "Mine"
    assert sys.path[-1] == os.path.realpath(tmp_path)


def test_split_keeps_parameters_with_their_bot() -> None:
    assert split_bot_specs("ismcts:iterations=400,c=2, random ,mod:Cls:x=1,y=2,best") == (
        "ismcts:iterations=400,c=2", "random", "mod:Cls:x=1,y=2", "best")
    assert split_bot_specs(" , ") == ()
