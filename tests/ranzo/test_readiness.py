"""Readiness of the other seats inferred from their play (naipes.ranzo._readiness)."""

from __future__ import annotations

import math
import random
from typing import Callable, Iterator

import pytest

from naipes.errors import UsageError
from naipes.ranzo import Game, RanzoBot, Rules
from naipes.ranzo._infer import Item
from naipes.ranzo._phase import PLAY
from naipes.ranzo._policy import TUNED, Policy
from naipes.ranzo._readiness import consistent, decision_values, drop_scores, exact_items, likelihood, readiness
from naipes.ranzo._tables import Tables, tables
from naipes.ranzo.bots import _bits, hand_score
from naipes.ranzo.moves import Discard, Move
from naipes.ranzo.view import View

#: The inference switched on, on top of the tuned weights of 1.2 (no inference).
INFER = {**TUNED, "infer": 1.0, "tau": 0.0, "older": 0.0}


class _Watcher(Policy):
    """A policy that keeps, at each of its turn discards, the view and the true concealed hands."""

    __slots__ = ("truth", "seen")

    def __init__(self, seed: int, weights: dict[str, float]) -> None:
        super().__init__(seed, weights, worlds=40)
        self.truth: list[int] = []
        self.seen: list[tuple[View, list[int], list[tuple[Item, ...]]]] = []

    def _fed(self, view, t, discards, live):  # type: ignore[no-untyped-def]
        items = [self._history.items(s) for s in range(view.players)]
        self.seen.append((view, list(self.truth), items))
        return super()._fed(view, t, discards, live)


def _watch(seed: int) -> _Watcher:
    """One round: a watching policy on seat 0, RanzoBots elsewhere."""
    game = Game(Rules(rounds=1), seed=seed)
    t = tables(48)
    bots: list[object] = [_Watcher(seed, INFER)] + [RanzoBot(seed + s) for s in (1, 2, 3)]
    while not game.is_over:
        for seat in sorted(game.to_act):
            if seat in game.to_act:
                if seat == 0:
                    bots[0].truth = [t.mask(h) for h in game._hands]  # type: ignore[attr-defined]
                game.play(bots[seat].choose(game.view(seat)), seat)  # type: ignore[attr-defined]
    return bots[0]  # type: ignore[return-value]


def test_drop_scores_are_ranzobots_hand_scores() -> None:
    t = tables(48)
    rng = random.Random(3)
    bits = list(t.bit.values())
    juegos = list(t.juegos)
    for n in range(400):
        held = rng.choice(juegos) | (rng.choice(juegos) if n % 2 else 0)
        rest = [b for b in bits if not b & held]
        rng.shuffle(rest)
        while held.bit_count() < 6:
            held |= rest.pop()
        live = sum(rest[:20])
        for x, v in drop_scores(t, held, live, _bits(held)).items():
            assert v == pytest.approx(hand_score(t, held & ~x, live))


def test_the_true_hands_explain_every_decision_read() -> None:
    """RanzoBot's decisions read since each seat's last discard are its best under its values with
    its true hand (hard consistency), and the softmax weighs them above the floor."""
    t = tables(48)
    checked = 0
    for seed in range(4):
        watcher = _watch(seed)
        for view, truth, items in watcher.seen:
            deck = t.deck_mask(view.cards)
            for s in (1, 2, 3):
                for item in exact_items(items[s]):
                    assert consistent(t, view, item, truth[s], deck)
                    assert likelihood(decision_values(t, view, item, truth[s], deck), 0.0) == 1.0
                    checked += 1
    assert checked > 20


def test_inferred_readiness_finds_the_ready_seats_better_than_uniform() -> None:
    """Over the turn discards of some rounds, the inferred chance that a discard hands another seat
    its Ranzo has a lower log loss (against what the true hands say) than with the hands uniform."""
    t = tables(48)
    loss_inferred = loss_uniform = 0.0
    for seed in range(40):
        watcher = _watch(seed)
        for view, truth, items in watcher.seen:
            discards = [m for m in view.legal_moves if isinstance(m, Discard)]
            bits = [t.bit[m.card] for m in discards]
            live, none = _live(t, view), [0] * view.players
            inferred = readiness(t, view, bits, items, none, live, random.Random(1), 200, 0.0)
            uniform = readiness(t, view, bits, [()] * view.players, none, live, random.Random(1), 200, 0.0)
            for b in bits:
                fed = any(t.can_split(truth[s] | b) for s in (1, 2, 3))
                loss_inferred -= math.log(_clip(inferred[b] if fed else 1 - inferred[b]))
                loss_uniform -= math.log(_clip(uniform[b] if fed else 1 - uniform[b]))
    assert loss_inferred < 0.95 * loss_uniform


def test_learned_readiness_predicts_the_feeds_better_than_the_inferred_shares() -> None:
    """The learned readiness (``learned=True``) of the shares of the drawn hands has a lower log
    loss against the true hands than the inferred shares themselves, which miss the ready hands
    no draw found (a share of 0)."""
    t = tables(48)
    loss_learned = loss_inferred = 0.0
    for seed in range(20):
        watcher = _watch(seed)
        for view, truth, items in watcher.seen:
            bits = [t.bit[m.card] for m in view.legal_moves if isinstance(m, Discard)]
            live, none = _live(t, view), [0] * view.players
            learned = readiness(t, view, bits, items, none, live, random.Random(1), 100, 2.0,
                                learned=True)
            inferred = readiness(t, view, bits, items, none, live, random.Random(1), 100, 2.0)
            for b in bits:
                fed = any(t.can_split(truth[s] | b) for s in (1, 2, 3))
                loss_learned -= math.log(_clip(learned[b] if fed else 1 - learned[b]))
                loss_inferred -= math.log(_clip(inferred[b] if fed else 1 - inferred[b]))
    assert loss_learned < 0.9 * loss_inferred


def _live(t: Tables, view: View) -> int:
    placed = t.mask(view.hand) | t.mask(view.discards)
    for opens in view.open_juegos:
        for j in opens:
            placed |= t.mask(j)
    for k in view.known_by_seat:
        placed |= t.mask(k)
    return t.deck_mask(view.cards) & ~placed


def test_learned_needs_infer() -> None:
    with pytest.raises(UsageError) as err:
        Policy(0, {**TUNED, "learned": 1})
    assert err.value.code == "bad_option"
    assert Policy(0, {**TUNED, "infer": 1, "learned": 1}).weights["learned"] == 1


def _clip(p: float) -> float:
    return min(1 - 1e-3, max(1e-3, p))


@pytest.mark.parametrize("weights", [{"tau": -1.0}, {"infer": 2.0}, {"older": -0.5}, {"late": -3.0},
                                     {"passes": 0.5}, {"learned": 0.5}])
def test_bad_inference_weights_are_refused(weights: dict[str, float]) -> None:
    with pytest.raises(UsageError) as err:
        Policy(0, weights)
    assert err.value.code == "bad_option"


def _plays(game: Game, choose: Callable[[int, View], Move]) -> Iterator[tuple[int, View, Move]]:
    """Play ``game`` to its end, each seat's move ``choose(seat, view)``; yield each seat's view
    with its move, before the move is played."""
    while not game.is_over:
        for seat in sorted(game.to_act):
            if seat not in game.to_act:
                continue
            view = game.view(seat)
            move = choose(seat, view)
            yield seat, view, move
            game.play(move, seat)


def _seat_0_plays(game: Game, choose: Callable[[View], Move], seed: int) -> Iterator[tuple[View, Move]]:
    """Seat 0's views and moves (by ``choose``) in ``game`` played to its end, the others by RanzoBot."""
    others = [RanzoBot(seed + s) for s in range(4)]
    for seat, view, move in _plays(game, lambda s, v: choose(v) if s == 0 else others[s].choose(v)):
        if seat == 0:
            yield view, move


def test_infer_changes_the_discards() -> None:
    """With ``infer`` the policy weighs the worlds by the other seats' play: some turn discard of a
    few rounds differs from the uniform worlds' (the weights of 1.2)."""
    differ = 0
    for seed in range(6):
        game = Game(Rules(rounds=1), seed=seed)
        ours = Policy(seed, INFER, worlds=60)
        plain = Policy(seed, TUNED, worlds=60)
        for view, move in _seat_0_plays(game, ours.choose, seed):
            differ += view.phase is PLAY and move != plain.choose(view)
    assert differ > 0


def test_late_counts_less_of_the_hand_when_the_stock_runs_low() -> None:
    """``late`` scales a turn discard's hand score by ``min(1, (stock + 1) / late)``: with a large
    ``late`` the danger decides more discards; with the stock above ``late`` nothing changes."""
    differ = 0
    for seed in range(6):
        game = Game(Rules(rounds=1), seed=seed)
        bots = [RanzoBot(seed + s) for s in range(4)]
        for _, view, _ in _plays(game, lambda s, v: bots[s].choose(v)):
            if view.phase is PLAY and len(view.legal_moves) > 1:
                plain = Policy(1).choose(view)
                assert Policy(1, {"late": view.stock_size + 1.0}).choose(view) == plain
                differ += Policy(1, {"late": 100.0}).choose(view) != plain
    assert differ > 0


def test_strong_counts_less_of_the_hand_late() -> None:
    """``strong``'s weights have ``late=16``: some turn discard of a few rounds differs from the same
    policy without it (the weights before), none with 15 stock cards or more."""
    from naipes.ranzo.search import FEED_WORLDS, WEIGHTS, StrongBot

    assert WEIGHTS["late"] == 16.0
    differ = 0
    for seed in range(30):
        if differ:
            break
        game = Game(Rules(rounds=1), seed=seed)
        strong, before = StrongBot(seed), Policy(seed, {**WEIGHTS, "late": 0.0}, worlds=FEED_WORLDS)
        for view, move in _seat_0_plays(game, strong.choose, seed):
            old = before.choose(view)
            if view.stock_size >= 15:
                assert move == old
            differ += move != old
    assert differ > 0
