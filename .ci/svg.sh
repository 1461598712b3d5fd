#!/usr/bin/env bash
# naipes.svg in a real headless Chromium: every card, back, deck sheet and game table is
# loaded as an SVG document (no console error, the size it declares); screenshots go to
# .ci/artifacts/svg/. Run by .ci/run after the venv is active and ".[dev]" is installed.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
    apt-get update -q && apt-get install -y -q chromium chromium-driver
fi
# Playwright's Python package only: the browser is the system Chromium (never `playwright install`).
pip install -q -e ".[dev,browser]"
mkdir -p .ci/artifacts/svg
python -m pytest tests/svg -rs | tee .ci/artifacts/svg/pytest.log | tail -n 3
if grep -q "SKIPPED" .ci/artifacts/svg/pytest.log; then echo "the SVG browser tests were skipped"; exit 1; fi
ls .ci/artifacts/svg/*.png
