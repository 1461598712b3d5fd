#!/usr/bin/env bash
# naipes serve: server tests, real-browser tests (headless system Chromium), load smoke.
# Called from .ci/run after the venv is active; runs as root on a clean clone.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
    apt-get update && apt-get install -y chromium chromium-driver
fi
python -m pip install -e ".[dev,web,browser]"

mkdir -p .ci/artifacts/browser
# -rs lists skips; a skip here is a failure (the browser tests must really run).
out=$(mktemp)
python -m pytest tests/web tests/browser -q -rs -p no:cacheprovider | tee "$out"
if grep -qE "[0-9]+ skipped" "$out"; then
    echo "browser.sh: tests were skipped; they must run here" >&2
    exit 1
fi
# each game's table mid-game and at the result, from the tests above, into the docs (built after this step)
python docs/table_screenshots.py .ci/artifacts/browser docs/_static/screenshots
python benchmarks/bench_server.py --smoke
