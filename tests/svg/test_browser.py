"""The pictures in a real browser: headless Chromium loads each one as an SVG document.

Skipped without Playwright (Python) or ``/usr/bin/chromium``; never runs
``playwright install``. Screenshots go to ``.ci/artifacts/svg/``.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any, Iterator

import attrs
import pytest

from naipes import Card, french_deck, spanish_deck
from naipes.svg import back, card, deck_sheet, render
from tests.svg._positions import GAMES, play_randomly, position

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / ".ci" / "artifacts" / "svg"

if not os.path.exists(CHROMIUM):
    pytest.skip(f"no {CHROMIUM}", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


def _pictures() -> dict[str, str]:
    pictures = {f"{name}-table": render(position(name, 7, 40).view(0)) for name in sorted(GAMES)}
    pictures["ranzo-table-seat2"] = render(position("ranzo", 3, 9).view(2))
    pictures["toy-table-zones"] = _toy_table()
    pictures["spanish-deck"] = deck_sheet(spanish_deck(48))
    pictures["french-deck"] = deck_sheet(french_deck(jokers=1))
    pictures["figures-120px"] = deck_sheet(Card.parse_many("10o 11o 12o 10c 11c 12c 10e 11e 12e 10b 11b 12b"),
                                           width=120, columns=6)
    for text in ("1o", "Cc", "7e", "Rb", "QH", "JK"):
        pictures[f"card-{text}"] = card(Card.parse(text))
    pictures["back-spanish"] = back()
    pictures["back-french"] = back(deck="french", width=90)
    return pictures


def _toy_table() -> str:
    """The example third-party game's table, drawn by the generic drawer from its plugin's zones."""
    import naipes_toy

    import naipes.registry

    saved = dict(naipes.registry._GAMES)
    info = attrs.evolve(naipes_toy.GAME_INFO, plugin="tests.svg._toy_plugin:ZonedToy")
    try:
        for key in (info.name, *info.aliases):
            naipes.registry._GAMES[key.casefold()] = info
        game = play_randomly(naipes_toy.Game(naipes_toy.Rules(players=3), seed=7), 4, 7)
        return render(game.view(0))
    finally:
        naipes.registry._GAMES.clear()
        naipes.registry._GAMES.update(saved)


PICTURES = _pictures()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_picture_renders_in_chromium(browser: Any, name: str, tmp_path: Path) -> None:
    svg = PICTURES[name]
    path = tmp_path / f"{name}.svg"
    path.write_text(svg, encoding="utf-8")
    width, height = _size(svg)
    page = browser.new_page(viewport={"width": math.ceil(width), "height": math.ceil(height)})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    root = page.evaluate("""() => {
        const r = document.documentElement, box = r.getBoundingClientRect();
        return {ns: r.namespaceURI, tag: r.localName, w: box.width, h: box.height,
                errors: document.getElementsByTagName('parsererror').length,
                cards: document.querySelectorAll('g.card').length}
    }""")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    page.close()
    assert not errors
    assert (root["ns"], root["tag"], root["errors"]) == ("http://www.w3.org/2000/svg", "svg", 0)
    assert root["w"] == pytest.approx(width, abs=0.5) and root["h"] == pytest.approx(height, abs=0.5)
    assert root["cards"] == svg.count('class="card"')


def _size(svg: str) -> tuple[float, float]:
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    return float(root.get("width") or 0), float(root.get("height") or 0)
