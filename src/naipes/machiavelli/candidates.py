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
piece outside the listing is checked once by the engine's own rule
(:func:`~naipes.machiavelli.legality.play_problems`, on the melds it changes:
the melds left in place are the same objects, valid already) and remembered;
pieces that change different melds and use different hand cards make a legal
play together (before the opening, MV-11, the whole play is checked, its worth
being a sum). So each candidate is legal; the tests play every one of them
through whole games of random agents. Nothing depends on time: the same
position always gives the same candidates. Before his opening a player is
offered hand melds only.

The answer is remembered per position (the table object, the hand's cards,
the opening, the rules and the budget), so a mask, an encoding and a
``move(id)`` at one position compute it once.

>>> from naipes.machiavelli.melds import parse_table
>>> table = parse_table("[5H 6H 7H 8H]")
>>> [str(c.play) for c in candidates(table, Card.parse_many("8S 8D"), Rules())]
['play 8S 8D: [5H 6H 7H] [8S 8H 8D]']

.. versionadded:: 1.2
"""

from __future__ import annotations

import threading
from typing import Sequence

from naipes.cards import JOKER, Card
from naipes.machiavelli._candidate_pieces import _hand_pieces, _Piece, _table_pieces
from naipes.machiavelli._fast_listing import hand_mask
from naipes.machiavelli.legality import play_problems
from naipes.machiavelli.melds import Meld, card_value
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

    .. versionadded:: 1.2
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
    out = sorted(map(_meld_key, removed))
    inn = sorted(map(_meld_key, added))
    if out and inn and not set(out).isdisjoint(inn):  # a meld both removed and added: no change
        for k in [k for k in out if k in inn]:
            if k in out and k in inn:
                out.remove(k)
                inn.remove(k)
    return tuple(out), tuple(inn)


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

    .. versionadded:: 1.2
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
        taken: list[int] = []
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


