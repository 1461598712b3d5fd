"""One or more example tests per ruling of machuco.md (MC-01 … MC-24) and its worked examples."""

from __future__ import annotations

import pytest

from naipes import Card, IllegalMoveError, NotationError, RandomBot, RulesError, play_game
from naipes.cards import SPANISH_40
from naipes.machuco import (
    CanteResolved,
    CardsDealt,
    Category,
    DealEnded,
    Envio,
    Game,
    HandEnded,
    HandStarted,
    LeftoversTaken,
    MajoMade,
    Phase,
    Rules,
    scoring,
)
from naipes.machuco.events import Reason

from ._helpers import awards, cards, deck_order, fill, game_with, listen, pile, position, table

TWO = Rules(players=2, scope="hand")
FOUR = Rules(scope="hand")
SOLO = Rules(teams=False, scope="hand")


def play(game: Game, *moves: str) -> None:
    for m in moves:
        game.play(m)


# ----------------------------------------------------------------------------- MC-01
def test_mc01_deck_is_40_cards_and_7_10_are_consecutive() -> None:
    game = Game(TWO, seed=5)
    assert sum(len(z) for z in game.zones().values()) == 40
    assert not any(c.rank in (8, 9) for z in game.zones().values() for c in z)
    assert scoring.capture_ranks(7, [7, 10, 11]) == (7, 10, 11)
    assert scoring.capture_ranks(11, [11, 12, 1, 2]) == (11, 12)  # no wrap


@pytest.mark.parametrize("seed", range(25))
def test_mc01_mc03_dealer_draw_highest_card_ties_redraw(seed: int) -> None:
    game = Game(FOUR, seed=seed)
    rounds = game.dealer_draw
    assert rounds
    for before, after in zip(rounds, rounds[1:]):
        best = max(SPANISH_40.index(c.rank) for _, c in before)
        assert [s for s, _ in after] == [s for s, c in before if SPANISH_40.index(c.rank) == best]
    last = rounds[-1]
    best = max(SPANISH_40.index(c.rank) for _, c in last)
    assert [s for s, c in last if SPANISH_40.index(c.rank) == best] == [game.dealer]


# ----------------------------------------------------------------------------- MC-02
def test_mc02_sides_and_seating() -> None:
    assert Game(TWO, seed=1).sides == ((0,), (1,))
    assert Game(FOUR, seed=1).sides == ((0, 2), (1, 3))
    assert Game(SOLO, seed=1).sides == ((0,), (1,), (2,), (3,))
    with pytest.raises(RulesError):
        Rules(players=3)


def test_mc02_teammates_share_pile_and_score() -> None:
    hands = [["3c", "6c", "10c"], ["4o", "11e", "1c"], ["3b", "6b", "12c"], ["4e", "11b", "1e"]]
    game, events = game_with(FOUR, [[" ".join(h) for h in hands]])
    play(game, "3c", "4o", "3b")  # seat 2 captures 3c 4o and the 5o above them for side 0
    assert pile(game, 0) == ["5o", "3c", "4o", "3b"]
    play(game, "4e", "6c")  # seat 0 throws; the pile stays the side's
    assert pile(game, 0) == ["5o", "3c", "4o", "3b"] and table(game) == ["11o", "7e", "1b", "4e", "6c"]
    play(game, "11e", "6b")  # seat 1 takes 11o; seat 2 captures 6c and 7e (run) for the same pile
    # the side's one pile grows in order: what it had, the cards taken in table order, the capturing card
    assert pile(game, 0) == ["5o", "3c", "4o", "3b", "7e", "6c", "6b"]
    assert pile(game, 1) == ["11o", "11e"] and table(game) == ["1b", "4e"]
    assert "pile2" not in game.zones() and len(game.scores) == 2


# ----------------------------------------------------------------------------- MC-03
def test_mc03_mano_plays_first_and_turns_run_on_across_deals() -> None:
    game = Game(Rules(players=4, scope="hand"), seed=11, dealer=2)
    assert game.mano == 3 and game.to_act == (3,)
    seats = []
    while not game.is_over:
        seat = game.to_act[0]
        move = game.legal_moves()[0]
        if game.phase is Phase.PLAY:
            seats.append(seat)
        game.play(move)
    assert len(seats) == 36
    assert seats == [(3 + p) % 4 for p in range(36)]


def test_mc03_next_hand_dealt_by_previous_mano_across_chicos() -> None:
    game = Game(Rules(players=4, scope="partido"), seed=3, dealer=0)
    events = listen(game)
    dealers = [game.dealer]
    bots = [RandomBot(s) for s in range(4)]
    play_game(game, bots)
    dealers += [e.dealer for e in events if isinstance(e, HandStarted)]
    assert len(dealers) > 3
    assert all(b == (a + 1) % 4 for a, b in zip(dealers, dealers[1:]))


# ----------------------------------------------------------------------------- MC-04
@pytest.mark.parametrize("players, deals", [(2, 6), (4, 3)])
def test_mc04_deals_per_hand_and_36_plays(players: int, deals: int) -> None:
    game = Game(Rules(players=players, scope="hand"), seed=2)
    seen_deals = {game.view(0).deal_number}
    plays = 0
    while not game.is_over:
        if game.phase is Phase.PLAY:
            plays += 1
        game.play(game.legal_moves()[-1])
        seen_deals.add(game.view(0).deal_number)
    assert plays == 36
    assert max(seen_deals) == deals


def test_mc04_deal_one_card_at_a_time_from_the_mano() -> None:
    order = deck_order(2, 1, deals=[["2o 4c 6e", "10o 12c 1c"]])
    game = Game(TWO, deck=order, dealer=1)
    assert [str(c) for c in order[5:11]] == ["2o", "10o", "4c", "12c", "6e", "1c"]
    assert [str(c) for c in game.view(0).hand] == ["2o", "4c", "6e"]
    assert [str(c) for c in game.view(1).hand] == ["10o", "12c", "1c"]
    assert game.view(0).table == tuple(cards("5o 11o 7e 1b"))


# ----------------------------------------------------------------------------- MC-05
NOFIG = ["2o 4c 6b", "10c 12c 1c"]


def test_mc05_coincidences_and_bien_dada() -> None:
    game = Game(TWO, deck=deck_order(2, 1, "1o 5c 3e 7b", [NOFIG], extra=""), dealer=1)
    assert game.scores == (0, 3)  # positions 1 and 3 match, plus bien dada


def test_mc05_position_variant() -> None:
    rules = Rules(players=2, scope="hand", turnup_match_points="position")
    game = Game(rules, deck=deck_order(2, 1, "1o 2c 6e 4b", [NOFIG], extra=""), dealer=1)
    assert game.scores == (0, 1 + 2 + 4 + 1)


def test_mc05_replacement_to_the_bottom_until_new_number() -> None:
    game = Game(TWO, deck=deck_order(2, 1, "3o 3c 5e 3e", extra="7o 7c 2b"), dealer=1)
    assert table(game) == ["3o", "7o", "5e", "2b"]
    assert [str(c) for c in game.zones()["stock"][-3:]] == ["3c", "3e", "7c"]
    assert game.scores == (0, 0)  # no coincidence, repeats: no bien dada


def test_mc05_scored_as_turned_replacements_never_score() -> None:
    # 1o matches position 1; 1c at position 2 is replaced by 2o, which would match but never scores.
    game = Game(TWO, deck=deck_order(2, 1, "1o 1c 6e 7b", extra="2o"), dealer=1)
    assert table(game) == ["1o", "2o", "6e", "7b"]
    assert game.scores == (0, 1)
    # a repeated card that matched its position still scores its coincidence
    game = Game(TWO, deck=deck_order(2, 1, "2o 2c 6e 7b", extra="5b"), dealer=1)
    assert game.scores == (0, 1)


def test_mc05_chico_can_end_at_the_turn_up() -> None:
    rules = Rules(players=2, scope="chico", malas=1, buenas=1)
    game = Game(rules, deck=deck_order(2, 1, "1o 2c 6e 10b", extra=""), dealer=1)
    assert game.is_over and game.result is not None
    assert game.result.winners == (1,) and game.scores == (0, 2)


# ----------------------------------------------------------------------------- MC-06
def test_mc06_cantes_after_every_deal_public_category_hidden_key() -> None:
    deals = [["2o 2c 6e", "10c 12c 1c"], ["4o 6o 11c", "3b 3c 3o"]]
    game, events = game_with(TWO, deals)
    view = game.view(1)
    assert [(c.seat, c.category, c.value) for c in view.cantes] == [(0, Category.RONDA, 1)]
    assert "2o" not in str(view.to_dict()["cantes"]) and "key" not in str(view.to_dict()["cantes"])
    for _ in range(6):
        game.play(game.legal_moves()[0])
    assert [(c.seat, c.category, c.value) for c in game.view(0).cantes] == [(1, Category.RONDIN, 3)]
    assert any(isinstance(e, CardsDealt) and e.private_to == 1 for e in events)


def test_mc06_sample_respects_announced_cantes() -> None:
    import random

    game, _ = game_with(TWO, [["2o 2c 6e", "10c 12c 1c"]])
    view = game.view(1)
    rng = random.Random(3)
    for _ in range(30):
        world = view.sample(rng)
        hand = world.view(0).hand
        fig = scoring.figure(hand)
        assert fig is not None and fig.category is Category.RONDA and fig.value == 1
        assert world.view(1).to_dict() == view.to_dict()


# ----------------------------------------------------------------------------- MC-07
@pytest.mark.parametrize("hand, category, key, value", [
    ("7o 7c 7e", Category.RONDIN, 7, 3), ("12o 12c 12e", Category.RONDIN, 12, 4),
    ("6o 7c 10e", Category.CARACOL, 10, 4), ("7o 10c 11e", Category.CARACOL, 11, 4),
    ("10o 11c 12e", Category.CARACOL, 12, 6), ("3o 3c 5e", Category.RONDA, 3, 1),
    ("12o 12c 4b", Category.RONDA, 12, 2),
])
def test_mc07_figures(hand: str, category: Category, key: int, value: int) -> None:
    fig = scoring.figure(cards(hand))
    assert fig is not None and (fig.category, fig.key, fig.value) == (category, key, value)


@pytest.mark.parametrize("hand", ["11o 12c 1e", "12o 1c 2e", "1o 3c 5e", "5o 6c 11e"])
def test_mc07_no_figure(hand: str) -> None:
    assert scoring.figure(cards(hand)) is None


# ----------------------------------------------------------------------------- MC-08
@pytest.mark.parametrize("p0, p1, scores", [
    ("12o 12c 4b", "3o 4c 5e", (0, 4)),      # MC-S7 (a)
    ("10o 11c 12e", "7o 7c 7b", (6, 0)),     # MC-S7 (b)
    ("12o 12c 12e", "1o 2c 3e", (0, 4)),     # MC-S7 (c)
    ("2o 2c 6e", "3o 10c 4e", (1, 0)),       # only one side sings
])
def test_mc08_superior_category_paid_at_once(p0: str, p1: str, scores: tuple[int, int]) -> None:
    game, _ = game_with(TWO, [[p0, p1]])
    assert game.scores == scores and game.phase is Phase.PLAY


def test_mc08_partner_lesser_figure_added_to_the_winning_side() -> None:
    game, _ = game_with(FOUR, [["1o 2c 3e", "10o 10c 2e", "6o 6c 4e", "11c 12b 3o"]])
    assert game.scores == (5, 0)


def test_mc08_contested_mayor_higher_key_wins_at_end_of_deal() -> None:
    game, events = game_with(TWO, [["2o 2c 6e", "10o 10c 4e"]])
    assert game.phase is Phase.DECIDE and game.to_act == (0,)
    assert [str(m) for m in game.legal_moves()] == ["mayor", "envio 2", "envio 3", "envio 4", "envio 5"]
    game.play("mayor")
    assert game.to_act == (0,) and game.phase is Phase.PLAY
    for _ in range(6):
        game.play(game.legal_moves()[0])
    resolved = [e for e in events if isinstance(e, CanteResolved)]
    assert [(e.winner, e.points) for e in resolved] == [(1, 1)]
    assert awards(events, Reason.CANTE) == [(1, 1)]


def test_mc08_equal_keys_first_holder_from_mano_wins_and_decider() -> None:
    deals = [["4o 6c 11e", "3o 3c 10b", "3e 3b 12o", "2o 5e 6e"]]
    game, events = game_with(FOUR, deals)
    assert game.phase is Phase.DECIDE and game.to_act == (1,)  # first holder from mano 0
    assert game.view(0).contest is not None and game.view(0).contest.responder == 2
    game.play("mayor")
    for _ in range(12):
        game.play(game.legal_moves()[0])
    assert [(e.winner, e.points) for e in events if isinstance(e, CanteResolved)] == [(1, 1)]


# ----------------------------------------------------------------------------- MC-09
def test_mc09_envio_refused_decider_side_scores_total_now() -> None:
    deals = [["2o 2c 6e", "10o 10c 4e", "3o 3c 11e", "1o 5e 12e"]]
    game, events = game_with(FOUR, deals)
    game.play("envio 4")
    assert game.phase is Phase.RESPOND and game.to_act == (1,)
    game.play("no quiero")
    assert awards(events) == [(0, 2)] and game.phase is Phase.PLAY and game.to_act == (0,)


def test_mc09_envio_accepted_winner_scores_exactly_n() -> None:
    deals = [["2o 2c 6e", "10o 10c 4e", "3o 3c 11e", "1o 5e 12e"]]
    game, events = game_with(FOUR, deals)
    play(game, "envio 4", "quiero")
    for _ in range(12):
        game.play(game.legal_moves()[0])
    assert [(e.winner, e.points) for e in events if isinstance(e, CanteResolved)] == [(1, 4)]
    assert awards(events, Reason.ENVIO) == [(1, 4)]


def test_mc09_legal_envios_and_no_decision_without_them() -> None:
    game, _ = game_with(TWO, [["2o 2c 2e", "10o 10c 10e"]])
    assert [str(m) for m in game.legal_moves()] == ["mayor", "envio 4", "envio 5"]
    for bad in ("envio 3", "envio 6", "quiero", "2o"):
        with pytest.raises(IllegalMoveError):
            game.play(bad)
    game, _ = game_with(TWO, [["1o 2c 3e", "4o 5e 6e"]])
    assert [str(m) for m in game.legal_moves()] == ["mayor", "envio 5"]
    game, _ = game_with(Rules(players=2, scope="hand", envio_limit=4), [["1o 2c 3e", "4o 5e 6e"]])
    assert game.phase is Phase.PLAY and len(game.view(0).pending) == 1
    game, _ = game_with(Rules(players=2, scope="hand", envio_enabled=False), [["2o 2c 6e", "10o 10c 4e"]])
    assert game.phase is Phase.PLAY and game.view(0).pending[0].stake == 0


# ----------------------------------------------------------------------------- MC-10
def test_mc10_individual_tie_no_decision_paid_at_end_of_deal() -> None:
    deals = [["2o 2c 6e", "4o 6c 11e", "10o 10c 4e", "1o 5e 12e"]]
    game, events = game_with(SOLO, deals)
    assert game.phase is Phase.PLAY and game.view(0).pending[0].contenders == (0, 2)
    for _ in range(12):
        game.play(game.legal_moves()[0])
    assert [(e.winner, e.points) for e in events if isinstance(e, CanteResolved)] == [(2, 1)]


def test_mc10_individual_sole_top_scores_at_once() -> None:
    game, _ = game_with(SOLO, [["2o 2c 6e", "1o 2e 3e", "10o 10c 4e", "11c 5e 12e"]])
    assert game.scores == (0, 4, 0, 0)


# ----------------------------------------------------------------------------- MC-11
def _contest_then_play(rules: Rules) -> tuple[Game, list[object]]:
    game, events = game_with(rules, [["2o 2c 6e", "10o 10c 4e"]])
    game.play("mayor")
    return game, events  # type: ignore[return-value]


def test_mc11_paid_at_end_of_deal_before_next_deal() -> None:
    game, events = _contest_then_play(TWO)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    kinds = [type(e).__name__ for e in events]
    i = kinds.index("CanteResolved")
    assert kinds[i - 1] == "DealEnded" and "CardsDealt" in kinds[i + 1:]


def test_mc11_end_of_hand_variant() -> None:
    game, events = _contest_then_play(Rules(players=2, scope="hand", contested_cante_resolution="end_of_hand"))
    while not game.is_over:
        game.play(game.legal_moves()[0])
    kinds = [type(e).__name__ for e in events]
    i = kinds.index("CanteResolved")
    assert kinds.count("DealEnded") == 6 and i > max(j for j, k in enumerate(kinds) if k == "DealEnded")
    assert i < kinds.index("CardsCounted")


def test_mc11_pending_cante_void_when_the_chico_ends() -> None:
    rules = Rules(players=2, scope="chico", malas=1, buenas=1)
    game, events = game_with(rules, [["3b 7c 7o", "7b 10c 10o"]], turnup="3o 4c 5e 5b", extra="6o")
    assert table(game) == ["3o", "4c", "5e", "6o"] and game.scores == (0, 0)
    play(game, "mayor", "3b", "7b", "7c")  # limpia, throw, majo: 2 points end the chico
    assert game.is_over and game.scores == (2, 0)
    assert not [e for e in events if isinstance(e, CanteResolved)]
    assert any(isinstance(e, HandEnded) and e.abandoned for e in events)


# ----------------------------------------------------------------------------- MC-12
def test_mc12_s3_capture_run_through_7_10_stops_at_gap() -> None:
    game, events = position(hands=[["6e"], ["3b"]], table=["6o", "7c", "10e", "11b", "2o"])
    game.play("6e")
    assert table(game) == ["2o"] and pile(game, 0) == ["6o", "7c", "10e", "11b", "6e"]
    assert awards(events) == []


def test_mc12_s4_no_pair_no_capture_aces_and_no_wrap() -> None:
    game, events = position(hands=[["2e", "5o"], ["12c", "6o"]], table=["3o", "4c", "12b", "1e"])
    game.play("2e")
    assert table(game) == ["3o", "4c", "12b", "1e", "2e"]
    game.play("12c")
    assert table(game) == ["3o", "4c", "1e", "2e"] and game.scores == (0, 0)


# ----------------------------------------------------------------------------- MC-13
def test_mc13_s13_capture_not_compulsory_and_no_pass() -> None:
    game, _ = position(hands=[["5c", "11b"], ["1c", "2c"]], table=["5o", "12b"])
    assert [str(m) for m in game.legal_moves()] == ["5c", "11b"]
    twin = game.clone()
    twin.play("11b")
    assert table(twin) == ["5o", "12b", "11b"]
    game.play("5c")
    assert table(game) == ["12b"] and pile(game, 0) == ["5o", "5c"]
    with pytest.raises(NotationError):
        game.play("pass")


def test_mc13_compulsory_capture_variant() -> None:
    rules = Rules(players=2, scope="hand", compulsory_capture=True)
    game, _ = position(rules, hands=[["5c", "11b"], ["1c", "2c"]], table=["5o", "12b"])
    assert [str(m) for m in game.legal_moves()] == ["5c"]
    with pytest.raises(IllegalMoveError, match="compulsory"):
        game.play("11b")


# ----------------------------------------------------------------------------- MC-14
def test_mc14_table_never_repeats_a_number() -> None:
    from naipes.errors import InvalidStateError

    with pytest.raises(InvalidStateError):
        Game.from_position(TWO, hands=[["5c"], ["1c"]], table=["5o", "5e"])
    game = Game(TWO, seed=9)
    while not game.is_over:
        ranks = [c.rank for c in game.zones()["table"]]
        assert len(ranks) == len(set(ranks))
        game.play(game.legal_moves()[-1])


# ----------------------------------------------------------------------------- MC-15
def test_mc15_majo_scores_one_on_top_of_the_capture() -> None:
    game, events = position(hands=[["2e", "12c"], ["2b", "11c"]], table=["3o", "4c", "6b"])
    play(game, "2e", "2b")
    assert awards(events) == [(1, 1)] and table(game) == ["6b"]
    assert [e.label for e in events if isinstance(e, MajoMade)] == ["majo"]


def test_mc15_majo_across_deal_boundary() -> None:
    game, events = position(hands=[[], ["2e"]], table=["6b", "12c"], stock=["2b", "3c", "6o", "7c", "10o", "11c"])
    game.play("2e")
    assert game.to_act == (0,) and [str(c) for c in game.view(0).hand] == ["2b", "6o", "10o"]
    game.play("2b")
    assert awards(events, Reason.MAJO) == [(0, 1)]


def test_mc15_turned_up_card_and_first_play_never_majo() -> None:
    game, events = game_with(TWO, [["5b 4c 6e", "10c 12c 1c"]])
    game.play("5b")  # takes the turned-up 5o
    assert awards(events) == [] and pile(game, 0) == ["5o", "5b"]


def test_mc15_s5b_run_capture_of_thrown_card_is_not_majo() -> None:
    game, events = position(hands=[["6c", "12c"], ["5b", "11c"]], table=["5o"])
    play(game, "6c", "5b")
    assert awards(events) == [(1, 1)] and awards(events, Reason.LIMPIA) == [(1, 1)]


# ----------------------------------------------------------------------------- MC-16
CHAIN = dict(hands=[["2e", "2c", "4c"], ["2b", "2o", "5c"]], table=["3o", "12b"])


def test_mc16_contramajo_and_recontramajo_move_the_stack() -> None:
    game, events = position(**CHAIN)
    play(game, "2e", "2b")
    assert pile(game, 1) == ["3o", "2e", "2b"] and table(game) == ["12b"]
    game.play("2c")
    assert pile(game, 1) == [] and pile(game, 0) == ["3o", "2e", "2b", "2c"] and table(game) == ["12b"]
    game.play("2o")
    assert pile(game, 1) == ["3o", "2e", "2b", "2c", "2o"] and pile(game, 0) == []
    assert awards(events) == [(1, 1), (0, 2), (1, 3)] and game.scores == (2, 4)
    assert [e.label for e in events if isinstance(e, MajoMade)] == ["majo", "contramajo", "recontramajo"]


def test_mc16_last_only_variant() -> None:
    rules = Rules(players=2, scope="hand", majo_chain_scoring="last_only")
    game, events = position(rules, **CHAIN)
    play(game, "2e", "2b", "2c", "2o")
    assert awards(events) == [(1, 3)]
    game, events = position(rules, **CHAIN)
    play(game, "2e", "2b")
    assert awards(events) == []
    game.play("4c")  # not a link: the chain closes, the majo's side scores 1
    assert awards(events) == [(1, 1)]


def test_mc16_chain_only_for_the_next_seat() -> None:
    game, events = position(hands=[["2e", "4c", "6o"], ["2b", "2o", "5c"]], table=["3o", "12b"])
    play(game, "2e", "2b", "4c", "2o")
    assert table(game) == ["12b", "4c", "2o"]  # 2o is a plain throw now
    assert awards(events) == [(1, 1)]


# ----------------------------------------------------------------------------- MC-17
def test_mc17_s5a_majo_y_limpia() -> None:
    game, events = position(hands=[["2e", "12c"], ["2b", "11c"]], table=["3o", "4c"])
    play(game, "2e", "2b")
    assert awards(events) == [(1, 1), (1, 1)] and table(game) == []


def test_mc17_s5c_no_limpia_on_the_last_play() -> None:
    game, events = position(hands=[["2e"], ["2b"]], table=["3o", "4c"])
    assert game.view(0).plays_done == 34
    play(game, "2e", "2b")
    assert awards(events, Reason.MAJO) == [(1, 1)] and awards(events, Reason.LIMPIA) == []
    rules = Rules(players=2, scope="hand", limpia_on_last_play=True)
    game, events = position(rules, hands=[["2e"], ["2b"]], table=["3o", "4c"])
    play(game, "2e", "2b")
    assert awards(events, Reason.LIMPIA) == [(1, 1)]


# ----------------------------------------------------------------------------- MC-18
def test_mc18_limpia_on_last_play_of_an_earlier_deal_counts() -> None:
    game, events = position(hands=[[], ["7b"]], table=["7o", "10c"], stock=["2b", "3c", "6o", "5c", "10o", "11c"])
    game.play("7b")
    assert awards(events, Reason.LIMPIA) == [(1, 1)]


# ----------------------------------------------------------------------------- MC-19
def test_mc19_leftovers_to_the_last_capturer() -> None:
    game, events = position(hands=[["5c"], ["7c"]], table=["5o", "12b"])
    play(game, "5c", "7c")
    assert pile(game, 0) == ["5o", "5c", "12b", "7c"]
    assert [e.side for e in events if isinstance(e, LeftoversTaken)] == [0]


def test_mc19_leftovers_set_aside_when_nobody_captured() -> None:
    game, events = position(hands=[["3c"], ["4c"]], table=["12b"])
    play(game, "3c", "4c")
    assert [str(c) for c in game.zones()["aside"]] == ["12b", "3c", "4c"]
    assert pile(game, 0) == pile(game, 1) == []


# ----------------------------------------------------------------------------- MC-20
def test_mc20_thresholds() -> None:
    assert (Rules().threshold, Rules(players=2).threshold, Rules(teams=False).threshold) == (20, 20, 10)
    assert Rules(players=2, card_threshold=10).threshold == 10


def test_mc20_card_count_from_the_mano_side() -> None:
    piles = fill("3c 4c", 24, 14)
    game, events = position(Rules(players=2, scope="chico"), hands=[["3c"], ["4c"]], piles=piles,
                            scores=[19, 19], last_capturer=1)
    play(game, "3c", "4c")
    assert awards(events, Reason.CARD_COUNT) == [(0, 4)]  # 24-20; side 0 reaches 21 first and wins
    assert game.result is not None and game.result.winners == (0,)


# ----------------------------------------------------------------------------- MC-21
def test_mc21_immediate_win_abandons_the_hand() -> None:
    game, events = position(Rules(players=2, scope="chico"), hands=[["2e", "12c"], ["2b", "11c"]],
                            table=["3o", "6b"], scores=[3, 20])
    play(game, "2e", "2b")
    assert game.is_over and game.scores == (3, 21)
    assert any(isinstance(e, HandEnded) and e.abandoned for e in events)


def test_mc21_end_of_hand_check_and_tie() -> None:
    rules = Rules(players=2, scope="chico", win_check="end_of_hand")
    piles = fill("3c 4c", 19, 19)
    game, _ = position(rules, hands=[["3c"], ["4c"]], piles=piles, scores=[20, 20], last_capturer=0)
    play(game, "3c", "4c")
    assert game.is_over and game.result is not None and game.result.winners == (0,)
    game, _ = position(rules, hands=[["3c"], ["4c"]], piles=piles, scores=[20, 21], last_capturer=0)
    play(game, "3c", "4c")
    assert not game.is_over and game.scores[0] >= 21 and game.hand_number == 2


def test_mc21_points_count_as_they_happen() -> None:
    game, events = position(hands=[["2e", "12c"], ["2b", "11c"]], table=["3o", "4c"])
    play(game, "2e", "2b")
    assert [e.totals for e in events if hasattr(e, "totals")] == [(0, 1), (0, 2)]


# ----------------------------------------------------------------------------- MC-22
def test_mc22_malas_buenas_reading_has_no_effect() -> None:
    assert scoring.reading(10 + 3) == "2 buenas"
    assert scoring.reading(11) == "malas dentro"
    game, _ = position(hands=[["2e", "12c"], ["2b", "11c"]], table=["3o", "4c"], scores=[0, 10])
    play(game, "2e", "2b")
    assert game.view(0).readings == ("0 malas", "1 buenas")


# ----------------------------------------------------------------------------- MC-23
@pytest.mark.parametrize("scope", ["hand", "chico", "partido", "match"])
def test_mc23_scopes_and_bookkeeping(scope: str) -> None:
    game = Game(Rules(players=2, scope=scope), seed=21)  # type: ignore[arg-type]
    events = listen(game)
    result = play_game(game, [RandomBot(1), RandomBot(2)])
    names = [type(e).__name__ for e in events]
    chicos = [e for e in events if type(e).__name__ == "ChicoEnded"]
    partidos = [e for e in events if type(e).__name__ == "PartidoEnded"]
    if scope == "hand":
        assert names.count("HandEnded") == 1
    elif scope == "chico":
        assert len(chicos) == 1 and result.winners == game.sides[chicos[0].winner]
    elif scope == "partido":
        assert len(partidos) == 1 and result.winners == game.sides[partidos[0].winner]
        assert len(chicos) in (2, 3)
    else:
        assert "MatchEnded" in names and max(result.partidos) == 2  # type: ignore[attr-defined]
        assert len(partidos) in (2, 3)
    # chico counts reset after each partido: a loser's single chico is lost
    for e in partidos:
        assert 0 < e.partidos[e.winner]
    for before, after in zip(chicos, chicos[1:]):
        if sum(after.chicos) == 1:
            assert any(isinstance(p, type(partidos[0])) for p in partidos) if partidos else True


def test_mc23_scores_reset_after_a_chico() -> None:
    game = Game(Rules(players=2, scope="partido"), seed=4)
    events = listen(game)
    play_game(game, [RandomBot(1), RandomBot(2)])
    names = [type(e).__name__ for e in events]
    first = names.index("ChicoEnded")
    later = [e for e in events[first:] if type(e).__name__ == "PointsAwarded"]
    assert later and max(later[0].totals) <= later[0].points


# ----------------------------------------------------------------------------- MC-24
def test_mc24_only_decisions_are_asked() -> None:
    game, _ = game_with(TWO, [["2o 2c 6e", "10o 10c 4e"]])
    assert all(isinstance(m, type(game.legal_moves()[0])) or isinstance(m, Envio) for m in game.legal_moves())
    game.play("envio 2")
    assert [str(m) for m in game.legal_moves()] == ["quiero", "no quiero"]
    game.play("quiero")
    assert all(str(m) in {str(c) for c in game.view(0).hand} for m in game.legal_moves())


def test_deal_ended_events_once_per_deal() -> None:
    game = Game(TWO, seed=8)
    events = listen(game)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert [e.deal for e in events if isinstance(e, DealEnded)] == [1, 2, 3, 4, 5, 6]


def test_cards_are_cards() -> None:
    assert isinstance(Game(TWO, seed=1).view(0).hand[0], Card)


def test_mc21_partial_deck_position_ends_with_its_chico() -> None:
    game, _ = position(Rules(players=2), hands=[["2e", "12c"], ["2b", "11c"]], table=["3o", "6b"],
                       scores=[3, 20])
    play(game, "2e", "2b")
    assert game.is_over and game.result is not None and game.result.winners == (1,)
    assert game.scores == (3, 21)
