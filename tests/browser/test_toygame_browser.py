"""The example third-party game (examples/toygame) played to the end in a real headless Chromium
against ``naipes serve`` (see conftest: the server registers the toy as its entry point would),
by mouse only and by keyboard only. The page knows the toy only from the server's games list."""

from __future__ import annotations

from typing import Any

import pytest

from ._drive import create, play_to_the_end


@pytest.mark.parametrize("mode", ["mouse", "keyboard"])
def test_a_toy_table_is_played_to_the_end_in_the_browser(new_page: Any, mode: str) -> None:
    p = new_page()
    create(p, "toy", {0: "me", 1: "best"}, players=2)
    info = p.page.evaluate("() => gameInfo('toy')")
    assert info["deck"] == "french-16" and info["workspace_ops"] == []
    short = p.page.evaluate("() => [document.getElementById('short-label').hidden, $('short-name').textContent]")
    assert short[0] == (not info["quick_rules"])
    p.page.wait_for_selector("#hand .card")
    hand = [c.get_attribute("data-card") for c in p.page.query_selector_all("#hand .card")]
    assert len(hand) == 3 and all(c[-1] in "SHDC" for c in hand), hand
    assert all(img.get_attribute("src").startswith("/cards/") for img in p.page.query_selector_all("#hand .card img"))
    # every card has an accessible name: the server's words for it when it sends them, else its notation
    labels = p.page.eval_on_selector_all(
        "#board .card", "cs => cs.map((c) => [c.dataset.card, c.getAttribute('aria-label') || c.querySelector('img').alt])")
    words = p.page.evaluate("state.cardWords") or {}
    assert labels and all(label and label.startswith(words.get(card, card)) for card, label in labels), labels
    assert p.page.evaluate("document.querySelector('#hand .card').tagName") == "BUTTON"
    seen = play_to_the_end(p, keyboard=mode == "keyboard", shots="toygame" if mode == "mouse" else None)
    assert seen["turns"] >= 8 + 1  # eight cards and a bid
    assert seen["highlight"] and seen["stepped"]
    assert p.page.is_hidden("#workspace")
    assert p.page.query_selector_all("#log li"), "no event was told"
    assert not p.errors, p.errors
