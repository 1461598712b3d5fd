#!/usr/bin/env bash
# Tournaments on a local Dask cluster (2 worker processes) and on a local Ray (2 CPUs):
# installs the extras, runs their tests and fails when any of them is skipped.
# Called by .ci/run with the CI virtualenv active.
set -euo pipefail
cd "$(dirname "$0")/.."

pip install -q -e ".[dev,dask,ray]"
LOG="$(mktemp)"
trap 'rm -f "$LOG"' EXIT
pip install -q -e ".[learn]"
python -m pytest tests/tournament/test_dask.py tests/tournament/test_ray.py tests/learn/test_ray.py -rs | tee "$LOG" | tail -n 3
if grep -q "SKIPPED" "$LOG"; then
    echo "tournament: the Dask or Ray tests were skipped"
    exit 1
fi
python benchmarks/bench_tournament.py --smoke
