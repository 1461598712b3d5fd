"""One or more example tests per ruling of machiavelli.md (MV-01 ... MV-16, MV-S*)."""

from __future__ import annotations

from collections import Counter

import pytest

from naipes import IllegalMoveError, find_game
from naipes.cards import JOKER, Card
from naipes.events import Event
from naipes.machiavelli import (
    Draw,
    Forfeit,
    ForfeitReason,
    Game,
    GameEnded,
    HandEnded,
    Move,
    Play,
    Result,
    Rules,
    SolverBot,
    card_value,
    format_table,
    hand_value,
    parse_table,
    solve,
)
from naipes.machiavelli.state import full_deck

from .helpers import position, snapshot

S1_TABLE = "[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]"
S1_HAND = "7H 7D JS 2C"


def cards(text: str) -> tuple[Card, ...]:
    return Card.parse_many(text)


# -- MV-01 -------------------------------------------------------------------------------
def test_mv01_default_deal_four_players_two_decks() -> None:
    game = Game(seed=1)
    assert game.num_players == 4
    assert [len(game.hands[s]) for s in range(4)] == [13] * 4
    assert len(game.stock) == 104 - 52
    assert Counter(c for z in game.zones().values() for c in z) == Counter(full_deck(Rules()))


def test_mv01_three_decks_six_players_fifteen_each() -> None:
    game = Game(Rules(players=6), seed=2)
    assert game.rules.num_decks == 3
    assert [len(h) for h in game.hands] == [15] * 6
    assert len(game.stock) == 66


def test_mv01_dealt_one_at_a_time_from_the_first_player() -> None:
    deck = list(full_deck(Rules(players=3)))
    game = Game(Rules(players=3), deck=deck, first_player=2)
    assert game.hands[2][:2] == (deck[0], deck[3])
    assert game.hands[0][:2] == (deck[1], deck[4])
    assert game.hands[1][0] == deck[2]
    assert game.stock == tuple(deck[39:])


def test_mv01_deck_must_be_the_decks() -> None:
    from naipes import InvalidStateError

    with pytest.raises(InvalidStateError):
        Game(Rules(players=3), deck=list(full_deck(Rules()))[:-1] + [Card.parse("AS")])


# -- MV-02 -------------------------------------------------------------------------------
def test_mv02_cut_highest_card_starts_and_ties_recut() -> None:
    tied = None
    for seed in range(200):
        game = Game(Rules(players=4), seed=seed)
        rounds = game.cut
        last = dict(rounds[-1])
        best = max(c.rank for c in last.values())
        assert game.to_act == (game.starter,)
        assert last[game.starter].rank == best
        assert [s for s, c in last.items() if c.rank == best] == [game.starter]
        if len(rounds) > 1:
            tied = rounds
    assert tied is not None, "no seed produced a recut"
    first = dict(tied[0])
    top = max(c.rank for c in first.values())
    assert sorted(dict(tied[1])) == sorted(s for s, c in first.items() if c.rank == top)


def test_mv02_explicit_first_player_and_rotation() -> None:
    game = position(["AS 2S", "KH", "QH"], stock="5C", to_act=1)
    game.play(Draw())  # the stock runs out: the deal ends (MV-08), next deal
    assert game.hand_number == 2
    assert game.starter == 2 and game.to_act == (2,)


def test_mv02_previous_winner_variant_earliest_clockwise() -> None:
    rules = Rules(players=3, next_starter="previous_winner")
    game = position(["KS", "AH", "AD"], stock="5C", rules=rules, to_act=2)
    game.play(Draw())  # exhaustion: seat 1 has AH (1 point, 1 card): the only winner
    assert game.last_winners == (1,)
    assert game.to_act == (1,)
    tie = position(["AS", "AH", "KD"], stock="5C", rules=rules, to_act=2, starter=1)
    tie.play(Draw())  # seats 0 and 1 tie; 1 is earliest clockwise from starter 1
    assert tie.last_winners == (0, 1)
    assert tie.to_act == (1,)


# -- MV-03 (the parametrized validity table is in test_validity.py) ----------------------------
def test_mv03_a_play_making_an_invalid_group_is_refused() -> None:
    game = position(["8H 8D 2C", "KC"], table="[8H 8C 8S]")
    with pytest.raises(IllegalMoveError, match="two identical cards"):
        game.play("play 8H 8D: [8H 8H 8C 8S 8D]")
    with pytest.raises(IllegalMoveError, match="a meld of two cards"):
        game.play("play 8H 8D: [8H 8C 8S] [8H 8D]")


# -- MV-04 -------------------------------------------------------------------------------
def test_mv04_draw_ends_the_turn_even_when_a_play_exists() -> None:
    game = position([S1_HAND, "KC"], table=S1_TABLE, stock="KD QD")
    assert any(isinstance(m, Play) for m in game.legal_moves())
    game.play("draw")
    assert game.hands[0][-1] == Card.parse("KD") and game.to_act == (1,)
    with pytest.raises(IllegalMoveError):
        game.play("play 2C: [4S 5S 6S 7S 8S 9S 10S] [JH JD JC]", seat=0)


def test_mv04_a_valid_play_does_not_draw() -> None:
    game = position([S1_HAND, "KC"], table=S1_TABLE, stock="KD QD")
    game.play("play JS: [4S 5S 6S 7S 8S 9S 10S] [JS JH JD JC]")
    assert len(game.stock) == 2 and game.to_act == (1,)


# -- MV-05 and the examples ----------------------------------------------------------------
def test_mv05_s1_valid_manipulation() -> None:
    game = position([S1_HAND, "3C", "4C"], table=S1_TABLE, stock="KD")
    game.play("play 7H 7D JS: [4S 5S 6S] [8S 9S 10S] [7S 7H 7D] [JH JD JC JS]")
    assert game.hands[0] == (Card.parse("2C"),)
    assert game.stock == (Card.parse("KD"),)
    assert game.to_act == (1,)


def test_mv05_s5_a_play_must_add_a_hand_card() -> None:
    game = position([S1_HAND, "3C"], table="[4S 5S 6S 7S 8S 9S 10S]")
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match="no card from the hand"):
        game.play("play : [4S 5S 6S 7S] [8S 9S 10S]")
    assert snapshot(game) == before


def test_mv05_table_cards_may_not_go_to_the_hand() -> None:
    game = position(["7H 7D 7C 2C", "3C"], table="[4S 5S 6S 7S]")
    with pytest.raises(IllegalMoveError, match="missing from the new table.*7S"):
        game.play("play 7H: [4S 5S 6S] [7H 7D 7C]")


def test_mv05_cards_from_nowhere_are_refused() -> None:
    game = position(["7H 2C", "3C"], table="[4S 5S 6S]")
    with pytest.raises(IllegalMoveError, match="from nowhere.*8S"):
        game.play("play 7H: [4S 5S 6S 7S 8S]")


def test_mv05_order_of_melds_and_cards_is_irrelevant() -> None:
    game = position([S1_HAND, "3C"], table=S1_TABLE)
    game.play("play JS 7D 7H: [JS JC JD JH] [7D 7S 7H] [10S 8S 9S] [6S 4S 5S]")
    assert format_table(game.table) == "[JS JH JD JC] [7S 7H 7D] [8S 9S 10S] [4S 5S 6S]"


def test_mv05_cards_not_in_hand_are_refused() -> None:
    game = position(["7H 2C", "3C"], table="[4S 5S 6S]")
    with pytest.raises(IllegalMoveError, match="not in the hand: 7S"):
        game.play("play 7S: [4S 5S 6S 7S]")


# -- MV-06 -------------------------------------------------------------------------------
def test_mv06_s2_failed_rearrangement_then_forfeit() -> None:
    game = position([S1_HAND, "3C", "4C"], table=S1_TABLE, stock="KD QD")
    before = snapshot(game)
    bad = "play 7H JS: [4S 5S 6S] [8S 9S 10S] [7S 7H] [JH JD JC JS]"
    with pytest.raises(IllegalMoveError, match="meld 3 \\[7S 7H\\]: a meld of two cards"):
        game.play(bad)
    assert snapshot(game) == before and game.to_act == (0,)
    assert not game.is_legal(bad)
    game.play(Forfeit())
    assert format_table(game.table) == "[4S 5S 6S 7S 8S 9S 10S] [JH JD JC]"
    assert game.hands[0] == cards("7H 7D JS 2C KD")
    assert game.to_act == (1,)


def test_mv06_three_penalty_cards_and_fewer_when_the_stock_is_short() -> None:
    game = position(["2C", "3C"], stock="KD QD JD AD", rules=Rules(players=2, penalty_cards=3))
    game.play("forfeit")
    assert game.hands[0] == cards("2C KD QD JD")
    ended: list[HandEnded] = []
    game.events.subscribe(HandEnded, ended.append)
    game.play("forfeit")  # one card left: only it is drawn, and the stock is now empty
    assert ended[0].hands[1] == cards("3C AD")
    assert game.hand_number == 2  # MV-08 ended the deal


def test_mv06_check_move_has_no_side_effects() -> None:
    game = position([S1_HAND, "3C"], table=S1_TABLE)
    before = snapshot(game)
    with pytest.raises(IllegalMoveError):
        game.check_move("play 2C: [4S 5S 6S 7S 8S 9S 10S] [JH JD JC] [2C]")
    assert snapshot(game) == before


# -- MV-07 -------------------------------------------------------------------------------
def test_mv07_going_out_ends_the_deal_and_others_score_their_hands() -> None:
    rules = Rules(players=3, mode="single_deal")
    game = position(["JS", "AS KH 10D 5C", "QC QD"], table="[JH JD JC]", rules=rules)
    seen: list[Event] = []
    game.events.subscribe(HandEnded, seen.append)
    game.play("play JS: [JS JH JD JC]")
    assert game.is_over
    assert game.last_winners == (0,)
    assert game.last_points == (0, 1 + 10 + 10 + 5, 20)
    assert isinstance(seen[0], HandEnded) and seen[0].went_out


def test_mv07_card_values() -> None:
    assert [card_value(c) for c in cards("AS 2H 9D 10C JS QH KD")] == [1, 2, 9, 10, 10, 10, 10]


# -- MV-08 -------------------------------------------------------------------------------
def test_mv08_stock_exhaustion_by_draw_fewest_points_then_fewest_cards() -> None:
    game = position(["5S 5H", "KS", "2S 3S 5D"], stock="AC", rules=Rules(players=3), to_act=2)
    game.play("draw")  # seat 2 now holds 11 points in 4 cards; seats 0 and 1 hold 10 each
    assert game.last_winners == (1,)  # 10 points in one card beats 10 in two
    assert game.last_points == (10, 0, 11)
    assert game.totals == (10, 0, 11)


def test_mv08_penalty_draw_can_exhaust_and_winner_may_score_own_hand() -> None:
    rules = Rules(players=2, exhaustion_winner_scores_own_hand=True)
    game = position(["5S", "KS"], stock="AC", rules=rules)
    game.play(Forfeit(ForfeitReason.TIMEOUT))
    assert game.last_winners == (0,)  # 6 points against 10
    assert game.last_points == (6, 10)


def test_mv08_all_tied_players_win() -> None:
    game = position(["5S", "5H", "KS"], stock="AC", rules=Rules(players=3), to_act=2)
    game.play("draw")
    assert game.last_winners == (0, 1)
    assert game.last_points == (0, 0, 11)


# -- MV-09 -------------------------------------------------------------------------------
def test_mv09_session_ends_when_a_total_reaches_the_threshold() -> None:
    game = position(["5S", "KS KH"], stock="AC", rules=Rules(players=2, threshold=100), totals=[3, 80])
    ended: list[Event] = []
    game.events.subscribe(GameEnded, ended.append)
    game.play("draw")  # seat 1 scores 20: total 100 >= 100
    assert game.is_over
    assert game.scores == (3, 100)
    result = game.result
    assert result is not None and result.winners == (0,)
    assert ended and ended[0].result == result  # type: ignore[attr-defined]
    assert isinstance(result, Result) and result.hands_played == 1


def test_mv09_session_continues_below_the_threshold() -> None:
    game = position(["5S", "KS KH"], stock="AC", rules=Rules(players=2), totals=[3, 79])
    game.play("draw")
    assert not game.is_over and game.hand_number == 2 and game.scores == (3, 99)
    assert all(len(h) == 13 for h in game.hands)


def test_mv09_single_deal_winner_scores_the_others_points() -> None:
    rules = Rules(players=3, mode="single_deal")
    game = position(["JS", "KS", "5C 5D"], table="[JH JD JC]", rules=rules)
    game.play("play JS: [JS JH JD JC]")
    assert game.scores == (20, 0, 0)
    result = game.result
    assert result is not None and result.winners == (0,) and result.ranking[0] == (0,)


# -- MV-10 -------------------------------------------------------------------------------
def test_mv10_anyone_may_use_any_table_card() -> None:
    game = position(["9S 9H 9D 9C 2D", "10S 8S 2C"], rules=Rules(players=2))
    game.play("play 9S 9H 9D 9C: [9S 9H 9D 9C]")  # seat 0 lays a group
    with pytest.raises(IllegalMoveError):
        game.play("play 10S 8S: [8S 9S 10S]")  # seat 1 may not drop 9H 9D 9C
    game.play("play 10S 8S: [8S 9S 10S] [9H 9D 9C]")  # but may use seat 0's 9S
    assert game.hands[1] == (Card.parse("2C"),)


# -- MV-11 -------------------------------------------------------------------------------
OPEN36 = Rules(players=2, initial_meld_min=36)


def test_mv11_opening_needs_36_from_new_melds() -> None:
    game = position(["QS QH QD 2C 3C 4C 9S", "KC"], table="[4S 5S 6S]", rules=OPEN36)
    with pytest.raises(IllegalMoveError, match="worth 30, less than 36"):
        game.play("play QS QH QD: [4S 5S 6S] [QS QH QD]")
    game.play("play QS QH QD 2C 3C 4C: [4S 5S 6S] [QS QH QD] [2C 3C 4C]")
    assert game.opened == (True, False)


def test_mv11_opening_may_not_touch_the_table() -> None:
    game = position(["QS QH QD 7S 3S", "KC"], table="[4S 5S 6S]", rules=OPEN36)
    with pytest.raises(IllegalMoveError, match="opening play may not change"):
        game.play("play QS QH QD 7S: [4S 5S 6S 7S] [QS QH QD]")
    with pytest.raises(IllegalMoveError, match="opening play may not change"):
        game.play("play QS QH QD 3S: [3S 4S 5S 6S] [QS QH QD]")


def test_mv11_after_opening_the_player_is_free_and_may_go_out_opening() -> None:
    game = position(["7S", "KC QC JC 10C"], table="[4S 5S 6S]", rules=OPEN36,
                    opened=[True, False])
    game.play("play 7S: [4S 5S 6S 7S]")  # opened: extending is fine; and that went out
    assert game.is_over is False and game.hand_number == 2
    out = position(["KC QC JC 10C", "2S"], rules=Rules(players=2, initial_meld_min=36, mode="single_deal"))
    out.play("play KC QC JC 10C: [10C JC QC KC]")
    assert out.is_over and out.last_winners == (0,)


def test_mv11_joker_counts_as_the_card_it_represents() -> None:
    rules = Rules(players=2, initial_meld_min=36, jokers=2)
    game = position(["KC QC JK 10C 2S", "3S"], rules=rules)
    game.play("play KC QC JK 10C: [10C JK=JC QC KC]")
    assert game.opened[0]


def test_mv11_listed_moves_respect_the_opening() -> None:
    game = position(["QS QH QD KS KH KD 2C", "3C"], table="[4S 5S 6S]", rules=OPEN36)
    plays = [m for m in game.legal_moves() if isinstance(m, Play)]
    assert plays == []  # no single new meld of three is worth 36


# -- MV-12 -------------------------------------------------------------------------------
J2 = Rules(players=2, jokers=2)


def test_mv12_joker_with_declared_card_round_trips() -> None:
    game = position(["JK 8H 8D 2C", "3C"], rules=J2)
    move = Move.parse("play JK 8H 8D: [8H 8D JK=8C]")
    assert Move.parse(str(move)) == move
    game.play(move)
    assert format_table(game.table) == "[8H 8D JK=8C]"


def test_mv12_two_natural_cards_per_meld() -> None:
    game = position(["JK JK 8H 2C", "3C"], rules=Rules(players=2, jokers=4))
    with pytest.raises(IllegalMoveError, match="fewer than 2 natural"):
        game.play("play JK JK 8H: [8H JK=8D JK=8C]")
    loose = position(["JK JK 8H 2C", "3C"], rules=Rules(players=2, jokers=4, min_natural_per_combination=1))
    loose.play("play JK JK 8H: [8H JK=8D JK=8C]")


def test_mv12_group_declared_suit_must_differ() -> None:
    game = position(["JK 8H 8D 2C", "3C"], rules=J2)
    with pytest.raises(IllegalMoveError, match="two identical cards"):
        game.play("play JK 8H 8D: [8H 8D JK=8H]")


def test_mv12_swap_joker_for_its_natural_card() -> None:
    game = position(["8C 2C", "3C"], table="[8H 8D JK=8C]", rules=J2)
    game.play("play 8C: [8H 8D 8C]")
    assert Counter(game.hands[0]) == Counter([Card.parse("2C"), JOKER])
    assert game.known_jokers == (1, 0)
    assert game.view(1).known_jokers == (1, 0)


def test_mv12_swap_and_replay_the_joker_same_turn() -> None:
    game = position(["8C 5S 6S 2C", "3C"], table="[8H 8D JK=8C]", rules=J2)
    game.play("play 8C 5S 6S: [8H 8D 8C] [5S 6S JK=7S]")
    assert game.hands[0] == (Card.parse("2C"),)


def test_mv12_a_joker_cannot_leave_without_its_natural_card() -> None:
    game = position(["8S 2C", "3C"], table="[8H 8D JK=8C]", rules=J2)
    with pytest.raises(IllegalMoveError, match="joker"):
        game.play("play 8S: [8H 8D 8S]")


def test_mv12_joker_penalty_in_hand() -> None:
    assert hand_value([JOKER, Card.parse("AS")], J2) == 26
    game = position(["JS", "JK 2C", "3C"], table="[JH JD JC]", rules=Rules(players=3, jokers=2, mode="single_deal"))
    game.play("play JS: [JS JH JD JC]")
    assert game.last_points == (0, 27, 3)


def test_mv12_jokers_off_means_no_jokers() -> None:
    game = position(["8H 8D 2C", "3C"])
    with pytest.raises(IllegalMoveError, match="jokers are not in play|from nowhere"):
        game.play("play 8H 8D: [8H 8D JK=8C]")


# -- MV-13 -------------------------------------------------------------------------------
def test_mv13_three_decks_groups_still_four_distinct_suits() -> None:
    rules = Rules(players=5, decks=3)
    game = position(["8H 2C", "3C", "4C", "5C", "6C"], table="[8H 8D 8C] [8H 8S 8C]", rules=rules)
    with pytest.raises(IllegalMoveError, match="identical"):
        game.play("play 8H: [8H 8H 8D 8C] [8H 8S 8C]")
    assert len(full_deck(rules)) == 156


# -- MV-14 -------------------------------------------------------------------------------
def test_mv14_timeout_is_a_forfeit() -> None:
    game = position([S1_HAND, "3C"], table=S1_TABLE, stock="KD QD")
    assert Move.parse("forfeit timeout") == Forfeit(ForfeitReason.TIMEOUT)
    game.play("forfeit timeout")
    assert game.hands[0][-1] == Card.parse("KD") and format_table(game.table) == S1_TABLE


# -- MV-15 -------------------------------------------------------------------------------
def test_mv15_solver_bot_plays_the_best_play() -> None:
    game = position([S1_HAND, "3C"], table=S1_TABLE)
    move = SolverBot().choose(game.view(0))
    assert isinstance(move, Play) and Counter(move.cards) == Counter(cards("7H 7D JS"))
    game.play(move)
    best = solve(parse_table(S1_TABLE), cards(S1_HAND))
    assert best is not None and best.count == 3


# -- MV-16 -------------------------------------------------------------------------------
def test_mv16_listed_family() -> None:
    game = position(["3S 7S 8D 9D 10D JK", "2C"], table="[4S 5S 6S] [8H 8S 8C]", rules=J2)
    listed = [str(m) for m in game.legal_moves()]
    assert listed[:2] == ["draw", "forfeit gave_up"]
    assert "play 3S: [3S 4S 5S 6S] [8S 8H 8C]" in listed
    assert "play 7S: [4S 5S 6S 7S] [8S 8H 8C]" in listed
    assert "play 8D: [4S 5S 6S] [8S 8H 8D 8C]" in listed
    assert "play JK: [4S 5S 6S JK=7S] [8S 8H 8C]" in listed
    assert "play 8D 9D 10D: [4S 5S 6S] [8S 8H 8C] [8D 9D 10D]" in listed
    assert "play 8D 9D JK: [4S 5S 6S] [8S 8H 8C] [8D 9D JK=10D]" in listed
    for m in game.legal_moves():
        game.check_move(m)
    unlisted = "play 3S 7S: [3S 4S 5S 6S 7S] [8S 8H 8C]"
    assert unlisted not in listed and game.is_legal(unlisted)
    assert find_game("machiavelli").complete_moves is False


def test_mv16_no_draw_listed_with_an_empty_stock() -> None:
    game = position(["2C", "3C"], stock="")
    assert [str(m) for m in game.legal_moves()] == ["forfeit gave_up"]
    with pytest.raises(IllegalMoveError, match="stock is empty"):
        game.play("draw")
    game.play("forfeit")
    assert game.hand_number == 2
