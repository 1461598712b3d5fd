"""Dense action ids and observation vectors for Machiavelli (:class:`ActionSpace`).

A Machiavelli turn may submit any valid layout, far too many to number, so
the ids name *shapes* of play relative to the view, the shapes that
``legal_moves`` lists (MV-16, :mod:`naipes.machiavelli.listing`):

- ``0``: :class:`~naipes.machiavelli.moves.Draw`; ``1``: ``Forfeit(GAVE_UP)``;
- extensions: "extend table meld ``k`` at its low or high end, with a natural
  hand card or a joker": ``2 + slots * k + slot`` for ``k < max_melds``
  (``deck_size // 3``, the most melds a table can hold); ``slot`` is
  ``2 * end + joker`` (``end`` 0 low, 1 high; a group of three's fourth suit
  is its high end), only ``end`` without jokers in play (``slots`` 2 or 4);
- catalogue melds: "lay catalogue meld ``m`` from the hand", ``m`` one of
  the fixed list :attr:`ActionSpace.catalogue` of every three-card meld the
  rules allow (jokers included), groups first.

- listing slots: "the ``j``-th play of ``legal_moves`` that has no shape id
  above", ``slot_start + j`` for ``j < SLOTS``, in the listing's canonical
  order: any play a listing holds beyond the shapes is reachable, and the
  observation describes each slot's play (slice ``slots``: the cards played,
  the melds made and changed, the penalty removed...). The MV-16 listing
  lists shapes only, so the slots stay empty under it; a listing (or a
  wrapper's view) that lists more fills them.
- candidate slots: "the ``j``-th candidate play", ``candidate_start + j`` for
  ``j < candidate_slots`` (:data:`~naipes.machiavelli.candidates.CANDIDATES`,
  16, by default): plays outside the listing that rearrange the table (split
  a run, take a card from a meld into a new one, swap a joker, lay a long
  meld, several pieces at once), made for the seat to act in a fixed order
  by :func:`~naipes.machiavelli.candidates.candidates`, each final layout
  once and none that the listing holds. The observation describes each one
  (slice ``candidates``).

The id layout, in order: Draw, Forfeit, the extensions, the catalogue, the
``SLOTS`` listing slots, the candidate slots; ``size`` is
``candidate_start + candidate_slots``.

Every play ``legal_moves`` lists has exactly one id (up to ``SLOTS`` plays
without a shape), and so has every candidate play: the moves of
:meth:`~ActionSpace.legal_ids` are ``legal_moves`` and the position's
candidates. ``Forfeit(TIMEOUT)`` (accepted, never listed) and every other
unlisted layout have none.

>>> from naipes.machiavelli import Game, Rules
>>> space = ActionSpace(Rules(players=2))
>>> space.size, space.max_melds, len(space.catalogue), space.slot_start, space.candidate_start
(198, 34, 96, 166, 182)
>>> game = Game.from_position(Rules(players=2), hands=["7S 8H 8D 8C", "KD"],
...                           table="[4S 5S 6S]", stock="KH")
>>> view = game.view(0)
>>> [str(space.move(i, view)) for i in space.legal_ids(view)]
['draw', 'forfeit gave_up', 'play 7S: [4S 5S 6S 7S]', 'play 8H 8D 8C: [4S 5S 6S] [8H 8D 8C]', 'play 8H 8D 8C 7S: [4S 5S 6S 7S] [8H 8D 8C]']
>>> space.legal_ids(view)
(0, 1, 3, 101, 182)

The rearrangement of issue 44, a candidate:

>>> from naipes.machiavelli import Move
>>> game = Game.from_position(Rules(players=2), hands=["8S 8D 2C", "KD"], table="[5H 6H 7H 8H]", stock="KH")
>>> view = game.view(0)
>>> i = space.index(Move.parse("play 8S 8D: [5H 6H 7H] [8H 8S 8D]"), view)
>>> i, str(space.move(i, view))
(182, 'play 8S 8D: [5H 6H 7H] [8S 8H 8D]')

A play outside the shapes that a listing holds (here listed by hand) takes a listing slot:

>>> import attrs
>>> swap = Move.parse("play 2C: [5H 6H 7H 8H] [2C]")
>>> listed = attrs.evolve(view, legal_moves=view.legal_moves + (swap,))
>>> space.legal_ids(listed)[-2], space.move(space.slot_start, listed) == swap
(166, True)

.. versionadded:: 1.0
"""

from __future__ import annotations

import threading
from itertools import combinations
from typing import Any, Sequence

from naipes.actions import ActionSpace as BaseSpace
from naipes.actions import Tracker as BaseTracker
from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.errors import UsageError
from naipes.machiavelli.candidates import CANDIDATES, Candidate, candidates, play_key
from naipes.machiavelli.listing import _extensions
from naipes.machiavelli.melds import Meld, hand_value
from naipes.machiavelli.moves import DRAW, FORFEIT, Draw, Forfeit, ForfeitReason, Move, Play
from naipes.machiavelli.position import max_total
from naipes.machiavelli.rules import Rules
from naipes.machiavelli.view import View

__all__ = ["CANDIDATE_WIDTH", "DRAW_ID", "FORFEIT_ID", "MELD_WIDTH", "OBSERVATION_VERSION", "SLOTS", "SLOT_WIDTH",
           "ActionSpace", "card_kind"]

#: The id of :class:`~naipes.machiavelli.moves.Draw`.
DRAW_ID = 0
#: The id of ``Forfeit(ForfeitReason.GAVE_UP)`` (``Forfeit(TIMEOUT)`` has none).
FORFEIT_ID = 1
#: Floats per table meld in the ``table_melds`` slice (see :class:`ActionSpace`).
MELD_WIDTH = 36
#: The listing slots: ids for the first ``SLOTS`` listed plays that have no shape id.
SLOTS = 16
#: Floats per listing slot in the ``slots`` slice (see :class:`ActionSpace`).
SLOT_WIDTH = 23
#: Floats per candidate slot in the ``candidates`` slice (see :class:`ActionSpace`).
CANDIDATE_WIDTH = 26
#: The version of Machiavelli's observation layout (2: the ``candidates`` slice, 1.4).
OBSERVATION_VERSION = 2

#: card -> kind: ♠A..♠K 0–12, ♥ 13–25, ♦ 26–38, ♣ 39–51, the joker 52.
_KIND: dict[Card, int] = {Card(r, s): 13 * i + r - 1 for i, s in enumerate(FRENCH_SUITS) for r in range(1, 14)}
_KIND[JOKER] = 52
_SUIT = {s: i for i, s in enumerate(FRENCH_SUITS)}
_PHASES = ("playing", "over")


def card_kind(card: Card) -> int:
    """The fixed order of card kinds in the encoding: ♠A..♠K 0–12, ♥ 13–25, ♦ 26–38, ♣ 39–51, joker 52.

    >>> card_kind(Card.parse("AS")), card_kind(Card.parse("KC")), card_kind(Card.parse("JK"))
    (0, 51, 52)
    """
    return _KIND[card]


def _catalogue(rules: Rules) -> tuple[Meld, ...]:
    """Every three-card meld a hand may lay under ``rules``: groups by rank, then runs by suit and low rank."""
    most = 3 - rules.min_natural_per_combination if rules.jokers else 0
    patterns = [j for n in range(most + 1) for j in combinations(range(3), n)]
    out: list[Meld] = []
    for rank in range(1, 14):
        for suits in combinations(FRENCH_SUITS, 3):
            cards = tuple(Card(rank, s) for s in suits)
            out.extend(Meld(cards, j) for j in patterns)
    for suit in FRENCH_SUITS:
        for low in range(1, 12):
            cards = tuple(Card(r, suit) for r in range(low, low + 3))
            out.extend(Meld(cards, j) for j in patterns)
    return tuple(out)


_Slots = tuple[tuple[Meld, Card] | None, ...]


class ActionSpace(BaseSpace[Rules, Move, View]):
    """Machiavelli's action ids (Draw, Forfeit, play shapes) and its view encoding.

    ``index`` and ``move`` of a play need the view (its table gives meld ``k``
    and the rest of the layout): without one they raise
    :class:`~naipes.errors.UsageError` with code ``view_needed``; Draw and
    Forfeit work without. ``move(i, view)`` builds the play of shape ``i`` on
    that table, exactly as ``legal_moves`` lists it; it is refused
    (``no_action_id``) when the shape cannot be built there (no meld ``k``, a
    run that reaches the ace or the king, a group of four). The play it builds
    may still be illegal (a card the hand lacks, an opening too low):
    :meth:`mask` is True only for legal ones. A play has an id only in the
    listed form (the new meld last, extended melds in place, canonical order).

    Args:
        rules: the rules (default ``Rules()``).
        candidates: the candidate slots, 0 to
            :data:`~naipes.machiavelli.candidates.CANDIDATES` (16, the default;
            0: none, the ids and the observation of version 1 plus an empty slice).
        solver_nodes: a node budget for the exact solver's best play in
            candidate slot 0 (:func:`~naipes.machiavelli.solver.solve`), or
            ``None`` (the default: no solver call; a decision then costs
            microseconds, not milliseconds).

    Attributes:
        max_melds: the table melds that extension ids reach (``deck_size // 3``:
            all of them).
        slots: extension ids per table meld (4 with jokers in play, else 2).
        catalogue: the melds of the catalogue ids, in id order.
        catalogue_start: the id of ``catalogue[0]``.
        slot_start: the id of listing slot 0 (after the catalogue).
        candidate_start: the id of candidate slot 0 (after the listing slots).
        candidate_slots: the candidate slots (``candidates``).
        solver_nodes: the solver's node budget for slot 0, or ``None``.

    The encoding (:attr:`observation_spec`), with ``D = rules.deck_size``,
    ``C = rules.copies``, ``J = rules.jokers``, ``P`` players; per-seat slices
    are **relative to the view's seat** (place ``r`` is seat ``(seat + r) % P``:
    0 is the viewer, 1 the next to play):

    - ``hand``, ``table_cards``, ``out_of_play`` (``D`` each): card counts as
      0/1 thermometers, kind by kind in :func:`card_kind` order: place
      ``C * kind + j`` is 1 when the zone holds more than ``j`` copies; the
      jokers are places ``52 * C + j``. The hand's order is not encoded;
    - ``table_melds`` (``max_melds * MELD_WIDTH``): meld ``k`` of the table at
      ``MELD_WIDTH * k``: present, is a run, suits (4), ranks (13), suits
      declared by jokers (4, groups), ranks declared by jokers (13, runs);
      zeros past the last meld;
    - ``hand_sizes`` (``P``, / ``D``), ``stock_size`` (1, / ``D``),
      ``opened`` (``P``), ``known_jokers`` (``P``, / ``max(J, 1)``);
    - ``totals``, ``scores``, ``last_points`` (``P`` each, / ``threshold`` in a
      session, / 100 in single-deal mode; a final total may pass 1, never
      :func:`~naipes.machiavelli.position.max_total` over the scale),
      ``last_winners`` (``P``);
    - ``to_act`` (``P``), ``starter`` (``P``, one-hot), ``seat`` (``P``,
      one-hot, absolute), ``phase`` (2: playing, over).

    - ``candidates`` (``candidate_slots * CANDIDATE_WIDTH``, after ``slots``):
      candidate slot ``j`` at ``CANDIDATE_WIDTH * j``: present, cards played
      from the hand / ``rules.cards_per_player``, points laid (the penalty
      removed, jokers taken back against it) / 100, melds changed / 3, melds
      added (after less before) / 3, cards left in the hand / ``D``, goes out,
      jokers taken back / ``max(J, 1)``, proven a best play (MV-15), ranks
      played (13), suits played (4); every value capped at 1 (points below 0
      read 0); zeros past the last filled slot and for a seat not to act.
      Version 2 of the layout (:attr:`observation_version`).

    - ``slots`` (``SLOTS * SLOT_WIDTH``): listing slot ``j`` at ``SLOT_WIDTH * j``:
      present, cards played / 3, melds added (melds after less melds before) / 3,
      melds changed (on the table before, not after) / 3, penalty removed (the
      played cards' hand value / ``3 * max(10, joker_penalty)``), joker played,
      no meld added, ranks played (13), suits played (4); every value capped
      at 1; zeros past the last filled slot.

    Not encoded: the hand's order, ``hand_number``, ``cut``, ``last_hands``.

    Raises:
        UsageError: for rules that are not Machiavelli's ``Rules``, and from
            :meth:`encode`, ``index`` and ``move`` for a view of other rules
            (code ``wrong_rules``).

    .. versionadded:: 1.0
    .. versionchanged:: 1.2
       The candidate slots (``candidates``, ``solver_nodes``), the ``candidates``
       slice; observation version 2.
    """

    max_melds: int
    slots: int
    catalogue: tuple[Meld, ...]
    catalogue_start: int
    observation_version = OBSERVATION_VERSION

    def __init__(self, rules: Rules | None = None, *, candidates: int = CANDIDATES,
                 solver_nodes: int | None = None) -> None:
        rules = self._own_rules(rules, Rules)
        if isinstance(candidates, bool) or not isinstance(candidates, int) or not 0 <= candidates <= CANDIDATES:
            raise UsageError(f"candidates must be an int from 0 to {CANDIDATES}, not {candidates!r}",
                             code="out_of_range")
        if solver_nodes is not None and (isinstance(solver_nodes, bool) or not isinstance(solver_nodes, int)
                                         or solver_nodes < 0):
            raise UsageError(f"solver_nodes must be None or an int >= 0, not {solver_nodes!r}", code="out_of_range")
        self.candidate_slots = candidates
        self.solver_nodes = solver_nodes
        self.rules = rules
        self.max_melds = rules.deck_size // 3
        self.slots = 4 if rules.jokers else 2
        self.catalogue_start = 2 + self.slots * self.max_melds
        self.catalogue = _catalogue(rules)
        self._physical = tuple(m.physical for m in self.catalogue)
        self._catalogue_id = {m: self.catalogue_start + i for i, m in enumerate(self.catalogue)}
        self.slot_start = self.catalogue_start + len(self.catalogue)
        self.candidate_start = self.slot_start + SLOTS
        self.size = self.candidate_start + candidates
        d, p = rules.deck_size, rules.players
        self.observation_spec = BaseSpace.spec(
            ("hand", d), ("table_cards", d), ("table_melds", self.max_melds * MELD_WIDTH), ("out_of_play", d),
            ("hand_sizes", p), ("stock_size", 1), ("opened", p), ("known_jokers", p), ("totals", p),
            ("scores", p), ("last_points", p), ("last_winners", p), ("to_act", p), ("starter", p),
            ("seat", p), ("phase", 2), ("slots", SLOTS * SLOT_WIDTH), ("candidates", candidates * CANDIDATE_WIDTH),
        )
        self._at = {name: start for name, start, _ in self.observation_spec}
        self._size = self.observation_size
        copies = rules.copies
        # base[kind]: its first thermometer place (a kind has as many places as copies in the decks,
        # the joker rules.jokers: no zone holds more, so no count passes its thermometer)
        self._base = [copies * q for q in range(53)]
        self._score_scale = float(rules.threshold if rules.mode == "session" else 100)
        most = max_total(rules) / self._score_scale
        self.slice_bounds = {name: (0.0, most) for name in ("totals", "scores", "last_points")}
        self._joker_scale = float(max(rules.jokers, 1))
        self._deck = float(d)
        self._penalty_scale = 3.0 * max(10, rules.joker_penalty)
        self._candidate_scales = (float(rules.cards_per_player), float(d), self._joker_scale)
        self._last: tuple[View, tuple[Play, ...]] | None = None  # the last view's shapeless plays
        self._memo: dict[int, tuple[Meld, _Slots, tuple[int, ...], tuple[int, ...]]] = {}
        self._lock = threading.Lock()
        self._layouts: dict[int, Any] = {}

    # -- per-meld tables (memoized by the meld's identity; the entry keeps the meld alive) -------
    def _meld_info(self, meld: Meld) -> tuple[Meld, _Slots, tuple[int, ...], tuple[int, ...]]:
        entry = self._memo.get(id(meld))
        if entry is not None and entry[0] is meld:
            return entry
        entry = (meld, self._slots_of(meld), _meld_features(meld), tuple(_KIND[c] for c in meld.physical))
        with self._lock:
            if len(self._memo) > 20_000:
                self._memo.clear()
            self._memo[id(meld)] = entry
        return entry

    def _slots_of(self, meld: Meld) -> _Slots:
        """The extensions of ``meld`` by slot (``2 * end + joker``), None where none."""
        found: list[tuple[Meld, Card] | None] = [None] * 4
        cards = meld.cards
        if len(cards) < 3:
            return tuple(found)
        ext = _extensions(meld)
        if cards[0].suit is cards[1].suit:  # a run: the low end's two come first
            at = 0
            if cards[0].rank > 1:
                found[0], found[1] = ext[0], ext[1]
                at = 2
            if cards[-1].rank < 13:
                found[2], found[3] = ext[at], ext[at + 1]
        elif ext:
            found[2], found[3] = ext[0], ext[1]
        if self.slots == 2:
            found[1] = found[3] = None
        return tuple(found)

    # -- ids -----------------------------------------------------------------------------------
    def legal_ids(self, view: View) -> tuple[int, ...]:
        """The ids of the seat's legal moves, ascending (shape ids, then listing slots)."""
        ids = []
        shapeless: list[Play] = []
        for m in view.legal_moves:
            i = self._shape_index(m, view)
            if i is None and type(m) is Play:
                if len(shapeless) < SLOTS:
                    i = self.slot_start + len(shapeless)
                    shapeless.append(m)
            if i is not None:
                ids.append(i)
        self._last = (view, tuple(shapeless))  # encode and move read the slots from here
        ids.sort()
        start = self.candidate_start
        ids.extend(range(start, start + len(self._candidates(view))))
        return tuple(ids)

    def candidates(self, view: View) -> tuple[Candidate, ...]:
        """The candidate plays of the view's seat, in slot order (``()`` when it is not to act).

        Slot ``j``'s id is ``candidate_start + j``; see :mod:`naipes.machiavelli.candidates`.
        The answer is remembered per position: the mask, the encoding and ``move`` at one
        position compute it once.

        .. versionadded:: 1.2
        """
        if view.rules is not self.rules and view.rules != self.rules:
            raise UsageError("the view is of other rules than this ActionSpace's", code="wrong_rules")
        return self._candidates(view)

    def _candidates(self, view: View) -> tuple[Candidate, ...]:
        if not self.candidate_slots or not view.legal_moves:
            return ()
        found = candidates(view.table, view.hand, self.rules, opened=view.opened[view.seat],
                           solver_nodes=self.solver_nodes)
        return found if len(found) <= self.candidate_slots else found[:self.candidate_slots]

    def _index(self, move: Move, view: View | None) -> int | None:
        i = self._shape_index(move, view)
        if i is not None or not isinstance(move, Play) or view is None:
            return i
        for j, m in enumerate(self._shapeless(view)):
            if m is move or m == move:
                return self.slot_start + j
        found = self._candidates(view)
        if found:
            key = play_key(view.table, move)
            for j, c in enumerate(found):
                if c._play is move or c.key == key:
                    return self.candidate_start + j
        return None

    def _shapeless(self, view: View) -> tuple[Play, ...]:
        """The first ``SLOTS`` listed plays that have no shape id, in the listing's order."""
        last = self._last
        if last is not None and last[0] is view:
            return last[1]
        plays = tuple(m for m in view.legal_moves
                      if type(m) is Play and self._shape_index(m, view) is None)[:SLOTS]
        self._last = (view, plays)
        return plays

    def _shape_index(self, move: Move, view: View | None) -> int | None:
        if type(move) is Draw:
            return DRAW_ID
        if type(move) is Forfeit:
            return FORFEIT_ID if move.reason is ForfeitReason.GAVE_UP else None
        if not isinstance(move, Play):
            return None
        if view is None:
            raise UsageError("a play's action id depends on the view: pass view=", code="view_needed")
        if view.rules is not self.rules and view.rules != self.rules:
            raise UsageError("the view is of other rules than this ActionSpace's", code="wrong_rules")
        return self._play_shape(move, view.table)

    def _play_shape(self, move: Play, table: tuple[Meld, ...]) -> int | None:
        """The shape id of ``move`` on ``table`` (None: it has none); what the tracker reads too."""
        new, cards = move.table, move.cards
        n = len(table)
        if len(new) == n + 1 and len(cards) == 3:
            i = self._catalogue_id.get(new[-1])
            if i is None or cards != self._physical[i - self.catalogue_start] or new[:n] != table:
                return None
            return i
        if len(new) != n or len(cards) != 1:
            return None
        for k in range(min(n, self.max_melds)):
            if new[k] is not table[k] and new[k] != table[k]:
                break
        else:
            return None
        old, got = table[k], new[k]
        if len(got) != len(old) + 1 or len(old) < 3:
            return None
        run = old.cards[0].suit is old.cards[1].suit
        end = 0 if run and got.cards[0] != old.cards[0] else 1
        joker = 1 if cards[0].is_joker else 0
        if joker and self.slots == 2:
            return None
        ext = self._meld_info(old)[1][2 * end + joker]
        if ext is None or cards[0] != ext[1] or (got is not ext[0] and got != ext[0]):
            return None
        for j in range(k + 1, n):  # the rest of the table unchanged
            if new[j] is not table[j] and new[j] != table[j]:
                return None
        return 2 + self.slots * k + (2 * end + joker if self.slots == 4 else end)

    def _move(self, i: int, view: View | None) -> Move | None:
        if i == DRAW_ID:
            return DRAW
        if i == FORFEIT_ID:
            return FORFEIT
        if view is None:
            raise UsageError(f"action {i} is a play shape relative to the view: pass view=", code="view_needed")
        if view.rules is not self.rules and view.rules != self.rules:
            raise UsageError("the view is of other rules than this ActionSpace's", code="wrong_rules")
        if i >= self.candidate_start:
            found = self._candidates(view)
            j = i - self.candidate_start
            return found[j].play if j < len(found) else None
        if i >= self.slot_start:
            plays = self._shapeless(view)
            j = i - self.slot_start
            return plays[j] if j < len(plays) else None
        return self._build(i, view.table)

    def _build(self, i: int, table: tuple[Meld, ...]) -> Move | None:
        """The move of id ``i`` below the slots on ``table`` (None: it names none there)."""
        if i == DRAW_ID:
            return DRAW
        if i == FORFEIT_ID:
            return FORFEIT
        if i >= self.catalogue_start:
            c = i - self.catalogue_start
            return Play._trusted(table + (self.catalogue[c],), self._physical[c])
        k, slot = divmod(i - 2, self.slots)
        if k >= len(table):
            return None
        if self.slots == 2:
            slot *= 2
        ext = self._meld_info(table[k])[1][slot]
        if ext is None:
            return None
        return Play._trusted(table[:k] + (ext[0],) + table[k + 1:], (ext[1],))

    def _tracker_type(self) -> type[BaseTracker[Move]]:
        """Machiavelli's own tracker: it reads the engine's fields, not a view."""
        from naipes.machiavelli._tracker import Tracker

        return Tracker

    # -- the observation -----------------------------------------------------------------------
    def _layout(self, seat: int) -> Any:
        """The places of ``seat``'s observation (made once per seat)."""
        layout = self._layouts.get(seat)
        if layout is None:
            from naipes.machiavelli._observation import Layout

            layout = self._layouts[seat] = Layout(self, seat)
        return layout

    def _encode(self, view: View) -> Sequence[float]:
        """The one observation writer (:mod:`naipes.machiavelli._observation`) on the view's sight."""
        if view.rules is not self.rules and view.rules != self.rules:
            raise UsageError("the view is of other rules than this ActionSpace's", code="wrong_rules")
        from naipes.machiavelli._observation import Writer, sight_of_view

        out = [0.0] * self._size
        sight = sight_of_view(view, self)
        Writer(self._layout(view.seat), out).write(sight, sight)
        return out

    def _encode_candidates(self, found: Sequence[Candidate], out: list[float] | Any, start: int) -> None:
        """The features of the candidate plays at ``start + CANDIDATE_WIDTH * j`` (see :class:`ActionSpace`)."""
        hand_scale, deck, joker_scale = self._candidate_scales
        for j, c in enumerate(found):
            b = start + CANDIDATE_WIDTH * j
            out[b] = 1.0
            out[b + 1] = min(c.played / hand_scale, 1.0)
            out[b + 2] = min(max(c.value, 0) / 100.0, 1.0)
            out[b + 3] = min(c.changed / 3.0, 1.0)
            grown = len(c.key[1]) - len(c.key[0])
            out[b + 4] = min(grown / 3.0, 1.0) if grown > 0 else 0.0
            out[b + 5] = c.left / deck
            out[b + 6] = 1.0 if c.left == 0 else 0.0
            out[b + 7] = c.taken / joker_scale
            out[b + 8] = 1.0 if c.optimal else 0.0
            for card in c.cards:
                suit = _SUIT.get(card.suit) if card.suit is not None else None
                if suit is not None:
                    out[b + 9 + card.rank - 1] = 1.0
                    out[b + 22 + suit] = 1.0

    def _encode_slots(self, view: View, out: list[float], start: int) -> None:
        """Each listed play's features at ``start + SLOT_WIDTH * j`` (see :class:`ActionSpace`)."""
        self._encode_plays(view.table, self._shapeless(view) if view.legal_moves else (), out, start)

    def _encode_plays(self, table: tuple[Meld, ...], plays: Sequence[Play], out: list[float], start: int) -> None:
        """The slot features of ``plays`` on ``table`` at ``start + SLOT_WIDTH * j``."""
        before: dict[Meld, int] = {}
        for meld in table:
            before[meld] = before.get(meld, 0) + 1
        scale = self._penalty_scale
        rules = self.rules
        for j, play in enumerate(plays):
            b = start + SLOT_WIDTH * j
            left = dict(before)
            new = 0
            for meld in play.table:
                if left.get(meld, 0):
                    left[meld] -= 1
                else:
                    new += 1
            changed = sum(left.values())
            cards = play.cards
            out[b] = 1.0
            out[b + 1] = min(len(cards) / 3.0, 1.0)
            out[b + 2] = min((new - changed) / 3.0, 1.0) if new > changed else 0.0
            out[b + 3] = min(changed / 3.0, 1.0)
            out[b + 4] = min(hand_value(cards, rules) / scale, 1.0)
            joker = False
            for c in cards:
                suit = _SUIT.get(c.suit) if c.suit is not None else None
                if c.is_joker or suit is None:
                    joker = True
                    continue
                out[b + 7 + c.rank - 1] = 1.0
                out[b + 20 + suit] = 1.0
            out[b + 5] = 1.0 if joker else 0.0
            out[b + 6] = 1.0 if new <= changed else 0.0


def _meld_features(meld: Meld) -> tuple[int, ...]:
    """The places set to 1 in a meld's ``MELD_WIDTH`` block (see :class:`ActionSpace`)."""
    cards = meld.cards
    run = len(cards) > 1 and cards[0].suit is cards[1].suit
    places = {0}
    if run:
        places.add(1)
    for c in cards:
        if c.suit in _SUIT:
            places.add(2 + _SUIT[c.suit])
        places.add(6 + c.rank - 1)
    for p in meld.jokers:
        c = cards[p]
        if run:
            places.add(23 + c.rank - 1)
        elif c.suit in _SUIT:
            places.add(19 + _SUIT[c.suit])
    return tuple(sorted(places))
