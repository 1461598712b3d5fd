"""State-dict helpers of the game base (internal): rules, RNG states, envelopes."""

from __future__ import annotations

import copy
import random
from typing import Any, Mapping, TypeVar

import attrs

from naipes._jsonable import JSON, to_jsonable
from naipes.errors import InvalidStateError, NaipesError

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


def check_replays(game: Any, start: Any) -> None:
    """The loaded ``game`` is the one its ``start`` game reaches by its history.

    ``start`` (the game :func:`check_start` built) is played on: the history,
    then the sealed answers of an open window (they are not in the history yet);
    then its rules (a position start has its own), state, generator, seats to
    act and answers must be the loaded game's. A start on a generator whose
    state cannot be written (a ``random.SystemRandom``) deals its later hands
    unpredictably: not replayed.

    Raises:
        InvalidStateError: code ``bad_history``, for a move the start game refuses,
            or a state other than the one the history leads to.
    """
    if isinstance(start._rng_own, random.SystemRandom):
        return
    moves = [*game._history, *sorted(game._answers.items())]
    for i, (seat, move) in enumerate(moves):
        try:
            start.play(move, seat)
        except NaipesError as exc:
            where = f"history[{i}]" if i < len(game._history) else f"the answer of seat {seat}"
            raise InvalidStateError(f"{where}: {move} does not replay from the start: {exc}",
                                    code="bad_history") from None
    wrong = [what for what, a, b in (
        ("rules", rules_to_dict(start.rules), rules_to_dict(game.rules)), ("num_players", start.num_players, game.num_players),
        ("state", start._state_dict(), game._state_dict()), ("rng", _rng_state(start._rng_own), _rng_state(game._rng_own)),
        ("acting", start._acting, game._acting), ("simultaneous", start._simultaneous, game._simultaneous),
        ("answers", start._answers, game._answers)) if a != b]
    if wrong:
        raise InvalidStateError(f"the history from the start does not lead to this state ({', '.join(wrong)} "
                                "differ): a start of another deal?", code="bad_history")


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


def _clone_rng(rng: random.Random) -> random.Random:
    """A copy of a caller's generator for a clone: of the same class (a subclass may draw
    its own way), else a plain copy; a ``SystemRandom`` is shared (it has no state)."""
    if type(rng) is random.Random or isinstance(rng, random.SystemRandom):
        return _copy_rng(rng)
    try:
        twin = copy.deepcopy(rng)
    except Exception:  # noqa: BLE001 - a subclass that cannot be copied: its state in a plain one
        return _copy_rng(rng)
    return twin if isinstance(twin, random.Random) else _copy_rng(rng)


def _check_envelope(data: object, fmt: str, name: str, versions: tuple[int, ...], what: str) -> None:
    if not isinstance(data, Mapping) or data.get("format") != fmt:
        raise InvalidStateError(f"not a naipes {what} (format tag missing)", code="bad_format")
    version = data.get("version")
    if type(version) is not int or version not in versions:
        raise InvalidStateError(f"unsupported {what} version {version!r} (this naipes reads "
                                f"{', '.join(map(str, versions))})", code="bad_version")
    if data.get("game") != name:
        raise InvalidStateError(f"a {data.get('game')!r} {what}, not {name!r}", code="wrong_game")
