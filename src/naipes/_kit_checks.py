"""The conformance kit's 1.0 checks (internal; run by :mod:`naipes.testing`).

- :func:`mutable_leaks`: public state that hands out a mutable container.
- :func:`check_fresh_dicts`: ``to_dict``/``record``/``zones`` share nothing with the game.
- :func:`stream_divergence`: a seat's event stream tells it more than its views.
- :func:`opening_leaks`: the opening events show a seat another seat's hand.

The hand checks read the zones named ``hand0``, ``hand1``... of
:meth:`~naipes.game.Game.zones` as the seats' hands.
"""

from __future__ import annotations

import enum
import json
import random
from types import MappingProxyType
from typing import Any, Callable, Iterator

import attrs

from naipes.cards import Card
from naipes.errors import NaipesError, NotationError
from naipes.events import Event

AnyGame = Any
MUTABLE = (list, dict, set, bytearray)
#: Public attributes that are mutable by design (the subscription registry).
SKIP = frozenset({"events"})


def _public_values(obj: object) -> Iterator[tuple[str, object]]:
    for name in dir(obj):
        if name.startswith("_") or name in SKIP:
            continue
        try:
            value = getattr(obj, name)
        except (NaipesError, NotImplementedError, AttributeError):
            continue
        if callable(value) and not isinstance(value, (tuple, frozenset, MappingProxyType)):
            continue
        yield name, value


def _children(value: object) -> Iterator[tuple[str, object]]:
    if isinstance(value, (str, bytes, int, float, bool, enum.Enum, Card, type)) or value is None:
        return
    if isinstance(value, (tuple, frozenset)):
        for i, item in enumerate(value):
            yield f"[{i}]", item
    elif isinstance(value, MappingProxyType):
        for key, item in value.items():
            yield f"[{key!r}]", item
    elif attrs.has(type(value)):
        for f in attrs.fields(type(value)):  # type: ignore[arg-type]
            yield f".{f.name}", getattr(value, f.name)
    else:
        for name, item in _public_values(value):
            yield f".{name}", item


def mutable_leaks(root: object, label: str, *, depth: int = 5) -> list[str]:
    """Paths from ``root`` to mutable containers reachable through public attributes."""
    found: list[str] = []
    seen: set[int] = set()

    def walk(value: object, path: str, level: int) -> None:
        if id(value) in seen or level > depth:
            return
        seen.add(id(value))
        if isinstance(value, MUTABLE):
            found.append(f"{path} is a {type(value).__name__}")
            return
        for step, child in _children(value):
            walk(child, path + step, level + 1)

    for name, value in _public_values(root):
        walk(value, f"{label}.{name}", 1)
    return found


def _scramble(data: Any) -> None:
    """Change every mutable container inside ``data`` in place."""
    if isinstance(data, dict):
        for value in list(data.values()):
            _scramble(value)
        data["__tampered__"] = True
    elif isinstance(data, list):
        for value in data:
            _scramble(value)
        data.append("__tampered__")


def check_fresh_dicts(game: AnyGame) -> str | None:
    """Mutate what ``to_dict``, ``record`` and ``zones`` return; the game must not change."""
    before = json.dumps(game.to_dict(), sort_keys=True)
    makers: list[Callable[[], Any]] = [game.to_dict, game.zones]
    try:
        game.record()
        makers.append(game.record)
    except NaipesError:
        pass
    for make in makers:
        _scramble(make())
        if json.dumps(game.to_dict(), sort_keys=True) != before:
            return f"changing what {make.__name__}() returned changed the game"
    return None


def _card_tokens(data: Any, out: set[str]) -> None:
    if isinstance(data, dict):
        for value in data.values():
            _card_tokens(value, out)
    elif isinstance(data, list):
        for value in data:
            _card_tokens(value, out)
    elif isinstance(data, str):
        for token in data.replace(",", " ").replace("[", " ").replace("]", " ").split():
            try:
                out.add(str(Card.parse(token)))
            except NotationError:
                pass


class _Stream:
    """Seat ``seat``'s stream of one game, and every card its views ever showed."""

    def __init__(self, game: AnyGame, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.events: list[dict[str, Any]] = []
        self.shown: set[str] = set()
        game.events.subscribe(Event, lambda e: self.events.append(e.to_dict()), seat=seat)
        self.look()

    def look(self) -> dict[str, Any]:
        view: dict[str, Any] = self.game.view(self.seat).to_dict()
        _card_tokens(view, self.shown)
        return view

    def leaked(self, start: int, hidden: set[str]) -> set[str]:
        cards: set[str] = set()
        _card_tokens(self.events[start:], cards)
        return (cards & hidden) - self.shown


def other_hands(game: AnyGame, seat: int) -> set[str]:
    """The cards in the other seats' hands (zones ``hand<s>``), as notation."""
    zones = game.zones()
    return {str(c) for s in range(game.num_players) if s != seat
            for c in zones.get(f"hand{s}", ())}


def _pick(game: AnyGame, rng: random.Random) -> tuple[int, Any] | None:
    acting = game.to_act
    if not acting:
        return None
    seat = acting[rng.randrange(len(acting))]
    moves = game.legal_moves(seat)
    return seat, moves[rng.randrange(len(moves))]


def stream_divergence(game: AnyGame, seat: int, rng: random.Random, steps: int) -> str | None:
    """Play ``game`` (a clone) and a game sampled from ``view(seat)`` with the same moves.

    While both show ``seat`` the same view, ``seat``'s event streams must be
    identical, and no event may hold a card that ``seat``'s views never showed.
    """
    world = game.view(seat).sample(random.Random(rng.random()))
    a, b = _Stream(game, seat), _Stream(world, seat)
    for _ in range(steps):
        pick = _pick(game, rng)
        if pick is None or not world.is_legal(pick[1], pick[0]):
            return None
        mark = len(a.events)
        hidden = other_hands(game, seat)
        game.play(pick[1], pick[0])
        world.play(pick[1], pick[0])
        if a.look() != b.look():
            return None
        if a.events != b.events:
            return (f"after {pick[1]} by seat {pick[0]}, seat {seat}'s stream differs between the "
                    f"game and a game sampled from its view: {a.events[mark:]} vs {b.events[mark:]}")
        leaked = a.leaked(mark, hidden | other_hands(game, seat))
        if leaked:
            return f"seat {seat}'s stream shows {sorted(leaked)}, which its views never showed"
    return None


def opening_leaks(game: AnyGame) -> str | None:
    """No opening event visible to a seat holds a card that seat's first view does not show."""
    for seat in range(game.num_players):
        shown: set[str] = set()
        _card_tokens(game.view(seat).to_dict(), shown)
        cards: set[str] = set()
        seen = [e.visible_to(seat) for e in game.opening_events]
        _card_tokens([e.to_dict() for e in seen if e is not None], cards)
        leaked = (cards & other_hands(game, seat)) - shown
        if leaked:
            return f"seat {seat}'s opening events show {sorted(leaked)} of other seats' hands"
    return None
