#!/bin/sh
# Rebuilds the shipped opening books book/data/pom.gbk and book/data/minipom.gbk
# from self-play (docs/BOOK.md, "Shipped books"). Deterministic: the same
# settings give the same files whatever the number of threads.
#
#   scripts/build-books.sh            # from anywhere in the repository
#   THREADS=8 scripts/build-books.sh
#
# Runs about 15 minutes on 2 cores.
set -eu
cd "$(dirname "$0")/.."
THREADS=${THREADS:-$(nproc 2>/dev/null || echo 2)}
SEED=${SEED:-1}
cargo build --release -p gorgon-cli
build() { # variant games depth max_ply
    target/release/gorgon --variant "$1" book build --out "book/data/$1.gbk" \
        --selfplay "$2" --depth "$3" --max-ply "$4" --threads "$THREADS" --seed "$SEED"
}
build pom 500 7 16
build minipom 500 8 16
target/release/gorgon --variant pom book dump --book book/data/pom.gbk --limit 0
target/release/gorgon --variant minipom book dump --book book/data/minipom.gbk --limit 0
