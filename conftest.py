"""Test collection: the adapters' modules are collected (for their doctests) only when
their optional extra is installed; their tests in tests/adapters skip by themselves."""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "src/naipes/adapters/pettingzoo": ("pettingzoo", "gymnasium", "numpy"),
    "src/naipes/adapters/gymnasium.py": ("gymnasium", "numpy"),
    "src/naipes/adapters/openspiel.py": ("pyspiel", "numpy"),
    "examples/openspiel_bots.py": ("pyspiel", "numpy"),
    "src/naipes/adapters/training.py": ("numpy",),
    "src/naipes/adapters/features.py": ("numpy",),
    "src/naipes/learn": ("numpy",),
    "src/naipes/adapters/vector.py": ("gymnasium", "numpy"),
    "examples/train_ppo.py": ("numpy",),
    "src/naipes/web/app.py": ("starlette", "httpx"),
    "src/naipes/web/sockets.py": ("starlette",),
}

collect_ignore = [path for path, mods in _NEEDS.items()
                  if any(importlib.util.find_spec(m) is None for m in mods)]
