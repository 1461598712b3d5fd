"""Motion and keyed redraws in a real headless Chromium against ``naipes serve`` (see conftest).

Cards travel (FLIP, at most about 300 ms) and a bot's seat shows that it is thinking; nothing
moves under ``prefers-reduced-motion`` or with the page's switch off; another seat's move leaves
the elements of the cards that did not move in place (focus kept)."""

from __future__ import annotations

from typing import Any

from ._drive import create, mouse_turn, status
from .conftest import ARTIFACTS, Page

#: Recorded from the page's start: every Web Animation a card got, and whether a seat ever showed
#: a bot thinking (the observer sees the indicator even when the bot answers within milliseconds).
RECORDER = """
window.__anims = [];
window.__thinking = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  window.__anims.push({cls: this.className, duration: typeof options === 'number' ? options : options.duration,
                       board: !!this.closest('#board'), ghost: this.classList.contains('ghost')});
  return animate.call(this, frames, options);
};
new MutationObserver((list) => {
  for (const m of list) for (const n of m.addedNodes)
    if (n.nodeType === 1 && (n.matches('.seat .tag.thinking') || n.querySelector('.seat .tag.thinking'))) window.__thinking++;
}).observe(document, {subtree: true, childList: true});
"""


def _page(browser: Any, server: str, **options: Any) -> Page:
    context = browser.new_context(**options)
    context.add_init_script(RECORDER)
    return Page(context.new_page(), server)


def _turns(p: Page, n: int) -> int:
    """Take ``n`` of the page's turns by mouse (bots answer); returns the moves played by then."""
    for _ in range(n):
        p.page.wait_for_function("() => state.update.over || (canAct() && document.querySelector('#moves button.move'))",
                                 timeout=30000)
        if status(p)["over"]:
            break
        before = status(p)
        mouse_turn(p)
        p.page.wait_for_function("m => state.update.moves > m", arg=before["moves"], timeout=30000)
    p.page.wait_for_timeout(400)
    return int(status(p)["moves"])


def test_cards_travel_in_at_most_300_ms_and_bots_show_thinking(browser: Any, server: str) -> None:
    p = _page(browser, server)
    try:
        create(p, "machuco", {0: "me", 1: "best"}, players=2)
        assert p.page.is_checked("#motion")
        assert _turns(p, 4) >= 4
        anims = p.page.evaluate("window.__anims")
        cards = [a for a in anims if "card" in a["cls"]]
        assert cards, "no card moved"
        assert all(a["duration"] <= 300 for a in cards), cards
        assert any(a["board"] for a in cards)
        assert p.page.evaluate("window.__thinking") > 0, "a bot's turn never showed the bot thinking"
        assert not p.errors, p.errors
    finally:
        p.page.context.close()


def test_nothing_moves_under_reduced_motion(browser: Any, server: str) -> None:
    p = _page(browser, server, reduced_motion="reduce")
    try:
        create(p, "machuco", {0: "me", 1: "best"}, players=2)
        assert not p.page.is_checked("#motion") and p.page.is_disabled("#motion")
        assert _turns(p, 4) >= 4
        assert not [a for a in p.page.evaluate("window.__anims") if "card" in a["cls"]]
        assert not p.errors, p.errors
    finally:
        p.page.context.close()


def test_the_motion_switch_stops_motion_and_is_remembered(browser: Any, server: str) -> None:
    p = _page(browser, server)
    try:
        create(p, "machuco", {0: "me", 1: "best"}, players=2)
        p.page.uncheck("#motion")
        p.page.evaluate("window.__anims = []")
        assert _turns(p, 3) >= 3
        assert not [a for a in p.page.evaluate("window.__anims") if "card" in a["cls"]]
        p.page.reload()
        p.page.wait_for_function("() => state.update !== null")
        assert not p.page.is_checked("#motion")
        p.page.check("#motion")
        assert p.page.evaluate("localStorage.getItem('naipes-motion')") == "on"
        assert not p.errors, p.errors
    finally:
        p.page.context.close()


def test_another_seats_move_keeps_the_elements_and_the_focus(new_page: Any) -> None:
    a, b = new_page(), new_page()
    create(a, "machuco", {0: "me", 1: "open"}, players=2)
    invite = a.page.evaluate("state.update.seats[1].invite")
    b.page.goto(b.url + invite)
    b.page.wait_for_selector("#invite:not([hidden])")
    b.page.click("#invite-take")
    b.page.wait_for_function("() => state.update !== null && state.seat === 1")
    checked = 0
    for _ in range(40):
        if status(a)["over"] or checked >= 3:
            break
        if status(a)["act"]:
            a.page.wait_for_selector("#moves .move-list button.move")
            moves = status(a)["moves"]
            a.page.click("#moves .move-list button.move")
            a.page.wait_for_function("m => state.update.moves > m", arg=moves, timeout=10000)
            continue
        b.page.wait_for_function("() => state.update.over || (canAct() && document.querySelector('#moves .move-list button.move'))",
                                 timeout=10000)
        if status(b)["over"]:
            break
        # A's hand, one of its cards focused, while B is to move
        moves = status(b)["moves"]
        a.page.wait_for_function("m => state.update.moves === m && !canAct()", arg=moves)
        handles = a.page.query_selector_all("#hand .card")
        if not handles:  # A played its last card of the deal: B plays on
            b.page.click("#moves .move-list button.move")
            a.page.wait_for_function("m => state.update.moves > m", arg=moves, timeout=10000)
            continue
        cards = [h.get_attribute("data-card") for h in handles]
        handles[-1].focus()
        moves = status(a)["moves"]
        b.page.click("#moves .move-list button.move")
        a.page.wait_for_function("m => state.update.moves > m", arg=moves, timeout=10000)
        a.page.wait_for_timeout(50)
        now = a.page.eval_on_selector_all("#hand .card", "cs => cs.map((c) => c.dataset.card)")
        assert now == cards, "another seat's move changed this seat's hand"
        assert all(h.evaluate("n => n.isConnected && n.closest('#hand') !== null") for h in handles), \
            "the hand's cards were replaced by another seat's move"
        assert handles[-1].evaluate("n => document.activeElement === n"), "the focus was lost"
        checked += 1
    assert checked >= 1
    assert not a.errors and not b.errors, a.errors + b.errors


def test_frames_of_a_move(new_page: Any) -> None:
    """A few frames of one move's cards travelling (for the docs and for a person to look at): a
    table of two people, so no bot's answer lands in the middle of the move."""
    a, b = new_page(), new_page()
    create(a, "machuco", {0: "me", 1: "open"}, players=2)
    b.page.goto(b.url + a.page.evaluate("state.update.seats[1].invite"))
    b.page.wait_for_selector("#invite:not([hidden])")
    b.page.click("#invite-take")
    b.page.wait_for_function("() => state.update !== null && state.seat === 1")
    for _ in range(6):  # the seat whose turn it is plays until a card is on the table and A is to play
        a.page.wait_for_function("() => state.update.to_act.length > 0")
        if status(a)["act"] and a.page.query_selector("#board .center .card"):
            break
        mover = a if status(a)["act"] else b
        moves = status(mover)["moves"]
        mover.page.wait_for_selector("#moves .move-list button.move")
        mover.page.click("#moves .move-list button.move")
        a.page.wait_for_function("m => state.update.moves > m", arg=moves, timeout=10000)
    a.page.wait_for_function("() => canAct() && document.querySelector('#moves .move-list button.move')", timeout=10000)
    a.page.wait_for_function("() => Array.from(document.images).every((i) => i.complete)")
    # hold every animation as it starts, to photograph it at 0, 1/3 and 2/3 of its run, then at its end
    a.page.evaluate("""() => { window.__held = []; const animate = Element.prototype.animate;
        Element.prototype.animate = function (f, o) { const run = animate.call(this, f, o); run.pause();
          window.__held.push(run); return run; }; }""")
    moves = status(a)["moves"]
    a.page.click("#moves .move-list button.move")
    a.page.wait_for_function("m => state.update.moves > m && window.__held.length > 0", arg=moves, timeout=10000)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for i, at in enumerate((0, 90, 180)):
        a.page.evaluate("t => window.__held.forEach((run) => { run.currentTime = t; })", at)
        a.page.screenshot(path=str(ARTIFACTS / f"motion-machuco-{i}.png"))
    a.page.evaluate("() => window.__held.forEach((run) => run.finish())")
    a.page.screenshot(path=str(ARTIFACTS / "motion-machuco-3.png"))
    assert all(run <= 300 for run in a.page.evaluate("window.__held.map((run) => run.effect.getTiming().duration)"))
    assert not a.errors and not b.errors, a.errors + b.errors
