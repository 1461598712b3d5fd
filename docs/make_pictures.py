"""Write the pictures the docs show: a table of each game and both decks (``naipes.svg``).

Run by ``docs/conf.py`` before every build, or by hand::

    python docs/make_pictures.py [OUTPUT_DIR]

Each table is one seeded mid-game position seen by seat 0, so the pictures
are the same on every build; a file is rewritten only when its bytes change.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

from naipes import french_deck, macarra, machiavelli, machuco, ranzo, spanish_deck  # noqa: E402
from naipes.svg import deck_sheet, render  # noqa: E402

#: game name -> (a new game, the seed of the random plays, how many plays).
POSITIONS: dict[str, tuple[Any, int, int]] = {
    "machuco": (lambda: machuco.Game(machuco.Rules(players=4), seed=11), 11, 17),
    "macarra": (lambda: macarra.Game(macarra.Rules(players=3), seed=4), 4, 60),
    "ranzo": (lambda: ranzo.Game(seed=8), 8, 45),
    "machiavelli": (lambda: machiavelli.Game(seed=2), 2, 40),
}


def position(name: str) -> Any:
    """The seeded position of ``name``: random legal plays, seat 0 to act when it can be."""
    new, seed, plays = POSITIONS[name]
    game, rng = new(), random.Random(seed)
    for done in range(10 * plays):
        if game.is_over or done >= plays and 0 in game.to_act:
            break
        seat = game.to_act[rng.randrange(len(game.to_act))]
        game.play(rng.choice(game.legal_moves(seat)), seat=seat)
    return game


def pictures() -> dict[str, str]:
    """Every picture by file name."""
    out = {f"{name}-table.svg": render(position(name).view(0)) for name in POSITIONS}
    out["spanish-deck.svg"] = deck_sheet(spanish_deck(48), width=56)
    out["french-deck.svg"] = deck_sheet(french_deck(jokers=1), width=52)
    return out


def main(out_dir: str | os.PathLike[str] = HERE / "_static" / "pictures") -> list[Path]:
    """Write the pictures to ``out_dir``; returns the files that changed."""
    target = Path(out_dir)
    target.mkdir(parents=True, exist_ok=True)
    changed = []
    for name, svg in pictures().items():
        path = target / name
        data = svg.encode("utf-8")
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
            changed.append(path)
    return changed


if __name__ == "__main__":
    for path in main(*sys.argv[1:2]):
        print(path)
