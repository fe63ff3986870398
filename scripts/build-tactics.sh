#!/usr/bin/env bash
# Builds the tactics sets (docs/TACTICS.md) from the generation-2 self-play
# committed in engine/data/gen2/, into engine/engine/tactics/
# (`build`), or solves them at MOVETIME ms with the embedded nets and
# earlier generations' (`solve`; NETS names the nets to compare, files of
# engine/engine/nets/ without `.gnn`, `{v}` standing for the variant;
# default "gen1/{v} gen2/{v}-lambda025", generation 1's and the λ 0.25
# generation-2 nets embedded before generation 3's).
#
#   scripts/build-tactics.sh GORGON build|solve [pom] [minipom]
#
# Settings by environment: SHARDS (the first shards of each seed read,
# default 10), CANDIDATES (drawn per variant, default 150), DEPTH (20),
# JOBS (2), MOVETIME (1000), SCREEN (the screen's depth, --screen-depth;
# default 0, none, as the Mini-POM set was built; the Pillars of Medusa set
# was built with SCREEN=12), JOURNAL (a folder: each variant's verdicts
# are kept in JOURNAL/<variant>.journal as they are reached, so that a
# build stopped at any time goes on where it stopped, and a larger
# CANDIDATES by the same seed searches only the new ones). The searches are
# single-threaded and start from a cleared engine, so the same binary, data
# and settings give the same set, in one run or resumed. The building
# searches may run at low priority beside other work; the solving counts
# are timings: run them on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."
gorgon=$(realpath "$1")
step=$2
shift 2
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(minipom pom)
shards=${SHARDS:-10}
candidates=${CANDIDATES:-150}
depth=${DEPTH:-20}
jobs=${JOBS:-2}
movetime=${MOVETIME:-1000}
gen2=$PWD/engine/data/gen2
out=$PWD/engine/engine/tactics
(cd "$gen2" && sha256sum --quiet -c SHA256SUMS)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$out"

for variant in "${variants[@]}"; do
    case $variant in
    minipom) seed=6001 ;;
    pom) seed=5001 ;;
    *) echo "unknown variant $variant" >&2; exit 2 ;;
    esac
    if [ "$step" = solve ]; then
        for net in embedded ${NETS:-gen1/\{v\} gen2/\{v\}-lambda025}; do
            args=()
            [ "$net" != embedded ] && args=(--eval-file "engine/engine/nets/${net//\{v\}/$variant}.gnn")
            echo "$variant, $net nets, $movetime ms:"
            "$gorgon" --variant "$variant" tactics solve "$out/$variant.epd" --movetime "$movetime" \
                --jobs "$jobs" --quiet "${args[@]}"
        done
        continue
    fi
    data=()
    for ((i = 0; i < shards; i++)); do
        name=$(printf '%s-s%d-n3000-shard%04d.g2' "$variant" "$seed" "$i")
        xz -dc "$gen2/$name.xz" >"$scratch/$name"
        data+=("$name")
    done
    journal=()
    if [ -n "${JOURNAL:-}" ]; then
        mkdir -p "$JOURNAL"
        journal=(--journal "$(realpath "$JOURNAL")/$variant.journal")
    fi
    # Relative names, so that the set's header does not name the scratch folder.
    (cd "$scratch" && "$gorgon" --variant "$variant" tactics build --data "${data[@]}" \
        --depth "$depth" --screen-depth "${SCREEN:-0}" --candidates "$candidates" --jobs "$jobs" --quiet \
        "${journal[@]}" --out "$out/$variant.epd")
done
