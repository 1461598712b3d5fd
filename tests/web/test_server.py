"""The server over real WebSockets (Starlette's TestClient): seats, streams, errors, limits."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from naipes.cards import Card  # noqa: E402

from .conftest import OPEN, SENT, Client, close, connect, make_table  # noqa: E402


def _open(client: Any, table: str, token: str | None = None, since: int = 0, **headers: str) -> Any:
    session, hello = connect(client, table, token, since, **headers)
    ws = session.__enter__()
    c = Client(ws)
    c._cm = session  # type: ignore[attr-defined]
    OPEN.append(c)
    c.send(hello)
    return c


_close = close


def _play_out(c: Client, seat: int, update: dict[str, Any], limit: int = 400) -> dict[str, Any]:
    """Play the first legal move whenever it is this seat's turn until the game ends."""
    for _ in range(limit):
        if update["over"]:
            return update
        if seat in update["to_act"] and update["view"]["legal_moves"]:
            c.send({"type": "move", "move": update["view"]["legal_moves"][0]})
        update = c.until("update")
    raise AssertionError("the game did not end")


def _my_turn(c: Client, seat: int) -> dict[str, Any]:
    update = c.until("update")
    while seat not in update["to_act"]:
        update = c.until("update")
    return update


def test_lobby_lists_games_and_tables(client: Any) -> None:
    names = {g["name"] for g in client.get("/api/games").json()}
    assert names >= {"machuco", "macarra", "ranzo", "machiavelli"}
    made = make_table(client, "ranzo", bots={"1": "random", "2": "best", "3": "random"})
    assert [t["table"] for t in client.get("/api/tables").json()] == [made["table"]]
    assert "token" not in json.dumps(client.get(f"/api/tables/{made['table']}").json())


def test_seat_plays_a_whole_hand_against_a_bot(client: Any) -> None:
    made = make_table(client, "machuco", players=2, rules={"scope": "hand"}, bots={"1": "best"}, join=0)
    c = _open(client, made["table"], made["token"])
    assert c.until("welcome")["seat"] == 0
    last = _play_out(c, 0, c.until("update"))
    _close(c)
    assert last["over"] and last["view"]["seat"] == 0


def test_stream_is_the_seats_own(client: Any) -> None:
    made = make_table(client, "machuco", players=2, rules={"scope": "hand"}, join=0)
    other = client.post(f"/api/tables/{made['table']}/join", json={"seat": 1}).json()
    a, b = _open(client, made["table"], made["token"]), _open(client, made["table"], other["token"])
    a.until("welcome"), b.until("welcome")
    ua, ub = a.until("update"), b.until("update")
    mine = set(ua["view"]["hand"])
    for item in ub["events"]:
        event = item["event"]
        if event["kind"] == "CardsDealt" and event["seat"] == 0:
            assert event["cards"] == [] and event["count"] == 3
    ub["events"] = [e for e in ub["events"] if e["event"]["type"] != "machuco.DealerDrawn"]
    ub["view"].pop("dealer_draw")  # the draw for dealer shows cards that go back into the deck
    assert not mine & set(json.dumps(ub).replace('"', " ").split())
    _close(a), _close(b)


def test_reconnect_resumes_from_the_sequence_number(client: Any) -> None:
    made = make_table(client, "macarra", players=2, bots={"1": "random"}, join=0)
    c = _open(client, made["table"], made["token"])
    c.until("welcome")
    first = c.until("update")
    c.send({"type": "move", "move": first["view"]["legal_moves"][0]})
    after = c.until("update")
    _close(c)
    again = _open(client, made["table"], made["token"], since=after["next"])
    again.until("welcome")
    resumed = again.until("update")
    assert all(e["seq"] >= after["next"] for e in resumed["events"])
    _close(again)
    full = _open(client, made["table"], made["token"], since=0)
    full.until("welcome")
    seqs = [e["seq"] for e in full.until("update")["events"]]
    assert seqs[0] == 0 and seqs == sorted(set(seqs))
    _close(full)


@pytest.mark.parametrize(("message", "code"), [
    ({"type": "move", "move": "12z"}, "not_a_move"),
    ({"type": "move", "move": 7}, "bad_message"),
    ({"type": "action", "id": 10**6}, "bad_action"),
    ({"type": "fly"}, "bad_message"),
    ({"type": "hello"}, "hello_again"),
    ({"type": "workspace", "op": "show"}, "no_workspace"),
])
def test_refused_messages_are_answered_with_code_and_reason(client: Any, message: Any, code: str) -> None:
    made = make_table(client, "machuco", players=2, rules={"scope": "hand"}, join=1, bots={"0": "random"})
    c = _open(client, made["table"], made["token"])
    c.until("welcome")
    _my_turn(c, 1)
    c.send(message)
    answer = c.until("error")
    assert answer["code"] == code and answer["reason"]
    _close(c)


def test_illegal_move_out_of_turn(client: Any) -> None:
    made = make_table(client, "machuco", players=2, rules={"scope": "hand"}, join=0)
    other = client.post(f"/api/tables/{made['table']}/join", json={"seat": 1}).json()
    c = _open(client, made["table"], made["token"])
    c.until("welcome")
    update = c.until("update")
    if update["to_act"] == [0]:
        c = _open(client, made["table"], other["token"])
        c.until("welcome")
        update = c.until("update")
    assert update["view"]["seat"] not in update["to_act"]
    c.send({"type": "move", "move": update["view"]["hand"][0]})
    assert c.until("error")["code"] == "not_your_turn"
    _close(c)


def test_action_ids_play(client: Any) -> None:
    from naipes import machuco

    made = make_table(client, "machuco", players=2, rules={"scope": "hand"}, join=1, bots={"0": "random"})
    c = _open(client, made["table"], made["token"])
    c.until("welcome")
    update = _my_turn(c, 1)
    space = machuco.ActionSpace(machuco.Rules(players=2, scope="hand"))
    move = machuco.Move.parse(update["view"]["legal_moves"][0])
    c.send({"type": "action", "id": space.index(move)})
    played = c.until("update")
    assert any(e["event"]["kind"] == "MovePlayed" and e["event"]["seat"] == 1 for e in played["events"])
    _close(c)


def test_tokens_are_checked(client: Any) -> None:
    made = make_table(client, "machuco", players=2, join=0)
    c = _open(client, made["table"], "not-a-token")
    assert c.until("error")["code"] == "bad_token"
    _close(c)
    taken = client.post(f"/api/tables/{made['table']}/join", json={"seat": 0})
    assert taken.status_code == 400 and taken.json()["code"] == "seat_taken"
    botted = client.post("/api/tables", json={"game": "machuco", "players": 2, "bots": {"0": "random"}, "join": 0})
    assert botted.status_code == 400 and botted.json()["code"] == "seat_taken"
    nowhere = client.post("/api/tables", json={"game": "machuco", "players": 2, "join": 5})
    assert nowhere.status_code == 400 and nowhere.json()["code"] == "no_such_seat"
    unknown = client.post("/api/tables", json={"game": "chess"})
    assert unknown.status_code == 400 and unknown.json()["reason"]


def test_spectators_get_the_public_stream_only(client: Any) -> None:
    made = make_table(client, "ranzo", bots={"1": "random", "2": "random", "3": "random"}, join=0)
    c = _open(client, made["table"])
    assert c.until("welcome")["seat"] is None
    update = c.until("update")
    assert update["view"] is None and update["events"]
    for item in update["events"]:
        event = item["event"]
        if event["private_to"] is not None:  # only redacted copies: no card
            assert event.get("cards", []) == [] and event.get("card") is None, event
    c.send({"type": "move", "move": "pass"})
    assert c.until("error")["code"] == "spectator"
    _close(c)


def test_foreign_origin_is_refused(client: Any) -> None:
    from starlette.testclient import WebSocketDenialResponse
    from starlette.websockets import WebSocketDisconnect

    made = make_table(client, "machuco", players=2, join=0)
    with pytest.raises((WebSocketDisconnect, WebSocketDenialResponse)):
        c = _open(client, made["table"], made["token"], origin="http://evil.example")
        c.receive()
    refused = client.post("/api/tables", json={"game": "machuco"}, headers={"origin": "http://evil.example"})
    assert refused.status_code == 400 and refused.json()["code"] == "bad_origin"
    ok = client.post("/api/tables", json={"game": "machuco"}, headers={"origin": "http://127.0.0.1:8000"})
    assert ok.status_code == 200


def test_message_size_and_rate_limits() -> None:
    from starlette.testclient import TestClient

    from naipes.web import Settings, create_app

    with TestClient(create_app(Settings(bot_delay=0, rate=1, burst=3)), base_url="http://127.0.0.1:8000") as cl:
        made = make_table(cl, "machuco", players=2, join=0)
        c = _open(cl, made["table"], made["token"])
        c.until("welcome"), c.until("update")
        c.send({"type": "ping", "pad": "x" * 10000})
        assert c.until("error")["code"] == "too_long"
        for _ in range(4):
            c.send({"type": "ping"})
        assert c.until("error")["code"] == "rate_limited"
        _close(c)


def test_a_bot_takes_over_a_seat_whose_client_is_gone(client: Any) -> None:
    made = make_table(client, "machuco", players=2, rules={"scope": "hand"}, join=1, bots={"0": "random"})
    c = _open(client, made["table"], made["token"])
    c.until("welcome"), c.until("update")
    _close(c)
    deadline = time.monotonic() + 10
    summary = client.get(f"/api/tables/{made['table']}").json()
    while not summary["over"] and time.monotonic() < deadline:
        time.sleep(0.05)
        summary = client.get(f"/api/tables/{made['table']}").json()
    assert summary["seats"][1]["taken_over"] and summary["over"]


def test_machiavelli_workspace_commands(client: Any) -> None:
    made = make_table(client, "machiavelli", players=2, join=0, bots={"1": "random"})
    c = _open(client, made["table"], made["token"])
    c.until("welcome")
    _my_turn(c, 0)
    c.send({"type": "workspace", "op": "show"})
    shown = c.until("workspace")
    card = shown["hand"][0]
    c.send({"type": "workspace", "op": "take", "card": card, "to": None})
    took = c.until("workspace")
    assert card in took["melds"][-1] and not took["valid"] and took["problems"]
    c.send({"type": "workspace", "op": "commit"})
    refused = c.until("error")
    assert refused["reason"]
    c.send({"type": "workspace", "op": "undo"})
    assert c.until("workspace")["melds"] == shown["melds"]
    c.send({"type": "workspace", "op": "move", "card": "QQ", "from": 0})
    assert c.until("error")["code"] in ("workspace_step", "bad_notation")
    c.send({"type": "workspace", "op": "draw"})
    assert c.until("workspace")["done"] == "draw"
    _close(c)


def test_pictures(client: Any) -> None:
    card = client.get("/cards/7o.svg")
    assert card.status_code == 200 and card.headers["content-type"].startswith("image/svg+xml")
    assert client.get(f"/cards/{Card.parse('QD')}.svg").text.lstrip().startswith("<")
    assert client.get("/cards/zz.svg").status_code == 404
    made = make_table(client, "machuco", players=2, join=0)
    assert client.get(f"/tables/{made['table']}/picture?token={made['token']}").status_code == 200
    assert client.get(f"/tables/{made['table']}/picture?token=nope").status_code == 403
    assert client.get(f"/tables/{made['table']}/picture").status_code == 403


def test_token_in_an_authorization_header(client: Any) -> None:
    """The seat's token can stay out of the URL: ``Authorization: Bearer`` for the picture and positions."""
    made = make_table(client, "machuco", players=2, join=0)
    table, bearer = made["table"], {"authorization": f"Bearer {made['token']}"}
    assert client.get(f"/tables/{table}/picture", headers=bearer).status_code == 200
    assert client.get(f"/tables/{table}/picture", headers={"authorization": "Bearer nope"}).status_code == 403
    assert client.get(f"/tables/{table}/picture", headers={"authorization": made["token"]}).status_code == 403
    mine = client.get(f"/api/tables/{table}/position/0", headers=bearer).json()
    public = client.get(f"/api/tables/{table}/position/0").json()
    assert mine["view"]["seat"] == 0 and public["view"] is None
    assert client.get("/").status_code == 200 and client.get("/static/app.js").status_code == 200


def test_unknown_host_is_refused(client: Any) -> None:
    assert client.get("/api/games", headers={"host": "evil.example"}).status_code == 400


def test_zz_everything_the_server_sent_validates() -> None:
    """Runs last in this module: every message the tests above received."""
    pytest.importorskip("jsonschema")
    assert len(SENT) > 50
    kinds = {m["type"] for m in SENT}
    assert kinds >= {"welcome", "update", "error", "workspace", "table"}
    from ._check import check_message

    for message in SENT:
        check_message(message)
