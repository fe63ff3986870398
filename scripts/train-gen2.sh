#!/usr/bin/env bash
# Trains the generation-2 nets again from the data they were made from and
# checks them byte for byte against engine/engine/nets/gen2/ (issue 32;
# docs/NNUE.md, "Generation 2"). The data: generation 1 and seed 3001 from
# the shared data folder (../shared/data, read-only), seeds 5001 and 6001
# from engine/data/gen2/ (checked against its SHA256SUMS first).
#
#   [SHARED_DATA=DIR] scripts/train-gen2.sh GORGON [pom] [minipom] [pom-lambda025] [minipom-lambda025] [pom-lambda010]
#
# GORGON is a release build of commit 136a92d or later with the same
# trainer; SHARED_DATA defaults to ../shared/data. The commands are the
# ones written in each net's header, run with the same file names (the
# header holds the command as typed), in a scratch folder. Each net takes
# 2-6 minutes on 2 cores and the data about 600 MB of disk.
set -euo pipefail
cd "$(dirname "$0")/.."
gorgon=$(realpath "$1")
shift
shared=$(realpath "${SHARED_DATA:-../shared/data}")
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(minipom pom)
gen2=$PWD/engine/data/gen2
nets=$PWD/engine/engine/nets/gen2
(cd "$gen2" && sha256sum --quiet -c SHA256SUMS)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"

unpack() { # OUT FILES...: the files decompressed and concatenated in order
    local out=$1
    shift
    for f in "$@"; do xz -dc "$f"; done >"$out"
}

status=0
for variant in "${variants[@]}"; do
    case $variant in
    minipom)
        unpack mini-gen1.data "$shared"/minipom-s2001-n3000-shard*.data.xz
        unpack mini-gen2.g2 "$gen2"/minipom-s6001-n3000-shard*.g2.xz
        "$gorgon" --variant minipom train --data mini-gen1.data mini-gen2.g2 --hidden 128 --epochs 30 --mirror \
            --out minipom-gen2.gnn --checkpoint minipom-gen2.ckpt --quiet
        made=minipom-gen2.gnn
        ;;
    pom)
        unpack pom-gen1.data "$shared"/pom-s1001-n3000-shard*.data.xz
        unpack pom-s3001.g2 "$shared"/pom-s3001-n3000-shard*.g2.xz
        unpack pom-s5001.g2 "$gen2"/pom-s5001-n3000-shard*.g2.xz
        "$gorgon" --variant pom train --data pom-gen1.data pom-s3001.g2 pom-s5001.g2 --hidden 128 --epochs 30 \
            --weight-decay 1.0 --mirror --out pom-gen2.gnn --checkpoint pom-gen2.ckpt --quiet
        made=pom-gen2.gnn
        ;;
    minipom-lambda* | pom-lambda*)
        # The recipe's nets ran in a folder beside train/ (their headers
        # hold the command as typed, paths included, and the --quiet of
        # the first ones only): the change and the output name per net.
        case $variant in
        minipom-lambda025) change=(--lambda 0.25) out=minipom-l025 quiet=(--quiet) ;;
        pom-lambda025) change=(--lambda 0.25) out=pom-l025 quiet=(--quiet) ;;
        pom-lambda010) change=(--lambda 0.1) out=pom-l010 quiet=() ;;
        *)
            echo "unknown recipe net $variant" >&2
            exit 2
            ;;
        esac
        mkdir -p train run
        if [ "${variant%%-*}" = minipom ]; then
            unpack train/mini-gen1.data "$shared"/minipom-s2001-n3000-shard*.data.xz
            unpack train/mini-gen2.g2 "$gen2"/minipom-s6001-n3000-shard*.g2.xz
            (cd run && "$gorgon" --variant minipom train --data ../train/mini-gen1.data ../train/mini-gen2.g2 \
                --hidden 128 --epochs 30 --mirror "${change[@]}" --out $out.gnn \
                --checkpoint $out.ckpt "${quiet[@]}")
        else
            unpack train/pom-gen1.data "$shared"/pom-s1001-n3000-shard*.data.xz
            unpack train/pom-s3001.g2 "$shared"/pom-s3001-n3000-shard*.g2.xz
            unpack train/pom-s5001.g2 "$gen2"/pom-s5001-n3000-shard*.g2.xz
            (cd run && "$gorgon" --variant pom train --data ../train/pom-gen1.data ../train/pom-s3001.g2 \
                ../train/pom-s5001.g2 --hidden 128 --epochs 30 --weight-decay 1.0 --mirror "${change[@]}" \
                --out $out.gnn --checkpoint $out.ckpt "${quiet[@]}")
        fi
        made=run/$out.gnn
        ;;
    *)
        echo "unknown variant $variant (pom, minipom, pom-lambda025, minipom-lambda025 or pom-lambda010)" >&2
        exit 2
        ;;
    esac
    if cmp -s "$made" "$nets/$variant.gnn"; then
        echo "$variant: $(sha256sum "$made" | cut -c1-16)... the same bytes as engine/engine/nets/gen2/$variant.gnn"
    else
        echo "$variant: $made differs from engine/engine/nets/gen2/$variant.gnn" >&2
        status=1
    fi
    rm -rf ./*.data ./*.g2 ./*.ckpt train run
done
exit $status
