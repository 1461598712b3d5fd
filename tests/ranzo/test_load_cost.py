"""What Ranzo's ``from_dict`` costs (issue 39): one replay of the history, the JSON checked once.

``from_dict`` checks a state against the game its start names by replaying the
history (issue 21); 1.2-dev also walked the history for the known cards, built
the start twice and checked the JSON three times: 876-1,066 bare random steps at
800 moves (1.1: 264). The time is measured by ``benchmarks/bench_records.py``
(``--only ranzo``); here the costs are counted (function calls, as
``tests/_cost.py`` counts them: the same on every run and machine), against the
calls of a bare random step (``legal_moves``, a random move, ``play``).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from _cost import calls

from naipes import _validate
from naipes.errors import InvalidStateError
from naipes.ranzo import Game, Phase, Rules


def _playout(moves: int, seed: int, rules: Rules | None = None) -> Game:
    game = Game(rules or Rules(rounds=64), seed=seed)
    rng = random.Random(seed)
    while len(game.history) < moves and not game.is_over:
        seat = min(game.to_act)
        legal = game.legal_moves(seat)
        game.play(legal[rng.randrange(len(legal))], seat)
    return game


def _bare_step_calls(games: int = 6) -> float:
    """Function calls per step of random play through the plain API (default rules, the
    construction of the games included), as the ``bare`` cell of ``bench_envs.py``."""
    rng = random.Random(3)
    steps = 0

    def run() -> None:
        nonlocal steps
        for _ in range(games):
            game = Game(seed=rng.randrange(2**31))
            while not game.is_over:
                seat = min(game.to_act)
                legal = game.legal_moves(seat)
                game.play(legal[rng.randrange(len(legal))], seat)
                steps += 1

    return calls(run) / steps


def _state(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(game.to_dict()))
    return data


@pytest.mark.parametrize("seed", [1, 2])
def test_from_dict_at_800_moves_costs_one_replay(seed: int) -> None:
    """At 800 moves ``from_dict`` makes at most as many calls as 500 bare steps (1.2-dev
    before issue 39: about 1,500; the replay alone plays 800 moves)."""
    data = _state(_playout(800, seed))
    assert len(data["history"]) >= 800
    bare = _bare_step_calls()
    cost = calls(lambda: Game.from_dict(data)) / bare
    assert cost <= 500, f"from_dict at 800 moves: {cost:.0f} bare steps of calls"


class _Counted:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.wheres: list[str] = []
        real = _validate.check_json

        def counted(data: object, where: str, **kw: Any) -> None:
            self.wheres.append(where)
            real(data, where, **kw)

        monkeypatch.setattr(_validate, "check_json", counted)


def test_a_state_is_checked_as_json_once(monkeypatch: pytest.MonkeyPatch) -> None:
    data = _state(_playout(60, 4))
    counted = _Counted(monkeypatch)
    Game.from_dict(data)
    assert counted.wheres == ["state dict"]


def test_a_state_from_a_position_is_checked_as_json_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.from_position(hands=["1o 2o 3o 4o 5o", "1c 2c 3c 4c 5c", "1e 2e 3e 4e 5e", "1b 2b 3b 4b 5b"],
                              stock="7o 7c 7e 7b 8o 8c 8e 8b", seed=5)
    game.play(game.legal_moves()[-1])
    data = _state(game)
    assert "position" in data["start"]
    counted = _Counted(monkeypatch)
    assert Game.from_dict(data).to_dict() == data
    assert counted.wheres == ["state dict"]
    record = json.loads(json.dumps(game.record()))
    counted.wheres.clear()
    Game.from_record(record)
    assert counted.wheres == ["record"]


def test_a_history_that_stops_inside_a_claim_window_is_refused() -> None:
    game = _playout(200, 6)
    while game.phase is not Phase.WINDOW or game._pending_answers:
        seat = min(game.to_act)
        game.play(game.legal_moves(seat)[0], seat)
    seat = min(game.to_act)
    game.play("pass", seat)  # a sealed answer: not in the history until the window closes
    data = _state(game)
    assert Game.from_dict(data).to_dict() == data
    cut = {**data, "history": data["history"][:-1]}  # the last window's last answer lost
    with pytest.raises(InvalidStateError) as info:
        Game.from_dict(cut)
    assert info.value.code in ("bad_history", "bad_known")


def test_the_known_cards_are_still_named_when_they_are_wrong() -> None:
    """The walk of the known cards runs only when the replay refuses, and still names them."""
    game = _playout(300, 7)
    data = _state(game)
    seat = next(s for s, known in enumerate(data["state"]["known"]) if known)
    data["state"]["known"][seat] = data["state"]["known"][seat][1:]
    with pytest.raises(InvalidStateError) as info:
        Game.from_dict(data)
    assert info.value.code == "bad_known"
