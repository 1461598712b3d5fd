"""Precomputed tables of the Machuco engine (internal): the deck, rank bits, captures, phases.

.. versionadded:: 0.1
"""

from __future__ import annotations

import random
from typing import Any

from naipes.cards import SPANISH_40, Card
from naipes.combos import chain_up
from naipes.decks import spanish_deck
from naipes.machuco import events as ev
from naipes.machuco.moves import PlayCard, play_card
from naipes.machuco.phase import Phase

__all__ = ["DECK40", "Phase"]

#: The 40-card deck in canonical order.
DECK40: tuple[Card, ...] = spanish_deck(40)
_INDEX = {r: i for i, r in enumerate(SPANISH_40.ranks)}
_BIT = [0] * 13
for _i, _r in enumerate(SPANISH_40.ranks):
    _BIT[_r] = 1 << _i


def _capture_table(rank: int) -> list[int]:
    out = []
    for mask in range(1 << 10):
        present = {r for r in SPANISH_40.ranks if _BIT[r] & mask}
        out.append(sum(_BIT[r] for r in chain_up(rank, present, SPANISH_40)))
    return out


#: For each number, the bits captured from each table mask (MC-12, via ``combos.chain_up``).
_CAPTURE: list[list[int]] = [_capture_table(r) if r in _INDEX else [] for r in range(13)]
_PLAY: dict[Card, PlayCard] = {c: play_card(c) for c in DECK40}
_DECK_MOVES: tuple[PlayCard, ...] = tuple(_PLAY[c] for c in DECK40)
_KEYS = tuple(range(40))
_REASONS = (ev.Reason.MAJO, ev.Reason.CONTRAMAJO, ev.Reason.RECONTRAMAJO)


#: ``random.Random.shuffle``'s steps over 40 items: (place, bound, bits of the bound), last place first.
_SHUFFLE40 = tuple((i, i + 1, (i + 1).bit_length()) for i in range(39, 0, -1))


def _shuffle40(rng: random.Random, items: list[Card]) -> None:
    """``rng.shuffle(items)`` for 40 items, the same swaps from the same draws, without a method
    call per draw (a ``random.Random`` only: a subclass may draw otherwise, and then its own
    ``shuffle`` runs, as it does when :data:`_SAME_SHUFFLE` says this Python shuffles otherwise)."""
    if type(rng) is random.Random and len(items) == 40 and _SAME_SHUFFLE:
        _swaps(rng, items)
    else:
        rng.shuffle(items)


def _swaps(rng: random.Random, items: list[Any]) -> None:
    """CPython's ``Random.shuffle`` of 40 items, ``_randbelow_with_getrandbits`` inlined."""
    bits = rng.getrandbits
    for i, n, k in _SHUFFLE40:
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]


def _same_shuffle() -> bool:
    """True when :func:`_swaps` shuffles as this Python's ``random.Random.shuffle`` (checked once)."""
    for seed in range(8):
        mine, theirs = random.Random(seed), random.Random(seed)
        a, b = list(DECK40), list(DECK40)
        theirs.shuffle(a)
        _swaps(mine, b)
        if a != b or mine.getstate() != theirs.getstate():
            return False
    return True


_SAME_SHUFFLE = _same_shuffle()


def _shuffled(rng: random.Random) -> list[PlayCard]:
    """A uniformly shuffled deck (random sort keys: cheaper than ``rng.shuffle`` for 40 cards)."""
    rnd = rng.random
    keys = [rnd() for _ in _KEYS]
    moves = _DECK_MOVES  # in the order of their keys; equal keys in deck order (a stable sort)
    return [moves[i] for i in sorted(_KEYS, key=keys.__getitem__)]


