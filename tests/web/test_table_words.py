"""What an update tells a client besides the view (issue 23): zones, moves in words, the decision,
the move list and its boundaries, the result, earlier positions, names, and schemas that bind."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from naipes.web import Listener, Lobby, Settings
from naipes.web.messages import clean_name, error_of, name_of, position_message, strip_rules

from .conftest import SENT

GAMES = ("machuco", "macarra", "ranzo", "machiavelli")


def _table(game: str, seed: int = 3, **kw: Any) -> Any:
    from naipes.plugin import plugin

    return Lobby(Settings(bot_delay=0)).create(game, rules=dict(plugin(game).quick()), seed=seed, **kw)


def _play(table: Any, moves: int, seed: int = 0) -> None:
    """Play random legal moves (every seat) until ``moves`` entered the history or the game ends."""
    rng = random.Random(seed)
    while not table.game.is_over and len(table.game.history) < moves:
        seat = table.game.to_act[0]
        table.play(seat, rng.choice(table.game.legal_moves(seat)))


def _record(message: dict[str, Any]) -> dict[str, Any]:
    """The message as a client reads it (JSON text, parsed), kept for test_server's last test,
    which validates every message sent."""
    message = json.loads(json.dumps(message))
    SENT.append(message)
    return message


def _cards_seen(zones: list[dict[str, Any]]) -> set[str]:
    return {c for z in zones for c in z["cards"]}


@pytest.mark.parametrize("game", GAMES)
def test_an_update_has_zones_moves_in_words_a_decision_and_the_move_list(game: str) -> None:
    table = _table(game)
    for open_seat in table.waiting:  # the game waits for every seat (issue 42)
        table.join(open_seat)
    _play(table, 12)
    seat = table.game.to_act[0]
    update = _record(table.update_for(Listener(seat=seat)))
    assert update["game"] == game and update["seat"] == seat
    assert update["zones"] and any(z["seat"] == seat and z["kind"] == "hand" for z in update["zones"]) \
        or game == "macarra"
    assert update["legal"] and all(e["text"] and e["text"] != e["move"] for e in update["legal"])
    assert update["decision"] and str(seat) in update["decision"]
    assert [e["index"] for e in update["history"]] == list(range(len(table.game.history)))
    assert update["history_from"] == 0 and update["moves"] == len(table.game.history)
    assert update["last_move"] == update["history"][-1]
    assert update["result"] is None
    spanish = _record(table.update_for(Listener(seat=seat, lang="es")))
    assert spanish["legal"][0]["text"] != update["legal"][0]["text"]
    assert spanish["decision"] != update["decision"]


def test_later_updates_send_only_the_new_moves() -> None:
    table = _table("machuco")
    listener = Listener(seat=0)
    first = table.update_for(listener)
    _play(table, len(table.game.history) + 3)
    later = _record(table.update_for(listener))
    assert later["history_from"] == first["moves"] and len(later["history"]) == later["moves"] - first["moves"]


def test_the_move_list_marks_the_end_of_each_deal_and_hand() -> None:
    table = _table("machuco")
    _play(table, 10_000)
    update = _record(table.update_for(Listener(seat=0)))
    marks = [(e["index"], e["boundary"]) for e in update["history"] if e["boundary"]]
    assert [b for _, b in marks].count("deal") >= 2 and marks[-1] == (len(table.game.history) - 1, "hand")
    reloaded, _ = table.replay(list(table.moves))
    assert table.boundaries == dict(marks)


@pytest.mark.parametrize("game", GAMES)
def test_a_spectator_sees_the_board_and_no_hidden_card(game: str) -> None:
    table = _table(game)
    _play(table, 9)
    spectator = _record(table.update_for(Listener(seat=None)))
    assert spectator["view"] is None and spectator["legal"] == [] and spectator["zones"]
    public = _cards_seen(spectator["zones"])
    for seat in range(table.game.num_players):
        seen = _cards_seen(_record(table.update_for(Listener(seat=seat)))["zones"])
        assert public <= seen, public - seen
    hands = [z for z in spectator["zones"] if z["kind"] == "hand"]
    assert sum(z["hidden"] for z in hands) > 0 or game == "macarra"
    assert public, "the board is drawn face up where everyone sees it"


@pytest.mark.parametrize("game", GAMES)
def test_an_earlier_position_is_the_seats_own_view_then(game: str) -> None:
    table = _table(game)
    start = {s: table.game.view(s).to_dict() for s in range(table.game.num_players)}
    _play(table, 15)
    moves = len(table.game.history)
    at0 = _record(position_message(table, 1, 0, "en"))
    assert at0["n"] == 0 and at0["view"] == start[1] and at0["last_move"] is None
    now = _record(position_message(table, 1, moves, "en"))
    assert now["view"] == table.game.view(1).to_dict() and now["moves"] == moves
    middle = _record(position_message(table, None, moves // 2, "es"))
    assert middle["view"] is None and middle["n"] <= moves // 2
    assert _cards_seen(middle["zones"]) <= _cards_seen(position_message(table, 0, middle["n"], "en")["zones"])
    for bad in (-1, moves + 1, "3", 2.0, True):
        with pytest.raises(Exception) as info:
            position_message(table, 0, bad, "en")
        assert getattr(info.value, "code", None) == "bad_position"


@pytest.mark.parametrize("game", GAMES)
def test_the_result_is_told_from_the_seats_side(game: str) -> None:
    table = _table(game)
    _play(table, 100_000)
    assert table.game.is_over
    winners = table.game.result.winners
    for seat in range(table.game.num_players):
        result = _record(table.update_for(Listener(seat=seat)))["result"]
        assert result["you_won"] == (seat in winners)
        assert result["text"].startswith("You won" if seat in winners else "You lost")
    spectator = _record(table.update_for(Listener(seat=None, lang="es")))["result"]
    assert spectator["you_won"] is None and " ganado " in spectator["text"]
    assert spectator["unit"] in spectator["text"] and spectator["unit"] in ("la mano", "la ronda", "la partida")


def test_names_invites_and_clean_text() -> None:
    table = _table("ranzo", name="  Mesa\u202e de\x00 Ana  " + "x" * 80)
    assert table.name.startswith("Mesa de Ana") and len(table.name) <= 40
    unnamed = _table("ranzo")
    assert unnamed.name == name_of(unnamed.id) and " " in unnamed.name
    table.join(0, name="<b>Ana</b>\n")
    seats = _record(table.update_for(Listener(seat=None)))["seats"]
    assert seats[0]["name"] == "<b>Ana</b>" and seats[0]["invite"] is None
    assert seats[1]["name"] == "Seat 1" and seats[1]["invite"] == f"/?table={table.id}&seat=1"
    assert clean_name(None, 10) == "" and clean_name("\u200b\u200b", 10) == ""


def test_reasons_quote_no_rule_id() -> None:
    from naipes.errors import IllegalMoveError

    message = error_of(IllegalMoveError("no card from the hand is added (a play must add at least one, MV-05)",
                                        code="no_hand_card"))
    assert message["rule"] == "MV-05" and "MV-" not in message["reason"]
    assert strip_rules("plain words") == ("plain words", None)


def _update(game: str, seat: int = 0) -> dict[str, Any]:
    return copy.deepcopy(_record(_table(game).update_for(Listener(seat=seat))))


def test_the_protocol_schema_checks_each_view_by_its_game() -> None:
    pytest.importorskip("jsonschema")
    from jsonschema import ValidationError

    from naipes import schemas

    for game in GAMES:
        schemas.validate("protocol", _update(game))
    bad = _update("machuco")
    bad["view"]["hand"] = ["zz"]
    with pytest.raises(ValidationError):
        schemas.validate("protocol", bad)
    wrong = _update("machuco")
    wrong["game"] = "macarra"
    with pytest.raises(ValidationError):
        schemas.validate("protocol", wrong)
    macarra = _update("macarra")
    macarra["view"]["hand"] = ["zz"]
    with pytest.raises(ValidationError):
        schemas.validate("protocol", macarra)
    zone = _update("ranzo")
    zone["zones"][0]["cards"] = ["zz"]
    with pytest.raises(ValidationError):
        schemas.validate("protocol", zone)


def test_an_entry_point_games_update_validates_with_a_generic_view() -> None:
    pytest.importorskip("jsonschema")
    from jsonschema import ValidationError

    from naipes import schemas

    other = _update("machuco")
    other["game"] = "toy"
    other["view"] = {"type": "View", "seat": 0, "hand": ["7S"], "legal_moves": ["7S"]}
    other["events"] = [{"seq": 0, "event": {"type": "toy.Dealt", "kind": "Dealt"}, "text": None}]
    schemas.validate("protocol", other)
    other["view"]["hand"] = ["zz"]
    with pytest.raises(ValidationError):
        schemas.validate("protocol", other)


# -- over the wire ------------------------------------------------------------------------------
def _open(client: Any, table: str, token: str | None = None, **hello: Any) -> Any:
    from .conftest import OPEN, Client, connect

    session, message = connect(client, table, token)
    c = Client(session.__enter__())
    c._cm = session  # type: ignore[attr-defined]
    OPEN.append(c)
    c.send({**message, **hello})
    return c


def test_names_language_and_positions_over_the_socket(client: Any) -> None:
    from .conftest import make_table

    made = make_table(client, "machuco", players=2, rules={"scope": "hand"}, bots={"1": "random"}, join=0,
                      name="Mesa\n de  Ana", player="Ana")
    assert made["name"] == "Mesa de Ana" and made["seats"][0]["name"] == "Ana"
    c = _open(client, made["table"], made["token"], lang="es")
    welcome = c.until("welcome")
    assert welcome["lang"] == "es" and welcome["name"] == "Mesa de Ana" and "hand/*" in welcome["card_fields"]
    assert welcome["seat_names"] == ["Ana", "Bot al azar"]
    update = c.until("update")
    while 0 not in update["to_act"] or not update["legal"][0]["text"].startswith("juega "):
        if 0 in update["to_act"]:  # a cante to answer first (the bot's deal is not seeded): answer it
            c.send({"type": "move", "move": update["legal"][0]["move"]})
            update = c.until("update", moves=update["moves"] + 1)
            continue
        update = c.until("update")
    assert update["legal"][0]["text"].startswith("juega ")
    c.send({"type": "move", "move": update["legal"][0]["move"]})
    update = c.until("update", moves=update["moves"] + 1)
    c.send({"type": "position", "n": 0})
    at = c.until("position")
    assert at["n"] == 0 and at["view"]["seat"] == 0 and at["last_move"] is None
    c.send({"type": "position", "n": 10_000})
    assert c.until("error")["code"] == "bad_position"
    c.send({"type": "lang", "lang": "en"})
    again = c.until("update", history_from=0)
    texts = [entry["text"] for entry in again["history"]]
    # the random bot's deal is not seeded: the history may open with a cante's bet, not a play
    assert len(texts) == again["moves"] and any(text.startswith("play ") for text in texts)
    assert not any(text.startswith("juega ") for text in texts)


def test_positions_over_http_are_authenticated(client: Any) -> None:
    from .conftest import make_table

    made = make_table(client, "ranzo", bots={"1": "random", "2": "random", "3": "random"}, join=0)
    table = made["table"]
    mine = client.get(f"/api/tables/{table}/position/0", params={"token": made["token"], "lang": "es"})
    assert mine.status_code == 200 and mine.json()["view"]["seat"] == 0
    _record(mine.json())
    public = client.get(f"/api/tables/{table}/position/0")
    assert public.status_code == 200 and public.json()["view"] is None
    assert not {c for z in public.json()["zones"] if z["kind"] == "hand" for c in z["cards"]}
    _record(public.json())
    assert client.get(f"/api/tables/{table}/position/0", params={"token": "forged"}).status_code == 403
    assert client.get(f"/api/tables/{table}/position/99999").json()["code"] == "bad_position"
    assert client.get(f"/api/tables/{table}/position/x").status_code == 400
    assert client.get("/api/tables/nope/position/0").status_code == 404
    listed = [t for t in client.get("/api/tables").json() if t["table"] == table][0]
    assert listed["name"] and listed["seats"][1]["invite"] is None and listed["seats"][0]["invite"] is None


def test_zz_every_message_these_tests_received_validates() -> None:
    pytest.importorskip("jsonschema")
    from ._check import check_message

    assert SENT
    for message in SENT:
        check_message(message)


def test_names_survive_a_restart_and_a_version_1_store_is_upgraded(tmp_path: Any) -> None:
    import sqlite3

    from naipes.web.store import SCHEMA_VERSION, Store

    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as con:  # a naipes 1.2 store: no names
        con.executescript("""
            CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
                rules TEXT NOT NULL, start TEXT NOT NULL, created REAL NOT NULL, last_activity REAL NOT NULL,
                expires REAL NOT NULL, finished INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
                seat INTEGER NOT NULL, token_hash TEXT, bot TEXT, PRIMARY KEY (table_id, seat));
            CREATE TABLE moves (table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
                n INTEGER NOT NULL, seat INTEGER NOT NULL, move TEXT NOT NULL, PRIMARY KEY (table_id, n));
            PRAGMA user_version=1;""")
    store = Store(path)
    lobby = Lobby(Settings(bot_delay=0), store)
    named = lobby.create("ranzo", name="Mesa de Ana", seed=1)
    named.join(1, name="Ana")
    plain = lobby.create("ranzo", seed=2)
    _play(named, 5)
    store.close()
    reopened = Store(path)
    again = Lobby(Settings(bot_delay=0), reopened)
    again.load(now=0.0)
    assert again.get(named.id).name == "Mesa de Ana" and again.get(plain.id).name == plain.name
    assert again.get(named.id).seats[1].shown_name == "Ana"
    assert again.get(named.id).game.to_dict() == named.game.to_dict()
    reopened.close()
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
