"""Machuco's dense action ids and observation vectors (:class:`ActionSpace`).

Every Machuco move has an id, the same in every state (``view`` is never
needed): the 40 cards in the deck's canonical order (oros, copas, espadas,
bastos; 1–7, 10–12), then ``mayor``, ``quiero``, ``no quiero``, then the
envíos ``2..envio_limit`` (none when ``envio_enabled`` is off):

==========================  ==================================================
id                          move
==========================  ==================================================
``0..39``                   ``PlayCard(card)``: id = 10 × suit + number index
``40``                      ``mayor``
``41``                      ``quiero``
``42``                      ``no quiero``
``43..41+envio_limit``      ``envio N`` for N = 2..``envio_limit`` (id 41 + N)
==========================  ==================================================

>>> from naipes import machuco
>>> space = machuco.ActionSpace()
>>> space.size, space.index(machuco.MAYOR), str(space.move(9)), str(space.move(44))
(47, 40, '12o', 'envio 3')
>>> game = machuco.Game(machuco.Rules(), seed=1)
>>> view = game.view(game.current_player)
>>> [space.move(i) for i in space.legal_ids(view)] == sorted(view.legal_moves, key=space.index)
True
>>> len(space.encode(view)) == space.observation_size
True

The observation is laid out *relative to the seat*: per-seat blocks start with
the seat itself and follow the turn order (``seat``, ``seat+1``, …); per-side
blocks start with the seat's own side and follow the turn order too (side of
``seat+1`` next). The slice ``seat`` is the seat's absolute number, one-hot.
The layout is on the :doc:`rules page </games/machuco>` ("Action ids and observations").

.. versionadded:: 1.0
"""

from __future__ import annotations

from typing import Sequence

from naipes.actions import ActionSpace as BaseSpace
from naipes.actions import Tracker as BaseTracker
from naipes.errors import UsageError
from naipes.machuco._observation import Layout, Writer, sight_of_view
from naipes.machuco._tables import DECK40
from naipes.machuco.moves import MAYOR, NO_QUIERO, QUIERO, Move, envio, play_card
from naipes.machuco.rules import Rules
from naipes.machuco.view import View

__all__ = [
    "ActionSpace",
    "CANTE_SCALE",
    "HAND_SCALE",
    "MAYOR_ID",
    "NO_QUIERO_ID",
    "PLAYS_SCALE",
    "QUIERO_ID",
    "SCORE_CAP",
    "TOTAL_SCALE",
]

#: The id of ``mayor``; ``quiero`` and ``no quiero`` follow; envío N is ``41 + N``.
MAYOR_ID = 40
#: The id of ``quiero``.
QUIERO_ID = 41
#: The id of ``no quiero``.
NO_QUIERO_ID = 42
#: Hand sizes are divided by this (a hand holds at most 3 cards).
HAND_SCALE = 3.0
#: The stock size and the plays of the hand are divided by this (36 plays in a hand).
PLAYS_SCALE = 36.0
#: A cante's value is divided by this (the highest figure, caracol real, is worth 6).
CANTE_SCALE = 6.0
#: A side's total of cante values (at most two figures of 6) is divided by this.
TOTAL_SCALE = 12.0
#: A side's points over the target are capped at this in the ``scores`` slice (a chico's
#: points can pass the target by the points of its last hand).
SCORE_CAP = 2.0
#: The card index by the card's cached hash: an int key is cheaper to look up than a Card
#: (whose ``__hash__`` is Python code); the 40 hashes are distinct (checked here).
_BY_HASH: dict[int, int] = {c._hash: i for i, c in enumerate(DECK40)}
assert len(_BY_HASH) == 40


class ActionSpace(BaseSpace[Rules, Move, View]):
    """Integer ids for Machuco's moves and a float encoding of its views.

    Args:
        rules: the rules (default :class:`~naipes.machuco.Rules`): the players,
            the sides and the envíos fix ``size`` and the observation layout.

    Every move has an id and ``view`` is never needed by :meth:`index` and
    :meth:`move`. :meth:`encode` raises
    :class:`~naipes.errors.UsageError` (code ``wrong_rules``) for a view of a
    game played under other rules.

    .. versionadded:: 1.0
    """

    def __init__(self, rules: Rules | None = None) -> None:
        rules = self._own_rules(rules, Rules)
        self.rules = rules
        n = self._n = rules.players
        s = self._s = rules.num_sides
        d = self._d = rules.deals_per_hand
        limit = rules.envio_limit if rules.envio_enabled else 1
        moves: list[Move] = [play_card(c) for c in DECK40]
        moves += [MAYOR, QUIERO, NO_QUIERO]
        moves += [envio(a) for a in range(2, limit + 1)]
        self._set_catalogue(moves)
        self._limit = float(max(limit, 1))
        self._pending_width = 1 + 3 + 1 + 2 * s
        self.observation_spec = BaseSpace.spec(
            ("hand", 40), ("table", 40), ("piles", 40 * s), ("aside", 40), ("deal_plays", 40 * n),
            ("known", 40), ("out_of_play", 40),
            ("hand_sizes", n), ("stock_size", 1), ("plays_done", 1), ("deal", d),
            ("scores", s), ("chicos", s), ("partidos", s),
            ("phase", 4), ("to_act", n), ("seat", n), ("dealer", n),
            ("last_throw", 10), ("chain_number", 10), ("chain_level", 2), ("chain_side", s), ("chain_stack", 1),
            ("last_capturer", s),
            ("cantes", 4 * n), ("cantes_known", 1),
            ("contest", 1 + 3 + 1), ("contest_sides", 2 * s), ("contest_seats", 2 * n),
            ("pending", d * self._pending_width),
            ("winner", s),
        )
        self._at = {name: start for name, start, _ in self.observation_spec}
        self._offsets = tuple(start for _, start, _ in self.observation_spec)
        self._size = sum(length for _, _, length in self.observation_spec)
        # relative positions: _rel_seat[seat][t], _rel_side[seat][side]
        self._rel_seat = tuple(tuple((t - seat) % n for t in range(n)) for seat in range(n))
        self._rel_side = tuple(tuple((t - seat) % s for t in range(s)) for seat in range(n))
        self._score_scale = (float(rules.target), float(rules.chicos_per_partido), float(rules.partidos_to_win))
        #: a side's points over the target are capped at SCORE_CAP; every other value lies in [0, 1]
        self.slice_bounds = {"scores": (0.0, SCORE_CAP)}
        self._checked: object = rules
        self._layouts: dict[int, Layout] = {}

    @property
    def observation_size(self) -> int:
        """The length of :meth:`encode`'s vector (computed once: ``encode`` asks for it every call)."""
        return self._size

    def _tracker_type(self) -> type[BaseTracker[Move]]:
        """Machuco's tracker, which reads the engine instead of a view (:mod:`naipes.machuco._tracker`)."""
        from naipes.machuco._tracker import Tracker

        return Tracker

    # -- the observation -------------------------------------------------------------------------
    def _layout(self, seat: int) -> Layout:
        """The places of ``seat``'s observation (made once per seat)."""
        layout = self._layouts.get(seat)
        if layout is None:
            layout = self._layouts[seat] = Layout(self, seat)
        return layout

    def _encode(self, view: View) -> Sequence[float]:
        """The one observation writer (:mod:`naipes.machuco._observation`) on the view's sight."""
        if view.rules is not self._checked:
            if view.rules != self.rules:
                raise UsageError("this view's game has other rules than the action space", code="wrong_rules")
            self._checked = view.rules
        out = [0.0] * self._size
        sight = sight_of_view(view, self._moves)
        Writer(self._layout(view.seat), out).write(sight, sight)
        return out
