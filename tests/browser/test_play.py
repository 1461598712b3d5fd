"""Whole games in a real headless Chromium against ``naipes serve`` (see conftest)."""

from __future__ import annotations

import itertools
from typing import Any

from .conftest import Page

STATE = "() => ({next: state.next, over: !!(state.update && state.update.over), mine: myTurn(), " \
        "to_act: state.update ? state.update.to_act : [], ws: !!state.ws, " \
        "hand: state.view ? state.view.hand : [], phase: state.view ? state.view.phase : null})"


def create(p: Page, game: str, seats: dict[int, str], players: int | None = None, rules: str = "{}") -> None:
    page = p.page
    page.goto(p.url + "/")
    page.wait_for_selector(f"#game option[value={game}]", state="attached")
    page.select_option("#game", game)
    if players is not None:
        page.select_option("#players", str(players))
    page.fill("#rules", rules)
    for seat, choice in seats.items():
        page.select_option(f"#seat-{seat}", choice)
    page.click("#create-button")
    page.wait_for_function("() => state.update !== null")


def status(p: Page) -> dict[str, Any]:
    result: dict[str, Any] = p.page.evaluate(STATE)
    return result


def wait_change(p: Page, before: int) -> None:
    p.page.wait_for_function(
        "n => state.next !== n || document.getElementById('error').textContent", arg=before, timeout=20000)


def act(p: Page) -> bool:
    """Click a playable card, else the first move button; False when it is not this page's turn."""
    s = status(p)
    if not s["mine"] or s["over"]:
        return False
    card = p.page.query_selector("#hand img.playable")
    target = card or p.page.query_selector("#moves button.move")
    if target is None:
        return False
    try:
        target.click(timeout=2000)
        if card is not None and p.page.inner_text("#prompt").startswith("Play "):
            p.page.click("#moves button.move", timeout=2000)  # the card is in several moves: pick one
    except Exception:  # noqa: BLE001 - redrawn by an update meanwhile: look again
        return False
    wait_change(p, s["next"])
    return True


def test_two_pages_play_a_machuco_hand(new_page: Any) -> None:
    a, b = new_page(), new_page()
    create(a, "machuco", {0: "me", 1: "open"}, players=2)
    table = a.page.evaluate("state.table")
    b.page.goto(b.url + "/")
    b.page.wait_for_selector("#tables button.join")
    b.page.click("#tables button.join")
    b.page.wait_for_function("() => state.update !== null && state.seat === 1")
    assert b.page.evaluate("state.table") == table
    for i in range(600):
        if status(a)["over"]:
            break
        if i == 12:
            a.shot("machuco-play")
        if not (act(a) or act(b)):
            a.page.wait_for_timeout(50)
    assert status(a)["over"] and status(b)["over"]
    a.page.wait_for_function("() => document.getElementById('info').textContent.includes('game over')")
    a.shot("machuco")
    assert not a.errors and not b.errors, a.errors + b.errors


def test_ranzo_round_with_bots_and_a_claim_window(new_page: Any) -> None:
    p = new_page()
    create(p, "ranzo", {0: "me", 1: "best", 2: "best", 3: "best"})
    answered = reloaded = False
    for _ in range(800):
        s = status(p)
        if s["over"]:
            break
        if s["mine"] and len(s["to_act"]) > 1 or s["mine"] and "Answer" in p.page.inner_text("#prompt"):
            if not answered:
                p.shot("ranzo-claim")
            answered = True
        if act(p):
            if answered and not reloaded:
                before = p.page.evaluate("document.querySelectorAll('#log li').length")
                p.page.reload()
                p.page.wait_for_function("n => document.querySelectorAll('#log li').length >= n", arg=before)
                assert p.page.evaluate("state.seat") == 0
                reloaded = True
        else:
            p.page.wait_for_timeout(50)
    assert answered and reloaded
    assert status(p)["over"]
    p.shot("ranzo")
    assert not p.errors, p.errors


def _meld_in(hand: list[str]) -> tuple[str, ...] | None:
    from naipes.machiavelli.melds import Meld, is_valid_meld

    for combo in itertools.combinations(sorted(set(hand)), 3):
        try:
            if is_valid_meld(Meld.parse("[" + " ".join(combo) + "]")):
                return combo
        except Exception:  # noqa: BLE001 - not a meld's notation
            continue
    return None


def test_machiavelli_turn_in_the_workspace_and_an_illegal_commit(new_page: Any) -> None:
    p = new_page()
    create(p, "machiavelli", {0: "me", 1: "best"}, players=2)
    page = p.page
    illegal_seen = committed = False
    for _ in range(60):
        page.wait_for_function("() => (myTurn() && state.ws) || (state.update && state.update.over)", timeout=20000)
        if status(p)["over"]:
            break
        hand = page.evaluate("state.ws.hand")
        if not illegal_seen:
            page.click(f"#hand img[data-card='{hand[0]}']")
            page.click("#ws-new")
            page.wait_for_function("() => state.ws.taken.length === 1")
            page.click("#ws-commit")
            page.wait_for_function("() => document.getElementById('error').textContent.length > 0")
            assert page.inner_text("#error")
            p.shot("machiavelli-illegal")
            page.click("#ws-buttons button[data-op=undo]")
            page.wait_for_function("() => state.ws.taken.length === 0")
            illegal_seen = True
        meld = _meld_in(hand)
        before = status(p)["next"]
        if meld is None:
            page.click("#ws-draw")
            wait_change(p, before)
            continue
        first, *rest = meld
        page.click(f"#hand img[data-card='{first}']")
        page.click("#ws-new")
        page.wait_for_function("() => state.ws.taken.length === 1")
        count = page.evaluate("state.ws.melds.length")
        for i, card in enumerate(rest, 2):
            page.click(f"#hand img[data-card='{card}']")
            page.click(f"#ws-melds .meld[data-meld='{count - 1}']")
            page.wait_for_function(f"() => state.ws.taken.length === {i}")
        page.click("#ws-buttons button[data-op=show]")
        page.wait_for_function("() => state.ws.valid")
        p.shot("machiavelli-workspace")
        page.click("#ws-commit")
        wait_change(p, before)
        assert not page.inner_text("#error")
        committed = True
        break
    assert illegal_seen and committed
    page.wait_for_timeout(300)
    p.shot("machiavelli")
    assert not p.errors, p.errors


def test_illegal_typed_move_shows_its_reason(new_page: Any) -> None:
    p = new_page()
    create(p, "machuco", {0: "me", 1: "best"}, players=2)
    p.page.wait_for_function("() => myTurn()", timeout=20000)
    p.page.fill("#move-text", "envio 99")
    p.page.press("#move-text", "Enter")
    p.page.wait_for_function("() => document.getElementById('error').textContent.length > 0")
    assert p.page.inner_text("#error")
    p.shot("machuco-illegal")
    assert not p.errors, p.errors


def test_macarra_table_is_shown(new_page: Any) -> None:
    p = new_page()
    create(p, "macarra", {0: "me", 1: "best", 2: "best", 3: "best"})
    for _ in range(40):
        if not act(p):
            p.page.wait_for_timeout(50)
    assert p.page.query_selector_all("#board img")
    p.shot("macarra")
    assert not p.errors, p.errors


def test_zz_everything_the_pages_received_validates() -> None:
    """Runs last: every WebSocket message the pages above received."""
    __import__("pytest").importorskip("jsonschema")
    from web._check import check_message

    from .conftest import FRAMES

    assert len(FRAMES) > 100
    for message in FRAMES:
        check_message(message)
