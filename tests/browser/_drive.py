"""Drive the browser client like a person: by mouse only or by keyboard only (Tab, Enter).

``play_to_the_end`` plays a whole quick game for the page's seat (bots fill the others)
and checks, on the way, the last-move highlight, stepping back through the move list and,
at the end, the result banner.
"""

from __future__ import annotations

from typing import Any

from .conftest import Page

#: What the page may act on, in the order a player would try them: a workspace's end of
#: turn, a choice offered for a picked card, a playable card, a move button.
TARGETS = ("#moves .choice button.move", "#ws-draw", "#board button.card.playable", "#moves .move-list button.move")

STATUS = ("() => ({moves: state.update ? state.update.moves : 0, over: !!(state.update && state.update.over), "
          "act: canAct(), to_act: state.update ? JSON.stringify(state.update.to_act) : '', "
          "ws: !!state.ws, workspace: hasWorkspace()})")

#: What changes when the page's move is taken: the move count, whose turn, an error.
CHANGED = ("b => !state.update || state.update.moves !== b.moves || JSON.stringify(state.update.to_act) !== b.to_act"
           " || document.getElementById('error').textContent || state.update.over")


def create(p: Page, game: str, seats: dict[int, str], players: int | None = None, rules: str = "{}",
           name: str = "") -> None:
    """Create a quick table from the lobby (the short game box stays checked)."""
    page = p.page
    page.goto(p.url + "/?lang=en")
    page.wait_for_selector(f"#game option[value={game}]", state="attached")
    page.select_option("#game", game)
    if players is not None:
        page.select_option("#players", str(players))
    page.fill("#rules", rules)
    if name:
        page.fill("#table-name-input", name)
    for seat, choice in seats.items():
        page.select_option(f"#seat-{seat}", choice)
    page.click("#create-button")
    page.wait_for_function("() => state.update !== null")


def status(p: Page) -> dict[str, Any]:
    result: dict[str, Any] = p.page.evaluate(STATUS)
    return result


def _ready(p: Page) -> bool:
    """Wait until the page may act (True) or the game is over (False)."""
    p.page.wait_for_function("() => state.update && (state.update.over || (canAct() && (!hasWorkspace() || state.ws)))",
                             timeout=30000)
    return not status(p)["over"]


def _target(p: Page) -> str | None:
    for selector in TARGETS:
        if p.page.query_selector(selector):
            return selector
    return None


def mouse_turn(p: Page) -> None:
    """Take one turn with the mouse: the first thing to act on, then a choice if one is offered."""
    page = p.page
    selector = _target(p)
    if selector is None:  # a workspace game with no draw: every move is under "All moves"
        page.click("#moves details.all summary")
        selector = "#moves details.all button.move"
    page.click(selector, timeout=5000)
    if selector == "#board button.card.playable" and page.query_selector("#moves .choice button.move"):
        page.click("#moves .choice button.move", timeout=5000)


def tab_to(p: Page, selector: str, limit: int = 150) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(limit):
        if p.page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
        p.page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def keyboard_turn(p: Page) -> None:
    """Take one turn with the keyboard only: Tab to the first thing to act on, Enter."""
    page = p.page
    selector = _target(p)
    if selector is None:
        tab_to(p, "#moves details.all summary")
        page.keyboard.press("Enter")
        selector = "#moves details.all button.move"
    tab_to(p, selector)
    page.keyboard.press("Enter")
    if page.query_selector("#moves .choice button.move"):  # the card is in several moves: the first is focused
        page.wait_for_function("() => document.activeElement.matches('#moves .choice button.move')")
        page.keyboard.press("Enter")


def step_back(p: Page, keyboard: bool) -> None:
    """Step back through the move list and return to the live game; moves are disabled meanwhile."""
    page = p.page
    assert status(p)["moves"] >= 1
    if keyboard:
        tab_to(p, "#step-prev")
        page.keyboard.press("Enter")
    else:
        page.click("#step-prev")
    page.wait_for_function("() => state.viewing !== null")
    assert page.is_visible("#replay")
    n, now = page.evaluate("[state.viewing.n, state.viewing.moves]")
    assert n < now
    assert page.query_selector("#board .zone"), "the earlier position shows no table"
    assert not page.query_selector("#moves button.move:not([disabled])"), "moves stay enabled while looking back"
    if keyboard:
        tab_to(p, "#history button.step[data-n='0']")
        page.keyboard.press("Enter")
    else:
        page.click("#history button.step[data-n='0']")
    page.wait_for_function("() => state.viewing && state.viewing.n === 0")
    assert "current" in (page.get_attribute("#history li:has(button[data-n='0'])", "class") or "")
    if keyboard:
        tab_to(p, "#step-live")
        page.keyboard.press("Enter")
    else:
        page.click("#step-live")
    page.wait_for_function("() => state.viewing === null")
    assert page.is_hidden("#replay")


def check_last_move(p: Page) -> bool:
    """When the last move names cards still on the board, one of them is highlighted; True if checked."""
    page = p.page
    shown = page.evaluate("() => { const l = state.update.last_move; if (!l || !l.cards.length) return null;"
                          " return l.cards.some((c) => document.querySelector(`#board .card[data-card=\"${c}\"]`)); }")
    if not shown:
        return False
    assert page.query_selector("#board .card.last"), "the last move's card is not highlighted"
    assert page.inner_text("#last-move")
    return True


def play_to_the_end(p: Page, keyboard: bool, shots: str | None = None, limit: int = 400) -> dict[str, Any]:
    """Play the page's seat until the game is over; returns what was checked on the way."""
    page = p.page
    seen = {"turns": 0, "highlight": False, "stepped": False}
    for _ in range(limit):
        if not _ready(p):
            break
        seen["highlight"] = seen["highlight"] or check_last_move(p)
        if seen["turns"] == 3 and not seen["stepped"]:
            step_back(p, keyboard)
            seen["stepped"] = True
            if shots:
                p.shot(f"{shots}-mid")
        before = status(p)
        try:
            (keyboard_turn if keyboard else mouse_turn)(p)
        except Exception:  # noqa: BLE001 - redrawn by a bot's move meanwhile: look again
            if status(p)["moves"] == before["moves"] and status(p)["act"]:
                raise
            continue
        page.wait_for_function(CHANGED, arg=before, timeout=30000)
        error = page.inner_text("#error")
        if error and status(p)["moves"] != before["moves"]:
            continue  # a bot's answer closed the window first (a lost race, as for any player)
        assert not error, error
        seen["turns"] += 1
    assert status(p)["over"], "the game did not end"
    page.wait_for_selector("#banner:not([hidden])")
    seen["banner"] = page.inner_text("#banner")
    if shots:
        p.shot(f"{shots}-result")
    return seen
