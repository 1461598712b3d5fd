"""One or more example tests for each ruling MK-01 ... MK-11 and the worked examples MK-S1, S4, S8."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from naipes import Card, IllegalMoveError, InvalidStateError, RulesError, spanish_deck
from naipes.macarra import (
    DRAW,
    PASS,
    Game,
    InfractionCommitted,
    MacarrasGiven,
    Move,
    PerfectBot,
    Reason,
    Rules,
    StockRecycled,
)

from ._helpers import forced_turn, foundation_tops, piles, position, record_events, stocks


# -- MK-01 ------------------------------------------------------------------------------------
def test_mk01_defaults_40_cards_four_players_one_deck() -> None:
    r = Rules()
    assert (r.players, r.deck, r.num_decks, r.num_cards) == (4, 40, 1, 40)
    assert r.order.successor(7) == 10
    game = Game(r, seed=3)
    assert Counter(c for z in game.zones().values() for c in z) == Counter(spanish_deck(40))


@pytest.mark.parametrize("players, decks", [(2, 1), (4, 1), (5, 2), (8, 2), (9, 3), (13, 4)])
def test_mk01_decks_none_is_one_per_four_players_rounded_up(players: int, decks: int) -> None:
    assert Rules(players=players).num_decks == decks
    game = Game(Rules(players=players), seed=1)
    assert sum(len(z) for z in game.zones().values()) == 40 * decks


def test_mk01_48_card_variant_and_explicit_decks() -> None:
    game = Game(Rules(players=3, deck=48, decks=2), seed=5)
    counts = Counter(c for z in game.zones().values() for c in z)
    assert counts == Counter(spanish_deck(48, copies=2))
    assert Rules(deck=48).order.successor(7) == 8


@pytest.mark.parametrize("bad", [dict(players=1), dict(deck=50), dict(decks=0), dict(infractions="warn"),
                                 dict(max_turns=0), dict(ace_macarra="yes")])
def test_mk01_impossible_rules_raise(bad: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        Rules(**bad)  # type: ignore[arg-type]


# -- MK-02 ------------------------------------------------------------------------------------
def test_mk02_deal_one_at_a_time_last_card_on_top_seat0_starts() -> None:
    deck = list(spanish_deck(40))
    game = Game(Rules(players=3), deck=deck)
    for s in range(3):
        dealt = deck[s::3]  # card k goes to seat k mod 3
        assert game.zones()[f"stock{s}"] == tuple(reversed(dealt))  # the last dealt is the top
    assert [len(x.split()) for x in stocks(game)] == [14, 13, 13]  # seats 0.. get the extra cards
    assert game.to_act == (0,) and game.turn == 0
    assert piles(game) == ["", "", ""]  # nobody starts with a face-up card


def test_mk02_dealer_option_moves_first_player_and_deal() -> None:
    deck = list(spanish_deck(40))
    game = Game(Rules(players=4), deck=deck, dealer=1)
    assert game.to_act == (2,)
    assert game.zones()["stock2"][-1] == deck[0]  # seat 2, right of the dealer, gets the first card


def test_mk02_deck_must_be_the_rules_decks() -> None:
    with pytest.raises(InvalidStateError):
        Game(Rules(), deck=list(spanish_deck(40))[:-1])
    with pytest.raises(InvalidStateError):
        Game(Rules(), deck=list(spanish_deck(48)))


def test_mk02_explicit_position_stocks_top_first_piles_bottom_to_top() -> None:
    game = position(2, ["10c 3o", "4b"], ["7b", "12c"])
    assert game.zones()["stock0"] == Card.parse_many("10c 3o")
    game.play("draw")
    assert game.view(1).held == Card.parse("10c")


# -- MK-03 / worked example S1 ------------------------------------------------------------------
def test_mk03_s1_face_up_card_before_drawing_then_priorities_2_and_3() -> None:
    game = position(3, ["7e 5o", "3b", "2b"], ["12b 4c 3c", "6b", "11o"], foundations=["2c", "1o"])
    assert forced_turn(game) == ["3c f0", "4c f0", "12b p2", "draw", "7e p1", "draw", "5o p0"]
    assert foundation_tops(game) == ["4c", "1o"]
    assert piles(game) == ["5o", "6b 7e", "11o 12b"]
    assert stocks(game)[0] == ""
    assert game.to_act == (1,)  # P0 is not out: one face-up card


def test_mk03_priority_1_ace_goes_to_the_centre() -> None:
    game = position(2, ["1c 9o", "4b"], ["5o", "12c"], rules=Rules(players=2, deck=48))
    assert forced_turn(game) == ["draw", "1c new", "draw", "9o p0"]
    assert foundation_tops(game) == ["1c"]


def test_mk03_priority_4_keeps_the_turn_and_5_ends_it() -> None:
    game = position(2, ["4o 6e 2b", "11b"], ["3c", "12e"])
    assert forced_turn(game) == ["draw", "4o p0", "draw", "6e p0"]
    assert game.to_act == (1,)


def test_mk03_foundation_beats_other_players_pile() -> None:
    game = position(3, ["2o", "5b", "5c"], ["12e", "1b", "1e"], foundations=["1o"])
    assert game.forced_move() == DRAW
    game.play("draw")
    assert str(game.forced_move()) == "2o f0"
    assert [str(m) for m in game.legal_moves()] == ["2o f0", "2o p0", "2o p1", "2o p2"]


# -- MK-04 ------------------------------------------------------------------------------------
def test_mk04_two_decks_card_goes_on_earliest_created_foundation() -> None:
    rules = Rules(players=2, decks=2)
    game = Game.from_position(rules, stocks=["2o 12e", "3b"], piles=["", "5b"], foundations=["1c", "1o", "1o"])
    game.play("draw")
    assert [str(m) for m in game.legal_moves()][:2] == ["2o f1", "2o f2"]
    assert str(game.forced_move()) == "2o f1"


def test_mk04_finished_foundation_accepts_nothing_and_cards_never_move_back() -> None:
    game = position(2, ["1o 3b", "6b"], ["", "12c"], foundations=[Card.parse_many("1o 2o 3o 4o 5o 6o 7o 10o 11o 12o")],
                    rules=Rules(players=2, decks=2))
    game.play("draw")
    moves = [str(m) for m in game.legal_moves()]
    assert moves == ["1o new", "1o p0"]  # the ace starts a new foundation beside the finished one
    assert all(not str(m).startswith("1o f") for m in game.legal_moves())


# -- MK-05 ------------------------------------------------------------------------------------
def test_mk05_first_player_to_the_right_skipping_empty_and_out() -> None:
    game = position(5, ["5o", "3b", "", "4c", "9e"], ["12e", "", "", "4b", "4e"],
                    rules=Rules(players=5, deck=48))
    game.play("draw")  # seat 1's pile is empty and seat 2 is out: seat 3 comes first
    assert str(game.forced_move()) == "5o p3"
    assert [str(m) for m in game.legal_moves()] == ["5o p0", "5o p3", "5o p4"]


def test_mk05_scan_wraps_round_from_the_player() -> None:
    game = position(3, ["3b", "6o", "5b"], ["4o", "12e", "4e"], turn=2)
    game.play("draw")
    assert str(game.forced_move()) == "5b p0"  # seat 2's right is seat 0


def test_mk05_a_face_up_rey_accepts_nothing_and_seven_takes_a_sota() -> None:
    game = position(2, ["1e 10c", "5b"], ["3e", "12o"])
    game.play("draw")
    assert [str(m) for m in game.legal_moves()] == ["1e new", "1e p0"]
    game = position(2, ["10c", "5b"], ["3e", "7o"])
    game.play("draw")
    assert str(game.forced_move()) == "10c p1"


# -- MK-06 ------------------------------------------------------------------------------------
def test_mk06_recycle_keeps_top_face_up_and_oldest_becomes_stock_top() -> None:
    game = position(2, ["", "5b"], ["12e 2o 6c", "11b"])
    seen = record_events(game)
    assert game.forced_move() == DRAW
    view = game.view(1)
    assert view.recycled_stocks[0] is None
    game.play("draw")
    assert game.view(1).held == Card.parse("12e")
    assert stocks(game)[0] == "2o" and piles(game)[0] == "6c"
    assert game.view(1).recycled_stocks[0] == Card.parse_many("2o")  # public order
    recycled = [e for e in seen if isinstance(e, StockRecycled)]
    assert recycled[0].stock == Card.parse_many("12e 2o") and str(recycled[0].face_up) == "6c"


def test_mk06_one_face_up_card_and_no_stock_passes_and_is_not_out() -> None:
    game = position(2, ["", "5b 6b"], ["6c", "11b"])
    assert game.legal_moves() == (PASS,)
    game.play("pass")
    assert game.to_act == (1,) and piles(game)[0] == "6c"
    assert 0 not in game.view(1).out


# -- MK-07 ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, deck, decks", [(2, 40, 1), (3, 48, 1), (4, 40, 1), (6, 40, 2), (8, 48, 2)])
def test_mk07_forced_games_always_end_without_a_stalemate_rule(players: int, deck: int, decks: int) -> None:
    for seed in range(25):
        game = Game(Rules(players=players, deck=deck, decks=decks, infractions="forbid",  # type: ignore[arg-type]
                          final_punishment=False), seed=seed)
        while not game.is_over:
            game.play(game.forced_move())
        assert game.result is not None and not game.result.capped and game.turns < 400


# -- MK-08 ------------------------------------------------------------------------------------
def test_mk08_going_out_ends_the_turn_and_out_player_gets_no_cards() -> None:
    game = position(3, ["", "3b 6o", "5c"], ["2o", "12e", "11c"], foundations=["1o"])
    game.play("2o f0")
    assert game.to_act == (1,)
    assert 0 in game.view(1).out
    game.play("draw")
    assert [str(m) for m in game.legal_moves()] == ["3b p1"]  # nobody else to put it on
    assert game.loser is None


def test_mk08_last_player_with_cards_loses() -> None:
    game = position(3, ["", "5c 6c", ""], ["2o", "", "3o"], foundations=["1o"], rules=Rules(players=3, final_punishment=False))
    assert forced_turn(game) == ["2o f0"]
    assert forced_turn(game) == ["draw", "5c p1"]
    assert forced_turn(game) == ["3o f0"]
    assert game.is_over and game.loser == 1
    assert game.result is not None and game.result.winners == (0, 2) and game.result.ranking == ((0, 2), (1,))


# -- MK-09 ------------------------------------------------------------------------------------
def test_mk09a_drawn_ace_gives_one_to_every_other_player_even_out() -> None:
    game = position(3, ["1c 9o", "4b", ""], ["5o", "12c", ""], rules=Rules(players=3, deck=48))
    seen = record_events(game)
    game.play("draw")
    assert game.ledger[0] == (0, 1, 1)
    assert [(e.giver, e.receiver, e.reason, e.total) for e in seen if isinstance(e, MacarrasGiven)] == \
        [(0, 1, Reason.ACE, 1), (0, 2, Reason.ACE, 1)]


def test_mk09a_ace_moved_from_face_up_pile_earns_nothing_and_flag_off() -> None:
    game = position(2, ["4b", "4c"], ["1o", "12c"])
    game.play("1o new")
    assert game.ledger == ((0, 0), (0, 0))
    game = position(2, ["1o 4b", "4c"], ["7c", "12c"], rules=Rules(players=2, ace_macarra=False))
    game.play("draw")
    assert game.ledger == ((0, 0), (0, 0))


def test_mk09b_infraction_every_other_player_gives_one() -> None:
    game = position(3, ["5o 7e", "4b", "6o"], ["3c", "12e", "12c"], foundations=["2c"])
    game.play("draw")  # the forced move was 3c f0
    assert game.ledger == ((0, 0, 0), (1, 0, 0), (1, 0, 0))
    assert game.infractions == (1, 0, 0)


def _s8(card: str) -> Game:
    return Game.from_position(Rules(players=3), stocks=["", "5c 6c", ""], piles=["2o", "", ""],
                              foundations=["1o"], punishment_card=card)


def test_mk09c_s8_final_punishment_arithmetic() -> None:
    game = _s8("3o")
    game.play("2o f0")
    assert game.loser == 1 and game.to_act == (0, 2)
    game.play("bid 5", 0)
    game.play("bid 2", 2)
    assert game.ledger == ((0, 5, 0), (2, 0, 0), (0, 2, 0))
    game = _s8("11b")
    game.play("2o f0")
    game.play("bid 10", 0)
    game.play("bid 0", 2)
    assert game.ledger[1][0] == 1 and game.ledger[0][1] == 10
    game = _s8("12e")
    game.play("2o f0")
    game.play("bid 10", 2)
    game.play("bid 10", 0)
    assert game.ledger[1] == (0, 0, 0)


def test_mk09c_card_drawn_at_random_from_a_full_deck_and_values() -> None:
    from naipes.macarra import punishment_value
    assert [punishment_value(c, 40) for c in Card.parse_many("1o 7o 10o 11o 12o")] == [1, 7, 8, 9, 10]
    assert [punishment_value(c, 48) for c in Card.parse_many("8o 9o 10o 11o 12o")] == [8, 9, 10, 10, 10]
    drawn = set()
    for seed in range(60):
        game = Game.from_position(Rules(players=2), stocks=["", "5c"], piles=["2o", ""],
                                  foundations=["1o"], seed=seed)
        game.play("2o f0")
        game.play("bid 0", 0)
        assert game.result is not None and game.result.punishment_card is not None
        drawn.add(game.result.punishment_card)
    assert len(drawn) > 20 and drawn <= set(spanish_deck(40))


def test_mk09c_final_punishment_off_ends_at_the_loser() -> None:
    game = Game.from_position(Rules(players=2, final_punishment=False), stocks=["", "5c"],
                              piles=["2o", ""], foundations=["1o"])
    game.play("2o f0")
    assert game.is_over and game.result is not None and game.result.bids == (None, None)


# -- MK-10 ------------------------------------------------------------------------------------
def test_mk10_every_move_that_fits_is_listed_and_infraction_stands() -> None:
    game = position(3, ["5o 7e", "4b", "6o"], ["3c", "12e", "2b"], foundations=["2c"])
    seen = record_events(game)
    assert [str(m) for m in game.legal_moves()] == ["draw", "3c f0", "3c p2"]
    game.play("3c p2")  # stands: 3c now sits on seat 2's pile
    assert piles(game)[2] == "2b 3c"
    inf = [e for e in seen if isinstance(e, InfractionCommitted)]
    assert (inf[0].seat, inf[0].move, inf[0].forced) == (0, Move.parse("3c p2"), Move.parse("3c f0"))
    assert game.forced_move() == DRAW  # play continues from the new state


def test_mk10_forbid_only_the_forced_move_is_legal() -> None:
    rules = Rules(players=3, infractions="forbid")
    game = Game.from_position(rules, stocks=["5o 7e", "4b", "6o"], piles=["3c", "12e", "2b"], foundations=["2c"])
    assert [str(m) for m in game.legal_moves()] == ["3c f0"]
    with pytest.raises(IllegalMoveError, match="forbid"):
        game.play("draw")


def test_mk10_a_card_that_does_not_fit_is_not_a_move() -> None:
    game = position(2, ["5o", "4b"], ["3c", "12e"])
    for bad in ("3c f0", "3c p1", "5o p1", "3c p0", "pass", "bid 3", "3c new"):
        with pytest.raises(IllegalMoveError):
            game.play(bad)
    assert game.history == ()


def test_mk10_laying_a_successor_on_own_pile_continues_even_as_infraction() -> None:
    game = position(3, ["4o 6e", "4b", "6o"], ["3c", "12e", "3e"])
    game.play("draw")
    assert str(game.forced_move()) == "4o p2"
    game.play("4o p0")  # an infraction, but 4o follows 3c: priority-4 placement, the turn goes on
    assert game.to_act == (0,) and game.infractions == (1, 0, 0)
    game.play("draw")
    game.play("6e p0")  # does not fit on 4o: the turn ends
    assert game.to_act == (1,)


def test_mk10_forced_move_is_none_for_others_and_in_bidding() -> None:
    game = position(2, ["5o", "4b"], ["3c", "12e"])
    assert game.forced_move(1) is None and game.forced_move(0) == DRAW


# -- MK-11 ------------------------------------------------------------------------------------
def test_mk11_turn_cap_most_cards_loses_ties_to_lowest_seat() -> None:
    rules = Rules(players=3, max_turns=3, final_punishment=False)
    game = Game.from_position(rules, stocks=["11c 11o", "11e 11b 10b", "10c 10o 10e"], piles=["12o", "12c", "12e"])
    while not game.is_over:
        game.play(game.forced_move())
    assert game.result is not None and game.result.capped
    assert game.cards_left == (4, 4, 3)
    assert game.turns == 3 and game.loser == 0  # seats 0 and 1 hold four cards each: the lowest loses


def test_mk11_infinite_cycling_is_cut_by_the_cap() -> None:
    rules = Rules(players=2, max_turns=50)
    game = Game(rules, seed=4)
    rng = random.Random(0)
    while game.turn is not None:
        moves = game.legal_moves()
        game.play(moves[-1] if rng.random() < 0.9 else moves[0])
    assert game.turns <= 50


# -- the bots on the rulings -------------------------------------------------------------------
def test_perfect_bot_never_commits_an_infraction() -> None:
    import naipes
    for seed in range(5):
        game = Game(Rules(players=4), seed=seed)
        naipes.play_game(game, [PerfectBot()] * 4)
        assert game.infractions == (0, 0, 0, 0)
        assert all(isinstance(m, Move) for _, m in game.history)


def test_mk_s4_ten_follows_seven_in_the_40_card_deck() -> None:
    game = position(2, ["10c 3o", "4b"], ["7b", "12c"])
    assert forced_turn(game) == ["draw", "10c p0", "draw", "3o p0"]
    assert piles(game)[0] == "7b 10c 3o" and game.to_act == (1,)


def test_mk_s4_in_the_48_card_deck_eight_follows_seven() -> None:
    game = position(2, ["8c 3o", "4b"], ["7b", "12c"], rules=Rules(players=2, deck=48))
    assert forced_turn(game) == ["draw", "8c p0", "draw", "3o p0"]


def test_mk07_mk11_a_partial_position_may_cycle_and_the_cap_ends_it() -> None:
    rules = Rules(players=3, max_turns=40, final_punishment=False)
    game = Game.from_position(rules, stocks=["", "5c 6c", ""], piles=["2o", "", "3e"], foundations=["1o"])
    while not game.is_over:
        game.play(game.forced_move())
    assert game.result is not None and game.result.capped and game.turns == 40 and game.loser == 1
