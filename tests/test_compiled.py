"""The compiled observation writers (a ``NAIPES_MYPYC=1`` build) write exactly what their Python source
writes: each compiled module's ``.py`` is loaded beside it and both follow the same seeded
games, compared place by place after every move. In a pure build every test here skips
(``.ci/compiled.sh`` builds the compiled wheel and fails if they skip)."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from naipes import macarra, machuco, ranzo

np = pytest.importorskip("numpy")

#: (game, its observation module, the class, the tracker's attribute holding an instance)
ENCODERS = [(machuco, "_observation", "Writer", "_enc"), (ranzo, "_observation", "Writer", "_enc"),
            (macarra, "_observation", "Hub", "_hub")]
RULES: dict[Any, list[dict[str, Any]]] = {
    machuco: [{"players": 2, "scope": "hand"}, {"players": 4, "teams": True, "scope": "chico"}],
    ranzo: [{"rounds": 2}],
    macarra: [{"players": 2}, {}],
}


def _source(compiled: ModuleType) -> ModuleType:
    """The module's Python source, loaded under another name (the compiled one stays in use)."""
    path = Path(str(compiled.__file__)).parent / (compiled.__name__.rsplit(".", 1)[1] + ".py")
    name = compiled.__name__ + "_source"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _with_source_encoder(tracker: Any, source: ModuleType, cls: str, attr: str, hub: Any) -> Any:
    """Give ``tracker`` a writer of the source module (Macarra: the game's one source hub)."""
    if attr == "_hub":
        tracker._hub = hub
    else:
        setattr(tracker, attr, getattr(source, cls)(source.Layout(tracker.space, tracker.seat), tracker._out))
    return tracker


@pytest.mark.parametrize(("game", "module", "cls", "attr"), ENCODERS,
                         ids=[g.__name__.rsplit(".", 1)[1] for g, *_ in ENCODERS])
def test_compiled_encoder_writes_what_its_source_writes(game: Any, module: str, cls: str, attr: str) -> None:
    space0 = game.ActionSpace(game.Rules(**RULES[game][0]))
    if not space0.tracker(game.Game(space0.rules, seed=0), 0).compiled:
        pytest.skip(f"pure-Python build: naipes.{game.__name__.rsplit('.', 1)[1]}.{module} is not compiled "
                    "(NAIPES_MYPYC=1 builds it)")
    source = _source(sys.modules[f"{game.__name__}.{module}"])
    rng = random.Random(11)
    for fields in RULES[game]:
        space = game.ActionSpace(game.Rules(**fields))
        for _ in range(6):
            g = game.Game(space.rules, seed=rng.randrange(2**31))
            hub = source.Hub(source.layout(space)) if attr == "_hub" else None
            fast = [space.tracker(g, s, np.zeros(space.observation_size, np.float32)) for s in range(g.num_players)]
            slow = [_with_source_encoder(space.tracker(g, s, np.zeros(space.observation_size, np.float32)),
                                         source, cls, attr, hub) for s in range(g.num_players)]
            assert all(t.compiled for t in fast) and not any(t.compiled for t in slow)
            while not g.is_over:
                seat = min(g.to_act)
                for a, b in zip(fast, slow):  # every seat, after every move
                    assert np.array_equal(a.encode(), b.encode())
                ids = fast[seat].legal_ids()
                g.play(fast[seat].move(ids[rng.randrange(len(ids))]), seat)
            for a, b in zip(fast, slow):
                assert np.array_equal(a.encode(), b.encode())


def test_compiled_reports_the_build() -> None:
    """``Tracker.compiled`` is False for a tracker without an encoder of its own (the base's
    view-by-view way, Machiavelli's) and agrees with the module's file for the others."""
    from naipes import machiavelli
    from naipes.actions import Tracker

    space = machuco.ActionSpace(machuco.Rules(players=2, scope="hand"))
    game = machuco.Game(space.rules, seed=1)
    assert Tracker(space, game, 0).compiled is False
    mspace = machiavelli.ActionSpace(machiavelli.Rules(players=2, mode="single_deal"))
    assert mspace.tracker(machiavelli.Game(mspace.rules, seed=1), 0).compiled is False
    tracker = space.tracker(game, 0)
    assert tracker.compiled == str(sys.modules["naipes.machuco._observation"].__file__).endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES))
