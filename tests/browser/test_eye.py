"""Where the eye is, in a real headless Chromium: a refused move's reason and the result banner come
into view next to the hand, on a desktop and on a phone (viewport sizes), while the player looks at
the hand (scrolled so the hand is in view)."""

from __future__ import annotations

from typing import Any

import pytest

from ._drive import create, play_to_the_end

VIEWPORTS = {"desktop": {"width": 1366, "height": 680}, "phone": {"width": 390, "height": 844}}

#: True when the element's box is (mostly) inside the viewport.
IN_VIEW = """s => { const r = document.querySelector(s).getBoundingClientRect();
  return r.height > 0 && r.top >= -2 && r.bottom <= window.innerHeight + 2; }"""

#: True when part of the element shows in the viewport.
SHOWING = """s => { const r = document.querySelector(s).getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight; }"""


@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_a_refused_move_is_told_next_to_the_hand(new_page: Any, size: str) -> None:
    p = new_page()
    p.page.set_viewport_size(VIEWPORTS[size])
    create(p, "machuco", {0: "me", 1: "best"}, players=2)
    p.page.wait_for_function("() => canAct() && document.getElementById('move-text')", timeout=20000)
    p.page.click("#move-text")
    p.page.keyboard.type("envio 99")
    p.page.eval_on_selector("#hand", "h => h.scrollIntoView({block: 'center'})")  # the player looks at the hand
    p.page.keyboard.press("Enter")
    p.page.wait_for_function("() => document.getElementById('error').textContent.length > 0")
    p.page.wait_for_function(IN_VIEW, arg="#error", timeout=3000)
    p.page.wait_for_timeout(300)
    assert p.page.evaluate(IN_VIEW, "#error")
    assert p.page.evaluate(SHOWING, "#hand"), "the hand went out of view"
    assert not p.errors, p.errors


@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_the_result_banner_comes_into_view_next_to_the_hand(new_page: Any, size: str) -> None:
    p = new_page()
    p.page.set_viewport_size(VIEWPORTS[size])
    create(p, "macarra", {0: "me", 1: "best"}, players=2, rules='{"max_turns": 6}')
    play_to_the_end(p, keyboard=False)
    p.page.evaluate("() => window.scrollTo(0, document.scrollingElement.scrollHeight)")  # the player looked below
    p.page.evaluate("() => { document.getElementById('banner').hidden = true; drawBanner(state.update); }")
    p.page.wait_for_function(IN_VIEW, arg="#banner", timeout=3000)
    p.page.wait_for_timeout(300)
    assert p.page.evaluate(IN_VIEW, "#banner")
    assert p.page.evaluate(SHOWING, "#board .seat.mine"), "the seat's own zones are out of view"
    assert not p.errors, p.errors
