"""A table's life around its game, in a real headless Chromium against ``naipes serve``: a rematch
in one click (bots stay, a person is asked), opponents told apart by name, a link to replay the
finished game and its record that ``naipes replay`` opens, invites that wait, and a clock."""

from __future__ import annotations

import contextlib
import io
import json
import time
from pathlib import Path
from typing import Any

from ._drive import mouse_turn, play_to_the_end, status
from .conftest import Page


def make(p: Page, game: str, seats: dict[int, str], players: int, *, clock: str = "", name: str = "",
         lang: str = "en", rules: str = "{}") -> None:
    """Create a quick table from the lobby, with a clock and a player's name if given."""
    page = p.page
    page.goto(p.url + f"/?lang={lang}")
    page.wait_for_selector(f"#game option[value={game}]", state="attached")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    page.fill("#rules", rules)
    page.fill("#player-name", name)
    page.fill("#clock", clock)
    for seat, choice in seats.items():
        page.select_option(f"#seat-{seat}", choice)
    page.click("#create-button")
    page.wait_for_function("() => state.update !== null")


def join_invite(owner: Page, guest: Page, seat: int, name: str, lang: str = "en") -> None:
    invite = owner.page.evaluate(f"state.update.seats[{seat}].invite")
    guest.page.goto(guest.url + invite + f"&lang={lang}")
    guest.page.wait_for_selector("#invite:not([hidden])")
    guest.page.fill("#player-name", name)
    guest.page.click("#invite-take")
    guest.page.wait_for_function(f"() => state.update !== null && state.seat === {seat}")


def play_both(pages: list[Page], limit: int = 300) -> None:
    """Two people play one table to its end, each clicking a move when it is theirs."""
    for _ in range(limit):
        if all(status(p)["over"] for p in pages):
            return
        moved = False
        for p in pages:
            s = status(p)
            if s["act"] and p.page.query_selector("#moves button.move, #board button.card.playable"):
                with contextlib.suppress(Exception):  # redrawn meanwhile: look again
                    mouse_turn(p)
                    p.page.wait_for_function("m => state.update.moves !== m || state.update.over",
                                             arg=s["moves"], timeout=10000)
                    moved = True
        if not moved:
            time.sleep(0.05)
    raise AssertionError("the game did not end")


def test_rematch_with_bots_is_one_click_and_keeps_the_bots(new_page: Any) -> None:
    p = new_page()
    make(p, "machuco", {0: "me", 1: "strong"}, 2, name="Ana")
    first = p.page.evaluate("state.table")
    play_to_the_end(p, keyboard=False)
    assert p.page.inner_text("#rematch") == "Rematch"
    p.page.click("#rematch")
    p.page.wait_for_function("t => state.table !== t && state.update && state.update.table === state.table", arg=first)
    seats = p.page.evaluate("state.update.seats")
    assert [(s["status"], s["bot"], s["name"]) for s in seats] == [("person", None, "Ana"), ("bot", "strong", "Strong bot")]
    assert p.page.evaluate("state.seat") == 0 and not p.page.evaluate("state.update.over")
    assert p.page.evaluate("state.update.waiting") == []
    # the new game is played: a move of the page's seat is taken
    p.page.wait_for_function("() => canAct() || state.update.moves > 0", timeout=20000)
    assert not p.errors, p.errors


def test_rematch_between_two_people_asks_the_other_in_spanish(new_page: Any) -> None:
    a, b = new_page(), new_page()
    make(a, "machuco", {0: "me", 1: "open"}, 2, name="Ana", lang="es")
    join_invite(a, b, 1, "Bea", lang="es")
    play_both([a, b])
    assert a.page.inner_text("#rematch") == "Revancha"
    first = a.page.evaluate("state.table")
    a.page.click("#rematch")
    a.page.wait_for_function("t => state.table !== t && state.update && state.update.table === state.table", arg=first)
    # Ana's new table waits for Bea: nobody moves, the page says so
    assert a.page.evaluate("state.update.waiting") == [1] and a.page.evaluate("state.update.to_act") == []
    assert "todos los asientos" in a.page.inner_text("#extras")
    # Bea is asked, by name, in Spanish
    b.page.wait_for_selector("#rematch")
    assert b.page.inner_text("#rematch") == "Aceptar la revancha"
    assert "Ana pide la revancha" in b.page.inner_text("#extras")
    # no stranger may take Bea's seat through the lobby
    second = a.page.evaluate("state.table")
    taken = b.page.evaluate("t => fetch(`/api/tables/${t}/join`, {method: 'POST', headers: {'content-type': "
                            "'application/json'}, body: JSON.stringify({seat: 1})}).then((r) => r.json())", second)
    assert taken["code"] == "seat_reserved"
    b.errors.clear()  # the console's line for that refused request
    b.page.click("#rematch")
    b.page.wait_for_function("t => state.table === t && state.update && state.update.table === t", arg=second)
    assert b.page.evaluate("state.seat") == 1
    a.page.wait_for_function("() => state.update.waiting.length === 0 && state.update.to_act.length > 0")
    assert [s["name"] for s in a.page.evaluate("state.update.seats")] == ["Ana", "Bea"]
    assert not a.errors and not b.errors, a.errors + b.errors


def test_opponents_are_told_apart_everywhere(new_page: Any) -> None:
    p = new_page()
    p.page.goto(p.url + "/?lang=en")
    p.page.wait_for_selector("#game option[value=ranzo]", state="attached")
    p.page.select_option("#game", "ranzo")
    offered = p.page.eval_on_selector_all("#seat-1 option", "os => os.map((o) => o.value)")
    assert "strong" in offered and "learned" in offered  # from the registry: Ranzo ships learned weights
    made = p.page.evaluate("() => fetch('/api/tables', {method: 'POST', headers: {'content-type': 'application/json'},"
                           " body: JSON.stringify({game: 'ranzo', players: 3, rules: {rounds: 1}, join: 0, player: "
                           "'<b>Ana</b>', bots: {'1': 'random', '2': 'random'}})}).then((r) => r.json())")
    p.page.goto(p.url + f"/#t={made['table']}&k={made['token']}")
    p.page.wait_for_function("() => state.update !== null")
    for _ in range(40):  # play until three moves are on the list, the bots' among them
        if status(p)["moves"] >= 3 or status(p)["over"]:
            break
        if status(p)["act"]:
            with contextlib.suppress(Exception):
                mouse_turn(p)
        time.sleep(0.3)
    names = p.page.eval_on_selector_all("#board .seat .name", "ns => ns.map((n) => n.textContent)")
    assert sorted(names) == sorted(["<b>Ana</b> (you)", "Random bot 1", "Random bot 2"])
    assert not p.page.query_selector("#board .seat .name b"), "a player's name is markup"
    moves = p.page.inner_text("#history")
    assert "Random bot 1:" in moves or "Random bot 2:" in moves
    log = p.page.inner_text("#log")
    assert "Random bot 1" in log and "Random bot 2" in log and "seat 1" not in log
    last = p.page.inner_text("#last-move")
    assert any(n in last for n in ("Random bot 1", "Random bot 2", "Ana"))
    assert not p.errors, p.errors


def test_invites_wait_for_every_seat(new_page: Any) -> None:
    a, b = new_page(), new_page()
    make(a, "ranzo", {0: "me", 1: "open", 2: "best"}, 3)
    time.sleep(1.5)  # the bot would have moved by now, and the page's seat would be asked
    assert a.page.evaluate("state.update.moves") == 0 and a.page.evaluate("state.update.to_act") == []
    assert not a.page.query_selector("#moves button.move")
    assert "every seat is taken" in a.page.inner_text("#extras")
    join_invite(a, b, 1, "Bea")
    a.page.wait_for_function("() => state.update.waiting.length === 0")
    b.page.wait_for_function("() => state.update.moves === 0 || state.update.moves > 0")
    assert b.page.evaluate("state.update.history_from") == 0  # the guest arrives at the start
    a.page.wait_for_function("() => canAct() || state.update.moves > 0", timeout=20000)
    assert not a.errors and not b.errors, a.errors + b.errors


def test_a_clock_lets_the_takeover_bot_move_and_the_record_keeps_the_times(new_page: Any) -> None:
    p = new_page()
    make(p, "machuco", {0: "me", 1: "random"}, 2, clock="2")
    p.page.wait_for_function("() => canAct()", timeout=20000)
    mine = p.page.evaluate("state.history.filter((h) => h && h.seat === 0).length")
    assert "2 s per move" in p.page.inner_text("#clock-line") and "Your time" in p.page.inner_text("#clock-line")
    # nobody clicks: the time runs out and the takeover bot moves for the page's seat (only a move
    # of seat 0 ends the wait: the other seat's moves do not)
    p.page.wait_for_function("n => state.history.filter((h) => h && h.seat === 0).length > n",
                             arg=mine, timeout=20000)
    play_to_the_end(p, keyboard=False)
    with p.page.expect_download() as got:
        p.page.click("#record")
    record = json.loads(Path(got.value.path()).read_text())
    seconds, plays = record["meta"]["seconds"], record["meta"]["plays"]
    assert record["meta"]["clock"] == 2 and len(seconds) == len(plays)
    assert any(seat == 0 and t is not None and t >= 2 for (seat, _), t in zip(plays, seconds)), "no move out of time"
    assert not p.errors, p.errors


def test_a_finished_game_has_a_replay_link_and_a_record_naipes_replay_opens(new_page: Any, tmp_path: Path) -> None:
    p, viewer = new_page(), new_page()
    make(p, "machuco", {0: "me", 1: "best"}, 2)
    play_to_the_end(p, keyboard=False)
    link = p.page.evaluate("`${location.origin}/#t=${state.table}&replay=1`")
    assert p.page.query_selector("#extras button.copy[data-key='copy:replay']")
    with p.page.expect_download() as got:
        p.page.click("#record")
    saved = tmp_path / "game.json"
    got.value.save_as(saved)
    # the replay link: anyone steps through the game from its start, as a spectator sees it
    viewer.page.goto(link)
    viewer.page.wait_for_function("() => state.viewing && state.viewing.n === 0", timeout=20000)
    assert viewer.page.evaluate("state.seat") is None and not viewer.page.query_selector("#record")
    assert "Replay" in viewer.page.inner_text("#table-title")
    viewer.page.click("#step-next")
    viewer.page.wait_for_function("() => state.viewing && state.viewing.n >= 1")
    hands = viewer.page.evaluate("state.viewing.zones.filter((z) => z.kind === 'hand').map((z) => z.cards.length)")
    assert hands and all(n == 0 for n in hands), "the replay shows a hidden hand"
    # the download opens with the CLI's own path: naipes replay FILE --all
    from naipes.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["replay", str(saved), "--all"])
    assert code == 0, err.getvalue()
    moves = json.loads(saved.read_text())["moves"]
    text = out.getvalue()
    assert moves and "machuco" in text.lower() and str(len(moves)) in text, text[:300]
    assert text.count("\n") > len(moves), "the replay did not step through every move"
    assert not p.errors and not viewer.errors, p.errors + viewer.errors
