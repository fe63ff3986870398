#!/usr/bin/env bash
# The calibration of the strength levels (issue 66, docs/STRENGTH.md):
# matches of neighbouring `Skill Level`s, of level 0 against the anchor
# and against a greedy capturer, and of level 0 against full strength,
# each written to its own PGN, then rated together by the runner:
#
#   scripts/calibrate-levels.sh VARIANT DIR [GAMES_LOW] [GAMES_HIGH] [TOP]
#
# The anchor is Gorgon at `go depth 1` (name `depth1`), rated 1000: one
# ply and the quiescence search of the generation-3 nets, the same search
# as fd96787's (the levels change nothing at 20; bench 6,454,100), which
# anyone rebuilds with scripts/build-baseline.sh fd96787 and which sits
# beside level 0, so that the scale's link to it is measured, not
# bounded. The chain of neighbouring levels runs from 0 to TOP (default
# 10), GAMES_LOW games each (default 40); full strength plays level TOP
# and level 0, GAMES_HIGH games each (default 30). All at tc=4+0.04 on the
# variant's opening suite, concurrency 2. At that control the clock, not
# the level's depth, bounds the levels above about 8 (docs/STRENGTH.md),
# so a chain beyond measures the clock.
#
# GORGON and GORGON_MATCH name the binaries (default target/release/),
# RANDOM_MOVER the greedy capturer. The rating table is the last output;
# DIR keeps the games, so that `gorgon-match --stats DIR/*.pgn --anchor
# depth1 --anchor-rating 1000` prints it again.
set -euo pipefail
cd "$(dirname "$0")/.."
variant=${1:?VARIANT: pom or minipom}
dir=${2:?DIR for the games}
low=${3:-40}
high=${4:-30}
top=${5:-10}
gorgon=${GORGON:-$PWD/target/release/gorgon}
match=${GORGON_MATCH:-$PWD/target/release/gorgon-match}
mover=${RANDOM_MOVER:-$PWD/target/release/random-mover}
mkdir -p "$dir"

# An engine of the matches, by name, into the array named first: L<N> is
# Skill Level N (L20 full strength), depth1 the anchor, greedy the capturer.
engine() {
    local -n out=$1
    case "$2" in
    greedy) out=("cmd=$mover" name=greedy arg=--style arg=greedy) ;;
    depth1) out=("cmd=$gorgon" name=depth1 depth=1) ;;
    L*) out=("cmd=$gorgon" "name=$2" "option.Skill Level=${2#L}") ;;
    esac
}

play() {
    local a=$1 b=$2 games=$3
    local pgn=$dir/$variant-$a-$b.pgn
    if [ -s "$pgn" ]; then
        echo "== $a - $b: kept $pgn"
        return
    fi
    local ea=() eb=()
    engine ea "$a"
    engine eb "$b"
    "$match" --variant "$variant" --event "levels $a-$b" --engine "${ea[@]}" --engine "${eb[@]}" \
        --each tc=4+0.04 --games "$games" --concurrency 2 --openings suite \
        --pgnout "$pgn.part" --quiet >"$pgn.summary"
    head -n 1 "$pgn.summary"
    mv "$pgn.part" "$pgn"
}

play greedy L0 "$low"
play depth1 L0 "$low"
for ((l = 0; l < top; l++)); do
    play "L$l" "L$((l + 1))" "$low"
done
# Full strength against the top of the chain and against level 0 (the
# weakest level must lose more than 95 % to it).
play "L$top" L20 "$high"
play L0 L20 "$high"
"$match" --stats "$dir"/"$variant"-*.pgn --anchor depth1 --anchor-rating 1000
