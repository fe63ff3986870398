#!/usr/bin/env bash
# The WebAssembly engine tested by running it (issue 65): scripts/build-web.sh
# builds target/web/gorgon.js and gorgon.wasm, and Node runs them
# (`node target/web/gorgon.js`, UCI on stdin/stdout) through the platform
# tests of tests/tests/platforms.rs that apply to a UCI engine: perft
# against docs/PERFT.md in both variants, the same node count and best
# move as the native binary for `go depth N` on one thread in both
# variants, `stop` after `go infinite` with `isready` answered during the
# search, and the suite's hostile input. (`gorgon bench` and `--version`
# are command-line jobs and CECP is not exported: the module speaks UCI.)
#
# PROFILE=suite|release (default release: the module as shipped). Without
# node, or when the build cannot be made (no root for apt-get), it says
# that it skipped and why and exits 0 (GORGON_REQUIRE_PLATFORMS=1 makes a
# skip fail).
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${PROFILE:-release}

skip() {
    echo "skipped: web engine tests: $1"
    if [ "${GORGON_REQUIRE_PLATFORMS:-0}" = 1 ]; then
        exit 1
    fi
    exit 0
}

command -v node >/dev/null || skip "needs node (apt-get install nodejs)"
scripts/build-web.sh "$profile" || skip "scripts/build-web.sh could not build the module (its messages above)"

echo "== web engine tests: node target/web/gorgon.js ($(node --version))"
started=$(date +%s)
GORGON_PLATFORM=wasm GORGON_PLATFORM_BIN=$PWD/target/web/gorgon.js GORGON_PLATFORM_RUNNER=node \
    cargo test --profile suite -p gorgon-tests --test platforms -- --ignored --nocapture \
    perft_matches_perft_md a_fixed_depth_search_is_the_native_search \
    uci_plays_legal_moves_and_honours_stop hostile_input_is_answered_and_survived
echo "== web engine tests passed in $(($(date +%s) - started)) s"
