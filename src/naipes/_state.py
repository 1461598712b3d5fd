"""State-dict helpers of the game base (internal): rules, RNG states, envelopes."""

from __future__ import annotations

import random
from typing import Any, Mapping, TypeVar

import attrs

from naipes._jsonable import JSON, to_jsonable
from naipes.errors import InvalidStateError

R = TypeVar("R")


def rules_to_dict(rules: object) -> dict[str, JSON]:
    """An attrs ``Rules`` object as JSON-compatible data."""
    return {f.name: to_jsonable(getattr(rules, f.name)) for f in attrs.fields(type(rules))}  # type: ignore[arg-type]


def _tupled(value: JSON) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def rules_from_dict(rules_type: type[R], data: Mapping[str, JSON]) -> R:
    """Rebuild a ``Rules`` object from :func:`rules_to_dict` output (lists become tuples).

    A field left out takes its default (the same game as one whose data writes
    that default; states and records written before a field existed load), and
    ``rules_to_dict`` writes it back. ``null`` is read only where the field
    takes ``None`` (its validators decide): elsewhere it is refused.

    Raises:
        InvalidStateError: when the data does not fit the rules class.
    """
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"rules must be a dict, not {type(data).__name__}", code="bad_rules")
    try:
        return rules_type(**{k: _tupled(v) for k, v in data.items()})
    except (TypeError, ValueError, AttributeError, OverflowError, RecursionError) as exc:
        raise InvalidStateError(f"bad rules: {exc}", code="bad_rules") from exc


def check_start(game_type: type[Any], rules: object, start: object, *, json_checked: bool = False) -> Any:
    """A state's ``start``, checked exactly as :meth:`naipes.Game.from_record` checks a record's.

    :meth:`naipes.Game.from_dict` calls it once the state is loaded, with ``json_checked``
    (the start is part of the state dict whose JSON it checked: not checked again).

    The game the start names is built the way a record replays it (a
    position start is loaded, a seed or generator start runs the constructor
    with its options; no move is played), so whatever :meth:`~naipes.Game.record`
    writes later replays. ``None`` (a game nobody can replay: a sample, a
    bare game) passes. A read-only mapping (a game's ``_origin``) is read as the dict it shows.

    Returns:
        the game the start names, before any move (``None`` for a ``None`` start).

    Raises:
        InvalidStateError: the record loader's error, for a start it refuses.
    """
    if start is None:
        return None
    if isinstance(start, Mapping) and not isinstance(start, dict):  # a game's read-only ``_origin``
        start = dict(start)
    from naipes.game import FORMAT_VERSION, RECORD_FORMAT

    record = {"format": RECORD_FORMAT, "version": FORMAT_VERSION, "game": game_type.name,
              "rules": rules_to_dict(rules), "start": start, "moves": []}
    return game_type._from_start(record, json_checked=json_checked)


def _rng_state(rng: random.Random) -> JSON:
    if isinstance(rng, random.SystemRandom):
        return None
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_from_state(state: JSON) -> random.Random:
    if state is None:
        return random.SystemRandom()
    try:
        version, internal, gauss = state
        rng = random.Random.__new__(random.Random)
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError) as exc:
        raise InvalidStateError(f"bad RNG state: {exc}") from exc
    return rng


def _copy_rng(rng: random.Random) -> random.Random:
    if isinstance(rng, random.SystemRandom):
        return rng
    # __new__ + setstate: __init__ would first seed itself from the OS (slow)
    new = random.Random.__new__(random.Random)
    new.setstate(rng.getstate())
    return new


def _check_envelope(data: object, fmt: str, name: str, versions: tuple[int, ...], what: str) -> None:
    if not isinstance(data, Mapping) or data.get("format") != fmt:
        raise InvalidStateError(f"not a naipes {what} (format tag missing)", code="bad_format")
    version = data.get("version")
    if type(version) is not int or version not in versions:
        raise InvalidStateError(f"unsupported {what} version {version!r} (this naipes reads "
                                f"{', '.join(map(str, versions))})", code="bad_version")
    if data.get("game") != name:
        raise InvalidStateError(f"a {data.get('game')!r} {what}, not {name!r}", code="wrong_game")
