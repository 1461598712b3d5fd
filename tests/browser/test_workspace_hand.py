"""Machiavelli by hand in a real headless Chromium: a typical play (three cards of the hand into a
new meld, commit) by keyboard shortcuts in at most 15 keypresses (counted), a card dragged from
one meld onto another, and "Give up" asking for confirmation."""

from __future__ import annotations

from typing import Any

from ._drive import create, status

ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
#: The key that jumps to a rank.
KEY = {**{r: r for r in ORDER[1:9]}, "A": "a", "10": "0", "J": "j", "Q": "q", "K": "k"}


def _meld(hand: list[str]) -> list[str] | None:
    """Three cards of ``hand`` that make a meld: a group (one rank, three suits) or a run (one suit)."""
    cards = [c for c in hand if c != "JK"]
    by_rank: dict[str, dict[str, str]] = {}
    for c in cards:
        by_rank.setdefault(c[:-1], {})[c[-1]] = c
    for suits in by_rank.values():
        if len(suits) >= 3:
            return list(suits.values())[:3]
    have = set(cards)
    for suit in "SHDC":
        for i in range(1, len(ORDER) - 2):  # 2-3-4 … J-Q-K: the ace's place is not needed
            run = [ORDER[i + k] + suit for k in range(3)]
            if all(c in have for c in run):
                return run
    return None


def _ready(page: Any) -> bool:
    page.wait_for_function("() => state.update.over || (canAct() && state.ws)", timeout=30000)
    return not page.evaluate("state.update.over")


def test_a_typical_play_by_keyboard_takes_at_most_15_keys(new_page: Any) -> None:
    p = new_page()
    page = p.page
    create(p, "machiavelli", {0: "me", 1: "best"}, players=2)
    meld = None
    for _ in range(25):
        assert _ready(page), "the deal ended before a meld was found"
        meld = _meld(page.evaluate("state.ws.hand"))
        if meld:
            break
        moves = status(p)["moves"]
        page.click("#ws-draw")
        page.wait_for_function("m => state.update.moves > m", arg=moves, timeout=30000)
    assert meld, "no meld in the hand after 25 draws"
    presses = 0

    def press(key: str) -> None:
        nonlocal presses
        presses += 1
        page.keyboard.press(key)

    for i, card in enumerate(meld):
        for _ in range(4):  # twins and other suits of the rank: jump on
            press(KEY[card[:-1]])
            if page.evaluate("() => document.activeElement.dataset.card") == card:
                break
        assert page.evaluate("() => document.activeElement.dataset.card") == card
        press("n" if i == 0 else "m")
        page.wait_for_function("n => state.ws.taken.length === n", arg=i + 1)
    assert page.evaluate("state.ws.valid"), page.evaluate("state.ws")
    moves = status(p)["moves"]
    press("c")
    page.wait_for_function("m => state.update.moves > m", arg=moves, timeout=30000)
    played = page.evaluate("n => state.history[n]", moves)
    assert played["seat"] == 0 and set(meld) <= set(played["cards"]), played
    print("keypresses of the play:", presses, meld)
    assert presses <= 15, presses
    assert not p.errors, p.errors


def test_a_card_is_dragged_from_one_meld_onto_another(new_page: Any) -> None:
    p = new_page()
    page = p.page
    create(p, "machiavelli", {0: "me", 1: "best"}, players=2)
    assert _ready(page)
    natural = "#hand .card:not([data-card='JK'])"  # a joker taken must say what it stands for
    first = page.get_attribute(f"{natural} >> nth=0", "data-card")
    page.drag_and_drop(f"{natural} >> nth=0", "#ws-new-target")
    page.wait_for_function("() => state.ws.taken.length === 1")
    # another card than the first (two decks: with its twin, both melds would hold the same card)
    page.drag_and_drop(f"{natural}:not([data-card='{first}']) >> nth=0", "#ws-new-target")
    page.wait_for_function("() => state.ws.taken.length === 2")
    assert len(set(page.evaluate("state.ws.taken"))) == 2
    melds = page.evaluate("state.ws.melds.map((m) => m.length)")
    source = page.evaluate("state.ws.melds.findIndex((m) => m.includes(state.ws.taken[1]))")
    target = page.evaluate("state.ws.melds.findIndex((m) => m.includes(state.ws.taken[0]))")
    page.drag_and_drop(f"#ws-melds .meld[data-meld='{source}'] .card", f"#ws-melds .meld[data-meld='{target}']")
    page.wait_for_function("s => state.ws.steps.length === s", arg=3)
    after = page.evaluate("state.ws.melds.map((m) => m.length)")
    assert sum(after) == sum(melds) and after[target] == melds[target] + 1, (melds, after)
    assert page.evaluate("state.ws.steps[2]").startswith("move"), page.evaluate("state.ws.steps")
    assert not p.errors, p.errors


def test_give_up_asks_first(new_page: Any) -> None:
    p = new_page()
    page = p.page
    create(p, "machiavelli", {0: "me", 1: "best"}, players=2)
    assert _ready(page)
    moves = status(p)["moves"]
    page.click("#ws-give_up")
    page.wait_for_selector("#ws-confirm")
    assert page.evaluate("document.activeElement.id") == "ws-give-up-no"  # the safe answer has the focus
    page.wait_for_timeout(300)
    assert status(p)["moves"] == moves, "giving up did not wait for the answer"
    page.keyboard.press("Enter")  # no
    page.wait_for_selector("#ws-confirm", state="detached")
    assert status(p)["moves"] == moves
    page.click("#ws-give_up")
    page.click("#ws-give-up-yes")
    page.wait_for_function("m => state.update.moves > m", arg=moves, timeout=30000)
    given = page.evaluate("n => state.history[n]", moves)
    assert given["seat"] == 0 and given["move"].startswith("forfeit"), given
    assert not p.errors, p.errors
