"""One or more example tests per ruling of ranzo.md (RZ-01 .. RZ-16) and the worked examples."""

from __future__ import annotations

import pytest

from naipes import Card, IllegalMoveError, InvalidStateError, NotationError, spanish_deck
from naipes.events import Event
from naipes.ranzo import (
    CardDrawn,
    ClaimResolved,
    Game,
    JuegoLaid,
    Move,
    Phase,
    PointsPaid,
    RanzoCalled,
    Rules,
    value_hand,
)
from ranzo.helpers import answer, cards, position


def test_rz01_deck_48_by_default_and_40_variant() -> None:
    g = Game(seed=1)
    assert len(g.cards) == 48 and Card.parse("9e") in g.cards
    g40 = Game(Rules(deck=40), seed=1)
    assert len(g40.cards) == 40 and Card.parse("8o") not in g40.cards
    assert g.stock_size == 48 - 20 - 1  # seat 0 has drawn already


def test_rz01_seven_and_sota_consecutive_only_in_40() -> None:
    hand = "6o 7o 10o 2c 2e 2b"
    g40 = position(Rules(deck=40), hands={0: hand}, turn=0)
    assert "ranzo" in map(str, g40.legal_moves())
    g48 = position(hands={0: hand}, turn=0)
    assert "ranzo" not in map(str, g48.legal_moves())


def test_rz02_deal_order_first_player_and_stock() -> None:
    deck = spanish_deck(48)
    g = Game(deck=deck)
    # dealer seat 3; card k goes to seat (3 + 1 + k) mod 4 = k mod 4
    for s in range(4):
        assert g.hands[s][:5] == tuple(deck[s:20:4])
    assert g.to_act == (0,) and g.dealer == 3
    assert g.hands[0][5] == deck[20]  # seat 0 drew the top of the stock
    assert g.stock[0] == deck[21]


def test_rz02_dealer_option_and_rotation() -> None:
    g = Game(dealer=1, seed=4)
    assert g.to_act == (2,)
    # a round that ends at once (empty stock): the next dealer is the seat to the right
    deck = list(spanish_deck(48))
    hands = [deck[5 * s:5 * s + 5] for s in range(4)]
    g = Game.from_position(Rules(rounds=3), hands=hands, discards=deck[20:], dealer=2, seed=5)
    assert g.hand_number == 2 and g.dealer == 3 and g.to_act == (0,)


def test_rz03_turn_draws_then_discards_own_drawn_card() -> None:
    g = position(hands={0: "1o 5c 9e 12b 3c"}, stock="7b 2o", turn=0)
    assert g.hands[0][-1] == Card.parse("7b")
    g.play("discard 7b")
    assert g.discards[-1] == Card.parse("7b") and g.phase is Phase.WINDOW


def test_rz03_open_juego_never_discarded_and_no_taking_discards() -> None:
    g = position(hands={0: "9e 12b 5c"}, open_juegos=[["1o 2o 3o"], [], [], []], stock="7b", turn=0)
    with pytest.raises(IllegalMoveError, match="open juego"):
        g.play("discard 2o")
    with pytest.raises(NotationError):
        Move.parse("take 7b")


def test_rz04_juegos_exactly_three_no_four_no_wrap() -> None:
    rules = Rules()
    assert value_hand(rules, (), cards("7o 7c 7e 7b 1o 2o")) is None
    assert value_hand(rules, (), cards("11o 12o 1o 5c 5e 5b")) is None
    assert value_hand(rules, (), cards("10o 11o 12o 5c 5e 5b")) is not None
    g = position(hands={0: "7o 7c 7e 7b 1o 2o"}, turn=0)
    assert "ranzo" not in map(str, g.legal_moves())


def test_rz05_ranzo_optional_and_only_at_six_cards() -> None:
    g = position(hands={0: "3o 4o 5o 7c 7e 7b"}, turn=0)
    assert "ranzo" in map(str, g.legal_moves())
    g.play("discard 7b")  # keeps playing instead
    assert g.phase is Phase.WINDOW
    with pytest.raises(IllegalMoveError):
        g.play("ranzo", 1)


def test_rz05_after_envido_any_split_of_the_six_cards() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 7o", 1: "5o 6o 7c 7e 4o"}, turn=0)
    g.play("discard 7o")
    answer(g, p1="envido 5o 6o", p2="pass", p3="pass")
    assert g.phase is Phase.STEAL and g.to_act == (1,)
    assert g.legal_moves()[0] == Move.parse("ranzo")
    assert Move.parse("discard 5o") not in g.legal_moves()  # the juego's cards stay
    seen: list[Event] = []
    g.events.subscribe(Event, seen.append)
    g.play("ranzo")
    called = next(e for e in seen if isinstance(e, RanzoCalled))
    assert [" ".join(map(str, j)) for j in called.split] == ["4o 5o 6o", "7o 7c 7e"]
    assert called.from_claim and g.scores == (27, 33, 30, 30)


def test_rz06_window_for_the_three_others_even_on_the_last_stock_card() -> None:
    g = position(Rules(rounds=1), hands={1: "1c 9e 12b 3c 11e"}, stock="2b", turn=1)
    assert g.stock_size == 0 and g.to_act == (1,)
    g.play("discard 2b")
    assert g.to_act == (0, 2, 3) and g.phase is Phase.WINDOW
    with pytest.raises(IllegalMoveError):
        g.play("pass", 1)  # the discarder cannot claim
    answer(g, p0="pass", p2="pass", p3="pass")
    assert g.is_over  # RZ-11: P2 must draw from the empty stock


def test_rz06_no_window_after_a_claims_discard() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o", 1: "2c 10b 4e 6b 8c"}, turn=0)
    g.play("discard 5o")
    answer(g, p1="truco 10b", p2="pass", p3="pass")
    # the truco's shown card was discarded automatically (no Ranzo possible); no window on it
    assert g.discards[-1] == Card.parse("10b")
    assert g.phase is Phase.TURN and g.to_act == (1,)


def test_rz07_envido_legal_only_on_a_completed_juego() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o", 1: "4o 6o 5c 5e 2b", 2: "3o 4b 8e 10c 11b"}, turn=0)
    g.play("discard 5o")
    assert Move.parse("envido 4o 6o") in g.legal_moves(1)
    assert Move.parse("envido 5c 5e") in g.legal_moves(1)
    with pytest.raises(IllegalMoveError, match="RZ-07"):
        g.play("envido 4o 5c", 1)
    with pytest.raises(IllegalMoveError, match="RZ-07"):
        g.play("envido 3o 4o", 2)  # 4o is not P2's


def test_rz07_winner_lays_the_juego_in_rank_order_and_discards() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o", 1: "6o 4o 5c 8e 2b"}, turn=0)
    g.play("discard 5o")
    seen: list[Event] = []
    g.events.subscribe(Event, seen.append)
    answer(g, p1="envido 6o 4o", p2="pass", p3="pass")
    assert [str(m) for m in g.legal_moves()] == ["discard 5c", "discard 8e", "discard 2b"]
    g.play("discard 8e")
    assert g.opens[1] == (cards("4o 5o 6o"),)
    assert any(isinstance(e, JuegoLaid) for e in seen)
    assert g.hands[1][:2] == cards("5c 2b") and g.to_act == (1,)  # P1 draws next (RZ-10)


def test_rz07_second_envido_is_made_together_with_ranzo() -> None:
    g = position(hands={0: "1o 9e 12b 4c 11e 10o", 1: "8o 9o"},
                 open_juegos=[[], ["1c 2c 3c"], [], []], turn=0)
    g.play("discard 10o")
    assert Move.parse("envido 8o 9o") in g.legal_moves(1)
    answer(g, p1="envido 8o 9o", p2="pass", p3="pass")
    assert g.hand_log[-1][:3] == (1, 3, ())
    assert g.scores[:2] == (27, 33)


def test_rz08_truco_needs_a_strictly_higher_number() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o", 1: "5c 4e 6b 2b 12e"}, turn=0)
    g.play("discard 5o")
    legal = set(map(str, g.legal_moves(1)))
    assert {"truco 6b", "truco 12e"} <= legal and "truco 5c" not in legal
    with pytest.raises(IllegalMoveError, match="higher than 5"):
        g.play("truco 5c", 1)


def test_rz08_truco_winner_discards_the_shown_card_losers_shown_cards_public() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o", 1: "2c 10b 4e 6b 8c", 2: "7c 2e 3e 9b 1e"}, turn=0)
    g.play("discard 5o")
    answer(g, p1="truco 10b", p2="truco 7c", p3="pass")
    assert g.discards[-1] == Card.parse("10b")
    assert Card.parse("5o") in g.hands[1]
    v3 = g.view(3)
    assert Card.parse("7c") in v3.known_by_seat[2] and Card.parse("5o") in v3.known_by_seat[1]
    assert Card.parse("7c") in v3.known


def test_rz08_truco_winner_may_call_ranzo_instead() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o", 1: "3o 4o 7c 7e 7b"}, turn=0)
    g.play("discard 5o")
    answer(g, p1="truco 7b", p2="pass", p3="pass")
    assert [str(m) for m in g.legal_moves()] == ["ranzo", "discard 7b"]


def test_rz09_envido_beats_truco_and_nearest_envido_wins() -> None:
    hands = {0: "1c 9e 12b 3c 11e 5o", 1: "12e 2c 9c 8b 1b", 2: "4o 6o 2e 10e 1e", 3: "5c 5e 3b 4b 6e"}
    g = position(hands=hands, turn=0)
    g.play("discard 5o")
    answer(g, p1="truco 12e", p2="envido 4o 6o", p3="envido 5c 5e")
    assert g.stealer == 2 and g.claim == Move.parse("envido 4o 6o")


def test_rz09_truco_tie_goes_to_the_nearest_and_variant_nearest_wins() -> None:
    hands = {0: "1c 9e 12b 3c 11e 5o", 1: "12e 2c 9c 8b 1b", 2: "4o 6o 2e 10e 1e", 3: "5c 5e 3b 4b 12o"}
    g = position(Rules(envido_beats_truco=False), hands=hands, turn=0)
    g.play("discard 5o")
    seen: list[Event] = []
    g.events.subscribe(ClaimResolved, seen.append)
    answer(g, p1="truco 12e", p2="envido 4o 6o", p3="truco 12o")
    assert seen[0].winner == 1  # nearest counter-clockwise, whatever the claim
    assert seen[0].shown == ((1, Card.parse("12e")), (3, Card.parse("12o")))


def test_rz09_illegal_claim_rejected_and_seat_still_answers() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o", 1: "2c 10b 4e 6b 8c"}, turn=0)
    g.play("discard 5o")
    before = g.to_dict()
    with pytest.raises(IllegalMoveError):
        g.play("truco 2c", 1)
    assert g.to_dict() == before and 1 in g.to_act


def test_rz10_next_turn_after_the_discarder_even_for_the_stealer() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o", 2: "2c 10b 4e 6b 8c"}, turn=0)
    g.play("discard 5o")
    answer(g, p1="pass", p2="truco 10b", p3="pass")
    assert g.to_act == (1,)


def test_rz10_variant_after_stealer() -> None:
    g = position(Rules(after_steal_next="after_stealer"), hands={0: "1c 9e 12b 3c 11e 5o",
                                                                  2: "2c 10b 4e 6b 8c"}, turn=0)
    g.play("discard 5o")
    answer(g, p1="pass", p2="truco 10b", p3="pass")
    assert g.to_act == (3,)


def test_rz11_no_winner_when_the_stock_runs_out() -> None:
    g = position(Rules(rounds=1), hands={0: "1c 9e 12b 3c 11e"}, stock="2b", turn=0)
    g.play("discard 2b")
    answer(g, p1="pass", p2="pass", p3="pass")
    assert g.is_over and g.hand_log == ((None, 0, (), ()),) and g.scores == (30,) * 4


def test_rz12_value_is_the_best_split() -> None:
    # 1o 1c 1e + 2o 3o 4o... a split with a trío de ases beats one without
    hv = value_hand(Rules(), (), cards("1o 1c 1e 2e 3e 4e"))
    assert hv is not None and hv.value == 6 and hv.specials == ("trio_de_ases",)
    hv = value_hand(Rules(players=3), (), cards("2o 3o 4o 2c 3c 4c 2e 3e 4e"))
    assert hv is not None and hv.value == 4  # mellizos beats three tríos (regular)


def test_rz13_stock_ranzo_culprits_pay_floor_at_zero() -> None:
    g = position(hands={2: "3o 4o 5o 7c 7e 7b"}, turn=2, balances=[0, 1, 30, 30])
    seen: list[Event] = []
    g.events.subscribe(PointsPaid, seen.append)
    g.play("ranzo")
    assert seen[0].payments == ((3, 1, 1), (0, 1, 0), (1, 1, 1))
    assert g.scores[:3] == (0, 0, 32)


def test_rz13_uneven_custom_value_first_culprits_from_the_winner_pay_more() -> None:
    g = position(Rules(value_regular=4), hands={2: "3o 4o 5o 7c 7e 7b"}, turn=2)
    g.play("ranzo")
    assert g.scores[:4] == (29, 29, 34, 28)


def test_rz13_claim_ranzo_only_the_discarder_pays_and_not_below_zero() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 7o", 1: "5o 6o 7c 7e 4o"}, turn=0, balances=[2, 30, 30, 30])
    g.play("discard 7o")
    answer(g, p1="envido 5o 6o", p2="pass", p3="pass")
    g.play("ranzo")
    assert g.scores == (0, 32, 30, 30)


def test_rz14_starting_points_rounds_and_ranking() -> None:
    g = Game(seed=3)
    assert g.scores == (30,) * 4 and g.rules.num_rounds == 8
    assert Game(Rules(starting_points=10, rounds=2), seed=3).scores == (10,) * 4
    r = position(Rules(rounds=1), hands={2: "3o 4o 5o 7c 7e 7b"}, turn=2)
    r.play("ranzo")
    res = r.result
    assert res is not None and res.ranking == ((2,), (0, 1, 3)) and res.winners == (2,)


def test_rz15_three_players_deal_eight_three_juegos_values_two_and_four() -> None:
    g = Game(Rules(players=3), seed=2)
    assert [len(h) for h in g.hands] == [9, 8, 8] and g.stock_size == 48 - 24 - 1
    rules = Rules(players=3)
    g = position(rules, hands={1: "3o 4o 5o 7c 7e 7b 10e 11e 12b"}, turn=1)
    assert "ranzo" not in map(str, g.legal_moves())
    g = position(rules, hands={1: "3o 4o 5o 7c 7e 7b 10e 11e 12e"}, turn=1)
    g.play("ranzo")
    assert g.scores == (28, 34, 28)  # a Real: 4 points, 2 culprits


def test_rz15_third_envido_goes_with_ranzo() -> None:
    rules = Rules(players=3)
    g = position(rules, hands={0: "1c 9e 12b 3c 11e 6c 2b 2e 10o", 1: "8o 9o"},
                 open_juegos=[[], ["1o 1e 1b", "5b 6b 7b"], []], turn=0)
    g.play("discard 10o")
    answer(g, p1="envido 8o 9o", p2="pass")
    assert g.hand_log[-1][:3] == (1, 4, ("trio_de_ases",)) and g.scores[0] == 26


def test_rz16_team_totals_and_ranking() -> None:
    rules = Rules(teams=True, rounds=1)
    g = position(rules, hands={2: "3o 4o 5o 7c 7e 7b"}, turn=2)
    assert g.sides == ((0, 2), (1, 3))
    g.play("ranzo")
    assert g.team_totals == (29 + 33, 29 + 29)
    res = g.result
    assert res is not None and res.ranking == ((0, 2), (1, 3)) and res.scores == (62, 58)


def test_rz_s2_ranzo_from_the_stock_regular() -> None:
    g = position(hands={2: "3o 4o 5o 7c 7e 7b"}, turn=2)
    g.play("ranzo")
    assert g.scores == (29, 29, 33, 29)


def test_rz_s3_real_is_special() -> None:
    g = position(hands={1: "10c 11c 12c 2o 2e 2b"}, turn=1)
    g.play("ranzo")
    assert g.scores == (28, 36, 28, 28)


def test_rz_s7_truco_contest() -> None:
    hands = {0: "1c 4e 12b 3c 11e 5o", 1: "9e 2c 3b 8b 1b", 2: "11c 6c 2e 10e 1e", 3: "11b 1o 3e 4b 6e"}
    g = position(hands=hands, turn=0)
    g.play("discard 5o")
    answer(g, p1="truco 9e", p2="truco 11c", p3="truco 11b")
    assert g.discards[-1] == Card.parse("11c")  # P2 won and discarded the shown card
    assert Card.parse("5o") in g.hands[2]
    assert Card.parse("9e") in g.hands[1] and Card.parse("11b") in g.hands[3]
    assert g.to_act == (1,)
    v0 = g.view(0)
    assert {Card.parse("9e"), Card.parse("11b"), Card.parse("5o")} <= set(v0.known)


def test_draws_are_private_to_the_drawer() -> None:
    g = position(hands={0: "1c 9e 12b 3c 11e 5o"}, stock="7b 2o", turn=0)
    seen: list[Event] = []
    g.events.subscribe(Event, seen.append)
    g.play("discard 5o")
    answer(g, p1="pass", p2="pass", p3="pass")
    drawn = [e for e in seen if isinstance(e, CardDrawn)]
    assert drawn and all(e.private_to == e.seat == 1 and e.card is not None for e in drawn)
    assert all(e.visible_to(0) == CardDrawn(seat=1, card=None, stock_size=e.stock_size, private_to=1)
               for e in drawn)
    assert drawn[0].visible_to(1) is drawn[0] and drawn[0].stock_size == 1


def test_from_position_rejects_impossible_positions() -> None:
    with pytest.raises(InvalidStateError):
        position(hands={0: "1c 9e 12b 3c"}, turn=1)
    with pytest.raises(InvalidStateError):
        Game.from_position(hands=["1o 2o 3o 4o 5o"] * 4)


def test_rz09_a_claim_that_makes_ranzo_has_no_precedence() -> None:
    hands = {0: "1c 9e 12b 3c 11e 5o", 1: "12e 2c 9c 8b 1b", 2: "3o 4o 7c 7e 7b"}
    g = position(hands=hands, turn=0)
    g.play("discard 5o")
    answer(g, p1="truco 12e", p2="truco 7b", p3="pass")  # P2's truco would make a Ranzo
    assert g.hand_log == () and g.discards[-1] == Card.parse("12e")


def test_rz16_partners_can_be_culprits() -> None:
    g = position(Rules(teams=True), hands={0: "3o 4o 5o 7c 7e 7b"}, turn=0)
    g.play("ranzo")
    assert g.balances == (33, 29, 29, 29) and g.scores == g.team_totals == (62, 58)
