"""API 1.0 for Ranzo: read-only state, shared events, opening events, error codes, short forms."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import naipes
from naipes import IllegalMoveError, InvalidStateError, NaipesError, NotationError, RulesError
from naipes.events import Event, EventLog, GameEnded, HandEnded, HandStarted, ScoresChanged
from naipes.ranzo import CardDrawn, Game, Move, Phase, PointsPaid, Result, Rules, View, legality, special
from ranzo.helpers import answer, cards, position

SRC = Path(naipes.__file__).parent / "ranzo"
DOCS = Path(__file__).parents[2] / "src" / "naipes" / "rules" / "ranzo.rst"
MUTATORS = ("append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse", "add",
            "discard", "update", "popitem", "setdefault", "__setitem__", "__delitem__")


def _random_play(game: Game, seed: int, steps: int | None = None) -> Game:
    rng = random.Random(seed)
    done = 0
    while not game.is_over and (steps is None or done < steps):
        seat = game.to_act[0]
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
        done += 1
    return game


# -- read-only public state ---------------------------------------------------------------
def _reachable(value: object, depth: int = 0) -> list[object]:
    out = [value]
    if depth < 4 and isinstance(value, (tuple, frozenset)):
        for item in value:
            out.extend(_reachable(item, depth + 1))
    return out


def _try_to_mutate(obj: object) -> None:
    for name in MUTATORS:
        method = getattr(obj, name, None)
        if method is None or isinstance(obj, type):
            continue
        for args in ((), (0,), (0, 0)):
            try:
                method(*args)
            except Exception:  # noqa: BLE001 - any refusal is fine
                pass


def _positions() -> list[Game]:
    turn = Game(seed=4)
    window = Game(seed=4)
    window.play(window.legal_moves()[-1])
    window.play("pass", 1)
    steal = position(hands={0: "1c 9e 12b 3c 11e 7o", 1: "5o 6o 7c 7e 4o"}, turn=0)
    steal.play("discard 7o")
    answer(steal, p1="envido 5o 6o", p2="pass", p3="pass")
    over = _random_play(Game(Rules(rounds=2), seed=8), 8)
    laid = position(hands={0: "9e 12b 5c"}, open_juegos=[["1o 2o 3o"], [], [], []], stock="7b", turn=0,
                    known=[["9e"], [], [], []])
    return [turn, window, steal, over, laid]


@pytest.mark.parametrize("game", _positions(), ids=["turn", "window", "steal", "over", "open"])
def test_public_state_cannot_be_mutated(game: Game) -> None:
    before = game.to_dict()
    names = [n for n in dir(game) if not n.startswith("_")]
    for name in names:
        value = getattr(game, name)
        if callable(value) and name not in ("zones",):
            continue
        if name == "zones":
            value = game.zones()
        for item in _reachable(value):
            assert not isinstance(item, (list, dict, set, bytearray)) or name == "zones", (name, item)
            _try_to_mutate(item)
        if name != "events" and isinstance(getattr(type(game), name, None), property):
            with pytest.raises(AttributeError):
                setattr(game, name, None)
    for seat in range(game.num_players):
        view = game.view(seat)
        for field in view.__attrs_attrs__:  # type: ignore[attr-defined]
            for item in _reachable(getattr(view, field.name)):
                assert not isinstance(item, (list, dict, set, bytearray)), (field.name, item)
                _try_to_mutate(item)
    zones = game.zones()
    zones.clear()
    assert game.to_dict() == before
    assert game.zones() and game.to_dict() == before


def test_hands_clear_is_refused_and_seat_keeps_its_moves() -> None:
    game = Game(seed=3)
    moves = game.legal_moves(0)
    with pytest.raises(AttributeError):
        game.hands[0].clear()  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        game.hands = ()  # type: ignore[misc]
    assert game.legal_moves(0) == moves and len(game.hands[0]) == 6


# -- shared events ------------------------------------------------------------------------
@settings(deadline=None, max_examples=8, derandomize=True)
@given(st.integers(0, 2**31 - 1), st.sampled_from([Rules(rounds=2), Rules(players=3, rounds=2),
                                                   Rules(teams=True, rounds=2, starting_points=2)]))
def test_every_score_change_is_announced(seed: int, rules: Rules) -> None:
    game = Game(rules, seed=seed)
    totals: list[tuple[int, ...]] = []
    hands: list[Event] = []
    ended: list[GameEnded] = []
    game.events.subscribe(ScoresChanged, lambda e: totals.append(e.totals))
    game.events.subscribe(HandStarted, hands.append)
    game.events.subscribe(HandEnded, hands.append)
    game.events.subscribe(GameEnded, ended.append)
    rng = random.Random(seed)
    before = game.scores
    while not game.is_over:
        seat = game.to_act[0]
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
        if game.scores != before:
            assert totals and totals[-1] == game.scores
        before = game.scores
    assert [type(e).__name__ for e in hands] == ["HandEnded"] + ["HandStarted", "HandEnded"] * (
        rules.num_rounds - 1)
    assert [e.hand for e in hands] == [1] + [h for h in range(2, rules.num_rounds + 1) for _ in (0, 1)]
    assert len(ended) == 1 and ended[0].result == game.result and isinstance(ended[0].result, Result)
    assert all(isinstance(e, HandEnded) and e.scores == game.scores for e in hands[-1:])


def test_points_paid_is_a_scores_changed_with_totals() -> None:
    g = position(hands={2: "3o 4o 5o 7c 7e 7b"}, turn=2)
    seen: list[ScoresChanged] = []
    g.events.subscribe(ScoresChanged, seen.append)
    g.play("ranzo")
    (paid,) = seen
    assert isinstance(paid, PointsPaid) and paid.totals == g.scores == (29, 29, 33, 29)
    assert paid.to_dict()["type"] == "ranzo.PointsPaid" and paid.to_dict()["kind"] == "ScoresChanged"


def test_claim_events_carry_moves() -> None:
    from naipes.ranzo import ClaimResolved, ClaimsRevealed

    g = position(hands={0: "1c 9e 12b 3c 11e 5o", 1: "2c 10b 4e 6b 8c"}, turn=0)
    g.play("discard 5o")
    seen: list[Event] = []
    g.events.subscribe(Event, seen.append)
    answer(g, p1="truco 10b", p2="pass", p3="pass")
    rev = next(e for e in seen if isinstance(e, ClaimsRevealed))
    res = next(e for e in seen if isinstance(e, ClaimResolved))
    assert all(isinstance(m, Move) for _, m in rev.answers)
    assert res.claim == Move.parse("truco 10b")


# -- opening events -----------------------------------------------------------------------
def test_the_first_deal_is_in_the_opening_events() -> None:
    game = Game(seed=7)
    kinds = [type(e).__name__ for e in game.opening_events]
    assert kinds == ["HandStarted"] + ["CardsDealt"] * 4 + ["CardDrawn"]
    dealt = [e for e in game.opening_events if isinstance(e, naipes.events.CardsDealt)]
    assert [e.cards for e in dealt] == [h[:5] for h in game.hands]
    log = EventLog(game)
    mine = log.since(1)
    assert [e.cards for _, e in mine if isinstance(e, naipes.events.CardsDealt)] == [(), game.hands[1], (), ()]
    drawn = [e for _, e in mine if isinstance(e, CardDrawn)]
    assert [(e.seat, e.card, e.stock_size) for e in drawn] == [(0, None, 27)]  # seat 0 drew: no card shown


def test_made_games_have_no_opening_events() -> None:
    game = Game(seed=7)
    assert game.clone().opening_events == ()
    assert Game.from_dict(game.to_dict()).opening_events == ()
    assert game.view(2).sample(random.Random(1)).opening_events == ()
    assert position(hands={0: "1c 9e 12b 3c 11e 5o"}, turn=0).opening_events == ()


def test_later_hands_are_dealt_with_events() -> None:
    deck = list(naipes.spanish_deck(48))
    hands = [deck[5 * s:5 * s + 5] for s in range(4)]
    g = Game.from_position(Rules(rounds=3), hands=hands, stock=deck[20:21], discards=deck[21:], dealer=2,
                           turn=3, seed=5)
    seen: list[Event] = []
    g.events.subscribe(Event, seen.append)
    g.play(g.legal_moves()[-1])  # a discard of the last stock card
    answer(g, p0="pass", p1="pass", p2="pass")
    kinds = [type(e).__name__ for e in seen]
    assert kinds[kinds.index("HandEnded"):] == ["HandEnded", "HandStarted"] + ["CardsDealt"] * 4 + [
        "CardDrawn"]
    assert g.hand_number == 2


# -- phases ---------------------------------------------------------------------------------
def test_phase_is_an_enum_in_game_view_and_state_dict() -> None:
    g = Game(seed=7)
    assert g.phase is Phase.TURN and g.view(0).phase is Phase.TURN
    g.play(g.legal_moves()[-1])
    assert g.phase is Phase.WINDOW and g.to_dict()["state"]["phase"] == "window"  # type: ignore[index]
    assert Game.from_dict(g.to_dict()).phase is Phase.WINDOW


# -- error codes ----------------------------------------------------------------------------
def _raised_codes() -> set[str]:
    found = set()
    for path in SRC.glob("*.py"):
        found.update(re.findall(r'code="([a-z_]+)"', path.read_text()))
    return found


def test_every_code_raised_is_in_the_table_and_on_the_docs_page() -> None:
    codes = _raised_codes() | {code for code in legality.OWN_CODES}
    docs = DOCS.read_text()
    for code in codes:
        assert code in legality.CODES, code
        assert code not in legality.OWN_CODES or f"``{code}``" in docs, code
    for code, (rule, _) in legality.CODES.items():
        assert rule is None or re.fullmatch(r"RZ-\d\d", rule)


def _window() -> Game:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o", 1: "4o 6o 5c 5e 2b", 2: "3o 4b 8e 10c 11b"}, turn=0)
    g.play("discard 5o")
    return g


def _steal(claim: str) -> Game:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o", 1: "6o 4o 5c 8e 2b", 2: "2c 10b 4e 6b 8c",
                        3: "3o 4b 8b 10e 11b"}, turn=0)
    g.play("discard 5o")
    if claim == "truco":  # P3's truco 11b; 3o 4b 8b 10e 5o cannot call Ranzo... keep it simple
        answer(g, p1="pass", p2="pass", p3="truco 11b")
    else:
        answer(g, p1="envido 4o 6o", p2="pass", p3="pass")
    return g


ILLEGAL: list[tuple[str, Callable[[], Game], str, int | None, str | None]] = [
    ("window_only", lambda: Game(seed=7), "pass", 0, "RZ-06"),
    ("window_open", _window, "discard 4o", 1, "RZ-06"),
    ("no_ranzo", lambda: position(hands={0: "1c 9e 12b 3c 11e 5o"}, turn=0), "ranzo", 0, "RZ-05"),
    ("in_open_juego", lambda: position(hands={0: "9e 12b 5c"}, open_juegos=[["1o 2o 3o"], [], [], []],
                                       stock="7b", turn=0), "discard 2o", 0, "RZ-03"),
    ("not_in_hand", lambda: position(hands={0: "1c 9e 12b 3c 11e 5o"}, turn=0), "discard 7b", 0, None),
    ("juego_card", lambda: _steal("envido"), "discard 5o", 1, "RZ-07"),
    ("truco_not_held", _window, "truco 12o", 1, "RZ-08"),
    ("truco_too_low", _window, "truco 2b", 1, "RZ-08"),
    ("envido_not_held", _window, "envido 3o 4o", 2, "RZ-07"),
    ("not_a_juego", _window, "envido 4o 5c", 1, "RZ-07"),
]


@pytest.mark.parametrize("code,make,move,seat,rule", ILLEGAL, ids=[c[0] for c in ILLEGAL])
def test_illegal_move_codes(code: str, make: Callable[[], Game], move: str, seat: int | None,
                            rule: str | None) -> None:
    g = make()
    before = g.to_dict()
    with pytest.raises(IllegalMoveError) as info:
        g.play(move, seat)
    assert (info.value.code, info.value.rule) == (code, rule) == (code, legality.CODES[code][0])
    assert g.to_dict() == before


def test_must_discard_shown_code() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o", 1: "3o 4o 7c 7e 7b"}, turn=0)
    g.play("discard 5o")
    answer(g, p1="truco 7b", p2="pass", p3="pass")
    with pytest.raises(IllegalMoveError) as info:
        g.play("discard 3o")
    assert (info.value.code, info.value.rule) == ("must_discard_shown", "RZ-08")


OTHER: list[tuple[str, Callable[[], object], type[NaipesError]]] = [
    ("not_text", lambda: Move.parse(3), NotationError),  # type: ignore[arg-type]
    ("empty_move", lambda: Move.parse("  "), NotationError),
    ("not_a_move", lambda: Move.parse("steal 7b"), NotationError),
    ("not_a_card", lambda: Move.parse("truco AS"), NotationError),
    ("duplicate_card", lambda: Move.parse("envido 7b 7b"), NotationError),
    ("bad_players", lambda: Rules(players=5), RulesError),
    ("bad_deck_size", lambda: Rules(deck=50), RulesError),
    ("bad_rule_value", lambda: Rules(starting_points=-1), RulesError),
    ("bad_specials", lambda: Rules(specials=("real", "real")), RulesError),
    ("unknown_special", lambda: special("trio:13"), RulesError),
    ("teams_need_four", lambda: Rules(players=3, teams=True), RulesError),
    ("bad_deck", lambda: Game(deck=["1o"] * 48), InvalidStateError),
    ("bad_dealer", lambda: Game(dealer=7), InvalidStateError),
    ("bad_seats", lambda: Game.from_position(hands=["1o 2o 3o 4o 5o"] * 3), InvalidStateError),
    ("bad_turn", lambda: position(hands={}, turn=9), InvalidStateError),
    ("bad_hand_number", lambda: position(hands={}, hand_number=9), InvalidStateError),
    ("bad_balances", lambda: position(hands={}, balances=[1, 2, 3, -1]), InvalidStateError),
    ("bad_juego", lambda: position(hands={0: "5c 6c"}, open_juegos=[["1o 2o 4o"], [], [], []]),
     InvalidStateError),
    ("stray_cards", lambda: position(Rules(deck=40), hands={0: "8o 1c 2c 3c 4c"}), InvalidStateError),
    ("duplicate_card", lambda: Game.from_position(hands=["1o 2o 3o 4o 5o"] * 4), InvalidStateError),
    ("too_few_cards", lambda: Game.from_position(hands=["1o 2o 3o 4o 5o", "1c 2c 3c 4c 5c",
                                                        "1e 2e 3e 4e 5e", "1b 2b 3b 4b"]),
     InvalidStateError),
    ("bad_known", lambda: position(hands={0: "1o 2o 3o 4o 5o"}, known=[["6o"], [], [], []]), InvalidStateError),
    ("no_claimed_card", lambda: position(hands={}, window=True), InvalidStateError),
    ("bad_hand_size", lambda: position(hands={0: "1c 9e 12b 3c"}, turn=1), InvalidStateError),
    ("wrong_rules", lambda: Game.from_position(object(), hands=[]),  # type: ignore[arg-type]
     naipes.UsageError),
    ("seed_and_rng", lambda: position(hands={}, seed=1, rng=random.Random(1)), naipes.UsageError),
    ("too_many_juegos", lambda: position(hands={0: ""}, open_juegos=[["1o 2o 3o", "1c 2c 3c"], [], [], []],
                                         turn=0), InvalidStateError),
]


@pytest.mark.parametrize("code,call,kind", OTHER, ids=[c[0] for c in OTHER])
def test_other_error_codes(code: str, call: Callable[[], object], kind: type[NaipesError]) -> None:
    with pytest.raises(kind) as info:
        call()
    assert info.value.code == code and info.value.rule == legality.CODES[code][0]


def _broken_state(key: str, value: Any) -> dict[str, Any]:
    data = Game(seed=1).to_dict()
    data["state"][key] = value  # type: ignore[index]
    return data


@pytest.mark.parametrize("key,value,code", [("phase", "nap", "bad_phase"), ("claim", "pass", "bad_claim"),
                                            ("balances", [30, 30], "bad_seats")])
def test_broken_state_codes(key: str, value: object, code: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        Game.from_dict(_broken_state(key, value))
    assert code in (info.value.code, getattr(info.value.__cause__, "code", None))


def test_view_mismatch_code() -> None:
    import attrs

    view = Game(seed=1).view(0)
    with pytest.raises(InvalidStateError) as info:
        attrs.evolve(view, stock_size=3).sample(random.Random(0))
    assert info.value.code == "view_mismatch"


# -- parse_move short forms -----------------------------------------------------------------
def test_parse_move_full_notation_and_turn_forms() -> None:
    g = position(hands={0: "3o 4o 5o 7c 7e 7b"}, turn=0)
    assert g.parse_move("discard 7b") == Move.parse("discard 7b")
    assert g.parse_move("7b") == Move.parse("discard 7b")
    assert g.parse_move("d 7b") == Move.parse("discard 7b")
    assert g.parse_move("R") == Move.parse("ranzo")


def test_parse_move_bare_cards_in_the_claim_window() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o", 1: "4o 6o 5c 5e 12e", 2: "3o 4b 8e 10c 11b"}, turn=0)
    g.play("discard 5o")
    assert g.parse_move("12e", 1) == Move.parse("truco 12e")
    assert g.parse_move("4o", 1) == Move.parse("envido 4o 6o")
    assert g.parse_move("6o 4o", 1) == Move.parse("envido 4o 6o")
    assert g.parse_move("p", 1) == Move.parse("pass")
    assert g.parse_move("t 12e", 1) == Move.parse("truco 12e")
    assert g.parse_move("e 5e 5c", 1) == Move.parse("envido 5c 5e")
    assert g.parse_move("11b", 2) == Move.parse("truco 11b")
    with pytest.raises(IllegalMoveError) as info:
        g.parse_move("5c", 2)  # not P2's card: the error of the full notation
    assert info.value.code == "window_open"


def test_parse_move_ambiguous_bare_card() -> None:
    # 6o completes 4o 5o (escalera) and, with 6o as the truco card, beats the 5o discard
    g = position(hands={0: "1c 9e 12b 3c 11e 5o", 1: "4o 6o 7o 5e 2b"}, turn=0)
    g.play("discard 5o")
    with pytest.raises(NotationError) as info:
        g.parse_move("6o", 1)
    assert info.value.code == "ambiguous"
    assert "truco 6o" in info.value.reason and "envido 4o 6o" in info.value.reason


def test_parse_move_refuses_what_is_not_legal() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o"}, turn=0)
    with pytest.raises(IllegalMoveError) as info:
        g.parse_move("discard 7b")
    assert info.value.code == "not_in_hand"
    with pytest.raises(NotationError):
        g.parse_move("zz")


# -- typing ---------------------------------------------------------------------------------
def test_view_is_generic_in_the_ranzo_move() -> None:
    g = Game(seed=2)
    v: View = g.view(0)
    assert all(isinstance(m, Move) for m in v.legal_moves)



def test_the_last_ranzo_is_shown_in_views_so_streams_leak_nothing() -> None:
    """The winning split is public: views show it (``hand_log``), so seat 0's stream leaks nothing."""
    from naipes import _kit_checks as kit

    g = position(Rules(rounds=1), hands={2: "3o 4o 5o 7c 7e 7b"}, turn=2, fill_stock=10)
    stream = kit._Stream(g, 0)
    hidden = kit.other_hands(g, 0)
    g.play("ranzo")
    assert g.view(0).hand_log[-1][3] == (cards("3o 4o 5o"), cards("7c 7e 7b"))
    assert any(isinstance(e, dict) and e["type"] == "ranzo.RanzoCalled" for e in stream.events)
    assert not stream.leaked(0, hidden)


def test_moves_refuse_fields_of_the_wrong_type() -> None:
    from naipes.ranzo import Discard, Envido, Truco

    seven = naipes.Card.parse("7b")
    for build in (lambda: Discard("7b"), lambda: Truco(None), lambda: Envido(seven, 3),  # type: ignore[arg-type]
                  lambda: Discard(naipes.Card.parse("AS"))):
        with pytest.raises(IllegalMoveError) as info:
            build()
        assert info.value.code == "bad_field"
    with pytest.raises(NotationError) as too_long:
        Move.parse("pass " * 100)
    assert too_long.value.code == "too_long"


@pytest.mark.parametrize("key,value,code", [
    ("stock", ["1o"], "duplicate_card"), ("turn", 7, "out_of_range"), ("hands", [[], []], "bad_seats"),
    ("balances", [30, 30, 30, 30.5], "bad_field"), ("stealer", 1, "bad_claim"),
])
def test_tampered_states_are_refused(key: str, value: object, code: str) -> None:
    with pytest.raises(InvalidStateError) as info:
        Game.from_dict(_broken_state(key, value))
    assert info.value.code == code


def test_a_window_state_must_be_answered_by_the_other_seats() -> None:
    g = Game(seed=1)
    g.play(g.legal_moves()[-1])
    data = g.to_dict()
    data["acting"] = [0, 1, 2]
    with pytest.raises(InvalidStateError) as info:
        Game.from_dict(data)
    assert info.value.code == "bad_to_act"


@pytest.mark.parametrize("rules", [Rules(rounds=2), Rules(players=3, rounds=2, deck=40)], ids=["four", "three"])
def test_hardening_kit(rules: Rules) -> None:
    from naipes.testing import run_hardening

    run_hardening(lambda seed: Game(rules, seed=seed), examples=4)


def test_too_large_and_not_legal_codes() -> None:
    with pytest.raises(InvalidStateError) as info:
        Game.from_dict(_broken_state("last_window", [[1, "pass"]] * 5))
    assert info.value.code == "too_large"

    class Knock(Move):
        __slots__ = ()

        def __str__(self) -> str:
            return "knock"

    g = Game(seed=1)
    with pytest.raises(IllegalMoveError) as refused:
        g.play(Knock())
    assert refused.value.code == "not_legal"
