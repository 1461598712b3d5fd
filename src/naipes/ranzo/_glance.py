"""Private: what RanzoBot reads of one seat's view, taken from the engine without building it.

A search asks RanzoBot (its rollout policy and its evaluation) tens of
thousands of times a decision, each time for a world it holds. :func:`glance`
gives the fields RanzoBot's reckoning reads (:class:`naipes.ranzo.bots._Context`
and :func:`naipes.ranzo._knowledge.evaluate`), with the same contents as
:meth:`Game.view <naipes.game.Game.view>` and nothing the view would not show:
the seat's own hand, the public cards and every seat's count. It shares the
engine's lists instead of copying them, so it is read at once and not kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from naipes.cards import Card
from naipes.ranzo._phase import STEAL, Phase
from naipes.ranzo.moves import Envido, Move, Truco
from naipes.ranzo.rules import Rules
from naipes.ranzo.view import claim_card_of

if TYPE_CHECKING:
    from naipes.ranzo.state import Game

__all__ = ["Glance", "glance"]


class Glance:
    """The fields of a :class:`~naipes.ranzo.View` that RanzoBot reads (same names, same contents)."""

    __slots__ = ("seat", "rules", "players", "phase", "legal_moves", "hand", "discards", "open_juegos",
                 "known_by_seat", "hand_sizes", "cards", "claim_card", "claim", "scores")

    seat: int
    rules: Rules
    players: int
    phase: Phase
    legal_moves: tuple[Move, ...]
    hand: Sequence[Card]
    discards: Sequence[Card]
    open_juegos: Sequence[Sequence[tuple[Card, ...]]]
    known_by_seat: Sequence[Sequence[Card]]
    hand_sizes: Sequence[int]
    cards: tuple[Card, ...]
    claim_card: Card | None
    claim: Envido | Truco | None
    scores: Sequence[int]


def glance(game: Game, seat: int) -> Glance:
    """What ``seat``'s view shows RanzoBot of ``game`` now (see the module docstring)."""
    g = Glance()
    phase = game._phase
    g.seat, g.rules, g.players, g.phase = seat, game.rules, game.num_players, phase
    g.legal_moves = game.legal_moves(seat)
    g.hand, g.discards, g.open_juegos, g.known_by_seat = game._hands[seat], game._discards, game._opens, game._known
    g.hand_sizes = [len(h) for h in game._hands]
    g.cards, g.scores = game._cards, game._balances
    g.claim_card = claim_card_of(game)
    g.claim = game._claim if phase is STEAL else None
    return g
