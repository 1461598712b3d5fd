"""The ``<game>.state`` schemas and ``Game.from_dict`` agree on tampered states.

The kit's tamperer (:func:`naipes._kit_tamper.mutate`) changes one value of a
state the library wrote; each tampered state is checked by both. A state the
loader accepts always fits the schema (``accepted_but_invalid == 0``); a state
the loader refuses fits the schema only for what a schema cannot say
(cross-field facts: card conservation, hands that fit the seats, a history
that fits the position, a generator state that is the one the history leads
to), at most :data:`MOST_MISSED` per game in :data:`TRIES` tries. Since 1.2 the
loader replays every history from its start, so a tampered generator state
(:data:`REPLAYED`) is refused by the replay: those are counted apart, not as
misses of the schema (any 625 words are a generator state a schema can name).

Run as a script for the numbers: ``python tests/test_schema_agreement.py [tries]``.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from typing import Any

import pytest

from naipes._cli_games import GameKit
from naipes._kit_tamper import mutate
from naipes.errors import InvalidStateError

pytest.importorskip("jsonschema")
from schema_samples import GAMES, samples

from naipes import schemas

TRIES = 2000
#: The tries of the default run (the full measurement is ``-m slow``).
QUICK_TRIES = 200
#: The most tampered states per game (of TRIES) the loader refuses and the schema accepts.
#: Measured with every history replayed (1.2): 70, 70, 134, 112 (before it: 50, 37, 115, 95).
MOST_MISSED = {"machuco": 90, "macarra": 90, "ranzo": 170, "machiavelli": 140}


#: Paths whose tampering only a replay can refuse: counted apart (``replayed``).
REPLAYED = frozenset({"rng", "start/rng", "start/position/rng"})


def _bases(name: str) -> list[dict[str, Any]]:
    """States of every kind the library writes: seeds, rng=, system generators, positions, samples."""
    out: dict[str, list[dict[str, Any]]] = {}
    for sample in samples(name, range(4), limit=200, every=60):
        out.setdefault(sample.how, []).extend(sample.states[1::2] or sample.states)
    return [s for states in out.values() for s in states[:4]]


def measure(name: str, tries: int, seed: int = 0) -> tuple[Counter[str], Counter[str], list[str]]:
    """Tamper ``tries`` states: (refused by the loader but schema-valid, accepted but schema-invalid)
    counted by the path changed, and examples of the second kind."""
    game = GameKit.find(name).module.Game
    check = schemas._validator(f"{name}.state")
    bases = _bases(name)
    rng = random.Random(seed)
    missed: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    examples: list[str] = []
    for i in range(tries):
        bad, what = mutate(bases[i % len(bases)], rng)
        try:
            game.from_dict(bad)
            loads = True
        except InvalidStateError:
            loads = False
        fits = check.is_valid(bad)
        where = _where(what)
        if fits and not loads and where not in REPLAYED:
            missed[where] += 1
        elif loads and not fits:
            wrong[where] += 1
            if len(examples) < 5:
                examples.append(f"{what}: {next(check.iter_errors(bad)).message[:200]}")
    return missed, wrong, examples


def _where(what: str) -> str:
    """The changed path with list indexes dropped (``state/hands/0/3: ...`` -> ``state/hands``)."""
    path = what.split(":", 1)[0].split("/")
    return "/".join(p for p in path if not p.isdigit())


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_the_schema_refuses_what_the_loader_refuses(name: str) -> None:
    missed, wrong, examples = measure(name, TRIES)
    assert not wrong, examples
    assert sum(missed.values()) <= MOST_MISSED[name], missed.most_common(10)


@pytest.mark.parametrize("name", GAMES)
def test_a_quick_tampering_finds_no_state_the_loader_accepts_and_the_schema_refuses(name: str) -> None:
    """The default run's share of the measurement above (:data:`QUICK_TRIES` tries; ``-m slow`` runs it all)."""
    missed, wrong, examples = measure(name, QUICK_TRIES)
    assert not wrong, examples
    assert sum(missed.values()) <= MOST_MISSED[name], missed.most_common(10)


def main() -> int:
    tries = int(sys.argv[1]) if len(sys.argv) > 1 else TRIES
    for name in GAMES:
        missed, wrong, examples = measure(name, tries)
        print(f"{name}: {tries} tampered; schema-valid but refused {sum(missed.values())}; "
              f"accepted but schema-invalid {sum(wrong.values())}")
        print("   missed:", missed.most_common(12))
        for e in examples:
            print("   WRONG:", e)
    return 0


if __name__ == "__main__":
    sys.exit(main())
