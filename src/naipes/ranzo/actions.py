"""Dense action ids and observation vectors for Ranzo: :class:`ActionSpace`.

Every Ranzo move has an id, the same in every state and for every player
count; only the deck size (48 or 40 cards, ``D``) changes the numbering. The
deck order is :func:`naipes.decks.spanish_deck` (``1o 2o ... 12o 1c ... 12b``).

=========================  =====  ==================================================
ids (48 cards; 40 cards)   count  move
=========================  =====  ==================================================
0                          1      ``ranzo``
1                          1      ``pass``
2..49 (2..41)              D      ``discard <card>``, cards in deck order
50..93 (42..77)            D-4    ``truco <card>``, the cards numbered 2 to 12 in deck
                                  order (a truco needs a higher number than the
                                  discard, so a 1 is never one)
94..249 (78..205)          156    ``envido <a> <b>``, every pair of cards that is two
                           (128)  thirds of a juego (RZ-04: 72 (60) trío pairs, 84
                                  (68) escalera pairs), ordered by the deck positions
                                  of the pair's cards (lower first, then higher)
=========================  =====  ==================================================

``size`` is 250 with 48 cards and 206 with 40. ``index`` and ``move`` need no
view.

>>> from naipes import ranzo
>>> space = ranzo.ActionSpace()
>>> space.size, space.observation_size
(250, 775)
>>> [str(space.move(i)) for i in (0, 1, 2, 50, 94)]
['ranzo', 'pass', 'discard 1o', 'truco 2o', 'envido 1o 2o']
>>> space.index(ranzo.Move.parse("envido 8b 7b"))
241
>>> game = ranzo.Game(seed=3)
>>> view = game.view(0)
>>> ids = space.legal_ids(view)
>>> len(ids) == len(view.legal_moves), {space.move(i) for i in ids} == set(view.legal_moves)
(True, True)
>>> space.mask(view)[space.index(view.legal_moves[0])]
True

The observation (:meth:`ActionSpace.encode`) is built from the view only. Card
zones are 0/1 flags in deck order; per-seat parts are **relative to the
view's seat** (offset ``k`` is seat ``(view.seat + k) % N``: the seat itself,
then the next seat in turn order...), and the slice ``seat`` also gives the
absolute seat one-hot. See :class:`ActionSpace` for the slices.

.. versionadded:: 1.0
"""

from __future__ import annotations

from typing import Any, Sequence, Union

from naipes.actions import ActionSpace as BaseSpace
from naipes.actions import Tracker as BaseTracker
from naipes.errors import UsageError
from naipes.ranzo._observation import Layout, Writer, sight_of_view
from naipes.ranzo._phase import Phase
from naipes.ranzo._tables import tables
from naipes.ranzo.moves import PASS, RANZO, Envido, Move, Pass, Truco, discard, envido, truco
from naipes.ranzo.rules import Rules
from naipes.ranzo.view import View

__all__ = ["ActionSpace"]

_PHASES = (Phase.TURN, Phase.WINDOW, Phase.STEAL, Phase.OVER)
#: Where an encoding is written: a zeroed list, or a dict of the non-zero entries.
Out = Union[list[float], dict[int, float]]


class ActionSpace(BaseSpace[Rules, Move, View]):
    """The action ids and observation encoding of Ranzo under ``rules``.

    Ids: see the module table (``ranzo``, ``pass``, D discards, D-4 trucos,
    the envido pairs). Every legal move has an id, so ``mask(view)`` has
    exactly ``len(view.legal_moves)`` True flags.

    The observation, with D cards in the deck and N seats (``(k)``: relative
    seat order, own seat first):

    ===================  =======  ========================================================
    slice                length   content
    ===================  =======  ========================================================
    ``hand``             D        the seat's concealed cards
    ``hand_order``       D        per concealed card, ``(position + 1) / (hand size + 1)``
                                  in the order received, else 0
    ``open``             N*D      the open juegos' cards of each seat (k)
    ``known``            N*D      each seat's (k) concealed cards that everyone knows
    ``discards``         D        the discard pile (in a window: with the claimed card)
    ``discard_order``    D        per discarded card, ``(position + 1) / D`` (oldest
                                  first), else 0
    ``claim_card``       D        the card under claim (window) or just stolen (steal)
    ``claim``            2        the winning claim in the steal phase: envido, truco
    ``claim_cards``      D        the cards that claim names
    ``my_answer``        3        the seat's own answer in the open window: pass,
                                  envido, truco
    ``my_answer_cards``  D        the cards that answer names
    ``last_window``      3*N      per seat (k): pass, envido, truco in the last
                                  resolved window of this hand (all 0 for no answer)
    ``answered``         N        seats (k) that answered the open window
    ``hand_sizes``       N        concealed cards per seat (k) / (hand size + 1)
    ``stock``            1        stock size / D
    ``scores``           N        balances (k) / (N * starting points), or the balances
                                  themselves when the starting points are 0
    ``phase``            4        one-hot: turn, window, steal, over
    ``to_act``           N        the seats (k) to act
    ``turn``             N        one-hot: the seat (k) whose turn it is
    ``dealer``           N        one-hot: the dealer (k)
    ``stealer``          N        one-hot: the claim's winner (k) in the steal phase
    ``seat``             N        one-hot: the view's absolute seat
    ``hand_number``      1        hand number / number of hands
    ===================  =======  ========================================================

    The length is ``(2N + 7) * D + 11N + 11``: 775 with the defaults, 655 with
    the 40-card deck, 668 with three players (48 cards). The hand log and team
    totals are left out (balances carry them), and so is the order in which a
    seat laid its open juegos (two at most, with three players): they are card
    sets here.

    Args:
        rules: the rules (``None``: ``Rules()``).

    Raises:
        UsageError: for rules that are not :class:`~naipes.ranzo.Rules` (code
            ``wrong_rules``); :meth:`encode` raises it for a view of other rules.

    .. versionadded:: 1.0
    """

    def __init__(self, rules: Rules | None = None) -> None:
        rules = self._own_rules(rules, Rules)
        self.rules = rules
        start, n = rules.starting_points, rules.players
        # balances never go below 0 and only move between seats (RZ-13, RZ-14)
        self.returns_range = ((-2.0 * start, 2.0 * start) if rules.teams
                              else (-float(start), float((n - 1) * start)))
        deck = tables(rules.deck).deck
        pos = {card: i for i, card in enumerate(deck)}
        pairs = {p for card in deck for p in tables(rules.deck).pairs[card]}
        envidos = sorted((envido(a, b) for a, b in pairs),
                         key=lambda m: sorted((pos[m.a], pos[m.b])))
        moves: list[Move] = [RANZO, PASS]
        moves += [discard(c) for c in deck]
        moves += [truco(c) for c in deck if c.rank > 1]
        moves += envidos
        self._set_catalogue(moves)
        #: every value lies in [0, 1] (balances never go below 0 nor past N * starting points)
        self.slice_bounds = {}
        self._card: dict[int, int] = {id(c): i for i, c in enumerate(deck)}
        n = self._n = rules.players
        d = self._d = len(deck)
        self._rot = tuple(tuple((s - seat) % n for s in range(n)) for seat in range(n))
        self.observation_spec = BaseSpace.spec(
            ("hand", d), ("hand_order", d), ("open", n * d), ("known", n * d), ("discards", d),
            ("discard_order", d), ("claim_card", d), ("claim", 2), ("claim_cards", d), ("my_answer", 3),
            ("my_answer_cards", d), ("last_window", 3 * n), ("answered", n), ("hand_sizes", n),
            ("stock", 1), ("scores", n), ("phase", 4), ("to_act", n), ("turn", n), ("dealer", n),
            ("stealer", n), ("seat", n), ("hand_number", 1))
        self._kind: dict[type, int] = {Pass: 0, Envido: 1, Truco: 2}
        self._phase_index = {p: i for i, p in enumerate(_PHASES)}
        self._seen_rules = rules
        self._obs_size = sum(length for _, _, length in self.observation_spec)
        self._zero = [0.0] * self._obs_size
        self._held = rules.hand_size + 1
        start = n * rules.starting_points
        self._score_scale = start if start else 1
        self._layouts: dict[int, Layout] = {}

    def _layout(self, seat: int) -> Layout:
        """The places of ``seat``'s observation (made once per seat)."""
        layout = self._layouts.get(seat)
        if layout is None:
            layout = self._layouts[seat] = Layout(self, seat)
        return layout

    def _tracker_type(self) -> type[BaseTracker[Move]]:
        """Ranzo's tracker, which reads the engine instead of a view (:mod:`naipes.ranzo._tracker`)."""
        from naipes.ranzo._tracker import Tracker

        return Tracker

    # -- ids ---------------------------------------------------------------------------------
    def legal_ids(self, view: View) -> tuple[int, ...]:
        """The ids of the seat's legal moves (every Ranzo move has one), ascending."""
        get = self._by_identity.get
        ids = []
        for m in view.legal_moves:
            i = get(id(m))
            if i is None:
                i = self._index(m, view)
                if i is None:
                    continue
            ids.append(i)
        ids.sort()
        return tuple(ids)

    def mask(self, view: View) -> tuple[bool, ...]:
        """``size`` flags: True for the ids of the seat's legal moves."""
        flags = [False] * self.size
        get = self._by_identity.get
        for m in view.legal_moves:
            i = get(id(m))
            if i is None:
                i = self._index(m, view)
                if i is None:
                    continue
            flags[i] = True
        return tuple(flags)

    # -- observation ---------------------------------------------------------------------------
    def encode(self, view: View, out: Any = None) -> Any:
        """The view as a flat vector of floats, laid out by :attr:`observation_spec`.

        As the base :meth:`naipes.actions.ActionSpace.encode`: a tuple, or
        ``out`` (a list or a numpy array of :attr:`observation_size`) filled
        and returned. A numpy array is zeroed and gets only the non-zero
        entries, which saves converting every float.
        """
        if out is None:
            return tuple(self._encode(view))
        if len(out) != self._obs_size:
            return super().encode(view, out)  # raises its UsageError
        self._check_rules(view)
        if type(out) is list:
            out[:] = self._zero
            self._fill(view, out)
        elif hasattr(out, "dtype") and hasattr(out, "fill"):
            sparse: dict[int, float] = {}
            self._fill(view, sparse)
            out.fill(0)
            out[list(sparse)] = list(sparse.values())
        else:
            values = self._zero.copy()
            self._fill(view, values)
            out[:] = values
        return out

    def _check_rules(self, view: View) -> None:
        rules = view.rules
        if rules is not self.rules and rules is not self._seen_rules:
            if rules != self.rules:
                raise UsageError("the view is of other rules than this ActionSpace", code="wrong_rules")
            self._seen_rules = rules

    def _encode(self, view: View) -> Sequence[float]:
        self._check_rules(view)
        out = self._zero.copy()
        self._fill(view, out)
        return out

    def _fill(self, view: View, out: Out) -> None:
        """Write the view's non-zero values into ``out`` (a zeroed list, or a dict of them): the
        one observation writer (:mod:`naipes.ranzo._observation`) on the view's sight."""
        sight = sight_of_view(view)
        Writer(self._layout(view.seat), out).write(sight, sight)
