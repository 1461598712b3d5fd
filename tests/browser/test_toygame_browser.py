"""The example third-party game (examples/toygame) played to the end in a real headless Chromium
against ``naipes serve`` (see conftest: the server registers the toy as its entry point would).
The page knows the toy only from the server's games list."""

from __future__ import annotations

from typing import Any

from .conftest import Page
from .test_play import create, status

#: What changes when a move is taken: new events, or (a sealed bid tells nothing) a new turn.
CHANGED = ("b => state.next !== b.next || JSON.stringify(state.update.to_act) !== b.to_act"
           " || document.getElementById('error').textContent")


def _act(p: Page) -> bool:
    """Click a playable card, else the first move button; False when it is not this page's turn."""
    s = status(p)
    if not s["mine"] or s["over"]:
        return False
    target = p.page.query_selector("#hand img.playable") or p.page.query_selector("#moves button.move")
    if target is None:
        return False
    before = {"next": s["next"], "to_act": p.page.evaluate("() => JSON.stringify(state.update.to_act)")}
    try:
        target.click(timeout=2000)
    except Exception:  # noqa: BLE001 - redrawn by an update meanwhile: look again
        return False
    p.page.wait_for_function(CHANGED, arg=before, timeout=20000)
    return True


def test_a_toy_table_is_played_to_the_end_in_the_browser(new_page: Any) -> None:
    p = new_page()
    create(p, "toy", {0: "me", 1: "best"}, players=2)
    info = p.page.evaluate("() => gameInfo('toy')")
    assert info["deck"] == "french-16" and info["workspace_ops"] == []
    short = p.page.evaluate("() => [document.getElementById('short-label').hidden, $('short-name').textContent]")
    assert short[0] == (not info["quick_rules"])
    assert not info["quick_rules"] or short[1] == "one " + next(iter(info["quick_rules"])).replace("_", " ")
    p.page.wait_for_selector("#hand img")
    hand = [img.get_attribute("data-card") for img in p.page.query_selector_all("#hand img")]
    assert len(hand) == 3 and all(c[-1] in "SHDC" for c in hand), hand
    assert all(img.get_attribute("src").startswith("/cards/") for img in p.page.query_selector_all("#hand img"))
    clicks, drawn_table = 0, False
    for _ in range(200):
        s = status(p)
        if s["over"]:
            break
        assert p.page.is_hidden("#workspace")
        if _act(p):
            clicks += 1
            drawn_table = drawn_table or bool(p.page.query_selector_all("#board img"))
        else:
            p.page.wait_for_timeout(50)
    assert status(p)["over"], "the toy game did not end"
    p.page.wait_for_function("() => document.getElementById('info').textContent.includes('game over')")
    assert clicks >= 8 + 1  # eight cards and a bid
    assert drawn_table, "the board never showed a card (the table, the piles)"
    assert p.page.query_selector_all("#log li"), "no event was told"
    p.shot("toygame-over")
    assert not p.errors, p.errors
