"""Check the built API pages: no section is an empty heading.

Usage: ``python docs/check_api_pages.py docs/_build/html``. A section of a page under
``api/`` with no API entry (a documented class, function, attribute...) and almost
no text is what autodoc leaves when it cannot import a module (an optional extra that
is missing and not mocked): the page builds, its heading stands alone. Exits 1 and
names each such section. (``beautifulsoup4`` comes with the docs' theme, furo.)
"""

from __future__ import annotations

import sys
from pathlib import Path

from bs4 import BeautifulSoup

#: A section with fewer characters of text than this, besides its heading, and no entry is empty.
MIN_TEXT = 40


def empty_sections(page: Path) -> list[str]:
    """The headings of ``page``'s innermost sections that hold no API entry and almost no text."""
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    main = soup.find("article") or soup
    found = []
    for section in main.find_all("section"):
        if section.find("section") is not None:
            continue
        heading = section.find(["h1", "h2", "h3", "h4"])
        title = heading.get_text(" ", strip=True).rstrip("¶ ") if heading else "?"
        text = section.get_text(" ", strip=True)
        body = text[len(heading.get_text(" ", strip=True)):] if heading else text
        if not section.find_all("dl", class_="py") and len(body.strip()) < MIN_TEXT:
            found.append(title)
    return found


def entries(page: Path) -> int:
    """How many API entries (signatures) ``page`` documents."""
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    return len(soup.find_all("dt", class_="sig"))


def main(argv: list[str]) -> int:
    """Check every page under ``<html>/api``; print each empty section and a count per page."""
    if len(argv) != 1:
        print("usage: python docs/check_api_pages.py HTML_DIR", file=sys.stderr)
        return 2
    pages = sorted((Path(argv[0]) / "api").glob("*.html"))
    if not pages:
        print(f"no API pages under {argv[0]}/api", file=sys.stderr)
        return 1
    bad = [(page.name, title) for page in pages for title in empty_sections(page)]
    for name, title in bad:
        print(f"{name}: the section {title!r} documents nothing")
    print(f"{len(pages)} API pages, {sum(entries(p) for p in pages)} entries, {len(bad)} empty sections")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
