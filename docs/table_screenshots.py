"""Copy the browser tests' screenshots of each game's table into the docs.

Usage::

    python docs/table_screenshots.py [FROM_DIR] [TO_DIR]

``FROM_DIR`` is where ``tests/browser`` writes its screenshots (default
``.ci/artifacts/browser``: each game's table mid-game and at the result, a
spectator's board, a Machiavelli workspace, four frames of a card travelling), ``TO_DIR`` the docs' picture folder
(default ``docs/_static/screenshots``, which ``docs/guides/front-end.rst`` shows).
CI runs it after the browser tests (``.ci/browser.sh``), so the docs always show
the client as it is. Prints each file it copies; exits 1 when a screenshot is missing
(a browser test did not get that far).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

#: The games the tests play to the end; each leaves ``<name>-mid.png`` and ``<name>-result.png``.
GAMES = ("machuco", "macarra", "ranzo", "machiavelli", "toygame")
#: Other screenshots the guide shows.
EXTRA = ("machuco-spectator.png", "machiavelli-workspace.png",
         *(f"motion-machuco-{i}.png" for i in range(4)))


def wanted() -> list[str]:
    """The file names the docs take from the browser tests."""
    return [f"{game}-{moment}.png" for game in GAMES for moment in ("mid", "result")] + list(EXTRA)


def copy(source: Path, target: Path) -> list[Path]:
    """Copy :func:`wanted` from ``source`` to ``target``; return the copies."""
    missing = [name for name in wanted() if not (source / name).is_file()]
    if missing:
        raise FileNotFoundError(f"not taken: {', '.join(missing)} (in {source})")
    target.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copyfile(source / name, target / name)) for name in wanted()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", nargs="?", default=".ci/artifacts/browser", type=Path)
    parser.add_argument("target", nargs="?", default="docs/_static/screenshots", type=Path)
    args = parser.parse_args(argv)
    try:
        for path in copy(args.source, args.target):
            print(path)
    except FileNotFoundError as error:
        print(f"table_screenshots: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
