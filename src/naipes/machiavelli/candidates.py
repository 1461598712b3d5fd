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
from naipes.machiavelli.legality import play_problems
from naipes.machiavelli.listing import _CARD, _extensions, new_melds_from
from naipes.machiavelli.melds import Meld, card_value, meld_problem, meld_value
from naipes.machiavelli.moves import Play, _trusted_play
from naipes.machiavelli.rules import Rules

__all__ = ["CANDIDATES", "Candidate", "candidates", "layout_key"]

#: The candidate slots: at most this many candidate plays per decision.
CANDIDATES = 16


_MeldKey = tuple[int, tuple[int, ...], tuple[int, ...]]
#: A final layout relative to the table: the melds removed and the melds added, as sorted meld keys.
_Layout = tuple[tuple[_MeldKey, ...], tuple[_MeldKey, ...]]


class Candidate(NamedTuple):
    """One candidate play and what the observation says of it.

    Attributes:
        play: the play (unchanged melds in place, new melds last).
        source: ``solver``, ``most_cards``, ``most_points``, ``hand_meld``,
            ``steal``, ``split`` or ``swap`` (see the module's docstring).
        played: the hand cards it puts on the table.
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

    play: Play
    source: str
    played: int
    value: int
    changed: int
    left: int
    taken: int
    optimal: bool
    key: _Layout


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


def _meld_key(meld: Meld) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """A meld as its length, its cards' identities (cards are interned) and its joker places."""
    return (len(meld.cards), tuple(map(id, meld.cards)), meld.jokers)


def layout_key(removed: Sequence[Meld], added: Sequence[Meld]) -> _Layout:
    """A play's final layout relative to its table (MV-05): the melds it removes and adds.

    Both are taken as multisets (melds normalized); a meld both removed and
    added cancels. Two plays on the same table have the same final layout
    exactly when their keys are equal.
    """
    left: dict[_MeldKey, int] = {}
    for m in removed:
        k = _meld_key(m.normalized())
        left[k] = left.get(k, 0) + 1
    inn = []
    for m in added:
        k = _meld_key(m.normalized())
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
    minimum = 0 if opened else rules.initial_meld_min
    jokers = rules.jokers > 0 and id(JOKER) in count
    pieces = _hand_pieces(hand, count, rules, jokers)
    if not minimum:
        for i, meld in enumerate(table):
            pieces.extend(_table_pieces(i, meld, count, jokers))
    out: list[Candidate] = []
    seen: set[_Layout] = set()
    if solver_nodes is not None:
        _add_solver(out, seen, table, hand, rules, opened, solver_nodes)
    usable = [p for p in pieces if not p.taken]
    for source, order in (("most_cards", _by_cards), ("most_points", _by_points)):
        chosen = _greedy(sorted(usable, key=order), count)
        if chosen:
            _add(out, seen, table, hand, rules, opened, chosen, source)
    for piece in pieces:
        if len(out) >= CANDIDATES:
            break
        if not piece.listed:
            _add(out, seen, table, hand, rules, opened, [piece], piece.source)
    return tuple(out[:CANDIDATES])


def _by_cards(p: _Piece) -> tuple[int, int]:
    return (-len(p.cards), -_value(p.cards))


def _by_points(p: _Piece) -> tuple[int, int]:
    return (-_value(p.cards), -len(p.cards))


def _value(cards: Sequence[Card]) -> int:
    return sum(c.rank if c.rank <= 10 else 10 for c in cards if c is not JOKER)


def _greedy(pieces: Sequence[_Piece], count: dict[int, int]) -> list[_Piece]:
    """Pieces taken in order when they touch no meld taken before and the hand still has their cards."""
    left = dict(count)
    used: set[int] = set()
    chosen = []
    for p in pieces:
        if used.intersection(p.removed):
            continue
        need: dict[int, int] = {}
        for c in p.cards:
            need[id(c)] = need.get(id(c), 0) + 1
        if any(left.get(i, 0) < n for i, n in need.items()):
            continue
        for i, n in need.items():
            left[i] -= n
        used.update(p.removed)
        chosen.append(p)
    return chosen


def _add(out: list[Candidate], seen: set[_Layout], table: tuple[Meld, ...],
         hand: tuple[Card, ...], rules: Rules, opened: bool, pieces: Sequence[_Piece], source: str) -> None:
    """Append the play of ``pieces`` unless its layout is listed or seen, or the engine refuses it."""
    if len(pieces) == 1 and pieces[0].listed:
        return
    repl: dict[int, Meld | None] = {}
    extra: list[Meld] = []
    played: dict[int, int] = {}
    taken = 0
    for p in pieces:
        repl.update(zip(p.removed, p.repl))
        extra.extend(p.extra)
        for c in p.cards:
            played[id(c)] = played.get(id(c), 0) + 1
        taken += p.taken
    removed = [table[i] for i in sorted(repl)]
    added = [m for i in sorted(repl) if (m := repl[i]) is not None] + extra
    key = layout_key(removed, added)
    if key in seen or _listed_form(key, sum(len(p.cards) for p in pieces), taken):
        return
    cards: list[Card] = []
    for c in hand:  # the played cards in hand order
        if played.get(id(c)):
            played[id(c)] -= 1
            cards.append(c)
    if play_problems(removed, hand, added, cards, rules, opened=opened):
        return
    new = tuple(repl[i] if i in repl else m for i, m in enumerate(table))
    play = _trusted_play(tuple(m for m in new if m is not None) + tuple(extra), tuple(cards))
    seen.add(key)
    left = len(hand) - len(cards) + taken
    value = sum(card_value(c, rules) for c in cards) - taken * rules.joker_penalty
    out.append(Candidate(play, source, len(cards), value, len(repl), left, taken, left == 0, key))


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
    out.append(Candidate(play, "solver", len(best.played), best.value, len(key[0]), left, len(best.taken),
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

def _hand_pieces(hand: tuple[Card, ...], count: dict[int, int], rules: Rules, jokers: bool) -> list[_Piece]:
    """The listed new melds of three, then the hand melds of four or more (natural cards)."""
    out = [_Piece((), (), (m,), m.physical, 0, "new_meld", True) for m in new_melds_from(hand, rules)]
    for suit in FRENCH_SUITS:
        row = _CARD[suit]
        rank = 1
        while rank <= 13:
            if not count.get(id(row[rank])):
                rank += 1
                continue
            end = rank
            while end < 13 and count.get(id(row[end + 1])):
                end += 1
            if end - rank >= 3:
                cards = row[rank:end + 1]
                out.append(_Piece((), (), (Meld(cards),), cards, 0, "hand_meld", False))
            rank = end + 1
    for rank in range(1, 14):
        cards = tuple(_CARD[s][rank] for s in FRENCH_SUITS)
        if all(count.get(id(c)) for c in cards):
            out.append(_Piece((), (), (Meld(cards),), cards, 0, "hand_meld", False))
    return out


def _table_pieces(i: int, meld: Meld, count: dict[int, int], jokers: bool) -> list[_Piece]:
    """Meld ``i``'s listed extensions, then its steals, splits and swaps that the hand can make."""
    out = []
    for new, card in _extensions(meld):
        if count.get(id(card)) and (jokers or card is not JOKER):
            out.append(_Piece((i,), (new,), (), (card,), 0, "extension", True))
    spares, splits, swaps = _shapes(meld)
    for card, rest in spares:
        for new, cards in _steals(card, count):
            out.append(_Piece((i,), (rest,), (new,), cards, 0, "steal", False))
    for card, left, right in splits:
        if count.get(id(card)):
            out.append(_Piece((i,), (left,), (right,), (card,), 0, "split", False))
    for card, new in swaps:
        if count.get(id(card)):
            out.append(_Piece((i,), (new,), (), (card,), 1, "swap", False))
    return out


def _steals(card: Card, count: dict[int, int]) -> list[tuple[Meld, tuple[Card, ...]]]:
    """New melds of ``card`` (from the table) with two or more natural hand cards: the group
    of every other suit the hand holds, and the longest run through it the hand makes."""
    out = []
    rank, suit = card.rank, card.suit
    assert suit is not None
    others = tuple(_CARD[s][rank] for s in FRENCH_SUITS if s is not suit and count.get(id(_CARD[s][rank])))
    if len(others) >= 2:
        out.append((Meld((card,) + others).normalized(), others))
    row = _CARD[suit]
    low = rank
    while low > 1 and count.get(id(row[low - 1])):
        low -= 1
    high = rank
    while high < 13 and count.get(id(row[high + 1])):
        high += 1
    if high - low >= 2:
        cards = row[low:high + 1]
        out.append((Meld(cards), tuple(c for c in cards if c is not card)))
    return out


_Shapes = tuple[tuple[tuple[Card, Meld], ...], tuple[tuple[Card, Meld, Meld], ...], tuple[tuple[Card, Meld], ...]]
_SHAPES: dict[int, tuple[Meld, _Shapes]] = {}


def _shapes(meld: Meld) -> _Shapes:
    """A table meld's spare cards (card, what is left), splits (hand card, left run, right run)
    and swaps (hand card, the meld with it for the joker); memoized by the meld's identity."""
    entry = _SHAPES.get(id(meld))
    if entry is not None and entry[0] is meld:
        return entry[1]
    found = (tuple(_spares(meld)), tuple(_splits(meld)), tuple(_swaps(meld)))
    with _LOCK:
        if len(_SHAPES) > 20_000:
            _SHAPES.clear()
        _SHAPES[id(meld)] = (meld, found)
    return found


_LENIENT = Rules(jokers=4, min_natural_per_combination=1)


def _valid(meld: Meld, naturals: int) -> bool:
    """Valid as a meld (the engine's check decides the variant's joker rules)."""
    return len(meld.cards) - len(meld.jokers) >= naturals and meld_problem(meld, _LENIENT) is None


def _spares(meld: Meld) -> list[tuple[Card, Meld]]:
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
    return [(meld.cards[p], Meld(meld.cards, tuple(j for j in meld.jokers if j != p))) for p in meld.jokers]


# Re-exported for the doctests above.
_ = meld_value
