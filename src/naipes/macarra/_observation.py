"""Macarra's one observation writer: the slices of ``ActionSpace.encode`` by diff (internal).

Both ways to the observation go through this module, so they cannot disagree:

- the trackers of one game (:mod:`naipes.macarra._tracker`) share one :class:`Hub`, which reads
  the engine's own fields (card codes, lists, ints), keeps the public part of the vector (as
  floats, and as a float32 array beside them) and after each position compares the zones with
  what it last wrote, rewriting only the places that changed (a drawn card, a card laid on one
  pile or foundation, a turn or phase change) and logging each place it rewrites; after exactly
  one move of the play (one deck) it looks only at the zones that move can change;
- :meth:`ActionSpace.encode(view) <naipes.macarra.ActionSpace.encode>` runs a fresh :class:`Hub`
  once on :func:`shown_of_view`, the view's contents under the engine's field names (a
  :class:`Shown`);
- and both write the seat's own places (its seat flag, its sealed bid) with :func:`write_own`.

The hub reads everything under the engine's names but the cards still unseen: from the engine
it counts the cards of the dealt (never recycled) stocks (every card in play lies in exactly one
zone: stocks, face-up piles, foundations, the held card), while a :class:`Shown` carries the
counts the view implies (the cards in play less the cards seen) and its dealt stocks are blanks
of their size (only their size is read). A stock only loses cards from its top, and is
recycled only once empty.

This module is plain Python that mypyc can compile (``NAIPES_MYPYC=1``, see the RL guide):
classes without ``__slots__`` or base classes. Compiled or not, it writes the same values.
"""

from __future__ import annotations

from array import array
from operator import sub
from typing import TYPE_CHECKING, Any

from naipes.macarra._shown import Shown, shown_of_view
from naipes.macarra._tables import tables
from naipes.macarra.moves import Draw, Move, Pass, PlaceOnPile
from naipes.macarra.phase import Phase

if TYPE_CHECKING:
    pass

__all__ = ["Hub", "Layout", "Shown", "layout", "shown_of_view", "write_own"]

_PLAY, _OVER = Phase.PLAY, Phase.OVER
_NBIDS = 11
#: The log is cut when it grows past this; a tracker behind the cut copies everything.
_LOG_LIMIT = 1 << 14


class Layout:
    """The places and value tables of one rules variant, shared by its hubs.

    ``*_place`` tables map a card code straight to its place in the vector (one table
    per seat or foundation where the slice has a block for each).
    """


    def __init__(self, space: Any) -> None:
        n, k, d, c = space._n, space._k, space._d, space._c
        self.n, self.k, self.d, self.c = n, k, d, c
        self.size = space.observation_size
        #: card code -> the card's place in the fixed card order
        self.cidx = cidx = [-1] * 64
        for i, x in enumerate(tables(space.rules.deck).full_deck):
            cidx[x] = i
        self.depth_value: list[float] = space._depth_value
        self.count_value: list[float] = space._count_value
        self.scale = 1.0 / c
        self.sscale = 1.0 / space.score_scale
        self.max_turns = space.rules.max_turns
        self.phase_at: dict[Phase, int] = space._phase_at
        at = space._at

        def places(base: int, step: int = 1) -> list[int]:
            return [base + j * step if j >= 0 else -1 for j in cidx]

        self.seat, self.to_act = at["seat"], at["to_act"]
        self.held_place, self.pcard_place = places(at["held"]), places(at["punishment_card"])
        self.found_place = [places(at["foundations"] + i * k) for i in range(4 * d)]
        self.top_place = [places(at["pile_tops"] + s * k) for s in range(n)]
        self.piles, self.stocks = at["piles"], at["stocks"]
        self.pile_place = [places(at["piles"] + s * c, d) for s in range(n)]
        self.stock_place = [places(at["stocks"] + s * c, d) for s in range(n)]
        self.pile_sizes, self.stock_sizes, self.recycled = at["pile_sizes"], at["stock_sizes"], at["recycled"]
        self.unseen, self.out, self.scores = at["unseen"], at["out"], at["scores"]
        self.turns, self.loser, self.capped = at["turns"], at["loser"], at["capped"]
        self.answered, self.my_bid, self.bids = at["answered"], at["my_bid"], at["bids"]
        self.ace_macarra: bool = space.rules.ace_macarra
        #: the float32 zeros a hub's array starts from
        self.zero_bytes = bytes(4 * self.size)


def layout(space: Any) -> Layout:
    """The layout of the space's rules, built once per rules (at most 32 kept)."""
    lay = _LAYOUTS.get(space.rules)
    if lay is None:
        if len(_LAYOUTS) >= 32:
            _LAYOUTS.clear()
        lay = _LAYOUTS[space.rules] = Layout(space)
    return lay


_LAYOUTS: dict[Any, Layout] = {}


class Hub:
    """The public part of one game's observation (``vec``), kept up to date by diff, and the
    log of the places rewritten (``log``; ``start`` places were cut off before it)."""


    def __init__(self, lay: Layout) -> None:
        n = lay.n
        self.lay = lay
        self.vec = [0.0] * lay.size
        #: the same as a float32 array, written together with it (a float32 obs copies it whole)
        self.vf = array("f", lay.zero_bytes)
        self.log: list[int] = []
        self.start = 0
        self._key: object = None  # the last history entry seen
        #: the history's length at the last position
        self.count = -2
        #: True while one move of the play can be followed by its zones alone (one deck, in play)
        self.fast = False
        self._to_act: tuple[int, ...] | None = None
        self._turn = -1
        self._nans, self._to_act_bits = -1, 0
        self.phase: Phase | None = None
        self._held = 0
        self._ft: list[int] = []
        self._pl: list[list[int]] = [[] for _ in range(n)]
        self._pw: list[dict[int, float]] = [{} for _ in range(n)]
        # stocks empty, recycled or not unknown: the first diff writes sizes, flags and known stocks
        self._st: list[list[int]] = [[] for _ in range(n)]
        self._rc: list[bool | None] = [None] * n
        self._sw: list[dict[int, float]] = [{} for _ in range(n)]
        self._empty = self._out = 0
        self._inf: list[int] = [-1] * n
        self._sc: list[int] = [0] * n
        self._turns = 0
        self._loser, self._capped, self._answered, self._pcard = -1, False, 0, 0
        self._bids = [-1] * n
        self._un: list[int] = []

    def _put(self, place: int, value: float) -> None:
        """Write one place and log it."""
        self.vec[place] = self.vf[place] = value
        self.log.append(place)

    def sync(self, game: Any) -> None:
        """Bring :attr:`vec` up to the game's position (nothing to do when it is the same)."""
        history = game._history
        count = len(history)
        if count == self.count + 1 and self.fast and game._phase is _PLAY:
            self.play_move(game, history)
            return
        if (count == self.count and len(game._pending_answers) == self._nans
                and (not count or history[-1] is self._key)):
            return
        self._any_position(game, history)

    def play_move(self, game: Any, history: list[tuple[int, Move]]) -> None:
        """:meth:`sync` after one move of the play since the last position, while :attr:`fast`:
        the zones that move can change."""
        self.count = len(history)
        entry = history[-1]
        vec, vf, lay, log = self.vec, self.vf, self.lay, self.log
        if len(log) > _LOG_LIMIT:  # cut the log (trackers behind the cut copy everything)
            self.start += len(log)
            log.clear()
        self._key = entry
        seat, move = entry
        if game._turn != self._turn:  # in play, to_act is the seat on turn
            self._turn = game._turn
            self._who(game.to_act)
        held, old = game._held, self._held
        if held != old:
            self._card_hot(lay.held_place, old, held)
            self._held = held
        kind, gives, piles = type(move), 0, game._piles
        if kind is Draw:  # the seat's stock, and its pile when the draw recycled it
            stock, snap, rec = game._stocks[seat], self._st[seat], game._recycled[seat]
            if rec is self._rc[seat] and len(stock) == len(snap) - 1:  # its top card drawn
                self._drawn(seat, snap.pop(), stock)
            else:
                self._stock(seat, stock, rec)
                if piles[seat] != self._pl[seat]:
                    self._pile(seat, piles[seat])
            if lay.ace_macarra and held & 15 == 1:  # an ace drawn: its drawer gives one to every seat
                gives = 1
        elif kind is PlaceOnPile:
            j = move.seat  # type: ignore[attr-defined]
            self._step(j, piles[j], self._pl[j], 1)
            if j != seat and len(piles[seat]) != len(self._pl[seat]):  # off the seat's pile
                self._step(seat, piles[seat], self._pl[seat], -1)
        elif kind is not Pass:  # a foundation
            self._foundations(game._ftop)
            if len(piles[seat]) != len(self._pl[seat]):
                self._step(seat, piles[seat], self._pl[seat], -1)
        inf = game._infractions[seat]
        if inf != self._inf[seat]:  # an infraction: every other seat gives the mover one
            self._inf[seat] = inf
            gives -= 1
        if gives:
            self._gives(seat, gives)
        out = self._empty & ~(1 << game._turn) if held else self._empty
        if out != self._out:
            self._bits(lay.out, self._out, out)
            self._out = out
        turns = game._turns
        if turns != self._turns:
            vec[lay.turns] = vf[lay.turns] = turns / lay.max_turns
            log.append(lay.turns)
            self._turns = turns

    def _any_position(self, game: Any, history: list[tuple[int, Move]]) -> None:
        """After anything: every zone compared with what was written."""
        lay, log, count = self.lay, self.log, len(history)
        if len(log) > _LOG_LIMIT:
            self.start += len(log)
            log.clear()
        to_act = game.to_act
        self._nans = len(game._pending_answers)
        self._turn = game._turn
        if to_act != self._to_act:
            self._who(to_act)
        phase = game._phase
        self._end(game, phase)
        held, old = game._held, self._held
        if held != old:
            place = lay.held_place
            if old:
                self._put(place[old], 0.0)
            if held:
                self._put(place[held], 1.0)
            self._held = held
        if self.count == -2:  # the first position: the unseen counts from scratch
            self._write_unseen(game)
        inf = game._infractions
        if self._any_moves(game) or phase is not _PLAY or inf != self._inf:
            self._scores(game._ledger)
        self._inf = inf[:]
        self._key = history[-1] if count else None
        self.count = count
        self.fast = lay.d == 1 and phase is _PLAY
        out = self._empty & ~(1 << game._turn) if held else self._empty
        if out != self._out:
            self._bits(lay.out, self._out, out)
            self._out = out
        if game._turns != self._turns:
            self._turns = game._turns
            self._put(lay.turns, self._turns / lay.max_turns)

    def _any_moves(self, game: Any) -> bool:
        """After any moves: every zone compared; True when a pile or a stock changed."""
        if game._ftop != self._ft:
            self._foundations(game._ftop)
        changed = False
        # a draw changes a stock, or a pile when it recycles the pile (the stock may look the same)
        piles, snap = game._piles, self._pl
        if piles != snap:
            for s, pile in enumerate(piles):
                if pile != snap[s]:
                    self._pile(s, pile)
            changed = True
        stocks, recycled, snap, rsnap = game._stocks, game._recycled, self._st, self._rc
        if stocks != snap or recycled != rsnap:
            for s, stock in enumerate(stocks):
                if stock != snap[s] or recycled[s] != rsnap[s]:
                    self._stock(s, stock, recycled[s])
            changed = True
        return changed

    def _write_unseen(self, game: Any) -> None:
        """Count the unseen cards (the engine's: the cards of the dealt stocks; a :class:`Shown`
        carries them) and write every count."""
        lay = self.lay
        if type(game) is Shown:
            counts = list(game.unseen)
        else:
            counts = [0] * lay.k
            cidx = lay.cidx
            for stock, recycled in zip(game._stocks, game._recycled):
                if not recycled:
                    for x in stock:
                        counts[cidx[x]] += 1
        base, value, vec, vf = lay.unseen, lay.count_value, self.vec, self.vf
        for j, x in enumerate(counts):  # (as _put, the log extended once)
            vec[base + j] = vf[base + j] = value[x]
        self.log += range(base, base + len(counts))
        self._un = counts

    def _bits(self, base: int, old: int, new: int) -> None:
        """Write the seats' flags that differ between the bit sets ``old`` and ``new``."""
        diff = old ^ new
        while diff:
            low = diff & -diff
            self._put(base + low.bit_length() - 1, 1.0 if new & low else 0.0)
            diff ^= low

    def _one_hot(self, base: int, old: int, new: int) -> None:
        """Move a one-hot flag from ``base + old`` to ``base + new`` (``-1``: none)."""
        if old >= 0:
            self._put(base + old, 0.0)
        if new >= 0:
            self._put(base + new, 1.0)

    def _card_hot(self, place: Any, old: int, new: int) -> None:
        """Move a card's flag (``place``: each card's place; card 0: none) from ``old`` to ``new``."""
        if old:
            self._put(place[old], 0.0)
        if new:
            self._put(place[new], 1.0)

    def _who(self, to_act: tuple[int, ...]) -> None:
        """The ``to_act`` flags (``game.to_act``: in the window, the seats yet to bid)."""
        old = self._to_act_bits
        self._to_act = to_act
        if len(to_act) == 1 and old & (old - 1) == 0:  # the turn passes on: one flag off, one on
            vec, vf, log = self.vec, self.vf, self.log
            base, s = self.lay.to_act, to_act[0]
            if old:
                p = base + old.bit_length() - 1
                vec[p] = vf[p] = 0.0
                log.append(p)
            vec[base + s] = vf[base + s] = 1.0
            log.append(base + s)
            self._to_act_bits = 1 << s
            return
        bits = 0
        for s in to_act:
            bits |= 1 << s
        self._bits(self.lay.to_act, old, bits)
        self._to_act_bits = bits

    def _foundations(self, ftop: list[int]) -> None:
        """The top card of each foundation, in creation order."""
        old, places = self._ft, self.lay.found_place
        for i in range(max(len(ftop), len(old))):
            a = old[i] if i < len(old) else 0
            b = ftop[i] if i < len(ftop) else 0
            if a != b:
                if a:
                    self._put(places[i][a], 0.0)
                if b:
                    self._put(places[i][b], 1.0)
        self._ft = ftop[:]

    def _pile(self, s: int, pile: list[int]) -> None:
        """Seat ``s``'s face-up pile: its top, size and cards by depth."""
        vec, vf, log, lay, old = self.vec, self.vf, self.log, self.lay, self._pl[s]
        top, was = pile[-1] if pile else 0, old[-1] if old else 0
        if top != was:
            self._card_hot(lay.top_place[s], was, top)
        if len(pile) != len(old):
            vec[lay.pile_sizes + s] = vf[lay.pile_sizes + s] = len(pile) * lay.scale
            log.append(lay.pile_sizes + s)
        if lay.d == 1:
            _depths1(vec, vf, log, lay.pile_place[s], lay.depth_value, pile, old)
        else:
            self._pw[s] = self._depths(lay.piles + s * lay.c, pile, self._pw[s])
        self._pl[s] = pile[:]
        if pile or self._st[s]:
            self._empty &= ~(1 << s)
        else:
            self._empty |= 1 << s

    def _step(self, s: int, pile: list[int], old: list[int], step: int) -> None:
        """:meth:`_pile` after one card put on the pile or taken off it (one deck)."""
        vec, vf, log, lay = self.vec, self.vf, self.log, self.lay
        place = lay.top_place[s]
        if old:
            vec[place[old[-1]]] = vf[place[old[-1]]] = 0.0
            log.append(place[old[-1]])
        if step > 0:
            old.append(pile[-1])
        else:
            x = old.pop()
            vec[lay.pile_place[s][x]] = vf[lay.pile_place[s][x]] = 0.0
            log.append(lay.pile_place[s][x])
        if pile:
            vec[place[pile[-1]]] = vf[place[pile[-1]]] = 1.0
            log.append(place[pile[-1]])
        vec[lay.pile_sizes + s] = vf[lay.pile_sizes + s] = len(pile) * lay.scale
        log.append(lay.pile_sizes + s)
        place = lay.pile_place[s]
        places = list(map(place.__getitem__, reversed(pile)))
        for p, v in zip(places, lay.depth_value):
            vec[p] = vf[p] = v
        log += places
        if pile or self._st[s]:
            self._empty &= ~(1 << s)
        else:
            self._empty |= 1 << s

    def _stock(self, s: int, stock: list[int], rec: bool | None) -> None:
        """Seat ``s``'s stock: its size, whether it was recycled, its cards when it was, and the
        unseen counts of the cards that left it while it was the dealt one."""
        vec, vf, log, lay, old, was = self.vec, self.vf, self.log, self.lay, self._st[s], self._rc[s]
        if len(stock) != len(old):
            vec[lay.stock_sizes + s] = vf[lay.stock_sizes + s] = len(stock) * lay.scale
            log.append(lay.stock_sizes + s)
        if not was:  # a dealt stock only loses its top cards (all of them before a recycle)
            counts, cidx, base, value = self._un, lay.cidx, lay.unseen, lay.count_value
            for x in (old if rec else old[len(stock):]):
                j = cidx[x]
                counts[j] -= 1
                vec[base + j] = vf[base + j] = value[counts[j]]
                log.append(base + j)
        if rec != was:
            self._put(lay.recycled + s, 1.0 if rec else 0.0)
        if rec or was:
            known, gone = (stock if rec else []), (old if was else [])
            if lay.d == 1:
                _depths1(vec, vf, log, lay.stock_place[s], lay.depth_value, known, gone)
            else:
                self._sw[s] = self._depths(lay.stocks + s * lay.c, known, self._sw[s])
        self._st[s], self._rc[s] = stock[:], rec
        if stock or self._pl[s]:
            self._empty &= ~(1 << s)
        else:
            self._empty |= 1 << s

    def _drawn(self, s: int, x: int, stock: list[int]) -> None:
        """Card ``x`` drawn off the top of seat ``s``'s stock (the snapshot has lost it already):
        one unseen copy fewer from a dealt stock, every depth one less in a recycled one."""
        vec, vf, log, lay = self.vec, self.vf, self.log, self.lay
        vec[lay.stock_sizes + s] = vf[lay.stock_sizes + s] = len(stock) * lay.scale
        log.append(lay.stock_sizes + s)
        if self._rc[s]:
            place = lay.stock_place[s]
            vec[place[x]] = vf[place[x]] = 0.0
            log.append(place[x])
            places = list(map(place.__getitem__, reversed(stock)))
            for p, v in zip(places, lay.depth_value):
                vec[p] = vf[p] = v
            log += places
        else:
            counts = self._un
            j = lay.cidx[x]
            counts[j] -= 1
            vec[lay.unseen + j] = vf[lay.unseen + j] = lay.count_value[counts[j]]
            log.append(lay.unseen + j)
        if not stock and not self._pl[s]:
            self._empty |= 1 << s

    def _depths(self, base: int, cards: list[int], written: dict[int, float]) -> dict[int, float]:
        """With several decks, card ``j``'s copies at ``base + j * D ..``: ``1 - depth / C``, the
        list's end (the top) at depth 0, the copy nearest the top first; writes what differs
        from ``written`` and returns the new places."""
        lay = self.lay
        cidx, d = lay.cidx, lay.d
        new: dict[int, float] = {}
        copies: dict[int, int] = {}
        for x, v in zip(reversed(cards), lay.depth_value):
            j = cidx[x]
            copy = copies.get(j, 0)
            copies[j] = copy + 1
            new[base + j * d + copy] = v
        for place in written:
            if place not in new:
                self._put(place, 0.0)
        get = written.get
        for place, v in new.items():
            if get(place) != v:
                self._put(place, v)
        return new

    def _gives(self, seat: int, count: int) -> None:
        """Every other seat's score moves by ``-count`` and ``seat``'s by ``count`` per other seat."""
        lay, scores, vec, vf = self.lay, self._sc, self.vec, self.vf
        base, sscale, n = lay.scores, lay.sscale, lay.n
        for s in range(n):
            score = scores[s] = scores[s] + (count * (n - 1) if s == seat else -count)
            vec[base + s] = vf[base + s] = score * sscale
        self.log += range(base, base + n)

    def _scores(self, ledger: list[list[int]]) -> None:
        """Each seat's macarras given minus received, over the score scale (``net_scores``)."""
        lay, old = self.lay, self._sc
        scores = list(map(sub, map(sum, ledger), map(sum, zip(*ledger))))
        if scores != old:
            base, sscale = lay.scores, lay.sscale
            for s, score in enumerate(scores):
                if score != old[s]:
                    self._put(base + s, score * sscale)
            self._sc = scores

    def _end(self, game: Any, phase: Phase) -> None:
        """The phase and the slices that only change as the play ends: loser, cap, bids,
        the punishment card (each seat's own bid is its tracker's)."""
        lay = self.lay
        if phase is not self.phase:
            if self.phase is not None:
                self._put(lay.phase_at[self.phase], 0.0)
            self._put(lay.phase_at[phase], 1.0)
            self.phase = phase
        loser = game._loser
        if loser != self._loser:
            self._one_hot(lay.loser, self._loser, loser)
            self._loser = loser
        if game._capped != self._capped:
            self._capped = game._capped
            self._put(lay.capped, 1.0 if self._capped else 0.0)
        bits = 0
        for s in game._pending_answers:
            bits |= 1 << s
        if bits != self._answered:
            self._bits(lay.answered, self._answered, bits)
            self._answered = bits
        bids = game._bids
        if bids != self._bids:
            for s, bid in enumerate(bids):
                if bid != self._bids[s]:
                    self._put(lay.bids + s, (bid + 1) / _NBIDS if bid >= 0 else 0.0)
            self._bids = bids[:]
        pcard = game._pcard if phase is _OVER else 0
        if pcard != self._pcard:
            place = lay.pcard_place
            if self._pcard:
                self._put(place[self._pcard], 0.0)
            if pcard:
                self._put(place[pcard], 1.0)
            self._pcard = pcard


def _depths1(vec: list[float], vf: array[float], log: list[int], place: list[int], value: list[float], cards: list[int],
             old: list[int]) -> None:
    """With one deck, each card of ``cards`` at ``place[card]`` = ``1 - depth / C``, the list's end
    (the top) at depth 0; the cards of ``old`` (what was written) no longer in it are zeroed."""
    if old:
        n = len(cards)
        if len(old) > n:  # cards taken off the top (or more)
            gone: Any = old[n:] if old[:n] == cards else set(old).difference(cards)
        elif cards[:len(old)] != old:
            gone = set(old).difference(cards)
        else:
            gone = ()
        for x in gone:
            p = place[x]
            vec[p] = vf[p] = 0.0
            log.append(p)
    places = list(map(place.__getitem__, reversed(cards)))
    for p, v in zip(places, value):
        vec[p] = vf[p] = v
    log += places


def write_own(w: Any, lay: Any, seat: int, old_bid: int, bid: int) -> None:
    """The seat's own places in ``w``: its ``seat`` flag, and its sealed ``my_bid`` moved from
    ``old_bid`` to ``bid`` (``-1``: none). ``lay``: a :class:`Layout` (typed loosely: a compiled
    build's trackers may hand it a layout of this module's Python source, as its tests do)."""
    w[lay.seat + seat] = 1.0
    if bid != old_bid:
        base = lay.my_bid
        if old_bid >= 0:
            w[base + old_bid] = 0.0
        if bid >= 0:
            w[base + bid] = 1.0
