"""RanzoBot's weights as parameters (naipes.ranzo._policy) and StrongBot's ``play="policy"``."""

from __future__ import annotations

import pytest

from naipes.bots import load_bot
from naipes.errors import UsageError
from naipes.ranzo import Game, RanzoBot, Rules
from naipes.ranzo._phase import PLAY
from naipes.ranzo._policy import DEFAULTS, TUNED, Policy
from naipes.ranzo._tables import tables
from naipes.ranzo.moves import Discard, Pass
from naipes.ranzo.search import FEED_WORLDS, WEIGHTS, StrongBot
from naipes.ranzo.view import _deal_unseen


def _views(seed: int, bots: list[object] | None = None) -> list[object]:
    """Every view with a choice of one RanzoBot round, in order."""
    game = Game(Rules(rounds=1), seed=seed)
    players = bots or [RanzoBot(seed + s) for s in range(4)]
    views = []
    while not game.is_over:
        for seat in sorted(game.to_act):
            if seat in game.to_act:
                view = game.view(seat)
                if len(view.legal_moves) > 1:
                    views.append(view)
                game.play(players[seat].choose(view), seat)  # type: ignore[attr-defined]
    return views


@pytest.mark.parametrize("seed", range(4))
def test_ranzobots_weights_play_ranzobots_moves(seed: int) -> None:
    game = Game(Rules(rounds=1), seed=seed)
    ours, theirs = [Policy(seed + s, DEFAULTS) for s in range(4)], [RanzoBot(seed + s) for s in range(4)]
    while not game.is_over:
        for seat in sorted(game.to_act):
            if seat in game.to_act:
                view = game.view(seat)
                move = theirs[seat].choose(view)
                assert ours[seat].choose(view) == move
                assert ours[seat].choose_in_game(game, seat) == theirs[seat].choose_in_game(game, seat)
                game.play(move, seat)


def test_the_tuned_weights_claim_where_ranzobot_passes() -> None:
    assert TUNED != DEFAULTS and WEIGHTS == TUNED
    differ = claims = 0
    for seed in range(6):
        for view in _views(seed):
            mine, its = Policy(0, TUNED).choose(view), RanzoBot(0).choose(view)  # type: ignore[arg-type]
            differ += mine != its
            claims += isinstance(its, Pass) and not isinstance(mine, Pass)
    assert claims > 0 and differ >= claims


def test_feed_avoids_the_discard_that_hands_another_seat_ranzo() -> None:
    """With ``feed`` the policy weighs each discard by the share of sampled worlds in which
    another seat claims it and calls Ranzo (a share per discard)."""
    checked = 0
    for seed in range(30):
        for view in _views(seed):
            if view.phase is not PLAY:  # type: ignore[attr-defined]
                continue
            policy = Policy(1, {"feed": 100.0}, worlds=8)
            t = tables(48)
            discards = [m for m in view.legal_moves if isinstance(m, Discard)]  # type: ignore[attr-defined]
            fed = policy._fed(view, t, discards, 0)  # type: ignore[arg-type]
            assert set(fed) == {t.bit[m.card] for m in discards}
            assert all(0.0 <= v <= 1.0 + 1e-9 for v in fed.values())
            checked += 1
            if checked > 20:
                return
    assert checked


def test_feed_steers_the_discard_by_the_worlds_dealt() -> None:
    """A deal where another seat's concealed hand waits for one of our cards: ``feed`` keeps it."""
    for seed in range(40):
        for view in _views(seed):
            if view.phase is not PLAY:  # type: ignore[attr-defined]
                continue
            plain = Policy(2).choose(view)  # type: ignore[arg-type]
            card = plain.card  # type: ignore[attr-defined]
            other = (view.seat + 1) % 4  # type: ignore[attr-defined]

            def deal(v, rng, card=card, other=other):  # type: ignore[no-untyped-def]
                hands, stock = _deal_unseen(v, rng)
                t = tables(48)
                # give ``other`` a juego and the two cards that make one with ``card``
                pair = next(iter(t.pairs[card]))
                juego = next(j for j in t.juegos.values() if not set(j) & set(pair) and card not in j)
                hands[other] = [*juego, *pair]
                return hands, stock

            fed = Policy(2, {"feed": 1e6}, worlds=3, deal=deal).choose(view)  # type: ignore[arg-type]
            assert fed != plain
            return
    pytest.fail("no turn discard found")


def test_strong_plays_the_tuned_policy_and_takes_its_options() -> None:
    bot = load_bot("strong", game="ranzo", seed=4)
    assert isinstance(bot, StrongBot) and bot.play == "policy"
    for seed in range(3):
        for view in _views(seed):
            assert StrongBot(7).choose(view) == Policy(7, WEIGHTS, worlds=FEED_WORLDS).choose(view)  # type: ignore[arg-type]
    assert StrongBot(7, weights=DEFAULTS).choose(view) == RanzoBot(7).choose(view)  # type: ignore[arg-type]
    searching = StrongBot(1, worlds=1, depth=1, play="search")
    searching.choose(_views(0)[3])  # type: ignore[arg-type]
    assert searching.last_iterations == 1
    with pytest.raises(UsageError) as err:
        StrongBot(play="guess")
    assert err.value.code == "bad_option"
    with pytest.raises(UsageError) as err:
        StrongBot(weights={"nerve": 1.0})
    assert err.value.code == "bad_option"


@pytest.mark.parametrize("weights", [{"nerve": 1.0}, {"keep": "high"}, {"keep": True}])
def test_bad_weights_are_refused(weights: dict[str, object]) -> None:
    with pytest.raises(UsageError) as err:
        Policy(0, weights)  # type: ignore[arg-type]
    assert err.value.code == "bad_option"
    with pytest.raises(UsageError):
        Policy(0, worlds=-1)


def test_the_policy_is_reproducible_from_its_seed() -> None:
    def moves(seed: int) -> list[object]:
        game = Game(Rules(rounds=1), seed=3)
        bots = [Policy(seed + s, {**TUNED, "feed": 50.0}, worlds=4) for s in range(4)]
        out = []
        while not game.is_over:
            for seat in sorted(game.to_act):
                if seat in game.to_act:
                    move = bots[seat].choose(game.view(seat))
                    out.append(move)
                    game.play(move, seat)
        return out

    assert moves(1) == moves(1)


def _first_turn_view(seed: int) -> object:
    """Seat 0's first turn discard after every seat had one turn."""
    return next((v for v in _views(seed) if v.phase is PLAY and v.seat == 0 and v.stock_size < 24), None)  # type: ignore[attr-defined]


def test_passes_drops_the_worlds_where_a_seat_could_have_called_ranzo() -> None:
    """A world in which seat 1 holds a juego and a pair that both our discard and a card it let go
    by complete is impossible (it would have called Ranzo): ``passes`` gives it no weight."""
    from naipes.ranzo._policy import _signature

    t = tables(48)
    for seed in range(20):
        view = _first_turn_view(seed)
        if view is None:
            continue
        ours = {c for c in view.hand}  # type: ignore[attr-defined]
        for move in (m for m in view.legal_moves if isinstance(m, Discard)):  # type: ignore[attr-defined]
            c = move.card
            for a, b in t.pairs[c]:
                thirds = t.thirds[t.bit[a] | t.bit[b]] & ~t.bit[c]
                if a in ours or b in ours or not thirds:
                    continue
                juego = next((j for j in t.juegos.values() if not set(j) & ({a, b, c} | ours)), None)
                if juego is None or view.hand_sizes[1] != 5 or view.open_juegos[1]:  # type: ignore[attr-defined]
                    continue

                def deal(v, rng, hand=(*juego, a, b)):  # type: ignore[no-untyped-def]
                    hands, stock = _deal_unseen(v, rng)
                    hands[1] = list(hand)
                    return hands, stock

                plain = Policy(0, {"feed": 1.0}, worlds=2, deal=deal)
                assert plain._fed(view, t, [move], 0)[t.bit[c]] == 1.0  # type: ignore[arg-type]
                passes = Policy(0, {"feed": 1.0, "passes": 1.0}, worlds=2, deal=deal)
                passes._log = [(view.stock_size, 1, thirds & -thirds, _signature(view, 1))]  # type: ignore[arg-type]
                assert passes._fed(view, t, [move], 0)[t.bit[c]] == 0.0  # type: ignore[arg-type]
                return
    pytest.fail("no such discard found")


def test_passes_remembers_each_seats_last_discard_and_those_after() -> None:
    game = Game(Rules(rounds=1), seed=6)
    bots = [RanzoBot(s) for s in range(4)]
    policy = Policy(0, {"feed": 1.0, "passes": 1.0}, worlds=1)
    t = tables(48)
    discards: list[tuple[int, int]] = []
    while not game.is_over and len(discards) < 9:
        for seat in sorted(game.to_act):
            if seat not in game.to_act:
                continue
            view = game.view(seat)
            if seat == 0:
                move = policy.choose(view)
            else:
                move = bots[seat].choose(view)
            if view.phase is PLAY and isinstance(move, Discard):
                discards.append((seat, t.bit[move.card]))
            game.play(move, seat)
    view = game.view(0)
    passed = policy._passed(view)
    for s in (1, 2, 3):
        last = max(i for i, (seat, _) in enumerate(discards) if seat == s)
        expect = 0
        for _, bit in discards[last:]:
            expect |= bit
        assert passed[s] in (expect, 0)  # 0 when its hand changed in public since
    assert any(passed[s] for s in (1, 2, 3))
