"""The Machuco engine: :class:`Game` plays hands, deals, cantes, captures and scores.

Every automatic effect (turn-up, dealing, cantes, captures, majos, limpias,
leftovers, the card count, chico/partido/match bookkeeping, the next hand) is
applied inside :meth:`Game.play` up to the next decision (MC-24). The hand runs
as a linear sequence of steps (``naipes.machuco._steps``), without exceptions
for control flow.

>>> from naipes.machuco import Game, Rules
>>> game = Game(Rules(players=2, scope="hand"), seed=3, dealer=1)
>>> game.current_player, len(game.view(0).hand), len(game.view(0).table)
(0, 3, 4)

.. versionadded:: 0.1
.. versionchanged:: 1.0
   ``flow.py`` is gone (no ``ChicoOver`` exception); ``phase`` is a
   :class:`Phase`; ``Result`` lives in :mod:`naipes.machuco.scoring`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Sequence

from naipes._jsonable import JSON
from naipes.cards import Card
from naipes.errors import InvalidStateError, UsageError
from naipes.machuco import _hand, legality, position
from naipes.machuco import events as ev
from naipes.machuco._steps import Engine, _holds
from naipes.machuco._tables import DECK40, Phase
from naipes.machuco.moves import MAYOR, NO_QUIERO, QUIERO, Move, envio, short_forms
from naipes.machuco.rules import Rules
from naipes.machuco.scoring import Result, envio_amounts

if TYPE_CHECKING:
    from naipes.machuco.view import View

__all__ = ["Game", "Phase"]

_PLAYING, _DECIDING, _RESPONDING = Phase.PLAY, Phase.DECIDE, Phase.RESPOND


class Game(Engine):
    """A game of Machuco from its first hand to the end of ``rules.scope``.

    Args:
        rules: the rules (default :class:`Rules`).
        seed: seed of the game's generator (``None``: fresh entropy).
        rng: the generator itself (instead of ``seed``).
        deck: the 40-card order (top first) of the first hand, or a sequence
            of orders for the first hands; later hands are shuffled.
        dealer: the first dealer; ``None`` draws for it (MC-03).

    In the play phase :meth:`legal_moves` lists the cards of the hand in the
    order received (only capturing cards under ``compulsory_capture`` when
    there are any).

    Raises:
        InvalidStateError: a ``deck=`` that is not an order of the 40 cards
            (code ``bad_deck``).
        UsageError: a ``dealer`` that is not a seat (code ``no_such_seat``).

    .. versionadded:: 0.1
    """

    name: ClassVar[str] = "machuco"
    rules_type: ClassVar[type[Any]] = Rules
    move_type: ClassVar[type[Move]] = Move

    __slots__ = ()
    #: Every listed move is an interned object (the hand's play moves, the decisions' constants),
    #: and a move's ``==`` runs Python code: ``play`` finds a listed move by identity first.
    _listed_by_identity = True
    #: Seeded games build their opening events when they are read (a learning environment starts
    #: a game every few decisions; its events were a quarter of that cost).
    _lazy_opening = True

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None,
                 rng: random.Random | None = None,
                 deck: Sequence[Card] | Sequence[Sequence[Card]] | None = None,
                 dealer: int | None = None) -> None:
        orders = self._deck_orders(deck)
        for order in orders:
            if sorted(map(str, order)) != sorted(map(str, DECK40)):
                raise InvalidStateError("deck= must be an order of the 40-card Spanish deck", code="bad_deck",
                                        rule="MC-01")
        start: dict[str, JSON] = {}
        if orders:
            start["deck"] = [[str(c) for c in o] for o in orders]
        if dealer is not None:
            start["dealer"] = dealer
        self._init_base(rules, seed=seed, rng=rng, start=start)
        self._setup(self.rules)
        self._orders = orders
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < self._n):
            raise UsageError(f"dealer must be a seat 0..{self._n - 1}, not {dealer!r}", code="no_such_seat")
        if dealer is None:
            self._draw, dealer = _hand.draw_dealer(self._rng, self._n)
            if self._wants(ev.DealerDrawn):
                self._emit(ev.DealerDrawn(rounds=self._draw, dealer=dealer))
        self._dealer = dealer
        self._mano = (dealer + 1) % self._n
        self._run(self._start_hand)

    # -- public properties --------------------------------------------------------------
    @property
    def scores(self) -> tuple[int, ...]:
        """The running chico score of each side."""
        return tuple(self._scores)

    @property
    def chicos(self) -> tuple[int, ...]:
        """Chicos won by each side in the current partido."""
        return tuple(self._chicos)

    @property
    def partidos(self) -> tuple[int, ...]:
        """Partidos won by each side."""
        return tuple(self._partidos)

    @property
    def phase(self) -> Phase:
        """``Phase.PLAY``, ``DECIDE`` (mayor or envío), ``RESPOND`` (quiero or not) or ``OVER``."""
        return self._phase

    @property
    def dealer(self) -> int:
        """The dealer of the current hand."""
        return self._dealer

    @property
    def mano(self) -> int:
        """The mano of the current hand: the seat after the dealer."""
        return self._mano

    @property
    def dealer_draw(self) -> tuple[tuple[tuple[int, Card], ...], ...]:
        """The high-card draw for the first dealer: each round's ``(seat, card)`` (``()`` if given)."""
        return self._draw

    @property
    def hand_number(self) -> int:
        """Hands begun so far (1-based)."""
        return self._hand_no

    def side_of(self, seat: int) -> int:
        """The side a seat plays for.

        Raises:
            UsageError: for a seat that does not exist (code ``no_such_seat``).
        """
        if type(seat) is not int or not 0 <= seat < self._n:
            raise UsageError(f"no seat {seat!r} in a {self._n}-player game", code="no_such_seat")
        return self._side_of[seat]

    @property
    def result(self) -> Result | None:
        """How the game ended, or ``None`` while it runs."""
        return self._result() if self._phase is Phase.OVER else None

    def dealt_hand(self, seat: int, deal: int) -> tuple[Card, ...]:
        """The cards ``seat`` was dealt in ``deal`` (1-based) of this hand, as far as played or held.

        Cards still held count only for the current deal.

        Raises:
            UsageError: for a seat (``no_such_seat``) or a deal (``no_such_deal``) that does not exist.
        """
        self.side_of(seat)
        if type(deal) is not int or not 1 <= deal <= len(self._deal_starts):
            raise UsageError(f"no deal {deal!r} in this hand (deals 1..{len(self._deal_starts)})",
                             code="no_such_deal")
        return self._dealt(seat, deal)

    # -- hooks: legal moves, checks, short forms --------------------------------------------
    def _legal(self, seat: int) -> tuple[Move, ...]:
        phase = self._phase
        if phase is _PLAYING:
            hand = self._hands[seat]
            if self._compulsory:
                taking = tuple(m for m in hand if self._captures(m.card.rank))
                if taking:
                    return taking
            return tuple(hand)
        if phase is _DECIDING:
            return (MAYOR, *(envio(a) for a in self._amounts()))
        if phase is _RESPONDING:
            return (QUIERO, NO_QUIERO)
        return ()

    def _amounts(self) -> tuple[int, ...]:
        assert self._contest is not None
        return envio_amounts(self._contest.category, self.rules.envio_limit, self.rules.envio_enabled)

    def _check(self, move: Move, seat: int) -> None:
        phase = self._phase
        if phase is _PLAYING:
            if not self._compulsory and _holds(self._hands[seat], move):
                return  # the common case: an interned card of the hand
            hand = self._hands[seat]
            capturing = [m for m in hand if self._captures(m.card.rank)] if self._compulsory else []
            legality._check_play(move, seat, hand, capturing)
        elif phase is _DECIDING:
            legality._check_decision(move, seat, self._amounts())
        elif phase is _RESPONDING:
            legality._check_response(move, seat)

    def _short_forms(self, text: str, seat: int) -> tuple[Move, ...]:
        return short_forms(text, self._legal(seat))

    # -- hooks: applying moves ------------------------------------------------------------
    def _apply(self, move: Move, seat: int) -> None:
        phase = self._phase
        if phase is _PLAYING:
            if self._play(move, seat):  # type: ignore[arg-type]  # _check let only PlayCard through
                self._run(self._end_chico)
            elif self._plays_done % self._deal_len:
                self._set_to_act(self._next_act[seat])
            else:
                self._run(self._end_deal)
        elif phase is _DECIDING:
            self._decide(move, seat)
        elif self._respond(move, seat):
            self._run(self._end_chico)

    # -- views, zones, copies, state dicts ---------------------------------------------------
    def _view(self, seat: int) -> View:
        from naipes.machuco.view import build_view

        return build_view(self, seat)

    def zones(self) -> dict[str, tuple[Card, ...]]:
        """Every card in play by zone: ``hand<seat>``, ``pile<side>``, ``table``, ``stock``, ``aside``."""
        z = {f"hand{s}": tuple(m.card for m in h) for s, h in enumerate(self._hands)}
        z.update({f"pile{s}": tuple(p) for s, p in enumerate(self._piles)})
        z["table"] = tuple(self._table)
        z["stock"] = tuple(m.card for m in self._stock)
        z["aside"] = tuple(self._aside)
        return z

    def _clone_into(self, new: Game) -> None:
        position.clone_into(self, new)

    def _state_dict(self) -> dict[str, JSON]:
        return position.state_dict(self)

    def _load_state(self, state: Mapping[str, Any]) -> None:
        position.load_state(self, state)

    @classmethod
    def from_position(cls, rules: Rules | None = None, **zones: Any) -> Game:
        """A game at an explicit position in the play of a deal (see :mod:`naipes.machuco.position`).

        Keyword-only zones: ``hands`` (per seat, in the order received),
        ``table`` (in table order), ``stock`` (top first), ``piles`` (per
        side), ``aside``, ``dealer`` (default 1 with 2 players, else 3),
        ``scores``, ``chicos``, ``partidos`` (ints the rules can reach), ``deal``
        (1-based, at most the deals of a hand; default from the stock),
        ``last_throw`` (the number just thrown, the last table card; 0 for none),
        ``chain`` (``(rank, level, seat[, stack size])`` of an open majo chain
        made by ``seat``; the stack ends that side's pile), ``last_capturer``
        (a side), ``seed``. Cards named nowhere are out of play.

        Raises:
            InvalidStateError: for an impossible position (codes on the rules page).
        """
        return position.build_position(cls, rules, zones)
