"""The seat's secret token is never in the page's text, and the page works under its CSP."""

from __future__ import annotations

from typing import Any

from .test_play import create


def test_the_token_is_not_printed_and_the_links_copy(new_page: Any) -> None:
    p = new_page()
    p.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    create(p, "machuco", {0: "me", 1: "best"}, players=2)
    token = p.page.evaluate("state.token")
    assert token and len(token) > 20
    p.page.wait_for_selector("#share button.copy")
    assert token not in p.page.inner_text("body")
    assert token not in p.page.evaluate("document.body.textContent")
    buttons = p.page.query_selector_all("#share button.copy")
    buttons[0].click()
    p.page.wait_for_function("() => document.querySelector('#share button.copy').textContent === 'Copied'")
    assert token in p.page.evaluate("navigator.clipboard.readText()")
    buttons[1].click()
    assert token not in p.page.evaluate("navigator.clipboard.readText()")
    assert not [e for e in p.errors if "Content Security Policy" in e], p.errors
    assert not p.errors, p.errors
