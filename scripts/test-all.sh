#!/usr/bin/env bash
# The whole test suite, as the README gives it: the Rust workspace (unit,
# perft, property and pipe tests, the bench signature, the web server's
# endpoints over a socket), the check that only the gorgon binary links
# the web stack, then the Python package's pytest suite (scripts/python-tests.sh builds it into a venv
# under target/, installing maturin and pytest from PyPI on first use).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --release
scripts/check-no-web-stack.sh
scripts/python-tests.sh
