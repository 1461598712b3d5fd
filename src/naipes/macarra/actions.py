"""Dense action ids and observation vectors for Macarra (:class:`ActionSpace`).

Every Macarra move has an id, the same in every state, and ``index``/``move``
need no view. With ``N`` players, a ``K``-card deck (40 or 48), ``D`` decks
and so ``F = 4 * D`` possible foundations, the ids run:

=================================  ==========================  ================================
ids                                move                        order inside the block
=================================  ==========================  ================================
``0``                              ``draw``                    --
``1``                              ``pass``                    --
``2 .. 5``                         ``<ace> new``               suits oros, copas, espadas, bastos
``6 ..``  (``F * (K - 4)``)        ``<card> f<i>``             foundation ``i``, then the card
                                                               (aces never go on a foundation)
next ``N * K``                     ``<card> p<seat>``          seat, then the card
last ``11`` (with the punishment)  ``bid 0`` .. ``bid 10``     the amount
=================================  ==========================  ================================

Cards run in the rules' deck order: suit by suit (oros, copas, espadas,
bastos), each from 1 up to 12 (40 cards: without 8 and 9). With the default
rules (4 players, one 40-card deck) the size is 321:

>>> from naipes import macarra
>>> space = ActionSpace()
>>> space.size, space.index(macarra.DRAW), space.move(2)
(321, 0, StartFoundation(card=Card.parse('1o')))
>>> space.move(space.index(macarra.Move.parse("12b p2")))
PlaceOnPile(card=Card.parse('12b'), seat=2)
>>> ActionSpace(macarra.Rules(final_punishment=False)).size
310

The observation (:meth:`ActionSpace.encode`) is laid out by
:attr:`ActionSpace.observation_spec`; seats are absolute (seat ``s`` is always
place ``s``) and the viewer is marked in the ``seat`` slice, because the move
ids name absolute seats. The :doc:`rules page </games/macarra>` has the table.

.. versionadded:: 1.0
"""

from __future__ import annotations

from typing import Any, Sequence

from naipes.actions import ActionSpace as BaseSpace
from naipes.actions import Tracker
from naipes.errors import InvalidStateError, UsageError
from naipes.macarra._tables import Phase, tables
from naipes.macarra.moves import (
    BIDS,
    DRAW,
    PASS,
    Move,
    on_foundation,
    on_pile,
    start_foundation,
)
from naipes.macarra.rules import Rules
from naipes.macarra.view import View

__all__ = ["ActionSpace", "returns_bounds"]

_PHASES = (Phase.PLAY, Phase.WINDOW, Phase.OVER)
_NBIDS = len(BIDS)


def returns_bounds(rules: Rules) -> tuple[float, float]:
    """The lowest and highest ``Result.returns`` of a seat in a game dealt under ``rules``.

    With ``N`` players, ``D`` decks and ``P = max_decisions - (N - 1)`` play decisions:

    * an infraction costs its maker ``N - 1`` and gives every other seat 1;
    * an ace drawn from a stock gives its drawer ``N - 1`` and costs every other
      seat 1 (``ace_macarra``); a drawn ace either starts a foundation (at most
      ``4 * D`` times in a game) or is laid on its drawer's own pile, which is
      an infraction, so aces bring a seat at most ``4 * D * (N - 1)`` beyond what
      its infractions cost it, and cost it at most ``4 * D`` beyond what the
      others' infractions give it;
    * the final punishment costs the loser at most 10 per other seat and
      brings every other seat at most 10.

    So ``low = -((N - 1) * P + 4 * D + 10 * (N - 1))`` and
    ``high = P + 4 * D * (N - 1) + 10``, without the ``P`` terms under
    ``infractions="forbid"``, the ``D`` terms without ``ace_macarra`` and the
    10s without ``final_punishment``. A game from ``from_position`` or
    ``from_dict`` starts from its own ledger and is not bounded by them.

    >>> returns_bounds(Rules(infractions="forbid"))
    (-34.0, 22.0)
    >>> returns_bounds(Rules())
    (-12330034.0, 4110022.0)

    .. versionadded:: 1.0
    """
    n, d = rules.players, rules.num_decks
    plays = rules.max_decisions - (n - 1) if rules.infractions == "penalize" else 0
    aces = 4 * d if rules.ace_macarra else 0
    bid = 10 if rules.final_punishment else 0
    return (-float((n - 1) * plays + aces + bid * (n - 1)), float(plays + aces * (n - 1) + bid))


class ActionSpace(BaseSpace[Rules, Move, View]):
    """Integer ids for every Macarra move and a float encoding of a :class:`~naipes.macarra.View`.

    Args:
        rules: the rules (default :class:`~naipes.macarra.Rules`).

    Attributes:
        rules: the rules.
        size: the number of ids: ``2 + 4 + F * (K - 4) + N * K`` plus 11 bids
            when ``final_punishment`` is on.
        observation_spec: the named slices of :meth:`encode`'s vector.
        returns_range: the bounds of ``Result.returns`` under the rules (:func:`returns_bounds`);
            the adapters read them.
        score_scale: scores are divided by it: ``10 * (players - 1)``, the
            most the final punishment can cost the loser.

    Raises:
        UsageError: for rules that are not Macarra's ``Rules`` (code ``wrong_rules``).

    .. versionadded:: 1.0
    """

    def __init__(self, rules: Rules | None = None) -> None:
        rules = self._own_rules(rules, Rules)
        self.rules = rules
        t = tables(rules.deck)
        n, k, d = rules.players, rules.deck, rules.num_decks
        f = 4 * d
        self._n, self._k, self._d, self._f = n, k, d, f
        self._c = c = k * d
        deck = t.full_deck  # codes in the fixed card order
        # the id table: the engine's interned moves, so move(i) is the object legal_moves holds
        moves: list[Move] = [DRAW, PASS]
        moves += [start_foundation(code) for code in deck if code & 15 == 1]
        non_aces = [code for code in deck if code & 15 != 1]
        for i in range(f):
            moves += [on_foundation(i, code) for code in non_aces]
        for s in range(n):
            moves += [on_pile(s, code) for code in deck]
        if rules.final_punishment:
            moves += BIDS
        self._set_catalogue(moves)
        self.score_scale = float(10 * (n - 1))
        self.returns_range = returns_bounds(rules)
        low, high = self.returns_range
        #: the scores are the returns so far over score_scale; the rest lies in [0, 1]
        self.slice_bounds = {"scores": (low / self.score_scale, high / self.score_scale)}
        self.observation_spec = BaseSpace.spec(
            ("seat", n), ("to_act", n), ("phase", 3), ("held", k), ("foundations", f * k),
            ("pile_tops", n * k), ("piles", n * c), ("pile_sizes", n), ("stock_sizes", n),
            ("recycled", n), ("stocks", n * c), ("unseen", k), ("out", n), ("scores", n),
            ("turns", 1), ("loser", n), ("capped", 1), ("answered", n), ("my_bid", _NBIDS),
            ("bids", n), ("punishment_card", k))
        self._observation_size = sum(length for _, _, length in self.observation_spec)
        self._at = {name: start for name, start, _ in self.observation_spec}
        self._phase_at = {p: self._at["phase"] + i for i, p in enumerate(_PHASES)}
        #: ``1 - depth / C`` for each depth
        self._depth_value = [1.0 - depth / c for depth in range(c)]
        #: a count of copies scaled by the decks
        self._count_value = [x / d for x in range(d + 1)]
        self._lay: Any = None  # the observation writer's layout, made at the first encode(view)

    # -- ids ----------------------------------------------------------------------------------
    def legal_ids(self, view: View) -> tuple[int, ...]:
        """The ids of the seat's legal moves (every Macarra move has one), ascending."""
        by_identity, moves = self._by_identity.get, self._moves
        ids = []
        for m in view.legal_moves:
            i = by_identity(id(m))
            if i is None or moves[i] is not m:
                i = self._index(m, view)
                if i is None:
                    continue
            ids.append(i)
        ids.sort()
        return tuple(ids)

    def _tracker_type(self) -> type[Tracker[Move]]:
        """Macarra's own tracker: it reads the engine and rewrites only what a move changed."""
        from naipes.macarra._tracker import Tracker as MacarraTracker

        return MacarraTracker

    # -- observations -------------------------------------------------------------------------
    def _encode(self, view: View) -> Sequence[float]:
        """The one observation writer (:mod:`naipes.macarra._observation`): a fresh hub on the
        view's contents, and the seat's own places."""
        from naipes.macarra._observation import Hub, layout, shown_of_view, write_own

        rules = view.rules
        if rules is not self.rules and rules != self.rules:
            raise UsageError("the view is of other rules than this ActionSpace's", code="wrong_rules")
        lay = self._lay
        if lay is None:
            lay = self._lay = layout(self)
        try:
            shown = shown_of_view(view, lay)
        except InvalidStateError:  # a card that is not a Spanish card, or not of the deck
            raise UsageError("the view holds a card that is not of the rules' deck", code="wrong_rules") from None
        hub = Hub(lay)
        hub.sync(shown)
        out = hub.vec
        write_own(out, lay, view.seat, -1, -1 if view.my_bid is None else view.my_bid)
        return out
