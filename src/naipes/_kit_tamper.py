"""The conformance kit's hardening checks (internal; run by :func:`naipes.testing.run_hardening`).

- :func:`tamper`: a mutated ``to_dict`` is refused with ``InvalidStateError``, or loads a
  state that plays on (and whose ``record()`` replays to it); :func:`state_probes` first:
  junk in ``start``, another version label, flipped flags; then :func:`foreign_start`: the
  start of another deal.
- :func:`malformed_moves`: moves with fields of the wrong type cannot be built, a tuple
  field takes a list as an equal tuple (:func:`sequence_fields`); moves of
  other games, stale moves, wrong seats and ``None`` are refused and change nothing (nor the
  RNG); :func:`forced_fields`: a listed move with a field forced past its validators is
  refused or recorded as the game's own listed move, and refused (``bad_field``) when the
  forced value equals the field's in another type (``True``, ``2.0`` for an int);
  :func:`reentrant_play`: a handler's
  ``play()`` is refused, also after it unsubscribed itself.
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
from naipes.errors import IllegalMoveError, InvalidStateError, NaipesError, NotationError, UsageError
from naipes.events import Event

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
    problem = _record_starts(game)
    if problem:
        return problem
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


def _plays_on_safely(game: AnyGame, rng: random.Random, steps: int) -> str | None:
    """:func:`_plays_on`, its exceptions reported."""
    try:
        return _plays_on(game, rng, steps)
    except NaipesError as exc:
        return f"its own legal moves fail: {exc}"
    except Exception as exc:  # noqa: BLE001 - the kit reports every crash
        return f"it crashed with {type(exc).__name__}: {exc}"


def _record_starts(game: AnyGame) -> str | None:
    """What ``record()`` writes for a loaded state replays to that very state (or ``record()``
    is refused): its start, its moves, then the sealed answers of an open window."""
    try:
        record = game.record()
    except InvalidStateError:
        return None
    state = game.to_dict()
    try:
        again = type(game).from_record(record)
        for seat, move in state["answers"]:
            again.play(move, seat)
    except NaipesError as exc:
        return f"its record() does not replay: {exc}"[:300]
    if again.to_dict() != state:
        wrong = sorted(k for k in state if again.to_dict().get(k) != state[k])
        return f"its record() replays to another game ({', '.join(wrong)} differ)"
    return None


def foreign_start(game: AnyGame) -> str | None:
    """A well-formed ``start`` of another deal (the seed plus one) is refused with
    ``InvalidStateError``, or loads a game whose ``record()`` replays to it."""
    state = json.loads(json.dumps(game.to_dict()))
    start = state.get("start")
    if not isinstance(start, dict) or type(start.get("seed")) is not int:
        return None
    other = {**start, "seed": start["seed"] + 1}
    what = f"the start of another deal {json.dumps(other)[:60]}"
    loaded, problem = _loads(game, {**state, "start": other}, what)
    if problem or loaded is None:
        return problem
    try:
        problem = _record_starts(loaded)
    except Exception as exc:  # noqa: BLE001 - the kit reports every crash
        problem = f"it crashed with {type(exc).__name__}: {exc}"
    return f"from_dict accepted {what} and {problem}"[:300] if problem else None


def tamper(game: AnyGame, rng: random.Random, tries: int) -> str | None:
    """The :func:`state_probes`, then ``tries`` random mutations of ``game.to_dict()``: each
    is refused or plays on."""
    problem = state_probes(game, rng) or foreign_start(game)
    if problem:
        return problem
    state = game.to_dict()
    for _ in range(tries):
        bad, what = mutate(state, rng)
        try:
            loaded = type(game).from_dict(bad)
        except InvalidStateError:
            continue
        except Exception as exc:  # noqa: BLE001 - the kit reports every crash
            return f"from_dict raised {type(exc).__name__} for {what}: {exc}"
        problem = _plays_on_safely(loaded, random.Random(rng.random()), 40)
        if problem:
            return f"a tampered state was accepted ({what}) and {problem}"
    return None


#: ``start`` values that neither a record nor a state may hold (a record's start is a seed or a
#: generator state with the constructor's options, or a position).
JUNK_STARTS: tuple[Any, ...] = ({"seed": "x", "zzz": 1}, {"seed": "x"}, {"zzz": 1}, {}, {"seed": 1.5},
                                {"seed": True}, {"seed": 1, "zzz": 1}, {"position": 1},
                                {"position": {}, "seed": 1}, {"seed": 1, "rng": None}, "seed", [], 7)


def _loads(game: AnyGame, data: dict[str, Any], what: str) -> tuple[AnyGame | None, str | None]:
    """``from_dict(data)``: the game, or ``None`` when refused with InvalidStateError; or a problem."""
    try:
        return type(game).from_dict(data), None
    except InvalidStateError:
        return None, None
    except Exception as exc:  # noqa: BLE001 - the kit reports every crash
        return None, f"from_dict raised {type(exc).__name__} for {what}: {exc}"[:300]


def _bool_paths(state: dict[str, Any]) -> list[Path]:
    return [p for p in _paths(state) if p and type(_get(state, p)) is bool]


def state_probes(game: AnyGame, rng: random.Random, flags: int = 64) -> str | None:
    """Junk in ``start`` is refused; a state relabelled with another version is refused or
    loads the very same game; each flipped flag (every boolean of the state, up to ``flags``
    of them, so a game's future flags are probed too) is refused or honoured, never silently
    undone, and a state that loads plays on and its ``record()`` replays to it: a flag the
    history decides (Macarra's ``recycled``, Machiavelli's ``opened``) must be refused."""
    state = json.loads(json.dumps(game.to_dict()))
    for start in JUNK_STARTS:
        loaded, problem = _loads(game, {**state, "start": start}, f"start {start!r}")
        if problem or loaded is not None:
            return problem or f"from_dict accepted the start {json.dumps(start)}"
    version = state.get("version")
    for label in sorted({1, 2, 3, 4} - {version}):
        loaded, problem = _loads(game, {**state, "version": label}, f"version {label}")
        if problem or (loaded is not None and loaded.to_dict() != state):
            return problem or f"a version-{version} state relabelled as version {label} loads another game"
    paths = _bool_paths(state)
    for path in paths if len(paths) <= flags else rng.sample(paths, flags):
        flipped = copy.deepcopy(state)
        _get(flipped, path[:-1])[path[-1]] = not _get(state, path)
        what = f"{'/'.join(map(str, path))} flipped"
        loaded, problem = _loads(game, flipped, what)
        if problem:
            return problem
        if loaded is not None and loaded.to_dict() != flipped:
            return f"from_dict accepted {what} and silently undid it"
        if loaded is not None:
            problem = _plays_on_safely(loaded, random.Random(rng.random()), 20)
            if problem:
                return f"a state with {what} was accepted and {problem}"
    return None


def _wrong_values(value: Any) -> list[Any]:
    if type(value) is int:
        return [True, float(value), str(value), None]
    if isinstance(value, Card):
        return [str(value), None, 1]
    if isinstance(value, enum.Enum):
        return [value.value, None]
    if isinstance(value, tuple):  # a list is no wrong type: it becomes a tuple (sequence_fields)
        return [None, ("x",), "x", 1]
    if isinstance(value, str):
        return [1, None]
    return [None, object()]


def sequence_fields(move: Any) -> str | None:
    """Every tuple field of an attrs move takes a list: the move built is equal to ``move``
    (same hash), holds a tuple, and changing the list afterwards changes nothing.

    A move must stay immutable and hashable (moves are dict keys, listings are
    compared): so a move may not keep the caller's list, and it may not refuse
    one either (``Play([...], [...])``: any sequence for a tuple field).
    """
    if not attrs.has(type(move)):
        return None
    for f in attrs.fields(type(move)):
        value = getattr(move, f.name)
        if not f.init or type(value) is not tuple or not value:
            continue
        given = list(value)
        label = f"{type(move).__name__}({f.name}=<a list>)"
        try:
            built = attrs.evolve(move, **{f.name: given})
        except Exception as exc:  # noqa: BLE001 - the kit reports every refusal
            return f"{label} raised {type(exc).__name__}: {exc}"[:300]
        kept = getattr(built, f.name)
        if type(kept) is not tuple:
            return f"{label} keeps a {type(kept).__name__}, not a tuple"
        if built != move or hash(built) != hash(move):
            return f"{label} is not equal to the move with the tuple"
        given.reverse()
        given.append(given[0])
        if getattr(built, f.name) != value or built != move:
            return f"{label} changed when the list changed afterwards"
    return None


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
    """``play(move, seat)`` raises a NaipesError and changes nothing (its RNG included)."""
    before, rng = game.to_dict(), game._rng.getstate()
    try:
        game.play(move, seat)
    except NaipesError:
        pass
    except Exception as exc:  # noqa: BLE001
        return f"play({move!r}, {seat!r}) raised {type(exc).__name__}: {exc}"
    else:
        return f"play({move!r}, {seat!r}) was accepted"
    if game.to_dict() != before or game._rng.getstate() != rng:
        return f"the refused play({move!r}, {seat!r}) changed the game"
    return None


def _forced_values(value: Any) -> list[Any]:
    """Values of another type for a field, equal ones first (``2.0`` for ``2``, ``True`` for ``1``)."""
    if type(value) is bool:
        return [int(value), None]
    if type(value) is int:
        return [float(value), *([bool(value)] if value in (0, 1) else []), None, str(value)]
    if isinstance(value, enum.Enum):
        return [value.value, value.name, None]
    if isinstance(value, tuple):
        return [list(value), None]
    if isinstance(value, Card):
        return [str(value), None]
    return [None]


def _forced(move: Any, name: str, value: Any) -> Any:
    """A copy of ``move`` with field ``name`` set to ``value`` past its validators."""
    copy_ = attrs.evolve(move)
    object.__setattr__(copy_, name, value)
    return copy_


def _equal_other_kind(value: Any, original: Any) -> bool:
    """A forced value equal to the field's but of another scalar type: ``True`` or ``1.0``
    for ``1``, ``1`` for ``True``, an enum member's value for the member."""
    try:
        return bool(value == original) and type(value) is not type(original) and not isinstance(value, list)
    except Exception:  # noqa: BLE001 - a value that cannot compare is not equal
        return False


def forced_fields(game: AnyGame, limit: int = 4) -> str | None:
    """Listed moves with a field forced past its validators (``object.__setattr__``) are
    refused and change nothing, or stand for the listed move: the game records its own
    object, never the caller's, and its state still loads. A forced value equal to the
    field's but of another type (``True`` or ``2.0`` for an int) is refused, code
    ``bad_field``, by ``play`` and ``check_move`` alike: no constructor builds that move."""
    if game.is_over:
        return None
    seat = game.to_act[0]
    for move in game.legal_moves(seat)[:limit]:
        if not attrs.has(type(move)):
            continue
        for f in attrs.fields(type(move)):
            for value in _forced_values(getattr(move, f.name)) if f.init else ():
                strict = _equal_other_kind(value, getattr(move, f.name))
                problem = _forced_play(game.clone(), _forced(move, f.name, value), seat, strict)
                if problem:
                    return f"{type(move).__name__} with {f.name}={value!r} forced: {problem}"
    return None


def _forced_play(game: AnyGame, bad: Any, seat: int, strict: bool = False) -> str | None:
    before, rng = game.to_dict(), game._rng.getstate()
    for check in (game.check_move, game.play) if strict else (game.play,):
        try:
            check(bad, seat)
        except NaipesError as exc:
            if game.to_dict() != before or game._rng.getstate() != rng:
                return "refused, but the game changed"
            if strict and exc.code != "bad_field":
                return f"refused with code {exc.code!r}, not 'bad_field'"
            if not strict:
                return None
            continue
        except Exception as exc:  # noqa: BLE001 - the kit reports every crash
            return f"{check.__name__} raised {type(exc).__name__}: {exc}"[:300]
        if strict:
            return f"{check.__name__} accepted it (a field of another type, equal to the listed move's)"
    if strict:
        return None
    recorded = [m for _, m in game.history] + list(game._pending_answers.values())
    if any(m is bad for m in recorded):
        return "the game recorded the caller's object, not its own listed move"
    try:
        again = type(game).from_dict(json.loads(json.dumps(game.to_dict())))
    except Exception as exc:  # noqa: BLE001
        return f"accepted, then its state does not load: {type(exc).__name__}: {exc}"[:300]
    if again.to_dict() != game.to_dict():
        return "accepted, then its state does not round-trip"
    return None


def reentrant_play(game: AnyGame) -> str | None:
    """A handler's ``play()`` is refused with code ``reentrant`` (also once it unsubscribed
    itself, leaving nobody subscribed), and the outer move alone is applied."""
    for leave in (True, False):
        problem = _reentry(game.clone(), game.clone(), leave)
        if problem:
            how = "after unsubscribing itself" if leave else "while subscribed"
            return f"play() from an event handler {how}: {problem}"
    return None


def _reentry(g: AnyGame, twin: AnyGame, leave: bool) -> str | None:
    """Play ``g`` and ``twin`` alike until a handler of ``g`` tried to play; compare them."""
    tried: list[str] = []
    stop: Callable[[], None]
    stop = g.events.subscribe(Event, lambda _e: _play_inside(g, tried, stop if leave else None))
    for _ in range(50):  # the answers of a window deliver nothing until the window closes
        if tried or g.is_over:
            break
        seat = g.to_act[0]
        move = g.legal_moves(seat)[0]
        twin.play(move, seat)
        try:
            g.play(move, seat)
        except NaipesError as exc:
            return f"the outer play raised {type(exc).__name__}: {exc}"[:300]
    stop()
    if tried and tried != ["reentrant"]:
        return f"{tried[0]}, not 'reentrant'"
    if g.to_dict() != twin.to_dict():
        return "the game changed beyond the outer move"
    return None


def _play_inside(game: AnyGame, tried: list[str], stop: Callable[[], None] | None) -> None:
    if tried:
        return
    if stop is not None:
        stop()
    acting = game.to_act
    try:
        if acting:
            game.play(game.legal_moves(acting[0])[0], acting[0])
        else:
            game.play(game.history[-1][1], game.history[-1][0])
    except UsageError as exc:
        tried.append(exc.code)
    except NaipesError as exc:
        tried.append(f"{type(exc).__name__} {exc.code}")
    else:
        tried.append("accepted")


def malformed_moves(game: AnyGame, stale: list[Any], strangers: list[Any]) -> str | None:
    """Malformed, foreign and stale moves and wrong seats are refused without a trace."""
    if game.is_over:
        return None
    seat = game.to_act[0]
    legal = game.legal_moves(seat)
    for move in legal[:3]:
        problem = bad_fields(move) or sequence_fields(move)
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
    return forced_fields(game) or reentrant_play(game)


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
