"""API 1.0: read-only state, shared events, opening events, error codes, short move forms."""

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
from naipes import IllegalMoveError, InvalidStateError, NaipesError, NotationError, RulesError, UsageError
from naipes.cards import JOKER, Card
from naipes.events import CardsDealt as SharedCardsDealt
from naipes.events import Event, GameEnded, HandEnded, HandStarted, MovePlayed, ScoresChanged
from naipes.machiavelli import (
    CODES,
    BaselineBot,
    Draw,
    Forfeit,
    ForfeitReason,
    Game,
    Meld,
    Move,
    Play,
    PointsScored,
    Result,
    Rules,
    Workspace,
    WorkspaceError,
    can_play,
    solve,
)
from naipes.machiavelli import events as ev
from naipes.machiavelli.legality import OWN_CODES

from .helpers import position

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "naipes" / "machiavelli"
DOCS = ROOT / "src" / "naipes" / "rules" / "machiavelli.rst"


def _random_game(rules: Rules, seed: int, steps: int = 10_000,
                 after: Callable[[Game], None] | None = None) -> Game:
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
        if after is not None:
            after(game)
    return game


# -- read-only state -----------------------------------------------------------------------
def _try_to_mutate(value: object, depth: int = 0) -> None:
    if depth > 4 or isinstance(value, (str, bytes, int, float, Card)) or value is None:
        return
    for name in ("append", "clear", "pop", "extend", "sort", "reverse", "add", "update", "popitem"):
        method = getattr(value, name, None)
        if method is None:
            continue
        try:
            method()
        except TypeError:
            try:
                method(0)
            except (TypeError, IndexError, KeyError, ValueError, AttributeError):
                pass
        except (IndexError, KeyError, ValueError, AttributeError):
            pass
    if isinstance(value, (tuple, frozenset)):
        for item in list(value)[:20]:
            _try_to_mutate(item, depth + 1)


def _public(obj: object) -> list[object]:
    out = []
    for name in dir(obj):
        if name.startswith("_") or name == "events":
            continue
        try:
            value = getattr(obj, name)
        except (NaipesError, NotImplementedError):
            continue
        if not callable(value):
            out.append(value)
    return out


@pytest.mark.parametrize("rules", [Rules(players=3), Rules(players=2, jokers=2, mode="single_deal")])
def test_public_state_cannot_be_mutated(rules: Rules) -> None:
    game = _random_game(rules, seed=5, steps=25)
    before = game.to_dict()
    for value in _public(game) + [game.zones(), game.legal_moves(), game.history, game.opening_events]:
        _try_to_mutate(value)
    for seat in range(game.num_players):
        for value in _public(game.view(seat)):
            _try_to_mutate(value)
    assert game.to_dict() == before
    assert isinstance(game.hands, tuple) and all(isinstance(h, tuple) for h in game.hands)
    for name in ("stock", "table", "totals", "opened", "known_jokers", "last_hands", "out_of_play"):
        assert isinstance(getattr(game, name), tuple), name
    with pytest.raises(AttributeError):
        game.hands = ()  # type: ignore[misc]


def test_zones_and_dicts_are_fresh() -> None:
    game = Game(Rules(players=2), seed=1)
    before = game.to_dict()
    zones = game.zones()
    zones.clear()
    data = game.to_dict()
    data["state"]["hands"][0].clear()
    assert game.to_dict() == before and game.zones()


# -- the shared events ---------------------------------------------------------------------
@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from([Rules(players=2, threshold=40),
                                              Rules(players=3, jokers=2, mode="single_deal")]))
def test_every_change_of_scores_is_announced(seed: int, rules: Rules) -> None:
    game = Game(rules, seed=seed)
    seen: list[ScoresChanged] = []
    game.events.subscribe(ScoresChanged, seen.append)
    last = game.scores

    def after(g: Game) -> None:
        nonlocal last
        if g.scores != last:
            assert seen and seen[-1].totals == g.scores
            last = g.scores

    _random_game_from(game, seed, after)
    assert game.is_over
    assert all(isinstance(e, PointsScored) for e in seen)


def _random_game_from(game: Game, seed: int, after: Callable[[Game], None]) -> None:
    rng = random.Random(seed)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
        after(game)


def test_events_subclass_the_shared_ones_and_carry_typed_values() -> None:
    game = Game(Rules(players=2, threshold=30), seed=4)
    seen: list[Event] = list(game.opening_events)
    game.events.subscribe(Event, seen.append)
    _random_game_from(game, 4, lambda g: None)
    kinds = {type(e) for e in seen}
    assert {ev.HandStarted, ev.CardsDealt, ev.HandEnded, ev.PointsScored, ev.GameEnded, MovePlayed} <= kinds
    assert issubclass(ev.HandStarted, HandStarted) and issubclass(ev.HandEnded, HandEnded)
    assert issubclass(ev.CardsDealt, SharedCardsDealt) and issubclass(ev.GameEnded, GameEnded)
    starts = [e for e in seen if isinstance(e, ev.HandStarted)]
    ends = [e for e in seen if isinstance(e, ev.HandEnded)]
    assert [e.hand for e in starts] == list(range(1, len(starts) + 1))
    assert [e.hand for e in ends] == list(range(1, len(ends) + 1)) and ends[-1].scores == game.scores
    assert all(e.dealer is None for e in starts)
    dealt = [e for e in seen if isinstance(e, ev.CardsDealt)]
    assert all(e.count == len(e.cards) == 13 and e.private_to == e.seat for e in dealt)
    other = dealt[0].visible_to(1)
    assert other is not None and other.cards == () and other.count == 13  # type: ignore[attr-defined]
    failed = [e for e in seen if isinstance(e, ev.TurnFailed)]
    assert all(isinstance(e.reason, ForfeitReason) for e in failed)
    (end,) = [e for e in seen if isinstance(e, GameEnded)]
    assert isinstance(end.result, Result) and end.result == game.result
    assert end.result.hands_played == game.hand_number == len(starts)
    played = [(e.seat, e.move) for e in seen if isinstance(e, MovePlayed)]
    assert tuple(played) == game.history
    for e in seen:
        data = e.to_dict()
        assert json.loads(json.dumps(data)) == data
        assert str(data["type"]).startswith("machiavelli.") or isinstance(e, MovePlayed)


def test_a_game_watched_for_game_ended_builds_no_other_event(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(Rules(players=2, threshold=30), seed=2)
    ended: list[GameEnded] = []
    game.events.subscribe(GameEnded, ended.append)
    built: list[type] = []
    original = Game._emit

    def spy(self: Game, event: Event) -> None:
        built.append(type(event))
        original(self, event)

    monkeypatch.setattr(Game, "_emit", spy)
    _random_game_from(game, 2, lambda g: None)
    assert set(built) == {ev.GameEnded} and len(ended) == 1


def test_per_seat_stream_hides_other_hands() -> None:
    game = Game(Rules(players=3), seed=6, first_player=0)
    mine: list[Event] = []
    game.events.subscribe(Event, mine.append, seat=1)
    for _ in range(12):
        game.play(game.legal_moves()[0])
    drawn = [e for e in mine if isinstance(e, ev.CardDrawn)]
    assert drawn and all(e.seat == 1 for e in drawn)
    log = naipes.events.EventLog(Game(Rules(players=3), seed=6, first_player=0))
    for seq, event in log.since(2, 0):
        if isinstance(event, ev.CardsDealt) and event.seat != 2:
            assert event.cards == () and event.count == 13


def test_opening_events() -> None:
    game = Game(Rules(players=3), seed=3)
    kinds = [type(e) for e in game.opening_events]
    assert kinds == [ev.DeckCut, ev.HandStarted, ev.CardsDealt, ev.CardsDealt, ev.CardsDealt]
    assert game.opening_events[0].first_player == game.starter  # type: ignore[attr-defined]
    assert Game(Rules(players=2), seed=3, first_player=1).opening_events[0] == ev.HandStarted(
        hand=1, dealer=None, first=1, hand_sizes=(13, 13), stock_size=78)
    assert game.clone().opening_events == ()
    assert Game.from_dict(game.to_dict()).opening_events == ()
    assert game.view(0).sample(random.Random(1)).opening_events == ()
    assert position(["7H", "3C"]).opening_events == ()
    assert Game.from_record(game.record()).opening_events == game.opening_events


def test_view_counts_hands_and_shows_the_last_hands() -> None:
    game = position(["5S", "KS KH"], stock="AC", rules=Rules(players=2), hand_number=3)
    assert game.hand_number == 3 and game.view(0).hand_number == 3
    game.play("draw")  # the stock runs out: hand 3 ends, hand 4 is dealt
    assert game.hand_number == 4 and game.last_hands == (Card.parse_many("5S AC"), Card.parse_many("KS KH"))
    assert game.view(1).last_hands == game.last_hands
    assert Game.from_dict(game.to_dict()).last_hands == game.last_hands


# -- error codes ---------------------------------------------------------------------------
def _raised_codes() -> set[str]:
    codes: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        codes.update(re.findall(r'code="([a-z_]+)"', path.read_text()))
    return codes


def test_every_code_raised_is_in_the_table_and_on_the_rules_page() -> None:
    raised = _raised_codes() - {"wrong_game", "wrong_rules", "seed_and_rng", "bad_seed"}  # base codes, reused
    assert raised, "no code found"
    assert raised <= set(CODES), sorted(raised - set(CODES))
    page = DOCS.read_text()
    for code in OWN_CODES:
        assert f"``{code}``" in page, code
    for code, (rule, meaning) in OWN_CODES.items():
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", code) and meaning
        assert rule is None or re.fullmatch(r"MV-\d\d", rule)


def _code(call: Callable[[], Any], kind: type[NaipesError] = NaipesError) -> tuple[str, str | None]:
    with pytest.raises(kind) as info:
        call()
    return info.value.code, info.value.rule


S1_TABLE = "[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]"


def _play(game: Game, text: str) -> Callable[[], None]:
    return lambda: game.play(text)


def test_illegal_move_codes() -> None:
    game = position(["7H 7D JS 2C", "KD"], table=S1_TABLE, stock="KH")
    cases = {
        "no_hand_card": f"play : {S1_TABLE}",
        "not_in_hand": f"play 9H: {S1_TABLE} [7H 8H 9H]",
        "invalid_meld": "play 7H: [4S 5S 6S 7S 8S 9S 10S 7H] [JH JD JC]",
        "cards_from_nowhere": f"play 7H: {S1_TABLE} [7H 7C 7D] [QH QD QC]",
        "played_not_placed": "play 7H 7D 2C: [4S 5S 6S] [8S 9S 10S] [7S 7H 7D] [JH JD JC]",
        "table_card_missing": "play 7H 7D: [4S 5S 6S] [8S 9S 10S] [7S 7H 7D]",
    }
    for code, text in cases.items():
        assert _code(_play(game, text), IllegalMoveError)[0] == code, code
    assert _code(_play(game, cases["not_in_hand"]), IllegalMoveError) == ("not_in_hand", "MV-05")
    empty = position(["7H 2C", "3C"], table="[4S 5S 6S]", stock="")
    assert _code(lambda: empty.play(Draw()), IllegalMoveError) == ("nothing_to_draw", "MV-04")
    jokers = position(["2C", "3C"], table="[8H 8D JK=8C]", rules=Rules(players=2, jokers=2))
    assert _code(_play(jokers, "play 2C: [8H 8D 8S] [2C 2C 2C]"), IllegalMoveError)[0] in {
        "joker_not_swapped", "invalid_meld"}
    assert _code(_play(jokers, "play : [8H 8D]"), IllegalMoveError)[0] == "no_hand_card"
    swap = position(["8S 2C", "3C"], table="[8H 8D JK=8C]", rules=Rules(players=2, jokers=2))
    assert _code(_play(swap, "play 8S: [8H 8D 8S]"), IllegalMoveError)[0] == "joker_not_swapped"
    opening = Rules(players=2, initial_meld_min=36)
    low = position(["2S 2H 2D 9C", "3C"], table="[4S 5S 6S]", rules=opening)
    assert _code(_play(low, "play 2S 2H 2D: [4S 5S 6S] [2S 2H 2D]"), IllegalMoveError) == (
        "opening_too_low", "MV-11")
    change = position(["7S KS KH KD", "3C"], table="[4S 5S 6S]", rules=opening)
    assert _code(_play(change, "play 7S KS KH KD: [4S 5S 6S 7S] [KS KH KD]"), IllegalMoveError)[0] == (
        "opening_changes_table")


def test_notation_codes() -> None:
    cases = {"not_a_move": "jump", "bad_forfeit_reason": "forfeit later", "no_colon": "play 7H [4S 5S 6S]",
             "bad_meld": "play 7H: 4S 5S 6S", "not_a_card": "play 7H: [ZZ 5S 6S]",
             "joker_undeclared": "play 7H: [JK 5S 6S]"}
    for code, text in cases.items():
        assert _code(lambda: Move.parse(text), NotationError)[0] == code, code
    assert _code(lambda: Move.parse(7), NotationError)[0] == "not_text"  # type: ignore[arg-type]
    assert _code(lambda: Meld.parse("[4S 5S 6S] [7H 7D 7C]"), NotationError)[0] == "not_one_meld"


def test_state_and_position_codes() -> None:
    deck = list(Game(Rules(players=2), seed=1).zones()["stock"])
    assert _code(lambda: Game(Rules(players=2), deck=deck), InvalidStateError) == ("bad_deck", "MV-01")
    assert _code(lambda: Game(Rules(players=2), first_player=5), InvalidStateError)[0] == "bad_first_player"
    assert _code(lambda: Meld((JOKER, Card.parse("5S"), Card.parse("6S"))), InvalidStateError)[0] == (
        "joker_undeclared")
    assert _code(lambda: Meld(Card.parse_many("4S 5S 6S"), (7,)), InvalidStateError)[0] == (
        "bad_joker_positions")
    assert _code(lambda: Meld(("4S",)), InvalidStateError)[0] == "not_a_card"  # type: ignore[arg-type]
    assert _code(lambda: position(["7H", "3C"], table="[4S 5S]"), InvalidStateError) == (
        "invalid_table", "MV-03")
    assert _code(lambda: Game.from_position(Rules(players=3), hands=["2C", "3C"]), InvalidStateError)[0] == (
        "wrong_hand_count")
    assert _code(lambda: position(["7H", "3C"], totals=[1]), InvalidStateError)[0] == "wrong_length"
    assert _code(lambda: position(["7H", "3C"], to_act=2), InvalidStateError)[0] == "no_such_seat"
    assert _code(lambda: position(["", "3C"]), InvalidStateError) == ("empty_hand", "MV-07")
    assert _code(lambda: position(["7H", "3C"], known_jokers=[1, 0]), InvalidStateError)[0] == (
        "jokers_not_held")
    assert _code(lambda: position(["7H 7H 7H", "3C"]), InvalidStateError) == ("too_many_copies", "MV-01")
    assert _code(lambda: position(["7H", "3C"], seed=1, rng=random.Random(1)), UsageError)[0] == "seed_and_rng"


def test_solver_codes() -> None:
    rules = Rules(players=2)
    assert _code(lambda: solve(Card.parse_many("4S 5S"), "7H", rules), InvalidStateError)[0] == "no_partition"
    assert _code(lambda: can_play("[4S 5S 6S]", "7S", "8S", rules), InvalidStateError)[0] == "not_in_hand"
    mixed: Any = [Card.parse("4S"), "x"]
    assert _code(lambda: solve(mixed, "7H", rules), InvalidStateError)[0] == "mixed_table"
    assert _code(lambda: solve([JOKER, Card.parse("5S")], "7H", Rules(players=2, jokers=2)),
                 InvalidStateError)[0] == "joker_undeclared"
    assert _code(lambda: solve(Card.parse_many("4S 4S 4S"), "7H", rules), InvalidStateError)[0] == (
        "too_many_copies")
    assert _code(lambda: solve((), ["7H"], rules), InvalidStateError)[0] == "not_a_card"  # type: ignore[list-item]


def test_rules_codes() -> None:
    assert _code(lambda: Rules(players="2"), RulesError)[0] == "not_an_int"  # type: ignore[arg-type]
    assert _code(lambda: Rules(jokers=3), RulesError)[0] == "out_of_range"
    assert _code(lambda: Rules(threshold=0), RulesError) == ("out_of_range", "MV-09")
    assert _code(lambda: Rules(players=6, decks=2), RulesError) == ("too_many_players", "MV-13")
    assert _code(lambda: Rules(players=4, hand_size=26), RulesError) == ("too_few_cards", "MV-01")


def test_workspace_codes() -> None:
    game = position(["7H 7D JS 2C", "KD"], table=S1_TABLE, stock="KH")
    ws = Workspace.begin(game)
    assert _code(lambda: ws.take("9C"), WorkspaceError)[0] == "workspace_step"
    ws.take("7H")
    assert _code(ws.to_move, IllegalMoveError) == ("invalid_meld", "MV-03")


def test_usage_codes_of_the_base() -> None:
    game = Game(Rules(players=2), seed=1, first_player=0)
    assert _code(lambda: game.view(9), UsageError)[0] == "no_such_seat"
    assert _code(lambda: game.legal_moves("0"), UsageError)[0] == "no_such_seat"  # type: ignore[arg-type]
    assert _code(lambda: game.play("draw", seat=1), IllegalMoveError)[0] == "not_your_turn"


# -- short move forms ----------------------------------------------------------------------
def test_short_forms_draw_and_forfeit() -> None:
    game = position(["7H 7D JS 2C", "KD"], table=S1_TABLE, stock="KH")
    assert game.parse_move("d") == Draw() and game.parse_move("D") == Draw()
    assert game.parse_move("f") == Forfeit(ForfeitReason.GAVE_UP)
    assert game.parse_move("draw") == Draw() and game.parse_move("forfeit timeout") == Forfeit(ForfeitReason.TIMEOUT)
    empty = position(["7H 2C", "3C"], table="[4S 5S 6S]", stock="")
    with pytest.raises(NotationError) as info:
        empty.parse_move("d")  # no legal draw: the short form names nothing
    assert info.value.code == "not_a_move"
    with pytest.raises(IllegalMoveError) as full:
        empty.parse_move("draw")
    assert full.value.code == "nothing_to_draw"


def test_short_form_of_a_new_meld() -> None:
    game = position(["9H 7H 8H 2C", "KD"], table="[4S 5S 6S]", stock="KH")
    move = game.parse_move("7H 8H 9H")
    assert isinstance(move, Play) and move.cards and game.is_legal(move)
    game.play(move)
    assert game.hands[0] == (Card.parse("2C"),) and len(game.table) == 2
    jokers = position(["8H 9H JK 2C", "KD"], stock="KH", rules=Rules(players=2, jokers=2))
    assert str(jokers.parse_move("JK=7H 8H 9H")) == "play JK 8H 9H: [JK=7H 8H 9H]"


def test_short_form_of_cards_for_the_table_and_ambiguity() -> None:
    one = position(["7S 2C", "KD"], table="[4S 5S 6S] [QH QD QC]", stock="KH")
    assert str(one.parse_move("7S")) == "play 7S: [4S 5S 6S 7S] [QH QD QC]"
    two = position(["7S 2C", "KD"], table="[4S 5S 6S] [8S 9S 10S]", stock="KH")
    with pytest.raises(NotationError) as info:
        two.parse_move("7S")
    assert info.value.code == "ambiguous"
    assert "[4S 5S 6S 7S]" in info.value.reason and "[7S 8S 9S 10S]" in info.value.reason
    with pytest.raises(NotationError) as bad:
        two.parse_move("7S 9H nonsense")
    assert bad.value.code == "not_a_move"
    with pytest.raises(NotationError):
        two.parse_move("2C")  # no listed play puts 2C alone on the table


def test_result_is_the_games_own() -> None:
    game = _random_game(Rules(players=2, mode="single_deal"), seed=9)
    result = game.result
    assert type(result) is Result and isinstance(result, naipes.Result)
    assert result.hands_played == 1 and result.to_dict()["hands_played"] == 1


def test_bots_type_and_play_game() -> None:
    result = naipes.play_game(Game(Rules(players=2, mode="single_deal"), seed=3),
                              [BaselineBot(), naipes.RandomBot(1)])
    assert isinstance(result, Result)
