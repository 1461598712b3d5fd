"""Private: the features of an *open* Ranzo position (every hand and the stock's order known).

:mod:`naipes.learn.worlds` values the positions of sampled worlds with a network:
it needs what the engine holds, read in a few mask walks, from one seat's side.
Seats are relative (``r`` = 0 the seat, 1 the next, 2 the partner of the
benchmark's sides, 3 the one before). Any number of players up to 4 and either deck.

=========================  ===========================================================
features                   value
=========================  ===========================================================
``hand_r_C``               1 for card C in seat r's concealed hand (4 blocks of 48)
``stock_C``                1 for card C in the stock
``dead_C``                 1 for card C in the dead discards (not the card under claim)
``open_C``                 1 for card C in an open juego
``claim_C``                1 for the card under claim (a window) or just stolen (a steal)
per seat r                 its concealed cards (over 6), its open juegos (over 2), its
                           public cards (over 6), its *outs* (the cards that would let
                           it call Ranzo: with 3k+2 concealed cards) still live (over 6)
                           and in the stock (over 6), the outs among its next three
                           draws if nobody steals (over 3), how soon the first of them
                           comes (1 the next draw, 0 none), whether the card under claim
                           is an out, whether its hand splits now, whether it is to act,
                           its balance less the starting points (over 10), whether it
                           answered the open window (not how)
then                       the phase (turn, window, steal, over), the relative seat of
                           the turn and of the stealer, the stock (over 28), and whether
                           the winning claim is an envido or a truco, and whether the
                           seat's own answer to the open window is an envido or a truco
=========================  ===========================================================

The next draws: after the position's turn the stock's first card goes to the seat after
the turn, the next to the one after, and so on (a steal changes that; the feature ignores
it). Outs are RanzoBot's (:func:`~naipes.ranzo.bots.outs_mask`), remembered per hand and live
cards.

:func:`score` is what a world-value network of Ranzo learns: the result of the
benchmark's sides (the seat and the seat two on, against the others: 1 a win, 1/2 a tie,
0 a loss of their summed returns).

.. versionadded:: 1.2
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from naipes.ranzo._phase import OVER, STEAL, TURN, WINDOW
from naipes.ranzo.bots import outs_mask
from naipes.ranzo.moves import Discard, Envido, Pass, Truco

__all__ = ["DECIDED", "LABEL_IN_SAMPLES", "SIZE", "Sampler", "VERSION", "after_moves", "decides", "lead", "open_features",
           "score"]

#: The version of the layout below; a value network's file records it.
VERSION = 1
#: Whether labels are taken in a world sampled from the seat's view
#: (:func:`naipes.learn.worlds_train.label_games`) rather than the true position. Tried because a
#: network of true positions, whose hands RanzoBot built towards juegos, may read the uniformly
#: dealt hands of sampled worlds as less ready than hands are; measured no better (the network
#: then predicts little beyond the mean), so off.
LABEL_IN_SAMPLES = False
_CARDS = 48
_HAND, _STOCK, _DEAD, _OPEN, _CLAIM = 0, 4 * _CARDS, 5 * _CARDS, 6 * _CARDS, 7 * _CARDS
_SEAT = 8 * _CARDS
_PER_SEAT = 12
_REST = _SEAT + 4 * _PER_SEAT
#: The number of features.
SIZE = _REST + 4 + 4 + 4 + 5
_PHASES = {TURN: 0, WINDOW: 1, STEAL: 2, OVER: 3}
#: Draws looked ahead per seat.
_AHEAD = 3
#: Outs remembered by (hand, live) (the memo starts over past this).
_KEPT = 1 << 16
_outs_memo: dict[tuple[int, int], int] = {}


#: The kinds of decision a world-value bot weighs (:func:`decides`) of ``"discard"`` (a turn's or a
#: steal's, with no Ranzo to call) and ``"window"`` (a claim window's answer): the windows only,
#: the least bad on the tuning deals (the discards lost some 2 points more against RanzoBot).
DECIDED: tuple[str, ...] = ("window",)


def decides(moves: Sequence[Any], kinds: Sequence[str] | None = None) -> bool:
    """Whether a world-value bot weighs a decision of these ``moves``: one of ``kinds`` (default
    :data:`DECIDED`); a Ranzo is always called, by the heuristic."""
    kinds = DECIDED if kinds is None else kinds
    if isinstance(moves[0], Pass):
        return "window" in kinds
    return "discard" in kinds and all(isinstance(m, Discard) for m in moves)


class Sampler:
    """Worlds leaning to what the other seats did, for a world-value bot that infers (``infer``):
    it :meth:`observe` s every view the seat gets and deals :meth:`worlds` from the last, by
    :class:`naipes.ranzo._infer.History` (every discard and pass since a seat's hand last changed
    in public, weighed under RanzoBot's values; some 7 ms a world with ``candidates=12``).

    A cheaper inference was measured and dropped: re-dealing each hand until its last discard and
    the cards it passed on would not have completed it (RanzoBot calls every Ranzo) changed 3 of
    2,500 uniform deals.
    """

    __slots__ = ("_history",)

    def __init__(self, candidates: int = 12) -> None:
        from naipes.ranzo._infer import History

        self._history = History(candidates)

    def observe(self, view: Any) -> None:
        """Read ``view`` (every view the seat gets, oldest first)."""
        self._history.observe(view)

    def worlds(self, view: Any, rng: random.Random, count: int) -> list[Any]:
        """``count`` worlds consistent with ``view``, the other hands dealt leaning to their play."""
        from naipes.ranzo.view import _sample

        return [_sample(view, rng, self._history.deal(view, rng)) for _ in range(count)]


def lead(returns: Sequence[float], seat: int) -> float:
    """The summed returns of ``seat``'s side (it and the seat two on; alone with fewer than 4
    players) less the others'."""
    n = len(returns)
    side = {seat, (seat + 2) % n} if n == 4 else {seat}
    return sum(float(r) if s in side else -float(r) for s, r in enumerate(returns))


def score(returns: Sequence[float], seat: int) -> float:
    """The result of ``seat``'s side (:func:`lead`): 1 ahead, 1/2 level, 0 behind."""
    d = lead(returns, seat)
    return 1.0 if d > 0 else 0.0 if d < 0 else 0.5


def open_features(game: Any, seat: int, out: Any) -> None:
    """Write the features of ``game`` (a Ranzo engine) for ``seat`` into ``out`` (a zeroed
    float row of :data:`SIZE`)."""
    bit = game._t.bit_id
    n = game.num_players
    claim = _claim_card(game)
    claim_bit = bit[id(claim)] if claim is not None else 0
    gone, stock = _table(game, claim_bit, out)
    for r in range(n):
        s = (seat + r) % n
        hand = _mask(bit, game._hands[s])
        _cards(out, _HAND + r * _CARDS, hand)
        _seat(game, s, r, hand, len(game._known[s]), (gone, stock, claim_bit), out)
    _rest(game, seat, n, len(stock), out)


def after_moves(game: Any, seat: int, moves: Sequence[Any], out: Any) -> None:
    """Write into the zeroed rows ``out`` the features (:func:`open_features`) of ``game`` after each
    of ``moves`` of ``seat``: the same rows as playing each in a clone, faster for turn discards
    (the positions after them differ only in the seat's hand, the card under claim and what those
    change)."""
    if game._phase is not TURN or not all(isinstance(m, Discard) for m in moves):
        for i, move in enumerate(moves):
            branch = game.clone()
            branch.play(move, seat)
            open_features(branch, seat, out[i])
        return
    branch = game.clone()
    branch.play(moves[0], seat)
    open_features(branch, seat, out[0])
    bit = game._t.bit_id
    hand = _mask(bit, game._hands[seat])
    known = {id(c) for c in game._known[seat]}
    gone = _gone(branch, bit[id(moves[0].card)])
    stock = [bit[id(c)] for c in branch._stock]
    n = game.num_players
    first = bit[id(moves[0].card)].bit_length() - 1
    for i in range(1, len(moves)):
        row, card = out[i], moves[i].card
        b = bit[id(card)]
        row[:] = out[0]
        row[_HAND + first] = 1.0
        row[_HAND + b.bit_length() - 1] = 0.0
        row[_CLAIM + first] = 0.0
        row[_CLAIM + b.bit_length() - 1] = 1.0
        context = (gone, stock, b)
        _seat(branch, seat, 0, hand & ~b, len(known) - (id(card) in known), context, row)
        for r in range(1, n):
            s = (seat + r) % n
            _seat(branch, s, r, _mask(bit, branch._hands[s]), len(branch._known[s]), context, row)


def _mask(bit: Any, cards: Sequence[Any]) -> int:
    m = 0
    for c in cards:
        m |= bit[id(c)]
    return m


def _dead(game: Any, claim_bit: int) -> int:
    """The dead discards (less the card under claim in a window)."""
    dead = _mask(game._t.bit_id, game._discards)
    return dead & ~claim_bit if game._phase is WINDOW else dead


def _gone(game: Any, claim_bit: int) -> int:
    """The dead discards (:func:`_dead`) and the open juegos' cards (:func:`_opened`)."""
    return _dead(game, claim_bit) | _opened(game)


def _opened(game: Any) -> int:
    """The cards of every open juego."""
    bit, opened = game._t.bit_id, 0
    for opens in game._opens:
        for j in opens:
            opened |= _mask(bit, j)
    return opened


def _table(game: Any, claim_bit: int, out: Any) -> tuple[int, list[int]]:
    """Write the stock, dead, open and claim blocks; the cards gone (:func:`_gone`) and the stock's bits."""
    bit = game._t.bit_id
    dead = _dead(game, claim_bit)
    gone = dead | _opened(game)
    stock = [bit[id(c)] for c in game._stock]
    _cards(out, _DEAD, dead)
    _cards(out, _OPEN, gone & ~dead)
    _cards(out, _CLAIM, claim_bit)
    for b in stock:
        out[_STOCK + b.bit_length() - 1] = 1.0
    return gone, stock


def _cards(out: Any, at: int, mask: int) -> None:
    while mask:
        b = mask & -mask
        out[at + b.bit_length() - 1] = 1.0
        mask ^= b


def _seat(game: Any, s: int, r: int, hand: int, known: int, context: tuple[int, list[int], int], out: Any) -> None:
    """Seat ``s``'s scalars (see the module docstring) at relative seat ``r``, its concealed cards
    ``hand`` (a mask, ``known`` of them public); ``context``: the cards gone, the stock, the claim."""
    gone, stock, claim_bit = context
    t, n, at = game._t, game.num_players, _SEAT + r * _PER_SEAT
    size = hand.bit_count()
    out[at] = size / 6
    out[at + 1] = len(game._opens[s]) / 2
    out[at + 2] = known / 6
    outs = _outs(t, hand, t.deck_mask(game._cards) & ~hand & ~gone) if size % 3 == 2 else 0
    out[at + 3] = outs.bit_count() / 6
    out[at + 4] = sum(1 for b in stock if b & outs) / 6
    first = (s - game._turn - 1) % n
    mine = [i for i in range(first, min(len(stock), first + n * _AHEAD), n) if stock[i] & outs]
    out[at + 5] = len(mine) / _AHEAD
    out[at + 6] = 1.0 - mine[0] / (n * _AHEAD) if mine else 0.0
    out[at + 7] = 1.0 if claim_bit & outs else 0.0
    out[at + 8] = 1.0 if size % 3 == 0 and t.can_split(hand) else 0.0
    out[at + 9] = 1.0 if s in game.to_act else 0.0
    out[at + 10] = (game._balances[s] - game.rules.starting_points) / 10
    out[at + 11] = 1.0 if game._phase is WINDOW and s in game._pending_answers else 0.0


def _rest(game: Any, seat: int, n: int, stock: int, out: Any) -> None:
    at = _REST
    out[at + _PHASES.get(game._phase, 3)] = 1.0
    out[at + 4 + (game._turn - seat) % n] = 1.0
    if game._phase is STEAL and game._stealer is not None:
        out[at + 8 + (game._stealer - seat) % n] = 1.0
    out[at + 12] = stock / 28
    out[at + 13] = 1.0 if isinstance(game._claim, Envido) and game._phase is STEAL else 0.0
    out[at + 14] = 1.0 if isinstance(game._claim, Truco) and game._phase is STEAL else 0.0
    mine = game._pending_answers.get(seat) if game._phase is WINDOW else None
    out[at + 15] = 1.0 if isinstance(mine, Envido) else 0.0
    out[at + 16] = 1.0 if isinstance(mine, Truco) else 0.0


def _claim_card(game: Any) -> Any:
    if game._phase is WINDOW:
        return game._discards[-1]
    if game._phase is STEAL and game._stealer is not None:
        return game._hands[game._stealer][-1]
    return None


def _outs(t: Any, hand: int, live: int) -> int:
    """The live cards that would complete ``hand`` (3k+2 cards) into juegos, as a mask
    (:func:`naipes.ranzo.bots.outs_mask`, remembered)."""
    key = (hand, live)
    found = _outs_memo.get(key)
    if found is None:
        found = outs_mask(t, hand, live)
        if len(_outs_memo) >= _KEPT:
            _outs_memo.clear()
        _outs_memo[key] = found
    return found
