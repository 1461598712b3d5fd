"""Ranzo's observation encoder: the diffing part of the tracker (internal).

:class:`naipes.ranzo._tracker.Tracker` owns one :class:`Encoder` per seat. It reads the
engine's fields, keeps what it wrote last (the cards of each ordered zone, a bit mask per
card set, the places set in each one-hot slice, the values of the small slices) and rewrites
only the places the moves since changed. The ordered zones (the hand and the discards, with
their order slices) are diffed from their common prefix; the card sets (open juegos, known
cards) by bit masks, and only when their lists changed. Simultaneous claim windows are
followed answer by answer: the seat's own sealed answer, the seats that answered and the
seats still to act.

This module is plain Python that mypyc can compile (``NAIPES_MYPYC=1``, see
:doc:`/guides/performance`): one class without ``__slots__`` or base class, the engine's
fields typed as the engine declares them (so compiled code indexes their lists and compares
their ints directly). Compiled or not, it writes the same places.

.. versionadded:: 1.2
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import TYPE_CHECKING, Any, Sequence

from naipes.actions import _fill_zero
from naipes.ranzo._phase import STEAL, WINDOW, Phase
from naipes.ranzo.moves import Envido, Move, Truco

if TYPE_CHECKING:
    from naipes.cards import Card
    from naipes.ranzo.state import Game

__all__ = ["Encoder"]

#: The slices the encoder reads the offsets of, in the order of ``Encoder._at``.
_SLICES = ("hand", "hand_order", "open", "known", "discards", "discard_order", "claim_card", "claim",
           "claim_cards", "my_answer", "my_answer_cards", "last_window", "answered", "hand_sizes", "stock",
           "scores", "phase", "to_act", "turn", "dealer", "stealer", "seat", "hand_number")
#: The slices with one place per seat (relative), in the order of ``Encoder._seat_at``.
_SEAT_SLICES = ("answered", "hand_sizes", "scores", "to_act", "turn", "dealer", "stealer")
#: The bit mask of each tuple of seats to act seen so far (at most 2**players tuples).
_SEAT_BITS: dict[tuple[int, ...], int] = {}


class Encoder:
    """One seat's Ranzo observation, rewritten place by place from the engine's fields.

    Args:
        space: the :class:`~naipes.ranzo.ActionSpace` (its layout and card indices).
        seat: the observing seat.
        obs: the observation array (zeroed by the first :meth:`encode`).
        out: what to write ``obs``'s places through (``obs`` or a memoryview of it).
    """

    def __init__(self, space: Any, seat: int, obs: Any, out: Any) -> None:
        at = {name: start for name, start, _ in space.observation_spec}
        self._at: tuple[int, ...] = tuple(at[name] for name in _SLICES)
        self._rot: tuple[int, ...] = space._rot[seat]
        self._index: dict[int, int] = space._card
        self._bit: dict[int, int] = {k: 1 << i for k, i in space._card.items()}
        self._held: int = space._held
        self._d: int = space._d
        self._n: int = space._n
        self._phase_index: dict[Phase, int] = space._phase_index
        self._score_scale = float(space._score_scale)
        self.seat, self._obs, self._out = seat, obs, out
        #: per seat-relative slice (answered, hand_sizes, scores, to_act, turn, dealer, stealer):
        #: the place of each absolute seat
        self._seat_at: tuple[tuple[int, ...], ...] = tuple(tuple(at[name] + r for r in self._rot)
                                                           for name in _SEAT_SLICES)
        #: per seat, the place of its last-window answer by the answer's type
        self._window_at: tuple[dict[type, int], ...] = tuple(
            {kind: at["last_window"] + 3 * r + k for kind, k in space._kind.items()} for r in self._rot)
        self._started = False
        self._pos: tuple[int, object, int] = (-1, None, -1)

    def encode(self, g: Game) -> None:
        """Bring the places of ``obs`` up to the position of ``g`` (the game followed)."""
        history, answers = g._history, g._answers
        n, last = len(history), history[-1] if history else None
        seen = self._pos
        if seen[0] == n and seen[1] is last and seen[2] == len(answers):
            return
        if not self._started:
            self._start()
        self._pos = (n, last, len(answers))
        answered = 0
        for s in answers:
            answered |= 1 << s
        self._cards(g)
        self._claims(g, answered)

    def _start(self) -> None:
        """Zero every place and write the seat one-hot: the state the diffs start from."""
        _fill_zero(self._obs)
        self._started = True
        n = self._n
        self._hand: list[Card] = []
        self._discards: list[Card] = []
        self._discards_of: list[Card] | None = None  # the engine's pile object, and its pops
        self._pops = 0
        self._opens_of: list[list[tuple[Card, ...]]] | None = None  # the engine's juego lists
        self._laid = 0
        self._open_bits = [0] * n
        self._known_bits = [0] * n
        self._claim_card: Card | None = None
        self._claim: Move | None = None
        self._answer: Move | None = None
        self._last_window: tuple[tuple[int, Move], ...] = ()
        self._window_places: list[int] = []  # where the last window's answers are written
        self._answered = 0
        self._sizes: tuple[int, ...] = (-1,) * n
        self._stock = -1
        self._balances: list[int] = []
        self._phase: Phase | None = None
        self._acting = 0
        self._acting_seats: tuple[int, ...] | None = None
        self._acting_answered = -1
        self._turn = self._dealer = self._stealer = -1
        self._hand_no = -1
        self._out[self._at[21] + self.seat] = 1.0

    def _cards(self, g: Game) -> None:
        """The hand and discards (with their order slices), the open juegos and the known cards."""
        at = self._at
        hand = g._hands[self.seat]
        if hand != self._hand:
            self._hand_moved(self._hand, hand, at[0], at[1])
            self._hand = hand.copy()
        discards, old, pops = g._discards, self._discards, g._pops
        if discards is self._discards_of and pops == self._pops:  # the same pile, only grown
            if len(discards) > len(old):
                self._grown(old, discards, at[4], at[5])
        elif discards is self._discards_of:  # cards taken back: the first len - (pops since) stayed
            out, index, base, order = self._out, self._index, at[4], at[5]
            p, n = max(len(old) - (pops - self._pops), 0), min(len(old), len(discards))
            while p < n and old[p] is discards[p]:
                p += 1
            for i in map(index.__getitem__, map(id, old[p:])):
                out[base + i] = out[order + i] = 0.0
            del old[p:]
            self._grown(old, discards, base, order)
            self._pops = pops
        else:  # a new pile (a new hand or a loaded position)
            self._ordered(old, discards, at[4], at[5], self._d, 0)
            self._discards, self._discards_of, self._pops = discards.copy(), discards, pops
        opens = g._opens
        if opens is not self._opens_of or g._laid != self._laid:  # a juego laid, or a new hand
            s = 0
            for o in opens:
                self._set(s, [c for j in o for c in j], self._open_bits, at[2])
                s += 1
            self._opens_of, self._laid = opens, g._laid
        bits, s = self._known_bits, 0
        if g._known_bits == bits:
            return
        for m in g._known_bits:  # shown, named or stolen cards come and go (the body of _set, inlined)
            diff = m ^ bits[s]
            if diff:
                out, b = self._out, at[3] + self._rot[s] * self._d
                while diff:
                    low = diff & -diff
                    out[b + low.bit_length() - 1] = 1.0 if m & low else 0.0
                    diff ^= low
                bits[s] = m
            s += 1

    def _grown(self, old: list[Card], new: list[Card], flags: int, order: int) -> None:
        """The discards after ``old`` (a beginning of ``new``): write ``new``'s further cards
        (flag and order places) and append them to ``old``."""
        out, index, d = self._out, self._index, self._d
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
        out, index, held = self._out, self._index, self._held
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

    def _ordered(self, old: list[Card], new: list[Card], flags: int, order: int, scale: int,
                 keep: int | None = None) -> None:
        """An ordered zone: flags at ``flags``, ``(position + 1) / scale`` at ``order``; the
        common beginning stays (at least its first ``keep`` cards, when the caller knows), the
        rest of ``old`` is cleared, then the rest of ``new`` written."""
        out, index = self._out, self._index
        lo = len(old)
        if keep is not None:
            p, n = max(keep, 0), min(lo, len(new))
            while p < n and old[p] is new[p]:
                p += 1
            if p < lo:
                for i in map(index.__getitem__, map(id, old[p:])):
                    out[flags + i] = 0.0
                    out[order + i] = 0.0
        elif lo <= len(new) and new[:lo] == old:  # cards added at the end
            p = lo
        else:
            if lo <= len(new) + 1 and new[:lo - 1] == old[:-1]:  # the last card taken (or replaced)
                p = lo - 1
            else:
                p, n = 0, min(lo, len(new))
                while p < n and old[p] is new[p]:
                    p += 1
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
        m = reduce(or_, map(self._bit.__getitem__, map(id, cards)), 0)
        diff = m ^ bits[s]
        if diff:
            out, b = self._out, base + self._rot[s] * self._d
            while diff:
                low = diff & -diff
                out[b + low.bit_length() - 1] = 1.0 if m & low else 0.0
                diff ^= low
            bits[s] = m

    def _claims(self, g: Game, answered: int) -> None:
        """The claimed card, the winning claim, the seat's own answer, the last window, who
        answered; then :meth:`_counts`."""
        at, out, phase = self._at, self._out, g._phase
        window = phase is WINDOW
        if window:
            card: Card | None = g._discards[-1]
        elif phase is STEAL and g._stealer is not None:
            card = g._hands[g._stealer][-1]
        else:
            card = None
        if card is not self._claim_card:
            if self._claim_card is not None:
                out[at[6] + self._index[id(self._claim_card)]] = 0.0
            if card is not None:
                out[at[6] + self._index[id(card)]] = 1.0
            self._claim_card = card
        claim = g._claim if phase is STEAL else None
        if claim is not self._claim:
            self._put(self._claim, 0.0, at[7] - 1, at[8])
            self._put(claim, 1.0, at[7] - 1, at[8])
            self._claim = claim
        answer = g._answers.get(self.seat) if window else None
        if answer is not self._answer:
            self._put(self._answer, 0.0, at[9], at[10])
            self._put(answer, 1.0, at[9], at[10])
            self._answer = answer
        now = g._last_window
        if now is not self._last_window:
            for i in self._window_places:
                out[i] = 0.0
            by_type = self._window_at
            places = self._window_places = [by_type[s][type(m)] for s, m in now]
            for i in places:
                out[i] = 1.0
            self._last_window = now
        if not window:
            answered = 0
        diff = answered ^ self._answered
        if diff:
            seats = self._seat_at[0]
            while diff:  # the body of _flags, inlined
                low = diff & -diff
                out[seats[low.bit_length() - 1]] = 1.0 if answered & low else 0.0
                diff ^= low
            self._answered = answered
        self._counts(g, answered, out, phase)

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

    def _counts(self, g: Game, answered: int, out: Any, phase: Phase) -> None:
        """Hand sizes, stock, balances, the phase, who acts, turn, dealer, stealer, hand number."""
        places = self._seat_at
        sizes = tuple(map(len, g._hands))
        if sizes != self._sizes:
            at, held, old, s = places[1], self._held, self._sizes, 0
            for k in sizes:
                if k != old[s]:
                    out[at[s]] = k / held
                s += 1
            self._sizes = sizes
        stock = len(g._stock)
        if stock != self._stock:
            out[self._at[14]] = stock / self._d
            self._stock = stock
        if g._balances != self._balances:
            self._scores(g._balances)
        if phase is not self._phase:
            index, base = self._phase_index, self._at[16]
            if self._phase is not None:
                out[base + index[self._phase]] = 0.0
            out[base + index[phase]] = 1.0
            self._phase = phase
        seats = g._acting
        if seats is not self._acting_seats or answered != self._acting_answered:
            self._acting_seats, self._acting_answered = seats, answered
            acting = _SEAT_BITS.get(seats)
            if acting is None:
                acting = _SEAT_BITS[seats] = sum({1 << s for s in seats})
            acting &= ~answered  # the seats yet to answer, in a window
            diff = acting ^ self._acting
            if diff:
                at = places[3]
                while diff:  # the body of _flags, inlined
                    low = diff & -diff
                    out[at[low.bit_length() - 1]] = 1.0 if acting & low else 0.0
                    diff ^= low
                self._acting = acting
        turn = g._turn
        if turn != self._turn:
            at = places[4]
            if self._turn >= 0:
                out[at[self._turn]] = 0.0
            out[at[turn]] = 1.0
            self._turn = turn
        if g._dealer != self._dealer:
            self._dealer = self._hot(places[5], self._dealer, g._dealer)
        stealer = g._stealer if phase is STEAL and g._stealer is not None else -1
        if stealer != self._stealer:
            self._stealer = self._hot(places[6], self._stealer, stealer)
        if g._hand_no != self._hand_no:
            self._hand_no = g._hand_no
            out[self._at[22]] = g._hand_no / g.rules.num_rounds

    def _scores(self, balances: list[int]) -> None:
        """The balances, relative seats, over N times the starting points (or as they are)."""
        out, at, scale, s = self._out, self._seat_at[2], self._score_scale, 0
        for v in balances:
            out[at[s]] = v / scale
            s += 1
        self._balances = balances.copy()

    def _hot(self, places: tuple[int, ...], old: int, new: int) -> int:
        """Move a seat one-hot (``places``: each seat's place) from ``old`` to ``new`` (-1: none);
        return ``new``."""
        out = self._out
        if old >= 0:
            out[places[old]] = 0.0
        if new >= 0:
            out[places[new]] = 1.0
        return new

