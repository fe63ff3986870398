#!/usr/bin/env bash
# The browser tests of `gorgon serve` (engine/web/tests/browser): pytest
# and Selenium (from PyPI, in the venv target/browser-venv) drive headless
# Chromium through chromedriver, both from Debian's packages (one source
# package, so their versions always match). Nothing downloads a browser or
# a driver at run time: the paths are given to Selenium, and SE_OFFLINE
# keeps Selenium Manager from fetching anything.
#
# It installs what it can: Chromium and chromedriver with apt-get when run
# as root, selenium and pytest with pip. When something is missing and
# cannot be installed, it says plainly that the browser tests were skipped
# and why, and exits 0; with GORGON_REQUIRE_BROWSER=1 a skip fails instead.
# Screenshots go to $GORGON_SCREENSHOTS (docs/web to refresh the docs').
# Usage: scripts/browser-tests.sh [pytest arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
chromium=${CHROMIUM:-/usr/bin/chromium}
chromedriver=${CHROMEDRIVER:-/usr/bin/chromedriver}
python=${PYTHON:-python3}
venv=target/browser-venv

skip() {
    echo "== BROWSER TESTS SKIPPED: $*"
    if [ "${GORGON_REQUIRE_BROWSER:-}" = 1 ]; then
        exit 1
    fi
    exit 0
}

if [ ! -x "$chromium" ] || [ ! -x "$chromedriver" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "== installing chromium and chromium-driver (apt-get)"
        export DEBIAN_FRONTEND=noninteractive
        if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null; }; then
            skip "apt-get could not install chromium and chromium-driver"
        fi
    elif [ "$(id -u)" != 0 ]; then
        skip "$chromium or $chromedriver is missing, and installing them (apt-get install chromium chromium-driver) needs root"
    else
        skip "$chromium or $chromedriver is missing and there is no apt-get to install them"
    fi
fi
[ -x "$chromium" ] && [ -x "$chromedriver" ] || skip "no $chromium or $chromedriver after installing (set CHROMIUM and CHROMEDRIVER)"

if [ ! -x "$venv/bin/python" ]; then
    echo "== creating $venv"
    "$python" -m venv "$venv" || skip "$python cannot make a venv (python3-venv missing?)"
fi
if ! "$venv/bin/python" -c 'import selenium, pytest' 2>/dev/null; then
    echo "== installing selenium and pytest into $venv (pip)"
    "$venv/bin/python" -m pip --disable-pip-version-check -q install 'selenium>=4.11,<5' pytest \
        || skip "pip could not install selenium and pytest (offline?)"
fi

echo "== building gorgon (release)"
cargo build --release -p gorgon-cli --bin gorgon
# The live view's test plays a tournament: the runner and its test engine.
cargo build --release -p gorgon-tournament --bins
echo "== pytest engine/web/tests/browser ($("$chromium" --version 2>/dev/null | head -1))"
export SE_OFFLINE=1 CHROMIUM="$chromium" CHROMEDRIVER="$chromedriver"
export GORGON_BIN="${GORGON_BIN:-${CARGO_TARGET_DIR:-$PWD/target}/release/gorgon}" PYTHONDONTWRITEBYTECODE=1
timeout 900 "$venv/bin/python" -m pytest -q -p no:cacheprovider engine/web/tests/browser "$@"
