"""Screenshots of the built docs with headless Chromium, for review.

Usage::

    python docs/screenshots.py [HTML_DIR] [OUT_DIR]

``HTML_DIR`` is a Sphinx HTML build (default ``docs/_build/html``), ``OUT_DIR`` where the
PNG files go (default ``.ci/artifacts/docs``). It needs Playwright (the ``browser`` extra)
and a Chromium: ``$NAIPES_CHROMIUM``, else ``/usr/bin/chromium``, else Playwright's own
(it never downloads one). Prints each file it writes; exits 1 when a page is missing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

#: (file name, page, anchor or "", full page?): the pages worth a look.
SHOTS = (
    ("index.png", "index.html", "", True),
    ("game-machuco.png", "games/machuco.html", "", False),
    ("api-machuco.png", "api/machuco.html", "", False),
    ("api-machuco-rules.png", "api/machuco.html", "naipes.machuco.rules.Rules", False),
    ("cli.png", "guides/cli.html", "", False),
    ("changelog.png", "changelog.html", "", False),
)
VIEWPORT = {"width": 1280, "height": 900}
#: A full-page shot is cut at this height, in CSS pixels.
MAX_HEIGHT = 2400


def _chromium() -> str | None:
    for candidate in (os.environ.get("NAIPES_CHROMIUM"), "/usr/bin/chromium",
                      shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def take(html: Path, out: Path) -> list[Path]:
    """Write the screenshots of :data:`SHOTS`; return their paths."""
    from playwright.sync_api import sync_playwright

    missing = [page for _, page, _, _ in SHOTS if not (html / page).is_file()]
    if missing:
        raise FileNotFoundError(f"not built: {', '.join(missing)} (in {html})")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=_chromium(), headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        )
        page = browser.new_page(viewport=VIEWPORT, device_scale_factor=1)
        for name, path, anchor, full in SHOTS:
            url = (html / path).resolve().as_uri() + (f"#{anchor}" if anchor else "")
            page.goto(url, wait_until="load")
            page.wait_for_timeout(150)  # fonts and the theme's script settle
            target = out / name
            if full:
                height = min(MAX_HEIGHT, page.evaluate("document.body.scrollHeight"))
                page.screenshot(path=str(target), clip={"x": 0, "y": 0,
                                                        "width": VIEWPORT["width"],
                                                        "height": height}, full_page=True)
            else:
                page.screenshot(path=str(target))
            written.append(target)
        browser.close()
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("html", nargs="?", default="docs/_build/html", type=Path)
    parser.add_argument("out", nargs="?", default=".ci/artifacts/docs", type=Path)
    args = parser.parse_args(argv)
    try:
        for path in take(args.html, args.out):
            print(path)
    except FileNotFoundError as error:
        print(f"screenshots: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
