#!/usr/bin/env bash
# Runs the fuzz targets one after another, N seconds each (default 60), and
# prints how many inputs each executed, from libFuzzer's final statistics
# (`stat::number_of_executed_units`). See docs/FUZZING.md.
#
#   tests/fuzz/run-all.sh [SECONDS] [TARGET...]
#
# Each target grows its corpus in corpus/<target>/ (seeded from
# seeds/<target>/, which is committed and never written to), uses
# <target>.dict if there is one, and leaves a crashing input in
# artifacts/<target>/. The full log of each run is artifacts/logs/<target>.log.
# Exits with status 1 if any target crashed or found a slow input.
set -euo pipefail

seconds=${1:-60}
shift || true
cd "$(dirname "$0")"

# cargo-fuzz passes nightly-only flags (-Z sanitizer=address, ...); this
# lets the stable toolchain accept them.
export RUSTC_BOOTSTRAP=1

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo fuzz list)
fi

# Build everything first, so build time does not eat into the runs.
cargo fuzz build

mkdir -p artifacts/logs
failed=0
results=()
for target in "${targets[@]}"; do
    mkdir -p "corpus/$target"
    dict=()
    if [ -f "$target.dict" ]; then
        dict=("-dict=$target.dict")
    fi
    log="artifacts/logs/$target.log"
    echo "fuzzing $target for ${seconds}s (log: tests/fuzz/$log)" >&2
    # -timeout: every target runs an input in milliseconds, so 10 s means a
    # hang; libFuzzer then saves it as a timeout artifact.
    status=ok
    if ! cargo fuzz run "$target" "corpus/$target" "seeds/$target" -- \
        -max_total_time="$seconds" -timeout=10 -print_final_stats=1 "${dict[@]}" >"$log" 2>&1; then
        status=FAILED
        failed=1
    fi
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    corpus=$(find "corpus/$target" -type f | wc -l)
    if [ "$status" = FAILED ]; then
        artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
        status="FAILED ${artifact:-see $log}"
    fi
    results+=("$(printf '%-12s %12s %8s %8s  %s' "$target" "${execs:--}" \
        "${rate:--}" "$corpus" "$status")")
done

printf '\n%-12s %12s %8s %8s  %s\n' target executions exec/s corpus result
printf '%s\n' "${results[@]}"
exit "$failed"
