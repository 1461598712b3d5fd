"""API 1.0 in Macarra: error codes, read-only state, shared events, opening events, short forms."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import naipes
from naipes import Card, IllegalMoveError, InvalidStateError, NaipesError, NotationError, RulesError, UsageError
from naipes.events import CardsDealt, Event, HandStarted, ScoresChanged
from naipes.macarra import DRAW, Game, MacarrasGiven, Move, PerfectBot, Phase, PlaceOnFoundation, Rules, View
from naipes.macarra.legality import CODES, OWN_CODES

from ._helpers import position

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "naipes" / "macarra"
DOCS = ROOT / "src" / "naipes" / "rules" / "macarra.rst"


def _raised_codes() -> set[str]:
    codes: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        codes.update(re.findall(r'\bcode="([a-z_]+)"', path.read_text()))
    return codes


def test_every_raised_code_is_in_the_table_and_on_the_rules_page() -> None:
    raised = _raised_codes()
    assert raised and raised <= set(CODES), sorted(raised - set(CODES))
    page = DOCS.read_text()
    for code in OWN_CODES:
        assert f"``{code}``" in page, code
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", c) for c in OWN_CODES)
    assert all(rule is None or re.fullmatch(r"MK-\d\d", rule) for rule, _ in OWN_CODES.values())


def test_no_base_private_field_is_touched() -> None:
    pattern = re.compile(r"_acting|_simultaneous|\b_answers|_sink|\b_start\b|object\.__new__")
    for path in PACKAGE.glob("*.py"):
        for line in path.read_text().splitlines():
            code = line.split("#", 1)[0]
            assert not pattern.search(code), f"{path.name}: {line}"


def _s8() -> Game:
    return Game.from_position(Rules(players=3), stocks=["", "5c 6c", ""], piles=["2o", "", ""],
                              foundations=["1o"], punishment_card="3o")


def _punishment() -> Game:
    game = _s8()
    game.play("2o f0")
    return game


def _over() -> Game:
    game = Game.from_position(Rules(players=2, final_punishment=False), stocks=["", "5c"], piles=["2o", ""],
                              foundations=["1o"])
    game.play("2o f0")
    return game


def _forbid() -> Game:
    return Game.from_position(Rules(players=3, infractions="forbid"), stocks=["5o 7e", "4b", "6o"],
                              piles=["3c", "12e", "2b"], foundations=["2c"])


def _held() -> Game:
    game = position(2, ["5o 7e", "4b"], ["3c", "12e"])
    game.play("draw")  # holds 5o
    return game


def _empty_stock() -> Game:
    return position(2, ["", "5b 6b"], ["6c", "11b"])


TRIGGERS: list[tuple[str, type[NaipesError], Callable[[], object]]] = [
    ("bid_in_play", IllegalMoveError, lambda: position(2, ["5o", "4b"], ["3c", "12e"]).play("bid 3")),
    ("forced_only", IllegalMoveError, lambda: _forbid().play("draw")),
    ("holding_a_card", IllegalMoveError, lambda: _held().play("draw")),
    ("nothing_to_draw", IllegalMoveError, lambda: _empty_stock().play("draw")),
    ("cannot_pass", IllegalMoveError, lambda: position(2, ["5o", "4b"], ["3c", "12e"]).play("pass")),
    ("not_your_card", IllegalMoveError, lambda: position(2, ["5o", "4b"], ["3c", "12e"]).play("4b p1")),
    ("own_pile_drawn_only", IllegalMoveError, lambda: position(2, ["5o", "4b"], ["3c", "12e"]).play("3c p0")),
    ("no_such_foundation", IllegalMoveError, lambda: position(2, ["5o", "4b"], ["3c", "12e"]).play("3c f4")),
    ("no_such_pile", IllegalMoveError, lambda: position(2, ["5o", "4b"], ["3c", "12e"]).play("3c p7")),
    ("does_not_fit", IllegalMoveError, lambda: position(2, ["5o", "4b"], ["3c", "12e"]).play("3c p1")),
    ("does_not_fit", IllegalMoveError, lambda: position(2, ["5o", "4b"], ["3c", "12e"]).play("3c new")),
    ("bid_expected", IllegalMoveError, lambda: _punishment().play("draw", 0)),
    ("bid_out_of_range", IllegalMoveError, lambda: _punishment().play("bid 11", 0)),
    ("no_legal_move", IllegalMoveError, lambda: PerfectBot().choose(_over().view(0))),
    ("not_text", NotationError, lambda: Move.parse(7)),  # type: ignore[arg-type]
    ("not_a_move", NotationError, lambda: Move.parse("drew")),
    ("not_a_card", NotationError, lambda: Move.parse("QD f0")),
    ("bad_target", NotationError, lambda: Move.parse("3c x1")),
    ("bad_bid", NotationError, lambda: Move.parse("bid x")),
    ("ambiguous", NotationError, lambda: position(3, ["5o", "4b", "6o"], ["3c", "12e", "2b"],
                                                  foundations=["2c"]).parse_move("3c")),
    ("bad_players", RulesError, lambda: Rules(players=1)),
    ("bad_deck_size", RulesError, lambda: Rules(deck=50)),  # type: ignore[arg-type]
    ("bad_decks", RulesError, lambda: Rules(decks=0)),
    ("bad_infractions", RulesError, lambda: Rules(infractions="warn")),  # type: ignore[arg-type]
    ("bad_ace_macarra", RulesError, lambda: Rules(ace_macarra="yes")),  # type: ignore[arg-type]
    ("bad_final_punishment", RulesError, lambda: Rules(final_punishment=1)),  # type: ignore[arg-type]
    ("bad_max_turns", RulesError, lambda: Rules(max_turns=0)),
    ("no_such_seat", UsageError, lambda: Game(seed=1).forced_move(9)),
    ("wrong_rules", UsageError, lambda: Game.from_position(object(), stocks=["5o", "4b"])),  # type: ignore[arg-type]
    ("seed_and_rng", UsageError, lambda: Game.from_position(None, stocks=["5o", "4b"], seed=1,
                                                            rng=random.Random(1))),
    ("not_a_card", InvalidStateError, lambda: Game.from_position(None, stocks=["5o", "4b"],
                                                                 held=Card.parse("QD"))),
    ("not_in_deck", InvalidStateError, lambda: Game.from_position(None, stocks=["9o", "5c"])),
    ("not_in_deck", InvalidStateError, lambda: Game.from_position(None, stocks=["5o", "5c"], foundations=["9c"])),
    ("bad_cards", InvalidStateError, lambda: Game.from_position(None, stocks=["5o zz", "5c"])),
    ("bad_foundation", InvalidStateError, lambda: Game.from_position(None, stocks=["5o", "5c"],
                                                                     foundations=[["1c", "3c"]])),
    ("too_many_copies", InvalidStateError, lambda: Game.from_position(None, stocks=["5o", "5o"])),
    ("too_many_copies", InvalidStateError, lambda: Game.from_position(None, stocks=["5o", "5c"],
                                                                      foundations=["1c", "2c"])),
    ("wrong_seat_count", InvalidStateError, lambda: Game.from_position(None, stocks=["5o", "5c"],
                                                                       piles=["", "", ""])),
    ("no_such_seat", InvalidStateError, lambda: Game.from_position(None, stocks=["5o", "5c"], turn=2)),
    ("bad_ledger", InvalidStateError, lambda: Game.from_position(None, stocks=["5o", "5c"], ledger=[[0]])),
    ("bad_turns", InvalidStateError, lambda: Game.from_position(None, stocks=["5o", "5c"], turns=-1)),
    ("no_cards", InvalidStateError, lambda: Game.from_position(None, stocks=["", "5c", "6c"], turn=0)),
    ("already_decided", InvalidStateError, lambda: Game.from_position(None, stocks=["5o", ""])),
    ("bad_deck_order", InvalidStateError, lambda: Game(deck=list(naipes.spanish_deck(40))[:-1])),
    ("bad_dealer", InvalidStateError, lambda: Game(seed=1, dealer=4)),
    ("bad_state", InvalidStateError, lambda: _bad_state()),
    ("bad_field", IllegalMoveError, lambda: PlaceOnFoundation(Card.parse("2o"), 0.0)),  # type: ignore[arg-type]
    ("bad_field", InvalidStateError, lambda: _tampered(("turn",), True)),
    ("too_long", NotationError, lambda: Move.parse("draw" + " " * 1000)),
    ("too_many_players", RulesError, lambda: Rules(players=33)),
    ("too_few_cards", RulesError, lambda: Rules(players=41, decks=1)),
    ("out_of_range", InvalidStateError, lambda: _tampered(("turn",), 2)),
    ("too_large", InvalidStateError, lambda: _tampered(("foundations",), ["1o"] * 5)),
    ("cards_mismatch", InvalidStateError, lambda: _tampered(("stocks", 2), [], players=3)),
    ("bad_phase", InvalidStateError, lambda: _tampered(("phase",), "over")),
    ("bad_infraction_count", InvalidStateError, lambda: _tampered(("infractions",), [1, 0], forbid=True)),
]


def _tampered(path: tuple[Any, ...], value: object, *, forbid: bool = False, players: int = 2) -> None:
    rules = Rules(players=players, infractions="forbid" if forbid else "penalize")
    data = Game(rules, seed=1).to_dict()
    data["state"]["ledger"] = [[int(i != j) for j in range(players)] for i in range(players)]
    where = data["state"]
    for step in path[:-1]:
        where = where[step]
    where[path[-1]] = value
    Game.from_dict(data)


def _bad_state() -> None:
    data = Game(Rules(players=2), seed=1).to_dict()
    data["state"]["bids"] = [None]
    Game.from_dict(data)


@pytest.mark.parametrize("code, error, trigger", TRIGGERS, ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(TRIGGERS)])
def test_each_code_is_raised_with_its_rule(code: str, error: type[NaipesError], trigger: Callable[[], object]) -> None:
    with pytest.raises(error) as info:
        trigger()
    assert info.value.code == code
    assert info.value.rule == CODES[code][0] or code == "ambiguous"


def test_every_code_of_the_table_has_a_trigger() -> None:
    assert {c for c, _, _ in TRIGGERS} == set(OWN_CODES)


def test_illegal_moves_change_nothing() -> None:
    game = position(2, ["5o", "4b"], ["3c", "12e"])
    before = game.to_dict()
    for bad in ("3c p1", "bid 3", "pass", "4b p1"):
        with pytest.raises(IllegalMoveError):
            game.play(bad)
    assert game.to_dict() == before


# -- read-only public state ------------------------------------------------------------------
def _poke(value: object) -> None:
    """Try every mutating method we know on ``value``; each must fail."""
    for name, args in (("append", (1,)), ("clear", ()), ("pop", ()), ("extend", ((1,),)),
                       ("__setitem__", (0, 1)), ("add", (1,)), ("update", ({},)), ("reverse", ())):
        method = getattr(value, name, None)
        if method is None:
            continue
        with pytest.raises((TypeError, AttributeError)):
            method(*args)


def _walk(value: object, depth: int = 0) -> list[object]:
    out = [value]
    if depth > 3 or isinstance(value, (str, bytes, Card)):
        return out
    if isinstance(value, tuple):
        for item in value:
            out.extend(_walk(item, depth + 1))
    return out


def test_public_state_is_read_only() -> None:
    game = Game(Rules(players=3), seed=5)
    for _ in range(40):
        game.play(game.legal_moves()[-1])
    before = game.to_dict()
    values: list[object] = [game.history, game.to_act, game.scores, game.ledger, game.infractions,
                            game.cards_left, game.legal_moves(), game.opening_events, game.sides]
    values += list(game.zones().values())
    for seat in range(3):
        view = game.view(seat)
        values += [getattr(view, f) for f in ("hand", "scores", "to_act", "legal_moves", "known", "stock_sizes",
                                              "recycled_stocks", "piles", "foundations", "out", "ledger",
                                              "infractions", "answered", "bids")]
    for value in values:
        for part in _walk(value):
            _poke(part)
    zones = game.zones()
    zones.clear()
    game.zones()["stock0"] = ()
    assert game.to_dict() == before and game.zones()["stock0"]
    with pytest.raises(AttributeError):
        game.view(0).piles = ()  # type: ignore[misc]


# -- shared events ------------------------------------------------------------------------------
@settings(deadline=None, max_examples=12, derandomize=True)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31 - 1), forbid=st.booleans())
def test_every_change_of_the_scores_is_announced(players: int, seed: int, forbid: bool) -> None:
    rules = Rules(players=players, infractions="forbid" if forbid else "penalize", max_turns=300)
    game = Game(rules, seed=seed)
    seen: list[ScoresChanged] = []
    game.events.subscribe(ScoresChanged, seen.append)
    rng = random.Random(seed)
    scores = game.scores
    while not game.is_over:
        count = len(seen)
        seat = game.to_act[0]
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
        if game.scores != scores:
            assert len(seen) > count
        if len(seen) > count:  # an infraction and an ace in one move may cancel out
            assert seen[-1].totals == game.scores
        scores = game.scores
    for e in seen:
        assert isinstance(e, (MacarrasGiven, naipes.macarra.MacarrasReturned)) and sum(e.totals) == 0


def test_totals_of_each_entry_follow_the_ledger() -> None:
    game = position(3, ["1c 9o", "4b", ""], ["5o", "12c", ""], rules=Rules(players=3, deck=48))
    seen: list[ScoresChanged] = []
    game.events.subscribe(ScoresChanged, seen.append)
    game.play("draw")  # an ace: seat 0 gives one to seats 1 and 2
    assert [e.totals for e in seen] == [(1, -1, 0), (2, -1, -1)]


def test_opening_events_announce_the_deal() -> None:
    game = Game(Rules(players=3), seed=4)
    opening = game.opening_events
    assert isinstance(opening[0], HandStarted) and (opening[0].hand, opening[0].dealer, opening[0].first) == (1, 2, 0)
    dealt = [e for e in opening if isinstance(e, CardsDealt)]
    assert [e.seat for e in dealt] == [0, 1, 2] and [e.private_to for e in dealt] == [0, 1, 2]
    for e in dealt:
        assert e.cards == game.zones()[f"stock{e.seat}"] and e.count == len(e.cards)
        for seat in range(3):  # nobody has seen a dealt stock, its owner included (MK-02)
            seen = e.visible_to(seat)
            assert isinstance(seen, CardsDealt) and seen.cards == () and seen.count == e.count
        assert e.visible_to(None) is e
        assert e.to_dict()["type"] == "macarra.CardsDealt" and e.to_dict()["kind"] == "CardsDealt"
    assert game.clone().opening_events == ()
    assert Game.from_dict(game.to_dict()).opening_events == ()
    assert game.view(0).sample(random.Random(1)).opening_events == ()
    assert position(2, ["5o", "4b"], ["3c", "12e"]).opening_events == ()


def test_event_log_streams_hide_the_stocks() -> None:
    game = Game(Rules(players=2), seed=8)
    log = naipes.events.EventLog(game)
    game.play(DRAW)
    mine = log.since(0, 0)
    assert [seq for seq, _ in mine] == list(range(len(log)))
    assert all(not getattr(e, "cards", ()) for _, e in mine)
    assert json.dumps([e.to_dict() for _, e in log.since(None, 0)])


def test_move_events_are_typed() -> None:
    game = position(3, ["5o 7e", "4b", "6o"], ["3c", "12e", "2b"], foundations=["2c"])
    seen: list[Event] = []
    game.events.subscribe(Event, seen.append)
    game.play("3c p2")
    inf = [e for e in seen if isinstance(e, naipes.macarra.InfractionCommitted)][0]
    assert inf.move == Move.parse("3c p2") and inf.forced == Move.parse("3c f0")
    assert inf.to_dict()["move"] == "3c p2"
    given = [e for e in seen if isinstance(e, MacarrasGiven)]
    assert {e.reason for e in given} == {naipes.macarra.Reason.INFRACTION}
    assert given[0].to_dict()["reason"] == "infraction"


def test_phase_is_an_enum_everywhere() -> None:
    game = _s8()
    assert game.phase is Phase.PLAY and game.view(0).phase is Phase.PLAY
    game.play("2o f0")
    assert game.phase is Phase.PUNISHMENT and game.view(0).phase is Phase.PUNISHMENT
    assert game.to_dict()["state"]["phase"] == "punishment"
    assert Game.from_dict(game.to_dict()).phase is Phase.PUNISHMENT
    assert game.view(0).to_dict()["phase"] == "punishment"


# -- parse_move short forms --------------------------------------------------------------------
def test_short_forms() -> None:
    game = position(3, ["5o 7e", "4b", "6o"], ["3c", "12e", "2b"], foundations=["2c"])
    assert game.parse_move("d") is DRAW and game.parse_move("draw") is DRAW
    assert str(game.parse_move("f0")) == "3c f0" and str(game.parse_move("p2")) == "3c p2"
    assert str(game.parse_move("3c -> f0")) == "3c f0"
    with pytest.raises(NotationError) as info:
        game.parse_move("3c")  # fits on f0 and on p2
    assert info.value.code == "ambiguous" and "3c f0" in info.value.reason and "3c p2" in info.value.reason
    with pytest.raises(NotationError):
        game.parse_move("p1")  # 3c does not fit on seat 1's pile: no candidate
    with pytest.raises(IllegalMoveError):
        game.parse_move("3c p1")
    forbid = _forbid()
    assert str(forbid.parse_move("3c")) == "3c f0"  # only the forced move is legal
    game = position(2, ["1c 6o", "4b"], ["5o", "12c"])
    game.play("draw")
    assert str(game.parse_move("new")) == "1c new"
    with pytest.raises(NotationError, match="ambiguous"):
        game.parse_move("1c")  # a new foundation, or laid on the own pile
    assert str(game.parse_move("p0")) == "1c p0"
    with pytest.raises(NotationError):
        game.parse_move("d")  # holding a card: no draw to abbreviate
    bids = _punishment()
    assert bids.parse_move("7", 0) == Move.parse("bid 7") and bids.parse_move("bid 0", 2) == Move.parse("bid 0")
    with pytest.raises(NotationError):
        bids.parse_move("11", 0)


def test_typed_for_users() -> None:
    view: View = Game(seed=3).view(0)
    move: Move = PerfectBot().choose(view)
    assert move == DRAW
    result = naipes.play_game(Game(Rules(players=2), seed=3), [PerfectBot(), naipes.RandomBot(1)])
    assert isinstance(result, naipes.macarra.Result) and isinstance(result, naipes.Result)


def test_state_dict_format_version() -> None:
    data: dict[str, Any] = Game(seed=2).to_dict()
    assert data["version"] == 2
