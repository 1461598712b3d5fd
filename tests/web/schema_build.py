"""Write the shipped JSON Schemas of views and states from random games (a developer's tool).

Run ``python tests/web/schema_build.py`` after a game's dicts change, read the
diff, and commit the files under ``src/naipes/schemas``; the schema tests check
fresh games (other seeds) against them.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

CARD = re.compile(r"^(1[0-2]|[1-9])[oceb]$|^(10|[2-9AJQK])[SHDC]$|^JK$")
OUT = Path(__file__).resolve().parents[2] / "src" / "naipes" / "schemas"
GAMES = ("machuco", "macarra", "ranzo", "machiavelli")
#: The keys every game's dicts have (the API's); the others are each game's and may be left out.
REQUIRED = {"view": {"type", "seat", "hand", "scores", "to_act", "legal_moves", "forced_move", "known", "rules"},
            "state": {"format", "version", "game", "rules", "num_players", "rng", "history", "acting",
                      "simultaneous", "answers", "start", "state"}}
JTYPE = {bool: "boolean", int: "integer", float: "number", str: "string", type(None): "null",
         list: "array", dict: "object"}


class Shape:
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

    def schema(self) -> dict[str, Any]:
        out: list[dict[str, Any]] = []
        for kind in sorted(self.types - {"null"}):
            if kind == "string":
                out.append({"$ref": "urn:naipes:card"} if self.cards else {"type": "string"})
            elif kind == "object":
                obj: dict[str, Any] = {"type": "object",
                                       "properties": {k: s.schema() for k, s in sorted(self.props.items())}}
                required = sorted(k for k, n in self.present.items() if n == self.seen)
                if required:
                    obj["required"] = required
                out.append(obj)
            elif kind == "array":
                arr: dict[str, Any] = {"type": "array"}
                if self.items is not None and self.items.types:
                    arr["items"] = self.items.schema()
                out.append(arr)
            elif kind == "integer" and "number" in self.types:
                continue
            else:
                out.append({"type": kind})
        if "null" in self.types:
            if not out:
                return {}  # only ever seen empty: say nothing
            out.append({"type": "null"})
        return out[0] if len(out) == 1 else {"anyOf": out}


def samples(name: str, seeds: range) -> tuple[list[Any], list[Any]]:
    from naipes._cli_games import GameKit

    kit = GameKit.find(name)
    views, states = [], []
    for seed in seeds:
        rng = random.Random(seed)
        counts = kit.info.player_counts
        game = kit.new_game(kit.rules(counts[seed % len(counts)]), seed)
        for step in range(400):
            if game.is_over:
                break
            for seat in range(game.num_players):
                if step % 7 == 0 or seat in game.to_act:
                    views.append(game.view(seat).to_dict())
            if step % 50 == 0:
                states.append(game.to_dict())
            seat = game.to_act[0]
            game.play(rng.choice(game.legal_moves(seat)), seat)
        views.extend(game.view(s).to_dict() for s in range(game.num_players))
        states.append(game.to_dict())
    return views, states


def main() -> int:
    for name in GAMES:
        views, states = samples(name, range(12))
        for what, dicts in (("view", views), ("state", states)):
            shape = Shape()
            for d in dicts:
                shape.add(json.loads(json.dumps(d)))
            body = shape.schema()
            body["properties"]["rules"] = {"type": "object", "description": "the game's Rules as a dict"}
            body["required"] = sorted(set(body["required"]) & REQUIRED[what])
            schema = {"$schema": "https://json-schema.org/draft/2020-12/schema",
                      "$id": f"urn:naipes:{name}.{what}",
                      "title": f"{name}: {'game.view(seat).to_dict()' if what == 'view' else 'game.to_dict()'}",
                      **body}
            path = OUT / f"{name}.{what}.json"
            path.write_text(json.dumps(schema, indent=1, sort_keys=False) + "\n", encoding="utf-8")
            print(path, len(dicts), "samples")
    return 0


if __name__ == "__main__":
    sys.exit(main())
