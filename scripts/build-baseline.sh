#!/usr/bin/env bash
# Builds a past commit of Gorgon (default: v0.1, 543b244, the baseline of
# every strength figure) into its own directory, so that matches compare
# it with the current build:
#
#   scripts/build-baseline.sh [COMMIT] [DIR]
#   target/release/gorgon-match --engine cmd=target/release/gorgon name=new \
#       --engine cmd=DIR/gorgon name=v0.1 ...
#
# DIR defaults to target/baseline-COMMIT. The commit is checked out with
# `git worktree` into DIR/src and built there with its own target
# directory (never the main one: a shared target mixes the two builds'
# artifacts), and the binary is copied to DIR/gorgon.
set -euo pipefail
cd "$(dirname "$0")/.."
commit=${1:-543b244}
dir=${2:-target/baseline-$commit}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
if [ ! -d "$dir/src" ]; then
    git worktree add --detach "$dir/src" "$commit"
fi
git -C "$dir/src" checkout --quiet --detach "$commit"
CARGO_TARGET_DIR="$dir/target" cargo build --release --manifest-path "$dir/src/Cargo.toml" --bin gorgon
cp "$dir/target/release/gorgon" "$dir/gorgon"
echo "$dir/gorgon: $(git -C "$dir/src" log -1 --format='%h %s')"
"$dir/gorgon" bench 2>/dev/null | tail -n 1
