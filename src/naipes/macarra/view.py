"""What one seat of a Macarra game may know: :class:`View` and its sampling.

Everything in Macarra is public except the order of a dealt stock (nobody has
seen it, its owner included), the loser's punishment card until the reveal,
and the other players' bids until every bid is in (MK-06, MK-09c).

.. versionadded:: 0.1
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Callable, cast

import attrs

from naipes.cards import Card
from naipes.game import View as BaseView
from naipes.macarra._tables import CARDS, Phase, code, codes
from naipes.macarra.moves import BIDS, MAX_BID, Bid, Move
from naipes.macarra.rules import Rules
from naipes.macarra.scoring import net_scores

if TYPE_CHECKING:
    import naipes.macarra.state

__all__ = ["View", "build_view"]

_CARD = cast(Callable[[int], Card], CARDS.__getitem__)


@attrs.frozen(kw_only=True)
class View(BaseView[Move]):
    """One seat's view of a Macarra game.

    ``hand`` is always empty: a Macarra player holds no hand, and nobody has
    seen a dealt stock. ``known`` lists the cards of recycled stocks.

    Attributes:
        rules: the rules of the game.
        phase: the :class:`~naipes.macarra.Phase`: play, punishment (bids open) or over.
        turn: whose turn it is during play, else ``None``.
        stock_sizes: cards in each seat's face-down stock.
        recycled_stocks: per seat, the stock top first when it was turned over
            from the face-up pile (public, MK-06), ``None`` for a dealt stock.
        piles: each seat's face-up pile, bottom to top.
        foundations: the top card of each foundation, in creation order.
        held: the card the player to act has drawn and not placed yet.
        out: the seats that are out (MK-08).
        ledger: ``ledger[giver][receiver]`` in two-finger macarras (MK-09).
        infractions: infractions committed by each seat (MK-10).
        turns: turns played (the cap of MK-11 counts them).
        loser: the loser once decided.
        capped: True when the turn cap decided the loser.
        answered: seats that have bid in the open punishment.
        my_bid: this seat's own bid while the others are still bidding.
        bids: every bid once revealed (``None`` for the loser).
        punishment_card: the loser's card once revealed.
        cards_in_play: the cards in play when they are not the rules' full decks.

    .. versionadded:: 0.1
    .. versionchanged:: 1.0
       ``phase`` is a :class:`~naipes.macarra.Phase` (0.1: a string).
    """

    rules: Rules
    phase: Phase
    turn: int | None
    stock_sizes: tuple[int, ...]
    recycled_stocks: tuple[tuple[Card, ...] | None, ...]
    piles: tuple[tuple[Card, ...], ...]
    foundations: tuple[Card, ...]
    held: Card | None
    out: tuple[int, ...]
    ledger: tuple[tuple[int, ...], ...]
    infractions: tuple[int, ...]
    turns: int
    loser: int | None
    capped: bool
    answered: tuple[int, ...]
    my_bid: int | None
    bids: tuple[int | None, ...]
    punishment_card: Card | None
    cards_in_play: tuple[Card, ...] | None

    def sample(self, rng: random.Random) -> naipes.macarra.state.Game:
        """A full game consistent with this view: the unseen cards dealt at random to
        the dealt stocks, another punishment card and other bids while hidden.

        The game has an empty EventBus and no opening events.
        """
        from naipes.macarra.state import Game

        game = Game._blank(self.rules, rng=random.Random(rng.randrange(2**63)), own_rng=True)
        game._setup()
        self._fill_cards(game, rng)
        game._recycled = [k is not None for k in self.recycled_stocks]
        game._ledger = [list(row) for row in self.ledger]
        game._infractions = list(self.infractions)
        game._turns = self.turns
        game._phase = self.phase
        game._turn = self.turn if self.turn is not None else 0
        game._loser = -1 if self.loser is None else self.loser
        game._capped = self.capped
        game._bids = [-1 if b is None else b for b in self.bids]
        t = game._t
        if self.punishment_card is not None:
            game._pcard = code(self.punishment_card)
        elif self.phase is Phase.PUNISHMENT:
            game._pcard = t.full_deck[rng.randrange(len(t.full_deck))]
        game._finish_loading()
        self._whose_turn(game, rng)
        game._mark_position()
        return game

    def _fill_cards(self, game: naipes.macarra.state.Game, rng: random.Random) -> None:
        """Piles, foundations and the held card as seen; the unseen cards shuffled into the dealt stocks."""
        rules = self.rules
        t = game._t
        in_play = Counter(codes(self.cards_in_play) if self.cards_in_play is not None
                          else t.full_deck * rules.num_decks)
        seen: Counter[int] = Counter()
        game._piles = [codes(p) for p in self.piles]
        game._ftop = codes(self.foundations)
        game._held = code(self.held) if self.held is not None else 0
        for p in game._piles:
            seen.update(p)
        for top in game._ftop:
            seen.update(t.run_to(top))
        if game._held:
            seen[game._held] += 1
        for public in self.recycled_stocks:
            seen.update(codes(public or ()))
        unseen = list((in_play - seen).elements())
        rng.shuffle(unseen)
        for s, size in enumerate(self.stock_sizes):
            known = self.recycled_stocks[s]
            game._stocks[s] = codes(known)[::-1] if known is not None else [unseen.pop() for _ in range(size)]

    def _whose_turn(self, game: naipes.macarra.state.Game, rng: random.Random) -> None:
        if self.phase is Phase.PUNISHMENT:
            answers = {s: BIDS[self.my_bid] if s == self.seat and self.my_bid is not None
                       else BIDS[rng.randint(0, MAX_BID)] for s in self.answered}
            game._set_to_act(tuple(sorted(set(self.to_act) | set(self.answered))), simultaneous=True,
                             answers=answers)
        elif self.phase is Phase.PLAY:
            game._set_to_act((game._turn,))

    def render(self) -> str:
        """The table as plain text: foundations, every seat's stock and face-up pile,
        the card held, the ledger, and this seat's moves (never which one is forced).

        See :func:`naipes.macarra.describe.render`.
        """
        from naipes.macarra.describe import render

        return render(self)


def build_view(game: naipes.macarra.state.Game, seat: int) -> View:
    """The view of ``seat`` (``Game.view`` calls it)."""
    phase = game._phase
    card = _CARD
    n = game.num_players
    stocks, piles = game._stocks, game._piles
    recycled = tuple(tuple(map(card, reversed(stocks[s]))) if game._recycled[s] else None
                     for s in range(n))
    answers = game._pending_answers
    my = answers.get(seat)
    ledger = game.ledger
    playing = phase is Phase.PLAY
    return View(
        seat=seat, hand=(), scores=net_scores(ledger), to_act=game.to_act,
        legal_moves=game.legal_moves(seat),
        forced_move=game.forced_move(seat) if playing and seat == game._turn else None,
        known=tuple(c for r in recycled if r for c in r),
        rules=game.rules, phase=phase,
        turn=game._turn if playing else None,
        stock_sizes=tuple(map(len, stocks)),
        recycled_stocks=recycled,
        piles=tuple(tuple(map(card, p)) for p in piles),
        foundations=tuple(map(card, game._ftop)),
        held=CARDS[game._held] if game._held else None,
        out=tuple(s for s in range(n) if not stocks[s] and not piles[s]
                  and not (game._held and s == game._turn)),
        ledger=ledger, infractions=tuple(game._infractions), turns=game._turns,
        loser=game.loser, capped=game._capped, answered=tuple(sorted(answers)),
        my_bid=my.amount if isinstance(my, Bid) else None,
        bids=tuple(b if b >= 0 else None for b in game._bids),
        punishment_card=CARDS[game._pcard] if phase is Phase.OVER and game._pcard else None,
        cards_in_play=tuple(map(card, game._deck)) if game._deck is not None else None,
    )
