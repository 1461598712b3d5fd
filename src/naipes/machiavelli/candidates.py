"""Candidate plays: table rearrangements offered as actions beside the MV-16 listing.

``legal_moves`` lists a finite family (MV-16): one card onto a table meld, or
one new meld of three from the hand. :func:`candidates` adds, for the seat to
act, up to :data:`CANDIDATES` plays outside that family, the plays an agent
needs to rearrange the table; :class:`~naipes.machiavelli.actions.ActionSpace`
gives them the ids of its *candidate slots*, and the plugin's
``root_candidates`` gives them to the search bots (:mod:`naipes.search`).

They are built from *pieces*, each a local change of the table:

- ``hand_meld``: a meld of four or more cards laid from the hand alone (a run
  as long as the hand holds it, a group of four);
- ``steal``: a card taken from a table meld that can spare it (an end of a run
  of four or more, any card of a group of four) joins two or more hand cards in
  a new meld (``[5H 6H 7H 8H]`` and ``8S 8D`` give ``[5H 6H 7H] [8S 8H 8D]``);
- ``split``: a hand card equal to a middle card of a run splits it in two
  (``[3S 4S 5S 6S 7S 8S]`` and ``5S`` give ``[3S 4S 5S] [5S 6S 7S 8S]``);
- ``swap``: a hand card replaces the joker that stands for it (MV-12), the
  joker kept;

and the listed pieces (one card onto a meld, one new meld of three). The slots
hold, in this order, each play once:

1. with ``solver_nodes`` set, the exact solver's best play (MV-15) within that
   node budget (:func:`~naipes.machiavelli.solver.solve`; the same position
   and budget give the same play);
2. ``most_cards``: pieces that touch different melds, taken greedily by most
   hand cards (ties: most points, then the canonical order below);
3. ``most_points``: the same, by most points first;
4. every piece that is not a listed play on its own: the hand melds (suit by
   suit, rank by rank; groups by rank), then, table meld by table meld, its
   steals, splits and swaps.

Two plays that give the same final layout are one play (MV-05): a play is
kept only if no play before it, and no listed play, makes its layout. Every
play is checked by the engine's own rule
(:func:`~naipes.machiavelli.legality.play_problems`, on the melds it changes:
the melds left in place are the same objects, valid already), so each is
legal. Nothing depends on time: the same position always gives the same
candidates. Before his opening (MV-11) a player is offered hand melds only.

The answer is remembered per position (the table object, the hand's cards,
the opening, the rules and the budget), so a mask, an encoding and a
``move(id)`` at one position compute it once.

>>> from naipes.machiavelli.melds import parse_table
>>> table = parse_table("[5H 6H 7H 8H]")
>>> [str(c.play) for c in candidates(table, Card.parse_many("8S 8D"), Rules())]
['play 8S 8D: [5H 6H 7H] [8S 8H 8D]']

.. versionadded:: 1.4
"""

from __future__ import annotations

import threading
from typing import NamedTuple, Sequence

from naipes.cards import FRENCH_SUITS, JOKER, Card
from naipes.machiavelli._fast_listing import _JOKER_BIT, _METAS, _RANKS, _meta, _new_melds, card_bit, hand_mask
from naipes.machiavelli.legality import play_problems
from naipes.machiavelli.melds import Meld, card_value, meld_problem, meld_value
from naipes.machiavelli.moves import Play, _trusted_play
from naipes.machiavelli.rules import Rules

__all__ = ["CANDIDATES", "Candidate", "candidates", "layout_key", "play_key"]

#: The candidate slots: at most this many candidate plays per decision.
CANDIDATES = 16


_MeldKey = tuple[int, tuple[int, ...], tuple[int, ...]]
#: A final layout relative to the table: the melds removed and the melds added, as sorted meld keys.
_Layout = tuple[tuple[_MeldKey, ...], tuple[_MeldKey, ...]]


class Candidate:
    """One candidate play and what the observation says of it.

    Attributes:
        play: the play (unchanged melds in place, new melds last; built when first read).
        cards: the hand cards it puts on the table (``play.cards``).
        source: ``solver``, ``most_cards``, ``most_points``, ``hand_meld``,
            ``steal``, ``split`` or ``swap`` (see the module's docstring).
        played: how many hand cards it puts on the table.
        value: the points it removes from the hand (jokers taken back count
            against it).
        changed: the table melds it changes (melds of the old table not in the new).
        left: the cards left in the hand after it.
        taken: the jokers it takes back into the hand (MV-12).
        optimal: whether it is proven a best play (MV-15): it goes out, or it
            is the solver's proven optimum.
        key: its layout as the melds it removes and adds (:func:`layout_key`).

    .. versionadded:: 1.4
    """

    __slots__ = ("_play", "_parts", "cards", "source", "played", "value", "changed", "left", "taken", "optimal",
                 "key")

    def __init__(self, play: Play | None, parts: tuple[tuple[Meld, ...], dict[int, Meld | None], tuple[Meld, ...]]
                 | None, cards: tuple[Card, ...], source: str, value: int, changed: int, left: int, taken: int,
                 optimal: bool, key: _Layout) -> None:
        """Private: made by :func:`candidates` (``parts``: the table, its replaced melds, the new melds)."""
        self._play, self._parts = play, parts
        self.cards, self.source, self.played, self.value = cards, source, len(cards), value
        self.changed, self.left, self.taken, self.optimal, self.key = changed, left, taken, optimal, key

    @property
    def play(self) -> Play:
        """The play: the table with the changed melds replaced in place and the new melds last."""
        play = self._play
        if play is None:
            assert self._parts is not None
            table, repl, extra = self._parts
            new = tuple(m if (r := repl.get(i, m)) is m else r for i, m in enumerate(table))
            play = self._play = _trusted_play(tuple(m for m in new if m is not None) + extra, self.cards)
        return play

    def __repr__(self) -> str:
        return f"Candidate({self.source}: {self.play})"


# A piece: (table melds it replaces, their replacements (None: gone), melds it adds,
# the hand cards it plays, jokers it takes back, its source)
class _Piece(NamedTuple):
    removed: tuple[int, ...]
    repl: tuple[Meld | None, ...]
    extra: tuple[Meld, ...]
    cards: tuple[Card, ...]
    taken: int
    source: str
    listed: bool
    value: int


def _meld_key(meld: Meld) -> _MeldKey:
    """A meld as its length, its cards' identities (cards are interned) and its joker places."""
    entry = _KEYS.get(id(meld))
    if entry is not None and entry[0] is meld:
        return entry[1]
    key = (len(meld.cards), tuple(map(id, meld.cards)), meld.jokers)
    if len(_KEYS) > 20_000:
        _KEYS.clear()
    _KEYS[id(meld)] = (meld, key)
    return key


_KEYS: dict[int, tuple[Meld, _MeldKey]] = {}  # id(meld) -> (meld, its key): the entry keeps the meld alive


def layout_key(removed: Sequence[Meld], added: Sequence[Meld]) -> _Layout:
    """A play's final layout relative to its table (MV-05): the melds it removes and adds.

    Both are taken as multisets of melds in canonical form (:meth:`Meld.normalized
    <naipes.machiavelli.melds.Meld.normalized>`, as the engine keeps them); a meld
    both removed and added cancels. Two plays on the same table have the same
    final layout exactly when their keys are equal.
    """
    left: dict[_MeldKey, int] = {}
    for m in removed:
        k = _meld_key(m)
        left[k] = left.get(k, 0) + 1
    inn = []
    for m in added:
        k = _meld_key(m)
        if left.get(k):
            left[k] -= 1
        else:
            inn.append(k)
    out = [k for k, n in left.items() for _ in range(n)]
    return tuple(sorted(out)), tuple(sorted(inn))


def play_key(table: Sequence[Meld], play: Play) -> _Layout:
    """The :func:`layout_key` of ``play`` on ``table``: the multiset difference of their melds."""
    left: dict[_MeldKey, int] = {}
    for m in table:
        k = _meld_key(m.normalized())
        left[k] = left.get(k, 0) + 1
    added = []
    for m in play.table:
        k = _meld_key(m.normalized())
        if left.get(k):
            left[k] -= 1
        else:
            added.append(k)
    removed = [k for k, n in left.items() for _ in range(n)]
    return tuple(sorted(removed)), tuple(sorted(added))


_Key = tuple[int, tuple[int, ...], bool, int, int]
_CACHE: dict[_Key, tuple[tuple[Meld, ...], Rules, tuple[Candidate, ...]]] = {}
_LOCK = threading.Lock()


def candidates(table: tuple[Meld, ...], hand: Sequence[Card], rules: Rules, *, opened: bool = True,
               solver_nodes: int | None = None) -> tuple[Candidate, ...]:
    """The candidate plays of ``hand`` on ``table`` (see the module's docstring), remembered per position.

    Args:
        table: the melds on the table (the game's own tuple: it is remembered by identity).
        hand: the player's hand.
        rules: the variant rules.
        opened: whether the player has made his opening play (MV-11).
        solver_nodes: a node budget for the solver's best play in slot 0, or ``None``: none.

    .. versionadded:: 1.4
    """
    key = (id(table), tuple(map(id, hand)), opened, id(rules), -1 if solver_nodes is None else solver_nodes)
    entry = _CACHE.get(key)
    if entry is not None and entry[0] is table and entry[1] is rules:
        return entry[2]
    found = _compute(table, tuple(hand), rules, opened, solver_nodes)
    with _LOCK:
        if len(_CACHE) > 256:
            _CACHE.clear()
        _CACHE[key] = (table, rules, found)
    return found


def _compute(table: tuple[Meld, ...], hand: tuple[Card, ...], rules: Rules, opened: bool,
             solver_nodes: int | None) -> tuple[Candidate, ...]:
    count: dict[int, int] = {}
    for c in hand:
        count[id(c)] = count.get(id(c), 0) + 1
    mask = hand_mask(hand)
    pieces = _hand_pieces(hand, mask, rules)
    if opened or not rules.initial_meld_min:
        _table_pieces(pieces, table, mask, rules.jokers > 0)
    pieces = [p for p in pieces if p.listed or _checked(p, table, hand, rules)]
    out: list[Candidate] = []
    seen: set[_Layout] = set()
    if solver_nodes is not None:
        _add_solver(out, seen, table, hand, rules, opened, solver_nodes)
    usable = [p for p in pieces if not p.taken]
    if len(usable) > 1:
        done: list[_Piece] = []
        for source, order in (("most_cards", _by_cards), ("most_points", _by_points)):
            chosen = _greedy(sorted(usable, key=order), count)
            if (len(chosen) > 1 or (chosen and not chosen[0].listed)) and chosen != done:
                _add(out, seen, table, hand, rules, opened, chosen, source)
            done = chosen
    for piece in pieces:
        if len(out) >= CANDIDATES:
            break
        if not piece.listed:
            _add(out, seen, table, hand, rules, opened, (piece,), piece.source)
    return tuple(out[:CANDIDATES])


def _by_cards(p: _Piece) -> tuple[int, int]:
    return (-len(p.cards), -p.value)


def _by_points(p: _Piece) -> tuple[int, int]:
    return (-p.value, -len(p.cards))


def _greedy(pieces: Sequence[_Piece], count: dict[int, int]) -> list[_Piece]:
    """Pieces taken in order when they touch no meld taken before and the hand still has their cards."""
    left = count.copy()
    used: set[int] = set()
    chosen = []
    for p in pieces:
        removed = p.removed  # a piece changes one table meld at most
        if removed and removed[0] in used:
            continue
        taken = []
        for c in p.cards:
            i = id(c)
            n = left.get(i, 0)
            if not n:
                for j in taken:  # give back what this piece took
                    left[j] += 1
                break
            left[i] = n - 1
            taken.append(i)
        else:
            if removed:
                used.add(removed[0])
            chosen.append(p)
    return chosen


def _add(out: list[Candidate], seen: set[_Layout], table: tuple[Meld, ...],
         hand: tuple[Card, ...], rules: Rules, opened: bool, pieces: Sequence[_Piece], source: str) -> None:
    """Append the play of ``pieces`` unless its layout is listed or seen (cards in piece order)."""
    if len(pieces) == 1:
        p = pieces[0]
        repl = dict(zip(p.removed, p.repl))
        extra, cards, taken, value = p.extra, p.cards, p.taken, p.value
    else:
        repl = {}
        more: list[Meld] = []
        played: list[Card] = []
        taken = value = 0
        for p in pieces:
            repl.update(zip(p.removed, p.repl))
            more.extend(p.extra)
            played.extend(p.cards)
            taken += p.taken
            value += p.value
        extra, cards = tuple(more), tuple(played)
    at = sorted(repl)
    removed = [table[i] for i in at]
    added = [m for i in at if (m := repl[i]) is not None]
    added.extend(extra)
    key = layout_key(removed, added)
    if key in seen or _listed_form(key, len(cards), taken):
        return
    # every piece passed the engine's check (a listed one is the engine's own), and pieces that touch
    # different melds and share no hand card make a legal play; but an opening's worth is the sum's
    if not opened and rules.initial_meld_min and play_problems(removed, hand, added, cards, rules, opened=False):
        return
    seen.add(key)
    left = len(hand) - len(cards) + taken
    if taken or _JOKER_ID in map(id, cards):
        value = sum(card_value(c, rules) for c in cards) - taken * rules.joker_penalty
    out.append(Candidate(None, (table, repl, extra), cards, source, value, len(repl), left, taken, left == 0, key))


def _checked(piece: _Piece, table: tuple[Meld, ...], hand: tuple[Card, ...], rules: Rules) -> bool:
    """Whether the engine accepts ``piece`` alone (:func:`~naipes.machiavelli.legality.play_problems`
    on the melds it changes), remembered by what it reads besides the hand, whose cards the piece
    was built from: its meld, its new meld and its cards (memoized objects, which determine the
    meld it changes: the same change is the same objects)."""
    repl = piece.repl[0] if piece.repl else None
    extra = piece.extra[0] if piece.extra else None
    cards = piece.cards
    key = (id(repl), id(extra), id(cards), id(rules))
    entry = _VERDICTS.get(key)
    if entry is not None and entry[0] is repl and entry[1] is extra and entry[2] is cards and entry[3] is rules:
        return entry[4]
    removed = tuple(table[i] for i in piece.removed)
    added = tuple(m for m in piece.repl if m is not None) + piece.extra
    legal = not play_problems(removed, hand, added, cards, rules)  # an opening's worth: the whole play's (_add)
    with _LOCK:
        if len(_VERDICTS) > 20_000:
            _VERDICTS.clear()
        _VERDICTS[key] = (repl, extra, cards, rules, legal)  # the entry keeps the objects of its ids alive
    return legal


_VERDICTS: dict[tuple[int, ...], tuple[Meld | None, Meld | None, tuple[Card, ...], Rules, bool]] = {}
_JOKER_ID = id(JOKER)


def _add_solver(out: list[Candidate], seen: set[_Layout],
                table: tuple[Meld, ...], hand: tuple[Card, ...], rules: Rules, opened: bool, nodes: int) -> None:
    from naipes.machiavelli.solver import Budget, solve

    best = solve(table, hand, rules, opened=opened, budget=Budget(nodes=nodes))
    if best is None:
        return
    play = Play(best.table, best.played)
    key = play_key(table, play)
    if _listed_form(key, len(best.played), len(best.taken)):
        return
    if play_problems(table, hand, play.table, play.cards, rules, opened=opened):
        return
    seen.add(key)
    left = len(hand) - best.count
    out.append(Candidate(play, None, play.cards, "solver", best.value, len(key[0]), left, len(best.taken),
                         best.optimal or left == 0, key))


def _listed_form(key: _Layout, played: int, taken: int) -> bool:
    """Whether a legal play of layout ``key`` is in the MV-16 listing: one new meld of three
    from the hand (nothing else changed), or one hand card added to one meld."""
    removed, added = key
    if taken or len(added) != 1:
        return False
    size = added[0][0]  # a meld's key starts with its length
    if not removed:
        return size == 3 and played == 3
    return len(removed) == 1 and played == 1 and size == removed[0][0] + 1


# -- pieces ------------------------------------------------------------------------------------

def _hand_pieces(hand: tuple[Card, ...], mask: int, rules: Rules) -> list[_Piece]:
    """The listed new melds of three, then the hand melds of four or more (natural cards)."""
    jokers = 0
    if mask & _JOKER_BIT:
        if rules.jokers:
            jokers = min(sum(1 for c in hand if c is JOKER), 3)
        else:
            mask ^= _JOKER_BIT
    least = max(3 - jokers, rules.min_natural_per_combination)
    found = _new_melds(mask, least)
    out = [_Piece((), (), (m,), physical, 0, "new_meld", True, value) for m, physical, value in found or ()]
    runs = mask & mask >> 1 & mask >> 2 & mask >> 3 & _STARTS
    if runs:
        for s in range(4):
            bits = mask >> (16 * s) & _RANKS
            if not runs >> (16 * s) & _RANKS:
                continue
            rank = 1
            while rank <= 13:
                if not bits >> rank & 1:
                    rank += 1
                    continue
                end = rank
                while end < 13 and bits >> (end + 1) & 1:
                    end += 1
                if end - rank >= 3:
                    meld = _hand_run(s, rank, end)
                    out.append(_Piece((), (), (meld,), meld.cards, 0, "hand_meld", False, meld_value(meld)))
                rank = end + 1
    groups = mask & mask >> 16 & mask >> 32 & mask >> 48 & _RANKS
    while groups:
        rank = (groups & -groups).bit_length() - 1
        groups &= groups - 1
        meld = _hand_group(rank)
        out.append(_Piece((), (), (meld,), meld.cards, 0, "hand_meld", False, meld_value(meld)))
    return out


#: ``_ROWS[suit index][rank]``: the interned cards (index 0: the joker, a placeholder).
_ROWS = tuple((JOKER,) + tuple(Card(r, s) for r in range(1, 14)) for s in FRENCH_SUITS)
_STARTS = sum(_RANKS << (16 * s) for s in range(4))
_MELDS: dict[tuple[int, ...], Meld] = {}


def _hand_run(suit: int, low: int, high: int) -> Meld:
    key = (suit, low, high)
    meld = _MELDS.get(key)
    if meld is None:
        meld = _MELDS.setdefault(key, Meld(_ROWS[suit][low:high + 1]))
    return meld


def _hand_group(rank: int) -> Meld:
    key = (rank,)
    meld = _MELDS.get(key)
    if meld is None:
        meld = _MELDS.setdefault(key, Meld(tuple(row[rank] for row in _ROWS)))
    return meld


def _table_pieces(out: list[_Piece], table: tuple[Meld, ...], mask: int, jokers: bool) -> None:
    """Each table meld's listed extensions, steals, splits and swaps that the hand can make."""
    if not jokers:
        mask &= ~_JOKER_BIT
    natural = mask & ~_JOKER_BIT
    found = _TABLES.get(id(table))
    if found is None or found[0] is not table:
        found = _table_entry(table)
    if not (found[2] & mask or found[3] & natural):
        return
    for i, entry in found[1]:
        _, extensions, want, spares, others, trigger = entry
        if want & mask:
            for bit, new, cards, value in extensions:
                if bit & mask:
                    out.append(_Piece((i,), (new,), (), cards, 0, "extension", True, value))
        if trigger & natural:
            for card, rest, partners in spares:
                got = partners & natural
                if got & (got - 1):  # two cards or more
                    for new, cards, value in _steals(card, got):
                        out.append(_Piece((i,), (rest,), (new,), cards, 0, "steal", False, value))
            for bit, repl, extra, cards, taken, source, value in others:
                if bit & natural:
                    out.append(_Piece((i,), repl, extra, cards, taken, source, False, value))


# id(table) -> (the table, its melds that some hand card touches, with their entries, the OR
# of their extension masks, the OR of their other masks); the entry keeps the table alive
_TableEntry = tuple[tuple[Meld, ...], tuple[tuple[int, "_Entry"], ...], int, int]
_TABLES: dict[int, _TableEntry] = {}


def _table_entry(table: tuple[Meld, ...]) -> _TableEntry:
    entries = _ENTRIES
    touched = []
    want = trigger = 0
    for i, meld in enumerate(table):
        entry = entries.get(id(meld))
        if entry is None or entry[0] is not meld:
            entry = _entry(meld)
        if entry[2] or entry[5]:
            touched.append((i, entry))
            want |= entry[2]
            trigger |= entry[5]
    found = (table, tuple(touched), want, trigger)
    if len(_TABLES) > 4_096:  # one store or clear at a time: atomic
        _TABLES.clear()
    _TABLES[id(table)] = found
    return found


#: ``id(card) -> its points`` (A 1, 2-10, J/Q/K 10; the joker 0 here: its points are the rules').
_VALUE: dict[int, int] = {id(c): min(c.rank, 10) for row in _ROWS for c in row[1:]}
_VALUE[id(JOKER)] = 0

# id(meld) -> (meld, its extensions (bit, extended meld, (hand card,), points), the mask they
# want, its spares (card, what is left, the mask of hand cards that can meld with the card), its
# splits and swaps (bit, replacements, new melds, (hand card,), jokers taken, source, points), the
# mask of the hand cards that make a spare's meld, a split or a swap); the entry keeps the meld alive
_Other = tuple[int, tuple[Meld], tuple[Meld, ...], tuple[Card], int, str, int]
_Entry = tuple[Meld, tuple[tuple[int, Meld, tuple[Card], int], ...], int, tuple[tuple[Card, Meld, int], ...],
               tuple[_Other, ...], int]
_ENTRIES: dict[int, _Entry] = {}
_BY_VALUE: dict[Meld, _Entry] = {}  # a meld's value -> the entry of the first meld seen of that value
_STEALS: dict[tuple[int, int], tuple[tuple[Meld, tuple[Card, ...], int], ...]] = {}


def _entry(meld: Meld) -> _Entry:
    same = _BY_VALUE.get(meld)  # a meld equal to one seen: the same pieces
    if same is not None:
        entry: _Entry = (meld, *same[1:])  # type: ignore[assignment]
    else:
        meta = _METAS.get(id(meld))
        if meta is None or meta[0] is not meld:
            meta = _meta(meld)
        extensions = tuple((bit, new, (card,), _VALUE[id(card)]) for new, card, bit in meta[1])
        spares = tuple((card, rest, _partners(card)) for card, rest in _spares(meld))
        others: list[_Other] = [(card_bit(card), (left,), (right,), (card,), 0, "split", _VALUE[id(card)])
                                for card, left, right in _splits(meld)]
        others += [(card_bit(card), (new,), (), (card,), 1, "swap", _VALUE[id(card)]) for card, new in _swaps(meld)]
        trigger = 0
        for _, _, partners in spares:
            trigger |= partners
        for other in others:
            trigger |= other[0]
        entry = (meld, extensions, meta[2], spares, tuple(others), trigger)
    with _LOCK:
        if len(_ENTRIES) > 20_000:
            _ENTRIES.clear()
        _ENTRIES[id(meld)] = entry
        if same is None:
            if len(_BY_VALUE) > 20_000:
                _BY_VALUE.clear()
            _BY_VALUE[meld] = entry
    return entry


def _partners(card: Card) -> int:
    """The bits of the natural cards that can share a meld of three with ``card``."""
    rank, suit = card.rank, FRENCH_SUITS.index(card.suit)  # type: ignore[arg-type]
    bits = 0
    for s in range(4):
        if s != suit:
            bits |= 1 << (16 * s + rank)
    for r in (rank - 2, rank - 1, rank + 1, rank + 2):
        if 1 <= r <= 13:
            bits |= 1 << (16 * suit + r)
    return bits


def _steals(card: Card, got: int) -> tuple[tuple[Meld, tuple[Card, ...], int], ...]:
    """New melds of ``card`` (from the table) with the natural hand cards ``got`` (bits among its
    partners): the group of every other suit, and the longest run through it; memoized."""
    key = (id(card), got)
    found = _STEALS.get(key)
    if found is not None:
        return found
    out = []
    rank, suit = card.rank, FRENCH_SUITS.index(card.suit)  # type: ignore[arg-type]
    others = tuple(_ROWS[s][rank] for s in range(4) if s != suit and got >> (16 * s + rank) & 1)
    if len(others) >= 2:
        new = Meld((card,) + others).normalized()
        out.append((new, others, meld_value(new) - _VALUE[id(card)]))
    low = high = rank
    row = 16 * suit
    while low > 1 and got >> (row + low - 1) & 1:
        low -= 1
    while high < 13 and got >> (row + high + 1) & 1:
        high += 1
    if high - low >= 2:
        cards = _ROWS[suit][low:high + 1]
        new = Meld(cards)
        out.append((new, tuple(c for c in cards if c is not card), meld_value(new) - _VALUE[id(card)]))
    found = tuple(out)
    with _LOCK:
        if len(_STEALS) > 20_000:
            _STEALS.clear()
        _STEALS[key] = found
    return found


_LENIENT = Rules(jokers=4, min_natural_per_combination=1)


def _valid(meld: Meld, naturals: int) -> bool:
    """Valid as a meld (the engine's check decides the variant's joker rules)."""
    return len(meld.cards) - len(meld.jokers) >= naturals and meld_problem(meld, _LENIENT) is None


def _spares(meld: Meld) -> list[tuple[Card, Meld]]:
    """The natural cards a meld can give up and stay valid: an end of a run of four or more,
    any card of a group of four."""
    cards, jokers = meld.cards, meld.jokers
    n = len(cards)
    if n < 4:
        return []
    run = cards[0].suit is cards[1].suit and cards[0].rank != cards[1].rank
    places = (0, n - 1) if run else range(n)
    out = []
    for p in places:
        if p in jokers:
            continue
        rest = Meld(cards[:p] + cards[p + 1:], tuple(j - (j > p) for j in jokers))
        if _valid(rest, 2):
            out.append((cards[p], rest))
    return out


def _splits(meld: Meld) -> list[tuple[Card, Meld, Meld]]:
    """The splits of a run by a second copy of one of its middle cards (both halves of three or more)."""
    cards, jokers = meld.cards, meld.jokers
    n = len(cards)
    if n < 5 or cards[0].suit is not cards[1].suit or cards[0].rank == cards[1].rank:
        return []
    out = []
    for p in range(2, n - 2):
        left = Meld(cards[:p + 1], tuple(j for j in jokers if j <= p))
        right = Meld(cards[p:], tuple(j - p for j in jokers if j > p))
        if _valid(left, 2) and _valid(right, 2):
            out.append((cards[p], left, right))
    return out


def _swaps(meld: Meld) -> list[tuple[Card, Meld]]:
    """The swaps of a meld's jokers (MV-12): the card each stands for, and the meld with it."""
    return [(meld.cards[p], Meld(meld.cards, tuple(j for j in meld.jokers if j != p))) for p in meld.jokers]


# Re-exported for the doctests above.
_ = meld_value
