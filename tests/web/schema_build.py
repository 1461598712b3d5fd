"""Write the shipped JSON Schemas of states, records and views (a developer's tool).

Run ``python tests/web/schema_build.py`` after a game's dicts change, read the
diff, and commit the files under ``src/naipes/schemas``. The schema tests check
fresh games of every kind against them, and measure how far they agree with
``from_dict`` on tampered states (``tests/test_schema_agreement.py``).

How each part is made:

- the envelope of ``<game>.state`` (``format``, ``version``, ``game``, ``rng``,
  ``history``...) and the record: written here, from the loader's checks
  (``naipes._validate``);
- ``rules``: from the game's ``Rules`` class: each field's type from its
  annotation, the values of an enum, an int's range probed by building
  ``Rules`` with every value (each field alone; limits between fields are the
  loader's);
- ``start``: from the constructors (``seed`` xor ``rng``, their options) and
  ``{"position": <a state>}``;
- the game's own ``state`` and the views: the shape of many sampled dicts
  (``tests/schema_samples.py``), every object closed and every key that is
  always there required, with the limits of :data:`LIMITS` (read off each
  game's loader) laid over it.
"""

from __future__ import annotations

import enum
import json
import re
import sys
import types
import typing
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import attrs

CARD = re.compile(r"^(1[0-2]|[1-9])[oceb]$|^(10|[2-9AJQK])[SHDC]$|^JK$")
OUT = Path(__file__).resolve().parents[2] / "src" / "naipes" / "schemas"
GAMES = ("machuco", "macarra", "ranzo", "machiavelli")
DRAFT = "https://json-schema.org/draft/2020-12/schema"
MAX_INT = 2**63 - 1  # naipes._validate.MAX_INT: |n| < 2**63
MAX_TEXT = 100_000  # naipes._validate.MAX_TEXT
INT = {"type": "integer", "minimum": -MAX_INT, "maximum": MAX_INT}
#: The keys every game's dicts have (the API's); the others are each game's and may be left out.
REQUIRED = {"view": {"type", "seat", "hand", "scores", "to_act", "legal_moves", "forced_move", "known", "rules"}}
JTYPE = {bool: "boolean", int: "integer", float: "number", str: "string", type(None): "null",
         list: "array", dict: "object"}
#: Versions each game's state dicts and records are written in (and read).
STATE_VERSIONS = {"machuco": [2], "macarra": [2], "ranzo": [2], "machiavelli": [2, 3]}
RECORD_VERSIONS = {"machuco": [1, 2], "macarra": [1, 2], "ranzo": [1, 2], "machiavelli": [1, 2, 3]}
#: The options each game's constructor writes into ``start`` besides ``seed``/``rng``.
START_OPTIONS: dict[str, dict[str, Any]] = {
    "machuco": {"deck": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/cards"}},
                "dealer": {"$ref": "#/$defs/seat"}},
    "macarra": {"deck": {"$ref": "#/$defs/cards"}, "dealer": {"$ref": "#/$defs/seat"}},
    "ranzo": {"deck": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/cards"}},
              "dealer": {"$ref": "#/$defs/seat"}},
    "machiavelli": {"deck": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/cards"}},
                    "first_player": {"anyOf": [{"$ref": "#/$defs/seat"}, {"type": "null"}]}},
}


#: The cards of each game's deck, as the loaders read them.
CARDS = {"machuco": "^(1[0-2]|[1-7])[oceb]$", "macarra": "^(1[0-2]|[1-9])[oceb]$", "ranzo": "^(1[0-2]|[1-9])[oceb]$",
         "machiavelli": "^((10|[2-9AJQK])[SHDC]|JK)$"}
#: A move of a state's history: the notation written, and what else the loaders read there without
#: a replay (Machuco: a card of any deck; Ranzo: a bare card, the short form of a discard).
HISTORY_MOVE: dict[str, Any] = {
    "machuco": {"anyOf": [{"$ref": "urn:naipes:move#/$defs/machuco"}, {"$ref": "urn:naipes:card"}]},
    "macarra": {"$ref": "urn:naipes:move#/$defs/macarra"},
    "ranzo": {"anyOf": [{"$ref": "urn:naipes:move#/$defs/ranzo"}, {"type": "string", "pattern": CARDS["ranzo"]}]},
    "machiavelli": {"$ref": "urn:naipes:move#/$defs/machiavelli_recorded"},
}
#: The games with simultaneous windows (the others write ``simultaneous: false`` and no answers).
SIMULTANEOUS = {"macarra", "ranzo"}


def seat_range(name: str) -> int:
    """The most seats a game has (its seats are ``0 .. seat_range - 1``)."""
    from naipes._cli_games import GameKit

    return max(GameKit.find(name).info.player_counts)


# -- rules: from the Rules class -------------------------------------------------------------
def _accepts(rules_type: type[Any], field: str, value: object) -> bool:
    try:
        rules_type(**{field: value})
    except Exception:  # noqa: BLE001 - any refusal
        return False
    return True


def _int_range(rules_type: type[Any], field: str) -> dict[str, Any]:
    """The ints one field takes (others at their defaults): an enum when few, else a range."""
    ok = [n for n in range(-3, 200) if _accepts(rules_type, field, n)]
    if not ok:
        return dict(INT)
    if ok[-1] == 199:  # open above: find the top by bisection
        lo, hi = 199, MAX_INT
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if _accepts(rules_type, field, mid) else (lo, mid - 1)
        return {"type": "integer", "minimum": ok[0], "maximum": lo}
    if ok == list(range(ok[0], ok[-1] + 1)):
        return {"type": "integer", "minimum": ok[0], "maximum": ok[-1]}
    return {"enum": ok}


def _field_schema(rules_type: type[Any], field: attrs.Attribute[Any]) -> dict[str, Any]:
    kind = field.type
    if isinstance(kind, str):
        kind = typing.get_type_hints(rules_type)[field.name]
    args = typing.get_args(kind) if isinstance(kind, types.UnionType) or typing.get_origin(kind) is typing.Union \
        else (kind,)
    out: list[dict[str, Any]] = []
    for arg in args:
        if arg is type(None):
            out.append({"type": "null"})
        elif arg is bool:
            out.append({"type": "boolean"})
        elif isinstance(arg, type) and issubclass(arg, enum.Enum):
            out.append({"enum": [m.value for m in arg]})
        elif typing.get_origin(arg) is typing.Literal:
            out.append({"enum": list(typing.get_args(arg))})
        elif arg is int:
            out.append(_int_range(rules_type, field.name))
        elif typing.get_origin(arg) is tuple:
            out.append(_specials(rules_type))
        else:
            raise SystemExit(f"{rules_type.__module__}.{field.name}: no schema for {arg!r}")
    return out[0] if len(out) == 1 else {"anyOf": out}


def _specials(rules_type: type[Any]) -> dict[str, Any]:
    """Ranzo's ``specials``: distinct names, built in or ``trio:<n>`` / ``escalera:<n>``."""
    from naipes.ranzo.rules import MAX_SPECIALS
    from naipes.ranzo.specials import BUILTIN_SPECIALS

    names = "|".join(sorted(map(re.escape, BUILTIN_SPECIALS)))
    return {"type": "array", "maxItems": MAX_SPECIALS, "uniqueItems": True,
            "items": {"type": "string", "pattern": f"^({names}|(trio|escalera):(0?[1-9]|1[0-2]))$"}}


def rules_schema(rules_type: type[Any]) -> dict[str, Any]:
    """The closed schema of ``rules_to_dict(rules)``: every field, each by its type."""
    fields = attrs.fields(rules_type)
    return {"type": "object", "additionalProperties": False,  # a missing field is its default
            "properties": {f.name: _field_schema(rules_type, f) for f in fields}}


# -- the game's own dicts: from samples ------------------------------------------------------
class Shape:
    """The union of the JSON values seen at one place."""

    def __init__(self) -> None:
        self.types: set[str] = set()
        self.cards = True
        self.props: dict[str, Shape] = {}
        self.seen = 0
        self.present: dict[str, int] = {}
        self.items: Shape | None = None

    def add(self, value: Any) -> None:
        kind = JTYPE[type(value)]
        self.types.add(kind)
        if kind == "string" and not CARD.match(value):
            self.cards = False
        if kind == "object":
            self.seen += 1
            for k, v in value.items():
                self.present[k] = self.present.get(k, 0) + 1
                self.props.setdefault(k, Shape()).add(v)
        if kind == "array":
            self.items = self.items or Shape()
            for v in value:
                self.items.add(v)

    def schema(self, path: str, limits: dict[str, Any]) -> dict[str, Any]:
        """The schema of what was seen at ``path``; ``limits[path]`` replaces it when given."""
        if path in limits:
            return dict(limits[path])
        out: list[dict[str, Any]] = []
        for kind in sorted(self.types - {"null"}):
            if kind == "string":
                out.append({"$ref": "#/$defs/card"} if self.cards else {"type": "string", "maxLength": MAX_TEXT})
            elif kind == "object":
                props = {k: s.schema(f"{path}.{k}", limits) for k, s in sorted(self.props.items())}
                obj: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": props}
                required = sorted(k for k, n in self.present.items() if n == self.seen)
                if required:
                    obj["required"] = required
                out.append(obj)
            elif kind == "array":
                arr: dict[str, Any] = {"type": "array"}
                if self.items is not None and self.items.types:
                    arr["items"] = self.items.schema(f"{path}[]", limits)
                elif f"{path}[]" in limits:
                    arr["items"] = dict(limits[f"{path}[]"])
                out.append(arr)
            elif kind == "integer" and "number" in self.types:
                continue
            elif kind == "integer":
                out.append(dict(INT))
            elif kind == "number":
                out.append({"type": "number"})
            else:
                out.append({"type": kind})
        if "null" in self.types:
            out.append({"type": "null"})
        if not out:
            return {"not": {}}  # never seen anything here but empty containers
        return out[0] if len(out) == 1 else {"anyOf": out}


def shape_of(dicts: list[Any]) -> Shape:
    """The shape of all ``dicts``."""
    shape = Shape()
    for d in dicts:
        shape.add(d)
    return shape


# -- the envelopes -------------------------------------------------------------------------------
def common_defs(name: str) -> dict[str, Any]:
    """The definitions every schema of a game shares: seats, cards, moves, the RNG."""
    from naipes._cli_games import GameKit

    kit = GameKit.find(name)
    seats = seat_range(name)
    return {
        "seat": {"type": "integer", "minimum": 0, "maximum": seats - 1},
        "card": {"type": "string", "pattern": CARDS[name]},
        "cards": {"type": "array", "items": {"$ref": "#/$defs/card"}},
        "count": {"type": "integer", "minimum": 0, "maximum": MAX_INT},
        "move": {"$ref": f"urn:naipes:move#/$defs/{name}"},
        "recorded_move": HISTORY_MOVE[name],
        "rng": {"$ref": "urn:naipes:record#/$defs/rng"},
        "rules": rules_schema(kit.module.Rules),
        "start": _start(name),
        "record_start": {"oneOf": [{"$ref": "#/$defs/start"},
                                   {"type": "object", "additionalProperties": False, "required": ["position"],
                                    "properties": {"position": {"$ref": "#"}}}]},
    }


def _start(name: str) -> dict[str, Any]:
    """How a game was dealt: a seed or a generator state, and the constructor's options."""
    props = {"seed": dict(INT), "rng": {"$ref": "#/$defs/rng"}, **START_OPTIONS[name]}
    required = ["first_player"] if name == "machiavelli" else []
    return {"type": "object", "additionalProperties": False, "properties": props, "required": required,
            "oneOf": [{"required": ["seed"], "not": {"required": ["rng"]}},
                      {"required": ["rng"], "not": {"required": ["seed"]}}]}


def _pairs(move: str, most: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "array", "items": {"type": "array", "minItems": 2, "maxItems": 2,
                                                      "prefixItems": [{"$ref": "#/$defs/seat"},
                                                                      {"$ref": f"#/$defs/{move}"}]}}
    if most is not None:
        out["maxItems"] = most
    return out


def state_schema(name: str, inner: dict[str, Any]) -> dict[str, Any]:
    """``<game>.state``: the envelope of ``Game.to_dict()`` around the game's own ``state``."""
    seats = seat_range(name)
    versions = STATE_VERSIONS[name]
    history = "recorded_move"
    body: dict[str, Any] = {
        "$schema": DRAFT, "$id": f"urn:naipes:{name}.state", "title": f"{name}: game.to_dict()",
        "type": "object", "additionalProperties": False,
        "required": ["format", "version", "game", "rules", "num_players", "rng", "history", "acting",
                     "simultaneous", "answers", "start", "state"],
        "properties": {
            "format": {"const": "naipes.game"},
            "version": {"const": versions[0]} if len(versions) == 1 else {"enum": versions},
            "game": {"const": name},
            "rules": {"$ref": "#/$defs/rules"},
            "num_players": {"type": "integer", "minimum": 1, "maximum": seats},
            "rng": {"$ref": "#/$defs/rng"},
            "history": _pairs(history),
            "acting": {"type": "array", "uniqueItems": True, "maxItems": seats, "items": {"$ref": "#/$defs/seat"}},
            "simultaneous": {"type": "boolean"},
            "answers": _pairs("move", seats),
            "start": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/record_start"}]},
            "state": inner,
        },
        "allOf": [
            {"if": {"properties": {"simultaneous": {"const": False}}},
             "then": {"properties": {"answers": {"maxItems": 0}}}},
            {"if": {"properties": {"simultaneous": {"const": True}}},
             "then": {"properties": {"acting": {"minItems": 1}}}},
        ],
        "$defs": common_defs(name),
    }
    if name not in SIMULTANEOUS:
        body["properties"]["simultaneous"] = {"const": False}
        body["properties"]["answers"] = {"type": "array", "maxItems": 0}
    if name == "machiavelli":  # version 2 writes every play in full, version 3 as deltas
        body["allOf"].append({"if": {"properties": {"version": {"const": 2}}},
                              "then": {"properties": {"history": _pairs("move")}}})
    return body


def record_schema() -> dict[str, Any]:
    """``record``: ``game.record()`` of any game, checked as that game's (chosen by ``game``)."""
    games = []
    for name in GAMES:
        moves = "recorded_move" if name == "machiavelli" else "move"
        state = f"urn:naipes:{name}.state"
        games.append({"if": {"properties": {"game": {"const": name}}, "required": ["game"]},
                      "then": {"properties": {
                          "version": {"enum": RECORD_VERSIONS[name]},
                          "rules": {"$ref": f"{state}#/$defs/rules"},
                          "start": {"$ref": f"{state}#/$defs/record_start"},
                          "moves": {"type": "array", "items": {
                              "type": "array", "minItems": 2, "maxItems": 2,
                              "prefixItems": [{"$ref": f"{state}#/$defs/seat"},
                                              {"$ref": f"{state}#/$defs/{moves}"}]}}}}})
        if name == "machiavelli":  # versions 1 and 2 write every play in full
            games[-1]["then"]["allOf"] = [{
                "if": {"properties": {"version": {"enum": [1, 2]}}},
                "then": {"properties": {"moves": {"items": {"prefixItems": [
                    True, {"$ref": "urn:naipes:move#/$defs/machiavelli"}]}}}}}]
    words = {"type": "integer", "minimum": 0, "maximum": 2**32 - 1}
    return {
        "$schema": DRAFT, "$id": "urn:naipes:record", "title": "game.record(): what a game was, to replay it",
        "type": "object", "additionalProperties": False,
        "required": ["format", "version", "game", "rules", "start", "moves"],
        "properties": {"format": {"const": "naipes.record"}, "version": {"enum": [1, 2, 3]},
                       "game": {"enum": list(GAMES)}, "rules": {"type": "object"}, "start": {"type": "object"},
                       "moves": {"type": "array"}, "meta": {"type": "object"}},
        "allOf": games,
        "$defs": {
            "rng": {"description": "random.Random().getstate() as [3, [625 ints], gauss]; null for a system "
                                   "generator (random.SystemRandom), which cannot be replayed",
                    "anyOf": [{"type": "null"},
                              {"type": "array", "minItems": 3, "maxItems": 3,
                               "prefixItems": [{"const": 3},
                                               {"type": "array", "minItems": 625, "maxItems": 625, "items": words},
                                               {"type": ["number", "null"]}]}]},
        },
    }


def write(name: str, schema: dict[str, Any]) -> None:
    """Write one schema file."""
    path = OUT / f"{name}.json"
    path.write_text(json.dumps(schema, indent=1) + "\n", encoding="utf-8")
    print(path)


def main() -> int:
    from schema_limits import LIMITS, VIEW_LIMITS
    from schema_samples import samples

    write("record", record_schema())
    for name in GAMES:
        views: list[Any] = []
        states: list[Any] = []
        for sample in samples(name, range(16), limit=600, every=7):
            views += sample.views
            states += [s["state"] for s in sample.states]
        inner = shape_of(states).schema("state", LIMITS[name])
        write(f"{name}.state", state_schema(name, inner))
        view = shape_of(views).schema("view", VIEW_LIMITS[name])
        view["properties"]["rules"] = {"$ref": f"urn:naipes:{name}.state#/$defs/rules"}
        view["required"] = sorted(set(view["required"]) & REQUIRED["view"])
        write(f"{name}.view", {"$schema": DRAFT, "$id": f"urn:naipes:{name}.view",
                               "title": f"{name}: game.view(seat).to_dict()", **view,
                               "$defs": {"card": {"$ref": "urn:naipes:card"}}})
    return 0


if __name__ == "__main__":
    sys.exit(main())
