#!/usr/bin/env bash
# The datagen job array of docs/DATAGEN.md run for real on a one-node Slurm
# cluster (scripts/slurm-cluster.sh): a small Mini-POM run as `sbatch
# --array` shards, waited for, the shards concatenated in order and
# compared byte for byte (cmp) with the same run unsharded. Both formats,
# G1 and G2. The cluster is stopped at the end, whatever happened.
#
# When Slurm cannot be had (not root, no apt-get, apt-get failed) it says
# plainly that it skipped and why, and exits 0; with
# GORGON_REQUIRE_SLURM=1 a skip fails instead.
# Usage: scripts/slurm-datagen.sh   (GORGON_BIN: the gorgon binary to run;
# without it target/release/gorgon, built first)
set -euo pipefail
cd "$(dirname "$0")/.."
shards=${SHARDS:-8}
games=${GAMES:-16}
nodes=${NODES:-500}

slurm_test="Slurm datagen test"
# shellcheck source=slurm-jobs.sh
source scripts/slurm-jobs.sh

if [ -z "${GORGON_BIN:-}" ]; then
    echo "== building gorgon (release)"
    cargo build --release -p gorgon-cli --bin gorgon
fi
bin=${GORGON_BIN:-$PWD/target/release/gorgon}

slurm_up datagen
last=$((shards - 1))
for format in g1 g2; do
    # The recipe of docs/DATAGEN.md, one core per task.
    cat >"$work/datagen-$format.sbatch" <<EOF
#!/bin/bash
#SBATCH --job-name=gorgon-datagen-$format
#SBATCH --array=0-$last
#SBATCH --cpus-per-task=1
#SBATCH --output=$work/logs/datagen-$format-%A_%a.out
$bin datagen --variant minipom --games $games --nodes $nodes --seed 1 --format $format \\
  --shard \${SLURM_ARRAY_TASK_ID}/$shards --quiet --out $work/minipom.shard-\${SLURM_ARRAY_TASK_ID}.$format
EOF
    t0=$(date +%s.%N)
    jobid=$(sbatch --parsable --chdir="$work" "$work/datagen-$format.sbatch")
    jobid=${jobid%%;*}
    echo "== submitted job array $jobid ($shards tasks, $format)"
    for _ in $(seq 300); do
        [ -z "$(squeue -h -j "$jobid" 2>/dev/null)" ] && break
        sleep 1
    done
    [ -z "$(squeue -h -j "$jobid" 2>/dev/null)" ] || {
        echo "job array $jobid still queued or running after 300 s" >&2
        exit 1
    }
    wall=$(echo "$(date +%s.%N) - $t0" | bc)
    joined="$work/minipom.joined.$format"
    : >"$joined"
    for i in $(seq 0 "$last"); do
        shard="$work/minipom.shard-$i.$format"
        [ -f "$shard" ] || {
            echo "shard $i of job $jobid wrote no file; its log:" >&2
            cat "$work"/logs/datagen-$format-"${jobid}_$i".out >&2 || true
            exit 1
        }
        cat "$shard" >>"$joined"
    done
    "$bin" datagen --variant minipom --games "$games" --nodes "$nodes" --seed 1 --format "$format" --quiet \
        --out "$work/minipom.whole.$format" 2>/dev/null
    cmp "$joined" "$work/minipom.whole.$format"
    positions=$("$bin" datagen stats "$joined" | sed -n 's/^minipom: \([0-9]*\) positions.*/\1/p')
    rate=$(echo "scale=0; $positions / $wall" | bc)
    echo "== $format: job array $jobid, $shards tasks, $games games, $positions positions, $(du -b "$joined" | cut -f1) bytes, wall ${wall%???????} s ($rate positions/s); shards concatenated == unsharded (cmp)"
done
rm -rf "$work"
echo "ok: Slurm datagen job arrays"
