#!/usr/bin/env bash
# The Python package's tests: builds `gorgon` (engine/python) into a venv
# at target/python-venv (made on first use, reused after) and runs its
# pytest files. Needs python3 >= 3.9 with venv and pip, and PyPI for the
# first run (maturin, pytest). Every run rebuilds the extension so the
# tests see the current code; cargo builds into target/ (profile
# `python`), so a rebuild after no change takes seconds.
# The pipe tests (gorgon.engine) drive the workspace's `gorgon` and
# `random-mover` binaries, built here in the suite profile; the notebook
# test runs docs/notebooks/review.ipynb with nbclient and ipykernel; tqdm,
# pandas and matplotlib are what the batch tests and the notebook use.
# Usage: scripts/python-tests.sh [pytest arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
# No __pycache__ in the source tree.
export PYTHONDONTWRITEBYTECODE=1
venv=target/python-venv
if [ ! -x "$venv/bin/python" ]; then
    echo "== creating $venv"
    "$python" -m venv "$venv"
fi
# maturin's build backend runs the `maturin` binary of the venv.
export PATH="$PWD/$venv/bin:$PATH"
pip() { "$venv/bin/python" -m pip --disable-pip-version-check -q "$@"; }
# The build backend lives in the venv (no isolated build environment per
# run: faster, and offline once installed); the pins are pyproject.toml's.
if ! "$venv/bin/python" -c 'import maturin, pytest' 2>/dev/null; then
    pip install 'maturin>=1.9,<2' pytest
fi
# gorgon[progress] (tqdm) and what the notebook and the tests need.
if ! "$venv/bin/python" -c 'import tqdm, pandas, matplotlib, nbclient, nbformat, ipykernel' 2>/dev/null; then
    pip install tqdm pandas matplotlib nbclient nbformat ipykernel
fi
echo "== building gorgon and random-mover (suite profile) for the pipe tests"
target=${CARGO_TARGET_DIR:-target}
case "$target" in /*) ;; *) target="$PWD/$target" ;; esac
cargo build -q -p gorgon-cli -p gorgon-tournament --profile suite --bin gorgon --bin random-mover
export GORGON_BIN="$target/suite/gorgon" RANDOM_MOVER_BIN="$target/suite/random-mover"
echo "== building gorgon (engine/python)"
start=$(date +%s)
pip install --no-build-isolation --force-reinstall --no-deps ./engine/python
echo "   built and installed in $(($(date +%s) - start)) s"
echo "== pytest engine/python/tests"
# From the repo root, not from the source tree: the tests import the
# installed package. A test that hangs dumps every thread's stack after
# 120 s, and the whole suite (5 s here) is stopped after 15 minutes
# rather than holding CI to its limit.
timeout 900 "$venv/bin/python" -m pytest -q -p no:cacheprovider -o faulthandler_timeout=120 engine/python/tests "$@"
