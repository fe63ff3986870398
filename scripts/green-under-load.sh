#!/usr/bin/env bash
# Runs the whole test suite N times in a row (default 5) while a
# `gorgon bench` loop keeps another core busy, and stops at the first red
# run. Wall-clock bounds in the tests must hold on such a machine
# (docs: README "Testing"). Usage: scripts/green-under-load.sh [N]
# With LOAD=external the script starts no loop of its own: the caller
# keeps a core busy with a long job (a datagen run, a fuzzer).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
cargo build --release -p gorgon-cli --bin gorgon
cargo test --workspace --profile suite --no-run
if [ "${LOAD:-}" != external ]; then
    bench_loop() { while true; do target/release/gorgon bench >/dev/null 2>&1; done; }
    bench_loop &
    loader=$!
    trap 'kill $loader 2>/dev/null || true' EXIT
fi
for i in $(seq 1 "$runs"); do
    start=$(date +%s)
    if cargo test --workspace --profile suite >"/tmp/gorgon-green-$i.log" 2>&1; then
        passed=$(grep -E '^test result: ok' "/tmp/gorgon-green-$i.log" | awk '{p += $4} END {print p}')
        echo "run $i: green, $passed tests passed in $(( $(date +%s) - start )) s (log /tmp/gorgon-green-$i.log)"
    else
        echo "run $i: RED after $(( $(date +%s) - start )) s; see /tmp/gorgon-green-$i.log"
        exit 1
    fi
done
echo "$runs green runs in a row with ${LOAD:-a bench loop} load beside them"
