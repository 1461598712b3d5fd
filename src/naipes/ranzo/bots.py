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

from naipes.cards import Card
from naipes.ranzo._phase import STEAL, WINDOW
from naipes.ranzo._tables import tables
from naipes.ranzo.moves import CallRanzo, Discard, Envido, Move, Pass, Truco
from naipes.ranzo.view import View

__all__ = ["RanzoBot"]

#: Weight of one live card that would let the hand call Ranzo.
OUT = 60.0
#: Weights of a juego by the cards of it already held (its other cards still live).
HELD = {3: 30.0, 2: 4.0, 1: 0.3}
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
        """The bot's move for ``view.seat``."""
        moves = view.legal_moves
        if len(moves) == 1:
            return moves[0]
        for m in moves:
            if isinstance(m, CallRanzo):
                return m
        ctx = _Context(view, self.rng)
        if view.phase is WINDOW:
            return ctx.best_claim(moves)
        return ctx.best_discard([m for m in moves if isinstance(m, Discard)])


class _Context:
    """What the bot derives from one view: masks of its hand and of the live cards.

    The juegos that may count for some hand of this decision (every card held,
    the claimed card or live) are listed once per card, so that each hand
    scored only tests those (in the order of the deck's tables, so that the
    sums come out bit for bit as they always did).
    """

    def __init__(self, view: View, rng: random.Random) -> None:
        self.view = view
        self.rng = rng
        t = self.t = tables(view.rules.deck)
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
        ours = self.hand if view.claim_card is None else self.hand | t.bit[view.claim_card]
        reach = ours | self.live
        #: per card that a scored hand may hold, its juegos that live cards could complete
        self.viable = {b: [j for j in t.with_bit[b] if not j & ~reach] for b in _bits(ours)}

    # -- hand evaluation ------------------------------------------------------------------
    def score(self, hand: int, opens: int) -> float:
        """How promising concealed cards ``hand`` are with ``opens`` open juegos."""
        live, viable = self.live, self.viable
        total = 0.0
        m = hand
        while m:
            b = m & -m
            m ^= b
            for j in viable[b]:
                held = j & hand
                # each juego once, from its lowest card held; only if live cards can complete it
                if not held & (b - 1) and not j & ~hand & ~live:
                    total += HELD[held.bit_count()]
        return total + OUT * self.outs(hand, opens)

    def outs(self, hand: int, opens: int) -> int:
        """Live cards that would complete the hand (it must hold 3k + 2 concealed cards)."""
        t = self.t
        bits = _bits(hand)
        if len(bits) % 3 != 2:
            return 0
        thirds, live = t.thirds, self.live
        found = 0
        for i, a in enumerate(bits):
            for b in bits[i + 1:]:
                third = thirds.get(a | b, 0) & live
                if third and t.can_split(hand & ~a & ~b):
                    found |= third
        return found.bit_count()

    # -- discards ---------------------------------------------------------------------------
    def danger(self, card: Card) -> float:
        """Expected cost of discarding ``card``: an opponent completing a juego with it."""
        return self.danger_of(self.t.bit[card])

    def danger_of(self, bit: int) -> float:
        """:meth:`danger` of the card of ``bit``."""
        live = self.live
        risk = 0.0
        for known, p_hidden, ready, last_pair in self.opponents():
            for pair in self.t.others[bit]:
                p = 1.0
                for other in pair:
                    if other & known:
                        continue
                    p *= p_hidden if other & live else 0.0
                if p == 1.0 and last_pair:
                    risk += CERTAIN  # his last two cards are known: the discard hands him Ranzo
                else:
                    risk += ready * p * DANGER
        return risk

    def opponents(self) -> list[tuple[int, float, float, bool]]:
        """Per other seat: its known cards, the chance it holds a given unseen card, how ready
        it is to use a discard, and whether its last two cards are all it has left."""
        if self._opponents is None:
            view = self.view
            self._opponents = [
                (self.known[s], min(1.0, (view.hand_sizes[s] - len(view.known_by_seat[s])) / self.unseen),
                 1.0 if view.open_juegos[s] else 0.25, bool(view.open_juegos[s]) and view.hand_sizes[s] == 2)
                for s in range(view.players) if s != view.seat]
        return self._opponents

    def best_discard(self, moves: list[Discard]) -> Move:
        view, t = self.view, self.t
        opens = len(view.open_juegos[view.seat])
        claim = view.claim
        keep = 0
        if view.phase is STEAL and isinstance(claim, Envido) and view.claim_card is not None:
            keep = t.mask((claim.a, claim.b, view.claim_card))
            opens += 1
        best: Move = moves[0]
        best_value = float("-inf")
        for m in moves:
            rest = self.hand & ~keep & ~t.bit[m.card]
            value = self.score(rest, opens) - self.danger(m.card) + self.rng.random() * 1e-3
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
        best_value = self.score(self.hand, opens) + 2.0  # passing keeps the hand concealed
        for m in moves:
            if isinstance(m, Truco):
                value = self.score(stolen & ~t.bit[m.card], opens)
            elif isinstance(m, Envido):
                value = self._after_envido(stolen, t.mask((m.a, m.b, card)), opens)
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


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        b = mask & -mask
        out.append(b)
        mask ^= b
    return out
