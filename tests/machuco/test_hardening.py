"""Machuco's boundary (issue 12): state dicts, positions, moves, notation, rules, threads."""

from __future__ import annotations

import json
import random
from typing import Any, Callable

import attrs
import pytest

from naipes import Card
from naipes.errors import IllegalMoveError, InvalidStateError, NotationError, RulesError
from naipes.machuco import Envio, Game, Move, Phase, PlayCard, Rules
from naipes.machuco.moves import MAX_MOVE_TEXT, envio, play_card
from naipes.machuco.rules import BOUNDS
from naipes.testing import check_hardening, check_threads, run_hardening

TWO = Rules(players=2)
VARIANTS = {
    "default": Rules(),
    "two": TWO,
    "individual": Rules(teams=False),
    "two-end-of-hand": Rules(players=2, contested_cante_resolution="end_of_hand", majo_chain_scoring="last_only"),
    "win-at-end-of-hand": Rules(win_check="end_of_hand", compulsory_capture=True, limpia_on_last_play=True),
    "short": Rules(players=2, malas=3, buenas=2, chicos_per_partido=1, partidos_to_win=1, scope="partido"),
}


def _played(rules: Rules, seed: int, plays: int, stop: Callable[[Game], bool] = lambda g: False) -> Game:
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(plays):
        if game.is_over or stop(game):
            break
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    return game


def _deciding(rules: Rules = TWO, phase: Phase = Phase.DECIDE) -> Game:
    for seed in range(500):
        game = _played(rules, seed, 3000, lambda g: g.phase is phase)
        if game.phase is phase:
            return game
    raise AssertionError(f"no seed reaches {phase}")


def _state(game: Game) -> dict[str, Any]:
    return json.loads(json.dumps(game.to_dict()))  # type: ignore[no-any-return]


def _refused(data: dict[str, Any], code: str | None = None) -> InvalidStateError:
    with pytest.raises(InvalidStateError) as info:
        Game.from_dict(data)
    if code is not None:
        assert info.value.code == code, info.value
    return info.value


# ----------------------------------------------------------------------------- the kit's checks
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_run_hardening_on_every_variant(name: str) -> None:
    rules = VARIANTS[name]
    run_hardening(lambda s: Game(rules, seed=s), examples=6, tampers=30)


@pytest.mark.parametrize("phase", [Phase.DECIDE, Phase.RESPOND])
def test_the_tamper_suite_on_open_contests(phase: Phase) -> None:
    game = _deciding(phase=phase)
    check_hardening(lambda s: game.clone(), 0, 0, tampers=150)


def test_the_tamper_suite_on_positions_and_finished_games() -> None:
    def position(seed: int) -> Game:
        return Game.from_position(Rules(players=2, scope="hand"), hands=[["2e", "12c", "5o"], ["2b", "11c", "6o"]],
                                  table=["3o", "4c"])

    for seed in range(4):
        check_hardening(position, seed, seed, tampers=80)
    over = _played(Rules(players=2, scope="hand"), 3, 500)
    assert over.is_over
    check_hardening(lambda s: over.clone(), 0, 0, tampers=80)


# ----------------------------------------------------------------------------- every reachable state loads
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_reached_state_round_trips(name: str) -> None:
    game = Game(VARIANTS[name], seed=11)
    rng = random.Random(11)
    for _ in range(400):
        data = _state(game)
        again = Game.from_dict(data)
        assert again.to_dict() == data
        if game.is_over:
            break
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])


def test_view_samples_and_position_records_load() -> None:
    game = _played(Rules(), 5, 40)
    world = game.view(game.to_act[0]).sample(random.Random(1))
    assert Game.from_dict(_state(world)).to_dict() == world.to_dict()
    pos = Game.from_position(TWO, hands=[["2e", "12c"], ["2b", "11c"]], table=["3o", "4c"])
    pos.play("2e")
    assert Game.from_dict(_state(pos)).to_dict() == pos.to_dict()
    assert Game.from_record(json.loads(json.dumps(pos.record()))).to_dict() == pos.to_dict()


# ----------------------------------------------------------------------------- the reproductions
def test_duplicated_dropped_and_foreign_cards_are_refused() -> None:
    data = _state(_played(TWO, 1, 5))
    state = data["state"]
    dup = json.loads(json.dumps(data))
    dup["state"]["stock"][0] = state["hands"][0][0]
    _refused(dup, "duplicate_card")
    dropped = json.loads(json.dumps(data))
    dropped["state"]["stock"] = state["stock"][1:]
    _refused(dropped, "wrong_cards")
    for foreign in ("8o", "JK", "AS", "x", 7, None):
        bad = json.loads(json.dumps(data))
        bad["state"]["stock"][0] = foreign
        _refused(bad, "bad_card")


def test_contest_true_is_refused_not_an_attribute_error() -> None:
    data = _state(Game(TWO, seed=1))
    data["state"]["contest"] = True
    _refused(data, "bad_phase")
    data = _state(_deciding())
    data["state"]["contest"] = True
    _refused(data, "bad_phase")


@pytest.mark.parametrize("score", [-1, 10**6, 2**60, 3.0, True, "3", None])
def test_negative_huge_or_float_scores_are_refused(score: object) -> None:
    data = _state(Game(TWO, seed=1))
    data["state"]["scores"][0] = score
    _refused(data)


@pytest.mark.parametrize("field, value", [
    ("chicos", [2, 0]), ("partidos", [2, 0]), ("deal_no", 7), ("plays_done", 37), ("dealer", 2),
    ("mano", lambda v: 1 - v), ("hand_no", 0), ("mask", 0), ("ch_level", 3), ("ch_side", 2), ("last_capturer", 2),
    ("winner", 0),
    ("full", 1), ("hand_closed", True), ("phase", "over"), ("phase", "respond"), ("phase", 2),
    ("deal_starts", [1]), ("plays", [[1, "1o"]]), ("turnup", []), ("orders", [["1o"] * 40]),
    ("draw", [[[0, "1o"], [0, "2o"]]]), ("pending", [{"deal": 1}]), ("cantes", [[0, 1, 5, 1]]),
])
def test_state_fields_are_checked(field: str, value: object) -> None:
    data = _state(Game(TWO, seed=1))
    if callable(value):
        value = value(data["state"][field])
    assert json.dumps(data["state"][field]) != json.dumps(value)
    data["state"][field] = value
    _refused(data)


def test_the_pending_contest_fields_are_checked() -> None:
    good = _state(_deciding(phase=Phase.RESPOND))
    contest = good["state"]["contest"]
    for key, value in [("amount", 0), ("amount", 99), ("amount", 3.0), ("decider", contest["responder"]),
                       ("responder", contest["decider"]), ("totals", [9, 9]), ("category", 3), ("deal", 9),
                       ("contenders", [0]), ("extra", 1)]:
        data = json.loads(json.dumps(good))
        data["state"]["contest"][key] = value
        _refused(data)
    for key in ("deal", "category", "decider", "amount"):
        data = json.loads(json.dumps(good))
        data["state"]["contest"][key] = float(contest[key])  # equal, but not an int: refused
        _refused(data, "bad_cantes")
    data = json.loads(json.dumps(good))
    data["state"]["cantes"][0][1] = float(data["state"]["cantes"][0][1])
    _refused(data, "bad_cantes")
    data = json.loads(json.dumps(good))
    data["acting"] = [contest["decider"]]
    _refused(data)
    data = json.loads(json.dumps(good))
    data["state"]["phase"] = "decide"
    _refused(data)


def test_pending_cantes_and_the_majo_chain_are_checked() -> None:
    rules = Rules(players=2, contested_cante_resolution="end_of_hand")
    game = _played(rules, 2, 3000, lambda g: bool(_state(g)["state"]["pending"]))
    good = _state(game)
    assert good["state"]["pending"]
    for key, value in [("stake", 99), ("stake", 2.0), ("deal", 0), ("category", 1 + good["state"]["pending"][0]
                                                                       ["category"] % 3), ("totals", [0, 0])]:
        data = json.loads(json.dumps(good))
        data["state"]["pending"][0][key] = value
        _refused(data)
    game = _played(TWO, 0, 3000, lambda g: _state(g)["state"]["ch_level"] != 0)
    good = _state(game)
    assert good["state"]["ch_level"]
    for key, value in [("ch_len", 40), ("ch_rank", 1 + good["state"]["ch_rank"] % 7), ("ch_side", 1 - good[
            "state"]["ch_side"]), ("last_throw", good["state"]["ch_rank"])]:
        data = json.loads(json.dumps(good))
        data["state"][key] = value
        _refused(data)


def test_from_position_refuses_impossible_positions() -> None:
    hands = [["2e"], ["2b"]]
    for kw, code in [
        (dict(dealer=True), "bad_dealer"), (dict(dealer=1.0), "bad_dealer"), (dict(scores=[0, 2.5]), "out_of_range"),
        (dict(scores=[-1, 0]), "out_of_range"), (dict(scores=[21, 0]), "out_of_range"),
        (dict(chicos=[2, 0]), "out_of_range"), (dict(deal=7), "bad_deal"), (dict(deal=True), "bad_deal"),
        (dict(deal=6, stock=["3o"] * 0 + [str(c) for c in Card.parse_many("3o 4o 5o 6o 7o 10o")]), "bad_stock"),
        (dict(last_throw=5), "bad_plays"), (dict(last_throw=8), "out_of_range"),
        (dict(chain=(2, 1, 5)), "bad_chain"), (dict(chain="2 1 0"), "bad_chain"),
        (dict(last_capturer=3), "out_of_range"), (dict(seed="x"), "bad_field"), (dict(scores="00"), "bad_field"),
    ]:
        with pytest.raises(InvalidStateError) as info:
            Game.from_position(TWO, hands=hands, **kw)  # type: ignore[arg-type]
        assert info.value.code == code, (kw, info.value)
    with pytest.raises(InvalidStateError):
        Game.from_position(TWO, hands="2e 2b")


# ----------------------------------------------------------------------------- moves
@pytest.mark.parametrize("kind, value", [(Envio, 2.0), (Envio, True), (Envio, "2"), (Envio, None),
                                         (PlayCard, "3o"), (PlayCard, None), (PlayCard, 1)])
def test_malformed_moves_cannot_be_built(kind: Callable[[Any], Move], value: object) -> None:
    with pytest.raises(IllegalMoveError) as info:
        kind(value)
    assert info.value.code == "bad_field"


def test_envio_two_point_oh_no_longer_spoils_the_record() -> None:
    game = _deciding()
    amount = game.legal_moves()[-1]
    assert isinstance(amount, Envio)
    with pytest.raises(IllegalMoveError):
        game.play(Envio(float(amount.amount)))  # type: ignore[arg-type]
    before = game.to_dict()
    game.play(Envio(amount.amount))
    assert Game.from_record(json.loads(json.dumps(game.record()))).to_dict() == game.to_dict()
    assert before != game.to_dict()


def test_listed_moves_are_the_interned_ones() -> None:
    game = _deciding()
    assert all(m is envio(m.amount) for m in game.legal_moves() if isinstance(m, Envio))
    played = Game(TWO, seed=2)
    assert all(m is play_card(m.card) for m in played.legal_moves() if isinstance(m, PlayCard))
    assert attrs.evolve(envio(3), amount=4) == Envio(4) == envio(4)


# ----------------------------------------------------------------------------- notation
@pytest.mark.parametrize("text", ["envio ²", "envío ²", "envio 1²", "envio " + "9" * 5000, "9" * 5000, "²", "٣",
                                  "envio ٣", "x" * 200_000, "1o" * 600, "\x00", "envio -1", "envio 1234567"])
def test_parsers_raise_only_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        Move.parse(text)
    play = Game(TWO, seed=1)
    with pytest.raises((NotationError, IllegalMoveError)):
        play.parse_move(text)
    deciding = _deciding()
    with pytest.raises((NotationError, IllegalMoveError)):
        deciding.parse_move(text)


def test_the_longest_text_is_documented_and_checked_first() -> None:
    assert MAX_MOVE_TEXT == 1000
    assert Move.parse(" " * 990 + "12b") == play_card(Card.parse("12b"))
    with pytest.raises(NotationError) as info:
        Move.parse(" " * 1000 + "12b")
    assert info.value.code == "too_long"
    assert Move.parse("envio 999999") == Envio(999999)


# ----------------------------------------------------------------------------- rules
@pytest.mark.parametrize("kw, code", [
    (dict(players=2.0), "bad_players"), (dict(players=True), "bad_players"), (dict(teams=1), "not_a_bool"),
    (dict(envio_limit=2.0), "not_an_int"), (dict(envio_limit=True), "not_an_int"), (dict(envio_limit=101), "too_large"),
    (dict(malas=101), "too_large"), (dict(buenas=0), "too_small"), (dict(chicos_per_partido=11), "too_large"),
    (dict(partidos_to_win=10**9), "too_large"), (dict(card_threshold=41), "too_large"),
    (dict(card_threshold=-1), "too_small"), (dict(scope=["hand"]), "bad_choice"), (dict(win_check=None), "bad_choice"),
    (dict(compulsory_capture=0), "not_a_bool"),
])
def test_rules_have_exact_types_and_bounds(kw: dict[str, Any], code: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules(**kw)
    assert info.value.code == code


def test_the_largest_rules_build_quickly() -> None:
    largest: dict[str, Any] = {name: hi for name, (lo, hi) in BOUNDS.items()}
    rules = Rules(**largest)
    game = Game(rules, seed=1)
    assert Game.from_dict(_state(game)).to_dict() == game.to_dict()


# ----------------------------------------------------------------------------- threads
def _playout(rules: Rules, seed: int) -> dict[str, Any]:
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
        if len(game.history) % 97 == 0:
            game = Game.from_dict(_state(game))
            str(game.parse_move(str(game.legal_moves()[0])) if not game.is_over else "")
    return game.to_dict()


def test_games_in_threads_match_the_serial_run() -> None:
    jobs = [(rules, seed) for seed in range(3) for rules in (Rules(), TWO, Rules(teams=False))]
    check_threads(lambda job: _playout(*job), jobs)


def test_a_forced_envio_amount_is_refused() -> None:
    """``object.__setattr__(envio, "amount", 2.0)`` compares equal to ``envio 2``; 1.1 recorded
    the float (then refused its own state), 1.2-dev the listed move in its place. Issue 39:
    no constructor builds that move, so it is refused (``bad_field``) and nothing changes."""
    game = _played(Rules(), 1, 2000, stop=lambda g: g.phase is Phase.DECIDE and len(g.legal_moves()) > 1)
    assert game.phase is Phase.DECIDE
    listed = game.legal_moves()[1]
    for wrong in (float(listed.amount), True):
        forced = attrs.evolve(listed)
        object.__setattr__(forced, "amount", wrong)
        before, rng = game.to_dict(), game._rng.getstate()
        with pytest.raises(IllegalMoveError) as info:
            game.play(forced)
        assert info.value.code == "bad_field"
        assert game.to_dict() == before and game._rng.getstate() == rng
    game.play(attrs.evolve(listed))
    kept = game.history[-1][1]
    assert kept == listed and type(kept.amount) is int
    assert Game.from_dict(json.loads(json.dumps(game.to_dict()))).to_dict() == game.to_dict()
    assert Game.from_record(game.record()).to_dict() == game.to_dict()


def test_a_forced_card_field_is_refused_and_changes_nothing() -> None:
    game = _played(Rules(), 2, 5)
    listed = game.legal_moves()[0]
    for wrong in (None, str(listed.card), 1):
        forced = attrs.evolve(listed)
        object.__setattr__(forced, "card", wrong)
        before, rng = game.to_dict(), game._rng.getstate()
        with pytest.raises(IllegalMoveError) as info:
            game.play(forced)
        assert info.value.code == "bad_field"
        assert game.to_dict() == before and game._rng.getstate() == rng
