#!/usr/bin/env bash
# Trains the generation-3 nets (embedded) again from the data they were made
# from and checks them byte for byte against engine/engine/nets/gen3/
# (issue 47; docs/NNUE.md, "Generation 3"). The data, in this order (the
# newest games last, so that the held-out tenth is theirs): generation 1
# and the shared generation-2 and generation-3 runs from the shared data
# folder (../shared/data, read-only), then the committed generation-2 and
# generation-3 shards (engine/data/gen2, engine/data/gen3, each checked
# against its SHA256SUMS first). A net names the shards of the growing
# generation-3 runs it was trained on, so later shards do not change it.
#
#   [SHARED_DATA=DIR] scripts/train-gen3.sh GORGON [pom] [minipom]
#
# GORGON is a release build of 229bfe8 or later with the same trainer.
# The commands are the ones written in each net's header, run in a
# scratch folder laid out as they were (the data in train/, the run in
# run/). Each net takes 5-20 minutes on 2 cores, the data about 700 MB
# of disk and the trainer up to 8 GB of memory (Pillars of Medusa through
# shard 198 of seed 7001: 7.7 GB).
#
# The recipe's next steps (docs/NNUE.md, the end of "Generation 3") are
# candidates made the same way from other settings, written to OUT
# instead of compared:
#
#   OUT=DIR [LAST=N] [SETS=all|newest] [RECIPE="trainer options"] \
#       scripts/train-gen3.sh GORGON pom|minipom
#
# LAST is the last committed shard of the growing generation-3 run (seed
# 7001 or 8001; default the embedded nets', 198 and 245), SETS=newest
# trains on the generation-3 games alone (made with the generation-2
# nets: the shared run and the committed one), RECIPE replaces the
# trainer's options after the data (default the embedded nets' recipe:
# λ 0.25 for Mini-POM, λ 0.1 for Pillars of Medusa since that step won
# by games on the larger union).
# DIR gets VARIANT.gnn and VARIANT.log (the trainer's report).
set -euo pipefail
cd "$(dirname "$0")/.."
gorgon=$(realpath "$1")
shift
shared=$(realpath "${SHARED_DATA:-../shared/data}")
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(minipom pom)
gen2=$PWD/engine/data/gen2
gen3=$PWD/engine/data/gen3
nets=$PWD/engine/engine/nets/gen3
[ -z "${OUT:-}" ] || mkdir -p "$OUT"
out=${OUT:+$(realpath "$OUT")}
sets=${SETS:-all}
case $sets in all | newest) ;; *)
    echo "SETS is all or newest, not $sets" >&2
    exit 2
    ;;
esac
[ -n "$out" ] || [ -z "${LAST:-}${SETS:-}${RECIPE:-}" ] || {
    echo "LAST, SETS and RECIPE make a candidate: name its folder with OUT" >&2
    exit 2
}
(cd "$gen2" && sha256sum --quiet -c SHA256SUMS)
(cd "$gen3" && sha256sum --quiet -c SHA256SUMS)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
mkdir train run

unpack() { # OUT FILES...: the files decompressed and concatenated in order
    local out=$1
    shift
    for f in "$@"; do xz -dc "$f"; done >"train/$out"
}

shards() { # DIR RUN FIRST LAST: the shard files FIRST..LAST of a run
    local i
    for ((i = $3; i <= $4; i++)); do printf '%s/%s-shard%04d.g2.xz\n' "$1" "$2" "$i"; done
}

status=0
for variant in "${variants[@]}"; do
    case $variant in
    minipom)
        data=()
        if [ "$sets" = all ]; then
            unpack mini-gen1.data "$shared"/minipom-s2001-n3000-shard*.data.xz
            unpack mini-s6001.g2 "$gen2"/minipom-s6001-n3000-shard*.g2.xz
            data+=(../train/mini-gen1.data ../train/mini-s6001.g2)
        fi
        unpack mini-s10001.g2 $(shards "$shared" minipom-s10001-n3000 0 61)
        unpack mini-s8001.g2 $(shards "$gen3" minipom-s8001-n3000 0 "${LAST:-245}")
        data+=(../train/mini-s10001.g2 ../train/mini-s8001.g2)
        # shellcheck disable=SC2086 # RECIPE is a list of options
        (cd run && "$gorgon" --variant minipom train --data "${data[@]}" \
            ${RECIPE:---hidden 128 --epochs 30 --mirror --lambda 0.25} \
            --out minipom-gen3.gnn --checkpoint minipom-gen3.ckpt --quiet) 2>&1 | tee minipom.log
        made=run/minipom-gen3.gnn
        ;;
    pom)
        data=()
        if [ "$sets" = all ]; then
            unpack pom-gen1.data "$shared"/pom-s1001-n3000-shard*.data.xz
            unpack pom-s3001.g2 "$shared"/pom-s3001-n3000-shard*.g2.xz
            unpack pom-s5001.g2 "$gen2"/pom-s5001-n3000-shard*.g2.xz
            data+=(../train/pom-gen1.data ../train/pom-s3001.g2 ../train/pom-s5001.g2)
        fi
        unpack pom-s9001.g2 $(shards "$shared" pom-s9001-n3000 0 31)
        unpack pom-s7001.g2 $(shards "$gen3" pom-s7001-n3000 0 "${LAST:-198}")
        data+=(../train/pom-s9001.g2 ../train/pom-s7001.g2)
        # shellcheck disable=SC2086 # RECIPE is a list of options
        (cd run && "$gorgon" --variant pom train --data "${data[@]}" \
            ${RECIPE:---hidden 128 --epochs 30 --weight-decay 1.0 --mirror --lambda 0.1} \
            --out pom-gen3.gnn --checkpoint pom-gen3.ckpt --quiet) 2>&1 | tee pom.log
        made=run/pom-gen3.gnn
        ;;
    *)
        echo "unknown net $variant (pom or minipom)" >&2
        exit 2
        ;;
    esac
    if [ -n "$out" ]; then
        cp "$made" "$out/$variant.gnn"
        cp "$variant.log" "$out/$variant.log"
        echo "$variant: $out/$variant.gnn ($(sha256sum "$made" | cut -c1-16)...)"
    elif cmp -s "$made" "$nets/$variant.gnn"; then
        echo "$variant: $(sha256sum "$made" | cut -c1-16)... the same bytes as engine/engine/nets/gen3/$variant.gnn"
    else
        echo "$variant: $made differs from engine/engine/nets/gen3/$variant.gnn" >&2
        status=1
    fi
    rm -rf train/* run/* "$variant.log"
done
exit $status
