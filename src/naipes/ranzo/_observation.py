"""Ranzo's one observation writer: the slices of ``ActionSpace.encode`` from one record (internal).

Both ways to the observation go through this module, so they cannot disagree:

- :meth:`ActionSpace.encode(view) <naipes.ranzo.ActionSpace.encode>` fills a :class:`Sight`
  from the view (:func:`sight_of_view`: the :class:`Public` part included, under the engine's
  names) and runs a fresh :class:`Writer` on it once (``write(sight, sight)``);
- the tracker (:mod:`naipes.ranzo._tracker`) keeps one :class:`Writer` per seat and, at each new
  position, refills its :class:`Sight` from the engine (:func:`look`: it shares the engine's
  lists, copies nothing) and runs the same writer with the engine itself as the
  :class:`Public` part (``write(sight, game)``), which rewrites only the places whose inputs
  changed since its last run.

A :class:`Sight` holds what only the seat sees, or what the view gives another meaning than
the engine's fields: the seat's own hand, the counts, the answers of an open window (the seat's
own and the set of seats that answered), the stealer and the claim (in the steal phase only),
the seats to act. The discards, the open juegos, the known cards, the last window, the scores,
the phase, the turn, the dealer and the hand's number are the :class:`Public` part. The
engine's discard list (the pile's identity), its count of cards taken back (``_pops``) and of
juegos laid (``_laid``) only let the writer skip work; a view's sight has its own tuples (a
fresh writer writes everything).

Each slice writer (``_hand``, ``_discards``, ``_sets``, ``_claims``, ``_seats``) reads its
inputs from the sight and compares them with what it wrote last. This module is plain
Python that mypyc can compile (``NAIPES_MYPYC=1``, see :doc:`/guides/performance`).

.. versionadded:: 1.2
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import TYPE_CHECKING, Any, Protocol, Sequence

from naipes.ranzo._phase import STEAL, WINDOW, Phase
from naipes.ranzo._tables import tables
from naipes.ranzo.moves import Envido, Move, Truco

if TYPE_CHECKING:
    from naipes.cards import Card
    from naipes.ranzo.state import Game
    from naipes.ranzo.view import View

__all__ = ["Layout", "Public", "Sight", "Writer", "look", "sight_of_view"]

#: The slices the writer reads the offsets of, in the order of ``Layout.at``.
_SLICES = ("hand", "hand_order", "open", "known", "discards", "discard_order", "claim_card", "claim",
           "claim_cards", "my_answer", "my_answer_cards", "last_window", "answered", "hand_sizes", "stock",
           "scores", "phase", "to_act", "turn", "dealer", "stealer", "seat", "hand_number")
#: The slices with one place per seat (relative), in the order of ``Layout.seat_at``.
_SEAT_SLICES = ("answered", "hand_sizes", "scores", "to_act", "turn", "dealer", "stealer")
#: The bit mask of each tuple of seats seen so far (at most 2**players tuples).
_SEAT_BITS: dict[tuple[int, ...], int] = {}


def seat_bits(seats: Sequence[int]) -> int:
    """The bit mask of ``seats`` (a tuple: cached)."""
    if type(seats) is tuple:
        bits = _SEAT_BITS.get(seats)
        if bits is None:
            bits = _SEAT_BITS[seats] = sum({1 << s for s in seats})
        return bits
    return sum({1 << s for s in seats})


class Public(Protocol):
    """The public part of a Ranzo position that the observation reads, under the engine's names.

    The same for every seat, so the tracker reads it from the engine itself
    (:class:`~naipes.ranzo.Game` has these fields) and a view's :class:`Sight` carries it under
    these names. ``_discards`` is also the pile's identity: the engine keeps one list per hand,
    only grown or popped (``_pops`` counts the cards taken back); ``_laid`` counts the juegos
    laid (a view's sight: ``-1``).
    """

    @property
    def _discards(self) -> Sequence[Card]: ...
    @property
    def _pops(self) -> int: ...
    @property
    def _opens(self) -> Sequence[Sequence[Sequence[Card]]]: ...
    @property
    def _laid(self) -> int: ...
    @property
    def _known_bits(self) -> list[int]: ...
    @property
    def _last_window(self) -> tuple[tuple[int, Move], ...]: ...
    @property
    def _balances(self) -> Sequence[int]: ...
    @property
    def _phase(self) -> Phase: ...
    @property
    def _turn(self) -> int: ...
    @property
    def _dealer(self) -> int: ...
    @property
    def _hand_no(self) -> int: ...


class Sight:
    """What one seat sees of a Ranzo position that only it sees, or that the view gives another
    meaning than the engine's fields (see the module docstring); from a view
    (:func:`sight_of_view`) it also carries the :class:`Public` part under the engine's names.

    The cards and counts are the engine's own lists (from :func:`look`) or the view's tuples
    (from :func:`sight_of_view`): read at once, never kept or changed.
    """

    seat: int
    hand: list[Card]
    claim_card: Card | None
    claim: Move | None
    my_answer: Move | None
    answered: int  # bit mask of the seats that answered the open window
    acting: int  # bit mask of the seats to act (in a window: yet to answer)
    sizes: tuple[int, ...]
    stock: int
    stealer: int  # -1: none (outside the steal phase)
    #: the public part (a view's sight only)
    _discards: Sequence[Card]
    _pops: int
    _opens: Sequence[Sequence[Sequence[Card]]]
    _laid: int
    _known_bits: list[int]
    _last_window: tuple[tuple[int, Move], ...]
    _balances: Sequence[int]
    _phase: Phase
    _turn: int
    _dealer: int
    _hand_no: int


def look(g: Game, seat: int, s: Sight) -> Sight:
    """Fill ``s`` with what only ``seat`` sees of ``g`` now (the contents of ``g.view(seat)``
    beside the :class:`Public` part, which the writer reads from ``g`` itself)."""
    phase = g._phase
    answers = g._answers
    s.seat = seat
    s.hand = g._hands[seat]
    answered = 0
    if phase is WINDOW:
        s.claim_card, s.claim = g._discards[-1], None
        for a in answers:
            answered |= 1 << a
        s.my_answer = answers.get(seat)
        s.stealer = -1
    elif phase is STEAL and g._stealer is not None:
        s.claim_card, s.claim, s.my_answer = g._hands[g._stealer][-1], g._claim, None
        s.stealer = g._stealer
    else:
        s.claim_card = None
        s.claim = g._claim if phase is STEAL else None
        s.my_answer = None
        s.stealer = -1
    s.answered = answered
    acting = _SEAT_BITS.get(g._acting)
    s.acting = (acting if acting is not None else seat_bits(g._acting)) & ~answered
    s.sizes = tuple(map(len, g._hands))
    s.stock = len(g._stock)
    return s


def sight_of_view(view: View) -> Sight:
    """What ``view`` shows, as the writer reads it, its :class:`Public` part included."""
    s = Sight()
    bit = tables(view.rules.deck).bit_id
    s.seat = view.seat
    s.hand, s._discards, s._pops = list(view.hand), view.discards, 0
    s._opens, s._laid = view.open_juegos, -1
    s._known_bits = [reduce(or_, map(bit.__getitem__, map(id, k)), 0) if k else 0 for k in view.known_by_seat]
    s.claim_card, s.claim, s.my_answer = view.claim_card, view.claim, view.my_answer
    s._last_window = view.last_window
    s.answered = seat_bits(view.answered)
    s.acting = seat_bits(view.to_act)
    s.sizes = view.hand_sizes
    s.stock, s._balances, s._phase = view.stock_size, view.scores, view.phase
    s._turn, s._dealer = view.turn, view.dealer
    s.stealer = -1 if view.stealer is None else view.stealer
    s._hand_no = view.hand_number
    return s


class Layout:
    """One seat's places in the observation of an ``ActionSpace`` (made once per space and seat)."""

    def __init__(self, space: Any, seat: int) -> None:
        at = {name: start for name, start, _ in space.observation_spec}
        self.seat = seat
        self.at: tuple[int, ...] = tuple(at[name] for name in _SLICES)
        self.rot: tuple[int, ...] = space._rot[seat]
        self.index: dict[int, int] = space._card
        self.bit: dict[int, int] = {k: 1 << i for k, i in space._card.items()}
        self.held: int = space._held
        self.d: int = space._d
        self.n: int = space._n
        self.phase_index: dict[Phase, int] = space._phase_index
        self.score_scale = float(space._score_scale)
        self.num_hands: int = space.rules.num_rounds
        self.no_sizes: tuple[int, ...] = (-1,) * self.n
        #: per seat-relative slice (answered, hand_sizes, scores, to_act, turn, dealer, stealer):
        #: the place of each absolute seat
        self.seat_at: tuple[tuple[int, ...], ...] = tuple(tuple(at[name] + r for r in self.rot)
                                                          for name in _SEAT_SLICES)
        #: per seat, the place of its last-window answer by the answer's type
        self.window_at: tuple[dict[type, int], ...] = tuple(
            {kind: at["last_window"] + 3 * r + k for kind, k in space._kind.items()} for r in self.rot)


class Writer:
    """One seat's Ranzo observation, written slice by slice from a :class:`Sight`.

    Args:
        layout: the seat's :class:`Layout`.
        out: what to write the observation's places through (a zeroed list, a dict of the
            non-zero places, or the memoryview of an array): a new writer assumes it zeroed.

    Each :meth:`write` rewrites the places whose inputs changed since the last one (the first:
    every non-zero place).
    """

    #: what was written last (the all-zero observation's values to start; the lists are made
    #: per writer, the rest is replaced, not changed in place)
    _discards_of: object = None  # the engine's pile object, and its pops
    _pops = 0
    _opens_of: object = None  # the engine's juego lists
    _laid = 0
    _claim_card: Card | None = None
    _claim: Move | None = None
    _answer: Move | None = None
    _last_window: tuple[tuple[int, Move], ...] = ()
    _answered = 0
    _stock = -1
    _phase: Phase | None = None
    _acting = 0
    _turn = -1
    _dealer = -1
    _stealer = -1
    _hand_no = -1

    def __init__(self, layout: Layout, out: Any) -> None:
        self._layout = layout
        self._out = out
        self._at = layout.at
        self._index = layout.index
        self._hand: list[Card] = []
        self._discards: list[Card] = []
        self._open_bits = [0] * layout.n
        self._known_bits = [0] * layout.n
        self._window_places: list[int] = []  # where the last window's answers are written
        self._sizes: tuple[int, ...] = layout.no_sizes
        self._balances: Sequence[int] = ()
        out[self._at[21] + layout.seat] = 1.0

    def write(self, s: Sight, p: Public) -> None:
        """Bring the places up to ``s`` and the public part ``p`` (each slice writer runs when its
        inputs differ from what it wrote last)."""
        if s.hand != self._hand:
            self._hand_slices(s)
        if p._discards is not self._discards_of or p._pops != self._pops or \
                len(p._discards) != len(self._discards):
            self._discard_slices(p)
        if p._opens is not self._opens_of or p._laid != self._laid or p._known_bits != self._known_bits:
            self._sets(p)
        if (s.claim_card is not self._claim_card or s.claim is not self._claim or s.my_answer is not self._answer
                or p._last_window is not self._last_window or s.answered != self._answered):
            self._claims(s, p)
        self._seats(s, p)

    # -- the card zones ----------------------------------------------------------------------------
    def _hand_slices(self, s: Sight) -> None:
        """``hand`` and ``hand_order``."""
        hand, at = s.hand, self._at
        self._hand_moved(self._hand, hand, at[0], at[1])
        self._hand = list(hand)

    def _discard_slices(self, p: Public) -> None:
        """``discards`` and ``discard_order``."""
        at = self._at
        discards, old, pops = p._discards, self._discards, p._pops
        pile = discards  # (the engine's list: its identity is the pile's)
        if pile is self._discards_of and pops == self._pops:  # only grown
            if len(discards) > len(old):
                self._grown(old, discards, at[4], at[5])
        elif pile is self._discards_of:  # cards taken back since
            out, index, base, order = self._out, self._index, at[4], at[5]
            k, n = max(len(old) - (pops - self._pops), 0), min(len(old), len(discards))
            while k < n and old[k] is discards[k]:
                k += 1
            for i in map(index.__getitem__, map(id, old[k:])):
                out[base + i] = out[order + i] = 0.0
            del old[k:]
            self._grown(old, discards, base, order)
            self._pops = pops
        else:  # a new pile (a new hand, a loaded position or a view)
            self._ordered(old, discards, at[4], at[5], self._layout.d, 0)
            self._discards, self._discards_of, self._pops = list(discards), pile, pops

    def _sets(self, p: Public) -> None:
        """``open`` (each seat's open juegos) and ``known`` (each seat's known concealed cards)."""
        at = self._at
        opens = p._opens
        if opens is not self._opens_of or p._laid != self._laid:  # a juego laid, or a new hand
            k, bits = 0, self._open_bits
            for o in opens:
                if o or bits[k]:
                    self._set(k, [c for j in o for c in j], bits, at[2])
                k += 1
            self._opens_of, self._laid = opens, p._laid
        bits, k = self._known_bits, 0
        if p._known_bits == bits:
            return
        layout = self._layout
        for m in p._known_bits:  # shown, named or stolen cards come and go
            diff = m ^ bits[k]
            if diff:
                out, b = self._out, at[3] + layout.rot[k] * layout.d
                while diff:
                    low = diff & -diff
                    out[b + low.bit_length() - 1] = 1.0 if m & low else 0.0
                    diff ^= low
                bits[k] = m
            k += 1

    def _grown(self, old: list[Card], new: Sequence[Card], flags: int, order: int) -> None:
        """The discards after ``old`` (a beginning of ``new``): write ``new``'s further cards
        (flag and order places) and append them to ``old``."""
        out, index, d = self._out, self._index, self._layout.d
        p = len(old)
        for c in new[p:]:
            i = index[id(c)]
            p += 1
            out[flags + i] = 1.0
            out[order + i] = p / d
        old.extend(new[len(old):])

    def _hand_moved(self, old: list[Card], new: list[Card], flags: int, order: int) -> None:
        """The hand zone after one card left, came or was swapped anywhere in it (a discard,
        a draw, a steal: the cards after it only move one place), else :meth:`_ordered`."""
        lo, ln = len(old), len(new)
        p = 0
        while p < ln and p < lo and old[p] is new[p]:
            p += 1
        out, index, held = self._out, self._index, self._layout.held
        if ln == lo - 1 and new[p:] == old[p + 1:]:  # old[p] left
            i = index[id(old[p])]
            out[flags + i] = out[order + i] = 0.0
        elif ln == lo + 1 and new[p + 1:] == old[p:]:  # new[p] came
            out[flags + index[id(new[p])]] = 1.0
        elif ln == lo and new[p + 1:] == old[p + 1:]:  # old[p] became new[p]
            i = index[id(old[p])]
            out[flags + i] = out[order + i] = 0.0
            i = index[id(new[p])]
            out[flags + i] = 1.0
            out[order + i] = (p + 1) / held
            return
        else:
            self._ordered(old, new, flags, order, held, p)
            return
        k = p
        for i in map(index.__getitem__, map(id, new[p:])):  # the cards from p on: one place on
            k += 1
            out[order + i] = k / held

    def _ordered(self, old: list[Card], new: Sequence[Card], flags: int, order: int, scale: int,
                 keep: int) -> None:
        """An ordered zone: flags at ``flags``, ``(position + 1) / scale`` at ``order``; the
        common beginning stays (at least its first ``keep`` cards), the rest of ``old`` is
        cleared, then the rest of ``new`` written."""
        out, index = self._out, self._index
        lo = len(old)
        p, n = max(keep, 0), min(lo, len(new))
        while p < n and old[p] is new[p]:
            p += 1
        if p < lo:
            for i in map(index.__getitem__, map(id, old[p:])):
                out[flags + i] = 0.0
                out[order + i] = 0.0
        k = p
        for i in map(index.__getitem__, map(id, new[p:])):
            k += 1
            out[flags + i] = 1.0
            out[order + i] = k / scale

    def _set(self, s: int, cards: Sequence[Card], bits: list[int], base: int) -> None:
        """Seat ``s``'s card set (a relative slice of D at ``base``; its last mask in ``bits``):
        write the places that changed."""
        layout = self._layout
        m = reduce(or_, map(layout.bit.__getitem__, map(id, cards)), 0)
        diff = m ^ bits[s]
        if diff:
            out, b = self._out, base + layout.rot[s] * layout.d
            while diff:
                low = diff & -diff
                out[b + low.bit_length() - 1] = 1.0 if m & low else 0.0
                diff ^= low
            bits[s] = m

    # -- the claims ---------------------------------------------------------------------------------
    def _claims(self, s: Sight, p: Public) -> None:
        """``claim_card``, ``claim`` and ``claim_cards``, ``my_answer`` and its cards,
        ``last_window``, ``answered``."""
        at, out = self._at, self._out
        card = s.claim_card
        if card is not self._claim_card:
            if self._claim_card is not None:
                out[at[6] + self._index[id(self._claim_card)]] = 0.0
            if card is not None:
                out[at[6] + self._index[id(card)]] = 1.0
            self._claim_card = card
        claim = s.claim
        if claim is not self._claim:
            self._put(self._claim, 0.0, at[7] - 1, at[8])
            self._put(claim, 1.0, at[7] - 1, at[8])
            self._claim = claim
        answer = s.my_answer
        if answer is not self._answer:
            self._put(self._answer, 0.0, at[9], at[10])
            self._put(answer, 1.0, at[9], at[10])
            self._answer = answer
        now = p._last_window
        if now is not self._last_window:
            for i in self._window_places:
                out[i] = 0.0
            by_type = self._layout.window_at
            places = self._window_places = [by_type[k][type(m)] for k, m in now]
            for i in places:
                out[i] = 1.0
            self._last_window = now
        self._answered = self._flags(self._layout.seat_at[0], self._answered, s.answered)

    def _put(self, move: Move | None, value: float, kinds: int, cards: int) -> None:
        """Write ``value`` at a claim's kind (``kinds`` +0 pass, +1 envido, +2 truco) and cards."""
        if move is None:
            return
        out, index = self._out, self._index
        if type(move) is Envido:
            out[kinds + 1] = value
            out[cards + index[id(move.a)]] = value
            out[cards + index[id(move.b)]] = value
        elif type(move) is Truco:
            out[kinds + 2] = value
            out[cards + index[id(move.card)]] = value
        else:
            out[kinds] = value

    def _flags(self, places: tuple[int, ...], old: int, new: int) -> int:
        """A seat flag slice (``places``: each seat's place) from mask ``old`` to ``new``."""
        diff = new ^ old
        if diff:
            out = self._out
            while diff:
                low = diff & -diff
                out[places[low.bit_length() - 1]] = 1.0 if new & low else 0.0
                diff ^= low
        return new

    # -- the counts and seats -----------------------------------------------------------------------
    def _seats(self, s: Sight, p: Public) -> None:
        """``hand_sizes``, ``stock``, ``scores``, ``phase``, ``to_act``, ``turn``, ``dealer``,
        ``stealer``, ``hand_number``."""
        layout, out = self._layout, self._out
        places = layout.seat_at
        sizes = s.sizes
        if sizes != self._sizes:
            at, held, old, k = places[1], layout.held, self._sizes, 0
            for v in sizes:
                if v != old[k]:
                    out[at[k]] = v / held
                k += 1
            self._sizes = tuple(sizes)
        if s.stock != self._stock:
            self._stock = s.stock
            out[self._at[14]] = s.stock / layout.d
        if p._balances != self._balances:
            at, scale, k = places[2], layout.score_scale, 0
            for v in p._balances:
                out[at[k]] = v / scale
                k += 1
            self._balances = p._balances.copy() if type(p._balances) is list else p._balances
        phase = p._phase
        if phase is not self._phase:
            index, base = layout.phase_index, self._at[16]
            if self._phase is not None:
                out[base + index[self._phase]] = 0.0
            out[base + index[phase]] = 1.0
            self._phase = phase
        if s.acting != self._acting:
            self._acting = self._flags(places[3], self._acting, s.acting)
        if p._turn != self._turn:
            self._turn = self._hot(places[4], self._turn, p._turn)
        if p._dealer != self._dealer:
            self._dealer = self._hot(places[5], self._dealer, p._dealer)
        if s.stealer != self._stealer:
            self._stealer = self._hot(places[6], self._stealer, s.stealer)
        if p._hand_no != self._hand_no:
            self._hand_no = p._hand_no
            out[self._at[22]] = p._hand_no / self._layout.num_hands

    def _hot(self, places: tuple[int, ...], old: int, new: int) -> int:
        """Move a seat one-hot (``places``: each seat's place) from ``old`` to ``new`` (-1: none);
        return ``new``."""
        out = self._out
        if old >= 0:
            out[places[old]] = 0.0
        if new >= 0:
            out[places[new]] = 1.0
        return new
