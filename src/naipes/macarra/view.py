"""What one seat of a Macarra game may know: :class:`View`, its sampling and its drawing.

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
from naipes.macarra.codes import CARDS, Phase, code, codes, tables
from naipes.macarra.moves import Bid, Move
from naipes.macarra.rules import Rules
from naipes.macarra.scoring import net_scores

if TYPE_CHECKING:
    import naipes.macarra.state

__all__ = ["View", "build_view"]

_PILE_SHOWN = 8
_CARD = cast(Callable[[int], Card], CARDS.__getitem__)


@attrs.frozen(kw_only=True)
class View(BaseView):
    """One seat's view of a Macarra game.

    ``hand`` is always empty: a Macarra player holds no hand, and nobody has
    seen a dealt stock. ``known`` lists the cards of recycled stocks.

    Attributes:
        rules: the rules of the game.
        phase: ``"play"``, ``"punishment"`` (bids open) or ``"over"``.
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
    """

    rules: Rules
    phase: str
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
        the dealt stocks, another punishment card and other bids while hidden."""
        from naipes.macarra.state import Game

        rules = self.rules
        t = tables(rules.deck)
        game = object.__new__(Game)
        game._init_base(rules, seed=rng.randrange(2**63), rng=None)
        game.num_players = rules.players
        game._setup()
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
        game._recycled = [k is not None for k in self.recycled_stocks]
        game._ledger = [list(row) for row in self.ledger]
        game._infractions = list(self.infractions)
        game._turns = self.turns
        game._phase = Phase.NAMES.index(self.phase)
        game._turn = self.turn if self.turn is not None else 0
        game._loser = -1 if self.loser is None else self.loser
        game._capped = self.capped
        game._bids = [-1 if b is None else b for b in self.bids]
        if self.punishment_card is not None:
            game._pcard = code(self.punishment_card)
        elif game._phase == Phase.PUNISHMENT:
            game._pcard = t.full_deck[rng.randrange(len(t.full_deck))]
        game._finish_loading()
        if game._phase == Phase.PUNISHMENT:
            game._acting = tuple(sorted(set(self.to_act) | set(self.answered)))
            game._simultaneous = True
            game._answers = {s: Bid(self.my_bid) if s == self.seat and self.my_bid is not None
                             else Bid(rng.randint(0, 10)) for s in self.answered}
        elif game._phase == Phase.OVER:
            game._acting = ()
        game._mark_position()
        return game

    def render(self) -> str:
        """The table as plain text: foundations, every seat's stock and face-up pile,
        the card held, the ledger, and this seat's moves (never which one is forced)."""
        r = self.rules
        mode = "infractions punished" if r.infractions == "penalize" else "forced moves only"
        when = f"turn {self.turns + 1}" if self.phase == "play" else f"{self.turns} turns played"
        lines = [f"Macarra: {r.players} players, {r.num_decks} x {r.deck} cards, {when}, {mode}"]
        found = "  ".join(f"f{i} {c}" for i, c in enumerate(self.foundations)) or "(none yet)"
        lines.append(f"Foundations: {found}")
        for s in range(r.players):
            lines.append(self._seat_line(s))
        if self.held is not None and self.turn is not None:
            lines.append(f"Seat {self.turn} holds {self.held} (just drawn)")
        lines.extend(self._ledger_lines())
        lines.extend(self._phase_lines())
        if self.legal_moves:
            lines.append("Your moves: " + " | ".join(str(m) for m in self.legal_moves))
        return "\n".join(lines)

    def _seat_line(self, s: int) -> str:
        who = " (you)" if s == self.seat else ""
        mark = ">" if s == self.turn else " "
        if s in self.out:
            return f"{mark} seat {s}{who}: out"
        known = self.recycled_stocks[s]
        if known:
            stock = f"stock {len(known)}: " + " ".join(str(c) for c in known)
        elif self.stock_sizes[s]:
            stock = f"stock {self.stock_sizes[s]} face down"
        else:
            stock = "stock empty"
        pile = self.piles[s]
        shown = " ".join(str(c) for c in pile[-_PILE_SHOWN:])
        more = f"({len(pile) - _PILE_SHOWN} more) " if len(pile) > _PILE_SHOWN else ""
        face_up = f"face-up {more}{shown}" if pile else "face-up (empty)"
        return f"{mark} seat {s}{who}: {stock} | {face_up}"

    def _ledger_lines(self) -> list[str]:
        n = self.rules.players
        entries = [f"{g}->{rcv}: {self.ledger[g][rcv]}" for g in range(n) for rcv in range(n)
                   if self.ledger[g][rcv]]
        if not entries:
            return []
        net = ", ".join(f"seat {s} {x:+d}" for s, x in enumerate(self.scores))
        return [f"Macarras given (giver->receiver): {'  '.join(entries)}", f"Net: {net}"]

    def _phase_lines(self) -> list[str]:
        if self.phase == "punishment":
            mine = f"your bid: {self.my_bid}" if self.my_bid is not None else (
                "bid 0-10 macarras against the loser's hidden card" if self.seat in self.to_act
                else "you are the loser: the others are bidding")
            cap = " (turn cap)" if self.capped else ""
            return [f"Seat {self.loser} lost{cap}. Final punishment: {mine}"]
        if self.phase == "over":
            bids = ", ".join(f"seat {s} bid {b}" for s, b in enumerate(self.bids) if b is not None)
            card = f"; the card was {self.punishment_card}" if self.punishment_card else ""
            return [f"Game over: seat {self.loser} lost{card}" + (f"; {bids}" if bids else "")]
        return []


def build_view(game: naipes.macarra.state.Game, seat: int) -> View:
    """The view of ``seat`` (``Game.view`` calls it)."""
    phase = game._phase
    card = _CARD
    n = game.num_players
    stocks, piles = game._stocks, game._piles
    recycled = tuple(tuple(map(card, reversed(stocks[s]))) if game._recycled[s] else None
                     for s in range(n))
    answers = game._answers
    my = answers.get(seat)
    ledger = game.ledger
    playing = phase == Phase.PLAY
    return View(
        seat=seat, hand=(), scores=net_scores(ledger), to_act=game.to_act,
        legal_moves=game.legal_moves(seat),
        forced_move=game.forced_move(seat) if playing and seat == game._turn else None,
        known=tuple(c for r in recycled if r for c in r),
        rules=game.rules, phase=Phase.NAMES[phase],
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
        punishment_card=CARDS[game._pcard] if phase == Phase.OVER and game._pcard else None,
        cards_in_play=tuple(map(card, game._deck)) if game._deck is not None else None,
    )
