"""A heuristic Ranzo bot: :class:`RanzoBot`.

It plays from its view only. It calls Ranzo whenever it can; it discards the
card whose loss hurts its hand least (complete juegos, pairs with live
completions, and above all the outs that would let it call Ranzo next),
minus the danger that the discard completes a juego an opponent may hold
(an open hand's last pair, cards shown or stolen); in a window it claims when
the claim wins the round at once or leaves a better hand than passing.

>>> import naipes
>>> from naipes.ranzo import Game, RanzoBot, Rules
>>> game = Game(Rules(rounds=1), seed=4)
>>> result = naipes.play_game(game, [RanzoBot(seed=0)] + [naipes.RandomBot(s) for s in (1, 2, 3)])
>>> sum(result.balances) == 4 * 30
True

.. versionadded:: 0.1
"""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import TYPE_CHECKING, Iterator, Mapping

from naipes.cards import Card
from naipes.errors import IllegalMoveError
from naipes.ranzo._glance import Glance, glance
from naipes.ranzo._phase import STEAL, WINDOW
from naipes.ranzo._tables import Tables, tables
from naipes.ranzo.moves import CallRanzo, Discard, Envido, Move, Pass, Truco
from naipes.ranzo.view import View

if TYPE_CHECKING:
    from naipes.ranzo.state import Game

__all__ = ["RanzoBot"]

#: Hand scores remembered per deck (the memo starts over past this).
SCORES_KEPT = 1 << 17
#: A hand's mask is shifted past every live card's bit in a memo key.
KEY_SHIFT = 48

#: Weight of one live card that would let the hand call Ranzo.
OUT = 60.0
#: Weights of a juego by the cards of it already held (its other cards still live).
HELD = {3: 30.0, 2: 4.0, 1: 0.3}
#: :data:`HELD` indexed by the count of cards held.
HELD_BY_COUNT = (0.0, HELD[1], HELD[2], HELD[3])
#: How much an expected claim Ranzo against the bot costs (probability times this).
DANGER = 12.0
#: The cost of a discard that surely completes an open hand's last juego.
CERTAIN = 1000.0


class RanzoBot:
    """Builds towards two juegos (three with 3 players), claims when it helps,
    and avoids discarding what completes an opponent's juego.

    Args:
        seed: seed for breaking ties at random.

    .. versionadded:: 0.1
    """

    __slots__ = ("rng",)

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return "RanzoBot()"

    def choose(self, view: View) -> Move:
        """The bot's move for ``view.seat``.

        Raises:
            IllegalMoveError: when the view lists no legal move (code ``no_legal_move``).
        """
        return self._decide(view)

    def choose_in_game(self, game: Game, seat: int) -> Move:
        """:meth:`choose` for ``game.view(seat)`` (the same move, the same draws), read from
        the engine without building the view: the fast path a search's policy takes.

        Raises:
            UsageError: for a seat that does not exist (code ``no_such_seat``).
            IllegalMoveError: for a seat with no legal move now (code ``no_legal_move``).

        .. versionadded:: 1.2
        """
        return self._decide(glance(game, seat))

    def _decide(self, view: View | Glance) -> Move:
        moves = view.legal_moves
        obvious = _obvious(view, moves)
        if obvious is not None:
            return obvious
        ctx = _Context(view, self.rng)
        if view.phase is WINDOW:
            return ctx.best_claim(moves)
        return ctx.best_discard([m for m in moves if isinstance(m, Discard)])


def _obvious(view: View | Glance, moves: tuple[Move, ...]) -> Move | None:
    """The move of a decision that needs no reckoning: the only legal move, or a Ranzo call
    (always made); ``None`` when the moves must be weighed.

    Raises:
        IllegalMoveError: when the view lists no legal move (code ``no_legal_move``).
    """
    if not moves:
        raise IllegalMoveError("the view has no legal move to choose from", seat=view.seat,
                               code="no_legal_move")
    if len(moves) == 1:
        return moves[0]
    for m in moves:
        if isinstance(m, CallRanzo):
            return m
    return None


class _Context:
    """What the bot derives from one view: masks of its hand and of the live cards.

    The juegos that may count for some hand of this decision (every card held,
    the claimed card or live) are listed once per card, so that each hand
    scored only tests those (in the order of the deck's tables, so that the
    sums come out bit for bit as they always did).

    The weights below are RanzoBot's; a tuned policy (``naipes.ranzo._policy``) sets
    its own on the instance (with these, its sums are RanzoBot's bit for bit).
    """

    #: the danger of a discard per opponent ready for it (:data:`DANGER`)
    danger_weight: float = DANGER
    #: the cost of handing an opponent its Ranzo for sure (:data:`CERTAIN`)
    certain: float = CERTAIN
    #: how ready for a discard an opponent with no open juego is
    closed: float = 0.25
    #: the worth of passing in a claim window (the hand stays concealed)
    keep: float = 2.0
    #: added to a truco's and an envido's value, and per rank of the card a truco shows
    truco: float = 0.0
    envido: float = 0.0
    show: float = 0.0
    #: per rank of a discarded card, and the danger's scale after a steal
    high: float = 0.0
    after_steal: float = 1.0
    #: per discard's bit, how often it feeds a claim Ranzo, and that weight (none here)
    fed: Mapping[int, float] = MappingProxyType({})
    feed: float = 0.0
    #: what a turn discard's hand score counts for (1: all of it; a tuned policy counts less
    #: of it in the last turns, when the hand has few draws left to come good)
    promise: float = 1.0

    def __init__(self, view: View | Glance, rng: random.Random) -> None:
        self.view = view
        self.rng = rng
        t = self.t = tables(view.rules.deck)
        #: the hand scores remembered (RanzoBot's: per deck, in its tables)
        self.memo: dict[int, float] = t.scores
        self.need = view.rules.juegos_to_win
        self.hand = t.mask(view.hand)
        placed = t.mask(view.discards) | self.hand
        for opens in view.open_juegos:
            for j in opens:
                placed |= t.mask(j)
        self.known = [t.mask(k) for k in view.known_by_seat]
        for k in self.known:
            placed |= k
        self.live = t.deck_mask(view.cards) & ~placed
        self._opponents: list[tuple[int, float, float, bool]] | None = None
        self.unseen = self.live.bit_count() or 1

    # -- hand evaluation ------------------------------------------------------------------
    def score(self, hand: int, opens: int) -> float:
        """How promising concealed cards ``hand`` are (:func:`hand_score` with this view's live
        cards, remembered per deck; ``opens``, the open juegos, does not change it).

        The score reads only the live cards that share a juego with a card of the hand, so the
        memo is keyed by those.
        """
        near = self.t.near
        reach = 0
        m = hand
        while m:
            b = m & -m
            m ^= b
            reach |= near[b]
        live = self.live & reach
        key = hand << KEY_SHIFT | live
        memo = self.memo
        found = memo.get(key)
        if found is None:
            found = self._score(hand, live)
            if len(memo) >= SCORES_KEPT:
                memo.clear()
            memo[key] = found
        return found

    def _score(self, hand: int, live: int) -> float:
        """The score of ``hand`` with the live cards ``live`` (:func:`hand_score`: RanzoBot's weights)."""
        return hand_score(self.t, hand, live)

    # -- discards ---------------------------------------------------------------------------
    def danger(self, card: Card) -> float:
        """Expected cost of discarding ``card``: an opponent completing a juego with it."""
        return self.danger_of(self.t.bit[card])

    def danger_of(self, bit: int) -> float:
        """:meth:`danger` of the card of ``bit``."""
        live = self.live
        pairs = self.t.others[bit]
        danger, certain = self.danger_weight, self.certain
        risk = 0.0
        for known, p_hidden, ready, last_pair in self.opponents():
            for one, two in pairs:
                p = 1.0
                if not one & known:
                    p *= p_hidden if one & live else 0.0
                if not two & known:
                    p *= p_hidden if two & live else 0.0
                if p == 1.0 and last_pair:
                    risk += certain  # his last two cards are known: the discard hands him Ranzo
                else:
                    risk += ready * p * danger
        return risk

    def opponents(self) -> list[tuple[int, float, float, bool]]:
        """Per other seat: its known cards, the chance it holds a given unseen card, how ready
        it is to use a discard, and whether its last two cards are all it has left."""
        if self._opponents is None:
            view, closed = self.view, self.closed
            self._opponents = [
                (self.known[s], min(1.0, (view.hand_sizes[s] - len(view.known_by_seat[s])) / self.unseen),
                 1.0 if view.open_juegos[s] else closed, bool(view.open_juegos[s]) and view.hand_sizes[s] == 2)
                for s in range(view.players) if s != view.seat]
        return self._opponents

    def best_discard(self, moves: list[Discard]) -> Move:
        view, t, high, feed, fed = self.view, self.t, self.high, self.feed, self.fed
        opens = len(view.open_juegos[view.seat])
        claim = view.claim
        keep = 0
        if view.phase is STEAL and isinstance(claim, Envido) and view.claim_card is not None:
            keep = t.mask((claim.a, claim.b, view.claim_card))
            opens += 1
        scale = self.after_steal if view.phase is STEAL else 1.0
        best: Move = moves[0]
        best_value = float("-inf")
        for m in moves:
            rest = self.hand & ~keep & ~t.bit[m.card]
            value = (self.promise * self.score(rest, opens) - scale * self.danger(m.card) + high * m.card.rank
                     - feed * fed.get(t.bit[m.card], 0.0) + self.rng.random() * 1e-3)
            if value > best_value:
                best, best_value = m, value
        return best

    # -- claims -----------------------------------------------------------------------------
    def best_claim(self, moves: tuple[Move, ...]) -> Move:
        view, t = self.view, self.t
        card = view.claim_card
        assert card is not None
        opens = len(view.open_juegos[view.seat])
        stolen = self.hand | t.bit[card]
        if any(not isinstance(m, Pass) for m in moves) and t.can_split(stolen):
            ranzo_claims = [m for m in moves if not isinstance(m, Pass)]
            envidos = [m for m in ranzo_claims if isinstance(m, Envido)]
            return envidos[0] if envidos else ranzo_claims[0]
        best: Move = moves[0]
        best_value = self.score(self.hand, opens) + self.keep  # passing keeps the hand concealed
        for m in moves:
            if isinstance(m, Truco):
                value = self.score(stolen & ~t.bit[m.card], opens) + self.truco + self.show * m.card.rank
            elif isinstance(m, Envido):
                value = self._after_envido(stolen, t.mask((m.a, m.b, card)), opens) + self.envido
            else:
                continue
            if value > best_value:
                best, best_value = m, value
        return best

    def _after_envido(self, stolen: int, juego: int, opens: int) -> float:
        rest = stolen & ~juego
        if not rest:
            return float("inf")
        return max(self.score(rest & ~b, opens + 1) for b in _bits(rest))


def hand_score(t: Tables, hand: int, live: int, held_by_count: tuple[float, ...] = HELD_BY_COUNT,
               out: float = OUT) -> float:
    """RanzoBot's hand score: per juego with a card in ``hand`` whose other cards are live,
    :data:`HELD` by its cards held, plus :data:`OUT` per out (:func:`hand_outs`); a tuned policy
    gives its own ``held_by_count`` (by cards held, 0 to 3) and ``out``.

    Each juego is counted once, from its lowest card held, in the order of the deck's tables
    (so the sum comes out bit for bit the same every time).
    """
    total = 0.0
    for _, held in held_juegos(t, hand, live):
        total += held_by_count[held.bit_count()]
    return total + out * hand_outs(t, hand, live)


def held_juegos(t: Tables, hand: int, live: int) -> Iterator[tuple[int, int]]:
    """Each juego with a card in ``hand`` whose other cards are live, with the part of it held
    (masks), once, from its lowest card held, in the order of the deck's tables: what
    :func:`hand_score` sums (and what a reckoning of it without a card sums again)."""
    dead = ~(hand | live)
    with_bit = t.with_bit
    m = hand
    while m:
        b = m & -m
        m ^= b
        lower = b - 1
        for j in with_bit[b]:
            if not j & dead:
                held = j & hand
                if not held & lower:
                    yield j, held


def hand_outs(t: Tables, hand: int, live: int) -> int:
    """How many live cards would complete ``hand`` into juegos (it must hold 3k + 2 cards)."""
    return outs_mask(t, hand, live).bit_count()


def outs_mask(t: Tables, hand: int, live: int) -> int:
    """The live cards that would complete ``hand`` into juegos, as a mask (0 unless it holds
    3k + 2 cards)."""
    bits = _bits(hand)
    if len(bits) % 3 != 2:
        return 0
    thirds, can_split = t.thirds, t.can_split
    found = 0
    for i, a in enumerate(bits):
        for b in bits[i + 1:]:
            third = thirds.get(a | b, 0) & live
            if third & ~found and can_split(hand & ~a & ~b):
                found |= third
    return found


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        b = mask & -mask
        out.append(b)
        mask ^= b
    return out
