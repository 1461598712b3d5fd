"""Bot specs never run what they should not: nothing is called to check a spec, nothing is
imported from the current directory unless asked, registered names only where asked.

Every probe goes through ``load_bot``, ``check_bot_spec``, ``tournament.run`` and the
command line, and checks that no file was written or deleted and no module imported.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest

from naipes import UsageError, tournament
from naipes.bots import check_bot_spec, load_bot, split_bot_specs
from naipes.cli import main

RULES = {"players": 2, "scope": "hand"}

BOT_CLASS = "from naipes import RandomBot\n\nclass Bot(RandomBot):\n    pass\n"


def _evil_specs(tmp: Path) -> list[str]:
    """Specs that, called, would write ``tmp/made-*`` or delete ``tmp/victim``."""
    victim, made = tmp / "victim", tmp / "made"
    return [
        f"os:system:command=id > {made}-system",
        f"os:remove:path={victim / 'keep.txt'}",
        f"os:mkdir:path={made}-mkdir",
        f"shutil:rmtree:path={victim}",
        f"builtins:exec:source=__import__('os').mkdir('{made}-exec')",
        f"builtins:eval:source=__import__('os').mkdir('{made}-eval')",
        f"subprocess:run:args=touch {made}-run,shell=true",
        f"subprocess:call:args=touch {made}-call,shell=true",
        f"subprocess:Popen:args=touch {made}-popen,shell=true",
        f"pathlib:Path.touch:self={made}-touch",
    ]


@pytest.fixture()
def scene(tmp_path: Path) -> Path:
    """A directory with ``victim/keep.txt`` in it, and nothing else."""
    (tmp_path / "victim").mkdir()
    (tmp_path / "victim" / "keep.txt").write_text("keep")
    return tmp_path


def _untouched(tmp: Path) -> None:
    assert (tmp / "victim" / "keep.txt").read_text() == "keep"
    assert sorted(p.name for p in tmp.iterdir()) == ["victim"]


def _tournament(spec: str) -> None:
    tournament.run("machuco", ["random", spec], games=2, rules=RULES)


CALLERS: dict[str, Callable[[str], object]] = {
    "load_bot": lambda spec: load_bot(spec, seed=1),
    "check_bot_spec": check_bot_spec,
    "tournament.run": _tournament,
}


@pytest.mark.parametrize("caller", sorted(CALLERS))
def test_specs_naming_functions_are_not_bots_and_are_never_called(scene: Path, caller: str) -> None:
    for spec in _evil_specs(scene):
        with pytest.raises(UsageError) as info:
            CALLERS[caller](spec)
        assert info.value.code == "not_a_bot", spec
        assert "\n" not in str(info.value)
    _untouched(scene)


def test_the_command_line_calls_nothing_either(scene: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for spec in _evil_specs(scene):
        assert split_bot_specs(f"{spec},random") == (spec, "random")
        assert main(["tournament", "machuco", "--bots", f"{spec},random", "--games", "2",
                     "--rule", "scope=hand"]) == 1
        err = capsys.readouterr().err
        assert "is not a bot" in err and err.count("\n") == 1
        assert main(["simulate", "machuco", "--players", "2", "--games", "1", "--bots", f"random,{spec}"]) == 1
        assert "is not a bot" in capsys.readouterr().err
    _untouched(scene)


@pytest.mark.parametrize("spec", [
    "os:_exit", "naipes.bots:__builtins__", "naipes.bots:RandomBot.__init__", "naipes.bots:_BOTS",
    "naipes._cli_games:GameKit", "__main__:Bot", "a-b:C", "caf\u00e9:Bot", "os:system.__call__",
])
def test_private_dunder_and_odd_names_are_refused(spec: str) -> None:
    for call in (check_bot_spec, load_bot):
        with pytest.raises(UsageError) as info:
            call(spec)
        assert info.value.code == "bad_bot_spec"


@pytest.fixture()
def evil_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current directory: ``evilbot_b21.py`` writes ``marker`` when imported."""
    marker = tmp_path / "marker"
    (tmp_path / "evilbot_b21.py").write_text(
        f"open({str(marker)!r}, 'w').write('ran')\n" + BOT_CLASS)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delitem(sys.modules, "evilbot_b21", raising=False)
    return tmp_path


@pytest.mark.parametrize("on_path", [False, True], ids=["cwd-not-on-sys.path", "cwd-on-sys.path"])
def test_a_module_in_the_current_directory_is_not_imported_unless_asked(
        evil_dir: Path, monkeypatch: pytest.MonkeyPatch, on_path: bool) -> None:
    # python -m and scripts put the current directory on sys.path: refused all the same
    monkeypatch.setattr(sys, "path", ([str(evil_dir), ""] if on_path else []) +
                        [p for p in sys.path if p not in ("", str(evil_dir))])
    for call in (lambda s: load_bot(s, seed=1), check_bot_spec, _tournament):
        with pytest.raises(UsageError) as info:
            call("evilbot_b21:Bot")
        assert info.value.code == "no_such_bot"
        assert "is in the current directory" in str(info.value)
    assert "evilbot_b21" not in sys.modules and not (evil_dir / "marker").exists()
    bot = load_bot("evilbot_b21:Bot", seed=1, search_cwd=True)  # asked for: imported
    assert type(bot).__name__ == "Bot" and (evil_dir / "marker").read_text() == "ran"


def test_the_command_line_searches_the_current_directory_only_with_bot_path(
        evil_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(evil_dir))])
    args = ["tournament", "machuco", "--bots", "evilbot_b21:Bot,random", "--games", "2", "--rule", "scope=hand"]
    assert main(args) == 1
    assert "is in the current directory" in capsys.readouterr().err
    assert not (evil_dir / "marker").exists() and "evilbot_b21" not in sys.modules
    assert main([*args, "--bot-path", "."]) == 0
    assert (evil_dir / "marker").exists()


def test_python_dash_m_naipes_in_a_directory_with_evilbot(evil_dir: Path) -> None:
    """The real thing: ``python -m naipes`` puts the current directory first on sys.path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p and Path(p).is_dir()
                                                        and Path(p).resolve() != evil_dir.resolve())}
    done = subprocess.run([sys.executable, "-m", "naipes", "tournament", "machuco", "--bots",
                           "evilbot_b21:Bot,random", "--games", "2", "--rule", "scope=hand"],
                          cwd=evil_dir, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert "no bot 'evilbot_b21:Bot'" in done.stderr and "Traceback" not in done.stderr
    assert not (evil_dir / "marker").exists()


@pytest.fixture()
def unimported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    """A module on sys.path, not imported yet, that writes ``marker`` when imported."""
    lib = tmp_path / "lib"
    lib.mkdir()
    name = "unimported_bots_b21"
    (lib / f"{name}.py").write_text(f"open({str(tmp_path / 'marker')!r}, 'w').write('ran')\n" + BOT_CLASS +
                                    "\ndef __getattr__(name):\n"
                                    f"    open({str(tmp_path / 'getattr')!r}, 'w').write(name)\n"
                                    "    raise AttributeError(name)\n")
    monkeypatch.syspath_prepend(str(lib))
    monkeypatch.delitem(sys.modules, name, raising=False)
    return tmp_path, name


def test_registered_names_only_refuses_module_specs_before_importing(unimported: tuple[Path, str]) -> None:
    tmp, name = unimported
    for modules in (False, [], ["naipes.machuco.bots:MachucoBot"], frozenset({f"{name}:Other"})):
        for call in (check_bot_spec, load_bot):
            with pytest.raises(UsageError) as info:
                call(f"{name}:Bot", modules=modules)
            assert info.value.code == "module_bots_refused"
    assert name not in sys.modules and not (tmp / "marker").exists()
    # registered names, with parameters, are always fine
    assert type(load_bot("random:seed=2", modules=False)).__name__ == "RandomBot"
    check_bot_spec("ismcts:iterations=40", modules=False)


def test_an_allowed_target_loads_with_parameters(unimported: tuple[Path, str]) -> None:
    tmp, name = unimported
    check_bot_spec(f"{name}:Bot:seed=3", modules=[f"{name}:Bot"])
    assert type(load_bot(f" {name}:Bot ", modules={f"{name}:Bot"})).__name__ == "Bot"
    assert (tmp / "marker").exists()


def test_attributes_are_looked_up_without_running_module_getattr(unimported: tuple[Path, str]) -> None:
    tmp, name = unimported
    with pytest.raises(UsageError) as info:
        load_bot(f"{name}:Missing")
    assert info.value.code == "no_such_bot" and not (tmp / "getattr").exists()


@pytest.mark.parametrize("modules", ["naipes.machuco.bots:MachucoBot", None, 1, [1]])
def test_modules_of_the_wrong_type_are_refused(modules: object) -> None:
    with pytest.raises(UsageError) as info:
        check_bot_spec("random", modules=modules)  # type: ignore[arg-type]
    assert info.value.code == "bad_bot_modules"


def test_a_spec_too_long_is_refused() -> None:
    with pytest.raises(UsageError) as info:
        check_bot_spec("random:" + ",".join(f"k{i}=1" for i in range(400)))
    assert info.value.code == "no_such_bot"


def test_bot_path_reaches_worker_processes(tmp_path: Path) -> None:
    """Bots from a --bot-path directory are found in a pool's processes too."""
    (tmp_path / "pathbots_b21.py").write_text(BOT_CLASS)
    kwargs = {"games": 4, "rules": RULES, "seed": 2}
    here = tournament.run("machuco", ["pathbots_b21:Bot", "random"], bot_path=[tmp_path], **kwargs)  # type: ignore[arg-type]
    pool = tournament.run("machuco", ["pathbots_b21:Bot", "random"], bot_path=[str(tmp_path)], jobs=2,
                          **kwargs)  # type: ignore[arg-type]
    assert here == pool and here.entrants[0].games == 4


@pytest.mark.parametrize("spec", [
    "ismcts:rollout={name}:Bot", "pimc:candidate={name}:Bot,iterations=2",
    "ismcts:rollout=pimc:rollout={name}:Bot", "ismcts:rollout=random:x={name}:Bot",
])
def test_registered_bots_cannot_smuggle_a_module_in_a_parameter(unimported: tuple[Path, str], spec: str) -> None:
    """The search bots load rollout= and candidate= texts as bot specs: refused where modules are."""
    tmp, name = unimported
    for call in (check_bot_spec, load_bot):
        with pytest.raises(UsageError) as info:
            call(spec.format(name=name), modules=False)
        assert info.value.code == "module_bots_refused"
    assert name not in sys.modules and not (tmp / "marker").exists()
    check_bot_spec("ismcts:rollout=random,candidate=best", modules=False)
    check_bot_spec(spec.format(name=name), modules=[f"{name}:Bot"])  # allowed targets may be named
