"""``naipes serve --allow-bot module:Class``: the operator's module comes from the installed
packages, ``PYTHONPATH`` or ``--bot-path DIR``; from the current directory only when asked;
clients still name only the listed classes.

The server refused the operator's module when it lay in the current directory, and its
error named a ``--bot-path`` that ``serve`` did not have.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

import naipes
from naipes.cli import build_parser
from naipes.errors import UsageError
from naipes.web import Settings
from naipes.web.tables import check_client_bots, client_bot

#: Where the naipes the tests import lives: the server runs the same one.
SRC = str(Path(naipes.__file__).resolve().parents[1])

#: The operator's bot: writes the pid of the process it thinks in; importing ``other_k9``
#: (a client naming it) would leave a marker.
BOT = '''
import os
from naipes import RandomBot

class OperatorBot(RandomBot):
    def choose(self, view):
        with open(os.path.join(os.path.dirname(__file__), "pids.txt"), "a") as out:
            out.write(f"{os.getpid()}\\n")
        return super().choose(view)
'''
OTHER = "open(__file__ + '.imported', 'w').write('ran')\nfrom naipes import RandomBot\nclass Bot(RandomBot): pass\n"
SPEC = "operatorbot_k9:OperatorBot"


@pytest.fixture
def bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / "operatorbot_k9.py").write_text(BOT)
    (folder / "other_k9.py").write_text(OTHER)
    for name in ("operatorbot_k9", "other_k9"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if Path(p or ".").resolve() != folder.resolve()])
    return folder


def _settings(*args: str) -> Settings:
    from naipes._cli_serve import _check_bots
    from naipes._cli_serve import _settings as settings_of

    parsed = build_parser().parse_args(["serve", *args])
    settings = settings_of(parsed, Settings)
    _check_bots(settings)
    return settings


def test_serve_takes_bot_path_for_the_listed_bots_only(bots: Path) -> None:
    settings = _settings("--allow-bot", SPEC, "--bot-path", str(bots))
    assert settings.bot_path == (str(bots.resolve()),) and settings.allowed_bots == (SPEC,)
    check_client_bots({1: SPEC}, settings, game="machuco")
    game = naipes.plugin.plugin("machuco")
    assert type(client_bot(game, SPEC, settings)).__name__ == "OperatorBot"
    with pytest.raises(UsageError) as info:  # in the same directory, but not listed
        check_client_bots({1: "other_k9:Bot"}, settings, game="machuco")
    assert info.value.code == "module_bots_refused"
    assert "other_k9" not in sys.modules and not (bots / "other_k9.py.imported").exists()


def test_a_listed_module_in_the_current_directory_needs_bot_path(bots: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(bots)
    with pytest.raises(UsageError) as info:
        _settings("--allow-bot", SPEC)
    assert info.value.code == "no_such_bot" and "--bot-path ." in str(info.value)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", "--help"])
    assert "--bot-path DIR" in capsys.readouterr().out  # the option the error names exists
    assert _settings("--allow-bot", SPEC, "--bot-path", ".").bot_path == (str(bots.resolve()),)


def test_a_bot_path_that_is_no_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UsageError) as info:
        _settings("--bot-path", str(tmp_path / "missing"))
    assert info.value.code == "bad_bot_path"


# -- the real server ---------------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def _serve(*args: str, cwd: Path, pythonpath: str = "") -> Iterator[tuple[int, Any]]:
    pytest.importorskip("uvicorn")
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (SRC, pythonpath) if p)}
    proc = subprocess.Popen([sys.executable, "-m", "naipes", "serve", "--port", str(port), "--db", ":memory:",
                             "--bot-delay", "0", "--bot-processes", "1", *args],
                            cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while proc.poll() is None and time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
            time.sleep(0.1)
        yield port, proc
    finally:
        if proc.poll() is None:
            proc.terminate()
        proc.wait(20)
        if proc.stderr is not None:
            proc.stderr.close()


def _play(port: int, bot: str) -> dict[str, Any]:
    """A table whose two seats are ``bot``, played to its end."""
    body = {"game": "machuco", "players": 2, "rules": {"scope": "hand"}, "bots": {"0": bot, "1": bot}}
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=20) as answer:
        table = json.load(answer)["table"]
    deadline = time.monotonic() + 60
    while True:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables/{table}", timeout=20) as answer:
            state: dict[str, Any] = json.load(answer)
        if state["over"] or time.monotonic() > deadline:
            return state


@pytest.mark.parametrize("how", ["bot-path", "PYTHONPATH"])
def test_a_real_server_plays_the_operators_bot_from_bot_path_or_pythonpath(bots: Path, tmp_path: Path,
                                                                           how: str) -> None:
    if how == "bot-path":  # started elsewhere
        (tmp_path / "elsewhere").mkdir()
        server = _serve("--allow-bot", SPEC, "--bot-path", str(bots), cwd=tmp_path / "elsewhere")
    else:  # started in the bots' directory, which PYTHONPATH names
        server = _serve("--allow-bot", SPEC, cwd=bots, pythonpath=str(bots))
    with server as (port, proc):
        assert proc.poll() is None, proc.stderr.read()
        assert _play(port, SPEC)["over"]
        pids = {int(line) for line in (bots / "pids.txt").read_text().split()}
        assert pids and proc.pid not in pids  # it thought in the server's worker process


def test_a_real_server_refuses_the_current_directory_unasked_in_one_line(bots: Path) -> None:
    with _serve("--allow-bot", SPEC, cwd=bots) as (_, proc):
        assert proc.wait(30) == 2
        err = proc.stderr.read()
    assert err.count("\n") == 1 and "is in the current directory" in err and "--bot-path ." in err
