"""Plays as deltas in state dicts and records (format version 3): O(cards moved) per play.

A play's full notation writes the whole new table, so a history written out
that way grows with the table at every play. From version 3 the ``history``
of ``Game.to_dict()`` and the ``moves`` of ``Game.record()`` write each play
as a *delta* against the table of the play before it in the history:

``play 7S: #0-2 [4S 5S 6S 7S] #4-6``

reads as: the hand card ``7S``; the new table is melds 0 to 2 of the previous
play's table, then the meld ``[4S 5S 6S 7S]``, then its melds 4 to 6. ``#i``
names one meld, ``#i-j`` melds ``i`` to ``j`` in order; every other item is a
meld in the usual notation. The first play of a history has no previous play
and writes its melds in full (so does any meld that is new). Draws and
forfeits are written as always.

The references follow the history, not the deals: the play that opens a new
hand may still name melds of the last table of the hand before (when they
are equal), and reading never needs to replay the game.

>>> from naipes.machiavelli.melds import parse_table
>>> before = Play._trusted(parse_table("[4S 5S 6S] [8H 8D 8C] [2C 3C 4C]"), ())
>>> after = Play._trusted(before.table[:1] + parse_table("[8S 8H 8D 8C]") + before.table[2:], Card.parse_many("8S"))
>>> encode_play(after, before.table)
'play 8S: #0 [8S 8H 8D 8C] #2'
>>> decode_play('play 8S: #0 [8S 8H 8D 8C] #2', before.table) == after
True
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from naipes.cards import Card
from naipes.errors import InvalidStateError, NotationError
from naipes.machiavelli.melds import Meld, parse_table
from naipes.machiavelli.moves import MAX_MOVE_TEXT, Move, Play, _card_text, _meld_text, _trusted_play

__all__ = ["DELTA_VERSION", "Encoded", "check_layout", "decode_history", "decode_moves", "decode_play",
           "encode_history", "encode_moves", "encode_play", "is_delta", "last_play_table"]

_ITEM = re.compile(r"\s*(?:#(\d{1,6})(?:-(\d{1,6}))?|(\[[^\[\]]*\]))\s*,?")


def is_delta(text: str) -> bool:
    """Whether ``text`` is a play written as a delta (it names earlier melds with ``#``)."""
    return "#" in text


def encode_play(play: Play, base: tuple[Meld, ...]) -> str:
    """``play`` as a delta against ``base``, the table of the previous play (see the module docstring)."""
    cards = " ".join(map(_card_text, play.cards))
    return f"play {cards}: {' '.join(_items(play.table, base))}"


def _items(table: tuple[Meld, ...], base: tuple[Meld, ...]) -> list[str]:
    """References to runs of ``base`` and new melds; O(melds changed) items.

    The text depends on the melds' values only (one canonical text per move,
    however the move was made): the head and tail the play left alone are the
    longest equal prefix and suffix (compared by identity first, which is the
    usual case and cheap), and each meld between them names the first equal
    meld between them in ``base``, else is written in full.
    """
    n, k = len(base), len(table)
    head = 0
    while head < k and head < n and (table[head] is base[head] or table[head] == base[head]):
        head += 1
    tail = 0
    while tail < k - head and tail < n - head and (table[k - 1 - tail] is base[n - 1 - tail]
                                                   or table[k - 1 - tail] == base[n - 1 - tail]):
        tail += 1
    middle = range(head, n - tail)
    where: dict[Meld, int] | None = None
    spans: list[list[int] | Meld] = [[0, head - 1]] if head else []
    for meld in table[head:k - tail]:
        if len(middle) <= 4:  # the usual case (a listed play changes one meld): no hashing
            ref: int | Meld = next((i for i in middle if base[i] is meld or base[i] == meld), meld)
        else:
            if where is None:
                where = {}
                for i in reversed(middle):
                    where[base[i]] = i
            ref = where.get(meld, meld)
        _add(spans, ref)
    if tail:
        _add(spans, n - tail, n - 1)
    return [_meld_text(x) if isinstance(x, Meld) else f"#{x[0]}" if x[0] == x[1] else f"#{x[0]}-{x[1]}"
            for x in spans]


def _add(spans: list[list[int] | Meld], ref: int | Meld, last: int | None = None) -> None:
    """Append a meld, or the base melds ``ref`` to ``last``, joining a range that goes on."""
    if isinstance(ref, Meld):
        spans.append(ref)
        return
    end = ref if last is None else last
    prev = spans[-1] if spans else None
    if isinstance(prev, list) and prev[1] + 1 == ref:
        prev[1] = end
    else:
        spans.append([ref, end])


def decode_play(text: str, base: tuple[Meld, ...]) -> Play:
    """Read a delta play against ``base`` (the table of the previous play).

    Raises:
        NotationError: code ``bad_meld`` for a reference to no meld of ``base``
            or text that is not references and melds; the codes of
            :meth:`Move.parse` for the rest.
    """
    if len(text) > MAX_MOVE_TEXT:
        raise NotationError(text[:40] + "...", f"longer than {MAX_MOVE_TEXT} characters", code="too_long")
    head, colon, body = " ".join(text.split()).partition(":")
    if not head.lower().startswith("play") or not colon:
        raise NotationError(text, "a delta is 'play <hand cards>: <#refs and melds>'", code="no_colon")
    try:
        cards = Card.parse_many(head[4:].replace(",", " "))
    except NotationError as exc:
        raise NotationError(text, f"bad hand card: {exc.reason} ({exc.text!r})", code=exc.code) from None
    return _trusted_play(_table(text, body, base), cards)


def _table(text: str, body: str, base: tuple[Meld, ...]) -> tuple[Meld, ...]:
    parts: list[tuple[Meld, ...] | str] = []
    pos, end = 0, len(body.rstrip())
    while pos < end:
        match = _ITEM.match(body, pos)
        if match is None or match.end() == pos:
            raise NotationError(text[:200], f"expected #meld or a meld at {body[pos:pos + 40].strip()!r}",
                                code="bad_meld")
        first, last, meld = match.groups()
        if meld is None:
            lo = int(first)
            hi = lo if last is None else int(last)
            if not lo <= hi < len(base):
                raise NotationError(text[:200], f"#{first}{'-' + last if last else ''} names no meld of the "
                                    f"previous play's table ({len(base)} melds)", code="bad_meld")
            parts.append(base[lo:hi + 1])
        else:
            parts.append(meld)
        pos = match.end()
    new = iter(parse_table(" ".join(p for p in parts if isinstance(p, str))))
    table: list[Meld] = []
    for part in parts:
        if isinstance(part, str):
            table.append(next(new))
        else:
            table.extend(part)
    return tuple(table)


#: What a game remembers of its encoded history: (the history list, its pairs so far, the last play's table).
Encoded = tuple[list[tuple[int, Move]], list[list[Any]], tuple[Meld, ...]]


def encode_history(history: list[tuple[int, Move]], known: Encoded | None) -> Encoded:
    """The pairs of :func:`encode_moves` for ``history``, encoding only the moves that ``known``
    (what this returned for the same history list before: it only grows) has not seen."""
    if known is None or known[0] is not history or len(known[1]) > len(history):
        known = (history, [], ())
    pairs, base = known[1], known[2]
    if len(pairs) < len(history):
        pairs = pairs + encode_moves(history[len(pairs):], base)
        base = next((m.table for _, m in reversed(history) if isinstance(m, Play)), base)
    return (history, pairs, base)


def encode_moves(moves: Sequence[tuple[int, Move]], base: tuple[Meld, ...] = ()) -> list[list[Any]]:
    """``[seat, notation]`` pairs, each play a delta against the play before it (the first against ``base``)."""
    out: list[list[Any]] = []
    for seat, move in moves:
        if isinstance(move, Play):
            out.append([seat, encode_play(move, base)])
            base = move.table
        else:
            out.append([seat, str(move)])
    return out


def decode_moves(pairs: Sequence[tuple[int, str]]) -> list[tuple[int, Move]]:
    """The moves of :func:`encode_moves` output (full notation is read too).

    Raises:
        NotationError: for text that is no move, or a reference to no meld.
    """
    out: list[tuple[int, Move]] = []
    base: tuple[Meld, ...] = ()
    for seat, text in pairs:
        move = decode_play(text, base) if is_delta(text) else Move.parse(text)
        if isinstance(move, Play):
            base = move.table
        out.append((seat, move))
    return out


# -- version 3: what the base's history hooks call -----------------------------------------
#: The state-dict and record version that writes plays as deltas (the other games write 2).
DELTA_VERSION = 3


def check_layout(pairs: object, version: int, field: str, what: str) -> None:
    """A dict labelled with another version than 3 writes every play in full (its layout is
    that of its label): a play written as a delta there is refused.

    Raises:
        InvalidStateError: code ``bad_version``, for a delta under the label of version 1 or 2.
    """
    if version == DELTA_VERSION or not isinstance(pairs, list):
        return  # version 3 reads both forms; the loader refuses what is not a list
    for pair in pairs:
        if isinstance(pair, list) and len(pair) == 2 and isinstance(pair[1], str) and is_delta(pair[1]):
            raise InvalidStateError(f"{field}: {pair[1][:60]!r} is a play written as a delta (version "
                                    f"{DELTA_VERSION}) in a {what} labelled version {version!r}",
                                    code="bad_version")


def decode_history(pairs: Sequence[tuple[int, str]], field: str) -> list[tuple[int, Move]]:
    """The moves of a version-3 history's checked ``(seat, text)`` pairs.

    Raises:
        InvalidStateError: code ``bad_field`` for a move that does not read.
    """
    try:
        return decode_moves(pairs)
    except (NotationError, InvalidStateError) as exc:
        raise InvalidStateError(f"{field}: {exc}", code="bad_field") from None


def last_play_table(history: Sequence[tuple[int, Move]]) -> tuple[Meld, ...]:
    """The table of the last play of ``history`` (what a delta names), ``()`` before any play."""
    for _, move in reversed(history):
        if isinstance(move, Play):
            return move.table
    return ()
