"""The conformance kit's hardening checks (internal; run by :func:`naipes.testing.run_hardening`).

- :func:`tamper`: a mutated ``to_dict`` is refused with ``InvalidStateError``, or loads a
  state that plays on.
- :func:`malformed_moves`: moves with fields of the wrong type cannot be built; moves of
  other games, stale moves, wrong seats and ``None`` are refused and change nothing.
- :func:`notation_fuzz`: parsers raise only ``NotationError``.
"""

from __future__ import annotations

import copy
import enum
import json
import random
from typing import Any, Callable

import attrs

from naipes.cards import Card
from naipes.errors import IllegalMoveError, InvalidStateError, NaipesError, NotationError

AnyGame = Any
Path = tuple[Any, ...]


def _paths(data: Any, here: Path = ()) -> list[Path]:
    out = [here]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, here + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += _paths(value, here + (i,))
    return out


def _get(data: Any, path: Path) -> Any:
    for step in path:
        data = data[step]
    return data


def _replacements(value: Any, rng: random.Random) -> list[Any]:
    if type(value) is bool:
        return [not value, 1, None]
    if type(value) is int:
        return [value + 1, value - 1, -1, 99, 10**30, float(value), True, str(value), None]
    if type(value) is float:
        return [value * 2, -value, 10**30, None, int(value)]
    if isinstance(value, str):
        return ["", "x", value + value, "1o", "AS", "JK", 7, None]
    if isinstance(value, list):
        dup = value + value[:1]
        return [value[1:], dup, value[::-1], [], {}, None, [value]]
    if isinstance(value, dict):
        keys = list(value)
        out: list[Any] = [[], None, {**value, "extra": 1}]
        if keys:
            dropped = rng.choice(keys)
            out.append({k: v for k, v in value.items() if k != dropped})
        return out
    return [None]


def mutate(state: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """One random mutation of a state dict: a value replaced, a list cut or grown, a key dropped."""
    new = copy.deepcopy(state)
    paths = [p for p in _paths(new) if p and p[0] not in ("format", "game")]
    path = rng.choice(paths)
    old = _get(new, path)
    value = rng.choice(_replacements(old, rng))
    parent = _get(new, path[:-1])
    parent[path[-1]] = value
    return new, f"{'/'.join(map(str, path))}: {json.dumps(old)[:40]} -> {json.dumps(value)[:40]}"


def _plays_on(game: AnyGame, rng: random.Random, steps: int) -> str | None:
    """A loaded state: consistent, round-trips, and random legal play goes on without a crash."""
    again = type(game).from_dict(json.loads(json.dumps(game.to_dict())))
    if again.to_dict() != game.to_dict():
        return "it loads but does not round-trip"
    cards = sorted(map(str, (c for zone in game.zones().values() for c in zone)))
    for _ in range(steps):
        if game.is_over:
            return None if game.result is not None else "it is over but has no result"
        seat = game.to_act[rng.randrange(len(game.to_act))]
        moves = game.legal_moves(seat)
        if not moves:
            return f"seat {seat} is to act with no legal move"
        game.play(moves[rng.randrange(len(moves))], seat)
        if sorted(map(str, (c for zone in game.zones().values() for c in zone))) != cards:
            return "cards were created or lost after it loaded"
    return None


def tamper(game: AnyGame, rng: random.Random, tries: int) -> str | None:
    """Mutate ``game.to_dict()`` ``tries`` times; each is refused or plays on."""
    state = game.to_dict()
    for _ in range(tries):
        bad, what = mutate(state, rng)
        try:
            loaded = type(game).from_dict(bad)
        except InvalidStateError:
            continue
        except Exception as exc:  # noqa: BLE001 - the kit reports every crash
            return f"from_dict raised {type(exc).__name__} for {what}: {exc}"
        try:
            problem = _plays_on(loaded, random.Random(rng.random()), 40)
        except NaipesError as exc:
            problem = f"its own legal moves fail: {exc}"
        except Exception as exc:  # noqa: BLE001
            problem = f"it crashed with {type(exc).__name__}: {exc}"
        if problem:
            return f"a tampered state was accepted ({what}) and {problem}"
    return None


def _wrong_values(value: Any) -> list[Any]:
    if type(value) is int:
        return [True, float(value), str(value), None]
    if isinstance(value, Card):
        return [str(value), None, 1]
    if isinstance(value, enum.Enum):
        return [value.value, None]
    if isinstance(value, tuple):
        return [list(value), None, ("x",)]
    if isinstance(value, str):
        return [1, None]
    return [None, object()]


def bad_fields(move: Any) -> str | None:
    """Every field of an attrs move, given a value of the wrong type, raises ``bad_field``."""
    if not attrs.has(type(move)):
        return None
    for f in attrs.fields(type(move)):
        if not f.init:
            continue
        for wrong in _wrong_values(getattr(move, f.name)):
            try:
                attrs.evolve(move, **{f.name: wrong})
            except IllegalMoveError as exc:
                if exc.code != "bad_field":
                    return f"{type(move).__name__}({f.name}={wrong!r}) raised code {exc.code!r}"
                continue
            except Exception as exc:  # noqa: BLE001
                return f"{type(move).__name__}({f.name}={wrong!r}) raised {type(exc).__name__}"
            return f"{type(move).__name__}({f.name}={wrong!r}) was built"
    return None


def refused(game: AnyGame, move: object, seat: object) -> str | None:
    """``play(move, seat)`` raises a NaipesError and changes nothing."""
    before = game.to_dict()
    try:
        game.play(move, seat)
    except NaipesError:
        pass
    except Exception as exc:  # noqa: BLE001
        return f"play({move!r}, {seat!r}) raised {type(exc).__name__}: {exc}"
    else:
        return f"play({move!r}, {seat!r}) was accepted"
    if game.to_dict() != before:
        return f"the refused play({move!r}, {seat!r}) changed the game"
    return None


def malformed_moves(game: AnyGame, stale: list[Any], strangers: list[Any]) -> str | None:
    """Malformed, foreign and stale moves and wrong seats are refused without a trace."""
    if game.is_over:
        return None
    seat = game.to_act[0]
    legal = game.legal_moves(seat)
    for move in legal[:3]:
        problem = bad_fields(move)
        if problem:
            return problem
    tries: list[tuple[object, object]] = [(None, seat), (legal[0], 99), (legal[0], -1), (legal[0], "0"),
                                          (legal[0], True), (legal[0], 1.0)]
    tries += [(m, seat) for m in strangers[:3]]
    tries += [(m, seat) for m in stale[-3:] if m not in legal]
    for move, who in tries:
        problem = refused(game, move, who)
        if problem:
            return problem
    return None


TEXTS = ["", " ", "\x00", "²", "envio ²", "bid ²", "3c f²", "1" * 5000, "x" * 200_000, "🂡",
         "JK=", "=", "10", "00o", "1o 1o", "[", "]", "--", "\n", "d" * 3]


def notation_fuzz(game: AnyGame, texts: list[str]) -> str | None:
    """``Move.parse`` and ``parse_move`` raise only NotationError (or IllegalMoveError)."""
    parse: Callable[[str], Any] = game.move_type.parse
    for text in TEXTS + texts:
        try:
            move = parse(text)
        except NotationError:
            pass
        except Exception as exc:  # noqa: BLE001
            return f"Move.parse({text[:30]!r}) raised {type(exc).__name__}: {exc}"[:300]
        else:
            if parse(str(move)) != move:
                return f"Move.parse({text[:30]!r}) gave {move}, which does not round-trip"
        if game.is_over:
            continue
        try:
            game.parse_move(text, game.to_act[0])
        except (NotationError, IllegalMoveError):
            pass
        except Exception as exc:  # noqa: BLE001
            return f"parse_move({text[:30]!r}) raised {type(exc).__name__}: {exc}"[:300]
    return None
