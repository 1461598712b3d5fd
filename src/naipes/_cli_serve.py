"""``naipes serve``: the reference web server (internal; needs the extra ``naipes[web]``).

``add_parser(subparsers)`` adds the command; ``run(args)`` serves until Ctrl-C.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

__all__ = ["add_parser", "run"]


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= 86400:
        raise argparse.ArgumentTypeError("give 0 to 86400 seconds")
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
                   help="address to bind (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    p.add_argument("--takeover", type=_seconds, default=60.0, metavar="SECONDS",
                   help="a bot takes a seat whose client has been gone this long (default 60)")
    p.add_argument("--takeover-bot", default="best", help="the bot that takes over (default best)")
    p.add_argument("--bot-delay", type=_seconds, default=0.6, metavar="SECONDS",
                   help="seconds a bot waits before it moves (default 0.6)")
    p.add_argument("--origin", action="append", default=[], metavar="URL",
                   help="another origin whose pages may connect, e.g. http://myhost:8000 (repeatable)")
    p.add_argument("--rate", type=float, default=10.0, help="messages a second a client may send (default 10)")
    p.add_argument("--max-tables", type=int, default=1000, help="tables at most (default 1000)")
    return p


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; 1 when the extra is missing."""
    try:
        import uvicorn

        from naipes.web.app import create_app
        from naipes.web.tables import Settings
    except ImportError as exc:
        print(f"naipes serve: needs the web extra (pip install 'naipes-games[web]'): {exc}",
              file=sys.stderr)
        return 1
    settings = Settings(takeover=args.takeover, takeover_bot=args.takeover_bot, bot_delay=args.bot_delay,
                        rate=args.rate, burst=max(1, int(args.rate * 3)), max_tables=args.max_tables,
                        origins=tuple(args.origin))
    app = create_app(settings, host=args.host, port=args.port)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"naipes serve: listening on {args.host}: other machines can reach it", file=sys.stderr)
    print(f"naipes serve: open http://{'127.0.0.1' if args.host == '0.0.0.0' else args.host}:{args.port}/",
          file=sys.stderr, flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=16384,
                ws_ping_interval=20, ws_ping_timeout=20)
    return 0
