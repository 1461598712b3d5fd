#!/usr/bin/env bash
# The wheel as a user gets it: build it, install it in a fresh virtualenv outside the
# checkout, and from a directory with no naipes sources run `naipes rules` for every game
# (the rules pages are package data) and an all-bot demo of every game on an ASCII stream.
set -euo pipefail
cd "$(dirname "$0")/.."
CHECKOUT="$PWD"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

echo "-- building the wheel"
python -m pip wheel -q --no-deps -w "$WORK/dist" "$CHECKOUT"
WHEEL="$(ls "$WORK"/dist/naipes_games-*.whl)"
python - "$WHEEL" <<'PY'
import sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
missing = [f"naipes/rules/{g}.rst" for g in ("machuco", "macarra", "ranzo", "machiavelli")
           if f"naipes/rules/{g}.rst" not in names]
missing += [n for n in ("naipes/py.typed", "naipes/__main__.py") if n not in names]
if missing:
    sys.exit(f"the wheel lacks {missing}")
print(f"{sys.argv[1].rsplit('/', 1)[-1]}: {len(names)} files, rules pages included")
PY

echo "-- installing it in a fresh virtualenv in $WORK"
python -m venv "$WORK/venv"
"$WORK/venv/bin/python" -m pip install -q "$WHEEL"
cd "$WORK"   # no src/ or docs/ here: everything must come from the installed wheel
export PATH="$WORK/venv/bin:$PATH"
unset PYTHONPATH
python -c 'import naipes, sys; sys.exit(0 if "site-packages" in naipes.__file__ else f"not the wheel: {naipes.__file__}")'

GAMES="$(python -c 'from naipes.registry import games; print(" ".join(i.name for i in games()))')"
for game in $GAMES; do
    naipes rules "$game" > "rules-$game.txt"
    lines="$(wc -l < "rules-$game.txt")"
    # the rules of play, not only the Rules options: the page's own sections are there
    grep -q "^Options (fields of Rules" "rules-$game.txt"
    title="$(python -c 'import importlib.resources as r, sys; print(r.files("naipes").joinpath("rules", sys.argv[1] + ".rst").read_text("utf-8").splitlines()[0])' "$game")"
    grep -qxF "$title" "rules-$game.txt"
    if [ "$lines" -lt 60 ]; then echo "naipes rules $game printed only $lines lines"; exit 1; fi
    echo "naipes rules $game: $lines lines"
done
for game in $GAMES; do
    PYTHONIOENCODING=ascii naipes demo --game "$game" --seed 1 --delay 0 > "demo-$game.txt"
    echo "PYTHONIOENCODING=ascii naipes demo --game $game: $(wc -l < "demo-$game.txt") lines"
done
PYTHONIOENCODING=cp1252 naipes demo --game machiavelli --seed 2 --delay 0 > /dev/null
# one version: the wheel's file name, its metadata and naipes.__version__ agree
WHEEL_VERSION="$(basename "$WHEEL" | cut -d- -f2)"
test "$(python -m naipes --version)" = "naipes $WHEEL_VERSION"
test "$(python -c 'import importlib.metadata as m; print(m.version("naipes-games"))')" = "$WHEEL_VERSION"
echo "wheel $WHEEL_VERSION OK"
