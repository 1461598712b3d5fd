"""Issue 12 (hardening) for Machiavelli: state dicts, malformed moves, parsers, threads, rules bounds."""

from __future__ import annotations

import contextlib
import copy
import random
from typing import Any, Callable

import attrs
import pytest
from _cost import calls, refused

from naipes.cards import JOKER, Card
from naipes.errors import IllegalMoveError, InvalidStateError, NotationError, RulesError
from naipes.machiavelli import (
    BaselineBot,
    Draw,
    Forfeit,
    ForfeitReason,
    Game,
    Meld,
    Move,
    Play,
    Rules,
    SolverBot,
    parse_table,
)
from naipes.machiavelli import listing as _listing
from naipes.machiavelli.melds import MAX_TABLE_TEXT
from naipes.machiavelli.moves import MAX_MOVE_TEXT
from naipes.testing import check_hardening, run_hardening, run_in_threads

from .helpers import position


def _played(rules: Rules, seed: int, steps: int) -> Game:
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.to_act[0]
        moves = game.legal_moves(seat)
        game.play(moves[rng.randrange(len(moves))], seat)
    return game


def _finished(rules: Rules, seed: int) -> Game:
    game = _played(rules, seed, 100_000)
    assert game.is_over
    return game


def _refused(data: dict[str, Any], code: str | None = None, field: str | None = None) -> InvalidStateError:
    with pytest.raises(InvalidStateError) as info:
        Game.from_dict(data)
    if code is not None:
        assert info.value.code == code, info.value
    if field is not None:
        assert field in str(info.value), info.value
    return info.value


def _changed(game: Game, edit: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(game.to_dict())
    edit(data["state"])
    return data


# -- deliverable 1: from_dict validates everything ------------------------------------------
def test_issue_duplicated_dropped_and_foreign_cards_are_refused() -> None:
    game = _played(Rules(), 3, 20)
    hand = game.to_dict()["state"]["hands"][0]

    def dup(s: dict[str, Any]) -> None:
        s["hands"][0].append(hand[0])

    def drop(s: dict[str, Any]) -> None:
        s["hands"][0].pop()

    def foreign(s: dict[str, Any]) -> None:
        s["hands"][0][0] = "1o"  # a Spanish card

    def joker(s: dict[str, Any]) -> None:
        s["stock"][0] = "JK"  # jokers are not in play

    _refused(_changed(game, dup), "cards_not_conserved", "state")
    _refused(_changed(game, drop), "cards_not_conserved")
    _refused(_changed(game, foreign), "not_a_card", "state.hands[0]")
    _refused(_changed(game, joker), "not_a_card", "state.stock")
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()


@pytest.mark.parametrize("key, value, code", [
    ("totals", [0, 0, 0, 1.0], "bad_field"),
    ("totals", [0, 0, 0, True], "bad_field"),
    ("totals", [0, 0, 0, -1], "out_of_range"),
    ("totals", [0, 0, 0, 10**30], "out_of_range"),
    ("totals", [0, 0, 0], "wrong_length"),
    ("totals", [0, 0, 0, 100], "bad_phase"),  # the session would be over
    ("opened", [True, 1, True, False], "bad_field"),
    ("known_jokers", [0, 0, 0, 1], "jokers_not_held"),
    ("starter", 99, "out_of_range"),
    ("starter", True, "bad_field"),
    ("hand_number", 0, "out_of_range"),
    ("hand_number", 1.0, "bad_field"),
    ("table", "[4S 5S]", "invalid_table"),
    ("table", "[JK 5S 6S]", "joker_undeclared"),
    ("table", ["[4S 5S 6S]"], "bad_field"),
    ("last_winners", [0], "wrong_length"),
    ("final_scores", [0, 0, 0, 0], "bad_phase"),
    ("out_of_play", ["AS"], "cards_not_conserved"),
    ("orders", [["AS"]], "bad_deck"),
    ("cut", [[[0, "AS"]]], "bad_field"),
    ("hands", None, "wrong_length"),
    ("stock", "AS", "bad_field"),
])
def test_state_fields_are_checked(key: str, value: Any, code: str) -> None:
    game = _played(Rules(), 5, 12)

    def edit(s: dict[str, Any]) -> None:
        s[key] = value

    error = _refused(_changed(game, edit), code)
    assert "state" in str(error) or key in str(error)


def test_state_keys_and_phase() -> None:
    game = _played(Rules(), 5, 12)
    data = game.to_dict()
    del data["state"]["cut"]
    _refused(data, "bad_field", "state")
    data = game.to_dict()
    data["acting"] = [0, 1]
    _refused(data, "bad_phase", "acting")
    data = game.to_dict()
    data["acting"] = []
    _refused(data, "bad_phase")
    data = game.to_dict()
    data["simultaneous"] = True
    _refused(data, "bad_phase")


def test_joker_table_declarations_are_checked() -> None:
    rules = Rules(players=2, jokers=2)
    game = position(["AS 2H", "3C"], table="[JK=4S 5S 6S]", rules=rules)
    assert Game.from_dict(game.to_dict()).table == game.table
    for bad in ("[JK=5S 5S 6S]", "[JK=4S JK=5S 6S]", "[JK=4H 5S 6S]"):
        data = game.to_dict()
        data["state"]["table"] = bad
        _refused(data, "invalid_table", "state.table")


def test_finished_games_load_and_their_ends_are_checked() -> None:
    for rules in (Rules(players=2, threshold=30), Rules(players=3, mode="single_deal")):
        game = _finished(rules, 4)
        again = Game.from_dict(game.to_dict())
        assert again.to_dict() == game.to_dict() and again.result == game.result

        def points(s: dict[str, Any]) -> None:
            s["last_points"][0] += 1

        _refused(_changed(game, points), "bad_scores")

        def hands(s: dict[str, Any]) -> None:
            s["last_hands"] = [list(reversed(h)) for h in s["last_hands"]]

        if any(len(h) > 1 for h in game.last_hands):
            _refused(_changed(game, hands), "bad_phase")
    single = _finished(Rules(players=3, mode="single_deal"), 4)

    def scores(s: dict[str, Any]) -> None:
        s["final_scores"] = [1, 2, 3]

    _refused(_changed(single, scores), "bad_scores")


def test_start_is_checked() -> None:
    game = _played(Rules(), 5, 3)
    for start in ({"seed": "1"}, {"seed": 1, "rng": None}, {"seed": 1, "extra": 0}, {"seed": 1, "first_player": 9},
                  {"seed": 1, "deck": [["AS"]]}, {"position": {}, "seed": 1}, [1]):
        data = game.to_dict()
        data["start"] = start
        with pytest.raises(InvalidStateError):
            Game.from_dict(data)


def test_positions_refuse_impossible_values() -> None:
    cases: list[dict[str, Any]] = [
        {"totals": [1.5, 0]}, {"totals": [True, 0]}, {"totals": [-3, 0]}, {"totals": [100, 0]},
        {"opened": [1, 0]}, {"known_jokers": [0.0, 0]}, {"hand_number": 0}, {"hand_number": True},
        {"to_act": True}, {"to_act": 1.0}, {"starter": "0"},
    ]
    for kw in cases:
        with pytest.raises(InvalidStateError):
            position(["7H", "3C"], **kw)
    for hands in (["1o", "3C"], ["JK", "3C"], [[Card.parse("7H"), "x"], "3C"]):
        with pytest.raises(InvalidStateError) as info:
            position(hands)  # type: ignore[arg-type]
        assert info.value.code == "not_a_card"
    with pytest.raises(InvalidStateError):
        Game.from_position(Rules(players=2), hands=["7H", "3C"], table=[1])  # type: ignore[list-item]
    assert position([["7H"], "3C"]).hands[0] == (Card.parse("7H"),)  # type: ignore[list-item]


def test_out_of_play_cards_return_at_the_next_deal() -> None:
    game = position(["5S", "KS KH"], stock="AC", rules=Rules(players=2))
    assert len(game.out_of_play) == 104 - 4
    assert Game.from_dict(game.to_dict()).out_of_play == game.out_of_play
    game.play("draw")  # the stock runs out: a new hand deals every card
    assert game.hand_number == 2 and game.out_of_play == ()
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()
    assert Game.from_record(game.record()).to_dict()["state"] == game.to_dict()["state"]


# -- deliverable 2: moves validate their fields -------------------------------------------
def test_issue_forfeit_reason_must_be_the_enum() -> None:
    for wrong in ("gave_up", "timeout", None, 0):
        with pytest.raises(IllegalMoveError) as info:
            Forfeit(reason=wrong)  # type: ignore[arg-type]
        assert info.value.code == "bad_field"
    assert Forfeit().reason is ForfeitReason.GAVE_UP and str(Forfeit(ForfeitReason.TIMEOUT)) == "forfeit timeout"


def test_play_fields_are_tuples_made_from_any_sequence() -> None:
    play = Move.parse("play 7H 7D: [4S 5S 6S] [7S 7H 7D]")
    assert isinstance(play, Play)
    meld = play.table[0]
    for kw in ({"table": None}, {"table": ("x",)}, {"table": (meld, "[7S 7H 7D]")}, {"table": "[4S 5S 6S]"},
               {"table": iter(play.table)}, {"table": 3}, {"cards": None}, {"cards": ("7H",)}, {"cards": "7H 7D"},
               {"cards": (Card.parse("7H"), 7)}, {"cards": b"7H"}, {"cards": {Card.parse("7H")}}):
        with pytest.raises(IllegalMoveError) as info:
            attrs.evolve(play, **kw)
        assert info.value.code == "bad_field"
    melds, cards = list(play.table), list(play.cards)
    built = Play(melds, cards)  # 1.1 refused lists (bad_field)
    assert built == play and hash(built) == hash(play) and str(built) == str(play)
    assert type(built.table) is tuple and type(built.cards) is tuple
    melds.clear()
    cards.append(JOKER)
    assert built == play and len(built.table) == 2 and len(built.cards) == 2
    assert Play.of(list(play.table), list(play.cards)) == play  # of() still takes any sequence
    assert Play._trusted(play.table, play.cards) == play and str(Play._trusted(play.table, play.cards)) == str(play)
    assert Draw() == Move.parse("draw")


def test_malformed_moves_change_nothing() -> None:
    game = position(["7H 7D JS 2C", "KD"], table="[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]", stock="KH")
    before = game.to_dict()
    for move in (None, "play", 7, Forfeit, Meld.parse("[4S 5S 6S]")):
        with pytest.raises(Exception) as info:
            game.play(move)  # type: ignore[arg-type]
        assert not isinstance(info.value, (TypeError, AttributeError, KeyError, IndexError))
    assert game.to_dict() == before


# -- deliverable 3: parsers are linear and raise only NotationError ------------------------
def _parsing(text: str) -> Callable[[], None]:
    def run() -> None:
        with contextlib.suppress(NotationError):
            Move.parse(text)
    return run


def test_issue_parse_is_linear_with_a_maximum_length() -> None:
    with pytest.raises(NotationError) as info:
        Move.parse("play 7H: [" + "7H " * 350_000 + "]")  # about 1 MB: 21 s in 0.1
    assert info.value.code == "too_long"
    with pytest.raises(NotationError) as info:
        parse_table("[4S 5S 6S]" * 2000)
    assert info.value.code == "too_long"
    # both refused by their length, before they are read
    assert calls(refused(lambda: Move.parse("play 7H: [" + "7H " * 350_000 + "]"), NotationError)) < 50
    assert calls(refused(lambda: parse_table("[4S 5S 6S]" * 2000), NotationError)) < 50
    # the longest texts that are read: linear (twice the text, about twice the calls)
    for unit, head in (("7H ", "play 7H: ["), ("[7H 8H 9H] ", "play : "), ("JK=", "play 7H: [")):
        most = (MAX_MOVE_TEXT - len(head) - 1) // len(unit)
        half, full = (head + unit * n + ("]" if head.endswith("[") else "") for n in (most // 2, most))
        assert len(full) <= MAX_MOVE_TEXT
        assert calls(_parsing(full)) <= 2.5 * calls(_parsing(half)) + 100
        assert calls(_parsing(full)) < 10 * len(full)
    assert MAX_TABLE_TEXT >= MAX_MOVE_TEXT


def test_a_play_of_every_card_fits_the_limits() -> None:
    rules = Rules(players=6, jokers=4)
    suits = "SHDC"
    runs = [Meld(tuple(Card.parse(f"{r}{s}") for r in ("A 2 3 4 5 6 7 8 9 10 J Q K".split())))
            for s in suits for _ in range(3)]
    text = "play " + " ".join(["10H"] * 60) + ": " + " ".join(str(m) for m in runs) + " [JK=AS JK=2S 3S]" * 2
    assert len(text) < MAX_MOVE_TEXT // 2
    assert isinstance(Move.parse(text), Play) and rules.deck_size == 160


@pytest.mark.parametrize("text", ["", "\x00", "²", "play ²: [²]", "play 7H: [7H 8H ⁹H]", "forfeit ²", "1" * 5000,
                                  "play 7H: [JK=]", "play 7H: [JK=JK 8H 9H]", "play" + " 7H" * 3000, "🂡", "[", "]"])
def test_odd_texts_raise_notation_errors(text: str) -> None:
    try:
        move = Move.parse(text)
    except NotationError:
        return
    assert Move.parse(str(move)) == move


def test_terminal_lines_are_bounded() -> None:
    from naipes.machiavelli.describe import TerminalTurn
    from naipes.machiavelli.workspace import Workspace

    game = position(["7H 7D JS 2C", "KD"], table="[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]", stock="KH")
    said: list[str] = []
    turn = TerminalTurn(Workspace(game.view(0)), said.append)
    for line in ("take 7H to " + "1" * 5000, "x" * 200_000, "merge ١ ٢", "split 1 at " + "9" * 5000):
        assert turn.run_line(line) is None
    assert said


# -- deliverable 4: threads ----------------------------------------------------------------
def _transcript(seed: int) -> tuple[list[tuple[int, str]], dict[str, Any]]:
    rules = (Rules(players=3, jokers=2), Rules(players=6, jokers=4), Rules(players=2))[seed % 3]
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    bots = [SolverBot(), BaselineBot()]
    while not game.is_over and len(game.history) < 150:
        seat = game.to_act[0]
        if rng.random() < 0.1:
            move = bots[rng.randrange(2)].choose(game.view(seat))
        else:
            moves = game.legal_moves(seat)
            move = moves[rng.randrange(len(moves))]
        game.play(move, seat)
    return [(s, str(m)) for s, m in game.history], game.to_dict()


def test_threads_play_as_the_serial_run() -> None:
    seeds = list(range(12))
    serial = {seed: _transcript(seed) for seed in seeds}
    _listing._EXTENSIONS.clear()
    _listing._GROUPS.clear()
    _listing._RUNS.clear()
    assert run_in_threads(_transcript, seeds) == [serial[seed] for seed in seeds]


# -- deliverable 5: rules bounds and MV-01 -------------------------------------------------
def test_issue_mv01_decks_and_hands_by_player_count() -> None:
    five = Rules(players=5)
    assert (five.num_decks, five.cards_per_player, five.stock_size) == (2, 13, 39)
    asked = Rules(players=5, decks=3)
    assert (asked.num_decks, asked.cards_per_player, asked.stock_size) == (3, 15, 81)
    six = Rules(players=6)
    assert (six.num_decks, six.cards_per_player, six.stock_size) == (3, 15, 66)
    with pytest.raises(RulesError) as info:
        Rules(players=6, decks=2)
    assert info.value.code == "too_many_players"
    four = Rules()
    assert (four.num_decks, four.cards_per_player, four.stock_size) == (2, 13, 52)
    game = Game(five, seed=1)
    assert len(game.view(0).hand) == 13 and game.view(0).stock_size == 39


@pytest.mark.parametrize("kw, code", [
    ({"players": 7}, "out_of_range"), ({"players": 1}, "out_of_range"), ({"players": True}, "not_an_int"),
    ({"players": 4.0}, "not_an_int"), ({"players": "4"}, "not_an_int"), ({"decks": 4}, "out_of_range"),
    ({"decks": 1}, "out_of_range"), ({"decks": 2.0}, "not_an_int"), ({"jokers": 3}, "out_of_range"),
    ({"jokers": False}, "not_an_int"), ({"hand_size": 0}, "out_of_range"), ({"hand_size": 10**9}, "out_of_range"),
    ({"hand_size": 30}, "too_few_cards"), ({"hand_size": "13"}, "not_an_int"), ({"threshold": 0}, "out_of_range"),
    ({"threshold": 10_001}, "out_of_range"), ({"threshold": 100.0}, "not_an_int"),
    ({"joker_penalty": 1001}, "out_of_range"), ({"joker_penalty": -1}, "out_of_range"),
    ({"initial_meld_min": 10**6}, "out_of_range"), ({"penalty_cards": 2}, "out_of_range"),
    ({"min_natural_per_combination": 0}, "out_of_range"), ({"exhaustion_winner_scores_own_hand": 1}, "not_a_bool"),
    ({"mode": ["session"]}, "out_of_range"), ({"next_starter": None}, "out_of_range"),
])
def test_rules_bounds(kw: dict[str, Any], code: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules(**kw)
    assert info.value.code == code


def test_largest_rules_are_cheap() -> None:
    game = Game(Rules(players=6, jokers=4, threshold=10_000), seed=1)
    Game.from_dict(game.to_dict())
    # dealt and reloaded in calls of the order of its 160 cards, not of the threshold
    assert calls(lambda: Game.from_dict(Game(Rules(players=6, jokers=4, threshold=10_000), seed=1).to_dict())) \
        < 3 * calls(lambda: Game.from_dict(Game(Rules(players=6, jokers=4), seed=1).to_dict()))
    assert len(game.zones()["stock"]) == 160 - 90


# -- the kit ---------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [
    Rules(), Rules(players=2, threshold=30), Rules(players=5), Rules(players=6, jokers=4, initial_meld_min=36),
    Rules(players=3, jokers=2, mode="single_deal", next_starter="previous_winner", penalty_cards=3),
], ids=repr)
def test_kit_hardening(rules: Rules) -> None:
    for seed, steps in ((1, 0), (2, 9), (3, 80), (4, 400)):
        check_hardening(lambda s: Game(rules, seed=s), seed, steps, tampers=40,
                        texts=("play JK=: []", "play 7H:", "forfeit x"))


def test_kit_hardening_hypothesis() -> None:
    run_hardening(lambda s: Game(seed=s), examples=5)


def test_kit_catches_a_position_with_a_joker_on_a_joker_free_table() -> None:
    game = position(["7H", "3C"])
    data = game.to_dict()
    data["state"]["hands"][0] = [str(JOKER)]
    with pytest.raises(InvalidStateError):
        Game.from_dict(data)


def _forced(move: Any, **fields: Any) -> Any:
    copy_ = attrs.evolve(move)
    for name, value in fields.items():
        object.__setattr__(copy_, name, value)
    return copy_


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_forced_fields_are_refused_and_change_nothing(seed: int) -> None:
    """``Forfeit(reason=None)`` or a ``Play`` whose table was forced to a list, past their
    validators: refused with ``bad_field`` and nothing changes (1.1 recorded them, then
    ``to_dict`` raised AttributeError or the play crashed with a TypeError)."""
    game = Game(seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(5, 40)):
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    listed = game.legal_moves()
    plays = [m for m in listed if isinstance(m, Play)]
    forfeit = Forfeit()
    bad = [_forced(forfeit, reason=None), _forced(forfeit, reason="gave_up"), _forced(forfeit, reason=1)]
    bad += [_forced(p, cards=None) for p in plays[:2]] + [_forced(p, table="[4S 5S 6S]") for p in plays[:1]]
    for move in bad:
        before, rng_state = game.to_dict(), game._rng.getstate()
        with pytest.raises(IllegalMoveError) as info:
            game.play(move)
        assert info.value.code == "bad_field"
        assert game.to_dict() == before and game._rng.getstate() == rng_state
    if plays:  # a table forced to a list is rebuilt as the tuple: the game records an equal tuple play
        twin = game.clone()
        forced = _forced(plays[0], table=list(plays[0].table))
        twin.play(forced)
        recorded = twin.history[-1][1]
        assert recorded is not forced and recorded == plays[0] and type(recorded.table) is tuple
    game.play(game.legal_moves()[0])
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()


def test_play_from_a_handler_that_unsubscribed_itself_is_refused() -> None:
    """Machiavelli's own fast path for listed moves ran whenever nobody was subscribed."""
    from naipes.errors import UsageError
    from naipes.events import Event

    game = Game(seed=4)
    codes: list[str] = []

    def handler(event: Event) -> None:
        if not codes:
            stop()
            try:
                game.play(game.legal_moves()[0])
            except UsageError as exc:
                codes.append(exc.code)
            else:
                codes.append("accepted")

    stop = game.events.subscribe(Event, handler)
    game.play(game.legal_moves()[0])
    assert codes == ["reentrant"] and len(game.history) == 1


@pytest.mark.parametrize("seed", range(20))
def test_a_sample_of_a_finished_game_keeps_the_public_hands(seed: int) -> None:
    import json

    rules = [Rules(players=2), Rules(players=3), Rules(players=4, mode="single_deal")][seed % 3]
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(moves[rng.randrange(len(moves))])
    for seat in range(game.num_players):
        world = game.view(seat).sample(random.Random(seed))
        assert world.hands == game.hands == world.last_hands
        loaded = Game.from_dict(json.loads(json.dumps(world.to_dict())))
        assert loaded.to_dict() == world.to_dict()
        assert world.view(seat).to_dict() == game.view(seat).to_dict()
