"""Validation of untrusted state dicts and records (internal): shapes, exact types, limits.

Everything here runs before anything is built, so a refused input costs little
and changes nothing. Errors are :class:`~naipes.errors.InvalidStateError` naming
the field.
"""

from __future__ import annotations

import math
from typing import Any, Mapping

from naipes.errors import InvalidStateError

#: The deepest nesting a state dict or record may have.
MAX_DEPTH = 32
#: The most values (containers and scalars) a state dict or record may hold: room for
#: Macarra's longest game (about 4.1 million decisions) and its state.
MAX_NODES = 24_000_000
#: The longest history a state dict or record may hold.
MAX_HISTORY = 5_000_000
#: The largest magnitude of an int in a state (scores, seeds, counters).
MAX_INT = 2**63
#: The longest string in a state (move notation, card lists).
MAX_TEXT = 100_000

_SCALARS = (str, int, float, bool, type(None))


def bad(field: str, what: str, code: str = "bad_field") -> InvalidStateError:
    """The error for a refused field."""
    return InvalidStateError(f"{field}: {what}", code=code)


def check_json(data: object, where: str, *, max_nodes: int = MAX_NODES, exact: tuple[str, ...] = ()) -> None:
    """``data`` is plain JSON data within the depth, size, int and text limits (iteratively).

    ``exact`` names top-level keys of ``data`` whose values the caller checks exactly
    itself (a state dict's ``history`` by :func:`seat_moves`, its ``rng`` by
    :func:`rng_state`): they are not walked here, so each value is validated once. A
    list there counts towards ``max_nodes`` as a list of pairs (``1 + 3 * len``).
    """
    if not isinstance(data, (dict, list)):
        _check_scalar(data, where)
        return
    nodes = 1
    if exact and isinstance(data, dict):
        for key in exact:
            value = data.get(key)
            if isinstance(value, list):
                nodes += 1 + 3 * len(value)
        data = {k: v for k, v in data.items() if k not in exact}
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth >= MAX_DEPTH:
            raise bad(where, f"nested deeper than {MAX_DEPTH}", "too_deep")
        if isinstance(value, dict):
            for key in value:
                if type(key) is not str:
                    raise bad(where, f"a key that is not a string: {key!r}")
            items = value.values()
        else:
            items = value
        nodes += len(items)
        if nodes > max_nodes:
            raise bad(where, f"more than {max_nodes} values", "too_large")
        if len(items) > 16 and _same_scalars(items, where):
            continue
        for item in items:
            kind = type(item)
            if kind is str:
                if len(item) > MAX_TEXT:
                    raise bad(where, f"a string longer than {MAX_TEXT} characters", "too_large")
            elif kind is int:
                if not -MAX_INT < item < MAX_INT:
                    raise bad(where, "an int out of range", "out_of_range")
            elif isinstance(item, (dict, list)):
                stack.append((item, depth + 1))
            else:
                _check_scalar(item, where)


def _same_scalars(items: Any, where: str) -> bool:
    """Check a long run of values at once when they are all ints or all strings (a
    generator's state, card lists); ``False`` (nothing checked) for any other mix."""
    kinds = set(map(type, items))
    if kinds == {int}:
        if not (-MAX_INT < min(items) and max(items) < MAX_INT):
            raise bad(where, "an int out of range", "out_of_range")
        return True
    if kinds == {str}:
        if max(map(len, items)) > MAX_TEXT:
            raise bad(where, f"a string longer than {MAX_TEXT} characters", "too_large")
        return True
    return False


def _check_scalar(value: object, where: str) -> None:
    kind = type(value)
    if kind is int:
        if not -MAX_INT < value < MAX_INT:  # type: ignore[operator]
            raise bad(where, "an int out of range", "out_of_range")
    elif kind is float:
        if not math.isfinite(value):  # type: ignore[arg-type]
            raise bad(where, f"a float that is not finite: {value!r}")
    elif kind is str:
        if len(value) > MAX_TEXT:  # type: ignore[arg-type]
            raise bad(where, f"a string longer than {MAX_TEXT} characters", "too_large")
    elif kind not in (bool, type(None)):
        raise bad(where, f"{kind.__name__} is not JSON data")


def exact_int(value: object, field: str, lo: int, hi: int) -> int:
    """An int (not a bool, not a float) with ``lo <= value <= hi``."""
    if type(value) is not int:
        raise bad(field, f"must be an int, not {value!r}")
    if not lo <= value <= hi:
        raise bad(field, f"must be between {lo} and {hi}, not {value}", "out_of_range")
    return value


def exact_bool(value: object, field: str) -> bool:
    """A bool, exactly."""
    if type(value) is not bool:
        raise bad(field, f"must be true or false, not {value!r}")
    return value


def seat_list(value: object, field: str, players: int) -> tuple[int, ...]:
    """Distinct seats of a ``players``-seat game."""
    if not isinstance(value, list):
        raise bad(field, f"must be a list of seats, not {value!r}")
    seats = tuple(exact_int(s, field, 0, players - 1) for s in value)
    if len(set(seats)) != len(seats):
        raise bad(field, f"repeats a seat: {list(seats)}")
    return seats


def seat_moves(value: object, field: str, players: int, limit: int) -> list[tuple[int, str]]:
    """A list of ``[seat, move notation]`` pairs (one pass; a refused pair is named by :func:`_refuse_pair`)."""
    if not isinstance(value, list):
        raise bad(field, "must be a list of [seat, move] pairs")
    if len(value) > limit:
        raise bad(field, f"longer than {limit}", "too_large")
    if value and _plain_pairs(value, players):
        return list(map(tuple, value))
    out: list[tuple[int, str]] = []
    append = out.append
    for pair in value:
        if isinstance(pair, list) and len(pair) == 2:
            seat, text = pair
            if type(seat) is int and type(text) is str and 0 <= seat < players and len(text) <= MAX_TEXT:
                append((seat, text))
                continue
        _refuse_pair(pair, field, players)
    return out


def _plain_pairs(value: list[Any], players: int) -> bool:
    """Whether every item is a ``[seat, text]`` list with an int seat in range and a short string,
    checked a column at a time (the common case of a long history, in C loops)."""
    if set(map(type, value)) != {list} or set(map(len, value)) != {2}:
        return False
    seats, texts = zip(*value)
    return (set(map(type, seats)) == {int} and set(map(type, texts)) == {str}
            and 0 <= min(seats) and max(seats) < players and max(map(len, texts)) <= MAX_TEXT)


def _refuse_pair(pair: object, field: str, players: int) -> None:
    """Raise the error that names what is wrong with ``pair`` (a ``[seat, move]`` pair refused)."""
    if not isinstance(pair, list) or len(pair) != 2 or type(pair[1]) is not str:
        raise bad(field, f"{pair!r:.80} is not a [seat, move] pair")
    seat, text = pair
    if type(seat) is not int or not 0 <= seat < players:
        exact_int(seat, field, 0, players - 1)  # raises
    if len(text) > MAX_TEXT:
        raise bad(field, f"a string longer than {MAX_TEXT} characters", "too_large")
    raise AssertionError(f"{field}: {pair!r:.80} was refused and accepted")  # the same tests: unreachable


def rng_state(value: object) -> object:
    """``None`` (an unreplayable system generator) or ``[3, 625 words, gauss]``."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 3 or type(value[0]) is not int or value[0] != 3:
        raise bad("rng", "must be [3, [625 ints], null or a float]")
    words, gauss = value[1], value[2]
    if not isinstance(words, list) or len(words) != 625:
        raise bad("rng", "the generator state must hold 625 ints")
    if set(map(type, words)) != {int} or not (0 <= min(words[:624]) and max(words[:624]) < 2**32):
        for w in words[:624]:
            exact_int(w, "rng", 0, 2**32 - 1)  # names the word refused
    exact_int(words[624], "rng", 0, 624)
    if gauss is not None and (type(gauss) is not float or not math.isfinite(gauss)):
        raise bad("rng", f"gauss must be null or a float, not {gauss!r}")
    return value


STATE_KEYS = frozenset({"format", "version", "game", "rules", "num_players", "rng", "history",
                        "acting", "simultaneous", "answers", "start", "state"})


def envelope(data: Mapping[str, Any], players: int) -> tuple[list[tuple[int, str]], tuple[int, ...], bool,
                                                             list[tuple[int, str]]]:
    """The base fields of a state dict, checked: (history, acting, simultaneous, answers)."""
    extra = set(data) - STATE_KEYS
    missing = STATE_KEYS - set(data)
    if extra or missing:
        raise bad("state", f"unknown keys {sorted(extra)}" if extra else f"missing keys {sorted(missing)}")
    if exact_int(data["num_players"], "num_players", 1, 10_000) != players:
        raise bad("num_players", f"{data['num_players']} seats, but the rules have {players}")
    history = seat_moves(data["history"], "history", players, MAX_HISTORY)
    acting = seat_list(data["acting"], "acting", players)
    simultaneous = exact_bool(data["simultaneous"], "simultaneous")
    answers = seat_moves(data["answers"], "answers", players, players)
    answered = [s for s, _ in answers]
    if answers and not simultaneous:
        raise bad("answers", "sealed answers outside a simultaneous window")
    if answers and (len(set(answered)) != len(answered) or not set(answered) < set(acting)):
        raise bad("answers", f"answers of seats {answered} do not fit the window of {list(acting)}")
    if simultaneous and not acting:
        raise bad("simultaneous", "a simultaneous window with nobody to answer")
    if data["start"] is not None and not isinstance(data["start"], dict):
        raise bad("start", "must be null or a dict")
    if not isinstance(data["state"], dict):
        raise bad("state", "the game's state must be a dict")
    return history, acting, simultaneous, answers


RECORD_KEYS = frozenset({"format", "version", "game", "rules", "start", "moves", "meta"})


def record_start(record: Mapping[str, Any]) -> dict[str, Any]:
    """The ``start`` of a record, checked for shape (a fresh dict; the game checks its options).

    A start is a position (``{"position": state dict}``) or exactly one of
    ``seed`` and ``rng`` with the constructor's options.
    """
    extra = set(record) - RECORD_KEYS
    if extra:
        raise bad("record", f"unknown keys {sorted(extra)}")
    for key in ("rules", "start", "moves"):
        if key not in record:
            raise bad("record", f"missing {key!r}")
    start = record["start"]
    if not isinstance(start, dict):
        raise bad("start", "must be a dict")
    if "position" in start:
        if len(start) != 1 or not isinstance(start["position"], dict):
            raise bad("start", "a position start holds only the position's state dict")
    elif ("seed" in start) == ("rng" in start):
        raise bad("start", "holds a seed or a generator state (rng), not both or neither")
    elif "seed" in start:
        exact_int(start["seed"], "start.seed", -MAX_INT + 1, MAX_INT - 1)
    if not isinstance(record["rules"], dict):
        raise bad("rules", "must be a dict")
    return dict(start)
