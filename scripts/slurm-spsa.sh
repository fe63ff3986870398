#!/usr/bin/env bash
# A small SPSA tune (docs/SPSA.md) run for real as a Slurm job array on the
# one-node cluster (scripts/slurm-cluster.sh): two array tasks are two
# asynchronous gorgon-tune workers sharing one state file (each takes an
# iteration and θ under the lock, plays its games, applies its update under
# the lock). Checks that the iterations and games add up: every iteration
# applied once, the state's games = iterations x 2 x pairs = the history's
# rows' games = the sum of the workers' own counts. The cluster is stopped
# at the end, whatever happened.
#
# When Slurm cannot be had (not root, no apt-get, apt-get failed) it says
# plainly that it skipped and why, and exits 0; with
# GORGON_REQUIRE_SLURM=1 a skip fails instead.
# Usage: scripts/slurm-spsa.sh
#   GORGON_SPSA_BIN: a gorgon built with --features spsa; TUNE_BIN: gorgon-tune.
#   Without them both are built (suite profile) first.
#   GAMES (16), PAIRS (1), NODES (2000), PARAMS (RfpMargin,FutilityBase).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${GAMES:-16}
pairs=${PAIRS:-1}
nodes=${NODES:-2000}
params=${PARAMS:-RfpMargin,FutilityBase}

slurm_test="Slurm SPSA test"
# shellcheck source=slurm-jobs.sh
source scripts/slurm-jobs.sh

target=${CARGO_TARGET_DIR:-$PWD/target}
if [ -z "${GORGON_SPSA_BIN:-}" ]; then
    echo "== building gorgon --features spsa and gorgon-tune (suite profile)"
    cargo build -q -p gorgon-cli --bin gorgon --features spsa --profile suite
    # The same file as the default build's: keep a copy, restore the default.
    cp "$target/suite/gorgon" "$target/suite/gorgon-spsa"
    cargo build -q -p gorgon-cli --bin gorgon --profile suite
fi
if [ -z "${TUNE_BIN:-}" ]; then
    cargo build -q -p gorgon-tournament --bin gorgon-tune --profile suite
fi
bin=$(realpath "${GORGON_SPSA_BIN:-$target/suite/gorgon-spsa}")
tune=$(realpath "${TUNE_BIN:-$target/suite/gorgon-tune}")

slurm_up spsa
iterations=$((games / (2 * pairs)))
# One worker per task and one core each: both run at once on the 2 CPUs.
cat >"$work/spsa.sbatch" <<EOF
#!/bin/bash
#SBATCH --job-name=gorgon-spsa
#SBATCH --array=0-1
#SBATCH --cpus-per-task=1
#SBATCH --output=$work/logs/spsa-%A_%a.out
$tune --state $work/state.json --only $params --games $games --pairs $pairs --seed 1 -- \\
  -each cmd=$bin nodes=$nodes -variant minipom -concurrency 1 -pgnout $work/games-\${SLURM_ARRAY_TASK_ID}.pgn
EOF
t0=$(date +%s.%N)
jobid=$(sbatch --parsable --chdir="$work" "$work/spsa.sbatch")
jobid=${jobid%%;*}
echo "== submitted job array $jobid (2 tasks, $iterations iterations of $pairs pairs, nodes=$nodes)"
for _ in $(seq 600); do
    [ -z "$(squeue -h -j "$jobid" 2>/dev/null)" ] && break
    sleep 1
done
[ -z "$(squeue -h -j "$jobid" 2>/dev/null)" ] || {
    echo "job array $jobid still queued or running after 600 s" >&2
    exit 1
}
wall=$(echo "$(date +%s.%N) - $t0" | bc)

fail() {
    echo "FAILED: $*" >&2
    for f in "$work"/logs/*.out; do
        echo "--- $f" >&2
        cat "$f" >&2
    done
    exit 1
}
[ -f "$work/state.json" ] || fail "no state file"
field() { sed -n "s/^  \"$1\": \([0-9]*\),\?$/\1/p" "$work/state.json"; }
done_=$(field done)
state_games=$(field games)
issued=$(field issued)
[ "$done_" = "$iterations" ] || fail "state: $done_ iterations applied, $iterations planned"
[ "$issued" = "$iterations" ] || fail "state: $issued iterations issued, $iterations planned"
[ "$state_games" = $((iterations * 2 * pairs)) ] || fail "state: $state_games games, $((iterations * 2 * pairs)) planned"
# The history: one row per iteration, each applied once, the last row's count the state's.
rows=$(tail -n +2 "$work/state.json.csv" | wc -l)
[ "$rows" = "$iterations" ] || fail "history: $rows rows"
distinct=$(tail -n +2 "$work/state.json.csv" | cut -d, -f1 | sort -nu | wc -l)
[ "$distinct" = "$iterations" ] || fail "history: $distinct distinct iterations"
# The workers' own counts add up to the state's.
worker_iterations=0
worker_games=0
for f in "$work"/logs/spsa-"${jobid}"_*.out; do
    line=$(grep '^gorgon-tune: this worker played' "$f") || fail "$f: the worker did not finish"
    i=$(echo "$line" | sed 's/.*played \([0-9]*\) iterations.*/\1/')
    g=$(echo "$line" | sed 's/.*iterations, \([0-9]*\) games.*/\1/')
    echo "== $(basename "$f"): $i iterations, $g games"
    worker_iterations=$((worker_iterations + i))
    worker_games=$((worker_games + g))
done
[ "$worker_iterations" = "$iterations" ] || fail "the workers played $worker_iterations iterations"
[ "$worker_games" = "$state_games" ] || fail "the workers played $worker_games games, the state counts $state_games"
# The games were really played: the PGN files hold them all.
pgn_games=$(cat "$work"/games-*.pgn | grep -c '^\[Result ')
[ "$pgn_games" = "$state_games" ] || fail "the PGN files hold $pgn_games games"
echo "== tuned values:"
"$tune" --state "$work/state.json" --show
echo "== job array $jobid: $iterations iterations, $state_games games in ${wall%???????} s; iterations, games, history and PGN agree"
rm -rf "$work"
echo "ok: Slurm SPSA job array"
