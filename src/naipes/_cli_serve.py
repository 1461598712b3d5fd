"""``naipes serve``: the reference web server (internal; needs the extra ``naipes[web]``).

``add_parser(subparsers)`` adds the command; ``run(args)`` serves until Ctrl-C.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from naipes.errors import NaipesError

__all__ = ["add_parser", "run"]


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= 86400:
        raise argparse.ArgumentTypeError("give 0 to 86400 seconds")
    return value


def _lifetime(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 1 <= value <= 366 * 86400:
        raise argparse.ArgumentTypeError("give 1 to 31622400 seconds (366 days)")
    return value


def _count(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 10**7:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from 1 to 10000000")
    return int(text)


def _quiet_collector() -> None:
    """Keep the garbage collector's pauses short in a long-running server: what was loaded at
    start (modules, tables) is frozen out of its scans, and the youngest generation is collected
    less often (a server's garbage is mostly short-lived dicts that reference counting frees)."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


def _whole(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 64:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from 0 to 64")
    return int(text)


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value <= 10**6:
        raise argparse.ArgumentTypeError("give a number above 0 and at most 1000000")
    return value


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number")
    return int(text)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``serve`` to the ``naipes`` command's subparsers."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="serve tables to play in a browser (needs naipes[web])",
        description="A local web server: create a table for any game, take seats, let bots "
                    "fill the others and play in the browser.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to bind (default 127.0.0.1: this machine only); any other "
                        "needs --allowed-host")
    p.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                   help="a Host name clients use to reach the server, besides loopback's "
                        "(repeatable; required with a --host other than loopback)")
    p.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    p.add_argument("--takeover", type=_seconds, default=60.0, metavar="SECONDS",
                   help="a bot takes a seat whose client has been gone this long (default 60)")
    p.add_argument("--takeover-bot", default="best", help="the bot that takes over (default best)")
    p.add_argument("--bot-delay", type=_seconds, default=0.6, metavar="SECONDS",
                   help="seconds a bot waits before it moves (default 0.6)")
    p.add_argument("--origin", action="append", default=[], metavar="URL",
                   help="another origin whose pages may connect, e.g. http://myhost:8000 (repeatable)")
    p.add_argument("--rate", type=_rate, default=10.0, help="messages a second a client may send (default 10)")
    p.add_argument("--max-tables", type=_count, default=1000, help="tables at most (default 1000)")
    _add_limits(p)
    p.add_argument("--db", metavar="PATH", default=None,
                   help="the SQLite file tables are saved in, so they survive a restart (default: "
                        "naipes/tables.sqlite3 in the user's data directory); :memory: saves nothing")
    p.add_argument("--db-sync", choices=("normal", "full"), default="normal",
                   help="normal: a saved move survives a killed server; full: a power cut too, "
                        "at one fsync per move (default normal)")
    p.add_argument("--idle-expiry", type=_lifetime, default=86400.0, metavar="SECONDS",
                   help="an unfinished table with no move or seat taken this long is deleted (default 86400)")
    p.add_argument("--finished-expiry", type=_lifetime, default=3600.0, metavar="SECONDS",
                   help="a finished table is deleted this long after its last move (default 3600)")
    return p


def _add_limits(p: argparse.ArgumentParser) -> None:
    """The options of the bots clients may name and of the limits per client address."""
    p.add_argument("--allow-bot", action="append", default=[], metavar="MODULE:CLASS",
                   help="a bot class clients may name besides the registered bots (repeatable); its "
                        "module comes from the installed packages, PYTHONPATH or --bot-path")
    p.add_argument("--bot-path", action="append", metavar="DIR", default=None,
                   help="also look for the modules of --allow-bot and --takeover-bot classes in DIR "
                        "(repeatable); '--bot-path .' for the current directory, which is not searched "
                        "otherwise. Clients still name only --allow-bot classes")
    p.add_argument("--max-bot-iterations", type=_count, default=2000, metavar="N",
                   help="the most iterations= a client's bot may ask (default 2000)")
    p.add_argument("--max-bot-seconds", type=_rate, default=5.0, metavar="SECONDS",
                   help="the most seconds= a client's bot may ask (default 5)")
    p.add_argument("--bot-processes", type=_whole, default=2, metavar="N",
                   help="worker processes the bots think in (default 2; 0: threads in the "
                        "server's process, which share its interpreter lock with the replies)")
    p.add_argument("--bot-threads", type=_count, default=2, metavar="N",
                   help="worker threads for bots that cannot go to a process (default 2)")
    p.add_argument("--max-connections", type=_count, default=2000, metavar="N",
                   help="open WebSocket connections at most (default 2000)")
    p.add_argument("--max-connections-per-address", type=_count, default=64, metavar="N",
                   help="open WebSocket connections at most from one client address (default 64)")
    p.add_argument("--max-tables-per-address", type=_count, default=20, metavar="N",
                   help="unfinished tables one client address may create (default 20)")
    p.add_argument("--address-rate", type=_rate, default=50.0, metavar="RATE",
                   help="messages a second one client address may send, all its sockets "
                        "together (default 50)")


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; 1 when the extra is missing."""
    try:
        import uvicorn

        from naipes.web.app import allowed_hosts, create_app
        from naipes.web.tables import Settings
    except ImportError as exc:
        print(f"naipes serve: needs the web extra (pip install 'naipes-games[web]'): {exc}",
              file=sys.stderr)
        return 1
    try:  # before the store is opened: a server that would not start touches nothing
        settings = _settings(args, Settings)
        _check_bots(settings)
        allowed_hosts(args.host, settings.allowed_hosts)
    except NaipesError as exc:
        print(f"naipes serve: {exc}", file=sys.stderr)
        return 2
    settings, problem = _with_store(settings, args)
    if problem is not None:
        print(f"naipes serve: {problem}", file=sys.stderr)
        return 2
    app = create_app(settings, host=args.host, port=args.port)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"naipes serve: listening on {args.host}: other machines can reach it", file=sys.stderr)
    print(f"naipes serve: open http://{'127.0.0.1' if args.host == '0.0.0.0' else args.host}:{args.port}/",
          file=sys.stderr, flush=True)
    sys.setswitchinterval(0.001)  # the event loop gets the interpreter back from thinking bots within 1 ms
    _quiet_collector()
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=16384,
                ws_ping_interval=20, ws_ping_timeout=20, ws_per_message_deflate=False)
    return 0


def _settings(args: argparse.Namespace, settings: Any) -> Any:
    """The server's ``Settings`` from the options (without the store).

    Raises:
        UsageError: for a ``--bot-path`` that is not a directory (``bad_bot_path``).
    """
    from naipes._cli_games import bot_path

    return settings(takeover=args.takeover, takeover_bot=args.takeover_bot, bot_delay=args.bot_delay,
                    rate=args.rate, burst=max(1, int(args.rate * 3)), max_tables=args.max_tables,
                    origins=tuple(args.origin), allowed_hosts=tuple(args.allowed_host),
                    allowed_bots=tuple(args.allow_bot), bot_path=bot_path(args.bot_path),
                    max_bot_iterations=args.max_bot_iterations,
                    max_bot_seconds=args.max_bot_seconds, bot_threads=args.bot_threads,
                    bot_processes=args.bot_processes,
                    max_connections=args.max_connections,
                    max_connections_per_address=args.max_connections_per_address,
                    max_tables_per_address=args.max_tables_per_address, address_rate=args.address_rate,
                    address_burst=max(1, int(args.address_rate * 2)))


def _check_bots(settings: Any) -> None:
    """Refuse to start with a takeover bot or an allowed bot that does not load (nothing is
    built); their modules are imported here, from the installed packages, ``PYTHONPATH`` and
    ``--bot-path``, before the bots' worker processes start (which then find them too)."""
    from naipes.bots import check_bot_spec

    if settings.takeover_bot.strip() != "best":
        check_bot_spec(settings.takeover_bot, path=settings.bot_path)
    for spec in settings.allowed_bots:
        if ":" not in spec:
            raise NaipesError(f"--allow-bot takes module:Class, not {spec!r}")
        check_bot_spec(spec, path=settings.bot_path)


def _with_store(settings: Any, args: argparse.Namespace) -> tuple[Any, str | None]:
    """The settings with the table store and lifetimes of ``args``, and why the store cannot
    be used (it is opened and closed here, so a bad ``--db`` is a clear message, not a traceback)."""
    import attrs

    from naipes.web.store import Store, StoreError, default_path

    db = args.db if args.db is not None else str(default_path())
    settings = attrs.evolve(settings, db=db, db_sync=args.db_sync, idle_expiry=args.idle_expiry,
                            finished_expiry=args.finished_expiry)
    if db != ":memory:":
        try:
            Store(db, synchronous=args.db_sync).close()
        except (StoreError, OSError) as exc:
            return settings, f"cannot use the table database {db}: {exc}"
    return settings, None
