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

#: (file name, page, what to show): the whole page (cut at :data:`MAX_HEIGHT`), the first
#: screen of it, or the element a CSS selector names (an object's entry, a section).
SHOTS = (
    ("index.png", "index.html", "page"),
    ("game-machuco.png", "games/machuco.html", "screen"),
    ("api-machuco.png", "api/machuco.html", "screen"),
    ("api-machuco-rules.png", "api/machuco.html", r"dl.py:has(> dt#naipes\.machuco\.rules\.Rules)"),
    ("cli.png", "guides/cli.html", "screen"),
    ("cli-play.png", "guides/cli.html", "section#play-a-game"),
    ("changelog.png", "changelog.html", "screen"),
    # the browser client's tables as the guide shows them (docs/table_screenshots.py put them there)
    ("front-end-client.png", "guides/front-end.html", "section#copying-the-reference-client"),
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

    missing = [page for _, page, _ in SHOTS if not (html / page).is_file()]
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
        for name, path, what in SHOTS:
            page.goto((html / path).resolve().as_uri(), wait_until="load")
            page.wait_for_timeout(150)  # fonts and the theme's script settle
            target = out / name
            if what == "screen":
                page.screenshot(path=str(target))
            else:
                top, height = 0.0, float(page.evaluate("document.body.scrollHeight"))
                if what != "page":
                    box = page.locator(what).first.bounding_box()
                    if box is None:
                        raise FileNotFoundError(f"{path} has no {what}")
                    top, height = max(0.0, box["y"] - 12), box["height"] + 24
                clip = {"x": 0, "y": top, "width": VIEWPORT["width"],
                        "height": min(MAX_HEIGHT, height)}
                page.screenshot(path=str(target), clip=clip, full_page=True)
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
    except ImportError:
        print("screenshots: needs Playwright (pip install -e '.[browser]')", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
