"""The example third-party game (examples/toygame) at a web table, through its plugin alone:
the games list, a table made over HTTP and played to the end over the WebSocket, and a turn
workspace a plugin declares (the server drives it without knowing the game)."""

from __future__ import annotations

from typing import Any, Iterator

import naipes_toy
import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from naipes import registry  # noqa: E402
from naipes.plugin import GamePlugin, plugin  # noqa: E402

from .conftest import OPEN, Client, close, connect, make_table  # noqa: E402


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy in a copy of the registry (as its entry point would register it); restored after."""
    registry.games()
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    registry.register(naipes_toy.GAME_INFO)
    yield


def _open(client: Any, table: str, token: str | None = None) -> Client:
    session, hello = connect(client, table, token)
    c = Client(session.__enter__())
    c._cm = session  # type: ignore[attr-defined]
    OPEN.append(c)
    c.send(hello)
    return c


def _check_update(message: dict[str, Any]) -> None:
    """The update's frame (the shipped protocol schema lists only the built-in games' views and events)."""
    assert set(message) >= {"type", "table", "events", "next", "view", "to_act", "scores", "over", "seats"}
    for item in message["events"]:
        assert isinstance(item["event"]["kind"], str) and isinstance(item["seq"], int)
    view = message["view"]
    assert view["type"] == "View" and view["seat"] == 0 and all(isinstance(c, str) for c in view["hand"])


def _play_to_the_end(c: Client, seat: int) -> tuple[dict[str, Any], list[str]]:
    """Play the seat's first legal move at each of its turns; the last update and the event texts."""
    texts: list[str] = []
    update = c.until("update")
    for _ in range(200):
        _check_update(update)
        texts += [e["text"] for e in update["events"] if e["text"]]
        if update["over"]:
            return update, texts
        if seat in update["to_act"] and update["view"]["legal_moves"]:
            c.send({"type": "move", "move": update["view"]["legal_moves"][0]})
        update = c.until("update")
    raise AssertionError("the toy game did not end")


def test_the_games_list_shows_the_toy_from_its_plugin(client: Any) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    toy = games["toy"]
    assert toy["player_counts"] == [2, 3, 4] and toy["deck"] == "french-16"
    assert toy["quick_rules"] == {k: dict(v) for k, v in plugin("toy").quick_rules.items()}
    assert toy["workspace_ops"] == list(plugin("toy").workspace_ops)
    assert games["machiavelli"]["workspace_ops"] and "commit" in games["machiavelli"]["workspace_ops"]
    quick = games["machuco"]["quick_rules"]
    assert list(quick)[0] == "hand" and quick["hand"] == {"scope": "hand"}
    assert games["machuco"]["workspace_ops"] == []


def test_a_toy_table_over_http_played_to_the_end_over_the_websocket(client: Any) -> None:
    made = make_table(client, "toy", players=2, bots={"1": "best"}, join=0)
    assert made["game"] == "toy"
    c = _open(client, made["table"], made["token"])
    welcome = c.until("welcome")
    assert welcome["game"] == "toy" and welcome["seat"] == 0 and welcome["deck"] == "french-16"
    last, texts = _play_to_the_end(c, 0)
    assert last["over"] and len(last["scores"]) == 2
    assert any(t.startswith("GameEnded") or "end" in t.lower() for t in texts), texts
    summary = client.get(f"/api/tables/{made['table']}").json()
    assert summary["over"] and summary["moves"] >= 2 * 8 + 2  # 16 cards played, then two bids
    close(c)


def _after(c: Client, before: dict[str, Any]) -> dict[str, Any]:
    """The next update after a move: new events, or (a sealed bid tells nothing) a new turn.
    Seat-status updates change neither."""
    update = c.until("update")
    while (update["next"], update["to_act"]) == (before["next"], before["to_act"]):
        update = c.until("update")
    return update


def test_two_people_play_a_toy_table_the_bids_stay_sealed(client: Any) -> None:
    made = make_table(client, "toy", players=2, join=0)
    joined = client.post(f"/api/tables/{made['table']}/join", json={"seat": 1}).json()
    a, b = _open(client, made["table"], made["token"]), _open(client, made["table"], joined["token"])
    a.until("welcome"), b.until("welcome")
    latest = [a.until("update"), b.until("update")]
    sealed = 0
    for _ in range(100):
        if latest[0]["over"]:
            break
        seat = next(s for s in (0, 1) if s in latest[s]["to_act"] and s not in latest[s]["view"]["answered"])
        both = latest[0]["to_act"] == [0, 1]
        (a, b)[seat].send({"type": "move", "move": latest[seat]["view"]["legal_moves"][-1]})
        latest = [_after(a, latest[0]), _after(b, latest[1])]
        if both and not latest[0]["over"]:  # one bid sealed: the other seat cannot see it yet
            assert latest[0]["to_act"] == [1 - seat]
            assert latest[1 - seat]["view"]["my_bid"] is None and latest[seat]["view"]["my_bid"] == 1
            assert latest[1 - seat]["view"]["bids"] == [0, 0]
            sealed += 1
    assert latest[0]["over"] and latest[1]["over"] and latest[0]["scores"] == latest[1]["scores"]
    assert sealed == 1
    close(b), close(a)


def test_the_toy_has_no_workspace(client: Any) -> None:
    made = make_table(client, "toy", players=2, bots={"1": "random"}, join=0)
    c = _open(client, made["table"], made["token"])
    c.until("welcome")
    c.send({"type": "workspace", "op": "show"})
    assert c.until("error")["code"] == "no_workspace"
    close(c)


class HandWorkspace:
    """The smallest turn workspace: pick a card of the hand, commit plays it (a test's own)."""

    def __init__(self, game: Any, seat: int) -> None:
        self.view = game.view(seat)
        self.melds: list[list[Any]] = [[]]
        self.steps: list[str] = []

    @property
    def hand(self) -> list[Any]:
        return [c for c in self.view.hand if c not in self.melds[0]]

    @property
    def taken(self) -> list[Any]:
        return list(self.melds[0])

    def problems(self) -> list[Any]:
        return []

    def explain(self) -> str:
        return "pick one card"

    def take(self, card: str, to: int | None) -> None:
        found = [c for c in self.view.hand if str(c) == card]
        if not found:
            raise naipes_toy.IllegalMoveError(f"no {card} in the hand", code="workspace_step")
        self.melds[0] = found[:1]
        self.steps.append(f"take {card}")

    def commit(self) -> Any:
        return naipes_toy.PlayCard(self.melds[0][0])


class WorkspacePlugin(GamePlugin[Any, Any, Any]):
    """The toy with a turn workspace of two steps, as a third party would declare one."""

    workspace_ops = ("take", "commit")

    def workspace(self, game: Any, seat: int) -> Any:
        return HandWorkspace(game, seat) if game.to_act == (seat,) else None


def test_a_plugin_declared_workspace_is_driven_without_the_game_named(
        client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from naipes import plugin as plugin_module

    monkeypatch.setitem(plugin_module._PLUGINS, "toy", WorkspacePlugin(naipes_toy.GAME_INFO))
    made = make_table(client, "toy", players=2, bots={"1": "random"}, join=0)
    c = _open(client, made["table"], made["token"])
    c.until("welcome")
    update = c.until("update")
    card = update["view"]["hand"][0]
    c.send({"type": "workspace", "op": "merge", "meld": 0, "other": 1})  # a step the plugin does not list
    assert c.until("error")["code"] == "bad_message"
    c.send({"type": "workspace", "op": "take", "card": card, "to": 0})
    took = c.until("workspace")
    assert took["melds"] == [[card]] and took["hand"] == update["view"]["hand"][1:] and took["valid"]
    c.send({"type": "workspace", "op": "commit"})
    seen = [c.receive()]
    while seen[-1]["type"] != "workspace":  # the update of the move may come before the answer
        seen.append(c.receive())
    assert seen[-1]["done"] == card
    while not any(m["type"] == "update" and m["next"] > update["next"] for m in seen):
        seen.append(c.receive())
    played = [e["event"] for m in seen if m["type"] == "update" for e in m["events"]
              if e["event"]["kind"] == "MovePlayed"]
    assert played[0]["seat"] == 0 and played[0]["move"] == card
    close(c)
