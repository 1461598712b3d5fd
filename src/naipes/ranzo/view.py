"""What one Ranzo seat may know: :class:`View`, its :meth:`View.sample` and :meth:`View.render`.

A view holds the seat's own concealed hand, every open juego, the discards,
the public cards of the other concealed hands (shown truco cards, named envido
cards, stolen discards), balances and the stock size; never another concealed
hand, the stock order or a window answer not yet revealed.

.. versionadded:: 0.1
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from naipes.cards import Card
from naipes.game import View as BaseView
from naipes.ranzo.moves import Move
from naipes.ranzo.rules import Rules

if TYPE_CHECKING:
    import naipes.ranzo.state

__all__ = ["View", "build_view"]

Juego = tuple[Card, ...]


@attrs.frozen(kw_only=True)
class View(BaseView):
    """One seat's view of a Ranzo game.

    Attributes:
        rules: the rules in force.
        players: the number of seats.
        round: this round's number (from 1); ``rounds``: rounds in the game.
        dealer: this round's dealer.
        phase: ``"turn"``, ``"window"``, ``"steal"`` or ``"over"``.
        turn: the seat whose turn it is (in a window or steal: the discarder).
        stock_size: cards left in the stock.
        discards: the dead discard pile, oldest first (in a window the last
            card is the one being claimed).
        open_juegos: every seat's open juegos.
        hand_sizes: every seat's number of concealed cards.
        known_by_seat: per seat, its concealed cards that everybody knows.
        claim_card: the card under claim (window) or just stolen (steal).
        stealer: who won the claim, in the steal phase.
        claim: the winning claim, in the steal phase.
        last_window: the answers of the last resolved window of this round.
        answered: the seats that already answered the open window.
        my_answer: this seat's answer to the open window, if given.
        round_log: ``(winner, value, specials)`` of each finished round.
        cards: the cards in play (the whole deck in a normal game), canonical order.
        team_totals: the team totals in the team variant, else ``None``.

    .. versionadded:: 0.1
    """

    rules: Rules
    players: int
    round: int
    rounds: int
    dealer: int
    phase: str
    turn: int
    stock_size: int
    discards: tuple[Card, ...]
    open_juegos: tuple[tuple[Juego, ...], ...]
    hand_sizes: tuple[int, ...]
    known_by_seat: tuple[tuple[Card, ...], ...]
    claim_card: Card | None
    stealer: int | None
    claim: Move | None
    last_window: tuple[tuple[int, Move], ...]
    answered: tuple[int, ...]
    my_answer: Move | None
    round_log: tuple[tuple[int | None, int, tuple[str, ...]], ...]
    cards: tuple[Card, ...]
    team_totals: tuple[int, ...] | None

    def sample(self, rng: random.Random) -> naipes.ranzo.state.Game:
        """A full game consistent with this view.

        The unseen cards go at random to the other concealed hands (after
        their public cards) and to the stock; hidden window answers are
        re-drawn among the legal ones.
        """
        from naipes.ranzo.sampling import sample_world
        return sample_world(self, rng)

    def render(self) -> str:
        """The table as plain text for a terminal."""
        from naipes.ranzo.render import render_view
        return render_view(self)


def build_view(game: naipes.ranzo.state.Game, seat: int) -> View:
    """The view of ``seat`` (used by :meth:`Game.view`)."""
    phase = game.phase
    window = phase == "window"
    answers = game._answers
    known_by_seat = tuple(tuple(k) for k in game.known)
    claim_card: Card | None = None
    if window:
        claim_card = game.discards[-1]
    elif phase == "steal" and game.stealer is not None:
        claim_card = game.hands[game.stealer][-1]
    return View(
        seat=seat, hand=tuple(game.hands[seat]), scores=tuple(game.balances), to_act=game.to_act,
        legal_moves=game.legal_moves(seat),
        known=tuple(c for s, k in enumerate(known_by_seat) if s != seat for c in k),
        rules=game.rules, players=game.num_players, round=game.round, rounds=game.rules.num_rounds,
        dealer=game.dealer, phase=phase, turn=game.turn, stock_size=len(game.stock),
        discards=tuple(game.discards), open_juegos=tuple(tuple(o) for o in game.opens),
        hand_sizes=tuple(len(h) for h in game.hands), known_by_seat=known_by_seat,
        claim_card=claim_card, stealer=game.stealer if phase == "steal" else None,
        claim=game.claim if phase == "steal" else None, last_window=game.last_window,
        answered=tuple(sorted(answers)) if window else (),
        my_answer=answers.get(seat) if window else None,
        round_log=tuple(game.round_log), cards=game.cards, team_totals=game.team_totals)
