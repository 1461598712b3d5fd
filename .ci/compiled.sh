#!/usr/bin/env bash
# The compiled build as a user makes it: NAIPES_MYPYC=1 builds the wheel (mypyc compiles
# Machuco's, Macarra's and Ranzo's observation encoders; see setup.py), a fresh virtualenv
# outside the checkout installs it, and the tracker tests and the Gymnasium, vector and
# PettingZoo adapters' tests (which step through the trackers) run against it. The compiled
# encoders must be in use: tests/test_compiled.py compares each with its Python source and
# this step fails if it skips. Then bench_envs.py's smoke run, with the compiled encoders.
set -euo pipefail
cd "$(dirname "$0")/.."
CHECKOUT="$PWD"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

if ! command -v cc > /dev/null 2>&1; then  # mypyc's C needs a compiler (Python's headers come with it)
    apt-get update -q && apt-get install -y -q gcc python3-dev
fi
echo "-- building the compiled wheel (NAIPES_MYPYC=1)"
NAIPES_MYPYC=1 python -m pip wheel -q --no-deps -w "$WORK/dist" "$CHECKOUT"
WHEEL="$(ls "$WORK"/dist/naipes_games-*.whl)"
echo "$(basename "$WHEEL")"
python -m venv "$WORK/venv"
"$WORK/venv/bin/python" -m pip install -q "$WHEEL" numpy pytest hypothesis gymnasium pettingzoo
cd "$WORK"   # no src/ here: naipes is the installed wheel
unset PYTHONPATH
PY="$WORK/venv/bin/python"
"$PY" - <<'PY'
import naipes, sys
from naipes import macarra, machuco, ranzo
if "site-packages" not in naipes.__file__:
    sys.exit(f"not the wheel: {naipes.__file__}")
for game in (machuco, macarra, ranzo):
    space = game.ActionSpace(game.Rules())
    if not space.tracker(game.Game(space.rules, seed=0), 0).compiled:
        sys.exit(f"{game.__name__}'s encoder is not compiled in the NAIPES_MYPYC=1 wheel")
print("compiled encoders in use: machuco, macarra, ranzo")
PY
"$PY" -m pytest -q -p no:cacheprovider --rootdir "$CHECKOUT" -c "$CHECKOUT/pyproject.toml" -rs \
    "$CHECKOUT/tests/test_compiled.py" "$CHECKOUT/tests/test_trackers.py" "$CHECKOUT/tests/ranzo/test_tracker.py" \
    "$CHECKOUT/tests/adapters/test_vector.py" "$CHECKOUT/tests/adapters/test_gymnasium.py" \
    "$CHECKOUT/tests/adapters/test_pettingzoo.py" \
    | tee compiled.log | tail -n 3
if grep -q "SKIPPED" compiled.log; then echo "compiled-encoder tests were skipped"; exit 1; fi
"$PY" "$CHECKOUT/benchmarks/bench_envs.py" --smoke --interfaces ids+mask+encode | tail -n 2
